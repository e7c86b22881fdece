#include "downloadpanel.h"

#include "icons.h"
#include "session.h"
#include "uikit.h"

#include "download/licence.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace cudnnsetup::wizard {

namespace {
// "2026-12-04T10:12:00Z" as the user's locale writes a date.
QString localDate(const QString& isoUtc)
{
    const QDateTime t = QDateTime::fromString(isoUtc, Qt::ISODate);
    return t.isValid() ? QLocale().toString(t.toLocalTime().date(), QLocale::LongFormat) : isoUtc;
}

QString problemHtml(const ProblemView& p)
{
    QString html = p.message.toHtmlEscaped();
    if (!p.fix.isEmpty())
        html += QStringLiteral("<br>") + DownloadPanel::tr("Fix: %1").arg(p.fix.toHtmlEscaped());
    return html;
}
}  // namespace

DownloadPanel::DownloadPanel(Session* session, QWidget* parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("downloadPanel"));

    auto* toolkitLabel = new QLabel(tr("For the &toolkit:"));
    m_toolkit = new QComboBox;
    m_toolkit->setObjectName(QStringLiteral("downloadToolkit"));
    m_toolkit->setAccessibleName(tr("The CUDA toolkit to download cuDNN for"));
    m_toolkit->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    toolkitLabel->setBuddy(m_toolkit);
    connect(m_toolkit, &QComboBox::currentIndexChanged, this, [this] { chooseForCurrent(); });
    auto* toolkitRow = new QHBoxLayout;
    toolkitRow->addWidget(toolkitLabel);
    toolkitRow->addWidget(m_toolkit, 1);

    m_choice = UiKit::wrappingLabel();
    m_choice->setObjectName(QStringLiteral("downloadChoice"));
    m_choice->setTextFormat(Qt::RichText);
    m_frameworks = UiKit::wrappingLabel();
    m_frameworks->setObjectName(QStringLiteral("downloadFrameworks"));
    m_frameworks->hide();

    m_licence = new QCheckBox;
    m_licence->setObjectName(QStringLiteral("acceptLicence"));
    connect(m_licence, &QCheckBox::toggled, this, &DownloadPanel::updateButtons);
    m_licenceLink = new QLabel(QStringLiteral("<a href=\"%1\">%2</a>")
                                   .arg(QString::fromUtf8(kCudnnLicenceUrl), tr("Read the licence")));
    m_licenceLink->setObjectName(QStringLiteral("licenceLink"));
    m_licenceLink->setOpenExternalLinks(true);
    m_licenceLink->setToolTip(QString::fromUtf8(kCudnnLicenceUrl));
    auto* licenceRow = new QHBoxLayout;
    licenceRow->addWidget(m_licence, 1);
    licenceRow->addWidget(m_licenceLink);

    m_folder = UiKit::wrappingLabel();
    m_folder->setObjectName(QStringLiteral("downloadFolder"));

    m_start = new QPushButton(Icons::get(QStringLiteral("archive")), tr("&Download"));
    m_start->setObjectName(QStringLiteral("startDownload"));
    connect(m_start, &QPushButton::clicked, this, &DownloadPanel::onStart);
    m_cancel = new QPushButton(tr("Cancel do&wnload"));
    m_cancel->setObjectName(QStringLiteral("cancelDownload"));
    connect(m_cancel, &QPushButton::clicked, m_session, &Session::cancelDownload);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("downloadProgress"));
    m_progress->setAccessibleName(tr("Download progress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_start);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    m_progressText = new QLabel;
    m_progressText->setObjectName(QStringLiteral("downloadProgressText"));
    m_status = UiKit::wrappingLabel();
    m_status->setObjectName(QStringLiteral("downloadStatus"));
    m_status->setTextFormat(Qt::RichText);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(toolkitRow);
    layout->addWidget(m_choice);
    layout->addWidget(m_frameworks);
    layout->addLayout(licenceRow);
    layout->addWidget(m_folder);
    layout->addLayout(progressRow);
    layout->addWidget(m_progressText);
    layout->addWidget(m_status);

    connect(session, &Session::downloadChoiceFinished, this, &DownloadPanel::onChoice);
    connect(session, &Session::downloadProgress, this, &DownloadPanel::onProgress);
    connect(session, &Session::downloadFinished, this, &DownloadPanel::onFinished);
    connect(session, &Session::machineChanged, this, [this] {
        if (isVisible())
            activate();
    });
    updateLicence();
    updateButtons();
}

void DownloadPanel::activate()
{
    fillToolkits();
    updateLicence();
    m_folder->setText(tr("Saved to %1, as you (no administrator rights are needed to download).")
                          .arg(m_session->downloadFolder()));
    if (!m_session->downloadChoice().ok && !m_session->choosingDownload() && !m_session->downloading())
        chooseForCurrent();
    updateButtons();
}

void DownloadPanel::fillToolkits()
{
    const QVariant current = m_toolkit->currentData();
    const QSignalBlocker block(m_toolkit);
    m_toolkit->clear();
    for (const ToolkitView& t : m_session->machine().toolkits)
        if (!t.version.isEmpty())
            m_toolkit->addItem(Icons::get(QStringLiteral("folder")), tr("%1 (CUDA %2)").arg(t.path, t.version), t.path);
    // No toolkit found: the CUDA major it is for, as `download --cuda` takes it.
    if (m_toolkit->count() == 0)
        for (int major : {13, 12, 11})
            m_toolkit->addItem(tr("CUDA %1 (no toolkit found on this computer)").arg(major), major);
    int index = m_toolkit->findData(current);
    if (index < 0 && !m_session->toolkit().isEmpty())
        for (int i = 0; i < m_toolkit->count(); ++i)
            if (Session::samePath(m_toolkit->itemData(i).toString(), m_session->toolkit()))
                index = i;
    m_toolkit->setCurrentIndex(std::max(index, 0));
}

void DownloadPanel::chooseForCurrent()
{
    if (m_session->downloading() || m_toolkit->count() == 0)
        return;
    const QVariant item = m_toolkit->currentData();
    if (item.typeId() == QMetaType::Int)
        m_session->chooseDownload({}, item.toInt());
    else
        m_session->chooseDownload(item.toString());
    m_choice->setText(tr("Asking %1 which cuDNN fits…").arg(m_session->config().downloadSource.isEmpty()
                                                                ? tr("NVIDIA")
                                                                : m_session->config().downloadSource.toHtmlEscaped()));
    m_frameworks->hide();
    m_status->clear();
    m_progressText->clear();
    m_lastDone = 0;
    m_progress->setValue(0);
    m_start->setText(tr("&Download"));
    updateButtons();
    emit choiceReset();
}

void DownloadPanel::onChoice()
{
    const DownloadChoiceView& c = m_session->downloadChoice();
    if (!c.ok) {
        m_choice->setText(problemHtml(c.problem));
        m_frameworks->hide();
        updateButtons();
        return;
    }
    m_choice->setText(tr("Recommended: <b>cuDNN %1 for CUDA %2</b> — %3, %4")
                          .arg(c.release.toHtmlEscaped())
                          .arg(c.cudaMajor)
                          .arg(c.fileName.toHtmlEscaped(), UiKit::bytes(c.size)) +
                      QStringLiteral("<br>") + c.reason.toHtmlEscaped());
    m_choice->setAccessibleDescription(c.reason);
    m_frameworks->setText(c.frameworks.join(QLatin1Char('\n')));
    m_frameworks->setVisible(!c.frameworks.isEmpty());
    updateButtons();
}

void DownloadPanel::updateLicence()
{
    const QString accepted = m_session->licenceAcceptedOn();
    const QString name = QString::fromUtf8(kCudnnLicenceName);
    const QSignalBlocker block(m_licence);
    if (accepted.isEmpty()) {
        m_licence->setText(tr("I &accept the %1.").arg(name));
        m_licence->setEnabled(true);
    } else {
        // Accepted once is accepted (the record is what scripts and an audit see): shown, not asked again.
        m_licence->setText(tr("You accepted the %1 on %2.").arg(name, localDate(accepted)));
        m_licence->setChecked(true);
        m_licence->setEnabled(false);
    }
}

void DownloadPanel::updateButtons()
{
    const bool running = m_session->downloading();
    const bool ready = m_session->downloadChoice().ok && !m_session->choosingDownload();
    m_start->setEnabled(ready && m_licence->isChecked() && !running);
    m_cancel->setVisible(running);
    m_toolkit->setEnabled(!running);
    m_progress->setVisible(running || m_lastDone > 0 || m_session->download().ok);
}

void DownloadPanel::onStart()
{
    if (m_session->licenceAcceptedOn().isEmpty()) {
        if (!m_licence->isChecked())
            return;
        QString error;
        if (!m_session->acceptLicence(&error)) {
            m_status->setText(error.toHtmlEscaped());
            return;
        }
        updateLicence();
    }
    m_status->clear();
    m_progressText->setText(tr("Connecting…"));
    m_session->startDownload();
    updateButtons();
}

void DownloadPanel::onProgress(const ProgressInfo& p)
{
    m_lastDone = p.done;
    if (p.total > 0)
        m_progress->setValue(int(p.done * 1000 / p.total));
    m_progressText->setText(UiKit::progressLine(p.done, p.total, p.bytesPerSecond, p.etaSeconds));
    updateButtons();
}

void DownloadPanel::onFinished()
{
    const DownloadView& d = m_session->download();
    if (d.ok) {
        m_progress->setValue(1000);
        m_progressText->setText(d.alreadyThere ? tr("Already downloaded: %1").arg(QFileInfo(d.path).fileName())
                                               : tr("Downloaded %1").arg(QFileInfo(d.path).fileName()));
        m_status->setText(tr("Its size and SHA-256 equal the release manifest's. It is checked below like any archive."));
        m_start->setText(tr("&Download"));
        updateButtons();
        emit downloaded(d.path, d.sha256);
        return;
    }
    // Speed and time left belonged to the transfer that stopped: only the bytes stay.
    const ProgressInfo last = m_session->downloadTask() ? m_session->downloadTask()->progress() : ProgressInfo{};
    m_progressText->setText(UiKit::progressLine(last.done, last.total, 0, -1));
    if (d.cancelled) {
        m_status->setText(tr("Download cancelled. The %1 downloaded so far are kept; Resume continues from there.")
                              .arg(UiKit::bytes(m_lastDone)).toHtmlEscaped());
        m_start->setText(tr("&Resume"));
    } else {
        m_status->setText(problemHtml(d.problem));
        m_start->setText(tr("Try &again"));
        // No bar at 100 % beside a failure: what arrived was refused (or never came).
        m_lastDone = 0;
        m_progress->setValue(0);
    }
    updateButtons();
}

}  // namespace cudnnsetup::wizard
