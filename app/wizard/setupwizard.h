#pragma once
// The QWizard: install flow and maintenance flow over the same pages.

#include <QWizard>

namespace cudnnsetup::wizard {

class Session;

class SetupWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { WelcomeId, MaintenanceId, ArchiveId, ToolkitId, ReviewId, InstallId, ValidateId, FinishId };

    explicit SetupWizard(Session* session, QWidget* parent = nullptr);
    Session* session() const { return m_session; }
    // Marks the commit button with the administrator shield (or removes it).
    void setNeedsAdmin(bool needsAdmin);

    static QString pageName(int id);  // "welcome", "archive", ... (screenshots, tests)

public slots:
    void reject() override;

private:
    Session* m_session;
};

}  // namespace cudnnsetup::wizard
