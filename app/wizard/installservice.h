#pragma once
// Plan and apply for the wizard: core install/repair/uninstall/recover on a worker
// thread (the core journals, rolls back and reports; the wizard only shows it).

#include "task.h"
#include "viewmodels.h"

#include <QCoreApplication>

namespace cudnnsetup::wizard {

struct InstallRequest {
    QString archive;
    QString toolkit;
    QString sha256;
    QString manifest;
    bool allowUnknown = false;
    bool noPath = false;
    bool includeExtraFiles = false;                // the Archive page's checkbox (rule in core/install/plan.h)
    QString stateDir;
    QString helperProgram;                         // the CLI run elevated when the toolkit is not writable
    bool alwaysElevate = false;                    // SessionConfig::alwaysElevate
    std::shared_ptr<const VerifyResult> verified;  // install: the verification the plan is made from
    std::shared_ptr<const Plan> plan;              // install, use: the plan the user reviewed
    // use: `toolkit` is NVIDIA's v9.x folder, useFolder its variant bin folder that goes on the system
    // PATH, ahead of every entry with pathFirst (core install/installflow.h FlowOptions).
    QString useFolder;
    bool pathFirst = false;
    // use, merged: useFolder's variant is copied INTO `toolkit` (a CUDA toolkit) as a zip install would
    // be (core FlowOptions::mergeIntoToolkit); the plan is an install, undone by the toolkit's Uninstall.
    bool mergeIntoToolkit = false;
};

class InstallService {
    Q_DECLARE_TR_FUNCTIONS(InstallService)
public:
    static Task<PlanView>* plan(const InstallRequest& request, QObject* parent);
    static Task<OutcomeView>* run(Operation operation, const InstallRequest& request, QObject* parent);
    static QString operationName(Operation operation);
};

}  // namespace cudnnsetup::wizard
