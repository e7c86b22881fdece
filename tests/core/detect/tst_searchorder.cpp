// The winner logic as a pure function, with tables of search orders and copies.
#include "detect/copies.h"

#include <QTest>

using namespace cudnnsetup;
using Order = std::vector<SearchEntry>;
using Copies = std::vector<CopyCandidate>;
using Expected = std::vector<std::pair<int, bool>>;  // (rank, wins) per copy
Q_DECLARE_METATYPE(Order)
Q_DECLARE_METATYPE(Copies)
Q_DECLARE_METATYPE(Expected)

class TestSearchOrder : public QObject {
    Q_OBJECT
private slots:
    void rank_data()
    {
        QTest::addColumn<bool>("windows");
        QTest::addColumn<Order>("order");
        QTest::addColumn<Copies>("copies");
        QTest::addColumn<Expected>("expected");
        const Order win = {{"C:\\Windows\\System32", "System32", {}},
                           {"C:\\CUDA\\v11.3\\bin", "PATH (system)", {}},
                           {"C:\\CUDA\\v12.6\\bin", "PATH (system)", {}},
                           {"C:\\Users\\me\\miniconda3\\envs\\ml\\Library\\bin", "PATH (user)", {}}};
        QTest::newRow("System32 beats PATH") << true << win
            << Copies{{"C:\\CUDA\\v11.3\\bin", "cudnn64_8.dll"}, {"C:\\Windows\\System32", "cudnn64_8.dll"}}
            << Expected{{1, false}, {0, true}};
        QTest::newRow("system PATH before user PATH") << true << win
            << Copies{{"C:\\Users\\me\\miniconda3\\envs\\ml\\Library\\bin", "cudnn64_9.dll"}, {"C:\\CUDA\\v12.6\\bin", "cudnn64_9.dll"}}
            << Expected{{3, false}, {2, true}};
        QTest::newRow("different majors both win") << true << win
            << Copies{{"C:\\CUDA\\v11.3\\bin", "cudnn64_8.dll"}, {"C:\\CUDA\\v12.6\\bin", "cudnn64_9.dll"}}
            << Expected{{1, true}, {2, true}};
        QTest::newRow("case and slashes do not matter on Windows") << true << win
            << Copies{{"c:/cuda/V12.6/BIN/", "CUDNN64_9.DLL"}} << Expected{{2, true}};
        QTest::newRow("a folder not searched never wins") << true << win
            << Copies{{"D:\\offline\\bin", "cudnn64_9.dll"}, {"C:\\CUDA\\v12.6\\bin", "cudnn64_9.dll"}}
            << Expected{{-1, false}, {2, true}};
        QTest::newRow("nothing searched") << true << Order{} << Copies{{"C:\\x", "cudnn64_9.dll"}} << Expected{{-1, false}};
        const Order lin = {{"/opt/conda/lib", "LD_LIBRARY_PATH", {}},
                           {"/usr/local/cuda-13.0/lib", "ldconfig", std::string("libcudnn.so.9")},
                           {"/usr/lib/x86_64-linux-gnu", "default", {}}};
        QTest::newRow("LD_LIBRARY_PATH beats the cache") << false << lin
            << Copies{{"/usr/local/cuda-13.0/lib", "libcudnn.so.9"}, {"/opt/conda/lib", "libcudnn.so.9"}}
            << Expected{{1, false}, {0, true}};
        QTest::newRow("cache entry applies to its name only") << false << lin
            << Copies{{"/usr/local/cuda-13.0/lib", "libcudnn.so.8"}, {"/usr/lib/x86_64-linux-gnu", "libcudnn.so.8"}}
            << Expected{{-1, false}, {2, true}};
        QTest::newRow("Linux is case-sensitive") << false << lin
            << Copies{{"/OPT/conda/lib", "libcudnn.so.9"}} << Expected{{-1, false}};
    }
    void rank()
    {
        QFETCH(bool, windows);
        QFETCH(Order, order);
        QFETCH(Copies, copies);
        QFETCH(Expected, expected);
        const auto got = rankCopies(order, copies, windows);
        QCOMPARE(got.size(), expected.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].rank, expected[i].first);
            QCOMPARE(got[i].wins, expected[i].second);
        }
    }
};

QTEST_GUILESS_MAIN(TestSearchOrder)
#include "tst_searchorder.moc"
