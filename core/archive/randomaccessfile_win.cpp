#include "archive/zipdirectory.h"

#include <algorithm>
#include <io.h>
#include <windows.h>

namespace cudnnsetup {

// A positional ReadFile moves the handle's file pointer, which the CRT's sequential reads on the
// other thread go on from. So the positional reads use a second handle: ReOpenFile gives one for
// the same open file (not a new open of the path, which could by now name another file).
bool RandomAccessFile::readShared(std::uint64_t offset, void* buffer, std::size_t size)
{
    if (offset > m_size || size > m_size - offset)
        return false;
    HANDLE h = nullptr;
    {
        std::lock_guard lock(m_sharedMutex);
        if (!m_shared) {
            const auto original = reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(m_file)));
            HANDLE again = ReOpenFile(original, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, 0);
            if (again == INVALID_HANDLE_VALUE)
                return false;
            m_shared = again;
        }
        h = static_cast<HANDLE>(m_shared);
    }
    auto* p = static_cast<unsigned char*>(buffer);
    while (size > 0) {
        OVERLAPPED at{};
        at.Offset = static_cast<DWORD>(offset);
        at.OffsetHigh = static_cast<DWORD>(offset >> 32);
        const DWORD want = static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30));
        DWORD got = 0;
        if (!ReadFile(h, p, want, &got, &at) || got == 0)
            return false;
        p += got;
        offset += got;
        size -= got;
    }
    return true;
}

void RandomAccessFile::closeShared()
{
    if (m_shared)
        CloseHandle(static_cast<HANDLE>(m_shared));
    m_shared = nullptr;
}

}  // namespace cudnnsetup
