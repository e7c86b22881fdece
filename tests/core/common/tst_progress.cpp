#include "common/problem.h"
#include "common/progress.h"

#include <QTest>
#include <nlohmann/json.hpp>

#include <vector>

using namespace cudnnsetup;

namespace {
struct Recorder : ProgressSink {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    void onProgress(std::uint64_t done, std::uint64_t total) override { calls.emplace_back(done, total); }
};
}  // namespace

class TestProgress : public QObject {
    Q_OBJECT
private slots:
    void partialMapsOntoSubrange_data()
    {
        QTest::addColumn<quint64>("begin");
        QTest::addColumn<quint64>("span");
        QTest::addColumn<quint64>("done");
        QTest::addColumn<quint64>("total");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("start of second half") << 50ull << 50ull << 0ull << 10ull << 50ull;
        QTest::newRow("middle of second half") << 50ull << 50ull << 5ull << 10ull << 75ull;
        QTest::newRow("end of first quarter") << 0ull << 25ull << 8ull << 8ull << 25ull;
        QTest::newRow("unknown total stays at begin") << 30ull << 20ull << 7ull << 0ull << 30ull;
    }
    void partialMapsOntoSubrange()
    {
        QFETCH(quint64, begin);
        QFETCH(quint64, span);
        QFETCH(quint64, done);
        QFETCH(quint64, total);
        QFETCH(quint64, expected);
        Recorder r;
        PartialProgress p(&r, begin, span, 100);
        p.onProgress(done, total);
        QCOMPARE(r.calls.size(), size_t(1));
        QCOMPARE(r.calls[0].first, expected);
        QCOMPARE(r.calls[0].second, 100ull);
    }
    void cancelTokenLatches()
    {
        CancelToken t;
        QVERIFY(!t.isCancelled());
        t.cancel();
        QVERIFY(t.isCancelled());
    }
    void problemJsonShape()
    {
        const auto j = toJson(Problem{"unsafe-path", std::string("../x"), "bad"});
        QCOMPARE(QString::fromStdString(j.at("code").get<std::string>()), QStringLiteral("unsafe-path"));
        QCOMPARE(QString::fromStdString(j.at("path").get<std::string>()), QStringLiteral("../x"));
        QVERIFY(toJson(Problem{"x", std::nullopt, "m"}).at("path").is_null());
    }
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
