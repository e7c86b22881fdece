#pragma once
// Runs one piece of core work off the UI thread and reports it back coalesced.
// The core writes progress into atomics (cheap, any thread); a timer on the UI
// thread samples them, so a core that reports per 64 KiB block cannot flood the
// event loop. Cancel flips the core's CancelToken; the core checks it in its loops.

#include "common/digest.h"
#include "common/progress.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace cudnnsetup::wizard {

struct ProgressInfo {
    quint64 done = 0;
    quint64 total = 0;          // 0: unknown
    QString stage;
    QString item;
    double bytesPerSecond = 0;  // smoothed
    qint64 etaSeconds = -1;     // -1: unknown
    qint64 elapsedMs = 0;
};

// The sink the core writes to; thread-safe and lock-free on the hot path.
class SharedProgress final : public ProgressSink {
public:
    void onProgress(std::uint64_t done, std::uint64_t total) override;
    void onStage(const std::string& stage) override;
    void onItem(const std::string& item) override;
    // Extra log text from the work function (e.g. an action finished).
    void log(const std::string& line);

    std::uint64_t done() const { return m_done.load(std::memory_order_relaxed); }
    std::uint64_t total() const { return m_total.load(std::memory_order_relaxed); }
    // Stage, item and the log lines gathered since the last call.
    void take(QString& stage, QString& item, QStringList& newLines);

private:
    std::atomic<std::uint64_t> m_done{0}, m_total{0};
    std::mutex m_mutex;
    std::string m_stage, m_item;
    QStringList m_pending;
    int m_dropped = 0;
};

struct TaskContext {
    CancelToken cancel;
    SharedProgress progress;
};

class TaskBase : public QObject {
    Q_OBJECT
public:
    explicit TaskBase(QObject* parent = nullptr);
    ~TaskBase() override;

    void cancel();
    bool isRunning() const { return m_running; }
    bool cancelRequested() const { return m_context->cancel.isCancelled(); }
    ProgressInfo progress() const { return m_last; }
    // Milliseconds from cancel() to the work returning (-1 before both happened).
    qint64 cancelLatencyMs() const { return m_cancelLatencyMs; }

    static constexpr int kPollIntervalMs = 80;

signals:
    void progressChanged(const cudnnsetup::wizard::ProgressInfo& progress);
    void logLines(const QStringList& lines);
    void finished();

protected:
    std::shared_ptr<TaskContext> context() const { return m_context; }
    void begin();
    void end();

private:
    void poll();

    std::shared_ptr<TaskContext> m_context = std::make_shared<TaskContext>();
    QTimer m_timer;
    QElapsedTimer m_clock;
    QElapsedTimer m_cancelClock;
    ProgressInfo m_last;
    quint64 m_rateBase = 0;
    qint64 m_rateBaseMs = 0;
    qint64 m_cancelLatencyMs = -1;
    bool m_running = false;
};

template <typename T>
class Task : public TaskBase {
public:
    using Work = std::function<T(TaskContext&)>;

    explicit Task(QObject* parent = nullptr) : TaskBase(parent)
    {
        QObject::connect(&m_watcher, &QFutureWatcher<T>::finished, this, [this] { end(); });
    }
    ~Task() override
    {
        // The work holds the shared context and copies of its inputs, so it may finish
        // after the task is gone; waiting here would stall the UI thread.
        cancel();
    }

    void start(Work work)
    {
        begin();
        auto ctx = context();
        m_future = QtConcurrent::run([ctx, work = std::move(work)] {
            // After the result is made: a pool thread outlives its task (common/digest.h).
            struct ReleaseThreadState {
                ~ReleaseThreadState() { releaseThreadDigestState(); }
            } release;
            return work(*ctx);
        });
        m_watcher.setFuture(m_future);
    }
    T result() const { return m_future.result(); }

private:
    QFuture<T> m_future;
    QFutureWatcher<T> m_watcher;
};

}  // namespace cudnnsetup::wizard

Q_DECLARE_METATYPE(cudnnsetup::wizard::ProgressInfo)
