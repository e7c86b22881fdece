#include "install/prestage.h"

#include "archive/pathsafety.h"
#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/text.h"
#include <zlib.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <thread>
#include <vector>

namespace cudnnsetup {

namespace {

// Hashes and writes a large entry's bytes on a thread of its own. The worker that inflates an entry is
// the install's critical path (one deflate stream cannot be split, and the other workers wait for the
// bytes behind it in the file), so it should only inflate: the SHA-256 of the inflated bytes and the
// write to disk then overlap with it where a core is free. The queue is bounded (kQueueBytes), so
// memory stays bounded however large the entry; the bytes are the same, in the same order.
class PipelinedWriter {
public:
    static constexpr std::size_t kQueueBytes = 2u << 20;
    explicit PipelinedWriter(OutputFile& out) : m_out(out), m_thread([this] { run(); }) {}
    ~PipelinedWriter() { close(); }
    PipelinedWriter(const PipelinedWriter&) = delete;
    PipelinedWriter& operator=(const PipelinedWriter&) = delete;

    // False once the writer has failed (the error is told by close()). A stored entry arrives in read
    // blocks (4 MiB): it is queued in pieces of kPiece, so that the queue's bound holds for it too.
    bool push(const std::uint8_t* data, std::size_t size)
    {
        for (std::size_t at = 0; at < size; at += kPiece)
            if (!pushPiece(data + at, std::min(kPiece, size - at)))
                return false;
        return true;
    }
    // Waits until every byte is hashed and written; the writer's first error, if any.
    std::optional<Error> close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_changed.notify_all();
        if (m_thread.joinable())
            m_thread.join();
        return m_error;
    }
    std::string finishHex() { return m_hash.finishHex(); }

private:
    static constexpr std::size_t kPiece = 1u << 20;
    bool pushPiece(const std::uint8_t* data, std::size_t size)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_error || m_queued + size <= kQueueBytes || m_queue.empty(); });
        if (m_error)
            return false;
        std::vector<std::uint8_t> chunk;
        if (!m_spare.empty()) {
            chunk = std::move(m_spare.back());
            m_spare.pop_back();
        }
        chunk.assign(data, data + size);
        m_queued += size;
        m_queue.push_back(std::move(chunk));
        m_changed.notify_all();
        return true;
    }
    void run()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_changed.wait(lock, [&] { return m_closed || !m_queue.empty(); });
            if (m_queue.empty())
                return;  // closed and drained
            std::vector<std::uint8_t> chunk = std::move(m_queue.front());
            m_queue.pop_front();
            lock.unlock();
            std::optional<Error> failed;
            if (!m_error) {  // after a failure the rest is only drained
                m_hash.update(chunk.data(), chunk.size());
                if (auto w = m_out.write(chunk.data(), chunk.size()); !w)
                    failed = w.error();
            }
            lock.lock();
            if (failed && !m_error)
                m_error = std::move(failed);
            m_queued -= chunk.size();
            if (m_spare.empty())
                m_spare.push_back(std::move(chunk));
            m_changed.notify_all();
        }
    }

    OutputFile& m_out;
    Sha256 m_hash;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::vector<std::uint8_t>> m_queue;
    std::vector<std::vector<std::uint8_t>> m_spare;  // one chunk buffer to reuse
    std::size_t m_queued = 0;
    bool m_closed = false;
    std::optional<Error> m_error;
    std::thread m_thread;  // last: started once everything it uses exists
};

class PrestageConsumer : public EntryConsumer {
public:
    // Entries this large get their own hashing and writing thread; the many small ones are not worth one.
    static constexpr std::uint64_t kPipelineFrom = 8u << 20;
    // computeCrc: the archive gave no CRC-32 to check (a tarball), so it is computed from the
    // bytes written here.
    PrestageConsumer(std::unique_ptr<OutputFile> out, Prestager::Slot& slot, std::uint64_t size, bool computeCrc)
        : m_out(std::move(out)), m_slot(slot), m_computeCrc(computeCrc)
    {
        if (size >= kPipelineFrom)
            m_pipeline = std::make_unique<PipelinedWriter>(*m_out);
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (m_computeCrc)
            m_crc = crc32Update(m_crc, data, size);
        if (m_pipeline)
            return m_pipeline->push(data, size);
        m_hash.update(data, size);
        if (auto w = m_out->write(data, size); !w) {
            m_slot.error = w.error();
            return false;
        }
        return true;
    }
    void finish(bool intact) override
    {
        if (m_pipeline)
            if (auto e = m_pipeline->close(); e && !m_slot.error)
                m_slot.error = std::move(e);
        if (m_slot.error)
            return;
        if (auto f = m_out->finish(); !f) {
            m_slot.error = f.error();
            return;
        }
        m_slot.sha256 = m_pipeline ? m_pipeline->finishHex() : m_hash.finishHex();
        if (m_computeCrc)
            m_slot.crc32 = m_crc;
        m_slot.intact = intact;
    }

private:
    std::unique_ptr<OutputFile> m_out;
    Prestager::Slot& m_slot;
    Sha256 m_hash;
    bool m_computeCrc;
    std::uint32_t m_crc = 0;
    std::unique_ptr<PipelinedWriter> m_pipeline;  // after m_out: stopped before the file goes
};

class PrestagedSource : public StagingSource {
public:
    PrestagedSource(std::map<std::string, Prestager::Slot>& slots, std::mutex& mutex, std::string sha256)
        : m_slots(slots), m_mutex(mutex), m_sha256(std::move(sha256))
    {
    }
    Result<StageOutcome> stage(const Plan& plan, FileOps& files, const CancelToken* cancel, ProgressSink*) override
    {
        std::lock_guard lock(m_mutex);
        StageOutcome out;
        out.archiveSha256 = m_sha256;
        const std::string archive = plan.archive ? plan.archive->path : std::string("the archive");
        for (const Operation& op : plan.ops) {
            if (op.kind != OpKind::PlaceFile || op.entry.empty())
                continue;
            if (cancel && cancel->isCancelled())
                return Error{codes::kCancelled, "Cancelled; everything done so far was undone.", "staging"};
            auto it = m_slots.find(op.entry);
            if (it == m_slots.end())
                return Error{codes::kArchiveChanged, "The archive " + archive + " has no " + op.entry +
                                                    " in the pass that verified it.", "prestage: entry not staged"};
            const Prestager::Slot& slot = it->second;
            if (slot.error)
                return *slot.error;
            if (!slot.intact || slot.size != op.size || slot.crc32 != op.crc32)
                return Error{codes::kCrcMismatch,
                             op.entry + " in " + archive +
                                 " does not match its size and CRC-32; the archive is damaged or was changed. "
                                 "Download it again.",
                             "prestage: size/crc"};
            if (auto r = files.rename(slot.path, op.source); !r)
                return r.error();
            out.sha256[op.source] = slot.sha256;
        }
        return out;
    }

private:
    std::map<std::string, Prestager::Slot>& m_slots;
    std::mutex& m_mutex;
    std::string m_sha256;
};

}  // namespace

std::unique_ptr<EntryConsumer> Prestager::consumerFor(const ZipEntryInfo& entry)
{
    if (entry.isDirectory || entry.isSymlink)
        return nullptr;
    const PathCheck check = checkEntryPath(entry.name);
    // Everything the plan might place (the release is not known yet while the archive streams past;
    // the plan picks from these by the rule in plan.h, the rest is removed with the work folder).
    if (check.verdict != PathVerdict::Safe || !mayBePlaced(check.normalized))
        return nullptr;
    std::lock_guard lock(m_mutex);
    auto [it, fresh] = m_slots.try_emplace(check.normalized);
    if (!fresh)
        return nullptr;  // a second entry with the same name: verify reports it, the plan never uses it
    Slot& slot = it->second;
    slot.path = m_dir + "/" + check.normalized;
    slot.size = entry.size;
    slot.crc32 = entry.crc32;
    if (auto d = m_files.createDirectories(parentDir(slot.path)); !d) {
        slot.error = d.error();
        return nullptr;
    }
    auto out = m_files.createFile(slot.path);
    if (!out) {
        slot.error = out.error();
        return nullptr;
    }
    return std::make_unique<PrestageConsumer>(std::move(*out), slot, entry.size, m_computeCrc);
}

std::unique_ptr<StagingSource> Prestager::source(std::string archiveSha256)
{
    return std::make_unique<PrestagedSource>(m_slots, m_mutex, std::move(archiveSha256));
}

std::size_t Prestager::stagedCount() const
{
    std::lock_guard lock(m_mutex);
    std::size_t n = 0;
    for (const auto& [name, slot] : m_slots)
        n += slot.intact && !slot.error;
    return n;
}

}  // namespace cudnnsetup
