#include "validatepage.h"

#include "icons.h"
#include "session.h"
#include "setupwizard.h"
#include "uikit.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

ValidatePage::ValidatePage(Session* session) : m_session(session)
{
    setObjectName(QStringLiteral("validatePage"));
    setTitle(tr("Validate cuDNN on the GPU"));
    setSubTitle(tr("Loads cuDNN from the toolkit in a separate process and runs real convolutions, "
                   "each compared with a CPU reference."));

    m_busy = new QProgressBar;
    m_busy->setObjectName(QStringLiteral("validateBusy"));
    m_busy->setAccessibleName(tr("Validation running"));
    m_busy->setRange(0, 0);
    m_cancel = new QPushButton(tr("&Stop"));
    m_cancel->setObjectName(QStringLiteral("cancelValidate"));
    connect(m_cancel, &QPushButton::clicked, m_session, &Session::cancelValidation);
    m_again = new QPushButton(Icons::get(QStringLiteral("gpu")), tr("Run &again"));
    m_again->setObjectName(QStringLiteral("validateAgain"));
    connect(m_again, &QPushButton::clicked, this, &ValidatePage::start);
    auto* row = new QHBoxLayout;
    row->addWidget(m_busy, 1);
    row->addWidget(m_cancel);
    row->addWidget(m_again);

    m_headline = UiKit::wrappingLabel();
    m_headline->setObjectName(QStringLiteral("validateHeadline"));
    auto* form = new QFormLayout;
    m_device = UiKit::wrappingLabel();
    m_driver = UiKit::wrappingLabel();
    m_cudnn = UiKit::wrappingLabel();
    m_loaded = UiKit::wrappingLabel();
    m_loaded->setObjectName(QStringLiteral("validateLoaded"));
    form->addRow(tr("Device:"), m_device);
    form->addRow(tr("Driver:"), m_driver);
    form->addRow(tr("cuDNN:"), m_cudnn);
    form->addRow(tr("Loaded from:"), m_loaded);

    m_checks = new QTableWidget(0, 5);
    m_checks->setObjectName(QStringLiteral("validateChecks"));
    m_checks->setAccessibleName(tr("Convolution checks"));
    m_checks->setHorizontalHeaderLabels({tr("Shape"), tr("Algorithm"), tr("Result"), tr("Max. rel. error"), tr("Time (ms)")});
    m_checks->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_checks->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);  // algorithm names are never cut off
    m_checks->setWordWrap(false);
    m_checks->verticalHeader()->hide();
    m_checks->setEditTriggers(QAbstractItemView::NoEditTriggers);

    m_problems = new QTreeWidget;
    m_problems->setObjectName(QStringLiteral("validateProblems"));
    m_problems->setAccessibleName(tr("Why the check failed and what to do"));
    m_problems->setHeaderHidden(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_headline);
    layout->addLayout(form);
    layout->addWidget(m_checks, 1);
    layout->addWidget(m_problems);

    connect(session, &Session::validationFinished, this, &ValidatePage::showResult);
}

void ValidatePage::initializePage()
{
    start();
}

void ValidatePage::cleanupPage()
{
    m_session->cancelValidation();
}

void ValidatePage::start()
{
    m_session->validate();
    m_busy->show();
    m_cancel->show();
    m_again->hide();
    m_headline->setText(tr("Checking cuDNN in %1…").arg(m_session->toolkit()));
    for (QLabel* l : {m_device, m_driver, m_cudnn, m_loaded})
        l->clear();
    m_checks->setRowCount(0);
    m_problems->clear();
    emit completeChanged();
}

void ValidatePage::showResult()
{
    const ValidationView& v = m_session->validation();
    m_busy->hide();
    m_cancel->hide();
    m_again->show();
    m_headline->setText(QStringLiteral("<img src='%1' width='16' height='16'> <b>%2</b>")
                            .arg(Icons::resource(v.ok ? QStringLiteral("ok") : QStringLiteral("fail")), v.headline.toHtmlEscaped()));
    const QString unknown = tr("not reported");
    m_device->setText(v.device.isEmpty() ? unknown : v.device);
    m_driver->setText(v.driver.isEmpty() ? unknown : v.driver);
    m_cudnn->setText(v.cudnnVersion.isEmpty() ? unknown : v.cudnnVersion);
    m_loaded->setText(v.loaded.isEmpty() ? unknown : v.loaded.join(QLatin1Char('\n')));
    m_checks->setRowCount(int(v.checks.size()));
    for (int r = 0; r < v.checks.size(); ++r) {
        const ValidationCheckView& c = v.checks[r];
        auto set = [this, r](int col, const QString& text) { m_checks->setItem(r, col, new QTableWidgetItem(text)); };
        set(0, c.name);
        set(1, c.algo);
        set(2, c.ok ? tr("pass") : (c.error.isEmpty() ? tr("FAIL") : tr("FAIL: %1").arg(c.error)));
        m_checks->item(r, 2)->setIcon(Icons::forState(c.ok ? CheckState::Passed : CheckState::Failed));
        set(3, c.maxRelError < 0 ? QStringLiteral("–") : QString::number(c.maxRelError, 'g', 3));
        set(4, c.timeMs < 0 ? QStringLiteral("–") : QString::number(c.timeMs, 'f', 3));
    }
    m_checks->setVisible(!v.checks.isEmpty());
    UiKit::addProblems(m_problems, v.problems, CheckState::Failed);
    if (!v.stderrText.isEmpty() && v.problems.isEmpty() && !v.ok) {
        auto* item = new QTreeWidgetItem(m_problems);
        item->setText(0, v.stderrText);
    }
    m_problems->setVisible(m_problems->topLevelItemCount() > 0);
    emit completeChanged();
}

bool ValidatePage::isComplete() const
{
    return !m_session->validating();
}

int ValidatePage::nextId() const
{
    return SetupWizard::FinishId;
}

}  // namespace cudnnsetup::wizard
