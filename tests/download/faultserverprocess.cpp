#include "faultserverprocess.h"

#include "testpaths.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QThread>

namespace {

QString script(const char* name)
{
    return cudnnsetup::testpaths::sourceDir() + "/tests/download/" + name;
}

int readPort(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().trimmed().toInt();
}

}  // namespace

bool FaultServer::makeCertificates(const QString& caDir, QString* error)
{
    if (QFile::exists(caDir + "/ca.pem") && QFile::exists(caDir + "/wrongname.pem"))
        return true;
    QProcess p;
    p.start("bash", {script("maketestca.sh"), caDir});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = "maketestca.sh: " + QString::fromUtf8(p.readAllStandardError());
        return false;
    }
    return true;
}

FaultServer::~FaultServer()
{
    stop();
}

bool FaultServer::start(const QString& root, const QString& caDir, const QString& workDir, const QString& cert,
                        QString* error)
{
    m_log = workDir + "/requests-" + cert + ".jsonl";
    const QString portFile = workDir + "/port-" + cert;
    const QString proxyPortFile = workDir + "/proxyport-" + cert;
    QFile::remove(portFile);
    QFile::remove(proxyPortFile);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start("python3", {script("faultserver.py"), "--root", root, "--cert", caDir + "/" + cert + ".pem",
                                "--key", caDir + "/" + cert + ".key", "--port-file", portFile, "--log", m_log,
                                "--proxy-port-file", proxyPortFile});
    if (!m_process.waitForStarted(10000)) {
        *error = "python3 faultserver.py did not start: " + m_process.errorString();
        return false;
    }
    // The port files appear once the server listens (written whole, then renamed).
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired() && (!(m_port = readPort(portFile)) || !(m_proxyPort = readPort(proxyPortFile)))) {
        if (m_process.state() != QProcess::Running) {
            *error = "faultserver.py ended before it listened";
            return false;
        }
        m_process.waitForFinished(20);  // sleeps 20 ms unless it ends
    }
    if (!m_port || !m_proxyPort) {
        *error = "faultserver.py did not listen within 30 s";
        return false;
    }
    return true;
}

void FaultServer::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QString FaultServer::url(const QString& path) const
{
    return QStringLiteral("https://127.0.0.1:%1/%2").arg(m_port).arg(path);
}

QList<QJsonObject> FaultServer::requests() const
{
    QList<QJsonObject> out;
    QFile f(m_log);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            out.append(QJsonDocument::fromJson(line).object());
    return out;
}

void FaultServer::clearLog() const
{
    QFile f(m_log);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.close();
}
