#include "cli/installsupport.h"

#include "common/testhooks.h"
#include "install/trust.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
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
    if (const auto d = testhooks::get("CUDNN_SETUP_TEST_OP_DELAY_MS"); d && std::atoi(d->c_str()) > 0) {
        const int ms = std::atoi(d->c_str());
        hooks.beforeOperation = [ms](std::size_t, const Operation&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        };
    }
    return hooks;
}

}  // namespace cudnnsetup::cli
