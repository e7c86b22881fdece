#pragma once
// Drives the real wizard offscreen: fixtures, page navigation, screenshots, and the
// event-loop stall probe.

#include "wizard/session.h"
#include "wizard/setupwizard.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace cudnnsetup::wizard::test {

// path -> "size sha256 permissions" of every file and folder below root.
QMap<QString, QString> treeManifest(const QString& root);

// Measures how late a 5 ms timer fires on the UI thread while work runs.
class StallProbe : public QObject {
    Q_OBJECT
public:
    void start();
    void stop();
    qint64 maxGapMs() const { return m_maxGapNs / 1000000; }
    double maxGapMsExact() const { return double(m_maxGapNs) / 1e6; }
    double p99GapMs() const;
    int samples() const { return int(m_gaps.size()); }
    // The most CPU time the UI thread itself spent between two ticks (its own work, not the
    // time the scheduler gave other threads).
    double maxBusyMs() const { return double(m_maxBusyNs) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_maxGapNs = 0;
    qint64 m_lastCpuNs = 0;
    qint64 m_maxBusyNs = 0;
    QList<qint64> m_gaps;
};

struct Harness {
    std::unique_ptr<Session> session;
    std::unique_ptr<SetupWizard> wizard;

    void create(const SessionConfig& config);
    // Clicks Next (or the commit button) when enabled; false when it is not.
    bool next();
    int currentId() const { return wizard->currentId(); }
    void screenshot(const QString& lang, const QString& name) const;
};

}  // namespace cudnnsetup::wizard::test
