// The zip end record, central directory and local headers (archive/zipdirectory.h): the
// first thing of a downloaded archive the tool reads. Whatever the bytes, the reader
// either fails with "corrupt-archive" or returns records that lie inside the file.
#include "archive/zipdirectory.h"
#include "fuzzsupport.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static fuzz::MemoryFile file;
    auto opened = cudnnsetup::RandomAccessFile::open(file.fill(data, size));
    if (!opened)
        return 0;
    auto dir = cudnnsetup::readZipDirectory(**opened);
    if (!dir) {
        if (dir.error().code != "corrupt-archive" && dir.error().code != "io-error")
            std::abort();  // a failure must carry the code the callers act on
        return 0;
    }
    for (const auto& r : dir->records)
        if (r.localHeaderOffset >= size || r.dataOffset > size || dir->centralDirectoryOffset > size)
            std::abort();  // a record pointing outside the file was accepted
    return 0;
}
