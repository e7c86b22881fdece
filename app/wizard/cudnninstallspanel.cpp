#include "cudnninstallspanel.h"

#include "icons.h"
#include "uikit.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDir>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
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
        m_rows->addWidget(row(machine.cudnnInstalls[i], i, machine.toolkits));
    m_rows->addStretch(1);
    setVisible(!machine.cudnnInstalls.isEmpty());
}

void CudnnInstallsPanel::setActionsEnabled(bool enabled)
{
    m_actionsEnabled = enabled;
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(enabled);
}

QWidget* CudnnInstallsPanel::row(const CudnnInstallView& v, int index, const QList<ToolkitView>& toolkits)
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

    // Two ways to use it (issue 27): its folder on the system PATH, where it serves every toolkit of its
    // CUDA major and NVIDIA's uninstaller still owns it; or its files copied into one toolkit of that
    // major, which then holds cuDNN as after a zip install (and Uninstall takes them out again).
    auto* choice = new QButtonGroup(frame);
    const QString major = v.cudaMajor ? QString::number(v.cudaMajor) : QStringLiteral("?");
    auto* onPath = new QRadioButton(tr("Put its folder on the system &PATH (serves every CUDA %1.x toolkit; NVIDIA's "
                                       "uninstaller keeps working)").arg(major));
    onPath->setObjectName(QStringLiteral("usePath%1").arg(index));
    onPath->setChecked(true);
    choice->addButton(onPath);
    textColumn->addWidget(onPath);
    // The copy programs load now stays where it is unless the user puts this one ahead of it; ticked
    // when that copy is an older cuDNN (what "older-cudnn-shadows-install" is about).
    QCheckBox* first = nullptr;
    if (!v.winner.isEmpty()) {
        first = new QCheckBox(tr("Put it &first on PATH, ahead of %1").arg(v.winner));
        first->setObjectName(QStringLiteral("putFirst%1").arg(index));
        first->setChecked(v.winnerOlder);
        first->setContentsMargins(20, 0, 0, 0);
        textColumn->addWidget(first);
        connect(onPath, &QRadioButton::toggled, first, &QCheckBox::setEnabled);
    }
    auto* copy = new QRadioButton(tr("&Copy it into toolkit"));
    copy->setObjectName(QStringLiteral("useCopy%1").arg(index));
    choice->addButton(copy);
    auto* into = new QComboBox;
    into->setObjectName(QStringLiteral("useToolkit%1").arg(index));
    // Only a toolkit of the variant's own CUDA major: cuDNN for CUDA 12 does not work in a CUDA 13 one.
    for (const ToolkitView& t : toolkits)
        if (v.cudaMajor && t.version.section(QLatin1Char('.'), 0, 0).toInt() == v.cudaMajor)
            into->addItem(QStringLiteral("CUDA %1 — %2").arg(t.version, QDir::toNativeSeparators(t.path)), t.path);
    auto* copyRow = new QHBoxLayout;
    copyRow->addWidget(copy);
    copyRow->addWidget(into, 1);
    textColumn->addLayout(copyRow);
    const bool canCopy = into->count() > 0;
    copy->setEnabled(canCopy);
    into->setEnabled(false);
    connect(copy, &QRadioButton::toggled, into, &QComboBox::setEnabled);
    auto* copyNote = UiKit::wrappingLabel(
        canCopy ? tr("The toolkit becomes self-contained, like a zip install; Uninstall in Maintenance takes the files "
                     "out again.")
        : v.cudaMajor ? tr("No CUDA %1.x toolkit was found to copy it into: cuDNN built for CUDA %1 works only in a "
                           "toolkit of that major version.").arg(v.cudaMajor)
                      : tr("Its CUDA version is unknown, so no toolkit can be chosen to copy it into."));
    copyNote->setObjectName(QStringLiteral("useCopyNote%1").arg(index));
    textColumn->addWidget(copyNote);
    auto* use = new QPushButton(tr("&Use this cuDNN"));
    use->setObjectName(QStringLiteral("useCudnn%1").arg(index));
    const QString pathTip = tr("Add %1 to the system PATH (reviewed before anything changes; undone from Maintenance).")
                                .arg(v.binDir);
    use->setToolTip(pathTip);
    // The tip says what the click does: the copy names its toolkit.
    auto copyTip = [into] {
        return tr("Copy its files into %1 (reviewed before anything changes; undone from Maintenance).")
            .arg(QDir::toNativeSeparators(into->currentData().toString()));
    };
    connect(copy, &QRadioButton::toggled, use, [use, pathTip, copyTip](bool on) { use->setToolTip(on ? copyTip() : pathTip); });
    connect(into, &QComboBox::currentIndexChanged, use, [use, copy, copyTip] {
        if (copy->isChecked())
            use->setToolTip(copyTip());
    });
    use->setEnabled(m_actionsEnabled);
    connect(use, &QPushButton::clicked, this, [this, index, first, copy, into] {
        const QString mergeInto = copy->isChecked() ? into->currentData().toString() : QString();
        emit useRequested(index, first && first->isChecked() && mergeInto.isEmpty(), mergeInto);
    });
    layout->addWidget(use, 0, Qt::AlignTop);
    return frame;
}

}  // namespace cudnnsetup::wizard
