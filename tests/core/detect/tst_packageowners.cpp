// dpkgOwnersOf (core/detect/packageowners.cpp): which dpkg package lists a path. It looks a line
// up only when the line starts with what every asked-for spelling shares, so the rows below ask
// for paths whose shared start differs from the listed one in each way that matters.
#include "detect/packageowners.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace cudnnsetup;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

void writeText(const fs::path& p, const std::string& text)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

class TestPackageOwners : public QObject {
    Q_OBJECT
private slots:
    void dpkgOwners_data()
    {
        QTest::addColumn<QString>("list");     // the text of libcudnn9-cuda-12:amd64.list; @ is the root
        QTest::addColumn<QStringList>("asked"); // paths below the root
        QTest::addColumn<QStringList>("owned"); // the ones the answer names

        QTest::newRow("one owned, one not") << "/.\n@/lib\n@/lib/libcudnn.so.9\n" << QStringList{"lib/libcudnn.so.9", "lib/mine.so"}
                                            << QStringList{"lib/libcudnn.so.9"};
        QTest::newRow("last line without a newline") << "@/lib\n@/lib/libcudnn.so.9" << QStringList{"lib/libcudnn.so.9"}
                                                     << QStringList{"lib/libcudnn.so.9"};
        QTest::newRow("paths in two folders (a shorter shared start)")
            << "@/include/cudnn.h\n@/lib/libcudnn.so.9\n" << QStringList{"lib/libcudnn.so.9", "include/cudnn.h"}
            << QStringList{"lib/libcudnn.so.9", "include/cudnn.h"};
        QTest::newRow("a longer listed name is not the path") << "@/lib/libcudnn.so.9.1.0\n" << QStringList{"lib/libcudnn.so.9"}
                                                              << QStringList{};
        QTest::newRow("a listed prefix is not the path") << "@/lib/libcudnn.so\n" << QStringList{"lib/libcudnn.so.9"}
                                                         << QStringList{};
        QTest::newRow("Windows line ends are other names") << "@/lib/libcudnn.so.9\r\n" << QStringList{"lib/libcudnn.so.9"}
                                                           << QStringList{};
        QTest::newRow("owned through the linked folder's real path")
            << "@/real/libcudnn.so.9\n" << QStringList{"linked/libcudnn.so.9"} << QStringList{"linked/libcudnn.so.9"};
    }
    void dpkgOwners()
    {
        QFETCH(QString, list);
        QFETCH(QStringList, asked);
        QFETCH(QStringList, owned);
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString()) / "root";
        fs::create_directories(root / "real");
        fs::create_directory_symlink("real", root / "linked");
        const fs::path info = fs::path(tmp.path().toStdString()) / "info";
        writeText(info / "libcudnn9-cuda-12:amd64.list", list.replace("@", QString::fromStdString(root.string())).toStdString());
        writeText(info / "zlib1g:amd64.list", "/.\n/usr/lib/x86_64-linux-gnu/libz.so.1\n");
        writeText(info / "libcudnn9-cuda-12:amd64.md5sums", (root / "lib/mine.so").string() + "\n");  // not a list
        std::vector<std::string> paths;
        for (const QString& a : asked)
            paths.push_back((root / a.toStdString()).string());
        const std::map<std::string, std::string> got = dpkgOwnersOf(paths, info.string());
        std::map<std::string, std::string> want;
        for (const QString& o : owned)
            want.emplace((root / o.toStdString()).string(), "libcudnn9-cuda-12");
        QCOMPARE(got, want);
    }

    void noDatabaseNoOwners()
    {
        QTemporaryDir tmp;
        QVERIFY(dpkgOwnersOf({tmp.path().toStdString() + "/lib/libcudnn.so.9"}, tmp.path().toStdString() + "/none").empty());
        QVERIFY(dpkgOwnersOf({}, tmp.path().toStdString()).empty());
    }
};

QTEST_GUILESS_MAIN(TestPackageOwners)
#include "tst_packageowners.moc"
