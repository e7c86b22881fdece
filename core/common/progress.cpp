#include "common/progress.h"

namespace cudnnsetup {

PartialProgress::PartialProgress(ProgressSink* parent, std::uint64_t begin, std::uint64_t span,
                                 std::uint64_t overall)
    : m_parent(parent), m_begin(begin), m_span(span), m_overall(overall)
{
}

void PartialProgress::onProgress(std::uint64_t done, std::uint64_t total)
{
    if (!m_parent)
        return;
    const std::uint64_t scaled =
        total ? m_begin + static_cast<std::uint64_t>(static_cast<long double>(m_span) * done / total) : m_begin;
    m_parent->onProgress(scaled, m_overall);
}

void PartialProgress::onStage(const std::string& stage)
{
    if (m_parent)
        m_parent->onStage(stage);
}

void PartialProgress::onItem(const std::string& item)
{
    if (m_parent)
        m_parent->onItem(item);
}

}  // namespace cudnnsetup
