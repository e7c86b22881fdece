#pragma once
// Numbers read back from plan, journal and record JSON (files another user may have written).
// nlohmann's get<unsigned>() converts a float such as 1e30 with a cast that is undefined
// behaviour when it does not fit (found by fuzz_plan, regression "float-size-overflow"):
// only a non-negative integer that fits the field is accepted.

#include <nlohmann/json.hpp>

#include <limits>
#include <string>

namespace cudnnsetup {

template <typename T>
T unsignedField(const nlohmann::json& j, const char* key)
{
    const nlohmann::json& v = j.at(key);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
        throw nlohmann::json::type_error::create(302, std::string(key) + " must be a non-negative integer", &v);
    const auto n = v.get<std::uint64_t>();
    if (n > std::numeric_limits<T>::max())
        throw nlohmann::json::out_of_range::create(406, std::string(key) + " is out of range", &v);
    return static_cast<T>(n);
}

}  // namespace cudnnsetup
