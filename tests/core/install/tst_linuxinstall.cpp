// Linux tarballs through the whole install flow: into a scratch copy of the real CUDA 13
// toolkit with the real cuDNN 9.19 libraries (verify -> install -> validate loads it from
// there -> uninstall -> byte-identical, links included), over an older cuDNN's files and
// links, into a standalone prefix registered with ld.so.conf.d, refused over dpkg-owned
// files and for hostile tarballs (nothing written), rolled back at every failing step,
// repaired, and readable by another user.
#include "archive/verifier.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/rpmdb.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "install/fileops.h"
#include "install/installflow.h"
#include "install/journal.h"
#include "install/plan.h"
#include "validate/validator.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;

namespace {

const QString kRealLib = "/usr/local/cuda/lib";

// path|type|size|mode|sha256 or link target, for every node below root (links not followed).
QStringList tree(const QString& root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st {};
        ::lstat(QFile::encodeName(path).constData(), &st);
        QString line = QDir(root).relativeFilePath(path) + "|" + QString::number(st.st_mode, 8) + "|";
        if (S_ISLNK(st.st_mode)) {
            line += "-> " + QFile::symLinkTarget(path) + " " + QString::fromLocal8Bit([&] {
                        char buf[4096];
                        const ssize_t n = ::readlink(QFile::encodeName(path).constData(), buf, sizeof buf);
                        return QByteArray(buf, n > 0 ? int(n) : 0);
                    }());
        } else if (S_ISREG(st.st_mode)) {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            QCryptographicHash h(QCryptographicHash::Sha256);
            h.addData(&f);
            line += QString::number(st.st_size) + "|" + h.result().toHex();
        }
        lines << line;
    }
    lines.sort();
    return lines;
}

QString readLink(const QString& path)
{
    char buf[4096];
    const ssize_t n = ::readlink(QFile::encodeName(path).constData(), buf, sizeof buf);
    return n > 0 ? QString::fromLocal8Bit(buf, int(n)) : QString();
}

QString dump(const FlowResult& r)
{
    QString s = "status " + QString::number(int(r.status));
    for (const auto& p : r.problems)
        s += "\n problem " + QString::fromStdString(p.code + ": " + p.message);
    if (r.outcome)
        for (const auto& p : r.outcome->problems)
            s += "\n outcome " + QString::fromStdString(p.code + ": " + p.message);
    if (r.plan)
        for (const auto& p : r.plan->problems)
            s += "\n plan " + QString::fromStdString(p.code + ": " + p.message);
    return s;
}

bool hasCode(const Problems& ps, const std::string& code)
{
    for (const auto& p : ps)
        if (p.code == code)
            return true;
    return false;
}

}  // namespace

class TestLinuxInstall : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_confDir, m_ldconfigLog;

    QString writeRelease(const LinuxReleaseSpec& spec, const QString& name, TarCompression c = TarCompression::Xz)
    {
        const QString path = m_dir.filePath(name);
        std::string error;
        if (!writeTar(path.toStdString(), cudnnLinuxRelease(spec), c, &error))
            qFatal("writeTar: %s", error.c_str());
        return path;
    }

    // A toolkit like /usr/local/cuda: lib64 -> lib, include, bin, with cudart and no cuDNN.
    QString scratchToolkit(const QString& name, bool realCudart)
    {
        const QString root = m_dir.filePath(name);
        QDir().mkpath(root + "/lib");
        QDir().mkpath(root + "/include");
        QDir().mkpath(root + "/bin");
        QFile::link("lib", root + "/lib64");
        if (realCudart) {
            for (const QString& f : QDir("/usr/local/cuda/lib").entryList({"libcudart.so*"}, QDir::Files | QDir::System)) {
                const QFileInfo fi("/usr/local/cuda/lib/" + f);
                if (fi.isSymLink())
                    QFile::link(fi.symLinkTarget().section('/', -1), root + "/lib/" + f);
                else
                    QFile::copy(fi.filePath(), root + "/lib/" + f);
            }
            for (const QString& f : QDir("/usr/local/cuda/include").entryList({"cuda*.h", "driver_types.h"}, QDir::Files))
                QFile::copy("/usr/local/cuda/include/" + f, root + "/include/" + f);
        } else {
            writeBytes((root + "/lib/libcudart.so.13").toStdString(), buildElfSharedObject("libcudart.so.13"));
            QFile::link("libcudart.so.13", root + "/lib/libcudart.so");
            writeText((root + "/include/cuda_runtime_api.h").toStdString(), "#define CUDART_VERSION 13000\n");
        }
        return root;
    }

    FlowOptions options(const QString& stateName)
    {
        FlowOptions o;
        o.stateDir = m_dir.filePath(stateName).toStdString();
        o.allowUnknown = true;
        o.dpkgInfoDir = m_dir.filePath("dpkg-empty").toStdString();
        QDir().mkpath(QString::fromStdString(o.dpkgInfoDir));
        o.rpmDbDir = m_dir.filePath("rpm-empty").toStdString();  // the host's rpm database plays no part
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Another user must be able to reach the toolkits below (QTemporaryDir makes it 0700).
        QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                                QFileDevice::ReadOther | QFileDevice::ExeOther |
                                                QFileDevice::ReadGroup | QFileDevice::ExeGroup);
        m_confDir = m_dir.filePath("ld.so.conf.d");
        QDir().mkpath(m_confDir);
        m_ldconfigLog = m_dir.filePath("ldconfig.log");
        const QString ldconfig = m_dir.filePath("ldconfig");
        QVERIFY(writeShellScript(ldconfig.toStdString(), "echo ran >> '" + m_ldconfigLog.toStdString() + "'"));
        qputenv("CUDNN_SETUP_LDSOCONF_DIR", m_confDir.toLocal8Bit());
        qputenv("CUDNN_SETUP_LDCONFIG", ldconfig.toLocal8Bit());
    }

    // The real libraries: verify -> install -> validate loads them there -> uninstall -> identical.
    void realLibrariesRoundTrip()
    {
        if (!QFile::exists(kRealLib + "/libcudnn.so.9"))
            QSKIP("no real cuDNN 9 under /usr/local/cuda/lib on this machine");
        LinuxReleaseSpec spec;
        spec.realLibDir = kRealLib.toStdString();
        const QString tarball = writeRelease(spec, "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tgz", TarCompression::Gzip);
        const QString toolkit = scratchToolkit("cuda-13.0", true);
        const QStringList before = tree(toolkit);
        const mode_t oldMask = ::umask(077);  // the files must still be readable by all
        FlowOptions o = options("state-real");
        const FlowResult r = installArchive(tarball.toStdString(), toolkit.toStdString(), o);
        ::umask(oldMask);
        QVERIFY2(r.status == FlowStatus::Applied && r.outcome && r.outcome->ok, qPrintable(dump(r)));
        QVERIFY(r.stagedWhileVerifying);  // one read: verified and staged in the same pass

        // NVIDIA's chain, as links, in the toolkit's real lib folder (lib64 -> lib).
        QCOMPARE(readLink(toolkit + "/lib/libcudnn.so"), QString("libcudnn.so.9"));
        QCOMPARE(readLink(toolkit + "/lib/libcudnn.so.9"), QString("libcudnn.so.9.19.0"));
        QVERIFY(!QFileInfo(toolkit + "/lib/libcudnn.so.9.19.0").isSymLink());
        QCOMPARE(QFileInfo(toolkit + "/lib/libcudnn_engines_precompiled.so.9.19.0").size(),
                 QFileInfo(kRealLib + "/libcudnn_engines_precompiled.so.9").size());
        QVERIFY(QFile::exists(toolkit + "/include/cudnn_version.h"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(toolkit + "/lib/libcudnn_ops.so.9.19.0").constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0644);
        QFile conf(m_confDir + "/" + QDir(m_confDir).entryList(QDir::Files).value(0));
        QVERIFY(conf.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(conf.readAll()), QFileInfo(toolkit).canonicalFilePath() + "/lib\n");
        conf.close();

        // Another user can read what was installed (runuser works for root only).
        if (::geteuid() == 0) {
            QProcess p;
            p.start("runuser", {"-u", "nobody", "--", "head", "-c", "4", toolkit + "/lib/libcudnn.so"});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
            QCOMPARE(p.readAllStandardOutput(), QByteArray("\x7f" "ELF"));
        }

        // validate --toolkit: the installed libcudnn.so.9 loads from its new place (no driver here).
        validate::ValidateOptions vo;
        vo.toolkit = toolkit.toStdString();
        vo.driverLibrary = "/nonexistent/libcuda.so.1";
        const validate::ValidationReport v = validate::runValidation(vo);
        QVERIFY2(QString::fromStdString(v.cudnnPath).startsWith(QFileInfo(toolkit).canonicalFilePath()) ||
                     QString::fromStdString(v.cudnnPath).startsWith(toolkit),
                 v.cudnnPath.c_str());
        QCOMPARE(QString::fromStdString(v.cudnnVersion), QString("9.19.0"));
        QVERIFY2(hasCode(v.problems, "no-driver"), qPrintable(QString::fromStdString(validate::toJson(v).dump(1))));
        bool loadedHere = false;
        for (const auto& f : v.loadedFiles)
            loadedHere = loadedHere || QString::fromStdString(f).contains("cuda-13.0/lib");
        QVERIFY(loadedHere);

        const FlowResult u = uninstallToolkit(toolkit.toStdString(), o);
        QVERIFY2(u.status == FlowStatus::Applied && u.outcome && u.outcome->ok, qPrintable(dump(u)));
        QCOMPARE(tree(toolkit), before);
        QVERIFY(QDir(m_confDir).entryList(QDir::Files).isEmpty());
    }

    // Over an older cuDNN 9 copied by hand (file libcudnn.so.9, link libcudnn.so): its files
    // and links are set aside and come back exactly on uninstall.
    void overAnOlderCopyAndBack()
    {
        const QString toolkit = scratchToolkit("cuda-older", false);
        const std::string lib = (toolkit + "/lib/").toStdString();
        writeBytes(lib + "libcudnn.so.9", buildElfSharedObject("libcudnn.so.9"));
        QFile::link("libcudnn.so.9", toolkit + "/lib/libcudnn.so");
        writeBytes(lib + "libcudnn_ops.so.9.1.0", buildElfSharedObject("libcudnn_ops.so.9"));
        QFile::link("libcudnn_ops.so.9.1.0", toolkit + "/lib/libcudnn_ops.so.9");
        QFile::link("dangling-of-the-user", toolkit + "/lib/libcudnn_adv.so");
        const QStringList before = tree(toolkit);
        const QString tarball = writeRelease({}, "older.tar.xz");
        FlowOptions o = options("state-older");
        const FlowResult r = installArchive(tarball.toStdString(), toolkit.toStdString(), o);
        QVERIFY2(r.status == FlowStatus::Applied && r.outcome && r.outcome->ok, qPrintable(dump(r)));
        QCOMPARE(readLink(toolkit + "/lib/libcudnn.so.9"), QString("libcudnn.so.9.19.0"));
        QCOMPARE(readLink(toolkit + "/lib/libcudnn_adv.so"), QString("libcudnn_adv.so.9"));
        QVERIFY(!QFile::exists(toolkit + "/lib/libcudnn_ops.so.9.1.0"));  // the old release's stray, set aside
        int links = 0;
        for (const auto& op : r.plan->ops)
            links += op.kind == OpKind::PlaceLink;
        QCOMPARE(links, 15);  // libcudnn.so -> libcudnn.so.9 was there already: kept, not placed
        bool kept = false;
        for (const auto& n : r.plan->notes)
            kept = kept || n.find("libcudnn.so already links to libcudnn.so.9") != std::string::npos;
        QVERIFY(kept);
        const FlowResult u = uninstallToolkit(toolkit.toStdString(), o);
        QVERIFY2(u.status == FlowStatus::Applied && u.outcome && u.outcome->ok, qPrintable(dump(u)));
        QCOMPARE(tree(toolkit), before);
    }

    // A standalone prefix that cudnn-setup makes itself (it did not exist; its parent is root's
    // and writable by root only): the real 9.19 libraries go into lib64/, headers into include/,
    // ld.so.conf.d names it and ldconfig runs; folders 0755 and files 0644 under umask 077; a
    // repair and a recover accept it because the record says so; uninstall takes away the prefix
    // and the ld.so.conf.d file, so the parent folder and ld.so.conf.d are as before.
    void standalonePrefix()
    {
        LinuxReleaseSpec spec;
        const bool real = QFile::exists(kRealLib + "/libcudnn.so.9");
        if (real)
            spec.realLibDir = kRealLib.toStdString();  // else generated ELF files (still real ELF64)
        const QString parent = m_dir.filePath("opt");
        QDir().mkpath(parent);
        QVERIFY(QFile::setPermissions(parent, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                                  QFileDevice::ReadGroup | QFileDevice::ExeGroup |
                                                  QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QString prefix = QFileInfo(parent).canonicalFilePath() + "/cudnn-9.19";
        const QStringList parentBefore = tree(parent), confBefore = tree(m_confDir);
        QFile::remove(m_ldconfigLog);
        // The real libraries' tarball of realLibrariesRoundTrip when it ran (compressing 1 GB costs).
        const QString shared = m_dir.filePath("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tgz");
        const QString tarball = real && QFile::exists(shared) ? shared : writeRelease(spec, "prefix.tgz", TarCompression::Gzip);
        FlowOptions o = options("state-prefix");
        o.newPrefix = true;
        const mode_t oldMask = ::umask(077);
        const FlowResult r = installArchive(tarball.toStdString(), prefix.toStdString(), o);
        ::umask(oldMask);
        QVERIFY2(r.status == FlowStatus::Applied && r.outcome && r.outcome->ok, qPrintable(dump(r)));
        QVERIFY(r.plan && r.plan->standalonePrefix);
        QCOMPARE(readLink(prefix + "/lib64/libcudnn_graph.so"), QString("libcudnn_graph.so.9"));
        QCOMPARE(readLink(prefix + "/lib64/libcudnn.so.9"), QString("libcudnn.so.9.19.0"));
        QVERIFY(QFile::exists(prefix + "/include/cudnn.h"));
        if (real)
            QCOMPARE(QFileInfo(prefix + "/lib64/libcudnn_ops.so.9.19.0").size(),
                     QFileInfo(kRealLib + "/libcudnn_ops.so.9").size());
        // NVIDIA: readable by all. Folders 0755, files 0644, whatever the umask.
        for (const QString& line : tree(prefix)) {
            const QStringList f = line.split('|');
            const int mode = f[1].toInt(nullptr, 8);
            if (S_ISDIR(mode))
                QVERIFY2((mode & 07777) == 0755, qPrintable(line));
            else if (S_ISREG(mode))
                QVERIFY2((mode & 07777) == 0644, qPrintable(line));
        }
        struct stat st {};
        QCOMPARE(::lstat(QFile::encodeName(prefix).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), 0755);
        const QStringList confs = QDir(m_confDir).entryList(QDir::Files);
        QCOMPARE(confs.size(), 1);
        QFile conf(m_confDir + "/" + confs[0]);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(conf.readAll()), prefix + "/lib64\n");
        conf.close();
        QVERIFY(QFile::exists(m_ldconfigLog));  // ldconfig ran

        // validate loads the installed libcudnn.so.9 from the prefix (the no-driver outcome here).
        if (real) {
            validate::ValidateOptions vo;
            vo.toolkit = prefix.toStdString();
            vo.driverLibrary = "/nonexistent/libcuda.so.1";
            const validate::ValidationReport v = validate::runValidation(vo);
            QVERIFY2(QString::fromStdString(v.cudnnPath).startsWith(prefix), v.cudnnPath.c_str());
        }

        // Repair accepts the prefix because its record names it as created. (A deleted file, not a
        // truncated one: validate has it mapped, and a damaged file's repair backup would stay.)
        QVERIFY(QFile::remove(prefix + "/lib64/libcudnn_cnn.so.9.19.0"));
        const FlowResult rep = repairToolkit(prefix.toStdString(), tarball.toStdString(), options("state-prefix"));
        QVERIFY2(rep.status == FlowStatus::Applied && rep.outcome && rep.outcome->ok, qPrintable(dump(rep)));
        QVERIFY(QFileInfo(prefix + "/lib64/libcudnn_cnn.so.9.19.0").size() > 0);

        // The same prefix is still refused as a *new* one (it exists now)...
        FlowOptions again = options("state-prefix");
        again.newPrefix = true;
        const FlowResult twice = installArchive(tarball.toStdString(), prefix.toStdString(), again);
        QVERIFY2(twice.status == FlowStatus::Usage && hasCode(twice.problems, "not-a-toolkit"), qPrintable(dump(twice)));

        const FlowResult u = uninstallToolkit(prefix.toStdString(), options("state-prefix"));
        QVERIFY2(u.status == FlowStatus::Applied && u.outcome && u.outcome->ok, qPrintable(dump(u)));
        QVERIFY(!QFileInfo::exists(prefix));
        QCOMPARE(tree(parent), parentBefore);
        QCOMPARE(tree(m_confDir), confBefore);
        // ... and once it is gone, the record is gone too: not a toolkit, not a prefix of ours.
        const FlowResult after = uninstallToolkit(prefix.toStdString(), options("state-prefix"));
        QVERIFY2(after.status == FlowStatus::Usage, qPrintable(dump(after)));
    }

    // A prefix install failing at its first and last steps: each time the rollback (checked by
    // checkPlanInvariants as a journal would be: the record names the prefix, or the plan creates
    // it) leaves the parent folder and ld.so.conf.d as they were.
    void standalonePrefixRollsBackAtEveryStep()
    {
        const QString parent = m_dir.filePath("opt-faults");
        QDir().mkpath(parent);
        QVERIFY(QFile::setPermissions(parent, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                                  QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QString prefix = QFileInfo(parent).canonicalFilePath() + "/cudnn";
        const QStringList parentBefore = tree(parent), confBefore = tree(m_confDir);
        const QString tarball = writeRelease({}, "prefix-faults.tar.xz");
        std::unique_ptr<FileOps> real = makeRealFileOps();
        // Count the steps of a whole install first; then fail each of the first and the last ones
        // (the record naming the prefix, the prefix folder, its work folders; ld.so.conf.d, the
        // record): each fsync costs, so the middle (placing files) is left to rollsBackAtEveryStep.
        int total = 0;
        {
            FaultyFileOps counting(*real);
            FlowOptions o = options("state-prefix-faults");
            o.newPrefix = true;
            o.files = &counting;
            const FlowResult r = installArchive(tarball.toStdString(), prefix.toStdString(), o);
            QVERIFY2(r.status == FlowStatus::Applied && r.outcome->ok, qPrintable(dump(r)));
            total = counting.calls();
            QVERIFY(uninstallToolkit(prefix.toStdString(), options("state-prefix-faults")).outcome->ok);
            QCOMPARE(tree(parent), parentBefore);
        }
        QVERIFY2(total > 40, qPrintable(QString::number(total)));
        std::vector<int> steps;
        for (int i = 1; i <= 14; ++i)
            steps.push_back(i);
        for (int i = total - 10; i <= total + 1; ++i)
            steps.push_back(i);
        for (int step : steps) {
            FaultyFileOps faulty(*real);
            faulty.failAt(step, "io-error");
            FlowOptions o = options("state-prefix-faults");
            o.newPrefix = true;
            o.files = &faulty;
            const FlowResult r = installArchive(tarball.toStdString(), prefix.toStdString(), o);
            if (faulty.failures() == 0) {
                QVERIFY2(step > total, qPrintable(QString::number(step)));
                QVERIFY2(r.status == FlowStatus::Applied && r.outcome->ok, qPrintable(dump(r)));
                break;
            }
            if (r.status == FlowStatus::Applied && r.outcome->ok) {
                QVERIFY(uninstallToolkit(prefix.toStdString(), options("state-prefix-faults")).outcome->ok);
                QCOMPARE(tree(parent), parentBefore);
                continue;
            }
            QVERIFY2(r.exitCode() != ExitCode::NotRolledBack, qPrintable(QString::number(step) + " " + dump(r)));
            QCOMPARE(tree(parent), parentBefore);
            QCOMPARE(tree(m_confDir), confBefore);

            // As if the process died there: every later call fails too (the rollback as well), the
            // journal stays, and `recover` (which checks it like a forged one) must accept it.
            FaultyFileOps dying(*real);
            dying.failAt(step, "io-error", true);
            o.files = &dying;
            (void)installArchive(tarball.toStdString(), prefix.toStdString(), o);
            const Outcome rec = recoverInterrupted(o.stateDir, std::nullopt, real.get());
            QString why;
            for (const auto& p : rec.problems)
                why += QString::fromStdString(" | " + p.code + ": " + p.message);
            for (const auto& p : rec.notRestored)
                why += QString::fromStdString(" | not restored " + p.code + ": " + p.message);
            QVERIFY2(rec.ok && rec.problems.empty(), qPrintable(QString::number(step) + why));
            if (tree(parent) != parentBefore)
                qWarning() << "step" << step << tree(parent) << QString::fromStdString(rec.notes.empty() ? "" : rec.notes.back());
            QCOMPARE(tree(parent), parentBefore);
            QCOMPARE(tree(m_confDir), confBefore);
        }
        const FlowResult u = uninstallToolkit(prefix.toStdString(), options("state-prefix-faults"));
        QVERIFY2(u.outcome && u.outcome->ok, qPrintable(dump(u)));
        QCOMPARE(tree(parent), parentBefore);
        QCOMPARE(tree(m_confDir), confBefore);
    }

    // A forged journal (the state folder is a file system) that calls an existing folder of the
    // user a prefix of ours, to take a cuDNN file out of it: refused (unsafe-plan), nothing undone,
    // also when the state folder holds a created-prefix record for another folder.
    void forgedPrefixJournalRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("uninstall, no record") << "uninstall";
        QTest::newRow("install that claims to create an existing folder") << "install";
        QTest::newRow("uninstall, a record names another prefix") << "other-record";
    }
    void forgedPrefixJournalRefused()
    {
        QFETCH(QString, kind);
        const QString home = QFileInfo(m_dir.path()).canonicalFilePath() + "/home-" + kind;
        QDir().mkpath(home + "/lib64");
        writeBytes((home + "/lib64/libcudnn.so.9").toStdString(), buildElfSharedObject("libcudnn.so.9"));
        const QStringList before = tree(home);
        const std::string state = m_dir.filePath("state-forged-" + kind).toStdString(), tk = home.toStdString();
        std::unique_ptr<FileOps> files = makeRealFileOps();
        QVERIFY(files->createDirectories(state));
        JournalDoc doc;
        Plan& p = doc.plan;
        p.kind = kind == "install" ? PlanKind::Install : PlanKind::Uninstall;
        p.toolkit = tk;
        p.standalonePrefix = true;
        p.stateDir = state;
        p.transactionId = "20261201T000000Z-abcdef";
        p.workDir = tk + "/.cudnn-setup/" + p.transactionId;
        p.stagingDir = p.workDir + "/staging";
        p.backupDir = p.workDir + "/backup";
        p.recordPath = recordPathFor(state, tk);
        const nlohmann::json claim{{"toolkit", tk}, {"created_prefix", true}, {"files", nlohmann::json::array()}};
        if (kind == "install") {
            Operation first{.kind = OpKind::WriteRecord, .path = p.recordPath};
            first.record = claim;
            p.ops.push_back(first);
            p.ops.push_back({.kind = OpKind::CreateDirectory, .path = tk});
        } else {
            Operation rec{.kind = OpKind::WriteRecord, .path = p.recordPath};
            rec.previousRecord = claim;  // "the record it deleted named it"
            p.ops.push_back(rec);
        }
        if (kind == "other-record") {
            const std::string other = tk + "-other";
            QVERIFY(files->createDirectories(state + "/records"));
            QVERIFY(files->writeFileAtomic(recordPathFor(state, other),
                                           nlohmann::json{{"toolkit", other}, {"created_prefix", true}}.dump()));
            QVERIFY(files->writeFileAtomic(p.recordPath, nlohmann::json{{"toolkit", other}, {"created_prefix", true}}.dump()));
        }
        // Undone in reverse: this would move the user's file away.
        Operation place{.kind = OpKind::PlaceFile, .path = tk + "/lib64/libcudnn.so.9"};
        place.source = p.stagingDir + "/lib64/libcudnn.so.9";
        place.entry = "cudnn/lib/libcudnn.so.9";
        p.ops.push_back(place);
        doc.started = long(p.ops.size()) - 1;
        QVERIFY(writeJournal(*files, journalPathIn(state), doc));
        const Outcome o = recoverInterrupted(state);
        QVERIFY(!o.ok);
        QVERIFY(hasCode(o.problems, "unsafe-plan"));
        bool rootRefused = false;  // for the folder, not for some other step of the forged plan
        for (const auto& pr : o.problems)
            rootRefused = rootRefused || pr.message.find("is not a CUDA toolkit") != std::string::npos;
        QVERIFY2(rootRefused, o.problems.back().message.c_str());
        QCOMPARE(tree(home), before);
        QVERIFY(QFile::exists(QString::fromStdString(journalPathIn(state))));  // left alone
    }

    // What is never taken for a prefix: nothing is created, nothing written.
    void standalonePrefixRefused_data()
    {
        QTest::addColumn<QString>("why");
        QTest::newRow("existing-empty-folder") << "exists";
        QTest::newRow("existing-folder-with-files") << "exists-files";
        QTest::newRow("parent-writable-by-others") << "parent-0777";
        QTest::newRow("parent-writable-by-group") << "parent-0775";
        QTest::newRow("parent-is-a-link") << "parent-link";
        QTest::newRow("parent-missing") << "parent-missing";
        QTest::newRow("parent-of-another-user") << "parent-nobody";
        QTest::newRow("dot-dot-in-path") << "dotdot";
        QTest::newRow("windows-zip") << "zip";
    }
    void standalonePrefixRefused()
    {
        QFETCH(QString, why);
        const QString base = m_dir.filePath("refused-" + why);
        QDir().mkpath(base);
        QString parent = base + "/opt";
        QDir().mkpath(parent);
        ::chmod(QFile::encodeName(parent).constData(), 0755);
        QString prefix = parent + "/cudnn";
        QString tarball = writeRelease({}, "refused-" + why + ".tar.xz");
        if (why == "exists") {
            QDir().mkpath(prefix);
        } else if (why == "exists-files") {
            QDir().mkpath(prefix + "/lib64");
            writeText((prefix + "/lib64/mine.txt").toStdString(), "the user's\n");
        } else if (why == "parent-0777") {
            ::chmod(QFile::encodeName(parent).constData(), 0777);
        } else if (why == "parent-0775") {
            ::chmod(QFile::encodeName(parent).constData(), 0775);
        } else if (why == "parent-link") {
            QVERIFY(QFile::link(parent, base + "/opt-link"));
            prefix = base + "/opt-link/cudnn";
        } else if (why == "parent-missing") {
            prefix = parent + "/not-there/cudnn";
        } else if (why == "parent-nobody") {
            if (::geteuid() != 0)
                QSKIP("giving a folder to another user needs root");
            QCOMPARE(::chown(QFile::encodeName(parent).constData(), 65534, 65534), 0);
        } else if (why == "dotdot") {
            prefix = parent + "/../opt/cudnn";
        } else if (why == "zip") {
            tarball = m_dir.filePath("refused.zip");
            std::string error;
            QVERIFY(writeZip(tarball.toStdString(), cudnnWindowsRelease({}), &error));
        }
        const QStringList before = tree(base), confBefore = tree(m_confDir);
        FlowOptions o = options("state-refused-" + why);
        o.newPrefix = true;
        const FlowResult r = installArchive(tarball.toStdString(), prefix.toStdString(), o);
        QVERIFY2(r.status == FlowStatus::Usage && hasCode(r.problems, "not-a-toolkit"), qPrintable(dump(r)));
        QCOMPARE(tree(base), before);
        QCOMPARE(tree(m_confDir), confBefore);
        // Without --prefix an existing folder that is not a toolkit is refused as before.
        if (why.startsWith("exists")) {
            const FlowResult t = installArchive(tarball.toStdString(), prefix.toStdString(), options("state-refused-" + why));
            QVERIFY2(t.status == FlowStatus::Usage && hasCode(t.problems, "not-a-toolkit"), qPrintable(dump(t)));
            QCOMPARE(tree(base), before);
        }
    }

    // A dpkg-owned file is never overwritten: refused, naming the package and the fix.
    void dpkgOwnedFileRefused()
    {
        const QString toolkit = scratchToolkit("usr-like", false);
        writeBytes((toolkit + "/lib/libcudnn.so.9").toStdString(), buildElfSharedObject("libcudnn.so.9"));
        const QString dpkg = m_dir.filePath("dpkg-info");
        QDir().mkpath(dpkg);
        writeText((dpkg + "/libcudnn9-cuda-12:amd64.list").toStdString(),
                  "/.\n/usr\n" + QFileInfo(toolkit).canonicalFilePath().toStdString() + "/lib/libcudnn.so.9\n");
        writeText((dpkg + "/zlib1g:amd64.list").toStdString(), "/usr/lib/x86_64-linux-gnu/libz.so.1\n");
        const QStringList before = tree(toolkit);
        FlowOptions o = options("state-dpkg");
        o.dpkgInfoDir = dpkg.toStdString();
        const FlowResult r = installArchive(writeRelease({}, "dpkg.tar.xz").toStdString(), toolkit.toStdString(), o);
        QVERIFY2(r.status == FlowStatus::Refused, qPrintable(dump(r)));
        QVERIFY(hasCode(r.problems, "package-owned"));
        bool named = false;
        for (const auto& p : r.problems)
            named = named || (p.code == "package-owned" && p.message.find("libcudnn9-cuda-12") != std::string::npos &&
                              p.message.find("apt-get remove libcudnn9-cuda-12") != std::string::npos);
        QVERIFY(named);
        QCOMPARE(tree(toolkit), before);
    }

    // An rpm-owned file is never overwritten either: a real rpm database (scratch --dbpath) that
    // owns the toolkit's libcudnn.so.9; refused, naming the package and the fix, nothing written.
    void rpmOwnedFileRefused()
    {
        if (!rpmAvailable())
            QSKIP("rpm and rpmbuild are not installed (Debian package rpm, scripts/deps.sh test)");
        const QString toolkit = scratchToolkit("rpm-like", false);
        const QString owned = QFileInfo(toolkit).canonicalFilePath() + "/lib/libcudnn.so.9";
        writeBytes(owned.toStdString(), buildElfSharedObject("libcudnn.so.9"));
        const QString db = m_dir.filePath("rpmdb"), work = m_dir.filePath("rpmbuild");
        std::string error;
        QVERIFY2(buildRpmDatabase(db.toStdString(), work.toStdString(), "libcudnn9-cuda-13",
                                  {owned.toStdString(), QFileInfo(toolkit).canonicalFilePath().toStdString() +
                                                            "/include/cudnn_not_installed_here.h"},
                                  &error),
                 error.c_str());
        const QStringList before = tree(toolkit);
        FlowOptions o = options("state-rpm");
        o.rpmDbDir = db.toStdString();
        const FlowResult r = installArchive(writeRelease({}, "rpm.tar.xz").toStdString(), toolkit.toStdString(), o);
        QVERIFY2(r.status == FlowStatus::Refused, qPrintable(dump(r)));
        bool named = false;
        for (const auto& p : r.problems)
            named = named || (p.code == "package-owned" && p.path == owned.toStdString() &&
                              p.message.find("rpm package libcudnn9-cuda-13") != std::string::npos &&
                              p.message.find("dnf remove libcudnn9-cuda-13") != std::string::npos);
        QVERIFY2(named, qPrintable(dump(r)));
        int refused = 0;
        for (const auto& p : r.problems)
            refused += p.code == "package-owned";
        QCOMPARE(refused, 1);  // only the owned file: the rpm query names paths, not packages
        QCOMPARE(tree(toolkit), before);
        // The same toolkit without that database installs: the refusal came from rpm's answer.
        const FlowResult ok = installArchive(writeRelease({}, "rpm.tar.xz").toStdString(), toolkit.toStdString(),
                                             options("state-rpm"));
        QVERIFY2(ok.status == FlowStatus::Applied && ok.outcome && ok.outcome->ok, qPrintable(dump(ok)));
        QVERIFY(uninstallToolkit(toolkit.toStdString(), options("state-rpm")).outcome->ok);
        QCOMPARE(tree(toolkit), before);
    }

    // A hostile tarball: refused by verify, and nothing at all is written into the toolkit.
    void hostileTarballWritesNothing()
    {
        const QString toolkit = scratchToolkit("cuda-hostile", false);
        const QStringList before = tree(toolkit);
        LinuxReleaseSpec spec;
        spec.extra.push_back({.name = "cudnn-linux-x86_64-9.19.0.56_cuda13-archive/lib/libcudnn_x.so", .type = '2',
                              .mode = 0777, .link = "../../../../etc/ld.so.preload"});
        FlowOptions o = options("state-hostile");
        const FlowResult r = installArchive(writeRelease(spec, "hostile.tar.xz").toStdString(), toolkit.toStdString(), o);
        QVERIFY2(r.status == FlowStatus::BadArchive, qPrintable(dump(r)));
        QVERIFY(hasCode(r.problems, "unsafe-link"));
        QCOMPARE(tree(toolkit), before);
        QVERIFY(!QFile::exists(toolkit + "/.cudnn-setup"));
    }

    // Every mutating step made to fail in turn: each time the toolkit is as before.
    void rollsBackAtEveryStep()
    {
        const QString toolkit = scratchToolkit("cuda-faults", false);
        writeBytes((toolkit + "/lib/libcudnn.so.9").toStdString(), buildElfSharedObject("libcudnn.so.9"));
        QFile::link("libcudnn.so.9", toolkit + "/lib/libcudnn.so");
        const QStringList before = tree(toolkit);
        const QString tarball = writeRelease({}, "faults.tar.xz");
        std::unique_ptr<FileOps> real = makeRealFileOps();
        int step = 1;
        for (;; ++step) {
            FaultyFileOps faulty(*real);
            faulty.failAt(step, "io-error");
            FlowOptions o = options("state-faults");
            o.files = &faulty;
            const FlowResult r = installArchive(tarball.toStdString(), toolkit.toStdString(), o);
            if (faulty.failures() == 0) {
                QVERIFY2(r.status == FlowStatus::Applied && r.outcome->ok, qPrintable(dump(r)));
                break;
            }
            if (r.status == FlowStatus::Applied && r.outcome->ok) {
                // The failing call was a best-effort one after the commit (cleanup): installed all the same.
                QVERIFY(uninstallToolkit(toolkit.toStdString(), options("state-faults")).outcome->ok);
                QCOMPARE(tree(toolkit), before);
                continue;
            }
            QVERIFY2(r.exitCode() != ExitCode::NotRolledBack, qPrintable(QString::number(step) + " " + dump(r)));
            QVERIFY2(tree(toolkit) == before, qPrintable(QString::number(step) + " " + dump(r) + "\n" +
                                                         tree(toolkit).join("\n")));
            QVERIFY(step < 400);
        }
        QVERIFY2(step > 40, qPrintable(QString::number(step)));  // the links were among the failing steps
        const FlowResult u = uninstallToolkit(toolkit.toStdString(), options("state-faults"));
        QVERIFY2(u.outcome && u.outcome->ok, qPrintable(dump(u)));
        QCOMPARE(tree(toolkit), before);
    }

    // A deleted link and a damaged library come back from the recorded tarball.
    void repairBringsBackLinksAndFiles()
    {
        const QString toolkit = scratchToolkit("cuda-repair", false);
        const QString tarball = writeRelease({}, "repair.tar.xz");
        FlowOptions o = options("state-repair");
        QVERIFY(installArchive(tarball.toStdString(), toolkit.toStdString(), o).outcome->ok);
        const QStringList installed = tree(toolkit);
        QVERIFY(QFile::remove(toolkit + "/lib/libcudnn_cnn.so"));
        QVERIFY(QFile::remove(toolkit + "/lib/libcudnn_cnn.so.9"));
        QFile::link("libcudnn_cnn.so.9.1.0", toolkit + "/lib/libcudnn_cnn.so.9");  // a wrong link
        QFile damaged(toolkit + "/lib/libcudnn_ops.so.9.19.0");
        QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
        damaged.close();
        const FlowResult r = repairToolkit(toolkit.toStdString(), std::nullopt, o);
        QVERIFY2(r.status == FlowStatus::Applied && r.outcome && r.outcome->ok, qPrintable(dump(r)));
        auto libs = [](const QStringList& t) {
            QStringList out;
            for (const QString& l : t)
                if (l.startsWith("lib/libcudnn"))
                    out << l;
            return out;
        };
        QCOMPARE(libs(tree(toolkit)), libs(installed));
        QVERIFY(uninstallToolkit(toolkit.toStdString(), o).outcome->ok);
    }
};

QTEST_GUILESS_MAIN(TestLinuxInstall)
#include "tst_linuxinstall.moc"
