#include "platform/registry.h"

namespace cudnnsetup {

namespace {
// POSIX hosts have no registry: every key is absent.
class NoRegistry : public Registry {
public:
    std::vector<std::string> subkeys(RegistryHive, const std::string&, RegistryView) const override { return {}; }
    std::optional<RegistryValue> value(RegistryHive, const std::string&, const std::string&,
                                       RegistryView) const override
    {
        return std::nullopt;
    }
};
}  // namespace

std::unique_ptr<Registry> hostRegistry()
{
    return std::make_unique<NoRegistry>();
}

}  // namespace cudnnsetup
