// The PE reader (formats/pereader.h): DOS and PE headers, section table, the resource
// tree down to VS_VERSIONINFO (its fixed info and string tables), and the import directory, of DLLs taken from a downloaded
// archive. Whole-image and streamed reading must agree (the scanner uses the stream).
#include "formats/pereader.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const cudnnsetup::PeInfo whole = cudnnsetup::readPe({data, size});
    // The same bytes fed in uneven pieces, as an inflating entry delivers them.
    cudnnsetup::PeStreamReader stream;
    std::size_t at = 0, piece = 1;
    while (at < size) {
        const std::size_t n = std::min(piece, size - at);
        stream.feed(data + at, n);
        at += n;
        piece = piece * 3 + 1;
    }
    const cudnnsetup::PeInfo streamed = stream.finish();
    // And passing over what it says it does not need (the parallel inflate's way): the same result.
    cudnnsetup::PeStreamReader sparse;
    at = 0;
    piece = 1;
    while (at < size) {
        const std::size_t n = std::min(piece, size - at);
        if (sparse.needs(at, n))
            sparse.feed(data + at, n);
        else
            sparse.skip(n);
        at += n;
        piece = piece * 3 + 1;
    }
    const cudnnsetup::PeInfo skipped = sparse.finish();
    const auto skippedRdata = sparse.readOnlyData();
    if (skipped.isPe != streamed.isPe || skipped.machine != streamed.machine || skipped.isDll != streamed.isDll ||
        skipped.fileVersion != streamed.fileVersion || skipped.fileDescription != streamed.fileDescription ||
        skipped.importsRead != streamed.importsRead || skipped.imports != streamed.imports ||
        skippedRdata != stream.readOnlyData())
        std::abort();
    if (whole.isPe != streamed.isPe || whole.machine != streamed.machine || whole.isDll != streamed.isDll)
        std::abort();
    // The stream keeps headers and resources only: its version must be the image's.
    if (size <= cudnnsetup::PeStreamReader::kHeadLimit &&
        (whole.fileVersion != streamed.fileVersion || whole.fileDescription != streamed.fileDescription))
        std::abort();
    if (whole.fileDescription && whole.fileDescription->size() > 3 * 512)  // at most 512 UTF-16 units, each at most 3 bytes of UTF-8
        std::abort();
    return 0;
}
