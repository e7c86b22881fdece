#pragma once
// A dynamically loaded library (dlopen / LoadLibraryEx), closed when the object dies.
// The driver is probed this way so the tool never links against it.

#include <memory>
#include <string>

namespace cudnnsetup {

class DynamicLibrary {
public:
    // Loads `path` (a file path or a bare soname / DLL name the system loader resolves);
    // nullptr with `error` filled when it cannot be loaded.
    static std::unique_ptr<DynamicLibrary> open(const std::string& path, std::string* error = nullptr);
    ~DynamicLibrary();
    DynamicLibrary(const DynamicLibrary&) = delete;
    DynamicLibrary& operator=(const DynamicLibrary&) = delete;

    void* symbol(const char* name) const;  // nullptr when absent
    std::string loadedPath() const;        // where the loader actually found it ("" if unknown)

private:
    explicit DynamicLibrary(void* handle) : m_handle(handle) {}
    void* m_handle;  // void* / HMODULE
};

}  // namespace cudnnsetup
