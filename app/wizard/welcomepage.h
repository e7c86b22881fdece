#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;
class QRadioButton;
class QFrame;

namespace cudnnsetup::wizard {

class CudnnInstallsPanel;
class FrameworksPanel;
class Session;

// What will happen, what is on this machine, and an interrupted transaction to recover first.
class WelcomePage : public QWizardPage {
    Q_OBJECT
public:
    explicit WelcomePage(Session* session);
    void initializePage() override;
    bool isComplete() const override;
    int nextId() const override;

private:
    void refresh();
    void recover();

    Session* m_session;
    QLabel* m_summary;
    FrameworksPanel* m_frameworks;
    CudnnInstallsPanel* m_installs;
    QFrame* m_recoverBox;
    QLabel* m_recoverText;
    QPushButton* m_recoverButton;
    QRadioButton* m_install;
    QRadioButton* m_maintain;
    bool m_recovering = false;
};

}  // namespace cudnnsetup::wizard
