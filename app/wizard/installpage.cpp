#include "installpage.h"

#include "icons.h"
#include "session.h"
#include "setupwizard.h"
#include "taskbarprogress.h"
#include "uikit.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTextCursor>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

InstallPage::InstallPage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("installPage"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("installProgress"));
    m_progress->setAccessibleName(tr("Progress"));
    m_progress->setRange(0, 1000);
    m_status = UiKit::wrappingLabel();
    m_status->setObjectName(QStringLiteral("installStatus"));
    m_cancel = new QPushButton(tr("&Cancel and roll back"));
    m_cancel->setObjectName(QStringLiteral("cancelInstall"));
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling: undoing every change made so far…"));
        m_session->cancelOperation();
    });
    auto* row = new QHBoxLayout;
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);

    auto* logLabel = new QLabel(tr("&Log (paths relative to the toolkit, a line per folder):"));
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("installLog"));
    m_log->setAccessibleName(tr("Installation log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    logLabel->setBuddy(m_log);
    m_fullLog = new QPushButton(tr("&Full log…"));
    m_fullLog->setObjectName(QStringLiteral("fullLog"));
    m_fullLog->setToolTip(tr("Every line with full paths, as written to the wizard's log file."));
    connect(m_fullLog, &QPushButton::clicked, this, &InstallPage::showFullLog);
    auto* logRow = new QHBoxLayout;
    logRow->addWidget(logLabel, 1);
    logRow->addWidget(m_fullLog);

    m_resultBox = new QFrame;
    m_resultBox->setFrameShape(QFrame::StyledPanel);
    auto* resultLayout = new QHBoxLayout(m_resultBox);
    m_resultIcon = new QLabel;
    m_result = UiKit::wrappingLabel();
    m_result->setObjectName(QStringLiteral("installResult"));
    resultLayout->addWidget(m_resultIcon, 0, Qt::AlignTop);
    resultLayout->addWidget(m_result, 1);
    m_resultBox->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_status);
    layout->addLayout(logRow);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_resultBox);

    connect(session, &Session::operationProgress, this, &InstallPage::onProgress);
    connect(session, &Session::operationLog, this, [this](const QStringList& lines) {
        if (!m_started)
            return;
        m_digest.add(lines);
        m_log->setPlainText(m_digest.lines().join(QLatin1Char('\n')));
        m_log->moveCursor(QTextCursor::End);
    });
    connect(session, &Session::operationFinished, this, &InstallPage::onFinished);
}

void InstallPage::initializePage()
{
    const Operation op = m_session->operation();
    switch (op) {
    case Operation::Repair: setTitle(tr("Repairing cuDNN")); break;
    case Operation::Uninstall: setTitle(tr("Uninstalling cuDNN")); break;
    case Operation::Use:
        setTitle(m_session->useMergeInto().isEmpty() ? tr("Putting cuDNN on PATH") : tr("Copying cuDNN into the toolkit"));
        break;
    default: setTitle(tr("Installing cuDNN")); break;
    }
    if (op == Operation::Use && m_session->useChoice() && m_session->useMergeInto().isEmpty())
        setSubTitle(tr("Folder: %1").arg(m_session->useChoice()->binDir));
    else
        setSubTitle(tr("Toolkit: %1").arg(m_session->toolkit()));
    m_log->clear();
    m_digest.reset(m_session->toolkit());
    m_progress->setValue(0);
    TaskbarProgress::clear(this);
    m_resultBox->hide();
    m_cancel->setEnabled(true);
    m_cancel->show();
    m_status->setText(tr("Starting…"));
    m_started = true;
    m_session->runOperation();
    emit completeChanged();
}

void InstallPage::onProgress(const ProgressInfo& p)
{
    if (!m_started)
        return;
    if (p.total > 0) {
        m_progress->setValue(int(p.done * 1000 / p.total));
        TaskbarProgress::set(this, m_progress->value());
    }
    QString status = p.stage;
    if (!p.item.isEmpty())
        status += QStringLiteral(": ") + p.item;
    if (p.total > 0 && p.total > 1000)
        status += QStringLiteral(" — ") + UiKit::progressLine(p.done, p.total, p.bytesPerSecond, p.etaSeconds);
    if (m_cancel->isEnabled())
        m_status->setText(status);
}

void InstallPage::onFinished()
{
    if (!m_started)
        return;
    m_started = false;
    const OutcomeView& o = m_session->outcome();
    m_cancel->hide();
    m_progress->setValue(o.ok ? 1000 : m_progress->value());
    if (o.ok)
        TaskbarProgress::clear(this);
    else
        TaskbarProgress::failed(this);
    QString text = QStringLiteral("<b>%1</b>").arg(o.headline.toHtmlEscaped());
    if (!o.leftovers.isEmpty()) {
        text += QStringLiteral("<p>%1</p><ul>").arg(tr("These could not be restored:").toHtmlEscaped());
        for (const QString& l : o.leftovers)
            text += QStringLiteral("<li>%1</li>").arg(l.toHtmlEscaped());
        text += QStringLiteral("</ul>");
    }
    for (const ProblemView& p : o.problems) {
        text += QStringLiteral("<p>%1").arg(p.message.toHtmlEscaped());
        if (!p.fix.isEmpty())
            text += QStringLiteral("<br><i>%1</i>").arg(tr("Fix: %1").arg(p.fix).toHtmlEscaped());
        text += QStringLiteral("</p>");
    }
    m_result->setText(text);
    const QString icon = o.ok ? QStringLiteral("ok") : (o.notRolledBack ? QStringLiteral("fail") : QStringLiteral("warning"));
    m_resultIcon->setPixmap(Icons::pixmap(icon, 32));
    m_resultBox->show();
    m_status->setText(o.ok ? tr("Done.") : tr("Stopped."));
    emit completeChanged();
}

void InstallPage::showFullLog()
{
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("fullLogDialog"));
    dialog.setWindowTitle(tr("Full log"));
    auto* text = new QPlainTextEdit;
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setPlainText(m_digest.fullLog().join(QLatin1Char('\n')));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog.resize(900, 500);
    dialog.exec();
}

bool InstallPage::isComplete() const
{
    return !m_session->operationRunning() && !m_started;
}

int InstallPage::nextId() const
{
    const OutcomeView& o = m_session->outcome();
    if (o.ok && (o.operation == Operation::Install || o.operation == Operation::Repair))
        return SetupWizard::ValidateId;
    return SetupWizard::FinishId;
}

}  // namespace cudnnsetup::wizard
