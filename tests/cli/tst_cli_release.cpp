// A release build honours no test hook (issue 12): the console tool with the hooks compiled out
// (CUDNN_SETUP_TEST_HOOKS off in core/common/testhooks.cpp, the only file that reads it: the
// cudnn-setup-cli-hooks-off target of a test build, app/CMakeLists.txt) runs real installs with each hook set, and none takes effect —
// the PATH file is never written, the kill point never kills, the delay never waits, the
// substitute elevator and ldconfig commands never run, the ld.so.conf.d folder is not moved.
// Each row is run again with this build's own (hooks-on) binary to show that the same
// variable does take effect there: the observation is real, not a test that cannot fail.
// The build makes it beside the hooks-on tool; without it the test skips.
#include "clirunner.h"
#include "testpaths.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "installfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace installtest;

namespace {

const QString kReleaseCli = cudnnsetup::testpaths::releaseCli();
const QString kHooksCli = cudnnsetup::testpaths::cli();
// A release install here takes about a second; a hook that was honoured (ten minutes before each
// step) is killed at this timeout, well inside Qt Test's five minutes per test function.
constexpr int kTimeoutMs = 120000;

struct Run {
    int exitCode = -1;  // -2: still running after the timeout (killed); -3: it crashed or was killed
    QByteArray out;
};

// stdout and stderr together: what a row prints when it fails.
Run runMerged(const QString& program, const QStringList& args, const QProcessEnvironment& env, int timeoutMs)
{
    const CliRun c = ::runProgram(program, args, env, timeoutMs);
    return Run{c.exitCode, c.out + c.err};
}

QProcessEnvironment cleanEnv()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* hook : {"CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", "CUDNN_SETUP_LDSOCONF_DIR", "CUDNN_SETUP_LDCONFIG",
                             "CUDNN_SETUP_TEST_KILL_AT", "CUDNN_SETUP_TEST_OP_DELAY_MS", "CUDNN_SETUP_ELEVATOR",
                             "CUDNN_SETUP_LIBCUDA", "CUDNN_SETUP_LIBNVML"})
        env.remove(hook);
    return env;
}

// As root, the release build keeps its state only in /var/lib/cudnn-setup or below (issue 29:
// state-dir-outside): its installs run in a private mount namespace (unshare -m, root only) with
// a tmpfs there, so that the host's state folder is never touched. Other users: as they are.
const QString kRootState = QStringLiteral("/var/lib/cudnn-setup");

bool asRoot()
{
    return ::geteuid() == 0;
}

// The mount point itself, made when the host has none (removed again by cleanupTestCase).
bool rootStateMountPoint(bool* made)
{
    *made = !QFileInfo::exists(kRootState);
    return QDir().mkpath(kRootState);
}

Run runRelease(const QStringList& args, const QProcessEnvironment& env, int timeoutMs)
{
    if (!asRoot())
        return runMerged(kReleaseCli, args, env, timeoutMs);
    QStringList wrapped{"-m", "--propagation", "private", "sh", "-c",
                        "mount -t tmpfs -o mode=0755 tmpfs " + kRootState + " || exit 99; exec \"$@\"", "sh",
                        kReleaseCli};
    return runMerged("unshare", wrapped << args, env, timeoutMs);
}

QString linuxToolkit(const QString& toolkit)
{
    return QString::fromStdString(cudnnsetup::fixtures::buildLinuxCudaToolkit(toolkit.toStdString()));
}

}  // namespace

class TestCliRelease : public QObject {
    Q_OBJECT
    QTemporaryDir m_archives;
    Release m_release;
    QString m_tarball;
    bool m_madeRootState = false;

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(kReleaseCli))
            QSKIP(qPrintable("no hooks-off console tool at " + kReleaseCli +
                             " (cmake --build --preset ci --target cudnn-setup-cli-hooks-off)"));
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 16 * 1024;
        m_release = makeRelease(m_archives.path(), spec);
        m_tarball = m_archives.filePath(QString::fromStdString(cudnnsetup::fixtures::linuxArchiveName({})));
        std::string error;
        QVERIFY2(cudnnsetup::fixtures::writeTar(m_tarball.toStdString(), cudnnsetup::fixtures::cudnnLinuxRelease({}),
                                                cudnnsetup::fixtures::TarCompression::Xz, &error),
                 error.c_str());
        if (asRoot())
            QVERIFY(rootStateMountPoint(&m_madeRootState));
    }

    void cleanupTestCase()
    {
        if (m_madeRootState)
            QDir().rmdir(kRootState);  // empty: only the namespaces' tmpfs was ever in it
    }

    // One hook per row on a real install into a Windows-layout toolkit (its PATH is left alone on
    // Linux unless the PATH-file hook stands in for it).
    void windowsLayoutInstallIgnoresTheHook_data()
    {
        QTest::addColumn<QString>("hook");
        QTest::addColumn<QString>("value");  // DIR is the scratch folder
        QTest::addColumn<bool>("control");   // also show it working in the hooks-on build
        QTest::newRow("system PATH file") << "CUDNN_SETUP_TEST_SYSTEM_PATH_FILE" << "DIR/path.txt" << true;
        QTest::newRow("kill at the commit mark") << "CUDNN_SETUP_TEST_KILL_AT" << "commit" << true;
        QTest::newRow("elevator") << "CUDNN_SETUP_ELEVATOR" << "DIR/elevator.sh" << true;
        // Ten minutes before each step: the run below would be killed at its timeout. Not run
        // against the hooks-on build (that would take the ten minutes).
        QTest::newRow("delay before each step") << "CUDNN_SETUP_TEST_OP_DELAY_MS" << "600000" << false;
    }
    void windowsLayoutInstallIgnoresTheHook()
    {
        QFETCH(QString, hook);
        QFETCH(QString, value);
        QFETCH(bool, control);
        for (const QString& cli : control ? QStringList{kReleaseCli, kHooksCli} : QStringList{kReleaseCli}) {
            const bool release = cli == kReleaseCli;
            QTemporaryDir dir;
            const QString toolkit = dir.filePath("v11.3");
            makeToolkit(toolkit);
            const QString pathFile = dir.filePath("path.txt");
            const QByteArray pathBefore = "C:\\Windows;C:\\cuda\\v10.2\\bin";
            writeAll(pathFile, pathBefore);
            const QString sentinel = dir.filePath("elevator-ran");
            const QString elevator = dir.filePath("elevator.sh");
            QVERIFY(cudnnsetup::fixtures::writeShellScript(elevator.toStdString(),
                                                           "touch '" + sentinel.toStdString() + "'; exit 1"));
            QProcessEnvironment env = cleanEnv();
            env.insert(hook, QString(value).replace("DIR", dir.path()));
            const QStringList args{"--json", "--state-dir", release && asRoot() ? kRootState + "/state" : dir.filePath("state"),
                                   "install", m_release.path, "--toolkit", toolkit, "--allow-unknown"};
            const Run r = release ? runRelease(args, env, kTimeoutMs) : runMerged(cli, args, env, kTimeoutMs);
            const QString what = (release ? "release build: " : "hooks-on build: ") + hook + "\n" + r.out;
            if (release) {
                // Installed, to the end, by this very process, and nothing redirected.
                QVERIFY2(r.exitCode == 0, qPrintable(what));
                QVERIFY2(QFile::exists(toolkit + "/bin/cudnn64_8.dll"), qPrintable(what));
                QVERIFY2(readAll(pathFile) == pathBefore, qPrintable("the PATH file was written: " + what));
                QVERIFY2(!QFile::exists(sentinel), qPrintable("the elevator ran: " + what));
                const QJsonObject doc = QJsonDocument::fromJson(r.out.left(r.out.lastIndexOf('}') + 1)).object();
                QVERIFY2(!doc.isEmpty(), qPrintable(what));
                QCOMPARE(doc["ok"].toBool(), true);
                continue;
            }
            // The control: the hooks-on build does what the hook says.
            if (hook == "CUDNN_SETUP_TEST_SYSTEM_PATH_FILE")
                QVERIFY2(r.exitCode == 0 && readAll(pathFile) != pathBefore, qPrintable(what));
            else if (hook == "CUDNN_SETUP_TEST_KILL_AT")
                QVERIFY2(r.exitCode == -3, qPrintable("not killed: " + what));
            else if (hook == "CUDNN_SETUP_ELEVATOR")
                QVERIFY2(QFile::exists(sentinel) && r.exitCode != 0, qPrintable("the elevator did not run: " + what));
        }
    }

    // ld.so.conf.d and ldconfig. The release binary writes /etc/ld.so.conf.d and runs
    // /sbin/ldconfig whatever the hooks say, so the real install runs in a private mount
    // namespace (unshare -m, root only) with a tmpfs over /etc/ld.so.conf.d and a stand-in bound
    // over /sbin/ldconfig: nothing of the host's changes.
    void linuxInstallIgnoresTheLdSoConfHooks()
    {
        QTemporaryDir dir;
        const QString root = QFileInfo(dir.path()).canonicalFilePath();
        const QString toolkit = linuxToolkit(root + "/cuda-13.0");
        const QString hookDir = root + "/hook-ld.so.conf.d";
        QVERIFY(QDir().mkpath(hookDir));
        const QString sentinel = root + "/hook-ldconfig-ran";
        QProcessEnvironment env = cleanEnv();
        env.insert("CUDNN_SETUP_LDSOCONF_DIR", hookDir);
        env.insert("CUDNN_SETUP_LDCONFIG", "touch '" + sentinel + "'");
        const auto install = [&](const QString& tk, const QString& state) {
            return QStringList{"--json", "--state-dir", state, "install", m_tarball, "--toolkit", tk, "--allow-unknown"};
        };

        // Any user: the dry run names /etc/ld.so.conf.d, not the hook's folder.
        const Run dry = runMerged(kReleaseCli, install(toolkit, root + "/state-dry") << "--dry-run", env, kTimeoutMs);
        QVERIFY2(dry.exitCode == 0, dry.out.constData());
        QVERIFY2(dry.out.contains("\"/etc/ld.so.conf.d/cudnn-setup-"), dry.out.constData());
        QVERIFY2(!dry.out.contains(hookDir.toUtf8()), dry.out.constData());

        if (::geteuid() != 0)
            QSKIP("the real install needs a private mount namespace (unshare -m), which needs root");
        const QString fakeLog = root + "/sbin-ldconfig-ran";
        const QString fake = root + "/fake-ldconfig";
        QVERIFY(cudnnsetup::fixtures::writeShellScript(fake.toStdString(), "echo ran >> '" + fakeLog.toStdString() + "'"));
        const QString listing = root + "/etc-ld.so.conf.d";
        QStringList args{"-m", "--propagation", "private", "sh", "-c",
                         "mount -t tmpfs tmpfs /etc/ld.so.conf.d && mount --bind \"$1\" /sbin/ldconfig && "
                         "mount -t tmpfs -o mode=0755 tmpfs /var/lib/cudnn-setup || exit 99; "
                         "shift; out=\"$1\"; shift; \"$@\"; rc=$?; ls /etc/ld.so.conf.d > \"$out\"; exit $rc",
                         "sh", fake, listing, kReleaseCli};
        args << install(toolkit, kRootState + "/state");
        const Run r = runMerged("unshare", args, env, kTimeoutMs);
        if (r.exitCode == 99 || (r.exitCode != 0 && r.out.contains("unshare")))
            QSKIP(qPrintable("no private mount namespace here (unshare -m / mount refused): " + r.out));
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY2(QDir(hookDir).isEmpty(), "the release build wrote into CUDNN_SETUP_LDSOCONF_DIR");
        QVERIFY2(!QFile::exists(sentinel), "the release build ran CUDNN_SETUP_LDCONFIG");
        QVERIFY2(QFile::exists(fakeLog), "the release build did not run /sbin/ldconfig");
        QVERIFY2(readAll(listing).startsWith("cudnn-setup-"), readAll(listing).constData());

        // The control, outside any namespace (the hooks keep it in the scratch folder), into a
        // toolkit of its own: the hooks-on build writes the hook's folder and runs the hook's command.
        const Run h = runMerged(kHooksCli, install(linuxToolkit(root + "/cuda-13.0-control"), root + "/state-control"),
                                 env, kTimeoutMs);
        QVERIFY2(h.exitCode == 0, h.out.constData());
        QCOMPARE(QDir(hookDir).entryList(QDir::Files).size(), 1);
        QVERIFY(QFile::exists(sentinel));
    }
};

QTEST_GUILESS_MAIN(TestCliRelease)
#include "tst_cli_release.moc"
