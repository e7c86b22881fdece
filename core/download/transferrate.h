#pragma once
// Speed and time left of a transfer, for the progress both front ends show: the bytes of the
// last few seconds over their time (a sliding window), so that a stall shows at once and a
// resumed download's first second does not count the bytes it already had.
#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

namespace cudnnsetup {

class TransferRate {
public:
    using Clock = std::chrono::steady_clock;
    explicit TransferRate(std::chrono::milliseconds window = std::chrono::seconds(5)) : m_window(window) {}

    // `done` bytes so far at `now`.
    void add(std::uint64_t done, Clock::time_point now);
    // Bytes per second over the window; 0 until two samples are a moment apart.
    double bytesPerSecond() const;
    // Seconds left for `total`, when there is a speed to go by.
    std::optional<std::int64_t> secondsLeft(std::uint64_t total) const;

private:
    std::chrono::milliseconds m_window;
    std::deque<std::pair<Clock::time_point, std::uint64_t>> m_samples;
};

// "12.3 MB/s", "850 kB/s"; "1 h 02 min", "3 min 05 s", "42 s".
std::string rateText(double bytesPerSecond);
std::string durationText(std::int64_t seconds);

}  // namespace cudnnsetup
