#include "setupwizard.h"

#include "archivepage.h"
#include "finishpage.h"
#include "icons.h"
#include "installpage.h"
#include "maintenancepage.h"
#include "reviewpage.h"
#include "session.h"
#include "toolkitpage.h"
#include "validatepage.h"
#include "welcomepage.h"

#include <QStyle>

#include <QAbstractButton>

namespace cudnnsetup::wizard {

SetupWizard::SetupWizard(Session* session, QWidget* parent) : QWizard(parent), m_session(session)
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("cuDNN Setup %1").arg(QStringLiteral(CUDNN_SETUP_VERSION)));
    setWindowIcon(Icons::get(QStringLiteral("app")));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    setPixmap(QWizard::LogoPixmap, Icons::pixmap(QStringLiteral("app"), 48));
    setMinimumSize(820, 600);

    setPage(WelcomeId, new WelcomePage(session));
    setPage(MaintenanceId, new MaintenancePage(session));
    setPage(ArchiveId, new ArchivePage(session));
    setPage(ToolkitId, new ToolkitPage(session));
    setPage(ReviewId, new ReviewPage(session));
    setPage(InstallId, new InstallPage(session));
    setPage(ValidateId, new ValidatePage(session));
    setPage(FinishId, new FinishPage(session));
    setStartId(WelcomeId);

}

void SetupWizard::setNeedsAdmin(bool needsAdmin)
{
    // Windows convention: a shield on the button that will ask for administrator rights.
    QAbstractButton* commit = button(QWizard::CommitButton);
    // On Windows the style hands out the system's own UAC shield (SHGetStockIconInfo); elsewhere ours.
    QIcon shield = style()->standardIcon(QStyle::SP_VistaShield, nullptr, commit);
    if (shield.isNull())
        shield = Icons::get(QStringLiteral("shield"));
    commit->setIcon(needsAdmin ? shield : QIcon());
    commit->setToolTip(needsAdmin ? tr("Windows will ask for administrator rights.") : QString());
    commit->setProperty("needsAdmin", needsAdmin);
}

QString SetupWizard::pageName(int id)
{
    switch (id) {
    case WelcomeId: return QStringLiteral("welcome");
    case MaintenanceId: return QStringLiteral("maintenance");
    case ArchiveId: return QStringLiteral("archive");
    case ToolkitId: return QStringLiteral("toolkit");
    case ReviewId: return QStringLiteral("review");
    case InstallId: return QStringLiteral("install");
    case ValidateId: return QStringLiteral("validate");
    case FinishId: return QStringLiteral("finish");
    default: return QStringLiteral("page%1").arg(id);
    }
}

void SetupWizard::reject()
{
    // Closing mid-install would leave a half-merged toolkit for `recover`: cancel (roll back) instead
    // and let the Install page show the honest result.
    if (m_session->operationRunning()) {
        m_session->cancelOperation();
        return;
    }
    m_session->cancelVerify();
    m_session->cancelDownload();  // the .part stays for a later resume
    m_session->cancelValidation();
    QWizard::reject();
}

}  // namespace cudnnsetup::wizard
