#pragma once

#include <QWizardPage>

class QLabel;
class QTextBrowser;
class QTreeWidget;

namespace cudnnsetup::wizard {

class FrameworksPanel;
class Session;

// The plan before anything is written: files, PATH before → after, conflicts with fixes.
class ReviewPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ReviewPage(Session* session);
    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;
    bool validatePage() override;

private:
    void showPlan();

    Session* m_session;
    QLabel* m_summary;
    QTreeWidget* m_files;
    QTextBrowser* m_path;
    QTreeWidget* m_warnings;
    FrameworksPanel* m_frameworks;
};

}  // namespace cudnnsetup::wizard
