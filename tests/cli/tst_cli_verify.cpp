// `cudnn-setup-cli verify` run as a user would: exit codes, stdout/stderr split and JSON.
#include "clirunner.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/hostilezip.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cudnnsetup::fixtures;

namespace {
QStringList problemCodes(const QJsonDocument& d)
{
    QStringList out;
    for (const auto& p : d.object()["problems"].toArray())
        out << p.toObject()["code"].toString();
    return out;
}
}  // namespace

class TestCliVerify : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_good;      // a complete 8.2.2.99 release under its NVIDIA name
    QString m_goodSha;

    QString release(const ReleaseSpec& spec, const QString& name)
    {
        const QString path = m_dir.filePath(name);
        std::string error;
        if (!writeZip(path.toStdString(), cudnnWindowsRelease(spec), &error))
            qFatal("writeZip: %s", error.c_str());
        return path;
    }
    QString writeText(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        f.write(text);
        return path;
    }

private slots:
    void initTestCase()
    {
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        m_good = release(spec, "cudnn-11.4-windows-x64-v8.2.2.99.zip");
        QFile f(m_good);
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_goodSha = QString::fromLatin1(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex());
    }

    void goodArchiveJson()
    {
        const CliRun r = runCli({"verify", m_good, "--json"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError pe;
        const QJsonDocument d = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, r.out.constData());  // stdout is exactly one document
        const QJsonObject o = d.object();
        QCOMPARE(o["ok"].toBool(), true);
        QCOMPARE(o["archive"].toString(), m_good);
        QCOMPARE(o["sha256"].toString(), m_goodSha);
        QCOMPARE(o["size"].toInteger(), QFileInfo(m_good).size());
        QCOMPARE(o["authenticity"].toString(), QStringLiteral("unknown"));
        QCOMPARE(o["release"].toObject()["cudnn"].toString(), QStringLiteral("8.2.2.99"));
        QCOMPARE(o["release"].toObject()["cuda"].toString(), QStringLiteral("11.4"));
        QCOMPARE(o["release"].toObject()["platform"].toString(), QStringLiteral("windows-x86_64"));
        QCOMPARE(o["layout"].toObject()["root"].toString(), QStringLiteral("cuda/"));
        QCOMPARE(o["layout"].toObject()["lib"].toString(), QStringLiteral("lib/x64"));
        QCOMPARE(o["entries"].toArray().size(), 31);
        QVERIFY(o["problems"].toArray().isEmpty());
        QVERIFY(r.err.isEmpty() || !r.err.contains('['));  // no progress bar when stderr is not a terminal
    }

    void globalJsonBeforeSubcommand()
    {
        const CliRun r = runCli({"--json", "verify", m_good});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object()["ok"].toBool(), true);
    }

    void humanSummary()
    {
        const CliRun r = runCli({"verify", m_good});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Result: OK"), r.out.constData());
        QVERIFY(r.out.contains("cuDNN 8.2.2.99 for CUDA 11.4"));
        QVERIFY(r.out.contains(m_goodSha.toLatin1()));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("no archive") << QStringList{"verify"} << "ARCHIVE";
        QTest::newRow("missing file") << QStringList{"verify", "/nonexistent/cudnn.zip"} << "/nonexistent/cudnn.zip: no such file";
        QTest::newRow("a folder") << QStringList{"verify", "@dir"} << "not a regular file";
        QTest::newRow("bad --sha256") << QStringList{"verify", "@good", "--sha256", "xyz"} << "not a SHA-256";
        QTest::newRow("missing manifest") << QStringList{"verify", "@good", "--manifest", "/nonexistent/redistrib.json"}
                                          << "/nonexistent/redistrib.json";
        QTest::newRow("manifest not JSON") << QStringList{"verify", "@good", "--manifest", "@badjson"} << "not valid JSON";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mustSay);
        const QString badJson = writeText("broken.json", "{\"cudnn\": ");
        for (QString& a : args)
            a = a == "@good" ? m_good : a == "@dir" ? m_dir.path() : a == "@badjson" ? badJson : a;
        const CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(mustSay.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void badArchives_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("authenticity");
        QTest::newRow("--sha256 differs") << "sha" << "hash-mismatch" << "mismatch";
        QTest::newRow("manifest differs") << "manifest" << "hash-mismatch" << "mismatch";
        QTest::newRow("official name, other bytes") << "official" << "hash-mismatch" << "mismatch";
        QTest::newRow("zip slip") << "slip" << "unsafe-path" << "unknown";
        QTest::newRow("truncated") << "truncated" << "corrupt-archive" << "unknown";
        QTest::newRow("missing DLL") << "missing" << "missing-file" << "unknown";
    }
    void badArchives()
    {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QString, authenticity);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        QStringList args{"verify"};
        QString path = m_good;
        std::string error;
        if (kind == "sha") {
            args << m_good << "--sha256" << QString(64, 'c');
        } else if (kind == "manifest") {
            const QString m = writeText("redistrib_8.2.2.99.json",
                QString(R"({"cudnn":{"version":"8.2.2.99","windows-x86_64":{"relative_path":"cudnn/windows-x86_64/%1",
                "sha256":"%2","md5":"0","size":"1"}}})").arg(QFileInfo(m_good).fileName(), QString(64, 'd')).toUtf8());
            args << m_good << "--manifest" << m;
        } else if (kind == "official") {
            spec.cudnn = "8.2.0.53";
            spec.cuda = "11.3";
            args << release(spec, "cudnn-11.3-windows-x64-v8.2.0.53.zip");
        } else if (kind == "slip") {
            spec.extra = {textFile("cuda/../../evil.dll", "MZ")};
            args << release(spec, "slip.zip");
        } else if (kind == "truncated") {
            path = release(spec, "truncated.zip");
            QVERIFY(truncateFile(path.toStdString(), std::uint64_t(QFileInfo(path).size() / 2), &error));
            args << path;
        } else {
            spec.omit = {"cudnn_cnn_train64_8.dll"};
            args << release(spec, "missing.zip");
        }
        args << "--json";
        const CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 1);
        const QJsonDocument d = r.json();
        QVERIFY2(d.isObject(), r.out.constData());
        QCOMPARE(d.object()["ok"].toBool(), false);
        QVERIFY2(problemCodes(d).contains(code), r.out.constData());
        QCOMPARE(d.object()["authenticity"].toString(), authenticity);
        for (const auto& p : d.object()["problems"].toArray()) {
            QVERIFY(p.toObject().contains("path"));
            QVERIFY(!p.toObject()["message"].toString().isEmpty());
        }
    }

    void manifestAndShaAccepted_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("authenticity");
        QTest::newRow("--sha256") << "sha" << "user";
        QTest::newRow("--manifest") << "manifest" << "manifest";
    }
    void manifestAndShaAccepted()
    {
        QFETCH(QString, how);
        QFETCH(QString, authenticity);
        QStringList args{"verify", m_good, "--json"};
        if (how == "sha") {
            args << "--sha256" << m_goodSha.toUpper();
        } else {
            const QString m = writeText("redistrib_ok.json",
                QString(R"({"release_label":"8.2.2.99","cudnn":{"version":"8.2.2.99","windows-x86_64":{"cuda11":{
                "relative_path":"cudnn/windows-x86_64/%1","sha256":"%2","md5":"0","size":"%3"}}}})")
                    .arg(QFileInfo(m_good).fileName(), m_goodSha).arg(QFileInfo(m_good).size()).toUtf8());
            args << "--manifest" << m;
        }
        const CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().object()["authenticity"].toString(), authenticity);
    }
};

QTEST_GUILESS_MAIN(TestCliVerify)
#include "tst_cli_verify.moc"
