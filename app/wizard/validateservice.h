#pragma once
// Runs `validate --json` in a child process (a crash or hang inside a broken cuDNN
// must not take the wizard down) and turns the contract's document into a view.

#include "viewmodels.h"

#include "common/progress.h"
#include "validate/validatechild.h"

#include <QFutureWatcher>
#include <QObject>

namespace cudnnsetup::wizard {

class ValidationRun : public QObject {
    Q_OBJECT
public:
    // program: the cudnn-setup(-cli) executable; it is given validate::validateChildArguments().
    // driverLibrary: CUDNN_SETUP_LIBCUDA for the child (tests: the driver double); "" = the system's driver.
    // The child runs through the core's validate::validateInChild (same command, deadline, env hook and
    // failure codes as the command line) on a worker thread; Cancel sets its cancel token.
    ValidationRun(QString program, QString toolkit, QString stateDir, int timeoutMs, QString driverLibrary = {},
                  QObject* parent = nullptr);
    ~ValidationRun() override;

    void setQuick(bool quick) { m_options.quick = quick; }
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
    void onFinished();

    QString m_program;
    validate::ValidateOptions m_options;
    validate::ChildRunOptions m_run;
    CancelToken m_cancel;
    QFutureWatcher<validate::ChildValidation> m_watcher;
    bool m_started = false, m_done = false;
    ValidationView m_result;
};

}  // namespace cudnnsetup::wizard
