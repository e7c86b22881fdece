// The ELF reader (formats/elfreader.h) in both its forms, on the same bytes: from a file with seeks
// (readElfFile: what detect reads of an installed library, also the .rodata range the CUDA name
// scan reads) and as a stream in uneven pieces (ElfStreamReader: a tarball entry as it inflates).
// They must agree on what both read, and no string may outgrow its bound.
#include "formats/elfreader.h"
#include "fuzzsupport.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static fuzz::MemoryFile file;
    const cudnnsetup::ElfFacts whole = cudnnsetup::readElfFile(file.fill(data, size));
    cudnnsetup::ElfStreamReader stream;
    std::size_t at = 0, piece = 1;
    while (at < size) {
        const std::size_t n = std::min(piece, size - at);
        stream.feed(data + at, n);
        at += n;
        piece = piece * 3 + 1;
    }
    const cudnnsetup::ElfFacts streamed = stream.finish();
    if (whole.isElf != streamed.isElf || whole.is64 != streamed.is64 || whole.machine != streamed.machine ||
        whole.type != streamed.type)
        std::abort();
    // The stream keeps the first 4 MiB: within it, the SONAME is the file's.
    if (size <= cudnnsetup::ElfStreamReader::kHeadBytes && streamed.soname && whole.soname != streamed.soname)
        std::abort();
    if ((whole.soname && whole.soname->size() >= 256) || whole.needed.size() > 256)
        std::abort();
    for (const auto& n : whole.needed)
        if (n.size() >= 256)
            std::abort();
    return 0;
}
