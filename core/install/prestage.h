#pragma once
// One-pass install: the verifier's tee writes every cuDNN entry into a scan folder under
// the work folder while the same read is hashed and CRC-checked; after a successful
// verification the engine's StageFiles step moves those files into the plan's staging
// paths (renames on the toolkit's file system) instead of reading the archive again.

#include "archive/archivescanner.h"
#include "install/engine.h"
#include "install/fileops.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace cudnnsetup {

class Prestager {
public:
    // computeCrc: the archive declares no CRC-32 per entry (a tarball): each slot's crc32 is
    // computed from the bytes written (the plan's comes from verify's same read).
    Prestager(FileOps& files, std::string dir, bool computeCrc = false)
        : m_files(files), m_dir(std::move(dir)), m_computeCrc(computeCrc)
    {
    }
    Prestager(const Prestager&) = delete;
    Prestager& operator=(const Prestager&) = delete;

    // For VerifyOptions::alsoConsume: cuDNN files with a safe entry path, nullptr otherwise.
    // Thread-safe (called from the scanner's workers).
    std::unique_ptr<EntryConsumer> consumerFor(const ZipEntryInfo& entry);
    // After the scan: moves the staged files into place for StageFiles, checking each one's
    // declared size/CRC against the plan and that it was written intact; archiveSha256 is the
    // hash from that same scan. The Prestager must outlive the source.
    std::unique_ptr<StagingSource> source(std::string archiveSha256);

    const std::string& dir() const { return m_dir; }
    std::size_t stagedCount() const;  // files written completely and intact

    struct Slot {
        std::string path;           // where the bytes went
        std::uint64_t size = 0;     // declared in the central directory
        std::uint32_t crc32 = 0;    // (computed from the bytes written, for a tarball)
        std::string sha256;         // of the bytes written
        std::optional<Error> error; // writing failed
        bool intact = false;        // size and CRC matched, file finished (fsynced)
    };

private:
    FileOps& m_files;
    std::string m_dir;
    bool m_computeCrc = false;
    mutable std::mutex m_mutex;
    std::map<std::string, Slot> m_slots;  // by normalised entry name
};

}  // namespace cudnnsetup
