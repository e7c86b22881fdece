#pragma once
// Runs `validate --json` in a child process (a crash or hang inside a broken cuDNN
// must not take the wizard down) and turns the contract's document into a view.

#include "viewmodels.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>

namespace cudnnsetup::wizard {

class ValidationRun : public QObject {
    Q_OBJECT
public:
    // program: the cudnn-setup(-cli) executable; it is given "validate --json --toolkit DIR".
    // driverLibrary: CUDNN_SETUP_LIBCUDA for the child (tests: the driver double); "" = the system's driver.
    // This is the core's validateInChild contract (same command, deadline, env hook and failure codes) on a
    // QProcess, because the wizard needs Cancel and the core runner blocks until the child ends.
    ValidationRun(QString program, QString toolkit, QString stateDir, int timeoutMs, QString driverLibrary = {},
                  QObject* parent = nullptr);
    ~ValidationRun() override;

    void setQuick(bool quick) { m_quick = quick; }
    void start();
    void cancel();
    bool isRunning() const;
    const ValidationView& result() const { return m_result; }
    QStringList arguments() const;

    // Parses a validate document (exposed for tests).
    static ValidationView parse(const QByteArray& json, int exitCode);

signals:
    void finished();

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void finish();

    QString m_program, m_toolkit, m_stateDir;
    int m_timeoutMs;
    QProcess m_process;
    QTimer m_timeout;
    bool m_quick = false;
    bool m_timedOut = false, m_cancelled = false, m_done = false;
    ValidationView m_result;
};

}  // namespace cudnnsetup::wizard
