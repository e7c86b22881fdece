// "Use this cuDNN": one variant folder of NVIDIA's installer tree on the system PATH, recorded.
#include "common/problemcodes.h"
#include "install/nvidiaroot.h"
#include "install/pathedit.h"
#include "install/plan.h"
#include "install/plan_p.h"

namespace cudnnsetup {

using namespace plandetail;

Plan planUse(const ToolkitState& root, const std::string& useFolder, bool first, const PathState& path,
             const PlanOptions& options)
{
    Plan plan;
    initPlan(plan, PlanKind::Use, root, options);
    // Nothing is staged or set aside: NVIDIA's tree gets no work folder of ours.
    plan.cleanup.clear();
    plan.useFolder = useFolder;
    plan.pathFirst = first;
    const std::string entry = pathEntryOf(useFolder);
    if (!path.available || path.mechanism != PathMechanism::WindowsPath) {
        plan.problems.push_back({codes::kNotAToolkit, useFolder,
                                 "Using " + entry + " means putting it on the system PATH, which cannot be changed "
                                     "here (" + (path.note.empty() ? std::string("no Windows PATH") : path.note) +
                                     "); nothing was changed."});
        return plan;
    }
    if (root.record) {
        // One wiring per root, undone as a whole: a second one (another variant, another position)
        // would leave the first entry without a record that takes it away again.
        const nlohmann::json& r = *root.record;
        const bool sameUse = r.value("kind", std::string()) == "use" && r.contains("use") && r["use"].is_object() &&
                             r["use"].value("folder", std::string()) == useFolder;
        auto edit = addPathEntry(path.value.value_or(""), entry, first, path.lookup);
        if (sameUse && edit && !edit->changed()) {
            plan.notes.push_back(entry + " is already on the system PATH" + (first ? " ahead of every entry" : "") +
                                 " (recorded by cudnn-setup); nothing to do");
            return plan;
        }
        plan.problems.push_back({codes::kTargetBlocked, root.root,
                                 "cudnn-setup already recorded a change for " + root.root + " (" +
                                     r.value("kind", std::string("install")) +
                                     "); nothing was changed. Undo it first with uninstall --cudnn-root " +
                                     pathEntryOf(root.root) + ", then use the variant you want."});
        return plan;
    }
    auto edit = addPathEntry(path.value.value_or(""), entry, first, path.lookup);
    if (!edit) {
        plan.problems.push_back({edit.error().code, std::nullopt, edit.error().message});
        return plan;
    }
    for (const Problem& w : edit->warnings)
        plan.warnings.push_back(w);
    if (!edit->changed()) {
        plan.notes.push_back(entry + " is already on the system PATH" +
                             (first ? " ahead of every entry" : std::string()) + "; nothing to do");
        return plan;
    }
    Operation op{.kind = OpKind::PathChange, .path = path.location};
    op.mechanism = path.mechanism;
    op.location = path.location;
    op.before = path.value;
    op.after = edit->after;
    op.edit = *edit;

    // The record first: whatever of the PATH change a crash leaves, recover finds the journal, and
    // a finished one is undone by the record alone (uninstall --cudnn-root, uninstall --all).
    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.record = nlohmann::json{
        {"format", 1},
        {"kind", std::string(toString(PlanKind::Use))},
        {"toolkit", root.root},
        {"transaction", options.transactionId},
        {"use", {{"folder", useFolder}, {"entry", entry}, {"position", first ? "first" : "end"}}},
        {"files", nlohmann::json::array()},
        {"links", nlohmann::json::array()},
        {"removed", nlohmann::json::array()},
        {"created_directories", nlohmann::json::array()},
        {"path", pathRecord(op)},
        {"previous", nullptr},
    };
    plan.ops.push_back(rec);
    plan.ops.push_back(op);
    for (const std::string& c : edit->changes)
        plan.notes.push_back("PATH: " + c);
    return plan;
}

}  // namespace cudnnsetup
