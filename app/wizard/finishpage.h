#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace cudnnsetup::wizard {

class Session;

// Summary, the report (save as Markdown/JSON, copy), and the log folder.
class FinishPage : public QWizardPage {
    Q_OBJECT
public:
    explicit FinishPage(Session* session);
    void initializePage() override;
    // Saves the report to path (what the Save dialog does); returns the error, empty when saved.
    QString saveReportTo(const QString& path);

private:
    Session* m_session;
    QLabel* m_summary;
    QTextBrowser* m_report;
    QLabel* m_saved;
};

}  // namespace cudnnsetup::wizard
