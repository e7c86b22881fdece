#include "clirunner.h"

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
};

QTEST_GUILESS_MAIN(TestCliBasics)
#include "tst_cli_basics.moc"
