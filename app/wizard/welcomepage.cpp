#include "welcomepage.h"

#include "cudnninstallspanel.h"
#include "frameworkspanel.h"
#include "icons.h"
#include "session.h"
#include "setupwizard.h"
#include "uikit.h"

#include <QButtonGroup>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>
#include <QWizard>

namespace cudnnsetup::wizard {

WelcomePage::WelcomePage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("welcomePage"));
    setTitle(tr("Install NVIDIA cuDNN"));
    setSubTitle(tr("This wizard checks a cuDNN archive, merges it into a CUDA toolkit as one transaction, "
                   "fixes PATH, and proves that cuDNN works on your GPU."));

    auto* steps = UiKit::wrappingLabel(
        tr("<ol><li>Choose the cuDNN zip you downloaded; it is verified at once.</li>"
           "<li>Choose the CUDA toolkit to install into.</li>"
           "<li>Review every file and the PATH change before anything is written.</li>"
           "<li>Install. If anything fails, the toolkit and PATH are restored exactly.</li>"
           "<li>Validate: run real convolutions with the installed cuDNN.</li></ol>"));

    auto* machineBox = new QGroupBox(tr("On this computer"));
    auto* machineLayout = new QVBoxLayout(machineBox);
    m_summary = UiKit::wrappingLabel(tr("Looking at this computer…"));
    m_summary->setObjectName(QStringLiteral("machineSummary"));
    m_summary->setAccessibleName(tr("What was found on this computer"));
    machineLayout->addWidget(m_summary);

    m_recoverBox = new QFrame;
    m_recoverBox->setObjectName(QStringLiteral("recoverBox"));
    m_recoverBox->setFrameShape(QFrame::StyledPanel);
    auto* recoverLayout = new QHBoxLayout(m_recoverBox);
    auto* recoverIcon = new QLabel;
    recoverIcon->setPixmap(Icons::pixmap(QStringLiteral("warning"), 32));
    m_recoverText = UiKit::wrappingLabel();
    m_recoverButton = new QPushButton(tr("&Recover now"));
    m_recoverButton->setObjectName(QStringLiteral("recoverButton"));
    recoverLayout->addWidget(recoverIcon, 0, Qt::AlignTop);
    recoverLayout->addWidget(m_recoverText, 1);
    recoverLayout->addWidget(m_recoverButton, 0, Qt::AlignTop);
    m_recoverBox->hide();
    connect(m_recoverButton, &QPushButton::clicked, this, &WelcomePage::recover);

    m_install = new QRadioButton(tr("&Install cuDNN from an archive"));
    m_install->setObjectName(QStringLiteral("modeInstall"));
    m_maintain = new QRadioButton(tr("&Maintain an existing installation (repair, uninstall, validate, report)"));
    m_maintain->setObjectName(QStringLiteral("modeMaintain"));
    auto* group = new QButtonGroup(this);
    group->addButton(m_install);
    group->addButton(m_maintain);
    m_install->setChecked(true);
    m_maintain->setEnabled(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(steps);
    layout->addWidget(machineBox);
    m_installs = new CudnnInstallsPanel;
    layout->addWidget(m_installs, 1);
    // "Use this cuDNN" goes the install's way: Review shows the PATH change, Install applies it.
    connect(m_installs, &CudnnInstallsPanel::useRequested, this, [this](int index, bool first, const QString& mergeInto) {
        m_session->chooseUse(index, first, mergeInto);
        if (m_session->useChoice() && wizard())
            wizard()->next();
    });
    m_frameworks = new FrameworksPanel;
    layout->addWidget(m_frameworks);
    layout->addWidget(m_recoverBox);
    layout->addWidget(m_install);
    layout->addWidget(m_maintain);
    layout->addStretch(1);

    connect(session, &Session::machineChanged, this, &WelcomePage::refresh);
    connect(session, &Session::operationFinished, this, [this] {
        if (!m_recovering)
            return;
        m_recovering = false;
        const OutcomeView& o = m_session->outcome();
        m_recoverText->setText(o.headline);
        m_recoverButton->setEnabled(!o.ok);
        m_session->detect();
        emit completeChanged();
    });
}

void WelcomePage::initializePage()
{
    if (!m_session->detecting() && !m_session->machine().detected && m_session->machine().error.isEmpty())
        m_session->detect();
    refresh();
}

void WelcomePage::refresh()
{
    const MachineView& m = m_session->machine();
    if (m_session->detecting() && !m.detected && m.error.isEmpty()) {
        m_summary->setText(tr("Looking at this computer…"));
        m_frameworks->show(m);
        m_installs->show(m);
        return;
    }
    QStringList lines;
    if (!m.error.isEmpty())
        lines << m.error;
    if (!m.driverText.isEmpty())
        lines << m.driverText;
    if (m.detected && m.toolkits.isEmpty())
        lines << tr("No CUDA toolkit was found. Install the CUDA toolkit first, or choose its folder on the next pages.");
    for (const ToolkitView& t : m.toolkits) {
        const QString cudnn = t.cudnnVersion.isEmpty() ? tr("no cuDNN") : tr("cuDNN %1").arg(t.cudnnVersion);
        lines << tr("CUDA %1 in %2 — %3").arg(t.version.isEmpty() ? tr("(version unknown)") : t.version,
                                             t.path.toHtmlEscaped(), cudnn);
    }
    if (!m.cudnnLoaded.isEmpty())
        lines << tr("cuDNN used by programs started now: %1").arg(m.cudnnLoaded.toHtmlEscaped());
    if (!m.diagnosis.isEmpty())
        lines << tr("%n problem(s) found; they are explained on the Review page.", "", int(m.diagnosis.size()));
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    m_frameworks->show(m);
    m_installs->show(m);
    m_installs->setActionsEnabled(!m.interruptedTransaction && !m_recovering);

    const bool interrupted = m.interruptedTransaction;
    m_recoverBox->setVisible(interrupted || m_recovering);
    if (interrupted && !m_recovering)
        m_recoverText->setText(tr("An installation was interrupted (%1). Until it is rolled back the toolkit may be "
                                  "half changed. Recover it first; nothing else is changed.")
                                   .arg(m.interruptedText.toHtmlEscaped()));
    m_maintain->setEnabled(m_session->maintenanceAvailable());
    if (!m_maintain->isEnabled())
        m_install->setChecked(true);
    emit completeChanged();
}

void WelcomePage::recover()
{
    m_recovering = true;
    m_recoverButton->setEnabled(false);
    m_recoverText->setText(tr("Rolling back the interrupted installation…"));
    m_session->setOperation(Operation::Recover);
    m_session->runOperation();
    emit completeChanged();
}

bool WelcomePage::isComplete() const
{
    return !m_recovering && !m_session->machine().interruptedTransaction && !m_session->detecting();
}

int WelcomePage::nextId() const
{
    if (m_session->useChoice())
        return SetupWizard::ReviewId;
    return m_maintain->isChecked() ? SetupWizard::MaintenanceId : SetupWizard::ArchiveId;
}

}  // namespace cudnnsetup::wizard
