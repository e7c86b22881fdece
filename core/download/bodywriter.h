#pragma once
// Appends a download's body to its .part and computes the SHA-256 of the same bytes on a thread of
// its own, so that writing and hashing overlap the network instead of following it: on one core
// they added about a fifth to a loopback download (bench_download). The receiving thread only
// copies what arrives into pieces of 128 kB (small enough to stay in the caches between the copy,
// the write and the hash: 1 MiB pieces made the kernel's copy into the page cache the largest
// cost), at most kQueued of them waiting (the RSS stays bounded).
#include "common/digest.h"
#include "common/problem.h"
#include "download/partfile.h"
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cudnnsetup {

class BodyWriter {
public:
    explicit BodyWriter(PartFile& part);
    ~BodyWriter();
    BodyWriter(const BodyWriter&) = delete;
    BodyWriter& operator=(const BodyWriter&) = delete;

    // Hashes what the .part already holds (a resume continues the digest over the same bytes);
    // false when it cannot be read back. Only before the first write.
    bool hashExisting();
    // Queues `size` bytes (waiting while the queue is full); false once a write has failed.
    bool write(const char* data, std::size_t size);
    // Waits until everything queued is written and hashed; the first error ("disk-full",
    // "io-error"), if any.
    std::optional<Error> drain();
    // Drained, the .part emptied and the digest started over; false when the .part cannot be emptied.
    bool restart();
    // What the .part holds once drained.
    std::uint64_t size() const { return m_size; }
    // The SHA-256 of everything written (drains first); the writer is spent afterwards.
    std::string finishHex();

private:
    static constexpr std::size_t kPiece = 128u << 10;
    static constexpr std::size_t kQueued = 16;  // pieces waiting: 2 MiB at most
    static constexpr std::uint64_t kWritebackStep = 8u << 20;
    void run();
    bool handOver();  // m_filling to the queue (waiting while it is full); false once a write failed

    PartFile& m_part;
    std::unique_ptr<Sha256> m_hash = std::make_unique<Sha256>();
    std::uint64_t m_size = 0;
    std::uint64_t m_flushedTo = 0;  // written back up to here (the writer thread's own)
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<char> m_filling;  // the receiving thread's piece being gathered
    std::deque<std::vector<char>> m_queue;
    std::vector<std::vector<char>> m_spare;
    bool m_busy = false;  // the thread holds a buffer it is writing
    bool m_stopping = false;
    std::optional<Error> m_error;
    std::thread m_thread;
};

}  // namespace cudnnsetup
