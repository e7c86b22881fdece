#include "platform/durablefile.h"

#include <windows.h>

#include <filesystem>

namespace cudnnsetup {

namespace {

class WinFile : public DurableFile {
public:
    explicit WinFile(HANDLE h) : m_h(h) {}
    ~WinFile() override
    {
        if (m_h != INVALID_HANDLE_VALUE)
            CloseHandle(m_h);
    }
    void write(const void* data, std::size_t size, std::error_code& ec) override
    {
        const char* p = static_cast<const char*>(data);
        while (size > 0) {
            const DWORD chunk = size > (1u << 30) ? (1u << 30) : static_cast<DWORD>(size);
            DWORD written = 0;
            if (!WriteFile(m_h, p, chunk, &written, nullptr)) {
                ec.assign(static_cast<int>(GetLastError()), std::system_category());
                return;
            }
            p += written;
            size -= written;
        }
    }
    void finish(std::error_code& ec) override
    {
        if (!FlushFileBuffers(m_h))
            ec.assign(static_cast<int>(GetLastError()), std::system_category());
        CloseHandle(m_h);
        m_h = INVALID_HANDLE_VALUE;
    }

private:
    HANDLE m_h;
};

}  // namespace

std::unique_ptr<DurableFile> DurableFile::create(const std::string& path, std::error_code& ec)
{
    const std::wstring wide = std::filesystem::u8path(path).wstring();
    HANDLE h = CreateFileW(wide.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                           FILE_ATTRIBUTE_NORMAL | FILE_FLAG_SEQUENTIAL_SCAN, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        ec.assign(static_cast<int>(GetLastError()), std::system_category());
        return nullptr;
    }
    return std::make_unique<WinFile>(h);
}

void renameDurably(const std::filesystem::path& from, const std::filesystem::path& to, std::error_code& ec)
{
    ec.clear();
    if (!MoveFileExW(from.wstring().c_str(), to.wstring().c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        ec.assign(static_cast<int>(GetLastError()), std::system_category());
}

void syncDirectory(const std::string&, std::error_code& ec)
{
    ec.clear();
}

}  // namespace cudnnsetup
