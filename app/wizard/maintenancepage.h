#pragma once

#include <QWizardPage>

class QButtonGroup;
class QLabel;
class QTreeWidget;

namespace cudnnsetup::wizard {

class Session;

// Repair, Uninstall, Validate, Report or install another version, for one toolkit.
class MaintenancePage : public QWizardPage {
    Q_OBJECT
public:
    enum Action { Repair, Uninstall, Validate, Report, InstallAnother };
    explicit MaintenancePage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int nextId() const override;
    void setAction(Action action);
    Action action() const;

private:
    void refresh();
    void updateButtons();

    Session* m_session;
    QTreeWidget* m_toolkits;
    QButtonGroup* m_actions;
    QLabel* m_note;
};

}  // namespace cudnnsetup::wizard
