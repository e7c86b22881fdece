// detect and report as a user runs them: exit codes, JSON fields per contract/cli.md.
#include "clirunner.h"
#include "fixtures/toolkitbuilder.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliDetect : public QObject {
    Q_OBJECT
    QProcessEnvironment noDriverEnv() const
    {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");
        env.insert("CUDNN_SETUP_LIBNVML", "/nonexistent/libnvidia-ml.so.1");
        return env;
    }
private slots:
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("detect --root missing") << QStringList{"detect", "--root", "/nonexistent/toolkit"};
        QTest::newRow("report --toolkit missing") << QStringList{"report", "--toolkit", "/nonexistent/toolkit"};
        QTest::newRow("detect unknown option") << QStringList{"detect", "--frob"};
        QTest::newRow("detect --cudnn-root missing") << QStringList{"detect", "--cudnn-root", "/nonexistent/NVIDIA/CUDNN"};
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        const CliRun r = runCli(args, noDriverEnv());
        QCOMPARE(r.exitCode, 2);
    }

    void detectJsonFields()
    {
        QTemporaryDir tmp;
        cudnnsetup::fixtures::ToolkitSpec s;
        s.windowsLayout = false;
        s.cuda = "12.6.3";
        s.cudnn = "9.6.0";
        s.omit = {"libcudnn_cnn"};
        const std::string root = cudnnsetup::fixtures::buildToolkit((tmp.path() + "/tk").toStdString(), s);
        const CliRun r = runCli({"--json", "detect", "--root", QString::fromStdString(root)}, noDriverEnv());
        QCOMPARE(r.exitCode, 1);  // no driver at least, and a missing library
        const QJsonObject doc = r.json().object();
        QVERIFY2(!doc.isEmpty(), r.out.constData());
        QCOMPARE(doc["ok"].toBool(), false);
        QJsonObject tk;
        for (const auto& t : doc["toolkits"].toArray())
            if (t.toObject()["path"].toString().endsWith("/tk"))
                tk = t.toObject();
        QCOMPARE(tk["version"].toString(), QString("12.6.3"));
        QCOMPARE(tk["layout"].toString(), QString("linux"));
        QVERIFY(tk["sources"].toArray().contains(QJsonValue("--root")));
        const QJsonObject cudnn = tk["cudnn"].toObject();
        QCOMPARE(cudnn["version"].toString(), QString("9.6.0"));
        QCOMPARE(cudnn["complete"].toBool(), false);
        QVERIFY(!cudnn["files"].toArray().isEmpty());
        QCOMPARE(cudnn["problems"].toArray().first().toObject()["code"].toString(), QString("missing-file"));
        const QJsonObject driver = doc["driver"].toObject();
        QCOMPARE(driver["present"].toBool(), false);
        QVERIFY(driver.contains("version") && driver.contains("cuda_version"));
        QVERIFY(doc["cudnn_copies"].isArray());
        for (const auto& c : doc["cudnn_copies"].toArray())
            for (const char* k : {"path", "version", "origin", "wins"})
                QVERIFY(c.toObject().contains(k));
        bool noDriver = false;
        for (const auto& p : doc["problems"].toArray())
            noDriver = noDriver || p.toObject()["code"].toString() == "no-driver";
        QVERIFY(noDriver);
    }

    void reportMarkdown()
    {
        // A toolkit of known content, no driver: the profile names both, and the exit says "problems".
        QTemporaryDir tmp;
        cudnnsetup::fixtures::ToolkitSpec s;
        s.windowsLayout = false;
        s.cuda = "12.6.3";
        s.cudnn = "9.6.0";
        s.omit = {"libcudnn_cnn"};
        const std::string root = cudnnsetup::fixtures::buildToolkit((tmp.path() + "/tk").toStdString(), s);
        const QByteArray tk = QByteArray::fromStdString(root);
        const CliRun r = runCli({"report", "--toolkit", QString::fromStdString(root)}, noDriverEnv());
        QCOMPARE(r.exitCode, 1);  // no-driver is a problem
        QVERIFY2(r.out.startsWith("## cuDNN / CUDA version profile\n"), r.out.constData());
        QVERIFY2(r.out.contains("| NVIDIA driver | none"), r.out.constData());
        QVERIFY(r.out.contains("| Python |"));
        // The toolkit row: path, CUDA version, layout, how it was found, cuDNN version, incomplete.
        QVERIFY2(r.out.contains("| " + tk + " | 12.6.3 | linux | --toolkit | 9.6.0 | no |") ||
                     r.out.contains("| " + tk + " | 12.6.3 | linux | --root | 9.6.0 | no |"),
                 r.out.constData());
        QVERIFY2(r.out.contains("- **no-driver**: "), r.out.constData());
        QVERIFY(!r.out.contains("No problems found."));
        QVERIFY(r.err.isEmpty() || !r.err.contains("error"));
    }

    void detectCudnnRoot()
    {
        // NVIDIA's installer tree given as --cudnn-root: each variant is listed, in the text and in --json.
        QTemporaryDir tmp;
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        s.variants = {"12.9", "13.0"};
        cudnnsetup::fixtures::buildNvidiaInstall(tmp.path().toStdString(), s);
        const QString root = tmp.path() + "/NVIDIA/CUDNN";
        const CliRun text = runCli({"detect", "--cudnn-root", root}, noDriverEnv());
        QVERIFY2(text.out.contains("cuDNN 9.19.0 (NVIDIA installer) in " + root.toUtf8() + "/v9.19/bin/12.9/x64: not on the search path"),
                 text.out.constData());
        QVERIFY2(text.out.contains("built with CUDA 13.0, for any CUDA 13.x toolkit"), text.out.constData());
        const QJsonObject doc = runCli({"--json", "detect", "--cudnn-root", root}, noDriverEnv()).json().object();
        const QJsonArray installs = doc["cudnn_installs"].toArray();
        QCOMPARE(installs.size(), 2);
        QCOMPARE(installs[0].toObject()["origin"].toString(), QString("NVIDIA installer"));
        QCOMPARE(installs[0].toObject()["built_with_cuda"].toString(), QString("12.9"));
        QCOMPARE(installs[1].toObject()["cuda_major"].toInt(), 13);
        QCOMPARE(installs[1].toObject()["version"].toString(), QString("9.19.0"));
        QCOMPARE(installs[1].toObject()["search_rank"].toInt(), -1);
    }

    void reportJsonHasPython()
    {
        const CliRun r = runCli({"report", "--json"}, noDriverEnv());
        const QJsonObject doc = r.json().object();
        QVERIFY2(doc.contains("python"), r.out.constData());
        QVERIFY(doc.contains("problems") && doc.contains("toolkits"));
    }
};

QTEST_GUILESS_MAIN(TestCliDetect)
#include "tst_cli_detect.moc"
