#include "platform/fileversion.h"

#include "common/problemcodes.h"
#include "platform/longpath.h"
#include "platform/win32.h"

#include <vector>

namespace cudnnsetup {

namespace {

std::string quad(DWORD ms, DWORD ls)
{
    return std::to_string(HIWORD(ms)) + "." + std::to_string(LOWORD(ms)) + "." + std::to_string(HIWORD(ls)) + "." +
           std::to_string(LOWORD(ls));
}

}  // namespace

Result<FileVersionInfo> systemFileVersion(const std::filesystem::path& file)
{
    const std::wstring name = win::longPath(file);
    DWORD ignored = 0;
    const DWORD size = ::GetFileVersionInfoSizeW(name.c_str(), &ignored);
    if (size == 0) {
        const DWORD code = ::GetLastError();
        return Error{codes::kNoVersionInfo, win::utf8(file) + " has no version information (" + win::systemMessage(code) + ").",
                     "GetFileVersionInfoSizeW failed with " + std::to_string(code)};
    }
    std::vector<unsigned char> block(size);
    if (!::GetFileVersionInfoW(name.c_str(), 0, size, block.data())) {
        const DWORD code = ::GetLastError();
        return Error{codes::kNoVersionInfo, win::utf8(file) + " has unreadable version information.",
                     "GetFileVersionInfoW failed with " + std::to_string(code)};
    }
    VS_FIXEDFILEINFO* fixed = nullptr;
    UINT length = 0;
    if (!::VerQueryValueW(block.data(), L"\\", reinterpret_cast<void**>(&fixed), &length) || !fixed ||
        length < sizeof(VS_FIXEDFILEINFO) || fixed->dwSignature != VS_FFI_SIGNATURE)
        return Error{codes::kNoVersionInfo, win::utf8(file) + " has no fixed version block.", "VerQueryValueW \\"};
    return FileVersionInfo{quad(fixed->dwFileVersionMS, fixed->dwFileVersionLS),
                           quad(fixed->dwProductVersionMS, fixed->dwProductVersionLS)};
}

}  // namespace cudnnsetup
