#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace cudnnsetup::wizard {

class Session;

// The detected toolkits with a compatibility badge and its reason; browse for another.
class ToolkitPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ToolkitPage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    int nextId() const override;
    // Adds a folder as a toolkit candidate and selects it (what Browse does after its dialog).
    void addFolder(const QString& folder);

private:
    void refresh();
    void onSelection();

    Session* m_session;
    QTreeWidget* m_list;
    QLabel* m_reason;
    QTreeWidget* m_problems;
    QPushButton* m_browse;
};

}  // namespace cudnnsetup::wizard
