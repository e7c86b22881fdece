#pragma once
// The download tests' HTTPS server (faultserver.py beside this file) as a child process, with a
// test CA made at test time (maketestca.sh): the client trusts that CA the way an organisation
// trusts its own (--ca-file / HttpOptions::caFile), never by switching checks off.
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>

class FaultServer {
public:
    // Makes the certificates in caDir once (ca.pem, server, rogue, wrongname); false with *error.
    static bool makeCertificates(const QString& caDir, QString* error);
    ~FaultServer();

    // Serves `root` with the certificate `cert` of caDir ("server", "rogue", "wrongname"), logging
    // to a file in workDir; also starts the 407 proxy. False with *error.
    bool start(const QString& root, const QString& caDir, const QString& workDir, const QString& cert, QString* error);
    void stop();

    int port() const { return m_port; }
    int proxyPort() const { return m_proxyPort; }
    // https://127.0.0.1:PORT/<path> ("f/drop=100/x.zip" for a fault)
    QString url(const QString& path = QString()) const;
    // The requests made so far, as the server logged them ({path, method, range, if_range, status, sent}).
    QList<QJsonObject> requests() const;
    void clearLog() const;

private:
    QProcess m_process;
    QString m_log;
    int m_port = 0;
    int m_proxyPort = 0;
};
