// Split loading (which folder each cuDNN library comes from) and the CUDA major a cuDNN 9 build
// names in its read-only data.
#include "detect/fsutil.h"
#include "detect/loadset.h"
#include "fixtures/pebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "formats/cudabuild.h"

#include <QTemporaryDir>
#include <QMap>
#include <QTest>

#include <filesystem>
#include <map>
#include <set>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

using Listing = QMap<QString, QStringList>;  // folder -> file names
Q_DECLARE_METATYPE(Listing)

class TestLoadSets : public QObject {
    Q_OBJECT
private slots:
    void rankFiles_data()
    {
        QTest::addColumn<QStringList>("order");  // folder, or folder|onlyName
        QTest::addColumn<Listing>("listing");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("ranks");
        const QStringList v8 = {"cudnn64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_cnn_infer64_8.dll"};
        QTest::newRow("one folder holds the release") << QStringList{"S32", "tk"}
            << Listing{{"tk", v8}} << v8 << "1,1,1";
        QTest::newRow("an earlier folder holds one sub-library") << QStringList{"old", "tk"}
            << Listing{{"old", {"cudnn_cnn_infer64_8.dll"}}, {"tk", v8}} << v8 << "1,1,0";
        QTest::newRow("a file found nowhere") << QStringList{"tk"}
            << Listing{{"tk", {"cudnn64_8.dll"}}} << v8 << "0,-1,-1";
        QTest::newRow("an entry limited to one name (ld.so cache line)") << QStringList{"old|cudnn64_8.dll", "tk"}
            << Listing{{"old", v8}, {"tk", v8}} << v8 << "0,1,1";
        QTest::newRow("no search order") << QStringList{} << Listing{{"tk", v8}} << v8 << "-1,-1,-1";
    }
    void rankFiles()
    {
        QFETCH(QStringList, order);
        QFETCH(Listing, listing);
        QFETCH(QStringList, names);
        QFETCH(QString, ranks);
        std::vector<SearchEntry> o;
        for (const auto& e : order) {
            const auto parts = e.split('|');
            o.push_back({parts[0].toStdString(), "PATH", parts.size() > 1 ? std::optional<std::string>(parts[1].toStdString()) : std::nullopt});
        }
        std::vector<std::string> n;
        for (const auto& s : names)
            n.push_back(s.toStdString());
        const auto got = cudnnsetup::rankFiles(o, n, [&](const std::string& dir, const std::string& name) {
            return listing.value(QString::fromStdString(dir)).contains(QString::fromStdString(name), Qt::CaseInsensitive);
        });
        QStringList s;
        for (int r : got)
            s << QString::number(r);
        QCOMPARE(s.join(','), ranks);
    }

    void cudaNames_data()
    {
        QTest::addColumn<QString>("kind");       // elf, pe
        QTest::addColumn<QStringList>("strings"); // written into the image's data
        QTest::addColumn<int>("limit");          // bytes read at most (0: default)
        QTest::addColumn<int>("major");          // 0: none / disagreeing
        QTest::newRow("cuDNN 9 for CUDA 12 (.so)") << "elf" << QStringList{"libcublasLt.so.12", "libnvrtc.so.12"} << 0 << 12;
        QTest::newRow("cuDNN 9 for CUDA 13 (.so)") << "elf" << QStringList{"libcublasLt.so.13", "libnvrtc.so.13"} << 0 << 13;
        QTest::newRow("cuDNN 9 for CUDA 12 (DLL, .rdata)") << "pe-rdata" << QStringList{"cublasLt64_12.dll", "nvrtc64_120_0.dll"} << 0 << 12;
        QTest::newRow("cuDNN 9 for CUDA 13 (DLL, nvrtc64_130_0)") << "pe-rdata" << QStringList{"cublasLt64_13.dll", "nvrtc64_130_0.dll"} << 0 << 13;
        QTest::newRow("DLL without .rdata: its first bytes") << "pe" << QStringList{"cublasLt64_12.dll"} << 0 << 12;
        QTest::newRow("DLL with .rdata: a name outside it is not read") << "pe-outside" << QStringList{"cublasLt64_12.dll"} << 0 << 0;
        QTest::newRow("names that disagree: no verdict") << "elf" << QStringList{"libcublasLt.so.12", "libnvrtc.so.13"} << 0 << 0;
        QTest::newRow("a name past the limit is not read") << "elf" << QStringList{"libcublasLt.so.12"} << 1024 << 0;
        QTest::newRow("no names") << "pe" << QStringList{} << 0 << 0;
    }
    void cudaNames()
    {
        QFETCH(QString, kind);
        QFETCH(QStringList, strings);
        QFETCH(int, limit);
        QFETCH(int, major);
        QTemporaryDir tmp;
        PeOptions pe;
        if (kind == "pe-rdata")
            for (const auto& s : strings)
                pe.rdataStrings.push_back(s.toStdString());
        if (kind == "pe-outside")
            pe.rdataStrings = {"just some read-only text"};
        auto bytes = kind == "elf" ? buildElfSharedObject("libcudnn_engines_precompiled.so.9") : buildPe(pe);
        if (kind != "pe-rdata") {
            bytes.resize(std::max<std::size_t>(bytes.size(), 4096), 0);  // the names sit past the first KiB
            for (const auto& s : strings) {
                const std::string z = s.toStdString() + '\0';
                bytes.insert(bytes.end(), z.begin(), z.end());
            }
        }
        const std::string path = (fs::path(tmp.path().toStdString()) / "lib").string();
        writeBytes(path, bytes);
        const auto names = limit ? cudaLibraryNames(path, std::uint64_t(limit)) : cudaLibraryNames(path);
        QCOMPARE(cudaMajorFromNames(names).value_or(0), major);
        if (!limit && kind != "pe-outside")
            QCOMPARE(int(names.size()), int(strings.size()));
    }

    void majorsFromNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("major");
        QTest::newRow("cudart64_110.dll") << "cudart64_110.dll" << 11;
        QTest::newRow("cublas64_12.dll") << "cublas64_12.dll" << 12;
        QTest::newRow("nvrtc64_130_0.dll") << "nvrtc64_130_0.dll" << 13;
        QTest::newRow("libcublasLt.so.13") << "libcublasLt.so.13" << 13;
        QTest::newRow("libnvrtc.so.8 (too old to be a CUDA major here)") << "libnvrtc.so.8" << 0;
    }
    void majorsFromNames()
    {
        QFETCH(QString, name);
        QFETCH(int, major);
        QCOMPARE(cudaMajorFromNames({name.toStdString()}).value_or(0), major);
    }
};

QTEST_GUILESS_MAIN(TestLoadSets)
#include "tst_loadsets.moc"
