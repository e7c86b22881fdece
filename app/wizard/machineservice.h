#pragma once
// Detection for the wizard: core detect + diagnosis on a worker thread, turned into
// the Welcome summary and the Toolkit list; compatibility of a release with a toolkit.

#include "task.h"
#include "viewmodels.h"

#include <QCoreApplication>

#include <functional>
#include <memory>

namespace cudnnsetup {
class Environment;
class Registry;
}

namespace cudnnsetup::wizard {

// What detection looks at.
struct MachineRequest {
    QStringList extraRoots;  // folders the user added (toolkit candidates, like `detect --root`)
    bool scanSystem = true;
    QString stateDir;
    // The environment and registry detection reads; unset: this host's (SessionConfig::environment).
    std::function<std::unique_ptr<Environment>()> environment;
    std::function<std::unique_ptr<Registry>()> registry;
};

class MachineService {
    Q_DECLARE_TR_FUNCTIONS(MachineService)
public:
    static Task<MachineView>* detect(const MachineRequest& request, QObject* parent);
    // Fills compatibility and its reason for every toolkit against the archive's release.
    static void rate(MachineView& machine, const ArchiveReport& archive);
};

}  // namespace cudnnsetup::wizard
