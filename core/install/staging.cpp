#include "archive/archivescanner.h"
#include "archive/pathsafety.h"
#include "common/digest.h"
#include "common/problemcodes.h"
#include "install/engine.h"
#include "install/tarstaging.h"

#include <mutex>

namespace cudnnsetup {

namespace {

struct StagedFile {
    const Operation* op = nullptr;
    std::string sha256;
    std::optional<Error> error;
    bool intact = false;
    bool finished = false;
};

// Writes one entry to its staging path while hashing it; the scanner checks size and CRC.
class StagingConsumer : public EntryConsumer {
public:
    StagingConsumer(FileOps& files, StagedFile& slot) : m_files(files), m_slot(slot) {}
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (!open())
            return false;
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
        if (m_slot.error || !open())
            return;
        if (auto f = m_out->finish(); !f) {
            m_slot.error = f.error();
            return;
        }
        m_slot.intact = intact;
        m_slot.sha256 = m_hash.finishHex();
    }

private:
    bool open()
    {
        if (m_out)
            return true;
        if (m_slot.error)
            return false;
        auto out = m_files.createFile(m_slot.op->source);
        if (!out) {
            m_slot.error = out.error();
            return false;
        }
        m_out = std::move(*out);
        return true;
    }

    FileOps& m_files;
    StagedFile& m_slot;
    Sha256 m_hash;
    std::unique_ptr<OutputFile> m_out;
};

class ArchiveStagingSource : public StagingSource {
public:
    ArchiveStagingSource(unsigned threads, std::shared_ptr<const OpenedFile> archive)
        : m_threads(threads), m_archive(std::move(archive))
    {
    }

    Result<StageOutcome> stage(const Plan& plan, FileOps& files, const CancelToken* cancel,
                               ProgressSink* progress) override
    {
        if (!plan.archive)
            return Error{codes::kInternal, "The plan names no archive to stage from.", "ArchiveStagingSource"};
        std::shared_ptr<const OpenedFile> archive = m_archive;
        if (!archive) {
            std::error_code ec;
            archive = OpenedFile::open(plan.archive->path, false, ec);
            if (!archive)
                return Error{codes::kIo, "cannot open " + plan.archive->path + ": " + ec.message(), ec.message()};
        }
        if (plan.archive->isLinux())
            return stageFromTarball(plan, *archive, files, cancel, progress);
        auto scanner = ArchiveScanner::open(archive);
        if (!scanner)
            return scanner.error();
        std::map<std::string, StagedFile> byEntry;
        for (const Operation& op : plan.ops)
            if (op.kind == OpKind::PlaceFile && !op.entry.empty())
                byEntry[op.entry].op = &op;
        std::map<std::uint64_t, StagedFile*> byIndex;
        for (const ZipEntryInfo& e : (*scanner)->entries()) {
            auto it = byEntry.find(checkEntryPath(e.name).normalized);
            if (it != byEntry.end() && !e.isDirectory && !e.isSymlink)
                byIndex[e.index] = &it->second;
        }
        ScanOptions options;
        options.threads = m_threads;
        options.cancel = cancel;
        options.progress = progress;
        options.select = [&](const ZipEntryInfo& e) { return byIndex.count(e.index) > 0; };
        options.consumerFor = [&](const ZipEntryInfo& e) -> std::unique_ptr<EntryConsumer> {
            return std::make_unique<StagingConsumer>(files, *byIndex.at(e.index));
        };
        auto scanned = (*scanner)->scan(options);
        if (!scanned)
            return scanned.error();
        if (scanned->cancelled || (cancel && cancel->isCancelled()))
            return Error{codes::kCancelled, "Cancelled; everything done so far was undone.", "staging"};
        StageOutcome out;
        out.archiveSha256 = scanned->sha256;
        for (auto& [entry, slot] : byEntry) {
            if (slot.error)
                return *slot.error;
            const ZipEntryInfo* info = nullptr;
            for (const auto& [index, s] : byIndex)
                if (s == &slot)
                    info = &(*scanner)->entries()[index];
            if (!info)
                return Error{codes::kArchiveChanged, "The archive " + plan.archive->path + " no longer has " + entry +
                                                    "; it was changed after verification.", "staging: entry gone"};
            const EntryOutcome& o = scanned->outcomes[info->index];
            if (!o.error.empty() && !slot.finished)
                return Error{codes::kCorruptArchive, entry + " in " + plan.archive->path + " cannot be read: " + o.error + ".",
                             o.error};
            if (!o.crcOk || !slot.intact || o.actualSize != slot.op->size || info->crc32 != slot.op->crc32)
                return Error{codes::kCrcMismatch,
                             entry + " in " + plan.archive->path +
                                 " does not match its size and CRC-32; the archive is damaged or was changed. "
                                 "Download it again.",
                             "size " + std::to_string(o.actualSize) + " crc " + std::to_string(o.actualCrc)};
            out.sha256[slot.op->source] = slot.sha256;
        }
        return out;
    }

private:
    unsigned m_threads;
    std::shared_ptr<const OpenedFile> m_archive;
};

}  // namespace

std::unique_ptr<StagingSource> makeArchiveStagingSource(unsigned threads, std::shared_ptr<const OpenedFile> archive)
{
    return std::make_unique<ArchiveStagingSource>(threads, std::move(archive));
}

}  // namespace cudnnsetup
