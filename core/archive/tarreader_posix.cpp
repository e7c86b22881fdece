#include "archive/tarreader.h"

#include "common/digest.h"
#include "common/problemcodes.h"

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cstring>

namespace cudnnsetup {

namespace {

// libarchive's message for the last error; it may have none (NULL: a std::string of it would
// throw, as fuzz regression tar/pax-header-error-without-message showed).
std::string errorText(struct archive* a)
{
    const char* text = archive_error_string(a);
    return text ? text : "no message from libarchive";
}

// Where the compressed bytes come from: a file descriptor or a buffer. Every byte handed to
// libarchive is hashed first, so the SHA-256 is of exactly what was decompressed.
class Source {
public:
    virtual ~Source() = default;
    virtual long long read(std::uint8_t* out, std::size_t n) = 0;  // 0 at the end, -1 on error
    virtual std::string error() const { return {}; }
};

// The archive's one open file (platform/openedfile.h), read front to back at a position of our own.
class OpenedFileSource : public Source {
public:
    explicit OpenedFileSource(const OpenedFile& file) : m_file(file) {}
    long long read(std::uint8_t* out, std::size_t n) override
    {
        const long long got = m_file.readSome(m_offset, out, n);
        if (got < 0) {
            m_error = std::strerror(errno);
            return -1;
        }
        m_offset += static_cast<std::uint64_t>(got);
        return got;
    }
    std::string error() const override { return m_error; }

private:
    const OpenedFile& m_file;
    std::uint64_t m_offset = 0;
    std::string m_error;
};

class MemorySource : public Source {
public:
    MemorySource(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    long long read(std::uint8_t* out, std::size_t n) override
    {
        const std::size_t take = std::min(n, m_size - m_pos);
        if (take)
            std::memcpy(out, m_data + m_pos, take);
        m_pos += take;
        return static_cast<long long>(take);
    }

private:
    const std::uint8_t* m_data;
    std::size_t m_size, m_pos = 0;
};

struct ReadContext {
    Source* source = nullptr;
    Sha256 hash;
    std::vector<std::uint8_t> block;
    std::uint64_t raw = 0;        // compressed bytes read
    std::uint64_t fileSize = 0;
    bool eof = false;
    bool ioError = false;
    bool cancelled = false;
    const TarScanOptions* options = nullptr;

    // Reads and hashes one block; returns its size (0 at the end, -1 on error or cancel).
    long long next()
    {
        if (options->cancel && options->cancel->isCancelled()) {
            cancelled = true;
            return -1;
        }
        const long long got = source->read(block.data(), block.size());
        if (got < 0) {
            ioError = true;
            return -1;
        }
        if (got == 0)
            eof = true;
        hash.update(block.data(), static_cast<std::size_t>(got));
        raw += static_cast<std::uint64_t>(got);
        if (options->progress)
            options->progress->onProgress(raw, fileSize);
        return got;
    }
};

la_ssize_t readCallback(struct archive* a, void* data, const void** buffer)
{
    auto* ctx = static_cast<ReadContext*>(data);
    const long long got = ctx->next();
    *buffer = ctx->block.data();
    if (got < 0) {
        archive_set_error(a, EIO, "%s", ctx->cancelled ? "cancelled" : ctx->source->error().c_str());
        return -1;
    }
    return static_cast<la_ssize_t>(got);
}

struct ArchiveDeleter {
    void operator()(struct archive* a) const { archive_read_free(a); }
};

TarEntryType typeOf(struct archive_entry* e)
{
    if (archive_entry_hardlink(e))
        return TarEntryType::Hardlink;
    switch (archive_entry_filetype(e)) {
    case AE_IFREG: return TarEntryType::File;
    case AE_IFDIR: return TarEntryType::Directory;
    case AE_IFLNK: return TarEntryType::Symlink;
    case AE_IFCHR: return TarEntryType::CharDevice;
    case AE_IFBLK: return TarEntryType::BlockDevice;
    case AE_IFIFO: return TarEntryType::Fifo;
    case AE_IFSOCK: return TarEntryType::Socket;
    default: return TarEntryType::Other;
    }
}

std::string humanBytes(std::uint64_t n)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(n) / (1024.0 * 1024.0));
    return buf;
}

Result<TarScanResult> scan(Source& source, std::uint64_t fileSize, const std::string& name,
                           const TarScanOptions& o)
{
    TarScanResult r;
    r.fileSize = fileSize;
    ReadContext ctx;
    ctx.source = &source;
    ctx.block.resize(std::max<std::size_t>(o.blockSize, 64 * 1024));
    ctx.fileSize = fileSize;
    ctx.options = &o;

    std::unique_ptr<struct archive, ArchiveDeleter> a(archive_read_new());
    // Only what NVIDIA ships: xz (8.3.1 and up), gzip (.tgz before), and plain tar.
    archive_read_support_filter_xz(a.get());
    archive_read_support_filter_gzip(a.get());
    archive_read_support_filter_none(a.get());
    archive_read_support_format_tar(a.get());  // ustar, pax, GNU (long names, sparse)
    auto fail = [&](std::string code, std::string message) {
        if (!r.failure)
            r.failure = Problem{std::move(code), std::nullopt, std::move(message)};
    };
    if (archive_read_open2(a.get(), &ctx, nullptr, readCallback, nullptr, nullptr) != ARCHIVE_OK) {
        if (ctx.cancelled) {
            r.cancelled = true;
            return r;
        }
        if (ctx.ioError)
            return Error{codes::kIo, name + " cannot be read: " + source.error() + ".", source.error()};
        fail(codes::kCorruptArchive, name + " is not a readable tar archive (" + errorText(a.get()) +
                                    "). Download it again from NVIDIA (developer.nvidia.com/cudnn).");
    } else {
        const char* filter = archive_filter_count(a.get()) > 1 ? archive_filter_name(a.get(), 0) : "none";
        r.filter = filter ? filter : "unknown";
        std::vector<std::uint8_t> zeros;
        bool stop = false;
        while (!stop) {
            struct archive_entry* entry = nullptr;
            const int rc = archive_read_next_header(a.get(), &entry);
            if (rc == ARCHIVE_EOF)
                break;
            if (rc < ARCHIVE_WARN) {
                if (ctx.cancelled)
                    break;
                fail(codes::kCorruptArchive, name + " is damaged after " + std::to_string(r.entries.size()) +
                                            " entries (" + errorText(a.get()) +
                                            "). Download it again from NVIDIA (developer.nvidia.com/cudnn).");
                break;
            }
            TarEntryInfo info;
            info.index = r.entries.size();
            const char* path = archive_entry_pathname(entry);
            info.name = path ? path : "";
            info.type = typeOf(entry);
            info.size = archive_entry_size_is_set(entry) ? static_cast<std::uint64_t>(archive_entry_size(entry)) : 0;
            info.mode = static_cast<std::uint32_t>(archive_entry_perm(entry)) & 07777u;
            if (const char* link = info.type == TarEntryType::Hardlink ? archive_entry_hardlink(entry)
                                                                       : archive_entry_symlink(entry))
                info.linkTarget = link;
            info.sparse = archive_entry_sparse_count(entry) > 0;
            if (rc == ARCHIVE_WARN) {
                info.headerWarning = true;
                info.warning = archive_error_string(a.get()) ? archive_error_string(a.get()) : "warning";
            }
            r.entries.push_back(info);
            r.outcomes.emplace_back();
            if (o.progress)
                o.progress->onItem(info.name);
            if (r.entries.size() > o.limits.maxEntries) {
                fail(codes::kSizeLimit, name + " has more than " + std::to_string(o.limits.maxEntries) +
                                       " entries (a cuDNN tarball has fewer than 100). Nothing was extracted; do not "
                                       "use this archive: download it again from NVIDIA.");
                break;
            }
            TarDecision d = o.onEntry(r.entries.back());
            if (d.stop) {
                r.stoppedByCaller = true;
                break;
            }
            TarEntryOutcome& out = r.outcomes.back();
            std::uint32_t crc = 0;
            std::uint64_t pos = 0;
            bool ok = true;
            auto deliver = [&](const std::uint8_t* data, std::size_t n) {
                crc = crc32Update(crc, data, static_cast<std::size_t>(n));
                pos += n;
                if (d.consumer && !d.consumer->write(data, n))
                    d.consumer.reset();
            };
            for (;;) {
                const void* buf = nullptr;
                size_t size = 0;
                la_int64_t offset = 0;
                const int drc = archive_read_data_block(a.get(), &buf, &size, &offset);
                if (drc == ARCHIVE_EOF)
                    break;
                if (drc < ARCHIVE_WARN) {
                    ok = false;
                    if (!ctx.cancelled)
                        fail(codes::kCorruptArchive, name + ": " + info.name + " cannot be read (" +
                                                    errorText(a.get()) +
                                                    "). The download is damaged; download it again from NVIDIA.");
                    break;
                }
                // A sparse map's holes are zeros: deliver them so sizes and CRCs are of the real file.
                while (offset > 0 && pos < static_cast<std::uint64_t>(offset) && ok) {
                    zeros.resize(64 * 1024);
                    const std::size_t n = static_cast<std::size_t>(
                        std::min<std::uint64_t>(zeros.size(), static_cast<std::uint64_t>(offset) - pos));
                    deliver(zeros.data(), n);
                }
                deliver(static_cast<const std::uint8_t*>(buf), size);
                const std::uint64_t inflated = static_cast<std::uint64_t>(archive_filter_bytes(a.get(), 0));
                if (inflated > o.limits.maxTotalSize || pos > o.limits.maxEntrySize) {
                    fail(codes::kSizeLimit, name + " decompresses to more than " + humanBytes(o.limits.maxTotalSize) +
                                           " (a cuDNN tarball is smaller; this is a decompression bomb). Nothing was "
                                           "extracted; do not use this archive: download it again from NVIDIA.");
                    ok = false;
                    stop = true;
                    break;
                }
                if (inflated >= o.limits.ratioFloor && ctx.raw > 0 && inflated / ctx.raw > o.limits.maxRatio) {
                    fail(codes::kSizeLimit, name + " inflates " + humanBytes(ctx.raw) + " to " + humanBytes(inflated) +
                                           " (" + std::to_string(inflated / ctx.raw) + ":1), beyond the limit of " +
                                           std::to_string(o.limits.maxRatio) +
                                           ":1 (real cuDNN libraries compress about 3:1; this is a decompression "
                                           "bomb). Nothing was extracted; download it again from NVIDIA.");
                    ok = false;
                    stop = true;
                    break;
                }
            }
            out.actualSize = pos;
            out.crc32 = crc;
            out.read = ok;
            if (d.consumer)
                d.consumer->finish(ok && pos == info.size);
            if (!ok)
                break;
        }
    }
    if (ctx.cancelled || (o.cancel && o.cancel->isCancelled())) {
        TarScanResult c;
        c.cancelled = true;
        return c;
    }
    // The SHA-256 is of the whole file, also past the end-of-archive blocks and past a stop.
    while (!ctx.eof && !ctx.ioError && !ctx.cancelled)
        (void)ctx.next();
    if (ctx.cancelled) {
        TarScanResult c;
        c.cancelled = true;
        return c;
    }
    if (ctx.ioError)
        return Error{codes::kIo, name + " cannot be read: " + source.error() + ".", source.error()};
    r.fileSize = ctx.raw;
    r.sha256 = ctx.hash.finishHex();
    return r;
}

std::string baseNameOf(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool tarReaderAvailable() { return true; }

Result<TarScanResult> scanTarFile(const std::string& path, const TarScanOptions& options)
{
    std::error_code ec;
    const auto file = OpenedFile::open(path, false, ec);
    if (!file)
        return Error{codes::kIo, path + " cannot be opened: " + ec.message() + ".", ec.message()};
    return scanTarFile(*file, options);
}

Result<TarScanResult> scanTarFile(const OpenedFile& file, const TarScanOptions& options)
{
    OpenedFileSource source(file);
    return scan(source, file.size(), baseNameOf(file.path()), options);
}

Result<TarScanResult> scanTarMemory(const std::uint8_t* data, std::size_t size, const std::string& name,
                                    const TarScanOptions& options)
{
    MemorySource source(data, size);
    return scan(source, size, name, options);
}

}  // namespace cudnnsetup
