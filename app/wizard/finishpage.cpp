#include "finishpage.h"

#include "icons.h"
#include "session.h"
#include "uikit.h"

#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <QWizard>

namespace cudnnsetup::wizard {

FinishPage::FinishPage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("finishPage"));
    setTitle(tr("Finished"));
    setFinalPage(true);

    m_summary = UiKit::wrappingLabel();
    m_summary->setObjectName(QStringLiteral("finishSummary"));
    m_report = new QTextBrowser;
    m_report->setObjectName(QStringLiteral("reportPreview"));
    m_report->setAccessibleName(tr("Report"));

    auto* save = new QPushButton(tr("&Save report…"));
    save->setObjectName(QStringLiteral("saveReport"));
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the report"), QDir::home().filePath(QStringLiteral("cudnn-setup-report.md")),
            tr("Markdown (*.md);;JSON (*.json)"));
        if (!path.isEmpty())
            saveReportTo(path);
    });
    auto* copy = new QPushButton(tr("&Copy to clipboard"));
    copy->setObjectName(QStringLiteral("copyReport"));
    connect(copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_session->reportMarkdown());
        m_saved->setText(tr("The report is on the clipboard (Markdown), ready to paste into a bug report."));
    });
    auto* logs = new QPushButton(Icons::get(QStringLiteral("folder")), tr("Open &log folder"));
    logs->setObjectName(QStringLiteral("openLogs"));
    connect(logs, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_session->logFilePath()).absolutePath()));
    });
    // Back to Welcome, which shows the machine as it is now (detection runs again after every change).
    auto* restart = new QPushButton(tr("Back to the &start"));
    restart->setObjectName(QStringLiteral("restartWizard"));
    connect(restart, &QPushButton::clicked, this, [this] {
        m_session->clearUse();
        if (wizard())
            wizard()->restart();
    });
    auto* row = new QHBoxLayout;
    row->addWidget(restart);
    row->addWidget(save);
    row->addWidget(copy);
    row->addWidget(logs);
    row->addStretch(1);
    m_saved = UiKit::wrappingLabel();
    m_saved->setObjectName(QStringLiteral("reportSaved"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_report, 1);
    layout->addLayout(row);
    layout->addWidget(m_saved);
}

void FinishPage::initializePage()
{
    const OutcomeView& o = m_session->outcome();
    const ValidationView& v = m_session->validation();
    QStringList lines;
    if (!o.headline.isEmpty())
        lines << o.headline;
    if (!v.headline.isEmpty())
        lines << tr("Validation: %1").arg(v.headline);
    if (lines.isEmpty())
        lines << tr("Nothing was changed.");
    lines << tr("The log is in %1.").arg(QDir::toNativeSeparators(m_session->logFilePath()));
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_report->setMarkdown(m_session->reportMarkdown());
    m_saved->clear();
}

QString FinishPage::saveReportTo(const QString& path)
{
    QString error;
    if (m_session->saveReport(path, &error))
        m_saved->setText(tr("Report saved to %1.").arg(QDir::toNativeSeparators(path)));
    else
        m_saved->setText(error);
    return error;
}

}  // namespace cudnnsetup::wizard
