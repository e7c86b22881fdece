#include "cli/installsupport.h"

#include "archive/pathsafety.h"
#include "install/digest.h"
#include "install/pathedit.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
#include <thread>

namespace cudnnsetup::cli {

namespace {

bool inside(const std::string& root, const std::string& path)
{
    // Lexically normal and below root: no "..", no "//", no "/." tricks.
    if (path.find("/../") != std::string::npos || path.ends_with("/..") || path.find("/./") != std::string::npos ||
        path.find("//") != std::string::npos)
        return false;
    return isWithin(root, path) && path != root;
}

bool cudnnName(const std::string& path)
{
    return isCudnnFileName(path.substr(path.rfind('/') + 1));
}

}  // namespace

Problems checkPlanForHelper(const Plan& plan, const std::string& stateDir, const PathService& path)
{
    Problems out;
    auto refuse = [&](const std::string& p, const std::string& why) {
        out.push_back({"unsafe-plan", p, "The plan asks for " + why + " (" + p + "); the elevated helper refused it."});
    };
    if (plan.stateDir != stateDir)
        refuse(plan.stateDir, "a state folder other than " + stateDir);
    const std::string work = plan.toolkit + "/.cudnn-setup";
    const bool txOk = !plan.transactionId.empty() &&
                      std::all_of(plan.transactionId.begin(), plan.transactionId.end(),
                                  [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
    if (!txOk || plan.workDir != work + "/" + plan.transactionId || plan.stagingDir != plan.workDir + "/staging" ||
        plan.backupDir != plan.workDir + "/backup")
        refuse(plan.workDir, "work folders outside <toolkit>/.cudnn-setup/<transaction>");
    if (plan.recordPath != recordPathFor(stateDir, plan.toolkit))
        refuse(plan.recordPath, "an install record in an unexpected place");
    for (const std::string& c : plan.cleanup)
        if (!inside(work, c))
            refuse(c, "removing a folder outside the work folders");
    for (const Operation& op : plan.ops) {
        switch (op.kind) {
        case OpKind::CreateDirectory:
        case OpKind::RemoveDirectory:
        case OpKind::StageFiles:
            if (!inside(plan.toolkit, op.path) && op.path != work)
                refuse(op.path, "a folder outside the toolkit");
            break;
        case OpKind::PlaceFile:
            if (!inside(plan.toolkit, op.path) || !cudnnName(op.path))
                refuse(op.path, "writing a file that is not a cuDNN file of the toolkit");
            if (!inside(work, op.source) || (!op.backup.empty() && !inside(work, op.backup)))
                refuse(op.source, "moving files from or to outside the work folders");
            if (!op.entry.empty()) {
                const auto target = plan.archive ? toolkitTargetFor(op.entry, plan.archive->folders) : std::nullopt;
                if (!target || plan.toolkit + "/" + *target != op.path || checkEntryPath(op.entry).verdict != PathVerdict::Safe)
                    refuse(op.path, "a target that does not follow from the archive entry " + op.entry);
            }
            break;
        case OpKind::RemoveFile:
            if (!inside(plan.toolkit, op.path) || !cudnnName(op.path) || !inside(work, op.backup))
                refuse(op.path, "removing a file that is not a cuDNN file of the toolkit");
            break;
        case OpKind::PathChange: {
            if (!path.system || op.location != path.system->location()) {
                refuse(op.location, "changing a search path other than the system one");
                break;
            }
            if (op.mechanism == PathMechanism::LdSoConf) {
                if (op.after && *op.after != plan.toolkit + "/lib64\n")
                    refuse(op.location, "registering a library folder other than the toolkit's");
                break;
            }
            // Only the toolkit's bin folders may differ between before and after.
            auto a = splitPathValue(op.before.value_or("")), b = splitPathValue(op.after.value_or(""));
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            std::vector<std::string> diff;
            std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(diff));
            std::string bin = plan.toolkit + "/bin";
            std::replace(bin.begin(), bin.end(), '/', '\\');
            const std::string nb = normalizePathEntry(bin), nx = normalizePathEntry(bin + "\\x64");
            for (const std::string& d : diff)
                if (normalizePathEntry(d) != nb && normalizePathEntry(d) != nx)
                    refuse(op.location, "a PATH change beyond the toolkit's bin folders (\"" + d + "\")");
            break;
        }
        case OpKind::WriteRecord:
            if (op.path != plan.recordPath)
                refuse(op.path, "writing a record in an unexpected place");
            break;
        }
    }
    return out;
}

nlohmann::json outcomeJson(const std::string& toolkit, const Outcome& o)
{
    nlohmann::json problems = toJson(o.problems);
    for (const Problem& p : o.notRestored)
        problems.push_back(toJson(p));
    return {{"ok", o.ok},
            {"toolkit", toolkit},
            {"actions", o.actions},
            {"rolled_back", o.rolledBack},
            {"problems", problems},
            {"not_restored", toJson(o.notRestored)},
            {"warnings", toJson(o.warnings)},
            {"notes", o.notes},
            {"record", o.record ? *o.record : nlohmann::json(nullptr)}};
}

nlohmann::json planJson(const Plan& plan)
{
    nlohmann::json actions = nlohmann::json::array();
    for (const Operation& op : plan.ops)
        actions.push_back({{"op", std::string(toString(op.kind))}, {"path", op.path}, {"description", op.describe()},
                           {"status", "planned"}});
    return {{"ok", plan.problems.empty()}, {"toolkit", plan.toolkit}, {"actions", actions},
            {"rolled_back", false},        {"problems", toJson(plan.problems)},
            {"warnings", toJson(plan.warnings)}, {"notes", plan.notes}, {"plan", toJson(plan)}};
}

EngineHooks hooksFromEnvironment()
{
    EngineHooks hooks;
    if (const char* d = std::getenv("CUDNN_SETUP_TEST_OP_DELAY_MS"); d && std::atoi(d) > 0) {
        const int ms = std::atoi(d);
        hooks.beforeOperation = [ms](std::size_t, const Operation&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        };
    }
    return hooks;
}

}  // namespace cudnnsetup::cli
