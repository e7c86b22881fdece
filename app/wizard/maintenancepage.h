#pragma once

#include <QWizardPage>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QWidget;
class QTreeWidget;

namespace cudnnsetup::wizard {

class CudnnInstallsPanel;
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
    // The archive Repair restores from (the file dialog's answer; tests call it directly).
    void setRepairArchive(const QString& path);

private:
    void refresh();
    void updateButtons();

    Session* m_session;
    QTreeWidget* m_toolkits;
    QButtonGroup* m_actions;
    QLabel* m_note;
    QWidget* m_repairRow;
    QLineEdit* m_repairArchive;
    QPushButton* m_browseArchive;
    CudnnInstallsPanel* m_installs;
};

}  // namespace cudnnsetup::wizard
