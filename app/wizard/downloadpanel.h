#pragma once
// The Archive page's "Download from NVIDIA" panel (issue 26): the archive recommended for the
// chosen toolkit with its reason and size, NVIDIA's cuDNN licence (ticked before the first
// download; a recorded acceptance shows its date), the download with bytes, speed and time left,
// Cancel that keeps the .part and Resume, and every failure in plain words with its fix. What it
// downloads goes on as a zip the user chose: the page verifies it (downloaded()).

#include "task.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace cudnnsetup::wizard {

class Session;

class DownloadPanel : public QWidget {
    Q_OBJECT
public:
    explicit DownloadPanel(Session* session, QWidget* parent = nullptr);
    // Fills the toolkit list from the machine and asks for a recommendation when none is there yet.
    void activate();

signals:
    // A verified download (its size and SHA-256 equal the manifest's): the page checks it as any zip.
    void downloaded(const QString& path, const QString& sha256);
    // A new recommendation is asked for (another toolkit): an earlier download no longer counts.
    void choiceReset();

private:
    void fillToolkits();
    void chooseForCurrent();
    void onChoice();
    void onStart();
    void onProgress(const ProgressInfo& p);
    void onFinished();
    void updateLicence();
    void updateButtons();

    Session* m_session;
    QComboBox* m_toolkit;
    QLabel* m_choice;
    QLabel* m_frameworks;
    QCheckBox* m_licence;
    QLabel* m_licenceLink;
    QLabel* m_folder;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_status;
    quint64 m_lastDone = 0;
};

}  // namespace cudnnsetup::wizard
