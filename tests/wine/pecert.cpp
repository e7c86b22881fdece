// pecert signed|unsigned FILE...: whether core's PE reader (formats/pereader.h) finds a certificate
// table (data directory 4, where an Authenticode signature lies) in each image, as the word says.
// For a table it prints where it is and its first WIN_CERTIFICATE record's header (revision 0x0200,
// type 2 = PKCS#7 SignedData). Exit 0 when every FILE is as claimed, 1 otherwise (each reason printed).
// Run by tests/wine/run-sign.sh on the signed and the unsigned Windows executables.

#include "formats/pereader.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

using namespace cudnnsetup;

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (argc < 3 || (mode != "signed" && mode != "unsigned")) {
        std::fprintf(stderr, "usage: pecert signed|unsigned FILE...\n");
        return 2;
    }
    const bool wantSigned = mode == "signed";
    int rc = 0;
    for (int i = 2; i < argc; ++i) {
        const std::string path = argv[i];
        const PeInfo info = readPeFile(path);
        if (!info.isX64()) {
            std::printf("%s: not an x64 PE image (%s)\n", path.c_str(), info.error.c_str());
            rc = 1;
            continue;
        }
        if (!info.certificateTable) {
            std::printf("%s: no certificate table\n", path.c_str());
            if (wantSigned)
                rc = 1;
            continue;
        }
        const auto [offset, size] = *info.certificateTable;
        // WIN_CERTIFICATE: DWORD dwLength, WORD wRevision, WORD wCertificateType, then the PKCS#7 blob.
        unsigned char head[8] = {};
        std::ifstream in(path, std::ios::binary);
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(reinterpret_cast<char*>(head), sizeof head);
        const std::uint32_t length = head[0] | (head[1] << 8) | (head[2] << 16) | (std::uint32_t{head[3]} << 24);
        const unsigned revision = head[4] | (head[5] << 8), type = head[6] | (head[7] << 8);
        std::printf("%s: certificate table at file offset 0x%llx, %llu bytes; first record %u bytes, revision 0x%04x, type %u\n",
                    path.c_str(), static_cast<unsigned long long>(offset), static_cast<unsigned long long>(size), length,
                    revision, type);
        const bool wellFormed = in.gcount() == 8 && length >= 8 && length <= size && revision == 0x0200 && type == 2;
        if (!wantSigned || !wellFormed) {
            if (wantSigned)
                std::printf("%s: the table's first record is not a WIN_CERT_TYPE_PKCS_SIGNED_DATA of revision 2\n", path.c_str());
            rc = 1;
        }
    }
    return rc;
}
