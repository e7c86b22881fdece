// install / uninstall / repair / recover / elevated-apply through the built binary.
#include "clirunner.h"
#include "testpaths.h"
#include "installfixture.h"

#include "fixtures/tarbuilder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <QFileInfo>

#include <csignal>
#include <unistd.h>

using namespace installtest;


class TestCliInstall : public QObject {
    Q_OBJECT
private:
    QTemporaryDir* m_dir = nullptr;
    QString m_toolkit, m_state, m_pathFile;
    Release m_release;
    QProcessEnvironment m_env;

    CliRun cli(const QStringList& args, const QProcessEnvironment* env = nullptr)
    {
        return runCli(QStringList{"--json", "--state-dir", m_state} + args, env ? *env : m_env);
    }
    QString sha() const { return QString::fromStdString(m_release.info.sha256); }

    // The intent the unelevated side hands to the helper (install/trust.h), from a dry run of the
    // same install. No PATH file: the helper reads no test hook, so both sides must see the same PATH.
    struct Reviewed {
        QString transaction, digest;
    };
    Reviewed review(const QString& toolkit, const QString& archive = QString())
    {
        QProcessEnvironment env = helperEnv();
        const CliRun dry = cli({"install", archive.isEmpty() ? m_release.path : archive, "--toolkit", toolkit,
                                "--allow-unknown", "--dry-run"}, &env);
        const QJsonObject doc = dry.json().object();
        return {doc["plan"].toObject()["transaction"].toString(), doc["plan_digest"].toString()};
    }
    QProcessEnvironment helperEnv() const
    {
        QProcessEnvironment env = m_env;
        env.remove("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE");
        return env;
    }
    // The helper's own command line (install/helperargs.h: no --state-dir, no --json); its state
    // folder in this build made for tests is the scratch one the hook names.
    CliRun runHelper(const QString& state, const QStringList& args, QProcessEnvironment env)
    {
        env.insert("CUDNN_SETUP_TEST_HELPER_STATE_DIR", state);
        return runCli(QStringList{"elevated-apply"} + args, env);
    }
    CliRun helper(const QString& toolkit, const Reviewed& r, const QStringList& extra = {},
                  const QString& state = QString())
    {
        return runHelper(state.isEmpty() ? m_state : state, QStringList{"--operation", "install", "--archive", m_release.path, "--toolkit",
                                  QDir(toolkit).canonicalPath(), "--allow-unknown", "--transaction", r.transaction,
                                  "--plan-digest", r.digest} + extra,
                         helperEnv());
    }


private slots:
    void initTestCase()
    {
        static QTemporaryDir archives;
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 64 * 1024;
        m_release = makeRelease(archives.path(), spec);
    }
    void init()
    {
        m_dir = new QTemporaryDir;
        m_toolkit = m_dir->path() + "/v11.3";
        m_state = m_dir->path() + "/state";
        m_pathFile = m_dir->path() + "/path.txt";
        makeToolkit(m_toolkit);
        writeAll(m_pathFile, "C:\\Windows;C:\\cuda\\v10.2\\bin");
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", m_pathFile);
        m_env.remove("CUDNN_SETUP_ELEVATOR");
    }
    void cleanup()
    {
        delete m_dir;
        m_dir = nullptr;
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("code");
        QTest::newRow("no such archive") << QStringList{"install", "/nonexistent.zip", "--toolkit", "TK"} << "missing-file";
        QTest::newRow("no such toolkit") << QStringList{"install", "ARCHIVE", "--toolkit", "/nonexistent"} << "not-a-toolkit";
        QTest::newRow("uninstall without record") << QStringList{"uninstall", "--toolkit", "TK"} << "no-record";
        QTest::newRow("repair without record or archive") << QStringList{"repair", "--toolkit", "TK"} << "no-record";
        QTest::newRow("unknown origin") << QStringList{"install", "ARCHIVE", "--toolkit", "TK"} << "unknown-archive";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, code);
        args.replaceInStrings("ARCHIVE", m_release.path).replaceInStrings("TK", m_toolkit);
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli(args);
        QCOMPARE(r.exitCode, 2);
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc["ok"].toBool(true), false);
        QCOMPARE(doc["problems"].toArray().at(0).toObject()["code"].toString(), code);
        QCOMPARE(manifest(m_toolkit), before);
    }

    // Issue 12: any folder passed as "toolkit" (/etc, C:\). Now it must be a CUDA toolkit.
    void plainFolderIsNotAToolkit()
    {
        const QString plain = m_dir->path() + "/plain";
        QVERIFY(QDir().mkpath(plain + "/bin"));
        const CliRun r = cli({"install", m_release.path, "--toolkit", plain, "--allow-unknown"});
        QVERIFY2(r.exitCode == 2, r.out + r.err);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("not-a-toolkit"));
        QCOMPARE(QDir(plain + "/bin").entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
        QVERIFY(!QFileInfo::exists(plain + "/.cudnn-setup"));
    }

    void mismatchRefused()
    {
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", QString(64, 'b')});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    void dryRunChangesNothing()
    {
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = r.json().object();
        QVERIFY(doc["ok"].toBool());
        QVERIFY(doc["actions"].toArray().size() > 31);
        QCOMPARE(doc["actions"].toArray().at(0).toObject()["status"].toString(), QStringLiteral("planned"));
        QVERIFY(doc["plan"].toObject().contains("operations"));
        QCOMPARE(manifest(m_toolkit), before);
        QVERIFY(!QFile::exists(m_state + "/journal.json"));
    }

    void installThenUninstall()
    {
        const QStringList before = manifest(m_toolkit);
        const QByteArray pathBefore = readAll(m_pathFile);
        const CliRun in = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", sha()});
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        const QJsonObject doc = in.json().object();
        QVERIFY(doc["ok"].toBool());
        QCOMPARE(doc["rolled_back"].toBool(true), false);
        QCOMPARE(doc["toolkit"].toString(), QDir(m_toolkit).canonicalPath());
        QVERIFY(doc["actions"].toArray().size() > 31);
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn_cnn_infer64_8.dll"));
        QVERIFY(readAll(m_pathFile).contains("v11.3\\bin"));
        const CliRun un = cli({"uninstall", "--toolkit", m_toolkit});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(manifest(m_toolkit), before);
        QCOMPARE(readAll(m_pathFile), pathBefore);
    }

    // Issue 12: a bin folder any user can write went on the system PATH unnoticed (a DLL planted
    // there is loaded by every program). Now the plan says so, with the fix.
    void writableBinOnThePathIsWarned()
    {
        QVERIFY(QFile::setPermissions(m_toolkit + "/bin", QFileDevice::Permissions(0x7777)));
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray warnings = r.json().object()["warnings"].toArray();
        bool found = false;
        for (const auto& w : warnings)
            found = found || w.toObject()["code"].toString() == "search-path-writable";
        QVERIFY2(found, r.out);
        QVERIFY(QFile::setPermissions(m_toolkit + "/bin", QFileDevice::Permissions(0x7755)));
        if (::geteuid() != 0)
            return;  // a toolkit of a standard user is theirs to write: warned, rightly
        const CliRun ok = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        QVERIFY2(!ok.out.contains("search-path-writable"), ok.out);
    }

    void noPathLeavesPathAlone()
    {
        const QByteArray pathBefore = readAll(m_pathFile);
        QCOMPARE(cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--no-path"}).exitCode, 0);
        QCOMPARE(readAll(m_pathFile), pathBefore);
    }

    void targetBlockedIsExit3()
    {
        QDir().mkpath(m_toolkit + "/bin/cudnn64_8.dll");
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("target-blocked"));
        QCOMPARE(manifest(m_toolkit), before);
    }

    void repairUsesRecordedArchive()
    {
        QCOMPARE(cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}).exitCode, 0);
        const QByteArray good = readAll(m_toolkit + "/bin/cudnn64_8.dll");
        QFile::remove(m_toolkit + "/bin/cudnn64_8.dll");
        const CliRun r = cli({"repair", "--toolkit", m_toolkit});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QCOMPARE(readAll(m_toolkit + "/bin/cudnn64_8.dll"), good);
    }

    // The helper mode, run directly as the elevated side would be: the intent only, no plan.
    // A Linux standalone prefix through the command line: `install --prefix` creates it, the
    // elevated helper takes it with --new-prefix (the intent) and refuses it without, and
    // `uninstall --toolkit` (accepted by the record) takes it away again.
    void standalonePrefixThroughTheCli()
    {
        const QString tarball = m_dir->path() + "/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz";
        std::string error;
        QVERIFY2(cudnnsetup::fixtures::writeTar(tarball.toStdString(),
                                                cudnnsetup::fixtures::cudnnLinuxRelease({}),
                                                cudnnsetup::fixtures::TarCompression::Xz, &error),
                 error.c_str());
        const QString opt = QDir(m_dir->path()).canonicalPath() + "/opt";
        QVERIFY(QDir().mkpath(opt));
        QVERIFY(QFile::setPermissions(opt, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                               QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QString conf = m_dir->path() + "/ld.so.conf.d";
        QVERIFY(QDir().mkpath(conf));
        QProcessEnvironment env = helperEnv();  // no Windows PATH file: ld.so.conf.d is the search path here
        env.insert("CUDNN_SETUP_LDSOCONF_DIR", conf);
        env.insert("CUDNN_SETUP_LDCONFIG", "/bin/true");

        const CliRun both = cli({"install", tarball, "--toolkit", m_toolkit, "--prefix", opt + "/x", "--allow-unknown"}, &env);
        QCOMPARE(both.exitCode, 2);
        QVERIFY(!QFileInfo::exists(opt + "/x"));

        const QString prefix = opt + "/cudnn-9.19";
        const CliRun in = cli({"install", tarball, "--prefix", prefix, "--allow-unknown"}, &env);
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        QCOMPARE(QFile::symLinkTarget(prefix + "/lib64/libcudnn.so.9"), prefix + "/lib64/libcudnn.so.9.19.0");
        QCOMPARE(QDir(conf).entryList(QDir::Files).size(), 1);
        const CliRun out = cli({"uninstall", "--toolkit", prefix}, &env);
        QVERIFY2(out.exitCode == 0, out.out + out.err);
        QVERIFY(!QFileInfo::exists(prefix));
        QVERIFY(QDir(conf).entryList(QDir::Files).isEmpty());

        // The elevated helper (no test hook: --no-path keeps /etc/ld.so.conf.d out of it).
        QProcessEnvironment h = helperEnv();
        const CliRun dry = cli({"install", tarball, "--prefix", prefix, "--allow-unknown", "--no-path", "--dry-run"}, &h);
        QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
        QVERIFY(!QFileInfo::exists(prefix));
        const QJsonObject doc = dry.json().object();
        const QStringList intent{"--operation", "install",
                                 "--archive", tarball, "--toolkit", prefix, "--allow-unknown", "--no-path",
                                 "--transaction", doc["plan"].toObject()["transaction"].toString(),
                                 "--plan-digest", doc["plan_digest"].toString()};
        const CliRun without = runHelper(m_state, intent, h);
        QVERIFY2(without.exitCode == 2 && without.out.contains("not-a-toolkit"), without.out + without.err);
        QVERIFY(!QFileInfo::exists(prefix));
        const CliRun with = runHelper(m_state, intent + QStringList{"--new-prefix"}, h);
        QVERIFY2(with.exitCode == 0, with.out + with.err);
        QVERIFY(QFileInfo(prefix + "/include/cudnn.h").isFile());
        const CliRun gone = cli({"uninstall", "--toolkit", prefix}, &h);
        QVERIFY2(gone.exitCode == 0, gone.out + gone.err);
        QVERIFY(!QFileInfo::exists(prefix));
    }

    void elevatedHelperApplies()
    {
        const Reviewed r = review(m_toolkit);
        QCOMPARE(r.digest.size(), 64);
        const CliRun run = helper(m_toolkit, r);
        QVERIFY2(run.exitCode == 0, run.out + run.err);
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
        QVERIFY2(!run.out.contains("plan-changed"), run.out);
    }

    // The helper trusts the journal and records in the state folder, so it refuses a folder others
    // can write or that belongs to somebody else, and leaves it as it is (issue 29: it used to
    // tighten an existing folder to 0755, which turned a 0700 one world-listable and a 1777 one 0755).
    void elevatedHelperGuardsTheStateFolder()
    {
        const Reviewed r = review(m_toolkit);
        QVERIFY(QDir().mkpath(m_state));
        QVERIFY(QFile::setPermissions(m_state, QFileDevice::Permissions(0x7777)));  // world-writable
        const CliRun open = helper(m_toolkit, r);
        QCOMPARE(open.exitCode, 2);
        QVERIFY2(open.out.contains("state-dir-access"), open.out + open.err);
        QVERIFY(QFileInfo(m_state).permissions() & QFileDevice::WriteOther);  // not changed
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
        QVERIFY(QFile::setPermissions(m_state, QFileDevice::Permissions(0x7755)));
        const CliRun ok = helper(m_toolkit, review(m_toolkit));
        QVERIFY2(ok.exitCode == 0, ok.out + ok.err);

        if (::geteuid() != 0)
            QSKIP("changing the owner of the state folder needs root");
        const QString foreign = m_dir->path() + "/foreign-state";
        QVERIFY(QDir().mkpath(foreign));
        QVERIFY(::chown(foreign.toLocal8Bit().constData(), 65534, 65534) == 0);
        const CliRun refused = helper(m_toolkit, review(m_toolkit), {}, foreign);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.out.contains("state-dir-access"), refused.out + refused.err);
        QVERIFY2(refused.out.contains("belongs to uid 65534"), refused.out);
    }

    // --include-extra-files through the elevated helper: the extra bin/zlibwapi.dll is placed (from the
    // archive, where nothing was), and the uninstall plan may remove it again because the record lists it.
    void extraFilesThroughTheHelper()
    {
        static QTemporaryDir archives;
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 64 * 1024;
        cudnnsetup::fixtures::ArchiveFile zlib;
        zlib.name = "cuda/bin/zlibwapi.dll";
        zlib.data = cudnnsetup::fixtures::buildPe(cudnnsetup::fixtures::PeOptions{});
        spec.extra = {zlib};
        const Release extra = makeRelease(archives.path(), spec);
        const CliRun without = cli({"install", extra.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        auto placesZlib = [](const CliRun& run) {
            for (const auto& op : run.json().object()["plan"].toObject()["operations"].toArray())
                if (op.toObject()["op"] == "place-file" && op.toObject()["path"].toString().endsWith("/bin/zlibwapi.dll"))
                    return true;
            return false;
        };
        QVERIFY2(!placesZlib(without), qPrintable(without.out));
        QVERIFY2(without.out.contains("is not copied (--include-extra-files copies it)"), qPrintable(without.out));
        QProcessEnvironment reviewEnv = helperEnv();
        const CliRun dry = cli({"install", extra.path, "--toolkit", m_toolkit, "--allow-unknown", "--include-extra-files",
                                "--dry-run"}, &reviewEnv);
        QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
        QVERIFY(placesZlib(dry));
        // The helper is told the intent only (--include-extra-files among it) and plans itself.
        const QJsonObject reviewed = dry.json().object();
        const QString canonical = QDir(m_toolkit).canonicalPath();
        auto env = helperEnv();
        const CliRun r = runHelper(m_state, {"--operation", "install", "--archive",
                                 extra.path, "--toolkit", canonical, "--allow-unknown", "--include-extra-files",
                                 "--transaction", reviewed["plan"].toObject()["transaction"].toString(), "--plan-digest",
                                 reviewed["plan_digest"].toString()},
                                env);
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(QFile::exists(m_toolkit + "/bin/zlibwapi.dll"));

        const CliRun un = cli({"uninstall", "--toolkit", m_toolkit, "--dry-run"}, &env);
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        const QJsonObject plannedUninstall = un.json().object();
        const CliRun u = runHelper(m_state, {"--operation", "uninstall",
                                 "--toolkit", canonical, "--transaction",
                                 plannedUninstall["plan"].toObject()["transaction"].toString(), "--plan-digest",
                                 plannedUninstall["plan_digest"].toString()},
                                env);
        QVERIFY2(u.exitCode == 0, u.out + u.err);
        QVERIFY(!QFile::exists(m_toolkit + "/bin/zlibwapi.dll"));
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    // Issue 12: test hooks reached the helper (CUDNN_SETUP_LDCONFIG ran through std::system as
    // root; a PATH file stood in for the system PATH). The helper reads none: with the PATH hook
    // set it still plans without it, so the reviewed (hook-free) digest matches and the file is
    // untouched. Had it read the hook, its plan would add a PATH change and be refused.
    void helperIgnoresTestHooks()
    {
        const Reviewed r = review(m_toolkit);
        const QByteArray pathBefore = readAll(m_pathFile);
        QProcessEnvironment env = m_env;  // with CUDNN_SETUP_TEST_SYSTEM_PATH_FILE
        env.insert("CUDNN_SETUP_LDCONFIG", "touch " + m_dir->path() + "/ldconfig-ran");
        env.insert("CUDNN_SETUP_TEST_OP_DELAY_MS", "5000");
        QElapsedTimer t;
        t.start();
        const CliRun run = runHelper(m_state, {"--operation", "install",
                                   "--archive", m_release.path, "--toolkit", QDir(m_toolkit).canonicalPath(),
                                   "--allow-unknown", "--transaction", r.transaction, "--plan-digest", r.digest},
                                  env);
        QVERIFY2(run.exitCode == 0, run.out + run.err);
        QCOMPARE(readAll(m_pathFile), pathBefore);
        QVERIFY(!QFile::exists(m_dir->path() + "/ldconfig-ran"));
        QVERIFY2(t.elapsed() < 30000, "the helper waited for CUDNN_SETUP_TEST_OP_DELAY_MS");
    }

    // What changes between the review and the helper's own plan, or a request that names no CUDA
    // toolkit: refused, nothing written (issue 12: "/etc" passed as a toolkit, the archive swapped
    // while the prompt is up, the toolkit changed).
    void elevatedHelperRefusesWhatWasNotReviewed_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("code");
        QTest::newRow("digest of another plan") << "digest" << 3 << "plan-changed";
        QTest::newRow("toolkit changed after review") << "toolkit" << 3 << "plan-changed";
        QTest::newRow("archive swapped after review") << "archive" << 3 << "plan-changed";
        QTest::newRow("not a CUDA toolkit") << "notoolkit" << 2 << "not-a-toolkit";
        QTest::newRow("a system folder as toolkit") << "etc" << 2 << "not-a-toolkit";
        QTest::newRow("toolkit given through a link") << "link" << 2 << "not-a-toolkit";
        QTest::newRow("transaction that is a path") << "tx" << 2 << "helper-usage";
    }
    void elevatedHelperRefusesWhatWasNotReviewed()
    {
        QFETCH(QString, what);
        QFETCH(int, exitCode);
        QFETCH(QString, code);
        QString toolkit = m_toolkit;
        // The archive the user reviewed, at a path of this test (the "archive" row replaces its bytes).
        const QString archive = m_dir->path() + "/reviewed.zip";
        QVERIFY(QFile::copy(m_release.path, archive));
        Reviewed r = review(m_toolkit, archive);
        if (what == "digest")
            r.digest = QString(64, 'a');
        if (what == "toolkit")
            writeAll(m_toolkit + "/include/cudnn.h", "user's own header");
        if (what == "notoolkit") {
            toolkit = m_dir->path() + "/plain";
            QDir().mkpath(toolkit + "/bin");
        }
        if (what == "etc")
            toolkit = "/etc";
        if (what == "link") {
            toolkit = m_dir->path() + "/link";
            QVERIFY(QFile::link(m_toolkit, toolkit));
        }
        if (what == "tx")
            r.transaction = "../../x";
        if (what == "archive") {
            // Another release under the reviewed name, as if swapped while the prompt was up.
            cudnnsetup::fixtures::ReleaseSpec spec;
            spec.dllBodyBytes = 32 * 1024;
            QVERIFY(QDir().mkpath(m_dir->path() + "/other"));
            const QString other = makeRelease(m_dir->path() + "/other", spec).path;
            QVERIFY(QFile::remove(archive));
            QVERIFY(QFile::copy(other, archive));
        }
        const QStringList before = manifest(m_toolkit);
        const QStringList etcBefore = QDir("/etc").entryList(QDir::AllEntries | QDir::Hidden);
        QStringList args{"--operation", "install", "--archive",
                         archive, "--toolkit", what == "link" ? toolkit : QDir(toolkit).canonicalPath(),
                         "--allow-unknown", "--transaction", r.transaction, "--plan-digest", r.digest};
        const CliRun run = runHelper(m_state, args, helperEnv());
        QVERIFY2(run.exitCode == exitCode, run.out + run.err);
        QCOMPARE(run.json().object()["problems"].toArray().at(0).toObject()["code"].toString(), code);
        QCOMPARE(manifest(m_toolkit), before);
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
        QCOMPARE(QDir("/etc").entryList(QDir::AllEntries | QDir::Hidden), etcBefore);
    }

    void elevationThroughLauncher()
    {
        QProcessEnvironment env = helperEnv();
        env.insert("CUDNN_SETUP_ELEVATOR", "env");  // "env PROGRAM ARGS" runs the helper as is
        const CliRun ok = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}, &env);
        QVERIFY2(ok.exitCode == 0, ok.out + ok.err);
        QVERIFY(ok.json().object()["ok"].toBool());
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    // A repair from the recorded archive through the helper: the tool checked the archive
    // against the recorded hash, the helper (whose intent names the archive, not the hash) did
    // not, and refused every such repair as plan-changed. Both sides now use the recorded hash.
    void repairThroughLauncherUsesTheRecordedArchive()
    {
        QProcessEnvironment env = helperEnv();  // the same PATH (none) on both sides
        const CliRun in = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}, &env);
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        const QByteArray good = readAll(m_toolkit + "/bin/cudnn64_8.dll");
        writeAll(m_toolkit + "/bin/cudnn64_8.dll", "damaged");
        env.insert("CUDNN_SETUP_ELEVATOR", "env");
        const CliRun r = cli({"repair", "--toolkit", m_toolkit}, &env);
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(r.json().object()["ok"].toBool());
        QCOMPARE(readAll(m_toolkit + "/bin/cudnn64_8.dll"), good);
    }

    void elevationRefusedIsExit4()
    {
        const QString refuse = m_dir->path() + "/refuse.sh";
        writeAll(refuse, "#!/bin/sh\nexit 126\n");
        QFile::setPermissions(refuse, QFile::ReadOwner | QFile::ExeOwner | QFile::WriteOwner);
        QProcessEnvironment env = m_env;
        env.insert("CUDNN_SETUP_ELEVATOR", refuse);
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}, &env);
        QCOMPARE(r.exitCode, 4);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("elevation-refused"));
        QCOMPARE(manifest(m_toolkit), before);
    }

    // A second command must not take the first one's live journal for an interrupted one.
    void secondTransactionWhileOneRunsIsBusy()
    {
        QProcessEnvironment slow = m_env;
        slow.insert("CUDNN_SETUP_TEST_OP_DELAY_MS", "60");
        QProcess first;
        first.setProcessEnvironment(slow);
        first.start(cudnnsetup::testpaths::cli(),
                    {"--json", "--state-dir", m_state, "install", m_release.path, "--toolkit", m_toolkit, "--sha256",
                     sha()});
        QVERIFY(first.waitForStarted());
        const QString placed = m_toolkit + "/bin/cudnn_adv_infer64_8.dll";
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_state + "/journal.json") && QFile::exists(placed), 60000);
        QVERIFY2(first.state() == QProcess::Running, "the first install ended before the others ran");
        const QByteArray journal = readAll(m_state + "/journal.json");

        const CliRun recover = cli({"recover"});
        QVERIFY2(recover.exitCode == 3, recover.out + recover.err);
        const QJsonObject doc = recover.json().object();
        QCOMPARE(doc["ok"].toBool(true), false);
        const QJsonObject problem = doc["problems"].toArray().at(0).toObject();
        QCOMPARE(problem["code"].toString(), QStringLiteral("busy"));
        QVERIFY2(problem["message"].toString().contains(QString::number(first.processId())),
                 qPrintable(problem["message"].toString()));
        const CliRun again = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", sha()});
        QVERIFY2(again.exitCode == 3, again.out + again.err);
        QCOMPARE(again.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("busy"));
        QVERIFY(QFile::exists(placed));  // nothing of the running install was undone
        QVERIFY(QFile::exists(m_state + "/journal.json"));

        QVERIFY(first.waitForFinished(120000));
        QVERIFY2(first.exitCode() == 0, first.readAllStandardOutput() + first.readAllStandardError());
        QVERIFY(!journal.isEmpty());
        QVERIFY(!QFile::exists(m_state + "/journal.json"));
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn_cnn_infer64_8.dll"));
        // The lock went with the process: the next command runs.
        const CliRun un = cli({"uninstall", "--toolkit", m_toolkit});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
    }

    // Issue 12: a journal dropped into the state folder named a folder of root's as a work folder
    // (its undo: a recursive delete) and a file outside the toolkit; recover replayed it. Now a
    // journal is validated like a plan first: nothing of it is undone, the command says why.
    void forgedJournalIsNotReplayed()
    {
        const QString victim = m_dir->path() + "/victim";
        QVERIFY(QDir().mkpath(victim + "/keep"));
        writeAll(victim + "/keep/file", "root's");
        const QString tk = QDir(m_toolkit).canonicalPath();
        const QString tx = "20261201T000000Z-abcdef";
        QJsonObject op{{"op", "create-directory"}, {"path", victim}, {"work_dir", true}};
        QJsonObject plan{{"format", 1}, {"kind", "install"}, {"toolkit", tk}, {"state_dir", m_state},
                         {"transaction", tx}, {"work_dir", tk + "/.cudnn-setup/" + tx},
                         {"staging_dir", tk + "/.cudnn-setup/" + tx + "/staging"},
                         {"backup_dir", tk + "/.cudnn-setup/" + tx + "/backup"}, {"record_path", ""},
                         {"archive", QJsonValue()}, {"operations", QJsonArray{op}}};
        QJsonObject journal{{"format", 1}, {"status", "applying"}, {"started", 0}, {"plan", plan}};
        QVERIFY(QDir().mkpath(m_state));
        writeAll(m_state + "/journal.json", QJsonDocument(journal).toJson());
        const CliRun r = cli({"recover"});
        QVERIFY2(r.exitCode == 5, r.out + r.err);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("unsafe-plan"));
        QVERIFY(QFile::exists(victim + "/keep/file"));
        // Every mutating command recovers first: it refuses too, and the victim stays.
        const CliRun in = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"});
        QVERIFY2(in.exitCode == 5, in.out + in.err);
        QVERIFY(QFile::exists(victim + "/keep/file"));
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    void recoverWithNothingToDo()
    {
        const CliRun r = cli({"recover"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().object()["ok"].toBool());
    }
};

QTEST_GUILESS_MAIN(TestCliInstall)
#include "tst_cli_install.moc"
