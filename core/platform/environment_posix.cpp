#include "platform/environment.h"

#include <cstdlib>
#include <cstring>

extern char** environ;

namespace cudnnsetup {

namespace {
class PosixEnvironment : public Environment {
public:
    std::optional<std::string> get(const std::string& name) const override
    {
        if (const char* v = std::getenv(name.c_str()))
            return std::string(v);
        return std::nullopt;
    }
    std::vector<std::pair<std::string, std::string>> list() const override
    {
        std::vector<std::pair<std::string, std::string>> out;
        for (char** e = environ; e && *e; ++e) {
            const char* eq = std::strchr(*e, '=');
            if (eq)
                out.emplace_back(std::string(*e, static_cast<std::size_t>(eq - *e)), std::string(eq + 1));
        }
        return out;
    }
    std::optional<std::string> knownFolder(KnownFolder folder) const override
    {
        if (folder == KnownFolder::Home)
            return get("HOME");
        return std::nullopt;  // the other folders are Windows notions
    }
    bool windowsRules() const override { return false; }
};
}  // namespace

std::unique_ptr<Environment> hostEnvironment()
{
    return std::make_unique<PosixEnvironment>();
}

}  // namespace cudnnsetup
