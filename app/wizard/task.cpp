#include "task.h"

namespace cudnnsetup::wizard {

namespace {
constexpr int kMaxPendingLines = 500;
}

void SharedProgress::onProgress(std::uint64_t done, std::uint64_t total)
{
    m_total.store(total, std::memory_order_relaxed);
    m_done.store(done, std::memory_order_relaxed);
}

void SharedProgress::onStage(const std::string& stage)
{
    std::lock_guard lock(m_mutex);
    if (stage == m_stage)
        return;
    m_stage = stage;
    if (m_pending.size() < kMaxPendingLines)
        m_pending << QString::fromStdString(stage);
    else
        ++m_dropped;
}

void SharedProgress::onItem(const std::string& item)
{
    std::lock_guard lock(m_mutex);
    m_item = item;
}

void SharedProgress::log(const std::string& line)
{
    std::lock_guard lock(m_mutex);
    if (m_pending.size() < kMaxPendingLines)
        m_pending << QString::fromStdString(line);
    else
        ++m_dropped;
}

void SharedProgress::take(QString& stage, QString& item, QStringList& newLines)
{
    std::lock_guard lock(m_mutex);
    stage = QString::fromStdString(m_stage);
    item = QString::fromStdString(m_item);
    newLines.swap(m_pending);
    m_pending.clear();
    if (m_dropped > 0) {
        newLines << QStringLiteral("… (%1 more lines in the log file)").arg(m_dropped);
        m_dropped = 0;
    }
}

TaskBase::TaskBase(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<ProgressInfo>();
    m_timer.setInterval(kPollIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &TaskBase::poll);
}

TaskBase::~TaskBase() = default;

void TaskBase::cancel()
{
    if (!m_running || m_context->cancel.isCancelled())
        return;
    m_cancelClock.start();
    m_context->cancel.cancel();
}

void TaskBase::begin()
{
    m_running = true;
    m_last = {};
    m_rateBase = 0;
    m_rateBaseMs = 0;
    m_cancelLatencyMs = -1;
    m_clock.start();
    m_timer.start();
}

void TaskBase::end()
{
    if (m_cancelClock.isValid())
        m_cancelLatencyMs = m_cancelClock.elapsed();
    m_timer.stop();
    poll();
    m_running = false;
    emit finished();
}

void TaskBase::poll()
{
    ProgressInfo p;
    QStringList lines;
    m_context->progress.take(p.stage, p.item, lines);
    p.done = m_context->progress.done();
    p.total = m_context->progress.total();
    p.elapsedMs = m_clock.elapsed();

    // Rate over a sliding window of about two seconds, so the ETA neither jumps nor lags.
    const qint64 windowMs = p.elapsedMs - m_rateBaseMs;
    if (windowMs > 0 && p.done >= m_rateBase)
        p.bytesPerSecond = double(p.done - m_rateBase) * 1000.0 / double(windowMs);
    if (windowMs > 2000) {
        m_rateBase = p.done;
        m_rateBaseMs = p.elapsedMs;
    }
    if (p.bytesPerSecond <= 0)
        p.bytesPerSecond = m_last.bytesPerSecond;
    if (p.total > 0 && p.bytesPerSecond > 0 && p.done <= p.total && p.elapsedMs > 500)
        p.etaSeconds = qint64(double(p.total - p.done) / p.bytesPerSecond + 0.5);

    if (!lines.isEmpty())
        emit logLines(lines);
    if (p.done != m_last.done || p.total != m_last.total || p.stage != m_last.stage || p.item != m_last.item
        || !m_running) {
        m_last = p;
        emit progressChanged(p);
    }
    m_last = p;
}

}  // namespace cudnnsetup::wizard
