// Durability as the kernel sees it (issue 12): the built tool installs a Linux tarball into a
// scratch CUDA toolkit, with the ld.so.conf.d folder redirected to a scratch folder
// (CUDNN_SETUP_LDSOCONF_DIR, a test build's hook), under strace. From the trace:
//  - the ld.so.conf.d file is written to a temp file that is fsynced before it is renamed
//    into place, and its folder is fsynced after the rename, before the journal moves on;
//  - every journal write is fsynced before its rename, and the state folder is fsynced
//    after it, before the next change to the toolkit or to ld.so.conf.d: the journal names
//    each step on the disk before the step acts.
// Reading what the tool asked of the kernel is the only honest check: a file that was not
// fsynced reads back the same until the power goes.
#include "clirunner.h"
#include "testpaths.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace cudnnsetup::fixtures;

namespace {

// One completed system call of the trace, its path operands resolved to absolute paths.
struct Call {
    int line = 0;
    QString pid, name, text;
    QStringList paths;  // what it acts on (rename: from, to); fsync/close/openat: the file
    bool creates = false;  // openat with O_CREAT
};

// Splits strace's argument text at top-level commas (quoted strings and <path> kept whole).
QStringList splitArgs(const QString& s)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    int angle = 0, paren = 0, brace = 0;
    for (int i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (quoted) {
            cur += c;
            if (c == '\\' && i + 1 < s.size())
                cur += s[++i];
            else if (c == '"')
                quoted = false;
            continue;
        }
        if (c == '"')
            quoted = true;
        else if (c == '<')
            ++angle;
        else if (c == '>' && angle > 0)
            --angle;
        else if (c == '(' || c == '[')
            ++paren;
        else if ((c == ')' || c == ']') && paren > 0)
            --paren;
        else if (c == '{')
            ++brace;
        else if (c == '}' && brace > 0)
            --brace;
        if (c == ',' && !angle && !paren && !brace) {
            out << cur.trimmed();
            cur.clear();
            continue;
        }
        cur += c;
    }
    if (!cur.trimmed().isEmpty())
        out << cur.trimmed();
    return out;
}

QString unquote(const QString& t)
{
    if (t.size() < 2 || !t.startsWith('"'))
        return {};
    QString s = t.mid(1, t.size() - 2);
    s.replace("\\\"", "\"").replace("\\\\", "\\");
    return s;
}

// "3</tmp/x>" or "AT_FDCWD</tmp>" -> "/tmp/x"; "" when not an annotated descriptor.
QString fdPath(const QString& t)
{
    static const QRegularExpression re(QStringLiteral("^(?:-?\\d+|AT_FDCWD)<(.*)>$"));
    const auto m = re.match(t);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString joinAt(const QString& dir, const QString& name)
{
    if (name.startsWith('/'))
        return QDir::cleanPath(name);
    return QDir::cleanPath(dir + "/" + name);
}

// strace -f -y output, "<unfinished ...>" / "<... resumed>" pairs joined, failed calls dropped.
QList<Call> parseTrace(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression lineRe(QStringLiteral("^(\\d+)\\s+(.*)$"));
    static const QRegularExpression callRe(QStringLiteral("^(\\w+)\\((.*)\\)\\s+=\\s+(-?\\d+)(<(.*)>)?.*$"));
    static const QRegularExpression resumedRe(QStringLiteral("^<\\.\\.\\. (\\w+) resumed>(.*)$"));
    QMap<QString, QString> pending;  // pid -> text of its unfinished call
    QList<Call> calls;
    int n = 0;
    while (!f.atEnd()) {
        ++n;
        const QString raw = QString::fromUtf8(f.readLine()).trimmed();
        const auto lm = lineRe.match(raw);
        if (!lm.hasMatch())
            continue;
        const QString pid = lm.captured(1);
        QString text = lm.captured(2);
        if (text.endsWith(QStringLiteral("<unfinished ...>"))) {
            pending[pid] = text.chopped(int(strlen("<unfinished ...>"))).trimmed();
            continue;
        }
        if (const auto rm = resumedRe.match(text); rm.hasMatch()) {
            const QString start = pending.take(pid);
            QString rest = rm.captured(2);
            text = start + (start.endsWith('(') || rest.startsWith(')') ? "" : ", ") + rest.trimmed();
        }
        const auto cm = callRe.match(text);
        if (!cm.hasMatch() || cm.captured(3).toLongLong() < 0)
            continue;
        Call c;
        c.line = n;
        c.pid = pid;
        c.name = cm.captured(1);
        c.text = text;
        const QStringList args = splitArgs(cm.captured(2));
        const QString ret = cm.captured(5);
        if (c.name == "openat" || c.name == "open" || c.name == "creat") {
            c.paths << ret;
            c.creates = c.name == "creat" || (args.size() > 2 && args[2].contains("O_CREAT")) ||
                        (c.name == "open" && args.size() > 1 && args[1].contains("O_CREAT"));
        } else if (c.name == "fsync" || c.name == "fdatasync" || c.name == "close") {
            c.paths << fdPath(args.value(0));
        } else if (c.name == "symlinkat") {
            c.paths << joinAt(fdPath(args.value(1)), unquote(args.value(2)));
        } else if (c.name == "symlink") {
            c.paths << QDir::cleanPath(unquote(args.value(1)));
        } else {
            // rename(a, b), mkdir(a, mode), unlink(a): quoted names; the *at forms: a
            // descriptor then a name relative to it.
            QString dir;
            for (const QString& a : args) {
                if (const QString d = fdPath(a); !d.isEmpty()) {
                    dir = d;
                } else if (a.startsWith('"')) {
                    c.paths << joinAt(dir, unquote(a));
                    dir.clear();
                }
            }
        }
        calls << c;
    }
    return calls;
}

bool under(const QString& path, const QString& root)
{
    return path == root || path.startsWith(root + "/");
}

bool isAct(const Call& c)
{
    return c.name.startsWith("rename") || c.name.startsWith("mkdir") || c.name.startsWith("unlink") ||
           c.name.startsWith("symlink") || c.creates;
}

// The index of the last call before `before` (same process) that opened `path` for creation.
int lastCreate(const QList<Call>& calls, int before, const QString& pid, const QString& path)
{
    for (int i = before - 1; i >= 0; --i)
        if (calls[i].pid == pid && calls[i].creates && calls[i].paths.value(0) == path)
            return i;
    return -1;
}

bool fsyncBetween(const QList<Call>& calls, int from, int to, const QString& pid, const QString& path)
{
    for (int i = from + 1; i < to; ++i)
        if (calls[i].pid == pid && (calls[i].name == "fsync" || calls[i].name == "fdatasync") &&
            calls[i].paths.value(0) == path)
            return true;
    return false;
}

}  // namespace

class TestCliDurability : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_strace;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_strace = QStandardPaths::findExecutable("strace");
        if (m_strace.isEmpty())
            QSKIP("strace not found (apt-get install strace; scripts/deps.sh test installs it)");
        QProcess probe;
        probe.start(m_strace, {"-qq", "-e", "trace=none", "true"});
        if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
            QSKIP(qPrintable("strace cannot trace here (ptrace not permitted in this container?): " +
                             QString::fromLocal8Bit(probe.readAllStandardError()).trimmed()));
    }

    void linuxInstallSyncsBeforeItActs()
    {
        const QString root = QFileInfo(m_dir.path()).canonicalFilePath();
        // A toolkit like /usr/local/cuda (lib64 -> lib, cudart, no cuDNN) and a generated 9.19 tarball.
        const QString toolkit = root + "/cuda-13.0";
        QVERIFY(QDir().mkpath(toolkit + "/lib") && QDir().mkpath(toolkit + "/include") &&
                QDir().mkpath(toolkit + "/bin"));
        QVERIFY(QFile::link("lib", toolkit + "/lib64"));
        writeBytes((toolkit + "/lib/libcudart.so.13").toStdString(), buildElfSharedObject("libcudart.so.13"));
        QVERIFY(QFile::link("libcudart.so.13", toolkit + "/lib/libcudart.so"));
        writeText((toolkit + "/include/cuda_runtime_api.h").toStdString(), "#define CUDART_VERSION 13000\n");
        const QString tarball = root + "/" + QString::fromStdString(linuxArchiveName({}));
        std::string error;
        QVERIFY2(writeTar(tarball.toStdString(), cudnnLinuxRelease({}), TarCompression::Xz, &error), error.c_str());
        const QString confDir = root + "/ld.so.conf.d";
        const QString state = root + "/state";
        const QString trace = root + "/trace.txt";
        QVERIFY(QDir().mkpath(confDir));

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE");
        env.remove("CUDNN_SETUP_ELEVATOR");
        env.remove("CUDNN_SETUP_TEST_KILL_AT");
        env.remove("CUDNN_SETUP_TEST_OP_DELAY_MS");
        env.insert("CUDNN_SETUP_LDSOCONF_DIR", confDir);
        env.insert("CUDNN_SETUP_LDCONFIG", "true");  // never the real /sbin/ldconfig from a test
        // The sanitized suite (the sanitize tree): LeakSanitizer refuses to run under ptrace and would
        // fail the traced tool at exit; leaks are checked by every other test of that suite.
        const QString asan = env.value("ASAN_OPTIONS");
        env.insert("ASAN_OPTIONS", (asan.isEmpty() ? QString() : asan + ":") + "detect_leaks=0");
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(m_strace, {"-f", "-y", "-qq", "-s", "4096", "-o", trace, "-e",
                           "trace=openat,open,creat,close,fsync,fdatasync,rename,renameat,renameat2,mkdir,mkdirat,"
                           "unlink,unlinkat,symlink,symlinkat",
                           cudnnsetup::testpaths::cli(), "--json", "--state-dir", state, "install", tarball,
                           "--toolkit", toolkit, "--allow-unknown"});
        QVERIFY(p.waitForFinished(300000));
        const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, out.constData());
        const QStringList confs = QDir(confDir).entryList(QDir::Files);
        QCOMPARE(confs.size(), 1);
        const QString conf = confDir + "/" + confs[0];
        QCOMPARE(QString::fromUtf8(readAll(conf)), toolkit + "/lib\n");

        const QList<Call> calls = parseTrace(trace);
        QVERIFY2(calls.size() > 10, qPrintable("too little in the trace " + trace));

        // The ld.so.conf.d file: temp file fsynced, renamed, folder fsynced.
        int confRename = -1;
        for (int i = 0; i < calls.size(); ++i)
            if (calls[i].name.startsWith("rename") && calls[i].paths.value(1) == conf)
                confRename = i;
        QVERIFY2(confRename >= 0, "no rename into the ld.so.conf.d file in the trace");
        const Call& cr = calls[confRename];
        const QString confTmp = cr.paths.value(0);
        const int confOpen = lastCreate(calls, confRename, cr.pid, confTmp);
        QVERIFY2(confOpen >= 0, qPrintable("no create of " + confTmp + " before " + cr.text));
        QVERIFY2(fsyncBetween(calls, confOpen, confRename, cr.pid, confTmp),
                 qPrintable(confTmp + " was not fsynced before it was renamed: " + cr.text));

        // The journal: each write fsynced before its rename; the state folder fsynced after it.
        QList<int> journalRenames;
        for (int i = 0; i < calls.size(); ++i)
            if (calls[i].name.startsWith("rename") && QFileInfo(calls[i].paths.value(1)).fileName() == "journal.json")
                journalRenames << i;
        QVERIFY2(journalRenames.size() >= 3, "fewer journal writes than an install has steps");
        for (int j : journalRenames) {
            const Call& jr = calls[j];
            const QString tmp = jr.paths.value(0);
            const int open = lastCreate(calls, j, jr.pid, tmp);
            QVERIFY2(open >= 0, qPrintable("no create of " + tmp + " before " + jr.text));
            QVERIFY2(fsyncBetween(calls, open, j, jr.pid, tmp),
                     qPrintable(tmp + " was not fsynced before it was renamed (trace line " +
                                QString::number(jr.line) + ")"));
        }
        const QString journalDir = QFileInfo(calls[journalRenames[0]].paths.value(1)).path();

        // Every change to the toolkit (its own .cudnn-setup scratch folder aside) and to
        // ld.so.conf.d comes after a journal write that is on the disk: the journal file fsynced
        // (above) and its folder fsynced between that rename and the change.
        int acts = 0;
        for (int i = 0; i < calls.size(); ++i) {
            const Call& c = calls[i];
            if (!isAct(c))
                continue;
            bool inScope = false;
            for (const QString& path : c.paths)
                inScope = inScope || (under(path, toolkit) && !under(path, toolkit + "/.cudnn-setup")) ||
                          under(path, confDir);
            if (!inScope)
                continue;
            ++acts;
            int last = -1;
            for (int j : journalRenames)
                if (j < i)
                    last = j;
            QVERIFY2(last >= 0, qPrintable("changed before any journal was written: " + c.text));
            QVERIFY2(fsyncBetween(calls, last, i, calls[last].pid, journalDir),
                     qPrintable("the journal's folder " + journalDir + " was not fsynced between the journal write "
                                "(trace line " + QString::number(calls[last].line) + ") and: " + c.text));
        }
        QVERIFY2(acts >= 5, "too few changes to the toolkit seen in the trace");

        // The ld.so.conf.d folder is fsynced after the rename and before the step counts as done
        // (the next journal write).
        int next = int(calls.size());
        for (int j : journalRenames)
            if (j > confRename) {
                next = j;
                break;
            }
        QVERIFY2(next < calls.size(), "no journal write after the ld.so.conf.d step (commit mark)");
        QVERIFY2(fsyncBetween(calls, confRename, next, cr.pid, confDir),
                 qPrintable(confDir + " was not fsynced after " + cr.text + " and before the next journal write"));
        qInfo("trace: %d calls, %d journal writes, %d changes to the toolkit and ld.so.conf.d, all behind a synced "
              "journal",
              int(calls.size()), int(journalRenames.size()), acts);
    }
};

QTEST_GUILESS_MAIN(TestCliDurability)
#include "tst_cli_durability.moc"
