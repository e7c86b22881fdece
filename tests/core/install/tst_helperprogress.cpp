// Progress across the elevation boundary (install/helperprogress.h): what the elevated
// helper writes into its state folder reaches the waiting side's sink, and nothing else does.

#include "install/helperprogress.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>


using namespace cudnnsetup;

namespace {

class RecordingSink : public ProgressSink {
public:
    void onProgress(std::uint64_t d, std::uint64_t t) override
    {
        done = d;
        total = t;
        ++progressCalls;
    }
    void onStage(const std::string& s) override { stages.push_back(s); }
    void onItem(const std::string& i) override { items.push_back(i); }

    std::uint64_t done = 0, total = 0;
    int progressCalls = 0;
    std::vector<std::string> stages, items;
};

}  // namespace

class TestHelperProgress : public QObject {
    Q_OBJECT
private slots:
    void forwardsWhatChanged()
    {
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        RecordingSink sink;
        HelperProgressReader reader(state, "tx-1", &sink);
        reader.poll();
        QCOMPARE(sink.progressCalls, 0);  // no helper yet
        {
            HelperProgressWriter writer(state, "tx-1", std::chrono::milliseconds(0));
            QVERIFY(QFile::exists(QString::fromStdString(helperProgressPathIn(state))));
            writer.onStage("apply");
            writer.onItem("place bin/cudnn64_8.dll");
            writer.onProgress(40, 100);
            reader.poll();
            QCOMPARE(sink.stages, std::vector<std::string>{"apply"});
            QCOMPARE(sink.items, std::vector<std::string>{"place bin/cudnn64_8.dll"});
            QCOMPARE(sink.done, std::uint64_t(40));
            QCOMPARE(sink.total, std::uint64_t(100));
            reader.poll();  // nothing new: nothing forwarded again
            QCOMPARE(sink.progressCalls, 1);
            QCOMPARE(sink.items.size(), std::size_t(1));
            writer.onProgress(100, 100);
            reader.poll();
            QCOMPARE(sink.done, std::uint64_t(100));
        }
        // The helper's writer leaves nothing behind in the state folder.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void anotherTransactionIsIgnored_data()
    {
        QTest::addColumn<QByteArray>("document");
        QTest::newRow("other transaction") << QByteArray(R"({"transaction":"tx-other","done":5,"total":9})");
        QTest::newRow("not json") << QByteArray("{\"transaction\":\"tx-1\",\"done\":");
        QTest::newRow("not an object") << QByteArray("[1,2]");
        QTest::newRow("empty") << QByteArray();
    }
    void anotherTransactionIsIgnored()
    {
        QFETCH(QByteArray, document);
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        QFile f(QString::fromStdString(helperProgressPathIn(state)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(document);
        f.close();
        QVERIFY(!readHelperProgress(state, "tx-1"));
        RecordingSink sink;
        HelperProgressReader reader(state, "tx-1", &sink);
        reader.poll();
        QCOMPARE(sink.progressCalls, 0);
        QVERIFY(sink.items.empty());
    }

    void itemsAreThrottledButStagesAndTheEndAreNot()
    {
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        HelperProgressWriter writer(state, "tx-1", std::chrono::hours(1));
        writer.onItem("first");  // within the interval of the constructor's write: skipped
        QCOMPARE(readHelperProgress(state, "tx-1")->item, std::string());
        writer.onStage("staging");
        QCOMPARE(readHelperProgress(state, "tx-1")->stage, std::string("staging"));
        writer.onProgress(7, 7);  // the end is always written
        QCOMPARE(readHelperProgress(state, "tx-1")->done, std::uint64_t(7));
    }
};

QTEST_GUILESS_MAIN(TestHelperProgress)
#include "tst_helperprogress.moc"
