#include "platform/dynlib.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include "platform/win32.h"
#include <tlhelp32.h>

#include <algorithm>
#include <cwctype>
#include <utility>

namespace cudnnsetup {

namespace {

using win::widen;
using win::narrow;

std::wstring lower(std::wstring s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](wchar_t c) { return static_cast<wchar_t>(std::towlower(c)); });
    return s;
}

bool fileExists(const std::wstring& path)
{
    const DWORD a = GetFileAttributesW(path.c_str());
    return a != INVALID_FILE_ATTRIBUTES && !(a & FILE_ATTRIBUTE_DIRECTORY);
}

std::string moduleFileName(HMODULE module)
{
    std::wstring buf(512, L'\0');
    for (;;) {
        const DWORD n = GetModuleFileNameW(module, buf.data(), static_cast<DWORD>(buf.size()));
        if (n == 0)
            return {};
        if (n < buf.size()) {
            buf.resize(n);
            return narrow(buf);
        }
        buf.resize(buf.size() * 2);
    }
}

// The three numbers people meet in "Could not load library ... Error code 126", as sentences.
std::string describe(DWORD code, bool fileThere)
{
    switch (code) {
    case ERROR_MOD_NOT_FOUND: // 126
        return fileThere ? "error 126: the file exists but a DLL it depends on could not be found"
                         : "error 126: the file could not be found";
    case ERROR_PROC_NOT_FOUND: // 127
        return "error 127: a function it imports is missing from a DLL it depends on (mixed versions)";
    case ERROR_BAD_EXE_FORMAT: // 193
        return "error 193: not a valid 64-bit Windows DLL (32-bit, damaged or not a DLL)";
    default:
        return "error " + std::to_string(code);
    }
}

LoadFailure classify(DWORD code, bool fileThere)
{
    switch (code) {
    case ERROR_MOD_NOT_FOUND:
        return fileThere ? LoadFailure::DependencyMissing : LoadFailure::NotFound;
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
        return LoadFailure::NotFound;
    case ERROR_PROC_NOT_FOUND:
        return LoadFailure::MissingSymbol;
    case ERROR_BAD_EXE_FORMAT:
        return LoadFailure::WrongArchitecture;
    default:
        return LoadFailure::Other;
    }
}

// No "The program can't start because ... is missing" dialog box in the middle of a check.
class QuietErrors {
public:
    QuietErrors() { SetThreadErrorMode(SEM_FAILCRITICALERRORS | SEM_NOOPENFILEERRORBOX, &m_old); }
    ~QuietErrors() { SetThreadErrorMode(m_old, nullptr); }
    QuietErrors(const QuietErrors&) = delete;
    QuietErrors& operator=(const QuietErrors&) = delete;

private:
    DWORD m_old = 0;
};

}  // namespace

void DynLib::close(void* handle)
{
    FreeLibrary(static_cast<HMODULE>(handle));
}

DynLib DynLib::load(const std::string& requested, unsigned how)
{
    DynLib lib;
    lib.m_requested = requested;
    const std::wstring wide = widen(requested);
    QuietErrors quiet;
    HMODULE h = LoadLibraryExW(wide.c_str(), nullptr, how);
    if (!h) {
        const DWORD code = GetLastError();
        // Only a full path can tell "not there" from "there, but a dependency is missing".
        const bool there = (how & LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR) && fileExists(wide);
        lib.m_systemError = static_cast<int>(code);
        lib.m_error = describe(code, there);
        lib.m_failure = classify(code, there);
    }
    lib.m_handle = h;
    return lib;
}

DynLib DynLib::openPath(const std::string& path)
{
    // DLL_LOAD_DIR: the DLL's own folder resolves its siblings (cudnn_cnn64_9.dll next to cudnn64_9.dll);
    // DEFAULT_DIRS: System32 plus the folders given to AddDllDirectory (the toolkit's bin for cuBLAS).
    return load(path, LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS);
}

DynLib DynLib::openSystem(const std::string& name)
{
    return load(name, LOAD_LIBRARY_SEARCH_SYSTEM32);
}

DynLib DynLib::openSearched(const std::string& name)
{
    return load(name, LOAD_LIBRARY_SEARCH_SYSTEM32 | LOAD_LIBRARY_SEARCH_USER_DIRS);
}

void* DynLib::symbol(const char* name) const
{
    if (!m_handle)
        return nullptr;
    return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(m_handle), name));
}

std::string DynLib::loadedPath() const
{
    return m_handle ? moduleFileName(static_cast<HMODULE>(m_handle)) : std::string();
}

void addLibraryDirectory(const std::string& dir)
{
    // cuDNN loads cuBLAS / zlibwapi / nvrtc itself with a plain LoadLibrary; that search must see the
    // toolkit's bin but never the folder the installer was started from (Downloads).
    SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_SYSTEM32 | LOAD_LIBRARY_SEARCH_USER_DIRS);
    const std::wstring w = widen(dir);
    if (GetFileAttributesW(w.c_str()) != INVALID_FILE_ATTRIBUTES)
        AddDllDirectory(w.c_str());
}

std::vector<std::string> loadedModules(const std::vector<std::string>& nameFragments)
{
    std::vector<std::string> out;
    HANDLE snap = CreateToolhelp32Snapshot(TH32CS_SNAPMODULE, GetCurrentProcessId());
    if (snap == INVALID_HANDLE_VALUE)
        return out;
    MODULEENTRY32W entry{};
    entry.dwSize = sizeof entry;
    for (BOOL more = Module32FirstW(snap, &entry); more; more = Module32NextW(snap, &entry)) {
        const std::wstring base = lower(entry.szModule);
        for (const auto& f : nameFragments) {
            if (base.find(lower(widen(f))) != std::wstring::npos) {
                out.push_back(moduleFileName(entry.hModule));
                break;
            }
        }
    }
    CloseHandle(snap);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string sharedLibraryName(const std::string& stem, int major)
{
    return stem + "64_" + std::to_string(major) + ".dll";
}

}  // namespace cudnnsetup
