#include "machineservice.h"

#include "problemtext.h"
#include "wizardconfig.h"

#include <QDir>

namespace cudnnsetup::wizard {

bool MachineService::detectorAvailable()
{
    return CUDNN_SETUP_WIZARD_HAVE_DETECT != 0;
}

Task<MachineView>* MachineService::detect(const QStringList& extraRoots, const QString& stateDir, QObject* parent)
{
    auto* task = new Task<MachineView>(parent);
    Q_UNUSED(stateDir)
    task->start([extraRoots](TaskContext&) {
        MachineView m;
        m.error = tr("This build of cudnn-setup does not contain toolkit detection; "
                     "choose the toolkit folder yourself.");
        for (const QString& root : extraRoots) {
            ToolkitView t;
            t.path = QDir::toNativeSeparators(root);
            t.sources << tr("chosen by you");
            m.toolkits << t;
        }
        return m;
    });
    return task;
}

void MachineService::rate(MachineView& machine, const ArchiveReport& archive)
{
    Q_UNUSED(archive)
    for (ToolkitView& t : machine.toolkits) {
        t.compatibility = Compatibility::Unknown;
        t.compatibilityReason = tr("Not checked: this build has no compatibility rules.");
    }
}

}  // namespace cudnnsetup::wizard
