#include "cli/installsupport.h"

#include "common/testhooks.h"
#include "install/trust.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <random>
#include <set>
#include <thread>

namespace cudnnsetup::cli {

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
            {"warnings", toJson(plan.warnings)}, {"notes", plan.notes}, {"plan", toJson(plan)},
            {"plan_digest", planDigest(plan)}};
}

EngineHooks hooksFromEnvironment()
{
    EngineHooks hooks;
    // Crash points (test builds only, see common/testhooks.h; never in the elevated helper,
    // which reads no hook): "before:N" kills this process once the journal names operation
    // N, "after:N" once operation N has run, "commit" once the journal says committed,
    // "prestage:N" as the one-pass install's verification hands archive entry N to staging.
    // tests/cli/tst_cli_crashpoints.cpp walks every N.
    if (const auto at = testhooks::get("CUDNN_SETUP_TEST_KILL_AT")) {
        const std::string& spec = *at;
        const auto colon = spec.find(':');
        const std::string phase = spec.substr(0, colon);
        const long index = colon == std::string::npos ? -1 : std::atol(spec.c_str() + colon + 1);
        if (phase == "before")
            hooks.beforeOperation = [index](std::size_t i, const Operation&) {
                if (long(i) == index)
                    testhooks::killThisProcess();
            };
        else if (phase == "after")
            hooks.afterOperation = [index](std::size_t i, const Operation&) {
                if (long(i) == index)
                    testhooks::killThisProcess();
            };
        else if (phase == "commit")
            hooks.afterCommitMark = [] { testhooks::killThisProcess(); };
        else if (phase == "prestage")
            hooks.whilePrestaging = [index](std::size_t entry) {
                if (long(entry) == index)
                    testhooks::killThisProcess();
            };
    }
    if (const auto d = testhooks::get("CUDNN_SETUP_TEST_OP_DELAY_MS"); d && std::atoi(d->c_str()) > 0) {
        const int ms = std::atoi(d->c_str());
        hooks.beforeOperation = [ms](std::size_t, const Operation&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        };
    }
    return hooks;
}

}  // namespace cudnnsetup::cli
