#include "install/pathedit.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace cudnnsetup;

namespace {
std::optional<std::string> lookup(std::string_view name)
{
    if (name == "CUDA_PATH")
        return std::string("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3");
    if (name == "SystemRoot")
        return std::string("C:\\Windows");
    return std::nullopt;
}
const std::string kV113 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3\\bin";
const std::string kV102 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.2\\bin";
}  // namespace

class TestPathEdit : public QObject {
    Q_OBJECT
private slots:
    void splitJoin_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<int>("count");
        QTest::newRow("empty") << "" << 0;
        QTest::newRow("one") << "C:\\a" << 1;
        QTest::newRow("empty entries kept") << "a;;b;" << 4;
        QTest::newRow("only separators") << ";;" << 3;
        QTest::newRow("quoted with spaces") << "\"C:\\x y\";%SystemRoot%" << 2;
    }
    void splitJoin()
    {
        QFETCH(QString, raw);
        QFETCH(int, count);
        const auto parts = splitPathValue(raw.toStdString());
        QCOMPARE(int(parts.size()), count);
        QCOMPARE(QString::fromStdString(joinPathValue(parts)), raw);
    }

    void normalize_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("same");
        QTest::newRow("case") << "C:\\CUDA\\Bin" << "c:\\cuda\\bin" << true;
        QTest::newRow("trailing backslash") << "C:\\cuda\\bin\\" << "C:\\cuda\\bin" << true;
        QTest::newRow("forward slashes") << "C:/cuda/bin" << "C:\\cuda\\bin" << true;
        QTest::newRow("variable expanded") << "%CUDA_PATH%\\bin" << QString::fromStdString(kV113) << true;
        QTest::newRow("quotes") << "\"C:\\cuda\\bin\"" << "C:\\cuda\\bin" << true;
        QTest::newRow("drive root keeps its slash") << "C:\\" << "C:" << false;
        QTest::newRow("prefix is not a match") << "C:\\foo" << "C:\\foobar" << false;
        QTest::newRow("unknown variable stays") << "%NOPE%\\bin" << "\\bin" << false;
    }
    void normalize()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, same);
        QCOMPARE(normalizePathEntry(a.toStdString(), lookup) == normalizePathEntry(b.toStdString(), lookup), same);
    }

    void cudaBin_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<bool>("cuda");
        QTest::newRow("v11.3 bin") << QString::fromStdString(kV113) << true;
        QTest::newRow("v13.0 bin x64") << "C:\\cuda\\v13.0\\bin\\x64" << true;
        QTest::newRow("libnvvp is not bin") << "C:\\cuda\\v11.3\\libnvvp" << false;
        QTest::newRow("other bin") << "C:\\Windows\\bin" << false;
        QTest::newRow("no version") << "C:\\cuda\\bin" << false;
    }
    void cudaBin()
    {
        QFETCH(QString, entry);
        QFETCH(bool, cuda);
        QCOMPARE(isCudaBinEntry(normalizePathEntry(entry.toStdString())), cuda);
    }

    void add_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QStringList>("bins");
        QTest::addColumn<QString>("after");
        QTest::addColumn<int>("changes");
        const QString v113 = QString::fromStdString(kV113), v102 = QString::fromStdString(kV102);
        QTest::newRow("empty PATH") << "" << QStringList{v113} << v113 << 1;
        QTest::newRow("appended after last entry") << "C:\\a;C:\\b" << QStringList{v113} << "C:\\a;C:\\b;" + v113 << 1;
        QTest::newRow("trailing separator stays trailing") << "C:\\a;" << QStringList{v113} << "C:\\a;" + v113 + ";" << 1;
        QTest::newRow("ahead of older CUDA") << "C:\\a;" + v102 + ";C:\\b" << QStringList{v113}
                                             << "C:\\a;" + v113 + ";" + v102 + ";C:\\b" << 1;
        QTest::newRow("already first: nothing") << v113 + ";" + v102 << QStringList{v113} << v113 + ";" + v102 << 0;
        QTest::newRow("other spelling counts") << "%CUDA_PATH%\\bin\\;" + v102 << QStringList{v113}
                                               << "%CUDA_PATH%\\bin\\;" + v102 << 0;
        QTest::newRow("behind older CUDA: moved") << v102 + ";;" + v113.toLower() << QStringList{v113}
                                                  << v113.toLower() + ";" + v102 + ";" << 1;
        QTest::newRow("bin and bin x64") << "C:\\a" << QStringList{"C:\\cuda\\v13.0\\bin", "C:\\cuda\\v13.0\\bin\\x64"}
                                         << "C:\\a;C:\\cuda\\v13.0\\bin;C:\\cuda\\v13.0\\bin\\x64" << 2;
        QTest::newRow("odd entries untouched") << ";\"C:\\q\";%X%;;" << QStringList{v113}
                                               << ";\"C:\\q\";%X%;" + v113 + ";;" << 1;
    }
    void add()
    {
        QFETCH(QString, before);
        QFETCH(QStringList, bins);
        QFETCH(QString, after);
        QFETCH(int, changes);
        std::vector<std::string> b;
        for (const QString& s : bins)
            b.push_back(s.toStdString());
        auto edit = addToolkitBins(before.toStdString(), b, lookup);
        QVERIFY(edit.ok());
        QCOMPARE(QString::fromStdString(edit->after), after);
        QCOMPARE(int(edit->changes.size()), changes);
        QCOMPARE(removeToolkitBins(edit->after, *edit).value, before.toStdString());
    }

    void limits()
    {
        const std::string big(kPathHardLimit - 5, 'x');
        auto refused = addToolkitBins(big, {kV113});
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error().code), QStringLiteral("path-too-long"));
        auto warned = addToolkitBins(std::string(2100, 'y'), {kV113});
        QVERIFY(warned.ok());
        QCOMPARE(int(warned->warnings.size()), 1);
        QCOMPARE(QString::fromStdString(warned->warnings[0].code), QStringLiteral("path-long"));
        // Exactly at the limit is allowed: never truncated, never refused.
        const std::string edge(kPathHardLimit - kV113.size() - 1, 'z');
        auto atLimit = addToolkitBins(edge, {kV113});
        QVERIFY(atLimit.ok());
        QCOMPARE(atLimit->after.size(), kPathHardLimit);
    }

    void removeAfterUserChanges()
    {
        auto edit = addToolkitBins("C:\\a;C:\\b", {kV113});
        QVERIFY(edit.ok());
        const std::string later = edit->after + ";C:\\user-added";
        const PathRemoval r = removeToolkitBins(later, *edit);
        QCOMPARE(r.value, std::string("C:\\a;C:\\b;C:\\user-added"));
        const PathRemoval gone = removeToolkitBins("C:\\a", *edit);
        QCOMPARE(gone.value, std::string("C:\\a"));
        QCOMPARE(int(gone.notes.size()), 1);
    }

    // Add then remove is the identity; every result is free of duplicates of what was added.
    void propertyAddRemoveIdentity()
    {
        std::mt19937 rng(20240611);
        const std::vector<std::string> pool{
            "", " ", "C:\\Windows", "%SystemRoot%\\system32", "C:\\a\\", "\"C:\\Program Files\\x\"", kV102, kV113,
            "C:\\cuda\\v12.4\\bin", "c:/program files/nvidia gpu computing toolkit/cuda/v11.3/bin/", "%CUDA_PATH%\\bin",
            "C:\\cuda\\v13.0\\bin\\x64", "D:\\tools;", "%UNSET%", "C:\\", "\\\\server\\share\\bin"};
        const std::vector<std::vector<std::string>> binSets{
            {kV113}, {"C:\\cuda\\v13.0\\bin", "C:\\cuda\\v13.0\\bin\\x64"}, {"D:\\cuda\\v12.4\\bin"}};
        int added = 0, alreadyThere = 0;  // both paths of addToolkitBins must be exercised
        for (int i = 0; i < 2000; ++i) {
            const int n = int(rng() % 12);
            std::vector<std::string> entries;
            for (int k = 0; k < n; ++k)
                entries.push_back(pool[rng() % pool.size()]);
            const std::string raw = joinPathValue(entries);
            const auto& bins = binSets[rng() % binSets.size()];
            auto edit = addToolkitBins(raw, bins, lookup);
            QVERIFY2(edit.ok(), raw.c_str());
            ++(edit->changed() ? added : alreadyThere);
            QCOMPARE(removeToolkitBins(edit->after, *edit).value, raw);
            // Idempotent: a second add changes nothing.
            auto again = addToolkitBins(edit->after, bins, lookup);
            QVERIFY(again.ok());
            QVERIFY2(!again->changed(), edit->after.c_str());
            // Nothing lost, nothing duplicated: the result is the input plus what was inserted.
            auto out = splitPathValue(edit->after);
            auto expect = splitPathValue(raw);
            for (const auto& ins : edit->inserted)
                expect.push_back(ins.entry);
            std::sort(out.begin(), out.end());
            std::sort(expect.begin(), expect.end());
            QCOMPARE(out, expect);
        }
        qInfo("%d inputs got the bins added, %d had them already", added, alreadyThere);
        QVERIFY2(added >= 200 && alreadyThere >= 50, qPrintable(QString::asprintf("%d / %d", added, alreadyThere)));
    }
};

QTEST_GUILESS_MAIN(TestPathEdit)
#include "tst_pathedit.moc"
