#include "common/problem.h"

#include <nlohmann/json.hpp>

namespace cudnnsetup {

nlohmann::json toJson(const Problem& p)
{
    return {{"code", p.code},
            {"path", p.path ? nlohmann::json(*p.path) : nlohmann::json(nullptr)},
            {"message", p.message}};
}

nlohmann::json toJson(const Problems& ps)
{
    auto a = nlohmann::json::array();
    for (const auto& p : ps)
        a.push_back(toJson(p));
    return a;
}

}  // namespace cudnnsetup
