#pragma once
// UI-agnostic progress and cancellation. The wizard adapts these to QPromise /
// signals, the command line to a terminal bar; the core only calls them.

#include <atomic>
#include <cstdint>
#include <string>

namespace cudnnsetup {

class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};

// Called from worker threads: implementations must be thread-safe and cheap.
class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    // total == 0 means the total is unknown.
    virtual void onProgress(std::uint64_t done, std::uint64_t total) = 0;
    virtual void onStage(const std::string& /*stage*/) {}
    virtual void onItem(const std::string& /*currentItem*/) {}
};

// Maps one step onto [begin, begin+span) of an overall progress.
class PartialProgress : public ProgressSink {
public:
    PartialProgress(ProgressSink* parent, std::uint64_t begin, std::uint64_t span, std::uint64_t overall);
    void onProgress(std::uint64_t done, std::uint64_t total) override;
    void onStage(const std::string& stage) override;
    void onItem(const std::string& item) override;

private:
    ProgressSink* m_parent;
    std::uint64_t m_begin, m_span, m_overall;
};

}  // namespace cudnnsetup
