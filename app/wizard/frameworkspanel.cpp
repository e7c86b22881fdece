#include "frameworkspanel.h"

#include "icons.h"
#include "uikit.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cudnnsetup::wizard {

FrameworksPanel::FrameworksPanel(QWidget* parent) : QGroupBox(tr("Your frameworks"), parent)
{
    setObjectName(QStringLiteral("frameworksPanel"));
    m_summary = UiKit::wrappingLabel();
    m_summary->setObjectName(QStringLiteral("frameworksSummary"));
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("frameworkList"));
    m_list->setAccessibleName(tr("GPU frameworks in your Python environments and whether they load a working cuDNN"));
    m_list->setHeaderHidden(true);
    m_list->setWordWrap(true);
    m_list->setMinimumHeight(90);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);
}

void FrameworksPanel::show(const MachineView& machine)
{
    m_list->clear();
    if (!machine.detected) {
        m_summary->setText(tr("Looking at this computer…"));
        m_list->hide();
        return;
    }
    if (machine.frameworks.isEmpty()) {
        m_summary->setText(tr("No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environment(s) found.",
                              "", machine.pythonEnvironments));
        m_list->hide();
        return;
    }
    int bad = 0;
    for (const FrameworkView& f : machine.frameworks) {
        bad += f.state == CheckState::Failed ? 1 : 0;
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, tr("%1 in %2").arg(f.title, f.environment));
        item->setIcon(0, Icons::forState(f.state));
        item->setData(0, Qt::UserRole, f.verdict.code);
        item->setToolTip(0, f.verdict.code);
        auto* sentence = new QTreeWidgetItem(item);
        sentence->setText(0, f.verdict.message);
        sentence->setToolTip(0, f.verdict.message);
        if (!f.verdict.fix.isEmpty()) {
            auto* fix = new QTreeWidgetItem(item);
            fix->setText(0, tr("Fix: %1").arg(f.verdict.fix));
            fix->setToolTip(0, f.verdict.fix);
        }
        item->setExpanded(f.state == CheckState::Failed || f.state == CheckState::Warning);
    }
    m_summary->setText(bad ? tr("%n framework(s) will not load a working cuDNN as things are:", "", bad)
                           : tr("Every GPU framework found loads a cuDNN it was built for:"));
    m_list->show();
}

}  // namespace cudnnsetup::wizard
