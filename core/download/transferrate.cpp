#include "download/transferrate.h"

#include <cstdio>

namespace cudnnsetup {

void TransferRate::add(std::uint64_t done, Clock::time_point now)
{
    // A restart from zero (the server would not resume) begins a new window.
    if (!m_samples.empty() && done < m_samples.back().second)
        m_samples.clear();
    m_samples.emplace_back(now, done);
    while (m_samples.size() > 2 && now - m_samples.front().first > m_window)
        m_samples.pop_front();
}

double TransferRate::bytesPerSecond() const
{
    if (m_samples.size() < 2)
        return 0.0;
    const auto& [t0, b0] = m_samples.front();
    const auto& [t1, b1] = m_samples.back();
    const double seconds = std::chrono::duration<double>(t1 - t0).count();
    return seconds < 0.05 ? 0.0 : static_cast<double>(b1 - b0) / seconds;
}

std::optional<std::int64_t> TransferRate::secondsLeft(std::uint64_t total) const
{
    const double rate = bytesPerSecond();
    if (rate <= 0.0 || m_samples.empty() || total < m_samples.back().second)
        return std::nullopt;
    return static_cast<std::int64_t>(static_cast<double>(total - m_samples.back().second) / rate + 0.5);
}

std::string rateText(double bytesPerSecond)
{
    char text[32];
    if (bytesPerSecond >= 1e6)
        std::snprintf(text, sizeof text, "%.1f MB/s", bytesPerSecond / 1e6);
    else
        std::snprintf(text, sizeof text, "%.0f kB/s", bytesPerSecond / 1e3);
    return text;
}

std::string durationText(std::int64_t seconds)
{
    char text[32];
    if (seconds >= 3600)
        std::snprintf(text, sizeof text, "%lld h %02lld min", static_cast<long long>(seconds / 3600),
                      static_cast<long long>(seconds / 60 % 60));
    else if (seconds >= 60)
        std::snprintf(text, sizeof text, "%lld min %02lld s", static_cast<long long>(seconds / 60),
                      static_cast<long long>(seconds % 60));
    else
        std::snprintf(text, sizeof text, "%lld s", static_cast<long long>(seconds));
    return text;
}

}  // namespace cudnnsetup
