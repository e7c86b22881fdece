#include "clirunner.h"

#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCliBasics : public QObject {
    Q_OBJECT
private slots:
    void versionAndHelp_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mustContain");
        QTest::newRow("--version") << QStringList{"--version"} << 0 << "cudnn-setup 0.";
        QTest::newRow("--help lists verify") << QStringList{"--help"} << 0 << "verify";
        QTest::newRow("--help lists recover") << QStringList{"--help"} << 0 << "recover";
        QTest::newRow("unknown subcommand is a usage error") << QStringList{"frobnicate"} << 2 << "frobnicate";
        QTest::newRow("unknown option is a usage error") << QStringList{"--no-such-option"} << 2 << "no-such-option";
    }
    void versionAndHelp()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, mustContain);
        const CliRun r = runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2((r.out + r.err).contains(mustContain.toUtf8()), (r.out + r.err).constData());
    }

    // --log FILE appends one timestamped line per event, and changes nothing on stdout.
    void logAppends()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("cudnn-setup.log");
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");
        env.insert("CUDNN_SETUP_LIBNVML", "/nonexistent/libnvidia-ml.so.1");
        const CliRun plain = runCli({"--json", "report"}, env);
        const CliRun first = runCli({"--json", "--log", log, "report"}, env);
        QCOMPARE(first.exitCode, plain.exitCode);
        QCOMPARE(first.json().object().keys(), plain.json().object().keys());
        const CliRun second = runCli({"--log", log, "detect"}, env);
        QCOMPARE(second.exitCode, 1);  // no driver
        QList<QByteArray> lines = readAll(log).split('\n');
        QVERIFY(lines.size() >= 3);
        QVERIFY(lines.takeLast().isEmpty());  // ends with a newline
        const QRegularExpression stamp(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ "));
        for (const QByteArray& line : lines)
            QVERIFY2(stamp.match(QString::fromUtf8(line)).hasMatch(), line.left(120).constData());
        QVERIFY(lines[0].mid(21).startsWith("report: {"));  // appended, first run first
        QVERIFY(lines[1].mid(21).startsWith("detect: {"));
        // Then what the second run said on stdout, line by line.
        QList<QByteArray> said = second.out.split('\n');
        said.removeAll(QByteArray());
        QCOMPARE(lines.size() - 2, said.size());
        for (int i = 0; i < said.size(); ++i)
            QCOMPARE(lines[i + 2].mid(21), said[i]);
        // The logged document is the one printed: the same toolkits and problems.
        const QJsonObject logged = QJsonDocument::fromJson(lines[0].mid(lines[0].indexOf('{'))).object();
        QCOMPARE(logged["problems"], first.json().object()["problems"]);
        QCOMPARE(logged["toolkits"], first.json().object()["toolkits"]);
    }
};

QTEST_GUILESS_MAIN(TestCliBasics)
#include "tst_cli_basics.moc"
