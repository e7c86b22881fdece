#include "platform/dynlib.h"

#include "platform/win32.h"

namespace cudnnsetup {

namespace {

// The three numbers people meet as "Error code 126", as sentences.
std::string describe(DWORD code, const std::string& path, bool fileThere)
{
    switch (code) {
    case ERROR_MOD_NOT_FOUND:  // 126: the file, or (when it exists) one of its imports
        return fileThere ? path + ": a DLL it depends on is missing (Windows error 126)"
                         : path + ": not found (Windows error 126)";
    case ERROR_PROC_NOT_FOUND:  // 127
        return path + ": a function it imports is missing from a DLL it depends on (Windows error 127; mixed versions)";
    case ERROR_BAD_EXE_FORMAT:  // 193
        return path + ": not a valid 64-bit Windows DLL (Windows error 193: 32-bit or corrupt)";
    default:
        return path + ": " + win::systemMessage(code) + " (Windows error " + std::to_string(code) + ")";
    }
}

}  // namespace

std::unique_ptr<DynamicLibrary> DynamicLibrary::open(const std::string& path, std::string* error)
{
    const std::wstring name = win::widen(path);
    const bool hasFolder = name.find_first_of(L"\\/") != std::wstring::npos;
    // A full path loads that file, with its dependencies from its own folder and
    // System32; a bare name (the driver, nvcuda.dll) is searched in System32 only,
    // never in the current or the application folder.
    const DWORD flags = hasFolder ? LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS
                                  : LOAD_LIBRARY_SEARCH_SYSTEM32;
    // No "cannot find DLL" dialog boxes from a probe.
    const UINT oldMode = ::SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOOPENFILEERRORBOX);
    HMODULE h = ::LoadLibraryExW(name.c_str(), nullptr, flags);
    const DWORD code = h ? ERROR_SUCCESS : ::GetLastError();
    ::SetErrorMode(oldMode);
    if (!h) {
        if (error) {
            const DWORD attributes = hasFolder ? ::GetFileAttributesW(name.c_str()) : INVALID_FILE_ATTRIBUTES;
            *error = describe(code, path, attributes != INVALID_FILE_ATTRIBUTES);
        }
        return nullptr;
    }
    return std::unique_ptr<DynamicLibrary>(new DynamicLibrary(h));
}

DynamicLibrary::~DynamicLibrary()
{
    if (m_handle)
        ::FreeLibrary(static_cast<HMODULE>(m_handle));
}

void* DynamicLibrary::symbol(const char* name) const
{
    return reinterpret_cast<void*>(::GetProcAddress(static_cast<HMODULE>(m_handle), name));
}

std::string DynamicLibrary::loadedPath() const
{
    std::wstring buffer(512, L'\0');
    for (;;) {
        const DWORD n = ::GetModuleFileNameW(static_cast<HMODULE>(m_handle), buffer.data(),
                                             static_cast<DWORD>(buffer.size()));
        if (n == 0)
            return {};
        if (n < buffer.size()) {
            buffer.resize(n);
            return win::narrow(buffer);
        }
        buffer.resize(buffer.size() * 2);
    }
}

}  // namespace cudnnsetup
