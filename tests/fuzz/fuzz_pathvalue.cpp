// The PATH parser and editor (install/pathedit.h): the system PATH is whatever the machine
// holds. Split/join/normalize never crash, and adding a toolkit's bin folders then removing
// them gives back the exact bytes (the uninstall promise).
#include "install/pathedit.h"

#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string raw(reinterpret_cast<const char*>(data), size);
    const auto lookup = [](std::string_view name) -> std::optional<std::string> {
        if (name == "CUDA_PATH")
            return std::string("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3");
        if (name == "SystemRoot")
            return std::string("C:\\Windows");
        return std::nullopt;
    };
    for (const std::string& entry : cudnnsetup::splitPathValue(raw)) {
        const std::string n = cudnnsetup::normalizePathEntry(entry, lookup);
        (void)cudnnsetup::isCudaBinEntry(n);
    }
    (void)cudnnsetup::joinPathValue(cudnnsetup::splitPathValue(raw));
    const std::vector<std::string> bins{"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3\\bin"};
    auto edit = cudnnsetup::addToolkitBins(raw, bins, lookup);
    if (!edit)
        return 0;
    if (cudnnsetup::removeToolkitBins(edit->after, *edit).value != raw)
        std::abort();  // uninstall would not restore PATH byte for byte
    // Idempotent: a repair that adds again changes nothing.
    auto again = cudnnsetup::addToolkitBins(edit->after, bins, lookup);
    if (again && again->changed())
        std::abort();
    // Someone changed PATH after the install: removal works on what is there, never crashes.
    (void)cudnnsetup::removeToolkitBins(raw + ";" + edit->after, *edit);
    (void)cudnnsetup::removeToolkitBins(edit->after.substr(0, edit->after.size() / 2), *edit);
    return 0;
}
