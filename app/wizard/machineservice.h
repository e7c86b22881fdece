#pragma once
// Detection for the wizard: core detect + diagnosis on a worker thread, turned into
// the Welcome summary and the Toolkit list; compatibility of a release with a toolkit.

#include "task.h"
#include "viewmodels.h"

#include <QCoreApplication>

namespace cudnnsetup::wizard {

class MachineService {
    Q_DECLARE_TR_FUNCTIONS(MachineService)
public:
    // extraRoots: folders the user added (treated as toolkit candidates, like `detect --root`).
    static Task<MachineView>* detect(const QStringList& extraRoots, bool scanSystem, const QString& stateDir,
                                     QObject* parent);
    // Fills compatibility and its reason for every toolkit against the archive's release.
    static void rate(MachineView& machine, const ArchiveReport& archive);
};

}  // namespace cudnnsetup::wizard
