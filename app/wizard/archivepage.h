#pragma once

#include "task.h"

#include <QWizardPage>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTreeWidget;

namespace cudnnsetup::wizard {

class DownloadPanel;
class Session;

// Choose (dialog, drop, found on disk, or downloaded from NVIDIA) and verify the archive.
class ArchivePage : public QWizardPage {
    Q_OBJECT
public:
    explicit ArchivePage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    void cleanupPage() override;
    // Starts verification of path (what the dialog, a drop, the list and a download all do);
    // sha256: the expected hash when known (a download's, from NVIDIA's manifest).
    void choose(const QString& path, const QString& sha256 = {});

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void browse();
    void onProgress(const ProgressInfo& p);
    void onFinished();
    void showResult();
    void onSourceChanged();
    bool downloadMode() const;
    // In download mode only the downloaded file counts, never a zip found earlier.
    bool showsChosenArchive() const;

    Session* m_session;
    QRadioButton* m_haveZip;
    QRadioButton* m_download;
    QWidget* m_zipPanel;
    DownloadPanel* m_downloadPanel;
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
