#pragma once
// Run-time loading of shared libraries (dlopen / LoadLibraryExW) with RAII and
// the one question that catches a shadowing copy: which file was really loaded.

#include <string>
#include <vector>

namespace cudnnsetup {

// Why a load failed, in a form callers can act on without parsing messages.
enum class LoadFailure {
    None,
    NotFound,          // the file itself is absent (ENOENT / ERROR_MOD_NOT_FOUND on the file)
    DependencyMissing, // the file is there but something it needs is not (Windows 126 on an existing file)
    WrongArchitecture, // not a 64-bit image for this machine (Windows 193, ELF class mismatch)
    MissingSymbol,     // an import could not be resolved (Windows 127)
    Other,
};

class DynLib {
public:
    DynLib() = default;
    ~DynLib();
    DynLib(const DynLib&) = delete;
    DynLib& operator=(const DynLib&) = delete;
    DynLib(DynLib&& other) noexcept;
    DynLib& operator=(DynLib&& other) noexcept;

    // Loads by full path: no search, so a copy elsewhere on the search path cannot win.
    static DynLib openPath(const std::string& path);
    // Loads by bare name through the system's own search (the CUDA driver lives there, and only there).
    // On Windows the search is System32 only.
    static DynLib openSystem(const std::string& name);
    // Loads by bare name the way a library's own plain dlopen/LoadLibrary would find it
    // (Linux: LD_LIBRARY_PATH, ldconfig cache; Windows: System32 and AddDllDirectory folders).
    static DynLib openSearched(const std::string& name);

    bool loaded() const { return m_handle != nullptr; }
    explicit operator bool() const { return loaded(); }
    void* symbol(const char* name) const;
    template <typename Fn>
    bool resolve(Fn*& fn, const char* name) const
    {
        fn = reinterpret_cast<Fn*>(symbol(name));
        return fn != nullptr;
    }

    // The file the loader actually mapped (may differ from what was asked for).
    std::string loadedPath() const;
    const std::string& requested() const { return m_requested; }
    LoadFailure failure() const { return m_failure; }
    // One sentence from the loader (dlerror text, or the Windows error number with its meaning).
    const std::string& error() const { return m_error; }
    int systemError() const { return m_systemError; }

    // Keeps the library mapped after this object dies (cuDNN must not be unloaded while the
    // CUDA runtime inside it still has threads and atexit handlers).
    void leak() { m_handle = nullptr; }

private:
    // The host part's one loader, behind the three open functions: `how` is host-specific
    // (Windows: the LoadLibraryExW search flags; POSIX: non-zero when `requested` is a path).
    // A failure is recorded in words and classified.
    static DynLib load(const std::string& requested, unsigned how);
    static void close(void* handle);  // dlclose / FreeLibrary

    void* m_handle = nullptr;
    std::string m_requested;
    std::string m_error;
    int m_systemError = 0;
    LoadFailure m_failure = LoadFailure::None;
};

// Adds a folder where dependencies of libraries loaded later are searched
// (Windows AddDllDirectory; on Linux RUNPATH $ORIGIN does this job, so a no-op).
void addLibraryDirectory(const std::string& dir);

// Full paths of every module mapped into this process whose file name contains one of the
// fragments (case-insensitive), e.g. {"cudnn", "cublas", "libcuda", "nvcuda"}.
std::vector<std::string> loadedModules(const std::vector<std::string>& nameFragments);

// Platform file names.
std::string sharedLibraryName(const std::string& stem, int major); // libcudnn.so.9 / cudnn64_9.dll

}  // namespace cudnnsetup
