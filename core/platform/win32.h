#pragma once
// Windows-only helpers shared by the *_win.cpp files: RAII owners for Win32
// handles, UTF-8 <-> UTF-16 conversion and the system's text for an error code.
// Compiled only when WIN32 (core/platform/CMakeLists.txt); never include it from
// a portable header.

#ifndef _WIN32
#error "win32.h is for the Windows build only"
#endif

#include <windows.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

namespace cudnnsetup::win {

// Move-only owner of one handle-like value; Traits gives invalid() and close().
// (INVALID_HANDLE_VALUE is a cast, not a constant expression, hence traits.)
template <typename Traits>
class Unique {
public:
    using Value = decltype(Traits::invalid());
    Unique() = default;
    explicit Unique(Value value) : m_value(value) {}
    Unique(const Unique&) = delete;
    Unique& operator=(const Unique&) = delete;
    Unique(Unique&& other) noexcept : m_value(std::exchange(other.m_value, Traits::invalid())) {}
    Unique& operator=(Unique&& other) noexcept
    {
        if (this != &other)
            reset(std::exchange(other.m_value, Traits::invalid()));
        return *this;
    }
    ~Unique() { reset(); }

    Value get() const { return m_value; }
    explicit operator bool() const { return m_value != Traits::invalid(); }
    // For out-parameters of Win32 calls: closes what is held first.
    Value* put()
    {
        reset();
        return &m_value;
    }
    Value release() { return std::exchange(m_value, Traits::invalid()); }
    void reset(Value value = Traits::invalid())
    {
        if (m_value != Traits::invalid())
            Traits::close(m_value);
        m_value = value;
    }

private:
    Value m_value = Traits::invalid();
};

struct HandleTraits {
    static HANDLE invalid() { return nullptr; }
    static void close(HANDLE h) { ::CloseHandle(h); }
};
// CreateFileW and FindFirstFileW say "none" with INVALID_HANDLE_VALUE instead.
struct FileHandleTraits {
    static HANDLE invalid() { return INVALID_HANDLE_VALUE; }
    static void close(HANDLE h) { ::CloseHandle(h); }
};
struct KeyTraits {
    static HKEY invalid() { return nullptr; }
    static void close(HKEY k) { ::RegCloseKey(k); }
};
struct ModuleTraits {
    static HMODULE invalid() { return nullptr; }
    static void close(HMODULE m) { ::FreeLibrary(m); }
};
struct LocalTraits {
    static HLOCAL invalid() { return nullptr; }
    static void close(HLOCAL p) { ::LocalFree(p); }
};

using Handle = Unique<HandleTraits>;
using FileHandle = Unique<FileHandleTraits>;
using Key = Unique<KeyTraits>;
using Module = Unique<ModuleTraits>;
using LocalMemory = Unique<LocalTraits>;

std::wstring widen(std::string_view utf8);
std::string narrow(std::wstring_view utf16);

// A path as UTF-8 for messages (path::string() would use the ANSI code page).
std::string utf8(const std::filesystem::path& p);

// The "\\?\" form of `p` made absolute (platform/longpath.h), for every Win32
// call that takes a file name, so toolkits deeper than 260 characters work.
std::wstring longPath(const std::filesystem::path& p);

// One argument quoted for a command line by the rules CommandLineToArgvW and the CRT
// undo (backslashes double only before a quote); unquoted when nothing needs it.
std::wstring quoteArgument(std::wstring_view arg);

// FormatMessageW's sentence for a Win32 error code, without the trailing newline;
// "error N" when the system has no text for it.
std::string systemMessage(DWORD code);

}  // namespace cudnnsetup::win
