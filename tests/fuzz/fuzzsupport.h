#pragma once
// Small helpers shared by the fuzz targets (tests/fuzz).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace fuzz {

// The input as a file that the readers open by name (they take paths, like the tool),
// kept in memory: memfd_create, rewritten for each input.
class MemoryFile {
public:
    MemoryFile() : m_fd(::memfd_create("fuzz-input", 0))
    {
        if (m_fd < 0)
            std::abort();
    }
    ~MemoryFile() { ::close(m_fd); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;
    std::string fill(const std::uint8_t* data, std::size_t size)
    {
        if (::ftruncate(m_fd, 0) != 0 || ::pwrite(m_fd, data, size, 0) != ssize_t(size))
            std::abort();
        return "/proc/self/fd/" + std::to_string(m_fd);
    }

private:
    int m_fd;
};

}  // namespace fuzz
