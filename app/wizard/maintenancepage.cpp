#include "maintenancepage.h"

#include "cudnninstallspanel.h"
#include "icons.h"
#include "session.h"
#include "setupwizard.h"
#include "uikit.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QStandardPaths>

namespace cudnnsetup::wizard {

MaintenancePage::MaintenancePage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("maintenancePage"));
    setTitle(tr("Maintain cuDNN"));
    setSubTitle(tr("Choose the toolkit and what to do with its cuDNN."));

    auto* listLabel = new QLabel(tr("&Toolkit:"));
    m_toolkits = new QTreeWidget;
    m_toolkits->setObjectName(QStringLiteral("maintenanceToolkits"));
    m_toolkits->setAccessibleName(tr("Toolkits with cuDNN, and NVIDIA cuDNN folders cudnn-setup put on PATH"));
    m_toolkits->setHeaderLabels({tr("Folder"), tr("CUDA"), tr("cuDNN")});
    m_toolkits->setRootIsDecorated(false);
    m_toolkits->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    listLabel->setBuddy(m_toolkits);
    connect(m_toolkits, &QTreeWidget::itemSelectionChanged, this, [this] {
        const auto items = m_toolkits->selectedItems();
        if (!items.isEmpty())
            m_session->setToolkit(items.first()->data(0, Qt::UserRole).toString());
        updateButtons();
    });

    m_actions = new QButtonGroup(this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(listLabel);
    layout->addWidget(m_toolkits, 1);
    const struct {
        Action action;
        const char* name;
        QString text;
        QString help;
    } choices[] = {
        {Repair, "actionRepair", tr("&Repair"),
         tr("Restore missing, damaged or empty cuDNN files from the recorded archive, or from an archive you choose "
            "(needed for a cuDNN copied by hand).")},
        {Uninstall, "actionUninstall", tr("&Uninstall"),
         tr("Put the toolkit and PATH back exactly as they were before cuDNN was installed.")},
        {Validate, "actionValidate", tr("&Validate"), tr("Run the convolution check on the GPU again.")},
        {Report, "actionReport", tr("Re&port"), tr("Show the version profile to save or paste into a bug report.")},
        {InstallAnother, "actionInstall", tr("Install &another version"), tr("Choose a new cuDNN archive.")},
    };
    for (const auto& c : choices) {
        auto* radio = new QRadioButton(c.text);
        radio->setObjectName(QLatin1String(c.name));
        radio->setToolTip(c.help);
        auto* help = new QLabel(c.help);
        help->setIndent(24);
        help->setWordWrap(true);
        m_actions->addButton(radio, c.action);
        layout->addWidget(radio);
        layout->addWidget(help);
        if (c.action == Repair) {
            // Repair's archive (`repair --archive`): optional when the recorded one is still there.
            m_repairRow = new QWidget;
            auto* row = new QHBoxLayout(m_repairRow);
            row->setContentsMargins(24, 0, 0, 0);
            auto* label = new QLabel(tr("&Archive:"));
            m_repairArchive = new QLineEdit;
            m_repairArchive->setObjectName(QStringLiteral("repairArchive"));
            m_repairArchive->setAccessibleName(tr("Archive to repair from"));
            m_repairArchive->setPlaceholderText(tr("the recorded archive"));
            m_repairArchive->setClearButtonEnabled(true);
            label->setBuddy(m_repairArchive);
            m_browseArchive = new QPushButton(tr("C&hoose archive…"));
            m_browseArchive->setObjectName(QStringLiteral("repairBrowse"));
            connect(m_browseArchive, &QPushButton::clicked, this, [this] {
                // Opens in Downloads, where the zip from NVIDIA is (as the Archive page's dialog).
                const QString file = QFileDialog::getOpenFileName(
                    this, tr("cuDNN archive to repair from"),
                    QStandardPaths::writableLocation(QStandardPaths::DownloadLocation), tr("cuDNN archive (*.zip *.tar.xz *.tgz)"));
                if (!file.isEmpty())
                    setRepairArchive(file);
            });
            connect(m_repairArchive, &QLineEdit::textChanged, m_session,
                    [this](const QString& text) {
                        m_session->setRepairArchive(text.trimmed());
                        updateButtons();
                    });
            row->addWidget(label);
            row->addWidget(m_repairArchive, 1);
            row->addWidget(m_browseArchive);
            layout->addWidget(m_repairRow);
        }
    }
    m_actions->button(Validate)->setChecked(true);
    connect(m_actions, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on)
            updateButtons();
    });
    m_note = UiKit::wrappingLabel();
    layout->addWidget(m_note);
    // NVIDIA's installs outside the toolkits, with "Use this cuDNN" as on Welcome.
    m_installs = new CudnnInstallsPanel;
    m_installs->setObjectName(QStringLiteral("maintenanceCudnnInstalls"));
    layout->addWidget(m_installs);
    connect(m_installs, &CudnnInstallsPanel::useRequested, this, [this](int index, bool first, const QString& mergeInto) {
        m_session->chooseUse(index, first, mergeInto);
        if (m_session->useChoice() && wizard())
            wizard()->next();
    });

    connect(session, &Session::machineChanged, this, &MaintenancePage::refresh);
}

void MaintenancePage::initializePage()
{
    refresh();
}

void MaintenancePage::refresh()
{
    m_toolkits->clear();
    for (const ToolkitView& t : m_session->machine().toolkits) {
        if (t.cudnnVersion.isEmpty() && !t.hasRecord)
            continue;
        auto* item = new QTreeWidgetItem(m_toolkits);
        item->setIcon(0, Icons::get(QStringLiteral("folder")));
        item->setText(0, t.path);
        item->setText(1, t.version);
        // Copied in from NVIDIA's install ("Use this cuDNN"): said so, with the folder it came from.
        if (!t.nvidiaFolder.isEmpty())
            item->setText(2, tr("cuDNN %1 from NVIDIA's install (%2)")
                                 .arg(t.nvidiaRelease.isEmpty() ? t.cudnnVersion : t.nvidiaRelease, t.nvidiaFolder));
        else
            item->setText(2, t.cudnnVersion + (t.hasRecord ? QLatin1Char(' ') + tr("(installed by cudnn-setup)") : QString()));
        item->setData(0, Qt::UserRole, t.path);
        if (Session::samePath(t.path, m_session->toolkit()) || (m_session->toolkit().isEmpty() && m_toolkits->topLevelItemCount() == 1))
            item->setSelected(true);
    }
    // What "Use this cuDNN" did, undone by Uninstall of its record (the v9.x folder's).
    for (const UseRecordView& u : m_session->machine().useRecords) {
        auto* item = new QTreeWidgetItem(m_toolkits);
        item->setIcon(0, Icons::get(QStringLiteral("folder")));
        item->setText(0, tr("NVIDIA cuDNN %1 (%2) on PATH").arg(u.release, u.variantFolder));
        item->setToolTip(0, u.folder);
        item->setText(1, u.builtWith);
        item->setText(2, tr("put on PATH by cudnn-setup"));
        item->setData(0, Qt::UserRole, u.root);
        if (Session::samePath(u.root, m_session->toolkit()))
            item->setSelected(true);
    }
    m_installs->show(m_session->machine());
    updateButtons();
}

void MaintenancePage::setRepairArchive(const QString& path)
{
    m_repairArchive->setText(QDir::toNativeSeparators(path));
}

void MaintenancePage::setAction(Action a)
{
    m_actions->button(a)->setChecked(true);
}

MaintenancePage::Action MaintenancePage::action() const
{
    return Action(m_actions->checkedId());
}

void MaintenancePage::updateButtons()
{
    const Action a = action();
    const ToolkitView* t = m_session->selectedToolkit();
    const UseRecordView* use = m_session->selectedUseRecord();
    // Uninstall undoes a recorded install only; a hand-copied cuDNN has nothing to go back to. A folder
    // put on PATH has only that to undo: nothing to repair or validate in it.
    m_actions->button(Uninstall)->setEnabled((t && t->hasRecord) || use);
    m_actions->button(Repair)->setEnabled(!use);
    m_actions->button(Validate)->setEnabled(!use);
    if (a == Uninstall && use)
        m_note->setText(tr("Takes %1 off the system PATH again; NVIDIA's folder stays as it is.").arg(use->folder));
    else if (a == Uninstall && !(t && t->hasRecord))
        m_note->setText(tr("Only an installation made by cudnn-setup can be undone exactly."));
    else
        m_note->clear();
    setCommitPage(a == Repair || a == Uninstall);
    m_repairRow->setEnabled(a == Repair);
    if (a == Repair && t && !t->hasRecord && m_repairArchive->text().trimmed().isEmpty())
        m_note->setText(tr("This cuDNN was not installed by cudnn-setup: choose the archive to repair it from."));
    setButtonText(QWizard::CommitButton, a == Uninstall ? (use ? tr("U&ndo") : tr("&Uninstall")) : tr("&Repair"));
    emit completeChanged();
}

bool MaintenancePage::isComplete() const
{
    const Action a = action();
    if (a == InstallAnother)
        return true;
    if (m_session->selectedUseRecord())
        return a == Uninstall || a == Report;
    const ToolkitView* t = m_session->selectedToolkit();
    if (!t)
        return false;
    // A hand-copied cuDNN has no recorded archive: Repair needs one chosen.
    if (a == Repair && !t->hasRecord)
        return !m_repairArchive->text().trimmed().isEmpty();
    return a != Uninstall || t->hasRecord;
}

bool MaintenancePage::validatePage()
{
    switch (action()) {
    case Repair: m_session->setOperation(Operation::Repair); break;
    case Uninstall: m_session->setOperation(Operation::Uninstall); break;
    default: break;
    }
    return true;
}

int MaintenancePage::nextId() const
{
    if (m_session->useChoice())
        return SetupWizard::ReviewId;
    switch (action()) {
    case Repair:
    case Uninstall: return SetupWizard::InstallId;
    case Validate: return SetupWizard::ValidateId;
    case Report: return SetupWizard::FinishId;
    case InstallAnother: return SetupWizard::ArchiveId;
    }
    return SetupWizard::FinishId;
}

}  // namespace cudnnsetup::wizard
