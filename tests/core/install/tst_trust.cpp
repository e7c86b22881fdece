// What the elevated side trusts (install/trust.h): every forged plan or journal of issue 12 is
// refused, a plan made by the planner passes, and the digest sees every act.
#include "installfixture.h"

#include "install/trust.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <unistd.h>
#include <functional>

using namespace cudnnsetup;
using namespace installtest;

Q_DECLARE_METATYPE(std::function<void(Plan&)>)

namespace {
Operation* firstOf(Plan& p, OpKind kind)
{
    for (Operation& op : p.ops)
        if (op.kind == kind)
            return &op;
    qFatal("no such operation");
}
}  // namespace

class TestTrust : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_toolkit, m_state, m_pathFile;
    Release m_release;

    Plan freshPlan() const
    {
        return planFor(PlanKind::Install, &m_release.info, m_toolkit, m_state, m_pathFile, "20261201T000000Z-abc123");
    }

private slots:
    void initTestCase()
    {
        m_toolkit = QDir(m_dir.path()).canonicalPath() + "/v11.3";
        m_state = m_dir.path() + "/state";
        m_pathFile = m_dir.path() + "/path.txt";
        makeToolkit(m_toolkit);
        QFile f(m_pathFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("C:\\Windows\\system32;C:\\Windows;C:\\cuda\\v10.2\\bin;C:\\tools");
        f.close();
        m_release = makeRelease(m_dir.path(), {});
    }

    void cudnnFileNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("cudnn");
        QTest::newRow("dll 8") << "cudnn64_8.dll" << true;
        QTest::newRow("dll 9 engines") << "cudnn_engines_precompiled64_9.dll" << true;
        QTest::newRow("header") << "cudnn_adv_infer_v8.h" << true;
        QTest::newRow("import library") << "cudnn.lib" << true;
        QTest::newRow("so with version") << "cudnn.so.8.2.0" << true;
        QTest::newRow("profile.d script") << "cudnn.so.sh" << false;
        QTest::newRow("startup batch") << "cudnn.so.bat" << false;
        QTest::newRow("so then text") << "cudnn.so.8.x" << false;
        QTest::newRow("dot inside") << "cudnn.evil.dll" << false;
        QTest::newRow("space") << "cudnn x.h" << false;
        QTest::newRow("nvcc") << "nvcc.exe" << false;
    }
    void cudnnFileNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, cudnn);
        QCOMPARE(isCudnnFileName(name.toStdString()), cudnn);
    }

    void plannerPlanPasses()
    {
        const Plan p = freshPlan();
        QVERIFY(p.problems.empty());
        const Problems out = checkPlanInvariants(p, m_state.toStdString(), m_pathFile.toStdString());
        QVERIFY2(out.empty(), out.empty() ? "" : out.front().message.c_str());
    }

    // Each row is one of the forged plans / journals.
    void forgedPlansAreRefused_data()
    {
        QTest::addColumn<std::function<void(Plan&)>>("forge");
        const std::string out = m_dir.path().toStdString() + "/victim";
        QTest::newRow("toolkit is /etc") << std::function<void(Plan&)>([](Plan& p) { p.toolkit = "/etc"; });
        QTest::newRow("toolkit without CUDA") << std::function<void(Plan&)>(
            [this](Plan& p) { p.toolkit = QDir(m_dir.path()).canonicalPath().toStdString(); });
        QTest::newRow("profile.d/cudnn.so.sh") << std::function<void(Plan&)>([](Plan& p) {
            firstOf(p, OpKind::PlaceFile)->path = "/etc/profile.d/cudnn.so.sh";
        });
        QTest::newRow("cudnn.so.bat in bin") << std::function<void(Plan&)>([](Plan& p) {
            firstOf(p, OpKind::PlaceFile)->path = p.toolkit + "/bin/cudnn.so.bat";
        });
        QTest::newRow("a cuDNN-looking name not in the release") << std::function<void(Plan&)>([](Plan& p) {
            firstOf(p, OpKind::PlaceFile)->path = p.toolkit + "/bin/cudnn_extra64_8.dll";
        });
        QTest::newRow("target in a non-cuDNN folder") << std::function<void(Plan&)>([](Plan& p) {
            firstOf(p, OpKind::PlaceFile)->path = p.toolkit + "/nvvm/cudnn64_8.dll";
        });
        QTest::newRow("restore from outside the work folders") << std::function<void(Plan&)>([](Plan& p) {
            Operation* op = firstOf(p, OpKind::PlaceFile);
            op->entry.clear();
            op->source = "/etc/shadow";
        });
        QTest::newRow("work_dir on a foreign folder") << std::function<void(Plan&)>([out](Plan& p) {
            Operation op{.kind = OpKind::CreateDirectory, .path = out};
            op.workDir = true;
            p.ops.push_back(op);
        });
        QTest::newRow("work_dir on the toolkit's bin") << std::function<void(Plan&)>([](Plan& p) {
            Operation op{.kind = OpKind::CreateDirectory, .path = p.toolkit + "/bin"};
            op.workDir = true;
            p.ops.push_back(op);
        });
        QTest::newRow("<dir>/. passes as inside") << std::function<void(Plan&)>([](Plan& p) {
            p.ops.push_back({.kind = OpKind::RemoveDirectory, .path = p.toolkit + "/bin/."});
        });
        QTest::newRow("remove a file outside") << std::function<void(Plan&)>([](Plan& p) {
            Operation op{.kind = OpKind::RemoveFile, .path = "/etc/cudnn.h"};
            op.backup = p.backupDir + "/x";
            p.ops.push_back(op);
        });
        QTest::newRow("backup outside the work folder") << std::function<void(Plan&)>([](Plan& p) {
            Operation op{.kind = OpKind::RemoveFile, .path = p.toolkit + "/include/cudnn.h"};
            op.backup = "/tmp/cudnn.h";
            p.ops.push_back(op);
        });
        QTest::newRow("cleanup outside the work folders") << std::function<void(Plan&)>(
            [](Plan& p) { p.cleanup.push_back(p.toolkit + "/bin"); });
        QTest::newRow("transaction id with ..") << std::function<void(Plan&)>([](Plan& p) {
            p.transactionId = "../x";
            p.workDir = p.toolkit + "/.cudnn-setup/../x";
        });
        QTest::newRow("another state folder") << std::function<void(Plan&)>([](Plan& p) { p.stateDir = "/tmp/s"; });
        QTest::newRow("record elsewhere") << std::function<void(Plan&)>([](Plan& p) {
            p.recordPath = "/etc/cron.d/x";
            firstOf(p, OpKind::WriteRecord)->path = "/etc/cron.d/x";
        });
        QTest::newRow("PATH: attacker folder moved before System32") << std::function<void(Plan&)>([](Plan& p) {
            Operation* op = firstOf(p, OpKind::PathChange);
            std::string bins = op->after->substr(0, op->after->find(";C:\\Windows\\system32"));
            op->after = bins + ";C:\\tools;C:\\Windows\\system32;C:\\Windows;C:\\cuda\\v10.2\\bin";
        });
        QTest::newRow("PATH: an entry added") << std::function<void(Plan&)>(
            [](Plan& p) { *firstOf(p, OpKind::PathChange)->after += ";C:\\evil"; });
        QTest::newRow("PATH: control character") << std::function<void(Plan&)>(
            [](Plan& p) { *firstOf(p, OpKind::PathChange)->after += std::string(1, '\x1b'); });
        QTest::newRow("PATH: another search path") << std::function<void(Plan&)>([](Plan& p) {
            Operation* op = firstOf(p, OpKind::PathChange);
            op->location = op->path = "/etc/environment";
        });
        QTest::newRow("ld.so.conf.d: another folder") << std::function<void(Plan&)>([](Plan& p) {
            Operation* op = firstOf(p, OpKind::PathChange);
            op->mechanism = PathMechanism::LdSoConf;
            op->before.reset();
            op->after = "/home/user/lib\n";
        });
    }
    void forgedPlansAreRefused()
    {
        QFETCH(std::function<void(Plan&)>, forge);
        Plan p = freshPlan();
        forge(p);
        const Problems out = checkPlanInvariants(p, m_state.toStdString(), m_pathFile.toStdString());
        QVERIFY(!out.empty());
        QVERIFY(out.front().code == "unsafe-plan");
    }

    void toolkitRoots_data()
    {
        QTest::addColumn<QString>("root");
        QTest::addColumn<bool>("ok");
        QTest::newRow("the toolkit") << "TK" << true;
        QTest::newRow("relative") << "v11.3" << false;
        QTest::newRow("with /./") << "TK/." << false;
        QTest::newRow("root") << "/" << false;
        QTest::newRow("/etc") << "/etc" << false;
    }
    void toolkitRoots()
    {
        QFETCH(QString, root);
        QFETCH(bool, ok);
        root.replace("TK", m_toolkit);
        QCOMPARE(!checkToolkitRoot(root.toStdString()).has_value(), ok);
    }

    // Issue 29: what the elevated helper puts on the system search path must be a real toolkit
    // (nvcc and the runtime header, not a version file anyone can write) that only root can change.
    void searchPathToolkit_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<int>("mode");  // of the toolkit folder
        QTest::addColumn<bool>("prefix");
        QTest::addColumn<QString>("code");
        const QStringList real{"bin/nvcc", "include/cuda_runtime_api.h"};
        QTest::newRow("real, root's 0755") << real << 0755 << false << "";
        QTest::newRow("real nvcc.exe") << QStringList{"bin/nvcc.exe", "include/cuda_runtime_api.h"} << 0755 << false << "";
        QTest::newRow("version.json only") << QStringList{"version.json"} << 0755 << false << "not-a-toolkit";
        QTest::newRow("nvcc without the header") << QStringList{"bin/nvcc", "version.txt"} << 0755 << false << "not-a-toolkit";
        QTest::newRow("real, writable by all") << real << 0777 << false << "search-path-writable";
        QTest::newRow("a new prefix needs no nvcc") << QStringList{} << 0755 << true << "";
    }
    void searchPathToolkit()
    {
        QFETCH(QStringList, files);
        QFETCH(int, mode);
        QFETCH(bool, prefix);
        QFETCH(QString, code);
        const QString root = QDir(m_dir.path()).canonicalPath() + "/sp-" + QString(QTest::currentDataTag()).replace(' ', '-');
        QVERIFY(QDir().mkpath(root + "/lib64"));
        for (const QString& f : files) {
            QVERIFY(QDir().mkpath(QFileInfo(root + "/" + f).path()));
            QFile file(root + "/" + f);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        QVERIFY(QFile::setPermissions(root, QFileDevice::Permissions(mode == 0777 ? 0x7777 : 0x7755)));
        if (::geteuid() != 0 && code.isEmpty())
            QSKIP("the folder must be root's to pass (run as root)");
        const auto bad = checkSearchPathFolder((root + "/lib64").toStdString(), root.toStdString(), prefix);
        QCOMPARE(bad ? QString::fromStdString(bad->code) : QString(), code);
    }

    void semicolonToolkitRefused()
    {
        const QString odd = QDir(m_dir.path()).canonicalPath() + "/a;b";
        makeToolkit(odd);
        const auto bad = checkToolkitRoot(odd.toStdString());
        QVERIFY(bad.has_value());
        QVERIFY(bad->message.find("split") != std::string::npos);
    }

    void digestSeesEveryAct()
    {
        const Plan p = freshPlan();
        const std::string d = planDigest(p);
        QCOMPARE(d.size(), std::size_t(64));
        QCOMPARE(planDigest(planFromJson(toJson(p))), d);  // through the journal's form
        Plan notes = p;
        notes.notes.push_back("words only");
        QCOMPARE(planDigest(notes), d);
        Plan reordered = p;
        Operation* op = firstOf(reordered, OpKind::PathChange);
        std::swap(op->after, op->before);
        QVERIFY(planDigest(reordered) != d);
        Plan archive = p;
        archive.archive->sha256 = std::string(64, 'f');
        QVERIFY(planDigest(archive) != d);
    }
};

QTEST_GUILESS_MAIN(TestTrust)
#include "tst_trust.moc"
