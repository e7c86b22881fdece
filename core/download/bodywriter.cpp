#include "download/bodywriter.h"

#include "common/problemcodes.h"

#include <algorithm>

namespace cudnnsetup {

BodyWriter::BodyWriter(PartFile& part) : m_part(part), m_size(part.size()), m_flushedTo(part.size())
{
    m_thread = std::thread([this] { run(); });
}

BodyWriter::~BodyWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

bool BodyWriter::hashExisting()
{
    std::vector<char> buffer(1 << 20);
    std::uint64_t offset = 0;
    while (offset < m_part.size()) {
        const long long n = m_part.readAt(offset, buffer.data(), buffer.size());
        if (n <= 0)
            return false;
        m_hash->update(buffer.data(), static_cast<std::size_t>(n));
        offset += static_cast<std::uint64_t>(n);
    }
    return true;
}

bool BodyWriter::write(const char* data, std::size_t size)
{
    // Gathered into pieces of kPiece bytes before they cross to the writer thread: a hand-over per
    // piece of the network's (16 kB from libcurl) cost more in locks and wake-ups than the hashing.
    if (m_filling.capacity() < kPiece)
        m_filling.reserve(kPiece);
    while (size > 0) {
        const std::size_t take = std::min(size, kPiece - m_filling.size());
        m_filling.insert(m_filling.end(), data, data + take);
        data += take;
        size -= take;
        m_size += take;
        if (m_filling.size() == kPiece && !handOver())
            return false;
    }
    std::lock_guard lock(m_mutex);
    return !m_error;
}

bool BodyWriter::handOver()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < kQueued || m_error; });
    if (m_error)
        return false;
    m_queue.push_back(std::move(m_filling));
    m_filling.clear();
    if (!m_spare.empty()) {
        m_filling = std::move(m_spare.back());
        m_spare.pop_back();
        m_filling.clear();
    }
    lock.unlock();
    m_changed.notify_all();
    return true;
}

std::optional<Error> BodyWriter::drain()
{
    if (!m_filling.empty())
        handOver();
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return (m_queue.empty() && !m_busy) || m_error; });
    if (m_error) {
        // What was queued after the failure is not on the disk: the .part says how much is.
        m_queue.clear();
        m_filling.clear();
        m_changed.wait(lock, [this] { return !m_busy; });
        m_size = m_part.size();
    }
    return m_error;
}

bool BodyWriter::restart()
{
    drain();
    std::lock_guard lock(m_mutex);
    m_error.reset();
    if (!m_part.truncate(0))
        return false;
    m_size = 0;
    m_flushedTo = 0;
    m_hash = std::make_unique<Sha256>();
    return true;
}

std::string BodyWriter::finishHex()
{
    drain();
    std::lock_guard lock(m_mutex);
    return m_hash->finishHex();
}

void BodyWriter::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] { return !m_queue.empty() || m_stopping; });
        if (m_queue.empty())
            break;
        std::vector<char> buffer = std::move(m_queue.front());
        m_queue.pop_front();
        if (m_error) {
            // Nothing after a failed write may land behind it: the .part would have a hole.
            m_changed.notify_all();
            continue;
        }
        m_busy = true;
        lock.unlock();
        // The hash and the file are touched by this thread only while it is busy; the others wait
        // for it to be idle (drain) before they read the size or the digest.
        auto written = m_part.append(buffer.data(), buffer.size());
        if (written) {
            m_hash->update(buffer.data(), buffer.size());
            // To the disk while the rest arrives, a few MiB at a time (partfile.h says why).
            if (m_part.size() - m_flushedTo >= kWritebackStep) {
                m_part.startWriteback(m_flushedTo, m_part.size() - m_flushedTo);
                m_flushedTo = m_part.size();
            }
        }
        lock.lock();
        m_busy = false;
        if (!written && !m_error)
            m_error = written.error();
        if (m_spare.size() < kQueued)
            m_spare.push_back(std::move(buffer));
        m_changed.notify_all();
    }
    lock.unlock();
    releaseThreadDigestState();  // common/digest.h says why
}

}  // namespace cudnnsetup
