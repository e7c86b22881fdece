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
//   refused: no rule and no authentication agent: pkexec says 127, the tool exits 4 with
//            elevation-refused, and the toolkit is byte-identical.
// Skipped, with the reason, without root, unshare, pkexec, polkitd or dbus-daemon
// (scripts/deps.sh test installs them), or without the release build (scripts/test.sh builds it).
#include "clirunner.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

namespace {

const QString kReleaseCli = QStringLiteral(CUDNN_SETUP_RELEASE_CLI_PATH);
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

// Every path under root with its owner, mode, and the bytes or link target: what "left as it was" means.
QStringList manifest(const QString& root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st {};
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        QString line = path.mid(root.size()) + " " + QString::number(st.st_uid) + " " + QString::number(st.st_mode, 8);
        if (S_ISLNK(st.st_mode))
            line += " -> " + QFileInfo(path).symLinkTarget();
        else if (S_ISREG(st.st_mode))
            line += " " + QString::fromLatin1(readAll(path).toHex().left(64)) + " " + QString::number(st.st_size);
        lines << line;
    }
    lines.sort();
    return lines;
}

// The namespace's script: $1 the polkit rule ("" for none), $2 the stand-in ldconfig, $3 the
// results folder; then the lines that run the tool as nobody. 9x: the namespace could not be made.
const char* const kScript = R"(set -u
rule=$1 fake=$2 out=$3
for d in /run/dbus /etc/polkit-1/rules.d /etc/ld.so.conf.d /var/lib/cudnn-setup; do
  mkdir -p "$d" && mount -t tmpfs -o mode=0755 tmpfs "$d" || exit 99
done
mount --bind "$fake" /sbin/ldconfig || exit 99
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

class TestCliPkexec : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_root, m_cli, m_tarball, m_home, m_fakeLdconfig;
    QStringList m_mountPoints;  // made on the host for the namespace's tmpfs: removed again

    // A toolkit like /usr/local/cuda, root's, that nobody may read and not write.
    QString makeToolkit(const QString& name)
    {
        const QString toolkit = m_root + "/" + name;
        QDir().mkpath(toolkit + "/lib");
        QDir().mkpath(toolkit + "/include");
        QDir().mkpath(toolkit + "/bin");
        QFile::link("lib", toolkit + "/lib64");
        cudnnsetup::fixtures::writeBytes((toolkit + "/lib/libcudart.so.13").toStdString(),
                                         cudnnsetup::fixtures::buildElfSharedObject("libcudart.so.13"));
        QFile::link("libcudart.so.13", toolkit + "/lib/libcudart.so");
        cudnnsetup::fixtures::writeText((toolkit + "/include/cuda_runtime_api.h").toStdString(),
                                        "#define CUDART_VERSION 13000\n");
        return toolkit;
    }

    struct Outcome {
        int rc = -1;  // of the namespace's script
        QString out;  // the results folder
        QByteArray log;
    };

    // `lines` run inside the namespace after the bus and polkitd are up (asNobody NAME CMD...).
    Outcome inNamespace(const QString& name, const QString& rule, const QStringList& lines)
    {
        Outcome o;
        o.out = m_root + "/" + name;
        QDir().mkpath(o.out);
        ::chmod(QFile::encodeName(o.out).constData(), 0777);  // nobody writes its output here
        const QString script = QString::fromLatin1(kScript) + lines.join('\n') + "\n";
        const CliRun r = runProgram("unshare", {"-m", "-p", "-f", "--mount-proc", "--propagation", "private", "sh",
                                                "-c", script, "sh", rule, m_fakeLdconfig, o.out},
                                    QProcessEnvironment::systemEnvironment(), kTimeoutMs);
        o.rc = r.exitCode;
        o.log = r.out + r.err + readAll(o.out + "/polkitd.log");
        return o;
    }

    QStringList asNobody(const QString& name, const QStringList& cliArgs) const
    {
        return {"asNobody " + name + " env HOME=" + quoted(m_home) + " " + quoted(m_cli) + " " + quoted(cliArgs)};
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
            QSKIP(qPrintable("no release build at " + kReleaseCli + " (scripts/test.sh builds it)"));
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
        QVERIFY(cudnnsetup::fixtures::writeShellScript(m_fakeLdconfig.toStdString(),
                                                       "echo ran >> '" + m_root.toStdString() + "/ldconfig-ran'"));
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
        const QString rule = "polkit.addRule(function(action, subject) {\n"
                             "  if (action.id == \"org.freedesktop.policykit.exec\" && subject.user == \"nobody\" &&\n"
                             "      action.lookup(\"program\") == \"" + m_cli + "\")\n"
                             "    return polkit.Result.YES;\n"
                             "});";
        QStringList lines = asNobody("install", {"--json", "install", m_tarball, "--toolkit", toolkit, "--allow-unknown"});
        lines << "find " + quoted(toolkit) + " -printf '%u %y %P\\n' | sort > \"$out/toolkit-after-install\"";
        lines << "ls /etc/ld.so.conf.d > \"$out/conf-after-install\"";
        lines << "cat /etc/ld.so.conf.d/* > \"$out/conf-text\" 2>/dev/null";
        lines << "ls -n /var/lib/cudnn-setup > \"$out/state-after-install\"";
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

        // Uninstalled the same way: the toolkit as it was before, the linker file gone.
        QVERIFY2(exitOf(o.out, "uninstall") == 0, told(o.out, "uninstall") + o.log);
        QCOMPARE(document(o.out, "uninstall")["ok"].toBool(), true);
        QCOMPARE(manifest(toolkit), before);
        QCOMPARE(readAll(o.out + "/conf-after-uninstall"), QByteArray());
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

QTEST_GUILESS_MAIN(TestCliPkexec)
#include "tst_cli_pkexec.moc"
