#include "archivepage.h"

#include "common/problemcodes.h"
#include "downloadpanel.h"
#include "icons.h"
#include "problemtext.h"
#include "session.h"
#include "uikit.h"

#include <QCheckBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cudnnsetup::wizard {

namespace {
QString localZip(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QString path = mime->urls().first().toLocalFile();
    // NVIDIA's Windows zip, or on Linux its tarballs (.tar.xz from 8.3.1, .tgz before).
    for (const char* ext : {".zip", ".tar.xz", ".tgz", ".tar.gz"})
        if (path.endsWith(QLatin1String(ext), Qt::CaseInsensitive))
            return path;
    return QString();
}
}  // namespace

ArchivePage::ArchivePage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("archivePage"));
    setTitle(tr("Choose the cuDNN archive"));
    setSubTitle(tr("Choose the cuDNN zip you downloaded from NVIDIA, drop it here, or let cuDNN Setup download "
                   "the right one. It is checked completely before anything is installed."));
    setAcceptDrops(true);

    m_haveZip = new QRadioButton(tr("I &have the zip"));
    m_haveZip->setObjectName(QStringLiteral("sourceZip"));
    m_haveZip->setChecked(true);
    m_download = new QRadioButton(tr("D&ownload from NVIDIA"));
    m_download->setObjectName(QStringLiteral("sourceDownload"));
    connect(m_download, &QRadioButton::toggled, this, &ArchivePage::onSourceChanged);
    auto* sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_haveZip);
    sourceRow->addWidget(m_download);
    sourceRow->addStretch(1);

    auto* pathLabel = new QLabel(tr("&Archive:"));
    m_path = new QLineEdit;
    m_path->setObjectName(QStringLiteral("archivePath"));
    m_path->setReadOnly(true);
    m_path->setPlaceholderText(tr("cudnn-…-windows-x64-….zip"));
    m_path->setAccessibleName(tr("Chosen archive"));
    pathLabel->setBuddy(m_path);
    m_browse = new QPushButton(Icons::get(QStringLiteral("archive")), tr("&Browse…"));
    m_browse->setObjectName(QStringLiteral("browseArchive"));
    connect(m_browse, &QPushButton::clicked, this, &ArchivePage::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(pathLabel);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);

    auto* foundLabel = new QLabel(tr("&Found in Downloads, Desktop and the current folder:"));
    m_found = new QListWidget;
    m_found->setObjectName(QStringLiteral("foundArchives"));
    m_found->setAccessibleName(tr("Archives found on this computer"));
    m_found->setMaximumHeight(72);
    foundLabel->setBuddy(m_found);
    connect(m_found, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        choose(item->data(Qt::UserRole).toString());
    });

    m_zipPanel = new QWidget;
    auto* zipLayout = new QVBoxLayout(m_zipPanel);
    zipLayout->setContentsMargins(0, 0, 0, 0);
    zipLayout->addLayout(pathRow);
    zipLayout->addWidget(foundLabel);
    zipLayout->addWidget(m_found);

    m_downloadPanel = new DownloadPanel(session);
    m_downloadPanel->hide();
    connect(m_downloadPanel, &DownloadPanel::downloaded, this, [this](const QString& path, const QString& sha256) {
        choose(path, sha256);
    });
    connect(m_downloadPanel, &DownloadPanel::choiceReset, this, &ArchivePage::onFinished);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("verifyProgress"));
    m_progress->setAccessibleName(tr("Verification progress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progressText = new QLabel;
    m_progressText->setObjectName(QStringLiteral("verifyProgressText"));
    m_cancel = new QPushButton(tr("&Cancel check"));
    m_cancel->setObjectName(QStringLiteral("cancelVerify"));
    connect(m_cancel, &QPushButton::clicked, m_session, &Session::cancelVerify);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);

    m_headline = UiKit::wrappingLabel();
    m_headline->setObjectName(QStringLiteral("verifyHeadline"));
    m_checklist = new QTreeWidget;
    m_checklist->setObjectName(QStringLiteral("checklist"));
    m_checklist->setAccessibleName(tr("Verification checklist"));
    m_checklist->setHeaderHidden(true);
    m_checklist->setColumnCount(2);
    m_checklist->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_checklist->setWordWrap(true);
    m_checklist->setRootIsDecorated(true);

    m_trust = new QCheckBox(tr("I &trust this file: I know where it came from, although its SHA-256 is not a known "
                               "NVIDIA release."));
    m_trust->setObjectName(QStringLiteral("trustArchive"));
    m_trust->hide();
    connect(m_trust, &QCheckBox::toggled, m_session, &Session::setTrusted);

    m_extraFiles = new QCheckBox(tr("Also install the &extra files this archive has beyond the cuDNN release "
                                    "(listed under Notes)."));
    m_extraFiles->setObjectName(QStringLiteral("includeExtraFiles"));
    m_extraFiles->hide();
    connect(m_extraFiles, &QCheckBox::toggled, m_session, &Session::setIncludeExtraFiles);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(sourceRow);
    layout->addWidget(m_zipPanel);
    layout->addWidget(m_downloadPanel);
    layout->addLayout(progressRow);
    layout->addWidget(m_progressText);
    layout->addWidget(m_headline);
    layout->addWidget(m_checklist, 1);
    layout->addWidget(m_trust);
    layout->addWidget(m_extraFiles);

    connect(session, &Session::verifyProgress, this, &ArchivePage::onProgress);
    connect(session, &Session::verifyFinished, this, &ArchivePage::onFinished);
    connect(session, &Session::trustChanged, this, &ArchivePage::completeChanged);
    // A new choice (another toolkit) or download replaces the one the verified file came from.
    for (auto signal : {&Session::downloadChoiceFinished, &Session::downloadFinished})
        connect(session, signal, this, &ArchivePage::onFinished);
}

void ArchivePage::initializePage()
{
    m_found->clear();
    for (const QString& path : m_session->discoverArchives()) {
        auto* item = new QListWidgetItem(Icons::get(QStringLiteral("archive")), QFileInfo(path).fileName(), m_found);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    if (m_found->count() == 0)
        new QListWidgetItem(tr("No cudnn*.zip found there."), m_found);
    showResult();
    if (downloadMode())
        m_downloadPanel->activate();
    // The newest archive found is almost always the one just downloaded: start checking it at once.
    if (!downloadMode() && m_session->archivePath().isEmpty() && m_found->item(0) && m_found->item(0)->data(Qt::UserRole).isValid())
        choose(m_found->item(0)->data(Qt::UserRole).toString());
}

void ArchivePage::cleanupPage()
{
    m_session->cancelVerify();
    m_session->cancelDownload();  // the .part stays: Resume continues it
}

bool ArchivePage::downloadMode() const
{
    return m_download->isChecked();
}

bool ArchivePage::showsChosenArchive() const
{
    if (!downloadMode())
        return true;
    const DownloadView& d = m_session->download();
    return d.ok && !m_session->archivePath().isEmpty() && Session::samePath(d.path, m_session->archivePath());
}

void ArchivePage::onSourceChanged()
{
    m_zipPanel->setVisible(!downloadMode());
    m_downloadPanel->setVisible(downloadMode());
    if (downloadMode())
        m_downloadPanel->activate();
    showResult();
    emit completeChanged();
}

void ArchivePage::browse()
{
    QString start = QFileInfo(m_session->archivePath()).absolutePath();
    if (m_session->archivePath().isEmpty())
        start = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose the cuDNN archive"), start,
                                                      tr("cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz);;All files (*)"));
    if (!path.isEmpty())
        choose(path);
}

void ArchivePage::choose(const QString& path, const QString& sha256)
{
    m_path->setText(QDir::toNativeSeparators(path));
    m_trust->setChecked(false);
    m_extraFiles->setChecked(false);
    m_session->verifyArchive(path, sha256);
    showResult();
    emit completeChanged();
}

void ArchivePage::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localZip(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ArchivePage::dropEvent(QDropEvent* event)
{
    const QString path = localZip(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    m_haveZip->setChecked(true);  // a dropped zip is the user's answer, whatever was chosen before
    choose(path);
}

void ArchivePage::onProgress(const ProgressInfo& p)
{
    if (p.total > 0)
        m_progress->setValue(int(p.done * 1000 / p.total));
    m_progressText->setText(UiKit::progressLine(p.done, p.total, p.bytesPerSecond, p.etaSeconds));
}

void ArchivePage::onFinished()
{
    showResult();
    emit completeChanged();
}

void ArchivePage::showResult()
{
    const bool running = m_session->verifying();
    const ArchiveReport& a = m_session->archive();
    m_progress->setVisible(running || !a.path.isEmpty());
    m_cancel->setVisible(running);
    m_cancel->setEnabled(running);
    m_checklist->clear();
    m_checklist->setVisible(showsChosenArchive());
    if (a.path.isEmpty() || !showsChosenArchive()) {
        m_progress->hide();
        m_cancel->hide();
        m_progressText->clear();
        m_headline->setText(downloadMode() ? tr("Nothing downloaded yet.") : tr("No archive chosen yet."));
        m_trust->hide();
        m_extraFiles->hide();
        return;
    }
    if (running) {
        m_progress->setValue(0);
        m_progressText->setText(tr("Reading %1…").arg(QFileInfo(a.path).fileName()));
        m_headline->setText(tr("Checking %1: identity, authenticity, completeness, integrity and safety…")
                                .arg(QFileInfo(a.path).fileName()));
        m_trust->hide();
        m_extraFiles->hide();
        return;
    }
    const QString name = QFileInfo(a.path).fileName();
    if (!a.error.isEmpty()) {
        m_progress->hide();
        m_progressText->clear();
        m_headline->setText(a.error);
    } else if (a.cancelled) {
        m_headline->setText(tr("The check of %1 was cancelled. Choose the archive again to check it.").arg(name));
    } else if (a.ok) {
        m_progress->setValue(1000);
        m_progressText->setText(tr("%1, SHA-256 %2").arg(UiKit::bytes(a.size), a.sha256));
        m_headline->setText(a.needsTrust()
                                ? tr("%1 is intact, but it is not a known NVIDIA release.").arg(name)
                                : tr("%1 is a complete, intact %2.").arg(name, a.releaseText));
    } else {
        m_headline->setText(tr("%1 cannot be installed: %n problem(s) found. Nothing was written.", "",
                               int(a.problems.size())).arg(name));
    }
    m_headline->setAccessibleDescription(m_headline->text());
    for (const CheckItem& c : a.checks) {
        auto* item = new QTreeWidgetItem(m_checklist);
        item->setIcon(0, Icons::forState(c.state));
        item->setText(0, c.title);
        item->setText(1, c.summary);
        item->setToolTip(1, c.summary);
        item->setData(0, Qt::UserRole, c.key);
        UiKit::addProblems(m_checklist, c.problems, CheckState::Failed, item);
        item->setExpanded(true);
    }
    if (!a.warnings.isEmpty()) {
        auto* item = new QTreeWidgetItem(m_checklist);
        item->setIcon(0, Icons::forState(CheckState::Warning));
        item->setText(0, tr("Notes"));
        item->setText(1, tr("%n note(s) that do not stop the install.", "", int(a.warnings.size())));
        UiKit::addProblems(m_checklist, a.warnings, CheckState::Warning, item);
    }
    m_trust->setVisible(a.needsTrust());
    // An official archive's extra files are installed anyway (core/install/plan.h); others only on request.
    const bool official = a.authenticity == QLatin1String("official") || a.authenticity == QLatin1String("manifest");
    const bool extras = std::any_of(a.warnings.begin(), a.warnings.end(),
                                    [](const ProblemView& w) { return w.code == QLatin1String(codes::kExtraFile); });
    m_extraFiles->setVisible(a.ok && extras && !official);
}

bool ArchivePage::isComplete() const
{
    return showsChosenArchive() && m_session->archiveAcceptable();
}

}  // namespace cudnnsetup::wizard
