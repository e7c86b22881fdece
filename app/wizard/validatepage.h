#pragma once

#include <QWizardPage>

class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace cudnnsetup::wizard {

class Session;

// Runs `validate` in a child process and shows device, driver, loaded libraries and every check.
class ValidatePage : public QWizardPage {
    Q_OBJECT
public:
    explicit ValidatePage(Session* session);
    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;
    int nextId() const override;

private:
    void start();
    void showResult();

    Session* m_session;
    QProgressBar* m_busy;
    QPushButton* m_cancel;
    QPushButton* m_again;
    QLabel* m_headline;
    QLabel* m_device;
    QLabel* m_driver;
    QLabel* m_cudnn;
    QLabel* m_loaded;
    QTableWidget* m_checks;
    QTreeWidget* m_problems;
};

}  // namespace cudnnsetup::wizard
