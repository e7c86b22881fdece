#include "cudnninstallspanel.h"

#include "icons.h"
#include "uikit.h"

#include <QCheckBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

CudnnInstallsPanel::CudnnInstallsPanel(QWidget* parent) : QGroupBox(tr("cuDNN outside your CUDA toolkits"), parent)
{
    setObjectName(QStringLiteral("cudnnInstallsPanel"));
    // Paths and findings are long and an install has several variants: the rows scroll rather than
    // squeeze the wrapped text out of sight.
    auto* rows = new QWidget;
    m_rows = new QVBoxLayout(rows);
    m_rows->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("cudnnInstallsScroll"));
    scroll->setWidget(rows);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumHeight(150);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scroll);
    QGroupBox::hide();
}

void CudnnInstallsPanel::show(const MachineView& machine)
{
    while (QLayoutItem* item = m_rows->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (int i = 0; i < machine.cudnnInstalls.size(); ++i)
        m_rows->addWidget(row(machine.cudnnInstalls[i], i));
    m_rows->addStretch(1);
    setVisible(!machine.cudnnInstalls.isEmpty());
}

void CudnnInstallsPanel::setActionsEnabled(bool enabled)
{
    m_actionsEnabled = enabled;
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(enabled);
}

QWidget* CudnnInstallsPanel::row(const CudnnInstallView& v, int index)
{
    auto* frame = new QFrame;
    frame->setObjectName(QStringLiteral("cudnnInstall%1").arg(index));
    frame->setFrameShape(QFrame::StyledPanel);
    auto* layout = new QHBoxLayout(frame);
    auto* icon = new QLabel;
    icon->setPixmap(Icons::pixmap(v.reach == CudnnReach::Loaded ? QStringLiteral("ok") : QStringLiteral("warning"), 24));
    layout->addWidget(icon, 0, Qt::AlignTop);

    const QString version = v.version.isEmpty() ? tr("cuDNN of unknown version") : tr("cuDNN %1").arg(v.version);
    const QString built = v.builtWith.isEmpty()
                              ? (v.cudaMajor ? tr("for CUDA %1.x").arg(v.cudaMajor) : QString())
                              : tr("built with CUDA %1").arg(v.builtWith);
    QString html = QStringLiteral("<b>%1</b> — %2").arg(version.toHtmlEscaped(), v.originText.toHtmlEscaped());
    if (!built.isEmpty())
        html += QStringLiteral(" — ") + built.toHtmlEscaped();
    html += QStringLiteral("<br>") + tr("Folder: %1").arg(v.binDir).toHtmlEscaped();
    html += QStringLiteral("<br>") + v.fit.toHtmlEscaped();
    html += QStringLiteral("<br><i>%1</i>").arg(v.reachText.toHtmlEscaped());
    for (const ProblemView& p : v.findings) {
        html += QStringLiteral("<br>• %1").arg(p.message.toHtmlEscaped());
        if (!p.fix.isEmpty())
            html += QStringLiteral(" ") + tr("Fix: %1").arg(p.fix).toHtmlEscaped();
    }
    auto* text = UiKit::wrappingLabel(html);
    text->setObjectName(QStringLiteral("cudnnInstallText%1").arg(index));
    auto* textColumn = new QVBoxLayout;
    textColumn->addWidget(text);
    layout->addLayout(textColumn, 1);
    if (!v.canUse)
        return frame;

    // The copy programs load now stays where it is unless the user puts this one ahead of it; ticked
    // when that copy is an older cuDNN (what "older-cudnn-shadows-install" is about).
    QCheckBox* first = nullptr;
    if (!v.winner.isEmpty()) {
        first = new QCheckBox(tr("Put it &first on PATH, ahead of %1").arg(v.winner));
        first->setObjectName(QStringLiteral("putFirst%1").arg(index));
        first->setChecked(v.winnerOlder);
        textColumn->addWidget(first);
    }
    auto* use = new QPushButton(tr("&Use this cuDNN"));
    use->setObjectName(QStringLiteral("useCudnn%1").arg(index));
    use->setToolTip(tr("Add %1 to the system PATH (reviewed before anything changes; undone from Maintenance).")
                        .arg(v.binDir));
    use->setEnabled(m_actionsEnabled);
    connect(use, &QPushButton::clicked, this,
            [this, index, first] { emit useRequested(index, first && first->isChecked()); });
    layout->addWidget(use, 0, Qt::AlignTop);
    return frame;
}

}  // namespace cudnnsetup::wizard
