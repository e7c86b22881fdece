#include "archive/archivescanner.h"

#include "archive/entryinflater.h"
#include "archive/zipdirectory.h"
#include "common/digest.h"
#include "common/problemcodes.h"

#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

namespace cudnnsetup {

namespace {

using ZipHandle = std::unique_ptr<zip_t, decltype(&zip_discard)>;

constexpr std::uint32_t kUnixTypeMask = 0170000, kUnixSymlink = 0120000;
// What is read and hashed in one go: small enough to stay in a core's L2 cache from the read to the hash.
constexpr std::size_t kHashPiece = 256u << 10;

// libzip reads the archive through this source: positional reads of the one open file (a zip
// opened by name would be a second open, of whatever the name names by then).
struct ZipSourceState {
    std::shared_ptr<const OpenedFile> file;
    std::uint64_t offset = 0;
    zip_error_t error;
};

zip_int64_t openedFileCallback(void* state, void* data, zip_uint64_t len, zip_source_cmd_t cmd)
{
    auto* s = static_cast<ZipSourceState*>(state);
    switch (cmd) {
    case ZIP_SOURCE_OPEN:
        s->offset = 0;
        return 0;
    case ZIP_SOURCE_READ: {
        const long long n = s->file->readSome(s->offset, data, static_cast<std::size_t>(std::min<zip_uint64_t>(len, 1u << 30)));
        if (n < 0) {
            zip_error_set(&s->error, ZIP_ER_READ, EIO);
            return -1;
        }
        s->offset += static_cast<std::uint64_t>(n);
        return n;
    }
    case ZIP_SOURCE_CLOSE:
        return 0;
    case ZIP_SOURCE_STAT: {
        auto* st = static_cast<zip_stat_t*>(data);
        zip_stat_init(st);
        st->size = s->file->size();
        st->valid |= ZIP_STAT_SIZE;
        return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_ERROR:
        return zip_error_to_data(&s->error, data, len);
    case ZIP_SOURCE_FREE:
        zip_error_fini(&s->error);
        delete s;
        return 0;
    case ZIP_SOURCE_SEEK: {
        const zip_int64_t to = zip_source_seek_compute_offset(s->offset, s->file->size(), data, len, &s->error);
        if (to < 0)
            return -1;
        s->offset = static_cast<std::uint64_t>(to);
        return 0;
    }
    case ZIP_SOURCE_TELL:
        return static_cast<zip_int64_t>(s->offset);
    case ZIP_SOURCE_SUPPORTS:
        return ZIP_SOURCE_SUPPORTS_SEEKABLE;
    default:
        zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
        return -1;
    }
}

// zip_open over the open file; null with `err` set (a ZIP_ER_* code) on failure.
zip_t* openZip(const std::shared_ptr<const OpenedFile>& file, int flags, int& err)
{
    auto* state = new ZipSourceState{file, 0, {}};
    zip_error_init(&state->error);
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t* source = zip_source_function_create(openedFileCallback, state, &ze);
    if (!source) {
        zip_error_fini(&state->error);
        delete state;
        err = zip_error_code_zip(&ze);
        zip_error_fini(&ze);
        return nullptr;
    }
    zip_t* zip = zip_open_from_source(source, flags, &ze);
    if (!zip) {
        zip_source_free(source);  // frees `state` too (ZIP_SOURCE_FREE)
        err = zip_error_code_zip(&ze);
    }
    zip_error_fini(&ze);
    return zip;
}

// Fixed-size read buffers, handed out as shared pointers that come back when the
// last worker holding a slice of them lets go: this is what bounds memory.
class BlockPool {
public:
    BlockPool(std::size_t blockSize, unsigned maxBlocks) : m_blockSize(blockSize), m_max(maxBlocks) {}
    std::shared_ptr<std::uint8_t> acquire(const CancelToken* cancel)
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            if (cancel && cancel->isCancelled())
                return nullptr;
            if (!m_free.empty()) {
                std::uint8_t* p = m_free.back().release();
                m_free.pop_back();
                return wrap(p);
            }
            if (m_allocated < m_max) {
                ++m_allocated;
                return wrap(new std::uint8_t[m_blockSize]);
            }
            m_cv.wait_for(lock, std::chrono::milliseconds(50));
        }
    }
    std::size_t blockSize() const { return m_blockSize; }

private:
    std::shared_ptr<std::uint8_t> wrap(std::uint8_t* p)
    {
        return std::shared_ptr<std::uint8_t>(p, [this](std::uint8_t* q) {
            {
                std::lock_guard lock(m_mutex);
                m_free.emplace_back(q);
            }
            m_cv.notify_one();
        });
    }
    std::size_t m_blockSize;
    unsigned m_max;
    unsigned m_allocated = 0;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::vector<std::unique_ptr<std::uint8_t[]>> m_free;
};

struct Job {
    std::size_t entry = 0;
    std::uint64_t begin = 0, end = 0;  // compressed data range in the file
    std::deque<ScanChunk> chunks;
    bool complete = false;             // every chunk of the range has been queued
};

}  // namespace

struct ArchiveScanner::Impl {
    std::string path;
    std::unique_ptr<RandomAccessFile> file;
    std::vector<ZipEntryInfo> entries;
    std::vector<std::uint64_t> overlaps;
    bool exactDuplicates = false;
};

ArchiveScanner::ArchiveScanner() : m_impl(std::make_unique<Impl>()) {}
ArchiveScanner::~ArchiveScanner() = default;
const std::vector<ZipEntryInfo>& ArchiveScanner::entries() const { return m_impl->entries; }
const std::string& ArchiveScanner::path() const { return m_impl->path; }
std::uint64_t ArchiveScanner::fileSize() const { return m_impl->file->size(); }
std::vector<std::uint64_t> ArchiveScanner::overlappingEntries() const { return m_impl->overlaps; }
bool ArchiveScanner::hasExactDuplicateNames() const { return m_impl->exactDuplicates; }

Result<std::unique_ptr<ArchiveScanner>> ArchiveScanner::open(const std::string& path)
{
    std::error_code ec;
    auto opened = OpenedFile::open(path, false, ec);
    if (!opened)
        return Error{codes::kIo, "cannot open " + path + ": " + ec.message(), {}};
    return open(std::move(opened));
}

Result<std::unique_ptr<ArchiveScanner>> ArchiveScanner::open(std::shared_ptr<const OpenedFile> opened)
{
    const std::string path = opened->path();
    auto file = std::make_unique<RandomAccessFile>(opened);
    auto dir = readZipDirectory(*file);
    if (!dir)
        return dir.error();

    // libzip's consistency check compares every local header with its central record; it reads
    // the same open file (openedFileSource), never the name.
    int err = 0;
    ZipHandle zip(openZip(opened, ZIP_CHECKCONS | ZIP_RDONLY, err), &zip_discard);
    bool exactDuplicates = false;
    if (!zip && err == ZIP_ER_EXISTS) {
        // Byte-identical names: libzip refuses them only under ZIP_CHECKCONS. Open again so
        // that verify can report duplicate-entry instead of a vaguer corrupt-archive.
        exactDuplicates = true;
        zip.reset(openZip(opened, ZIP_RDONLY, err));
    }
    if (!zip) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, err);
        std::string why = std::string("libzip rejects it: ") + zip_error_strerror(&ze);
        zip_error_fini(&ze);
        return corruptArchive(why);
    }
    const zip_int64_t count = zip_get_num_entries(zip.get(), 0);
    if (count < 0 || static_cast<std::uint64_t>(count) != dir->records.size())
        return corruptArchive("the central directory entry count is inconsistent");

    std::unique_ptr<ArchiveScanner> scanner(new ArchiveScanner());
    scanner->m_impl->path = path;
    scanner->m_impl->exactDuplicates = exactDuplicates;
    auto& entries = scanner->m_impl->entries;
    entries.reserve(dir->records.size());
    for (std::size_t i = 0; i < dir->records.size(); ++i) {
        const CentralRecord& r = dir->records[i];
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(zip.get(), i, 0, &st) != 0)
            return corruptArchive("entry " + std::to_string(i) + " cannot be read: " + zip_strerror(zip.get()));
        if (st.size != r.size || st.comp_size != r.compressedSize || st.crc != r.crc32 ||
            st.comp_method != r.method)
            return corruptArchive("the central directory record of \"" + r.name + "\" is inconsistent");
        ZipEntryInfo e;
        e.index = i;
        e.name = st.name ? st.name : r.name;
        e.size = r.size;
        e.compressedSize = r.compressedSize;
        e.crc32 = r.crc32;
        e.method = r.method;
        e.flags = r.flags;
        e.encrypted = (r.flags & 1) != 0 || (r.localFlags & 1) != 0 ||
                      (st.valid & ZIP_STAT_ENCRYPTION_METHOD && st.encryption_method != ZIP_EM_NONE);
        e.isDirectory = !e.name.empty() && e.name.back() == '/';
        zip_uint8_t opsys = 0;
        zip_uint32_t attributes = 0;
        if (zip_file_get_external_attributes(zip.get(), i, 0, &opsys, &attributes) == 0 &&
            opsys == ZIP_OPSYS_UNIX) {
            e.unixMode = attributes >> 16;
            e.isSymlink = (e.unixMode & kUnixTypeMask) == kUnixSymlink;
        }
        e.localHeaderOffset = r.localHeaderOffset;
        e.dataOffset = r.dataOffset;
        entries.push_back(std::move(e));
    }

    // Overlap: each entry owns [local header, end of data); any intersection is hostile
    // (it is how "overlapping" zip bombs reuse one kernel for many entries).
    std::vector<std::size_t> order(entries.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return entries[a].localHeaderOffset < entries[b].localHeaderOffset;
    });
    std::vector<bool> overlapping(entries.size(), false);
    std::uint64_t maxEnd = 0;
    std::size_t maxOwner = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const ZipEntryInfo& e = entries[order[k]];
        const std::uint64_t end = e.dataOffset + e.compressedSize;
        if (k > 0 && e.localHeaderOffset < maxEnd) {
            overlapping[order[k]] = true;
            overlapping[maxOwner] = true;
        }
        if (end > maxEnd) {
            maxEnd = end;
            maxOwner = order[k];
        }
    }
    for (std::size_t i = 0; i < overlapping.size(); ++i)
        if (overlapping[i])
            scanner->m_impl->overlaps.push_back(i);
    scanner->m_impl->file = std::move(file);
    return scanner;
}

namespace {
// Keeps the first bytes of an entry and asks for no more once it has them.
class HeadConsumer : public EntryConsumer {
public:
    HeadConsumer(std::vector<std::uint8_t>& out, std::size_t max) : m_out(out), m_max(max) {}
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        m_out.insert(m_out.end(), data, data + std::min(size, m_max - m_out.size()));
        return m_out.size() < m_max;
    }
    void finish(bool) override {}
    bool full() const { return m_out.size() >= m_max; }

private:
    std::vector<std::uint8_t>& m_out;
    std::size_t m_max;
};
}  // namespace

Result<std::vector<std::uint8_t>> ArchiveScanner::readHead(const ZipEntryInfo& entry, std::size_t maxBytes)
{
    std::vector<std::uint8_t> head;
    if (entry.isDirectory || entry.encrypted || (entry.method != 0 && entry.method != 8) || maxBytes == 0)
        return head;
    constexpr std::size_t kSlice = 64 * 1024;
    HeadConsumer consumer(head, std::min<std::uint64_t>(maxBytes, entry.size));
    RandomAccessFile& file = *m_impl->file;
    std::uint64_t offset = entry.dataOffset;
    const std::uint64_t end = entry.dataOffset + entry.compressedSize;
    bool ioError = false;
    auto next = [&](ScanChunk& chunk) {
        if (consumer.full() || offset >= end || ioError)
            return false;
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kSlice, end - offset));
        std::shared_ptr<std::uint8_t> block(new std::uint8_t[n], std::default_delete<std::uint8_t[]>());
        if (!file.readAt(offset, block.get(), n)) {
            ioError = true;
            return false;
        }
        offset += n;
        chunk = ScanChunk{block, block.get(), n};
        return true;
    };
    EntryInflater inflater;
    const EntryOutcome o = inflater.run(entry, &consumer, next, nullptr);
    if (ioError)
        return corruptArchive("cannot read the data of \"" + entry.name + "\"");
    if (!consumer.full() && !o.read)
        return corruptArchive("\"" + entry.name + "\" cannot be read: " + o.error);
    return head;
}

Result<std::string> sha256File(const std::string& path, ProgressSink* progress, const CancelToken* cancel)
{
    std::error_code ec;
    auto opened = OpenedFile::open(path, false, ec);
    if (!opened)
        return Error{codes::kIo, "cannot open " + path + ": " + ec.message(), {}};
    return sha256File(opened, progress, cancel);
}

Result<std::string> sha256File(const std::shared_ptr<const OpenedFile>& opened, ProgressSink* progress,
                               const CancelToken* cancel)
{
    auto file = std::make_unique<RandomAccessFile>(opened);
    Sha256 digest;
    // A reader thread fills the next buffer while this one is hashed: SHA-256 is the whole cost
    // (hashing speed is the target for an official archive), the copy out of the page cache is hidden.
    // Pieces that stay in the cache between the read (the kernel's copy) and the hash: 4 MiB blocks
    // made the same SHA-256 cost about 60 % more CPU than `openssl dgst`'s small reads.
    constexpr std::size_t kBlock = kHashPiece;
    constexpr unsigned kBuffers = 4;
    std::vector<std::vector<std::uint8_t>> buffers(kBuffers, std::vector<std::uint8_t>(kBlock));
    std::vector<std::size_t> filled(kBuffers, 0);
    std::mutex mutex;
    std::condition_variable changed;
    unsigned produced = 0, consumed = 0;  // blocks handed over / given back
    bool readError = false, stop = false;
    const std::uint64_t total = file->size();
    RandomAccessFile& f = *file;
    f.seek(0);
    std::thread reader([&] {
        std::uint64_t done = 0;
        while (done < total) {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return stop || produced - consumed < kBuffers; });
            if (stop)
                return;
            const unsigned slot = produced % kBuffers;
            lock.unlock();
            const std::size_t n = f.read(buffers[slot].data(), kBlock);
            lock.lock();
            if (n == 0) {
                readError = true;
                changed.notify_all();
                return;
            }
            filled[slot] = n;
            done += n;
            ++produced;
            changed.notify_all();
        }
    });
    std::uint64_t hashed = 0;
    std::optional<Error> failure;
    while (hashed < total) {
        if (cancel && cancel->isCancelled()) {
            failure = Error{codes::kCancelled, "cancelled", {}};
            break;
        }
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return produced > consumed || readError; });
        if (produced == consumed) {
            failure = Error{codes::kIo, "cannot read " + opened->path() + " to the end", {}};
            break;
        }
        const unsigned slot = consumed % kBuffers;
        const std::size_t n = filled[slot];
        lock.unlock();
        digest.update(buffers[slot].data(), n);
        hashed += n;
        lock.lock();
        ++consumed;
        changed.notify_all();
        lock.unlock();
        if (progress)
            progress->onProgress(hashed, total);
    }
    {
        std::lock_guard lock(mutex);
        stop = true;
    }
    changed.notify_all();
    reader.join();
    if (failure)
        return *failure;
    return digest.finishHex();
}

Result<ScanResult> ArchiveScanner::scan(const ScanOptions& options)
{
    auto& entries = m_impl->entries;
    RandomAccessFile& file = *m_impl->file;
    const std::uint64_t fileSize = file.size();
    ScanResult result;
    result.fileSize = fileSize;
    result.outcomes.resize(entries.size());

    // Declared before the jobs so that it outlives every block a queued chunk still holds.
    BlockPool pool(std::max<std::size_t>(options.blockSize, 4096), std::max(options.maxBlocksInFlight, 2u));
    std::vector<Job> jobs;
    for (const auto& e : entries) {
        if (e.isDirectory || (options.select && !options.select(e)))
            continue;
        if (e.encrypted || (e.method != 0 && e.method != 8)) {
            auto& o = result.outcomes[e.index];
            o.unsupported = true;
            o.error = e.encrypted ? "the entry is encrypted"
                                  : "compression method " + std::to_string(e.method) + " is not supported";
            continue;
        }
        Job j;
        j.entry = e.index;
        j.begin = e.dataOffset;
        j.end = e.dataOffset + e.compressedSize;
        jobs.push_back(std::move(j));
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.begin < b.begin; });

    Sha256 digest;

    std::mutex mutex;
    std::condition_variable dataReady;
    std::size_t nextJob = 0;
    const CancelToken* cancel = options.cancel;

    auto takeChunk = [&](Job& job, ScanChunk& out) {
        std::unique_lock lock(mutex);
        for (;;) {
            if (!job.chunks.empty()) {
                out = std::move(job.chunks.front());
                job.chunks.pop_front();
                return true;
            }
            if (job.complete)
                return false;
            dataReady.wait_for(lock, std::chrono::milliseconds(50));
        }
    };
    unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
    threads = std::clamp(threads, 1u, 64u);
    // One thread an entry: the entries are inflated side by side while the reader hashes.
    auto worker = [&] {
        EntryInflater inflater;
        for (;;) {
            Job* job = nullptr;
            {
                std::lock_guard lock(mutex);
                if (nextJob == jobs.size())
                    return;
                job = &jobs[nextJob++];
            }
            const ZipEntryInfo& info = entries[job->entry];
            std::unique_ptr<EntryConsumer> consumer = options.consumerFor ? options.consumerFor(info) : nullptr;
            auto next = [&](ScanChunk& c) { return takeChunk(*job, c); };
            result.outcomes[job->entry] = inflater.run(info, consumer.get(), next, cancel);
        }
    };

    bool readFailed = false;
    {
        std::vector<std::jthread> workers;
        for (unsigned i = 0; i < threads && i < jobs.size(); ++i)
            workers.emplace_back(worker);

        // The reader: reads and hashes the file front to back, handing each job its slices.
        {
            std::size_t feedCursor = 0;
            std::vector<Job*> active;
            std::uint64_t pos = 0;
            file.seek(0);
            while (pos < fileSize) {
                if (cancel && cancel->isCancelled())
                    break;
                auto block = pool.acquire(cancel);
                if (!block)
                    break;
                const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(pool.blockSize(), fileSize - pos));
                // Read and hashed a cache-sized piece at a time: SHA-256 then finds each piece still in the
                // cache the read just wrote it through (a whole 4 MiB block does not fit; hashing it
                // afterwards cost about 60 % more CPU, measured on the official path's sha256File).
                for (std::size_t at = 0; at < want && !readFailed; at += kHashPiece) {
                    const std::size_t n = std::min(kHashPiece, want - at);
                    if (file.read(block.get() + at, n) != n)
                        readFailed = true;
                    else
                        digest.update(block.get() + at, n);
                }
                if (readFailed)
                    break;
                const std::uint64_t blockEnd = pos + want;
                const std::size_t firstNew = feedCursor;
                {
                    std::lock_guard lock(mutex);
                    while (feedCursor < jobs.size() && jobs[feedCursor].begin < blockEnd)
                        active.push_back(&jobs[feedCursor++]);
                    for (auto it = active.begin(); it != active.end();) {
                        Job& j = **it;
                        const std::uint64_t s = std::max(j.begin, pos), e = std::min(j.end, blockEnd);
                        if (s < e)
                            j.chunks.push_back(ScanChunk{block, block.get() + (s - pos), static_cast<std::size_t>(e - s)});
                        if (j.end <= blockEnd) {
                            j.complete = true;
                            it = active.erase(it);
                        } else {
                            ++it;
                        }
                    }
                }
                dataReady.notify_all();
                pos = blockEnd;
                if (options.progress) {
                    // The "current entry" is the one whose bytes are being read now.
                    for (std::size_t k = firstNew; k < feedCursor; ++k)
                        options.progress->onItem(entries[jobs[k].entry].name);
                    options.progress->onProgress(pos, fileSize);
                }
            }
            {
                // Whatever was not fed by now never will be: let the workers finish (and
                // report a truncated stream) instead of waiting.
                std::lock_guard lock(mutex);
                for (auto& j : jobs)
                    j.complete = true;
            }
            dataReady.notify_all();
        }
    }

    if (cancel && cancel->isCancelled()) {
        result.cancelled = true;
        return result;
    }
    if (readFailed)
        return corruptArchive("the file could not be read to the end (was it changed or truncated while reading?)");
    result.sha256 = digest.finishHex();
    return result;
}

}  // namespace cudnnsetup
