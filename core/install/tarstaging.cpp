// Staging from a Linux tarball: the second read of the archive (verify wrote nothing, so a
// hostile tarball never reached the disk). Every file the plan places is written into its
// staging path while the whole file is hashed again; the engine then requires the SHA-256
// verify saw, and each file's size and CRC-32 as planned.
#include "archive/pathsafety.h"
#include "archive/tarreader.h"
#include "common/digest.h"
#include "common/problemcodes.h"
#include "install/engine.h"
#include "install/tarstaging.h"

#include <map>

namespace cudnnsetup {

namespace {

struct Slot {
    const Operation* op = nullptr;
    std::string sha256;
    std::optional<Error> error;
    bool finished = false, intact = false, seen = false;
};

class SlotWriter : public EntryConsumer {
public:
    SlotWriter(FileOps& files, Slot& slot) : m_files(files), m_slot(slot) {}
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (!m_out) {
            auto out = m_files.createFile(m_slot.op->source);
            if (!out) {
                m_slot.error = out.error();
                return false;
            }
            m_out = std::move(*out);
        }
        m_hash.update(data, size);
        if (auto w = m_out->write(data, size); !w) {
            m_slot.error = w.error();
            return false;
        }
        return true;
    }
    void finish(bool intact) override
    {
        m_slot.finished = true;
        if (m_slot.error)
            return;
        if (!m_out && !write(nullptr, 0))  // an empty file still exists
            return;
        if (auto f = m_out->finish(); !f) {
            m_slot.error = f.error();
            return;
        }
        m_slot.intact = intact;
        m_slot.sha256 = m_hash.finishHex();
    }

private:
    FileOps& m_files;
    Slot& m_slot;
    Sha256 m_hash;
    std::unique_ptr<OutputFile> m_out;
};

}  // namespace

Result<StageOutcome> stageFromTarball(const Plan& plan, const OpenedFile& archive, FileOps& files,
                                      const CancelToken* cancel, ProgressSink* progress)
{
    std::map<std::string, Slot> byEntry;
    for (const Operation& op : plan.ops)
        if (op.kind == OpKind::PlaceFile && !op.entry.empty())
            byEntry[op.entry].op = &op;
    TarScanOptions o;
    o.cancel = cancel;
    o.progress = progress;
    o.onEntry = [&](const TarEntryInfo& e) -> TarDecision {
        TarDecision d;
        std::string name = checkEntryPath(e.name).normalized;
        auto it = byEntry.find(name);
        if (it == byEntry.end() || e.type != TarEntryType::File)
            return d;
        if (it->second.seen) {  // verify refuses duplicates; a changed archive is caught by its hash
            d.stop = true;
            return d;
        }
        it->second.seen = true;
        d.consumer = std::make_unique<SlotWriter>(files, it->second);
        return d;
    };
    auto scanned = scanTarFile(archive, o);
    if (!scanned)
        return scanned.error();
    if (scanned->cancelled || (cancel && cancel->isCancelled()))
        return Error{codes::kCancelled, "Cancelled; everything done so far was undone.", "staging"};
    if (scanned->failure)
        return Error{scanned->failure->code, scanned->failure->message, "tar staging"};
    StageOutcome out;
    out.archiveSha256 = scanned->sha256;
    std::map<std::string, const TarEntryOutcome*> outcomes;
    for (const TarEntryInfo& e : scanned->entries)
        outcomes[checkEntryPath(e.name).normalized] = &scanned->outcomes[e.index];
    for (auto& [entry, slot] : byEntry) {
        if (slot.error)
            return *slot.error;
        const auto it = outcomes.find(entry);
        if (!slot.seen || it == outcomes.end())
            return Error{codes::kArchiveChanged, "The archive " + plan.archive->path + " no longer has " + entry +
                                                "; it was changed after verification.", "tar staging: entry gone"};
        const TarEntryOutcome& o2 = *it->second;
        if (!slot.intact || o2.actualSize != slot.op->size || o2.crc32 != slot.op->crc32)
            return Error{codes::kCrcMismatch,
                         entry + " in " + plan.archive->path +
                             " is not the file that was verified (size or CRC-32 differ); the archive was changed. "
                             "Download it again.",
                         "size " + std::to_string(o2.actualSize) + " crc " + std::to_string(o2.crc32)};
        out.sha256[slot.op->source] = slot.sha256;
    }
    return out;
}

}  // namespace cudnnsetup
