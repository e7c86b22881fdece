#include "clirunner.h"
#include "testpaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

CliRun runProgram(const QString& program, const QStringList& args, const QProcessEnvironment& env, int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.exitCode = -2;
    } else {
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -3;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

CliRun runCli(const QStringList& args, const QProcessEnvironment& env, int timeoutMs)
{
    return runProgram(cudnnsetup::testpaths::cli(), args, env, timeoutMs);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
void writeAll(const QString& path, const QByteArray& data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(data);
}

QProcessEnvironment pathFileEnvironment(const QString& pathFile)
{
    auto e = QProcessEnvironment::systemEnvironment();
    e.insert("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", pathFile);
    e.insert("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");
    e.insert("CUDNN_SETUP_LIBNVML", "/nonexistent/libnvidia-ml.so.1");
    return e;
}

QMap<QString, QByteArray> treeOf(const QString& dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        QByteArray what = info.isSymLink() ? "link " + info.symLinkTarget().toUtf8() : info.isDir() ? "dir" : QByteArray();
        if (what.isEmpty()) {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly))
                what = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
        }
        out.insert(QDir(dir).relativeFilePath(path), what);
    }
    return out;
}
