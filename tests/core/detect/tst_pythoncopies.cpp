// cuDNN copies that Python brings along (detect/copies.h findCopies): pip's nvidia-cudnn wheel
// (site-packages/nvidia/cudnn) and PyTorch's own (site-packages/torch/lib), in conda
// environments, the user's site-packages, a virtualenv and (Windows) the python.org install.
#include "detect/copies.h"
#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cudnnsetup;

class TestPythonCopies : public QObject {
    Q_OBJECT
private slots:
    void discover_data()
    {
        QTest::addColumn<bool>("windows");
        QTest::addColumn<QStringList>("files");     // below the temporary root
        QTest::addColumn<QStringList>("variables"); // NAME=relative folder
        QTest::addColumn<QStringList>("expected");  // relative path|origin, sorted
        QTest::newRow("linux: user site-packages, pip wheel and torch")
            << false
            << QStringList{"home/.local/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9",
                           "home/.local/lib/python3.11/site-packages/torch/lib/libcudnn.so.9",
                           "home/.local/lib/python3.11/site-packages/torch/lib/libcudnn_ops.so.9"}
            << QStringList{}
            << QStringList{"home/.local/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9|pip",
                           "home/.local/lib/python3.11/site-packages/torch/lib/libcudnn.so.9|torch"};
        QTest::newRow("linux: virtualenv and conda environment")
            << false
            << QStringList{"venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9",
                           "conda/lib/libcudnn.so.8",
                           "conda/lib/python3.10/site-packages/torch/lib/libcudnn.so.8",
                           "conda/lib/perl5/site-packages/torch/lib/libcudnn.so.7"}
            << QStringList{"VIRTUAL_ENV=venv", "CONDA_PREFIX=conda"}
            << QStringList{"conda/lib/libcudnn.so.8|conda",
                           "conda/lib/python3.10/site-packages/torch/lib/libcudnn.so.8|torch",
                           "venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9|pip"};
        QTest::newRow("linux: miniconda's named environments")
            << false
            << QStringList{"home/miniconda3/envs/ml/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9",
                           "home/miniconda3/envs/ml/lib/libcudnn.so.9"}
            << QStringList{}
            << QStringList{"home/miniconda3/envs/ml/lib/libcudnn.so.9|conda",
                           "home/miniconda3/envs/ml/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9|pip"};
        QTest::newRow("windows: python.org install, pip wheel (bin) and torch (lib)")
            << true
            << QStringList{"home/AppData/Local/Programs/Python/Python311/Lib/site-packages/nvidia/cudnn/bin/cudnn64_9.dll",
                           "home/AppData/Local/Programs/Python/Python311/Lib/site-packages/torch/lib/cudnn64_9.dll",
                           "home/AppData/Local/Programs/Python/Python311/Lib/site-packages/nvidia/cudnn/lib/cudnn64_9.dll"}
            << QStringList{}
            << QStringList{"home/AppData/Local/Programs/Python/Python311/Lib/site-packages/nvidia/cudnn/bin/cudnn64_9.dll|pip",
                           "home/AppData/Local/Programs/Python/Python311/Lib/site-packages/torch/lib/cudnn64_9.dll|torch"};
        QTest::newRow("windows: virtualenv and conda (Library\\bin)")
            << true
            << QStringList{"venv/Lib/site-packages/torch/lib/cudnn64_8.dll", "conda/Library/bin/cudnn64_8.dll",
                           "conda/Lib/site-packages/nvidia/cudnn/bin/cudnn64_9.dll"}
            << QStringList{"VIRTUAL_ENV=venv", "CONDA_PREFIX=conda"}
            << QStringList{"conda/Lib/site-packages/nvidia/cudnn/bin/cudnn64_9.dll|pip",
                           "conda/Library/bin/cudnn64_8.dll|conda", "venv/Lib/site-packages/torch/lib/cudnn64_8.dll|torch"};
    }
    void discover()
    {
        QFETCH(bool, windows);
        QFETCH(QStringList, files);
        QFETCH(QStringList, variables);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        const QString root = dir.path();
        for (const QString& f : files) {
            QDir().mkpath(QFileInfo(root + "/" + f).path());
            QFile out(root + "/" + f);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write("not really a library, but not empty");
        }
        QDir().mkpath(root + "/home");
        QDir().mkpath(root + "/sys");
        FakeEnvironment env(windows);
        env.setKnownFolder(KnownFolder::Home, (root + "/home").toStdString());
        for (const QString& v : variables)
            env.set(v.section('=', 0, 0).toStdString(), (root + "/" + v.section('=', 1)).toStdString());
        FakeRegistry reg;
        SearchContext ctx;
        ctx.windowsRules = windows;
        ctx.systemPrefix = (root + "/sys").toStdString();
        ctx.useLdconfig = false;
        QStringList found;
        for (const CudnnCopy& c : findCopies(env, reg, ctx)) {
            const QString path = QString::fromStdString(c.path);
            QVERIFY2(path.startsWith(root + "/"), qPrintable(path));
            found << path.mid(root.size() + 1) + "|" + QString::fromStdString(c.origin);
            QCOMPARE(c.searchRank, -1);  // none of these folders is on the loader's path here
            QVERIFY(!c.wins);
        }
        found.sort();
        QCOMPARE(found, expected);
    }
};

QTEST_GUILESS_MAIN(TestPythonCopies)
#include "tst_pythoncopies.moc"
