#pragma once
// "Your frameworks": each GPU framework of each Python environment with its verdict (does it
// load a working cuDNN, which copy, what to do). Self-contained, shown on Welcome and Review.

#include "viewmodels.h"

#include <QGroupBox>

class QLabel;
class QTreeWidget;

namespace cudnnsetup::wizard {

class FrameworksPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit FrameworksPanel(QWidget* parent = nullptr);
    void show(const MachineView& machine);

private:
    QLabel* m_summary;
    QTreeWidget* m_list;
};

}  // namespace cudnnsetup::wizard
