#include "wizardharness.h"
#include "testpaths.h"

#include <QAbstractButton>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <time.h>
#endif

namespace cudnnsetup::wizard::test {

namespace {
// CPU time of the calling thread; wall time where the platform has no per-thread clock.
qint64 threadCpuNs(const QElapsedTimer& wall)
{
#ifdef Q_OS_UNIX
    timespec ts{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
#endif
    return wall.nsecsElapsed();
}
}  // namespace

QMap<QString, QString> treeManifest(const QString& root)
{
    QMap<QString, QString> m;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo fi(path);
        const QString rel = QDir(root).relativeFilePath(path);
        QString entry = QStringLiteral("%1 perm=%2").arg(fi.isDir() ? QStringLiteral("dir") : QStringLiteral("file"))
                            .arg(int(fi.permissions()), 0, 16);
        if (fi.isFile()) {
            QFile f(path);
            QCryptographicHash h(QCryptographicHash::Sha256);
            if (f.open(QIODevice::ReadOnly))
                h.addData(&f);
            entry += QStringLiteral(" size=%1 sha256=%2").arg(fi.size()).arg(QString::fromLatin1(h.result().toHex()));
        }
        m.insert(rel, entry);
    }
    return m;
}

void StallProbe::start()
{
    m_gaps.clear();
    m_maxGapNs = 0;
    m_maxBusyNs = 0;
    m_timer.setInterval(5);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 gap = now - m_lastNs;
        m_lastNs = now;
        m_gaps << gap;
        m_maxGapNs = std::max(m_maxGapNs, gap);
        const qint64 cpu = threadCpuNs(m_clock);
        m_maxBusyNs = std::max(m_maxBusyNs, cpu - m_lastCpuNs);
        m_lastCpuNs = cpu;
    });
    m_clock.start();
    m_lastNs = 0;
    m_lastCpuNs = threadCpuNs(m_clock);
    m_timer.start();
}

void StallProbe::stop()
{
    m_timer.stop();
    m_timer.disconnect(this);
}

double StallProbe::p99GapMs() const
{
    if (m_gaps.isEmpty())
        return 0;
    QList<qint64> sorted = m_gaps;
    std::sort(sorted.begin(), sorted.end());
    return double(sorted[qsizetype(double(sorted.size() - 1) * 0.99)]) / 1e6;
}

void Harness::create(const SessionConfig& config)
{
    wizard.reset();
    session = std::make_unique<Session>(config);
    wizard = std::make_unique<SetupWizard>(session.get());
    wizard->resize(900, 660);
    wizard->show();
    if (!QTest::qWaitForWindowExposed(wizard.get()))
        qWarning("the wizard window was not exposed");
}

bool Harness::next()
{
    QAbstractButton* b = wizard->currentPage()->isCommitPage() ? wizard->button(QWizard::CommitButton)
                                                               : wizard->button(QWizard::NextButton);
    if (!b->isVisible() || !b->isEnabled())
        return false;
    QTest::mouseClick(b, Qt::LeftButton);
    return true;
}

void Harness::screenshot(const QString& lang, const QString& name) const
{
    const QString dir = (cudnnsetup::testpaths::screenshotDir() + "/%1").arg(lang);
    QDir().mkpath(dir);
    // A label that wraps learns its height only once its width is set, one posted layout request
    // after another (the download panel's reason, shown the moment the choice arrives): let them
    // settle before the grab, or the picture catches a label cut off mid-line.
    for (int round = 0; round < 5; ++round)
        QCoreApplication::processEvents();
    wizard->grab().save(QStringLiteral("%1/%2.png").arg(dir, name));
}

}  // namespace cudnnsetup::wizard::test
