#include "toolkitpage.h"

#include "icons.h"
#include "session.h"
#include "setupwizard.h"
#include "uikit.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

namespace {
QString badgeText(Compatibility c)
{
    switch (c) {
    case Compatibility::Compatible: return ToolkitPage::tr("Compatible");
    case Compatibility::Warning: return ToolkitPage::tr("Works, with a warning");
    case Compatibility::Incompatible: return ToolkitPage::tr("Not compatible");
    case Compatibility::Unknown: break;
    }
    return ToolkitPage::tr("Not checked");
}
}  // namespace

ToolkitPage::ToolkitPage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("toolkitPage"));
    setTitle(tr("Choose the CUDA toolkit"));
    setSubTitle(tr("cuDNN is merged into the toolkit folder (bin, include, lib). "
                   "Choose the toolkit your programs use."));

    auto* listLabel = new QLabel(tr("&Toolkits found:"));
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("toolkitList"));
    m_list->setAccessibleName(tr("CUDA toolkits"));
    m_list->setHeaderLabels({tr("Folder"), tr("CUDA"), tr("Found via"), tr("cuDNN inside"), tr("Compatibility")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 5; ++c)
        m_list->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    listLabel->setBuddy(m_list);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ToolkitPage::onSelection);

    m_browse = new QPushButton(Icons::get(QStringLiteral("folder")), tr("&Other folder…"));
    m_browse->setObjectName(QStringLiteral("browseToolkit"));
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose the CUDA toolkit folder"));
        if (!dir.isEmpty())
            addFolder(dir);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(listLabel);
    row->addStretch(1);
    row->addWidget(m_browse);

    m_reason = UiKit::wrappingLabel();
    m_reason->setObjectName(QStringLiteral("compatibilityReason"));
    m_problems = new QTreeWidget;
    m_problems->setObjectName(QStringLiteral("toolkitProblems"));
    m_problems->setAccessibleName(tr("Problems in the chosen toolkit"));
    m_problems->setHeaderHidden(true);
    m_problems->setMaximumHeight(120);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_reason);
    layout->addWidget(m_problems);

    connect(session, &Session::machineChanged, this, &ToolkitPage::refresh);
}

void ToolkitPage::initializePage()
{
    refresh();
}

void ToolkitPage::addFolder(const QString& folder)
{
    m_session->addToolkitRoot(folder);
    refresh();
}

void ToolkitPage::refresh()
{
    const QString selected = m_session->toolkit();
    const QSignalBlocker block(m_list);  // rebuilding is not the user choosing
    m_list->clear();
    const MachineView& m = m_session->machine();
    for (const ToolkitView& t : m.toolkits) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, t.path);
        item->setIcon(0, Icons::get(QStringLiteral("folder")));
        item->setText(1, t.version.isEmpty() ? tr("unknown") : t.version);
        item->setText(2, t.sources.join(QStringLiteral(", ")));
        QString cudnn = t.cudnnVersion.isEmpty() ? tr("none") : t.cudnnVersion;
        if (!t.cudnnVersion.isEmpty() && !t.cudnnComplete)
            cudnn += QLatin1Char(' ') + tr("(incomplete)");
        if (t.hasRecord)
            cudnn += QLatin1Char(' ') + tr("(installed by cudnn-setup)");
        item->setText(3, cudnn);
        item->setIcon(4, Icons::forCompatibility(t.compatibility));
        item->setText(4, badgeText(t.compatibility));
        item->setToolTip(4, t.compatibilityReason);
        item->setData(0, Qt::UserRole, t.path);
        if (!selected.isEmpty() && Session::samePath(t.path, selected))
            item->setSelected(true);
    }
    if (selected.isEmpty() && m_list->topLevelItemCount() > 0) {
        // Preselect the best: the first compatible one.
        for (int i = 0; i < m_list->topLevelItemCount(); ++i)
            if (m.toolkits[i].compatibility == Compatibility::Compatible) {
                m_list->topLevelItem(i)->setSelected(true);
                break;
            }
    }
    if (m_list->topLevelItemCount() == 0)
        m_reason->setText(m_session->detecting() ? tr("Looking for toolkits…")
                                                 : tr("No CUDA toolkit found. Use \"Other folder…\" to choose it."));
    onSelection();
}

void ToolkitPage::onSelection()
{
    const auto items = m_list->selectedItems();
    m_problems->clear();
    if (items.isEmpty() && m_session->detecting())
        return;  // the list is being rebuilt: keep the choice
    if (items.isEmpty()) {
        if (m_list->topLevelItemCount() > 0)
            m_reason->setText(tr("Choose a toolkit from the list."));
        emit completeChanged();
        return;
    }
    m_session->setToolkit(items.first()->data(0, Qt::UserRole).toString());
    if (const ToolkitView* t = m_session->selectedToolkit()) {
        m_reason->setText(QStringLiteral("<b>%1</b>: %2").arg(badgeText(t->compatibility).toHtmlEscaped(),
                                                               t->compatibilityReason.toHtmlEscaped()));
        UiKit::addProblems(m_problems, t->problems, CheckState::Warning);
    }
    m_problems->setVisible(m_problems->topLevelItemCount() > 0);
    emit completeChanged();
}

bool ToolkitPage::isComplete() const
{
    const ToolkitView* t = m_session->selectedToolkit();
    return t && t->compatibility != Compatibility::Incompatible && !m_session->detecting();
}

int ToolkitPage::nextId() const
{
    return SetupWizard::ReviewId;
}

}  // namespace cudnnsetup::wizard
