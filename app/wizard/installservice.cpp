#include "installservice.h"

#include "problemtext.h"
#include "wizardconfig.h"

namespace cudnnsetup::wizard {

bool InstallService::engineAvailable()
{
    return CUDNN_SETUP_WIZARD_HAVE_INSTALL != 0;
}

QString InstallService::operationName(Operation operation)
{
    switch (operation) {
    case Operation::Install: return tr("Install");
    case Operation::Repair: return tr("Repair");
    case Operation::Uninstall: return tr("Uninstall");
    case Operation::Recover: return tr("Recover");
    }
    return {};
}

Task<PlanView>* InstallService::plan(const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<PlanView>(parent);
    task->start([request](TaskContext&) {
        PlanView p;
        p.error = tr("This build of cudnn-setup does not contain the install engine, so nothing can be planned "
                     "for %1.").arg(request.toolkit);
        return p;
    });
    return task;
}

Task<OutcomeView>* InstallService::run(Operation operation, const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<OutcomeView>(parent);
    task->start([operation, request](TaskContext&) {
        OutcomeView o;
        o.operation = operation;
        o.exitCode = 2;
        o.headline = tr("Nothing was changed: this build of cudnn-setup does not contain the install engine.");
        return o;
    });
    return task;
}

}  // namespace cudnnsetup::wizard
