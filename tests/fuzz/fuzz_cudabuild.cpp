// The CUDA library name scanner (formats/cudabuild.h), fed a downloaded DLL's or library's bytes:
// whatever the bytes and however they are cut, the names found are the same, each is a whole name
// the one rule reads a CUDA major from, and there are never more than kMaxNames.
#include "formats/cudabuild.h"

#include <algorithm>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using cudnnsetup::CudaNameScanner;
    CudaNameScanner whole;
    whole.feed(data, size);
    whole.finish();
    // The same bytes in uneven pieces, as an inflating entry delivers them (1, 4, 13, 40, ... bytes).
    CudaNameScanner pieces;
    std::size_t at = 0, piece = 1;
    while (at < size) {
        const std::size_t n = std::min(piece, size - at);
        pieces.feed(data + at, n);
        at += n;
        piece = piece * 3 + 1;
    }
    pieces.finish();
    if (whole.names() != pieces.names() || whole.names().size() > CudaNameScanner::kMaxNames)
        std::abort();
    for (const auto& n : whole.names())
        if (n.size() > CudaNameScanner::kMaxNameLength || !cudnnsetup::cudaMajorOfImport(n))
            std::abort();
    // The input taken as one name (an import table's entry) must not upset the matcher either.
    (void)cudnnsetup::cudaMajorOfImport({reinterpret_cast<const char*>(data), size});
    (void)cudnnsetup::cudaMajorFromNames(whole.nameList());
    return 0;
}
