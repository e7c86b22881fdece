#pragma once

#include "task.h"

#include <QWizardPage>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace cudnnsetup::wizard {

class Session;

// Choose (dialog, drop, or found on disk) and verify the archive.
class ArchivePage : public QWizardPage {
    Q_OBJECT
public:
    explicit ArchivePage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    void cleanupPage() override;
    // Starts verification of path (what the dialog, a drop and the list all do).
    void choose(const QString& path);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void browse();
    void onProgress(const ProgressInfo& p);
    void onFinished();
    void showResult();

    Session* m_session;
    QLineEdit* m_path;
    QPushButton* m_browse;
    QListWidget* m_found;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QPushButton* m_cancel;
    QLabel* m_headline;
    QTreeWidget* m_checklist;
    QCheckBox* m_trust;
    QCheckBox* m_extraFiles;  // install the files the release does not have (shown when there are any)
};

}  // namespace cudnnsetup::wizard
