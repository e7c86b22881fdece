#include "install/prestage.h"

#include "archive/pathsafety.h"
#include "install/digest.h"

#include <zlib.h>

#include <algorithm>

namespace cudnnsetup {

namespace {

std::string parentOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

class PrestageConsumer : public EntryConsumer {
public:
    PrestageConsumer(std::unique_ptr<OutputFile> out, Prestager::Slot& slot, bool computeCrc)
        : m_out(std::move(out)), m_slot(slot), m_computeCrc(computeCrc)
    {
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        m_hash.update(data, size);
        if (m_computeCrc)
            for (std::size_t done = 0; done < size;) {
                const auto n = static_cast<uInt>(std::min<std::size_t>(size - done, 1u << 30));
                m_crc = crc32(m_crc, data + done, n);
                done += n;
            }
        if (auto w = m_out->write(data, size); !w) {
            m_slot.error = w.error();
            return false;
        }
        return true;
    }
    void finish(bool intact) override
    {
        if (m_slot.error)
            return;
        if (auto f = m_out->finish(); !f) {
            m_slot.error = f.error();
            return;
        }
        m_slot.sha256 = m_hash.finishHex();
        if (m_computeCrc)
            m_slot.crc32 = static_cast<std::uint32_t>(m_crc);
        m_slot.intact = intact;
    }

private:
    std::unique_ptr<OutputFile> m_out;
    Prestager::Slot& m_slot;
    Sha256 m_hash;
    bool m_computeCrc;
    uLong m_crc = crc32(0L, Z_NULL, 0);
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
                return Error{"cancelled", "Cancelled; everything done so far was undone.", "staging"};
            auto it = m_slots.find(op.entry);
            if (it == m_slots.end())
                return Error{"archive-changed", "The archive " + archive + " has no " + op.entry +
                                                    " in the pass that verified it.", "prestage: entry not staged"};
            const Prestager::Slot& slot = it->second;
            if (slot.error)
                return *slot.error;
            if (!slot.intact || slot.size != op.size || slot.crc32 != op.crc32)
                return Error{"crc-mismatch",
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
    if (auto d = m_files.createDirectories(parentOf(slot.path)); !d) {
        slot.error = d.error();
        return nullptr;
    }
    auto out = m_files.createFile(slot.path);
    if (!out) {
        slot.error = out.error();
        return nullptr;
    }
    return std::make_unique<PrestageConsumer>(std::move(*out), slot, m_computeCrc);
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
