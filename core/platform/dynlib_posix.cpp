#include "platform/dynlib.h"

#include "common/text.h"

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>
#include <utility>

namespace cudnnsetup {

namespace {

bool fileExists(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

// dlerror() is one string; the classification below is what callers branch on.
LoadFailure classify(const std::string& requested, bool byPath, const std::string& message)
{
    if (byPath && !fileExists(requested))
        return LoadFailure::NotFound;
    if (message.find("wrong ELF class") != std::string::npos || message.find("invalid ELF header") != std::string::npos)
        return LoadFailure::WrongArchitecture;
    if (message.find("undefined symbol") != std::string::npos)
        return LoadFailure::MissingSymbol;
    if (message.find("cannot open shared object file") != std::string::npos) {
        // "libfoo.so.1: cannot open shared object file": the file named first is the one missing.
        const auto colon = message.find(':');
        const std::string missing = colon == std::string::npos ? std::string() : message.substr(0, colon);
        if (!byPath)
            return LoadFailure::NotFound;
        return missing == requested ? LoadFailure::NotFound : LoadFailure::DependencyMissing;
    }
    return LoadFailure::Other;
}

}  // namespace

void DynLib::close(void* handle)
{
    ::dlclose(handle);
}

DynLib DynLib::load(const std::string& requested, unsigned how)
{
    const bool byPath = how != 0;
    DynLib lib;
    lib.m_requested = requested;
    // A bare name would make dlopen search; a path with a slash never does.
    const std::string target = byPath && requested.find('/') == std::string::npos ? "./" + requested : requested;
    ::dlerror();
    lib.m_handle = ::dlopen(target.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib.m_handle) {
        const char* e = ::dlerror();
        lib.m_error = e ? e : "dlopen failed";
        lib.m_failure = classify(requested, byPath, lib.m_error);
    }
    return lib;
}

DynLib DynLib::openPath(const std::string& path)
{
    return load(path, 1);
}

DynLib DynLib::openSystem(const std::string& name)
{
    return load(name, 0);
}

DynLib DynLib::openSearched(const std::string& name)
{
    return load(name, 0);  // the dynamic linker's own search is the system's
}

void* DynLib::symbol(const char* name) const
{
    return m_handle ? ::dlsym(m_handle, name) : nullptr;
}

std::string DynLib::loadedPath() const
{
    if (!m_handle)
        return {};
    struct link_map* map = nullptr;
    if (::dlinfo(m_handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name || !*map->l_name)
        return m_requested;
    char resolved[PATH_MAX];
    if (::realpath(map->l_name, resolved))
        return resolved;
    return map->l_name;
}

void addLibraryDirectory(const std::string& /*dir*/)
{
    // ELF libraries find their siblings through RUNPATH $ORIGIN; nothing to register.
}

std::vector<std::string> loadedModules(const std::vector<std::string>& nameFragments)
{
    struct Ctx {
        const std::vector<std::string>* fragments;
        std::vector<std::string> out;
    } ctx{&nameFragments, {}};
    ::dl_iterate_phdr(
        [](struct dl_phdr_info* info, size_t, void* data) -> int {
            auto* c = static_cast<Ctx*>(data);
            if (!info->dlpi_name || !*info->dlpi_name)
                return 0;
            const std::string path = info->dlpi_name;
            const auto slash = path.rfind('/');
            const std::string base = lowerAscii(slash == std::string::npos ? path : path.substr(slash + 1));
            for (const auto& f : *c->fragments) {
                if (base.find(lowerAscii(f)) != std::string::npos) {
                    char resolved[PATH_MAX];
                    c->out.push_back(::realpath(path.c_str(), resolved) ? std::string(resolved) : path);
                    break;
                }
            }
            return 0;
        },
        &ctx);
    std::sort(ctx.out.begin(), ctx.out.end());
    ctx.out.erase(std::unique(ctx.out.begin(), ctx.out.end()), ctx.out.end());
    return ctx.out;
}

std::string sharedLibraryName(const std::string& stem, int major)
{
    return "lib" + stem + ".so." + std::to_string(major);
}

}  // namespace cudnnsetup
