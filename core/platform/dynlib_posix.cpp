#include "platform/dynlib.h"

#include <dlfcn.h>
#include <link.h>

namespace cudnnsetup {

std::unique_ptr<DynamicLibrary> DynamicLibrary::open(const std::string& path, std::string* error)
{
    // RTLD_LOCAL: the probed library's symbols must not leak into the rest of the tool.
    void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        if (error) {
            const char* e = ::dlerror();
            *error = e ? e : "dlopen failed";
        }
        return nullptr;
    }
    return std::unique_ptr<DynamicLibrary>(new DynamicLibrary(h));
}

DynamicLibrary::~DynamicLibrary()
{
    if (m_handle)
        ::dlclose(m_handle);
}

void* DynamicLibrary::symbol(const char* name) const
{
    return ::dlsym(m_handle, name);
}

std::string DynamicLibrary::loadedPath() const
{
    link_map* map = nullptr;
    if (::dlinfo(m_handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name)
        return {};
    return map->l_name;
}

}  // namespace cudnnsetup
