#pragma once

#include "logdigest.h"
#include "task.h"

#include <QWizardPage>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QFrame;

namespace cudnnsetup::wizard {

class Session;

// Runs install / repair / uninstall: progress, live log, Cancel → rollback, honest result.
class InstallPage : public QWizardPage {
    Q_OBJECT
public:
    explicit InstallPage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    int nextId() const override;

private:
    void onProgress(const ProgressInfo& p);
    void onFinished();
    void showFullLog();

    Session* m_session;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_cancel;
    QPushButton* m_fullLog;
    LogDigest m_digest;
    QFrame* m_resultBox;
    QLabel* m_resultIcon;
    QLabel* m_result;
    bool m_started = false;
};

}  // namespace cudnnsetup::wizard
