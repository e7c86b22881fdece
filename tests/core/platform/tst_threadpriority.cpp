// lowerThisThreadPriority on this host: the calling thread's nice value goes up by three (capped at
// 19) and no other thread's moves, the caller's included: the verify's reader runs it on a thread of
// its own, and the process's main thread must keep its priority afterwards.

#include "platform/threadpriority.h"

#include <QtTest>

#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

using namespace cudnnsetup;

namespace {

int niceOf(pid_t tid)
{
    errno = 0;
    const int n = getpriority(PRIO_PROCESS, static_cast<id_t>(tid));
    return errno ? -100 : n;
}

}  // namespace

class TestThreadPriority : public QObject {
    Q_OBJECT

private slots:
    void lowersOnlyTheCallingThread()
    {
        const pid_t mainTid = gettid();
        const int mainBefore = niceOf(mainTid);
        QVERIFY(mainBefore != -100);
        int before = -100, after = -100, mainDuring = -100;
        bool lowered = false;
        std::thread t([&] {
            const pid_t me = gettid();
            before = niceOf(me);
            lowered = lowerThisThreadPriority();
            after = niceOf(me);
            mainDuring = niceOf(mainTid);
        });
        t.join();
        QVERIFY(lowered);
        QCOMPARE(before, mainBefore);  // a new thread starts with its creator's value
        QCOMPARE(after, std::min(before + 3, 19));
        QCOMPARE(mainDuring, mainBefore);
        QCOMPARE(niceOf(mainTid), mainBefore);
    }

    void cappedAtTheLowestPriority()
    {
        int after = -100;
        bool lowered = false;
        std::thread t([&] {
            for (int i = 0; i < 10; ++i)
                lowered = lowerThisThreadPriority();
            after = niceOf(gettid());
        });
        t.join();
        QVERIFY(lowered);
        QCOMPARE(after, 19);
    }
};

QTEST_GUILESS_MAIN(TestThreadPriority)
#include "tst_threadpriority.moc"
