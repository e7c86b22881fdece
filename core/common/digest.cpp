#include "common/digest.h"

#include "common/problemcodes.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <isa-l/crc.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <memory>

namespace cudnnsetup {

struct Sha256::Ctx {
    struct Free {
        void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
    };
    std::unique_ptr<EVP_MD_CTX, Free> md{EVP_MD_CTX_new()};
};

Sha256::Sha256() : m_ctx(std::make_unique<Ctx>())
{
    if (!m_ctx->md || EVP_DigestInit_ex(m_ctx->md.get(), EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("OpenSSL could not initialise SHA-256");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t size)
{
    EVP_DigestUpdate(m_ctx->md.get(), data, size);
}

std::string Sha256::finishHex()
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(m_ctx->md.get(), out, &len);
    static const char* hex = "0123456789abcdef";
    std::string s;
    for (unsigned int i = 0; i < len; ++i) {
        s += hex[out[i] >> 4];
        s += hex[out[i] & 15];
    }
    return s;
}

std::uint32_t crc32Update(std::uint32_t crc, const void* data, std::size_t size)
{
    // ISA-L's crc32_gzip_refl takes a 64-bit length; one call whatever the size.
    return crc32_gzip_refl(crc, static_cast<const unsigned char*>(data), size);
}

std::string sha256Hex(std::string_view bytes)
{
    Sha256 h;
    h.update(bytes.data(), bytes.size());
    return h.finishHex();
}

Result<FileDigest> digestFile(const std::string& path)
{
    struct Close {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };
    std::unique_ptr<std::FILE, Close> f(std::fopen(path.c_str(), "rb"));
    if (!f)
        return Error{codes::kIoError, "Cannot read " + path + ": " + std::strerror(errno) + ".", "fopen"};
    FileDigest d;
    Sha256 h;
    std::uint32_t crc = 0;
    // Not zeroed: a toolkit snapshot digests dozens of small files, and zeroing 1 MiB for each
    // (its pages faulted in) was most of the work; only the bytes fread fills are touched.
    constexpr std::size_t kPiece = 1 << 20;
    const auto buf = std::make_unique_for_overwrite<unsigned char[]>(kPiece);
    std::size_t n = 0;
    while ((n = std::fread(buf.get(), 1, kPiece, f.get())) > 0) {
        h.update(buf.get(), n);
        crc = crc32Update(crc, buf.get(), n);
        d.size += n;
    }
    if (std::ferror(f.get()))
        return Error{codes::kIoError, "Cannot read " + path + ": read error.", "fread"};
    d.crc32 = crc;
    d.sha256 = h.finishHex();
    return d;
}

void releaseThreadDigestState()
{
    OPENSSL_thread_stop();
}

}  // namespace cudnnsetup
