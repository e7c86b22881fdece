#pragma once
// cuDNN outside the toolkits (NVIDIA's installer, CUDNN_PATH, pip wheels): one block per variant
// with its version, the CUDA it was built with, its folder, the toolkit it serves and whether
// programs find it now; "Use this cuDNN" where NVIDIA's install is not what programs load. Shown on
// the Welcome and Maintenance pages; the page decides what the button does.

#include "viewmodels.h"

#include <QGroupBox>

class QVBoxLayout;

namespace cudnnsetup::wizard {

class CudnnInstallsPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit CudnnInstallsPanel(QWidget* parent = nullptr);
    // Hidden when there is none.
    void show(const MachineView& machine);
    // While an operation runs nothing else may start.
    void setActionsEnabled(bool enabled);

signals:
    // The install at `index` of MachineView::cudnnInstalls; putFirst: ahead of the copy programs load now.
    // mergeInto: the toolkit its files are copied into instead ("" = its folder goes on PATH).
    void useRequested(int index, bool putFirst, const QString& mergeInto);

private:
    QWidget* row(const CudnnInstallView& install, int index, const QList<ToolkitView>& toolkits);

    QVBoxLayout* m_rows;
    bool m_actionsEnabled = true;
};

}  // namespace cudnnsetup::wizard
