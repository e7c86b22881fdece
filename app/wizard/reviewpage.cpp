#include "reviewpage.h"

#include "frameworkspanel.h"
#include "icons.h"
#include "logdigest.h"
#include "session.h"
#include "setupwizard.h"
#include "uikit.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

ReviewPage::ReviewPage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("reviewPage"));
    setTitle(tr("Review the changes"));
    setSubTitle(tr("Nothing has been written yet. This is exactly what Install will do; "
                   "if any step fails, all of it is undone."));
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, tr("&Install"));

    m_summary = UiKit::wrappingLabel();
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_files = new QTreeWidget;
    m_files->setObjectName(QStringLiteral("planFiles"));
    m_files->setAccessibleName(tr("Files that will be added, replaced or removed"));
    // Grouped by folder relative to the toolkit (bin, include, lib\x64); the full path is the tooltip.
    m_files->setHeaderLabels({tr("File"), tr("Size"), tr("Change")});
    m_files->header()->setStretchLastSection(false);
    m_files->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_files->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_files->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);

    m_path = new QTextBrowser;
    m_path->setObjectName(QStringLiteral("pathPreview"));
    m_path->setAccessibleName(tr("PATH before and after"));
    m_warnings = new QTreeWidget;
    m_warnings->setObjectName(QStringLiteral("planWarnings"));
    m_warnings->setAccessibleName(tr("Conflicts and warnings"));
    m_warnings->setHeaderHidden(true);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_files);
    split->addWidget(m_path);
    split->addWidget(m_warnings);
    m_frameworks = new FrameworksPanel;  // what the frameworks will load, before and after this install
    split->addWidget(m_frameworks);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(session, &Session::planFinished, this, &ReviewPage::showPlan);
}

void ReviewPage::initializePage()
{
    const CudnnInstallView* use = m_session->useChoice();
    m_session->setOperation(use ? Operation::Use : Operation::Install);
    setButtonText(QWizard::CommitButton, use ? tr("&Use this cuDNN") : tr("&Install"));
    // A use on PATH copies nothing: only the PATH change and the conflicts are to review. Copied into
    // a toolkit it is an install: its files are listed as a zip's are.
    const bool merge = use && !m_session->useMergeInto().isEmpty();
    m_files->setVisible(!use || merge);
    m_files->clear();
    m_warnings->clear();
    m_path->clear();
    m_summary->setText(tr("Working out the plan for %1…").arg(use && !merge ? use->binDir : m_session->toolkit()));
    m_session->makePlan();
}

void ReviewPage::cleanupPage()
{
    // Back to where the choice was made: Next from there is the archive's way again unless chosen anew.
    m_session->clearUse();
    QWizardPage::cleanupPage();
}

void ReviewPage::showPlan()
{
    const PlanView& p = m_session->plan();
    if (auto* w = qobject_cast<SetupWizard*>(wizard()))
        w->setNeedsAdmin(p.ok && p.needsAdmin);
    m_files->clear();
    m_warnings->clear();
    if (!p.ok) {
        m_summary->setText(p.error);
        m_path->clear();
        emit completeChanged();
        return;
    }
    QString summary;
    const CudnnInstallView* use = m_session->useChoice();
    if (use && !m_session->useMergeInto().isEmpty()) {
        summary = tr("Copy cuDNN %1 from %2 into %3: %n file(s) added", "", p.added)
                      .arg(use->version, use->binDir, m_session->useMergeInto());
        summary += QStringLiteral(", ") + tr("%n replaced (the old ones are kept as backups)", "", p.replaced);
        summary += QStringLiteral(", ") + tr("%n removed (backed up)", "", p.removed) + QLatin1Char('.');
        summary += QLatin1Char(' ') + tr("NVIDIA's folder stays as it is; Uninstall in Maintenance takes the files out "
                                         "of the toolkit again.");
        if (p.needsAdmin)
            summary += QLatin1Char(' ') + tr("Administrator rights are needed: Windows will ask when you click Use this cuDNN.");
    } else if (use) {
        summary = !p.pathChange ? tr("%1 is on the system PATH already; nothing to change.").arg(use->binDir)
                  : m_session->usePathFirst()
                      ? tr("Add %1 to the system PATH, ahead of every entry, so that programs started from now on load "
                           "cuDNN %2 from it.").arg(use->binDir, use->version)
                      : tr("Add %1 to the system PATH (at the end), so that programs started from now on find cuDNN %2 "
                           "in it.").arg(use->binDir, use->version);
        summary += QLatin1Char(' ') + tr("Nothing in NVIDIA's folder is changed; Maintenance undoes it.");
        if (p.needsAdmin)
            summary += QLatin1Char(' ') + tr("Administrator rights are needed: Windows will ask when you click Use this cuDNN.");
    } else {
        summary = tr("Into %1: %n file(s) added", "", p.added).arg(m_session->toolkit());
        summary += QStringLiteral(", ") + tr("%n replaced (the old ones are kept as backups)", "", p.replaced);
        summary += QStringLiteral(", ") + tr("%n removed (backed up)", "", p.removed) + QLatin1Char('.');
        if (p.needsAdmin)
            summary += QLatin1Char(' ') + tr("Administrator rights are needed: Windows will ask when you click Install.");
    }
    m_summary->setText(summary);

    const LogDigest paths(m_session->toolkit());
    QMap<QString, QTreeWidgetItem*> folders;  // relative folder -> its row
    QMap<QString, qint64> folderBytes;
    auto folderItem = [&](const QString& folder) {
        auto it = folders.find(folder);
        if (it != folders.end())
            return *it;
        auto* item = new QTreeWidgetItem(m_files);
        item->setText(0, folder.isEmpty() ? QStringLiteral(".") : folder + QDir::separator());
        item->setIcon(0, Icons::get(QStringLiteral("folder")));
        item->setToolTip(0, QDir::toNativeSeparators(m_session->toolkit() + QLatin1Char('/') + folder));
        item->setFirstColumnSpanned(false);
        return *folders.insert(folder, item);
    };
    for (const PlanFileView& f : p.files) {
        QString rel = paths.relative(f.path);
        if (rel.isEmpty())
            rel = f.path;  // outside the toolkit: shown whole
        const qsizetype cut = rel.lastIndexOf(QDir::separator());
        const bool isDir = f.change == FileChange::Directory;
        const QString folder = isDir ? rel : (cut < 0 ? QString() : rel.left(cut));
        QTreeWidgetItem* parent = folderItem(folder);
        QTreeWidgetItem* item = parent;
        if (!isDir) {
            item = new QTreeWidgetItem(parent);
            item->setText(0, cut < 0 ? rel : rel.mid(cut + 1));
            if (f.size >= 0) {
                item->setText(1, UiKit::bytes(quint64(f.size)));
                item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
                folderBytes[folder] += f.size;
            }
        }
        item->setToolTip(0, f.detail.isEmpty() ? f.path : f.path + QLatin1Char('\n') + f.detail);
        switch (f.change) {
        case FileChange::Added: item->setText(2, tr("added")); item->setIcon(2, Icons::get(QStringLiteral("ok"))); break;
        case FileChange::Replaced: item->setText(2, tr("replaced, backup kept")); item->setIcon(2, Icons::get(QStringLiteral("warning"))); break;
        case FileChange::Removed: item->setText(2, tr("removed, backup kept")); item->setIcon(2, Icons::get(QStringLiteral("fail"))); break;
        case FileChange::Directory: item->setText(2, tr("folder created")); item->setIcon(2, Icons::get(QStringLiteral("folder"))); break;
        case FileChange::Link: item->setText(2, tr("symbolic link")); item->setIcon(2, Icons::get(QStringLiteral("ok"))); break;
        }
    }
    for (auto it = folders.begin(); it != folders.end(); ++it) {
        QTreeWidgetItem* item = *it;
        if (item->childCount() > 0) {
            item->setText(0, item->text(0) + QStringLiteral("  (") + tr("%n file(s)", "", item->childCount()) + QLatin1Char(')'));
            item->setText(1, UiKit::bytes(quint64(folderBytes.value(it.key()))));
            item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    m_files->expandAll();

    QString html;
    if (!p.pathChange) {
        html = tr("PATH stays as it is.").toHtmlEscaped();
    } else {
        auto list = [&p](const QStringList& entries, bool after) {
            QString out = QStringLiteral("<ol style='margin:0'>");
            for (const QString& e : entries) {
                const bool changed = after && p.pathChanged.contains(e, Qt::CaseInsensitive);
                out += changed ? QStringLiteral("<li><span style='background:#c8e6c9;font-weight:bold'>%1</span></li>")
                                     .arg(e.toHtmlEscaped())
                               : QStringLiteral("<li>%1</li>").arg(e.toHtmlEscaped());
            }
            return out + QStringLiteral("</ol>");
        };
        html = QStringLiteral("<b>%1</b>%2<b>%3</b>%4")
                   .arg(tr("PATH before").toHtmlEscaped(), list(p.pathBefore, false),
                        tr("PATH after (changes highlighted)").toHtmlEscaped(), list(p.pathAfter, true));
    }
    m_path->setHtml(html);

    m_frameworks->show(m_session->machine());
    UiKit::addProblems(m_warnings, p.warnings, CheckState::Warning);
    UiKit::addProblems(m_warnings, m_session->machine().diagnosis, CheckState::Warning);
    if (m_warnings->topLevelItemCount() == 0) {
        auto* ok = new QTreeWidgetItem(m_warnings);
        ok->setIcon(0, Icons::get(QStringLiteral("ok")));
        ok->setText(0, tr("No conflicts found: no other cuDNN copy will win the library search."));
    }
    emit completeChanged();
}

bool ReviewPage::isComplete() const
{
    return !m_session->planning() && m_session->plan().ok;
}

bool ReviewPage::validatePage()
{
    m_session->setOperation(m_session->useChoice() ? Operation::Use : Operation::Install);
    return true;
}

}  // namespace cudnnsetup::wizard
