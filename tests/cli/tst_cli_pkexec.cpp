// The Linux elevation for real: a standard user (`nobody`) runs the release cudnn-setup-cli on a
// root-owned toolkit, the tool starts itself through the real, setuid /usr/bin/pkexec, and pkexec
// asks the real polkitd on a real system bus. No test hook is involved: pkexec clears the
// environment and the release build reads none. The CUDNN_SETUP_ELEVATOR tests stand in for pkexec
// everywhere else; this one shows that the stand-in behaves as the real thing does.
//
// Each row runs in a private mount and PID namespace (unshare -m -p, root only) with tmpfs over
// /run/dbus, /etc/polkit-1/rules.d, /etc/ld.so.conf.d and /var/lib/cudnn-setup, and a stand-in over
// /sbin/ldconfig. The host's bus, polkit rules, linker configuration and install state are never
// touched, and the bus and polkitd started there end with the namespace.
//   granted: a polkit rule lets `nobody` run exactly this binary; install, then uninstall, leave
//            the toolkit as it was, the installed files are root's, the linker file comes and goes.
//   prefix:  the same for a new standalone prefix (--prefix; the helper's --new-prefix).
//   refused: no rule and no authentication agent: pkexec says 127, the tool exits 4 with
//            elevation-refused, and the toolkit is byte-identical.
//   interrupted: a killed helper's journal, as the standard user sees it: `recover`, an install
//            again, the wizard's Welcome page and its Recover (InstallService, run as nobody by
//            this program's own --wizard-* modes) all roll it back through pkexec.
// Issue 29, the attacks of a user who may run the binary through pkexec with arguments of their
// own choosing (the grant rule), each refused with nothing changed:
//   helperCommandLineRefused: --log FILE (append to a root file), --state-dir, an unknown option,
//            any command but the helper's: exit 2 before anything is opened;
//   helperReadsAreBounded: --manifest /dev/zero or a FIFO: refused at once, in bounded memory;
//   searchPathNeedsARealToolkit: a toolkit with only a version file (the user's, or root's) is not
//            put on the linker's search path;
//   terminalSignalsDoNotReachTheHelper: ^Z and a hang-up of the user's terminal while the helper
//            runs: it is in a session of its own and finishes the install;
//   archiveSwappedUnderTheHelperIsNotRead: another release renamed over the archive's name while
//            the helper is held at its first read of it: the helper reads only the file it opened.
// Skipped, with the reason, without root, unshare, pkexec, polkitd or dbus-daemon
// (scripts/deps.sh test installs them), or without the release build (scripts/test.sh builds it).
#include "clirunner.h"
#include "testpaths.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "install/plan.h"
#include "installfixture.h"
#include "wizard/archiveservice.h"
#include "wizard/installservice.h"
#include "wizard/machineservice.h"

#include <QCryptographicHash>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>

#include <sys/fanotify.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>

#include <string>

using installtest::manifest;  // every path below a root: type, size, permissions, SHA-256

namespace {

const QString kReleaseCli = cudnnsetup::testpaths::releaseCli();
const QString kPkexec = QStringLiteral("/usr/bin/pkexec");
const QString kPolkitd = QStringLiteral("/usr/lib/polkit-1/polkitd");
constexpr int kTimeoutMs = 240000;

QString quoted(const QString& s)
{
    return "'" + QString(s).replace("'", "'\\''") + "'";
}

QString quoted(const QStringList& args)
{
    QStringList q;
    for (const QString& a : args)
        q << quoted(a);
    return q.join(' ');
}

// The namespace's script: $1 the polkit rule ("" for none), $2 the stand-in ldconfig, $3 the
// results folder; then the lines that run the tool as nobody. 9x: the namespace could not be made.
// $4, when given, is a polkit action file added (in the namespace only) to polkit's own before
// polkitd starts.
const char* const kScript = R"(set -u
rule=$1 fake=$2 out=$3 action=${4:-}
for d in /run/dbus /etc/polkit-1/rules.d /etc/ld.so.conf.d /var/lib/cudnn-setup; do
  mkdir -p "$d" && mount -t tmpfs -o mode=0755 tmpfs "$d" || exit 99
done
mount --bind "$fake" /sbin/ldconfig || exit 99
if [ -n "$action" ]; then
  mkdir -p "$out/actions" && cp /usr/share/polkit-1/actions/* "$action" "$out/actions/" &&
    mount --bind "$out/actions" /usr/share/polkit-1/actions || exit 99
fi
[ -z "$rule" ] || printf '%s\n' "$rule" > /etc/polkit-1/rules.d/50-cudnn-setup-test.rules
dbus-daemon --system --fork --nopidfile || exit 98
/usr/lib/polkit-1/polkitd --no-debug > "$out/polkitd.log" 2>&1 &
i=0
until dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
      string:org.freedesktop.PolicyKit1 2>/dev/null | grep -q 'boolean true'; do
  i=$((i + 1)); [ $i -le 200 ] || exit 97; sleep 0.05
done
asNobody() { name=$1; shift; (cd / && runuser -u nobody -- "$@" > "$out/$name.out" 2> "$out/$name.err"); echo $? > "$out/$name.rc"; }
)";

}  // namespace

// This program as nobody, the wizard's side: `--wizard-detect STATE TOOLKIT` prints what the Welcome
// page is told (an interrupted transaction? a record for the toolkit?); `--wizard-recover STATE HELPER`
// runs its Recover; `--wizard-install STATE HELPER TOOLKIT ARCHIVE` verifies, plans (the Review page)
// and installs what was reviewed. One JSON line each.
template <typename T>
T waitFor(cudnnsetup::wizard::Task<T>* task)
{
    QEventLoop loop;
    QObject::connect(task, &cudnnsetup::wizard::TaskBase::finished, &loop, &QEventLoop::quit);
    if (task->isRunning())
        loop.exec();
    return task->result();
}

void addOutcome(QJsonObject& out, const cudnnsetup::wizard::OutcomeView& v)
{
    out["ok"] = v.ok;
    out["exit_code"] = v.exitCode;
    out["elevated"] = v.elevated;
    out["headline"] = v.headline;
    QJsonArray codes;
    for (const cudnnsetup::wizard::ProblemView& p : v.problems)
        codes << p.code;
    out["problems"] = codes;
}

int wizardChild(int argc, char** argv)
{
    using namespace cudnnsetup::wizard;
    QCoreApplication app(argc, argv);
    const QString mode = argv[1], stateDir = argv[2], other = argv[3];
    QJsonObject out;
    if (mode == "--wizard-install") {  // STATE HELPER TOOLKIT ARCHIVE: verify, review the plan, install
        const ArchiveReport a = waitFor(ArchiveService::verify(argv[5], QString(), QString(), &app));
        InstallRequest r;
        r.archive = argv[5];
        r.toolkit = argv[4];
        r.allowUnknown = true;
        r.stateDir = stateDir;
        r.helperProgram = other;
        r.verified = a.core;
        const PlanView plan = waitFor(InstallService::plan(r, &app));
        out["plan_error"] = plan.error;
        out["needs_admin"] = plan.needsAdmin;
        r.plan = plan.core;
        addOutcome(out, waitFor(InstallService::run(Operation::Install, r, &app)));
    } else if (mode == "--wizard-detect") {
        MachineRequest request;
        request.extraRoots = {other};
        request.scanSystem = false;
        request.stateDir = stateDir;
        const MachineView m = waitFor(MachineService::detect(request, &app));
        out["interrupted"] = m.interruptedTransaction;
        out["interrupted_text"] = m.interruptedText;
        for (const ToolkitView& t : m.toolkits)
            if (QFileInfo(t.path).canonicalFilePath() == QFileInfo(other).canonicalFilePath())
                out["has_record"] = t.hasRecord;
    } else {
        InstallRequest r;
        r.stateDir = stateDir;
        r.helperProgram = other;
        addOutcome(out, waitFor(InstallService::run(Operation::Recover, r, &app)));
    }
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return 0;
}

// `--fanotify-hold FILE FOLDER`, run as root in the namespace: holds the elevated helper at its first
// read of FILE (a fanotify permission event: the read waits for our answer) until FOLDER/release
// exists, having said so in FOLDER/held; every other process's reads are let through at once. The
// hold is why the swap in archiveSwappedUnderTheHelperIsNotRead happens after the helper opened the
// archive and before it read it, whatever the machine's speed. FOLDER/ready: marked, listening.
int fanotifyHold(const char* file, const std::string& folder)
{
    const int group = ::fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC, O_RDONLY);
    if (group < 0 || ::fanotify_mark(group, FAN_MARK_ADD, FAN_ACCESS_PERM, AT_FDCWD, file) != 0) {
        std::perror("fanotify");
        return 1;
    }
    auto touch = [&](const char* name) { ::close(::open((folder + "/" + name).c_str(), O_WRONLY | O_CREAT, 0644)); };
    touch("ready");
    for (;;) {
        alignas(fanotify_event_metadata) char buffer[4096];
        ssize_t len = ::read(group, buffer, sizeof buffer);
        if (len < 0 && errno == EINTR)
            continue;
        if (len <= 0)
            return 1;
        for (auto* e = reinterpret_cast<fanotify_event_metadata*>(buffer); FAN_EVENT_OK(e, len); e = FAN_EVENT_NEXT(e, len)) {
            QByteArray cmdline = readAll("/proc/" + QString::number(e->pid) + "/cmdline");
            const bool helper = cmdline.replace('\0', ' ').contains(" elevated-apply ");
            if (helper) {
                touch("held");
                std::printf("held pid %d: %s\n", e->pid, cmdline.constData());
                for (int i = 0; i < 6000 && ::access((folder + "/release").c_str(), F_OK) != 0; ++i)
                    ::usleep(10000);
            }
            const fanotify_response answer{e->fd, FAN_ALLOW};
            (void)!::write(group, &answer, sizeof answer);
            ::close(e->fd);
            if (helper) {
                ::close(group);  // the mark goes with it; any read still waiting is let through
                return 0;
            }
        }
    }
}

class TestCliPkexec : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_root, m_cli, m_tarball, m_home, m_fakeLdconfig, m_self;
    QStringList m_mountPoints;  // made on the host for the namespace's tmpfs: removed again

    // A toolkit like /usr/local/cuda, root's, that nobody may read and not write.
    QString makeToolkit(const QString& name)
    {
        return QString::fromStdString(cudnnsetup::fixtures::buildLinuxCudaToolkit((m_root + "/" + name).toStdString()));
    }

    struct Outcome {
        int rc = -1;  // of the namespace's script
        QString out;  // the results folder
        QByteArray log;
    };

    // `lines` run inside the namespace after the bus and polkitd are up (asNobody NAME CMD...).
    Outcome inNamespace(const QString& name, const QString& rule, const QStringList& lines,
                        const QString& action = QString())
    {
        Outcome o;
        o.out = m_root + "/" + name;
        QDir().mkpath(o.out);
        ::chmod(QFile::encodeName(o.out).constData(), 0777);  // nobody writes its output here
        const QString script = QString::fromLatin1(kScript) + lines.join(QLatin1Char(0x0a)) + "\nexit 0\n";
        const CliRun r = runProgram("unshare", {"-m", "-p", "-f", "--mount-proc", "--propagation", "private", "sh",
                                                "-c", script, "sh", rule, m_fakeLdconfig, o.out, action},
                                    QProcessEnvironment::systemEnvironment(), kTimeoutMs);
        o.rc = r.exitCode;
        o.log = r.out + r.err + readAll(o.out + "/polkitd.log");
        return o;
    }

    // polkit lets nobody run exactly this binary as root, without asking.
    QString grantRule() const
    {
        return "polkit.addRule(function(action, subject) {\n"
               "  if (action.id == \"org.freedesktop.policykit.exec\" && subject.user == \"nobody\" &&\n"
               "      action.lookup(\"program\") == \"" + m_cli + "\")\n"
               "    return polkit.Result.YES;\n"
               "});";
    }

    // The user's own pkexec line: whatever arguments they like, through the grant rule.
    QStringList asNobodyPkexec(const QString& name, const QStringList& cliArgs, const QString& wrapper = QString()) const
    {
        return {"asNobody " + name + " env HOME=" + quoted(m_home) + " " + wrapper + " " + kPkexec + " " + quoted(m_cli) +
                " " + quoted(cliArgs)};
    }

    static QString problemCodeText(const QJsonObject& doc)
    {
        QStringList codes;
        for (const QJsonValue p : doc["problems"].toArray())
            codes << p.toObject()["code"].toString();
        return codes.join(' ');
    }

    QStringList asNobody(const QString& name, const QStringList& cliArgs) const
    {
        return {"asNobody " + name + " env HOME=" + quoted(m_home) + " " + quoted(m_cli) + " " + quoted(cliArgs)};
    }

    // nobody runs the tool as root with arguments of their own choosing: what a polkit rule (or a
    // sudoers line) for cudnn-setup-cli allows (docs/install.md, "Threat model").
    QStringList asNobodyThroughPkexec(const QString& name, const QStringList& cliArgs) const
    {
        return {"asNobody " + name + " " + quoted(kPkexec) + " " + quoted(m_cli) + " " + quoted(cliArgs)};
    }

    static QStringList problemCodes(const QJsonObject& doc)
    {
        QStringList codes;
        for (const QJsonValue p : doc["problems"].toArray())
            codes << p.toObject()["code"].toString();
        return codes;
    }

    // A killed helper's journal in root's state folder, as interruptedElevatedTransaction makes it
    // (the hooks-on build as root, killed after its fourth step), then the listings the attack
    // must leave as they are, and the stand-in ldconfig's trace cleared.
    QStringList killedInstall(const QString& toolkit) const
    {
        return {"CUDNN_SETUP_TEST_KILL_AT=after:4 " + quoted(cudnnsetup::testpaths::cli()) + " --json install " +
                    quoted(m_tarball) + " --toolkit " + quoted(toolkit) +
                    " --allow-unknown > \"$out/killed.out\" 2>&1; echo $? > \"$out/killed.rc\"",
                "test -f /var/lib/cudnn-setup/journal.json || echo 'no journal' > \"$out/killed.out\""};
    }
    QStringList listings(const QString& toolkit, const QString& when) const
    {
        return {"find " + quoted(toolkit) + " -printf '%u %m %y %P\\n' | sort > \"$out/toolkit-" + when + "\"",
                "ls -l /etc/ld.so.conf.d > \"$out/conf-" + when + "\"",
                "find /var/lib/cudnn-setup -printf '%u %m %y %P\\n' | sort > \"$out/state-" + when + "\""};
    }

    // The wizard as nobody would run it: its state folder is the default one, in nobody's home.
    QStringList asNobodyWizard(const QString& name, const QString& mode, const QString& other) const
    {
        return {"asNobody " + name + " env HOME=" + quoted(m_home) + " QT_QPA_PLATFORM=offscreen " + quoted(m_self) +
                " " + mode + " " + quoted(m_home + "/.local/state/cudnn-setup") + " " + quoted(other)};
    }

    static QJsonObject document(const QString& out, const QString& name)
    {
        const QByteArray bytes = readAll(out + "/" + name + ".out");
        return QJsonDocument::fromJson(bytes.left(bytes.lastIndexOf('}') + 1)).object();
    }

    static int exitOf(const QString& out, const QString& name)
    {
        bool ok = false;
        const int rc = readAll(out + "/" + name + ".rc").trimmed().toInt(&ok);
        return ok ? rc : -1;
    }

    static QByteArray told(const QString& out, const QString& name)
    {
        return name.toUtf8() + " exit " + readAll(out + "/" + name + ".rc").trimmed() + "\nstdout:\n" +
               readAll(out + "/" + name + ".out") + "\nstderr:\n" + readAll(out + "/" + name + ".err");
    }

private slots:
    void initTestCase()
    {
        if (::geteuid() != 0)
            QSKIP("runs as root: it makes a mount and PID namespace and runs the tool as nobody");
        if (!QFileInfo::exists(kReleaseCli))
            QSKIP(qPrintable("no hooks-off console tool at " + kReleaseCli + " (target cudnn-setup-cli-hooks-off)"));
        struct stat st {};
        if (::stat(QFile::encodeName(kPkexec).constData(), &st) != 0 || !(st.st_mode & S_ISUID) || st.st_uid != 0)
            QSKIP("no setuid /usr/bin/pkexec (apt-get install pkexec; scripts/deps.sh test does)");
        if (!QFileInfo::exists(kPolkitd) || QStandardPaths::findExecutable("dbus-daemon").isEmpty() ||
            QStandardPaths::findExecutable("dbus-send").isEmpty())
            QSKIP("no polkitd, dbus-daemon or dbus-send (apt-get install pkexec dbus-daemon dbus-bin)");
        QVERIFY(m_dir.isValid());
        m_root = QFileInfo(m_dir.path()).canonicalFilePath();
        ::chmod(QFile::encodeName(m_root).constData(), 0755);
        // A root-owned copy nobody can run and not change; polkit's rule names exactly this file.
        m_cli = m_root + "/cudnn-setup-cli";
        QVERIFY(QFile::copy(kReleaseCli, m_cli));
        QVERIFY(QFile::setPermissions(m_cli, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                 QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        // This program, for its --wizard-* modes as nobody (who cannot enter the build folder everywhere).
        m_self = m_root + "/tst_cli_pkexec";
        QVERIFY(QFile::copy(QCoreApplication::applicationFilePath(), m_self));
        QVERIFY(QFile::setPermissions(m_self, QFile::permissions(m_cli)));
        m_tarball = m_root + "/" + QString::fromStdString(cudnnsetup::fixtures::linuxArchiveName({}));
        std::string error;
        QVERIFY2(cudnnsetup::fixtures::writeTar(m_tarball.toStdString(), cudnnsetup::fixtures::cudnnLinuxRelease({}),
                                                cudnnsetup::fixtures::TarCompression::Xz, &error),
                 error.c_str());
        ::chmod(QFile::encodeName(m_tarball).constData(), 0644);
        // nobody's own home: its unelevated state folder lives there, as a real user's does.
        m_home = m_root + "/home";
        QDir().mkpath(m_home);
        QVERIFY(QProcess::execute("chown", {"nobody", m_home}) == 0);
        m_fakeLdconfig = m_root + "/fake-ldconfig";
        // It records that it ran; while hold/ldconfig-hold exists it says so (hold/ldconfig-held) and waits
        // (at most 60 s) so that a test can act while the helper is certainly running.
        const std::string root = m_root.toStdString();
        QVERIFY(cudnnsetup::fixtures::writeShellScript(
            m_fakeLdconfig.toStdString(),
            "echo ran >> '" + root + "/ldconfig-ran'\n"
            "if [ -e '" + root + "/hold/ldconfig-hold' ]; then\n"
            "  : > '" + root + "/hold/ldconfig-held'; i=0\n"
            "  while [ -e '" + root + "/hold/ldconfig-hold' ] && [ $i -lt 1200 ]; do i=$((i + 1)); sleep 0.05; done\n"
            "fi"));
        for (const QString d : {"/run/dbus", "/etc/polkit-1/rules.d", "/etc/ld.so.conf.d", "/var/lib/cudnn-setup"})
            if (!QFileInfo::exists(d))
                m_mountPoints << d;
        // The namespace itself (root, unshare -m -p): a refusal here is the machine's, not ours.
        const CliRun probe = runProgram("unshare", {"-m", "-p", "-f", "--mount-proc", "true"},
                                        QProcessEnvironment::systemEnvironment(), 30000);
        if (probe.exitCode != 0)
            QSKIP(qPrintable("no private mount and PID namespace here (unshare -m -p): " + probe.err));
    }

    void cleanupTestCase()
    {
        for (const QString& d : m_mountPoints)
            QDir().rmdir(d);  // empty: only the namespace's tmpfs was ever in it
    }

    void grantedInstallThenUninstall()
    {
        const QString toolkit = makeToolkit("cuda-13.0");
        const QStringList before = manifest(toolkit);
        const QString rule = grantRule();
        QStringList lines = asNobody("install", {"--json", "install", m_tarball, "--toolkit", toolkit, "--allow-unknown"});
        lines << "find " + quoted(toolkit) + " -printf '%u %y %P\\n' | sort > \"$out/toolkit-after-install\"";
        lines << "ls /etc/ld.so.conf.d > \"$out/conf-after-install\"";
        lines << "cat /etc/ld.so.conf.d/* > \"$out/conf-text\" 2>/dev/null";
        lines << "ls -n /var/lib/cudnn-setup > \"$out/state-after-install\"";
        lines << asNobodyWizard("wizard-detect", "--wizard-detect", toolkit);
        lines << asNobody("uninstall", {"--json", "uninstall", "--toolkit", toolkit});
        lines << "ls /etc/ld.so.conf.d > \"$out/conf-after-uninstall\"";
        const Outcome o = inNamespace("granted", rule, lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));

        // Installed by the helper pkexec started as root: the files are root's.
        QVERIFY2(exitOf(o.out, "install") == 0, told(o.out, "install") + o.log);
        QCOMPARE(document(o.out, "install")["ok"].toBool(), true);
        const QByteArray installed = readAll(o.out + "/toolkit-after-install");
        QVERIFY2(installed.contains("\nroot f lib/libcudnn.so.9.19.0\n"), installed + told(o.out, "install"));
        QVERIFY2(installed.contains("\nroot l lib/libcudnn.so.9\n"), installed);
        QVERIFY2(installed.contains("\nroot f include/cudnn.h\n"), installed);
        QVERIFY2(!installed.contains("nobody"), installed);
        QVERIFY2(readAll(o.out + "/conf-after-install").startsWith("cudnn-setup-"), readAll(o.out + "/conf-after-install"));
        QVERIFY2(readAll(o.out + "/conf-text").contains(toolkit.toUtf8() + "/lib"), readAll(o.out + "/conf-text"));
        QVERIFY2(QFile::exists(m_root + "/ldconfig-ran"), "the helper did not run /sbin/ldconfig");

        // The wizard's Welcome page, as nobody, sees the record (in root's folder): maintenance is offered.
        QVERIFY2(exitOf(o.out, "wizard-detect") == 0, told(o.out, "wizard-detect"));
        QCOMPARE(document(o.out, "wizard-detect")["has_record"].toBool(), true);

        // Uninstalled the same way: the toolkit as it was before, the linker file gone.
        QVERIFY2(exitOf(o.out, "uninstall") == 0, told(o.out, "uninstall") + o.log);
        QCOMPARE(document(o.out, "uninstall")["ok"].toBool(), true);
        QCOMPARE(manifest(toolkit), before);
        QCOMPARE(readAll(o.out + "/conf-after-uninstall"), QByteArray());
    }

    // The helper was killed half way (power loss): its journal is in root's state folder and the
    // toolkit is half changed. Made here by the hooks-on build run as root with the kill hook, which
    // leaves exactly what a killed helper leaves. Then the standard user, with the rights granted:
    //   recover:       `recover` finds the journal in root's folder and rolls it back through
    //                  pkexec (before: "no interrupted transaction" in the user's own folder);
    //   install again: the install rolls it back through pkexec first, then installs (before: it
    //                  tried here, stopped half way with no-permission, exit 5);
    // and without the rights, `recover` is refused (exit 4) and nothing moves.
    void interruptedElevatedTransaction_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("granted");
        QTest::newRow("recover") << "recover" << true;
        QTest::newRow("install again") << "install" << true;
        QTest::newRow("recover refused") << "recover" << false;
        QTest::newRow("the wizard's Recover") << "wizard" << true;
    }
    void interruptedElevatedTransaction()
    {
        QFETCH(QString, command);
        QFETCH(bool, granted);
        const QString toolkit = makeToolkit("cuda-13.0-interrupted-" + QString(QTest::currentDataTag()).replace(' ', '-'));
        const QStringList before = manifest(toolkit);
        QStringList lines;
        lines << "CUDNN_SETUP_TEST_KILL_AT=after:4 " + quoted(cudnnsetup::testpaths::cli()) + " --json install " +
                     quoted(m_tarball) + " --toolkit " + quoted(toolkit) +
                     " --allow-unknown > \"$out/killed.out\" 2>&1; echo $? > \"$out/killed.rc\"";
        lines << "find " + quoted(toolkit) + " -printf '%P\\n' | sort > \"$out/toolkit-after-kill\"";
        lines << "test -f /var/lib/cudnn-setup/journal.json && echo journal > \"$out/journal-after-kill\"";
        const QStringList install{"--json", "install", m_tarball, "--toolkit", toolkit, "--allow-unknown"};
        if (command == "wizard") {
            lines << asNobodyWizard("wizard-detect", "--wizard-detect", toolkit);
            lines << asNobodyWizard(command, "--wizard-recover", m_cli);
        } else {
            lines << asNobody(command, command == "recover" ? QStringList{"--json", "recover"} : install);
        }
        lines << "find " + quoted(toolkit) + " -printf '%P\\n' | sort > \"$out/toolkit-after\"";
        lines << "test -f /var/lib/cudnn-setup/journal.json && echo journal > \"$out/journal-after\"";
        const Outcome o = inNamespace(QString("interrupted-") + QTest::currentDataTag(), granted ? grantRule() : QString(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        // The kill left what a killed helper leaves: a journal, and a toolkit that is half changed.
        QVERIFY2(readAll(o.out + "/killed.rc").trimmed() == "137", readAll(o.out + "/killed.out"));
        QCOMPARE(readAll(o.out + "/journal-after-kill"), QByteArray("journal\n"));
        const QByteArray halfway = readAll(o.out + "/toolkit-after-kill");
        QVERIFY2(halfway.contains(".cudnn-setup"), halfway);

        const QJsonObject doc = document(o.out, command);
        if (!granted) {
            QVERIFY2(exitOf(o.out, command) == 4, told(o.out, command) + o.log);
            QCOMPARE(doc["problems"].toArray().at(0).toObject()["code"].toString(), QString("elevation-refused"));
            QCOMPARE(readAll(o.out + "/journal-after"), QByteArray("journal\n"));
            QCOMPARE(readAll(o.out + "/toolkit-after"), halfway);
            return;
        }
        QVERIFY2(exitOf(o.out, command) == 0, told(o.out, command) + o.log);
        QCOMPARE(doc["ok"].toBool(), true);
        QCOMPARE(readAll(o.out + "/journal-after"), QByteArray());
        if (command == "wizard") {
            // The Welcome page showed "Recover now"; its Recover went through the helper.
            const QJsonObject seen = document(o.out, "wizard-detect");
            QVERIFY2(seen["interrupted"].toBool(), told(o.out, "wizard-detect"));
            QVERIFY2(seen["interrupted_text"].toString().contains(toolkit), told(o.out, "wizard-detect"));
            QVERIFY2(doc["elevated"].toBool(), told(o.out, command));
            QCOMPARE(manifest(toolkit), before);
        } else if (command == "recover") {
            QCOMPARE(doc["rolled_back"].toBool(), true);
            QCOMPARE(manifest(toolkit), before);
        } else {
            const QByteArray installed = readAll(o.out + "/toolkit-after");
            QVERIFY2(installed.contains("\nlib/libcudnn.so.9.19.0\n"), installed + told(o.out, command));
            QVERIFY2(!installed.contains(".cudnn-setup/"), installed);  // no work folder left over
            QVERIFY2(readAll(o.out + "/" + command + ".err").contains("rolled back the interrupted transaction"),
                     told(o.out, command));
        }
    }

    // The wizard's Install as nobody: the plan the Review page shows and the one the helper applies
    // must be the same plan, state folder and record included.
    void wizardInstallThroughPkexec()
    {
        const QString toolkit = makeToolkit("cuda-13.0-wizard");
        QStringList lines{"asNobody wizard env HOME=" + quoted(m_home) + " " + quoted(m_self) + " --wizard-install " +
                          quoted(m_home + "/.local/state/cudnn-setup") + " " + quoted(m_cli) + " " + quoted(toolkit) +
                          " " + quoted(m_tarball)};
        lines << "find " + quoted(toolkit) + " -printf '%u %y %P\\n' | sort > \"$out/toolkit-after-install\"";
        const Outcome o = inNamespace("wizard-install", grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        const QJsonObject doc = document(o.out, "wizard");
        QVERIFY2(exitOf(o.out, "wizard") == 0, told(o.out, "wizard"));
        QVERIFY2(doc["plan_error"].toString().isEmpty(), told(o.out, "wizard"));
        QVERIFY2(doc["needs_admin"].toBool(), told(o.out, "wizard"));
        QVERIFY2(doc["ok"].toBool() && doc["elevated"].toBool(), told(o.out, "wizard") + o.log);
        const QByteArray installed = readAll(o.out + "/toolkit-after-install");
        QVERIFY2(installed.contains("\nroot f lib/libcudnn.so.9.19.0\n"), installed);
    }

    // A new standalone prefix (`install --prefix`, the helper's --new-prefix) in a folder only root may
    // write: made by the helper, registered in ld.so.conf.d, and taken away again by the uninstall.
    void grantedNewPrefixThenUninstall()
    {
        const QString prefix = m_root + "/opt/cudnn-9.19";
        QVERIFY(QDir().mkpath(m_root + "/opt"));
        QStringList lines = asNobody("install", {"--json", "install", m_tarball, "--prefix", prefix, "--allow-unknown"});
        lines << "find " + quoted(prefix) + " -printf '%u %y %P\\n' | sort > \"$out/prefix-after-install\"";
        lines << "cat /etc/ld.so.conf.d/* > \"$out/conf-text\" 2>/dev/null";
        lines << asNobody("uninstall", {"--json", "uninstall", "--toolkit", prefix});
        lines << "ls /etc/ld.so.conf.d > \"$out/conf-after-uninstall\"";
        const Outcome o = inNamespace("prefix", grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(exitOf(o.out, "install") == 0, told(o.out, "install") + o.log);
        const QByteArray installed = readAll(o.out + "/prefix-after-install");
        QVERIFY2(installed.contains("\nroot f include/cudnn.h\n"), installed + told(o.out, "install"));
        QVERIFY2(!installed.contains("nobody"), installed);
        QVERIFY2(readAll(o.out + "/conf-text").contains(prefix.toUtf8()), readAll(o.out + "/conf-text"));
        QVERIFY2(exitOf(o.out, "uninstall") == 0, told(o.out, "uninstall") + o.log);
        QVERIFY2(!QFileInfo::exists(prefix), "the prefix the install made is still there");
        QCOMPARE(readAll(o.out + "/conf-after-uninstall"), QByteArray());
    }

    // Issue 29, finding 2: `pkexec cudnn-setup-cli --state-dir S recover` made any root folder 0755
    // (a 0700 one world-listable, a 1777 /tmp stand-in 0755). Now the helper takes no --state-dir at
    // all (helper-usage, before anything is opened), and its own folder, /var/lib/cudnn-setup, is
    // verified without being changed when it exists (state-dir-access): the mode as it was.
    void chosenStateFolderIsLeftAsItIs_data()
    {
        QTest::addColumn<QString>("dir");   // ROOT: this test's scratch folder (root's, 0755)
        QTest::addColumn<QString>("mode");  // as `stat -c %a` prints it
        QTest::addColumn<QString>("code");
        QTest::newRow("0700 folder elsewhere") << "ROOT/chosen-0700" << "700" << "helper-usage";
        QTest::newRow("1777 folder elsewhere (a /tmp)") << "ROOT/chosen-1777" << "1777" << "helper-usage";
        QTest::newRow("1777 folder below the state folder") << "/var/lib/cudnn-setup/shared" << "1777" << "helper-usage";
        // No option names these: the helper's own folder, found open to others.
        QTest::newRow("the helper's own folder 1777") << "/var/lib/cudnn-setup" << "1777" << "state-dir-access";
        QTest::newRow("the helper's own folder 0777") << "/var/lib/cudnn-setup" << "777" << "state-dir-access";
    }
    void chosenStateFolderIsLeftAsItIs()
    {
        QFETCH(QString, dir);
        QFETCH(QString, mode);
        QFETCH(QString, code);
        dir.replace("ROOT", m_root);
        QStringList lines{"rm -rf " + quoted(dir), "mkdir -p " + quoted(dir) + " && chmod " + mode + " " + quoted(dir),
                          "echo secret > " + quoted(dir + "/file") + " && chmod 0644 " + quoted(dir + "/file")};
        lines << asNobodyThroughPkexec("recover", dir == "/var/lib/cudnn-setup"
                                                     ? QStringList{"elevated-recover"}
                                                     : QStringList{"--json", "--state-dir", dir, "recover"});
        lines << "stat -c %a " + quoted(dir) + " > \"$out/mode-after\"";
        const Outcome o = inNamespace(QString("chosen-") + QTest::currentDataTag(), grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QCOMPARE(readAll(o.out + "/mode-after").trimmed(), mode.toUtf8());
        QVERIFY2(exitOf(o.out, "recover") != 0, told(o.out, "recover"));
        const QJsonObject doc = document(o.out, "recover");
        QCOMPARE(doc["ok"].toBool(true), false);
        QVERIFY2(problemCodes(doc).contains(code), told(o.out, "recover"));
    }

    // Issue 29, finding 3: a journal planted where root's cudnn-setup looks for one was rolled back
    // as root (ld.so.conf.d then named nobody's lib64, and ldconfig ran). Here the journal is a real
    // one (a killed install's), so only whose it is and where it lies can refuse it:
    //   nobody's:   chowned to nobody in /var/lib/cudnn-setup; nobody runs a plain `recover`, which
    //               goes through the helper;
    //   subfolder:  copied by nobody into a subfolder anyone may write; nobody runs the tool through
    //               pkexec with --state-dir naming that subfolder.
    // Either way: refused, naming it; the journal stays, the half-changed toolkit, ld.so.conf.d and
    // the state folder are as they were, ldconfig did not run.
    void plantedJournalIsNotReplayed_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("code");
        QTest::newRow("nobody's journal.json in the state folder") << "nobody's" << "state-dir-entry";
        // The helper takes no --state-dir: the subfolder cannot even be named to it.
        QTest::newRow("a journal in a user-writable subfolder") << "subfolder" << "helper-usage";
    }
    void plantedJournalIsNotReplayed()
    {
        QFETCH(QString, where);
        QFETCH(QString, code);
        const QString toolkit = makeToolkit("cuda-13.0-planted-" + where.left(6).remove('\''));
        const QString shared = "/var/lib/cudnn-setup/shared";
        QStringList lines = killedInstall(toolkit);
        if (where == "nobody's") {
            lines << "chown nobody /var/lib/cudnn-setup/journal.json";
        } else {
            lines << "mkdir -m 0777 " + shared + " && chmod 0777 " + shared;
            lines << "runuser -u nobody -- cp /var/lib/cudnn-setup/journal.json " + shared + "/ && "
                     "rm /var/lib/cudnn-setup/journal.json";
        }
        lines << listings(toolkit, "before") << "rm -f " + quoted(m_root + "/ldconfig-ran");
        if (where == "nobody's")
            lines << asNobody("recover", {"--json", "recover"});
        else
            lines << asNobodyThroughPkexec("recover", {"--json", "--state-dir", shared, "recover"});
        lines << listings(toolkit, "after");
        const Outcome o = inNamespace(QString("planted-journal-") + where.left(6).remove('\''), grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(readAll(o.out + "/killed.rc").trimmed() == "137", readAll(o.out + "/killed.out"));
        QVERIFY2(exitOf(o.out, "recover") != 0, told(o.out, "recover") + o.log);
        const QJsonObject doc = document(o.out, "recover");
        QCOMPARE(doc["ok"].toBool(true), false);
        QVERIFY2(problemCodes(doc).contains(code), told(o.out, "recover"));
        const QString path = where == "nobody's" ? "/var/lib/cudnn-setup" : shared;
        if (code != "helper-usage") {
            QVERIFY2(doc["problems"].toArray().at(problemCodes(doc).indexOf(code)).toObject()["message"].toString().contains(path),
                     told(o.out, "recover"));
        }
        for (const char* listing : {"toolkit", "conf", "state"})
            QCOMPARE(readAll(o.out + "/" + listing + "-after"), readAll(o.out + "/" + listing + "-before"));
        QVERIFY2(readAll(o.out + "/toolkit-after").contains(".cudnn-setup"), "the toolkit was rolled back");
        QVERIFY2(!QFile::exists(m_root + "/ldconfig-ran"), "ldconfig ran");
    }

    // Issue 29, finding 3 (by reading): a record that says `created_prefix` made any root folder
    // count as a prefix of cudnn-setup's. Planted as nobody's in records/, naming a folder of root's
    // that is not a toolkit, then `pkexec cudnn-setup-cli uninstall --toolkit` it: refused before the
    // record is read, the folder and the record untouched.
    void plantedRecordIsNotBelieved()
    {
        const QString victim = m_root + "/victim";
        QVERIFY(QDir().mkpath(victim));
        writeAll(victim + "/keep", "root's\n");
        const QString record = QString::fromStdString(cudnnsetup::recordPathFor("/var/lib/cudnn-setup", victim.toStdString()));
        const QByteArray json = "{\"format\":1,\"toolkit\":\"" + victim.toUtf8() + "\",\"created_prefix\":true,\"files\":[]}";
        QStringList lines{"mkdir -p /var/lib/cudnn-setup/records",
                          "printf '%s' " + quoted(QString::fromUtf8(json)) + " > " + quoted(record),
                          "chown nobody " + quoted(record)};
        lines << listings(victim, "before") << "rm -f " + quoted(m_root + "/ldconfig-ran");
        lines << asNobodyThroughPkexec("uninstall", {"--json", "uninstall", "--toolkit", victim});
        lines << listings(victim, "after");
        const Outcome o = inNamespace("planted-record", grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(exitOf(o.out, "uninstall") != 0, told(o.out, "uninstall"));
        // Under pkexec nothing but the helper's own modes runs (helper-usage): the record is never
        // read; tst_statedir's foreignEntryIsRefused rows refuse such a record where it is read.
        QVERIFY2(problemCodes(document(o.out, "uninstall")).contains("helper-usage"), told(o.out, "uninstall"));
        for (const char* listing : {"toolkit", "conf", "state"})
            QCOMPARE(readAll(o.out + "/" + listing + "-after"), readAll(o.out + "/" + listing + "-before"));
        QCOMPARE(readAll(victim + "/keep"), QByteArray("root's\n"));
        QVERIFY2(!QFile::exists(m_root + "/ldconfig-ran"), "ldconfig ran");
    }

    // Issue 29, finding 5: earlier versions left /var/lib/cudnn-setup/lock readable by all, and a
    // flock needs only a read-only descriptor: nobody held it and root's installs answered "busy".
    // Now root's install goes ahead (it is not refused): the lock is replaced by a new file, 0600,
    // locked before it has the name; nobody still holds a lock, on the nameless old file.
    void worldReadableLockHeldByNobodyDoesNotBlockRoot()
    {
        const QString toolkit = makeToolkit("cuda-13.0-lock");
        const QString lock = "/var/lib/cudnn-setup/lock";
        QStringList lines{"printf '1\\n' > " + lock + " && chmod 0644 " + lock,
                          "ls -i " + lock + " | cut -d' ' -f1 > \"$out/inode-before\"",
                          // nobody takes it and then says so (a probe of our own could make a -n take fail)
                          "runuser -u nobody -- flock " + lock + " sh -c 'echo > \"$1\"/holding; sleep 120' sh \"$out\" &",
                          "i=0; until [ -e \"$out/holding\" ]; do i=$((i+1)); "
                          "[ $i -le 600 ] || break; sleep 0.05; done; echo $i > \"$out/waited\"",
                          "runuser -u nobody -- flock -n " + lock + " true; echo $? > \"$out/held\"",
                          "(cd / && " + quoted(m_cli) + " --json install " + quoted(m_tarball) + " --toolkit " +
                              quoted(toolkit) + " --allow-unknown > \"$out/root-install.out\" 2> \"$out/root-install.err\"); "
                              "echo $? > \"$out/root-install.rc\"",
                          "stat -c '%a %U' " + lock + " > \"$out/lock-after\"",
                          "ls -i " + lock + " | cut -d' ' -f1 > \"$out/inode-after\"",
                          "runuser -u nobody -- flock -n " + lock + " true 2> \"$out/nobody-again.err\"; echo $? > \"$out/nobody-again\""};
        const Outcome o = inNamespace("lock", QString(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(readAll(o.out + "/held").trimmed() == "1", "nobody did not hold the world-readable lock: not reproduced");
        QVERIFY2(exitOf(o.out, "root-install") == 0, told(o.out, "root-install"));
        QCOMPARE(document(o.out, "root-install")["ok"].toBool(), true);
        QCOMPARE(readAll(o.out + "/lock-after").trimmed(), QByteArray("600 root"));
        QVERIFY(readAll(o.out + "/inode-after") != readAll(o.out + "/inode-before"));
        QVERIFY2(readAll(o.out + "/nobody-again").trimmed() != "0", "nobody can still take root's lock");
    }

    // The polkit action `cmake --install` ships (installer/linux), as polkitd reads it: its id,
    // auth_admin_keep for an active session, the helper's absolute path.
    void polkitActionIsRegistered()
    {
        const QString policy = cudnnsetup::testpaths::polkitPolicyFile();
        if (!QFileInfo::exists(policy))
            QSKIP(qPrintable("no configured action file at " + policy));
        const QStringList lines{"pkaction --verbose --action-id " + cudnnsetup::testpaths::polkitAction() + " > \"$out/pkaction.out\" 2>&1; "
                                "echo $? > \"$out/pkaction.rc\""};
        const Outcome o = inNamespace("polkit-action", QString(), lines, policy);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        const QByteArray out = readAll(o.out + "/pkaction.out");
        QVERIFY2(readAll(o.out + "/pkaction.rc").trimmed() == "0", out + o.log);
        QVERIFY2(out.contains("implicit active:   auth_admin_keep"), out);
        QVERIFY2(out.contains(("org.freedesktop.policykit.exec.path -> " + cudnnsetup::testpaths::polkitHelper()).toUtf8()), out);
        QVERIFY2(out.contains("$(command_line)") || out.contains("description:"), out);
    }

    // Finding 1 (and 2 through the command line): the helper parses its own command line. The user
    // picks pkexec's arguments; a root-only file named by --log is not appended to (the toolkit text
    // would have been run when it is sourced), a root folder named by --state-dir keeps its mode, and
    // no command but the helper's runs: exit 2, and not even the helper's state folder is opened.
    void helperCommandLineRefused_data()
    {
        const QString digest(64, 'a');
        const QStringList intent{"--operation", "install", "--toolkit", "/x$(id>/tmp/owned-by-29)", "--transaction",
                                 "t1", "--plan-digest", digest, "--archive", "/nonexistent.tar.xz"};
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--log before elevated-apply") << QStringList{"--log", "ROOTFILE", "elevated-apply"} + intent;
        QTest::newRow("--log after elevated-apply") << QStringList{"elevated-apply"} + intent + QStringList{"--log", "ROOTFILE"};
        QTest::newRow("--log with another command") << QStringList{"--log", "ROOTFILE", "detect"};
        QTest::newRow("--state-dir to the helper") << QStringList{"--state-dir", "STATE", "elevated-recover"};
        QTest::newRow("--state-dir after the mode") << QStringList{"elevated-recover", "--state-dir", "STATE"};
        QTest::newRow("the old recover line") << QStringList{"--json", "--state-dir", "STATE", "recover"};
        QTest::newRow("an unknown option") << QStringList{"elevated-apply", "--bogus"};
    }
    void helperCommandLineRefused()
    {
        QFETCH(QStringList, args);
        const QString tag = QString(QTest::currentDataTag()).replace(' ', '-');
        // Root's: a file only root reads (a .bashrc), a folder only root lists, with a file in it.
        const QString secret = m_root + "/secret-" + tag, rootFile = secret + "/bashrc", state = m_root + "/state-" + tag;
        QVERIFY(QDir().mkpath(secret) && QDir().mkpath(state));
        writeAll(rootFile, "# root's own\n");
        writeAll(state + "/keep", "root's\n");
        for (const QString& p : {secret, state})
            ::chmod(QFile::encodeName(p).constData(), 0700);
        ::chmod(QFile::encodeName(rootFile).constData(), 0600);
        for (QString& a : args)
            a.replace("ROOTFILE", rootFile).replace("STATE", state);
        QStringList lines = asNobodyPkexec("helper", args);
        lines << "ls -A /var/lib/cudnn-setup > \"$out/state-after\"";
        const Outcome o = inNamespace("cmdline-" + tag, grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(exitOf(o.out, "helper") == 2, told(o.out, "helper") + o.log);
        QCOMPARE(problemCodeText(document(o.out, "helper")), QString("helper-usage"));
        QCOMPARE(readAll(rootFile), QByteArray("# root's own\n"));
        QCOMPARE(QFileInfo(state).permissions(), QFileInfo(secret).permissions());  // 0700, both
        QCOMPARE(QDir(state).entryList(QDir::Files | QDir::Hidden), QStringList{"keep"});
        QCOMPARE(readAll(o.out + "/state-after"), QByteArray());  // nothing opened, not even the log
        QVERIFY(!QFile::exists("/tmp/owned-by-29"));
    }

    // Finding 6: what the helper reads is a plain file, read with a bound through one handle: a
    // manifest of /dev/zero (endless, size 0) or a FIFO (nobody ever writes) is refused at once.
    void helperReadsAreBounded_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("--manifest /dev/zero") << "/dev/zero";
        QTest::newRow("--manifest FIFO") << "FIFO";
    }
    void helperReadsAreBounded()
    {
        QFETCH(QString, source);
        const QString tag = QString(QTest::currentDataTag()).replace(' ', '-').remove('/');
        const QString toolkit = makeToolkit("cuda-13.0-reads-" + tag);
        const QStringList before = manifest(toolkit);
        if (source == "FIFO") {
            source = m_root + "/fifo-" + tag;
            QVERIFY(::mkfifo(QFile::encodeName(source).constData(), 0666) == 0);
            ::chmod(QFile::encodeName(source).constData(), 0666);
        }
        const QStringList args{"elevated-apply", "--operation", "install", "--toolkit", toolkit, "--transaction", "t1",
                               "--plan-digest", QString(64, 'a'), "--archive", m_tarball, "--allow-unknown",
                               "--manifest", source};
        const Outcome o = inNamespace("reads-" + tag, grantRule(),
                                      asNobodyPkexec("helper", args, "timeout 120 /usr/bin/time -f %M -o \"$out/rss\""));
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        const int rc = exitOf(o.out, "helper");
        QVERIFY2(rc != 124 && rc != 0, told(o.out, "helper") + o.log);  // not timed out, not installed
        // Refused by its check of the file (missing-file), or by the bounded read itself (bad-manifest)
        // for a file swapped after that check.
        const QString codes = problemCodeText(document(o.out, "helper"));
        QVERIFY2(codes == "missing-file" || codes == "bad-manifest", told(o.out, "helper"));
        const QByteArray rss = readAll(o.out + "/rss");
        const QList<QByteArray> rssLines = rss.trimmed().split('\n');
        QVERIFY2(rssLines.last().toLongLong() > 0 && rssLines.last().toLongLong() < 256 * 1024,
                 rss + " KiB at the most");
        QCOMPARE(manifest(toolkit), before);
    }

    // Finding 3's second half: the linker's search path as root takes only a real toolkit (nvcc and
    // cuda_runtime_api.h, not a version file anyone can write) that only root can change. A user's
    // folder with a version.json (the journal of finding 3 named one) and root's own folder with only
    // a version file are both refused: nothing in /etc/ld.so.conf.d, the folder as it was.
    void searchPathNeedsARealToolkit_data()
    {
        QTest::addColumn<QString>("owner");
        QTest::addColumn<QString>("code");
        QTest::newRow("nobody's, version.json only") << "nobody" << "search-path-writable";
        QTest::newRow("root's, version.json only") << "root" << "not-a-toolkit";
    }
    void searchPathNeedsARealToolkit()
    {
        QFETCH(QString, owner);
        QFETCH(QString, code);
        const QString fake = m_root + "/fake-cuda-" + owner;
        QVERIFY(QDir().mkpath(fake + "/lib64") && QDir().mkpath(fake + "/include"));
        writeAll(fake + "/version.json", "{\"cuda\": {\"name\": \"CUDA SDK\", \"version\": \"13.0.0\"}}\n");
        QVERIFY(QProcess::execute("chown", {"-R", owner, fake}) == 0);
        const QStringList before = manifest(fake);
        const QStringList args{"elevated-apply", "--operation", "install", "--toolkit", fake, "--transaction", "t1",
                               "--plan-digest", QString(64, 'a'), "--archive", m_tarball, "--allow-unknown"};
        QStringList lines = asNobodyPkexec("helper", args);
        lines << "ls -A /etc/ld.so.conf.d > \"$out/conf-after\"";
        const Outcome o = inNamespace("search-path-" + owner, grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(exitOf(o.out, "helper") == 3, told(o.out, "helper") + o.log);
        QVERIFY2(problemCodeText(document(o.out, "helper")).contains(code), told(o.out, "helper"));
        QCOMPARE(readAll(o.out + "/conf-after"), QByteArray());
        QCOMPARE(manifest(fake), before);
    }

    // Finding 4: the user's terminal stops (^Z) and hangs up its foreground process group whatever
    // the uid. pkexec now starts the helper in a session of its own, and the helper holds those
    // signals until it is done: ^Z, then the terminal gone, while the helper runs, and the install
    // still finishes (no journal left, the files root's). Driven through a real pty (script(1)).
    void terminalSignalsDoNotReachTheHelper()
    {
        if (QStandardPaths::findExecutable("script").isEmpty() || QStandardPaths::findExecutable("pgrep").isEmpty())
            QSKIP("no script(1) or pgrep (util-linux, procps)");
        const QString toolkit = makeToolkit("cuda-13.0-signals");
        const QString cmd = "env HOME=" + quoted(m_home) + " " + quoted(m_cli) + " " +
                            quoted(QStringList{"--json", "install", m_tarball, "--toolkit", toolkit, "--allow-unknown"});
        // As nobody: the tool in a terminal of its own (script), fed through a FIFO. The stand-in
        // ldconfig holds the helper at its end (hold/, nobody's folder) so that ^Z certainly finds it
        // running whatever the machine's speed: ^Z into the terminal, then the terminal killed (its
        // hang-up), then the hold released and the helper waited for.
        const QString hold = m_root + "/hold";
        QVERIFY(QDir().mkpath(hold));
        QVERIFY(QProcess::execute("chown", {"nobody", hold}) == 0);
        const QString user = R"sh(cd / && mkfifo "$out/tty-in" && chmod 600 "$out/tty-in"
: > "$hold/ldconfig-hold"
script -qec "$1" /dev/null < "$out/tty-in" > "$out/script.log" 2>&1 &
spid=$!
exec 3> "$out/tty-in"
i=0; until [ -e "$hold/ldconfig-held" ]; do i=$((i + 1)); [ $i -le 6000 ] || break; sleep 0.01; done
printf '\032' >&3
sleep 0.2
pgrep -u root -f 'elevated-appl[y]' > /dev/null && echo yes > "$out/running-at-signal"
kill -KILL $spid
sleep 0.2
rm -f "$hold/ldconfig-hold"
i=0; while pgrep -u root -f 'elevated-appl[y]' > /dev/null; do i=$((i + 1)); [ $i -le 600 ] || break; sleep 0.1; done
pgrep -u root -f 'elevated-appl[y]' > /dev/null && ps -o stat= -p "$(pgrep -u root -f 'elevated-appl[y]')" > "$out/helper-stuck"
pkill -KILL -u nobody -f 'cudnn-setup-cl[i] --json'
exit 0)sh";
        QStringList lines{"runuser -u nobody -- env out=\"$out\" hold=" + quoted(hold) + " sh -c " + quoted(user) + " sh " +
                          quoted(cmd)};
        lines << "find " + quoted(toolkit) + " -printf '%u %y %P\\n' | sort > \"$out/toolkit-after\"";
        lines << "test -f /var/lib/cudnn-setup/journal.json && echo journal > \"$out/journal-after\"";
        const Outcome o = inNamespace("signals", grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(readAll(o.out + "/running-at-signal") == "yes\n",
                 "the helper was not running when ^Z was sent:\n" + readAll(o.out + "/script.log"));
        QVERIFY2(!QFile::exists(o.out + "/helper-stuck"), "the helper was stopped: " + readAll(o.out + "/helper-stuck"));
        QCOMPARE(readAll(o.out + "/journal-after"), QByteArray());
        const QByteArray installed = readAll(o.out + "/toolkit-after");
        QVERIFY2(installed.contains("\nroot f lib/libcudnn.so.9.19.0\n"), installed + readAll(o.out + "/script.log"));
        QVERIFY2(!installed.contains(".cudnn-setup/"), installed);
    }

    // Issue 29 ("Bounded reads"): the archive lies in a folder of the user's, who may rename another
    // file over its name at any time. The helper opens it once (no link followed) and reads it only
    // through that handle: nobody installs through pkexec, the helper is held at its first read of the
    // archive (fanotify, --fanotify-hold), nobody renames another release over the name, the hold is
    // released, and the install is of the archive opened (the one nobody's side verified and planned).
    // Before, each reader opened the name again: the helper verified the other release (refused then
    // only because its contents did not match the name: version-mismatch, as a mutation that verifies
    // by name shows; a renamed file would have gone on to plan-changed at best).
    void archiveSwappedUnderTheHelperIsNotRead()
    {
        const int probe = ::fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC, O_RDONLY);
        if (probe < 0)
            QSKIP(qPrintable(QString("no fanotify permission events here: ") + std::strerror(errno)));
        ::close(probe);
        const QString toolkit = makeToolkit("cuda-13.0-swapped");
        const QString swap = m_root + "/swap", hold = m_root + "/swap-hold";
        QVERIFY(QDir().mkpath(swap) && QDir().mkpath(hold));
        const QString archive = swap + "/" + QFileInfo(m_tarball).fileName(), other = swap + "/other.tar.xz";
        QVERIFY(QFile::copy(m_tarball, archive));
        cudnnsetup::fixtures::LinuxReleaseSpec otherSpec;
        otherSpec.cudnn = "9.18.0.77";
        std::string error;
        QVERIFY2(cudnnsetup::fixtures::writeTar(other.toStdString(), cudnnsetup::fixtures::cudnnLinuxRelease(otherSpec),
                                                cudnnsetup::fixtures::TarCompression::Xz, &error),
                 error.c_str());
        const QByteArray otherSha = QCryptographicHash::hash(readAll(other), QCryptographicHash::Sha256).toHex();
        QVERIFY(QProcess::execute("chown", {"-R", "nobody", swap}) == 0);
        const QString swapper =
            "i=0; until [ -e \"$1/held\" ]; do i=$((i + 1)); [ $i -le 6000 ] || exit 0; sleep 0.01; done; "
            "runuser -u nobody -- mv -f \"$2\" \"$3\" && sha256sum < \"$3\" > \"$4/name-after-swap\"; : > \"$1/release\"";
        QStringList lines{quoted(m_self) + " --fanotify-hold " + quoted(archive) + " " + quoted(hold) +
                              " > \"$out/fanotify.log\" 2>&1 & fan=$!",
                          "i=0; until [ -e " + quoted(hold + "/ready") + " ]; do i=$((i + 1)); [ $i -le 1000 ] || break; "
                          "kill -0 $fan 2>/dev/null || break; sleep 0.01; done",
                          "sh -c " + quoted(swapper) + " sh " + quoted(QStringList{hold, other, archive}) + " \"$out\" & swapper=$!"};
        lines << asNobody("install", {"--json", "install", archive, "--toolkit", toolkit, "--allow-unknown"});
        lines << ": > " + quoted(hold + "/release") << "wait $swapper" << "kill $fan 2>/dev/null";
        lines << "find " + quoted(toolkit) + " -printf '%u %y %P\\n' | sort > \"$out/toolkit-after\"";
        const Outcome o = inNamespace("swapped", grantRule(), lines);
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        const QByteArray fanLog = readAll(o.out + "/fanotify.log");
        QVERIFY2(QFile::exists(hold + "/held"), "the helper was never held at a read of the archive: " + fanLog +
                                                    told(o.out, "install"));
        // The name did name the other release when the helper went on.
        QVERIFY2(readAll(o.out + "/name-after-swap").startsWith(otherSha), "the other release was not renamed over the name");
        QVERIFY2(exitOf(o.out, "install") == 0, told(o.out, "install") + fanLog + o.log);
        QCOMPARE(document(o.out, "install")["ok"].toBool(), true);
        const QByteArray installed = readAll(o.out + "/toolkit-after");
        QVERIFY2(installed.contains("\nroot f lib/libcudnn.so.9.19.0\n"), installed + told(o.out, "install"));
        QVERIFY2(!installed.contains("9.18.0"), installed);
    }

    void refusedChangesNothing()
    {
        const QString toolkit = makeToolkit("cuda-13.0-refused");
        const QStringList before = manifest(toolkit);
        const Outcome o = inNamespace(
            "refused", QString(),
            asNobody("install", {"--json", "install", m_tarball, "--toolkit", toolkit, "--allow-unknown"}));
        QVERIFY2(o.rc == 0, qPrintable("namespace script exit " + QString::number(o.rc) + "\n" + o.log));
        QVERIFY2(exitOf(o.out, "install") == 4, told(o.out, "install") + o.log);
        const QJsonObject doc = document(o.out, "install");
        QCOMPARE(doc["ok"].toBool(true), false);
        bool refused = false;
        for (const QJsonValue p : doc["problems"].toArray())
            refused = refused || p.toObject()["code"].toString() == "elevation-refused";
        QVERIFY2(refused, told(o.out, "install"));
        QCOMPARE(manifest(toolkit), before);
    }
};

int main(int argc, char** argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--fanotify-hold") == 0)
        return fanotifyHold(argv[2], argv[3]);
    if ((argc == 4 && (std::strcmp(argv[1], "--wizard-detect") == 0 || std::strcmp(argv[1], "--wizard-recover") == 0)) ||
        (argc == 6 && std::strcmp(argv[1], "--wizard-install") == 0))
        return wizardChild(argc, argv);
    QCoreApplication app(argc, argv);
    TestCliPkexec test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_cli_pkexec.moc"
