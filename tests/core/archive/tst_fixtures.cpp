// The generators other tests rely on: if these are wrong, every verify test is meaningless.
// Archives are read back with libzip (consistency checks on) and the PE reader.
#include "fixtures/archivebuilder.h"
#include "fixtures/hostilezip.h"
#include "formats/pereader.h"
#include "releases/releases.h"

#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QTest>

#include <zip.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;

namespace {

struct ZipClose {
    void operator()(zip_t* z) const { zip_discard(z); }
};
using Zip = std::unique_ptr<zip_t, ZipClose>;
struct FileClose {
    void operator()(zip_file_t* f) const { zip_fclose(f); }
};

Zip openZip(const std::string& path, int flags, int* err = nullptr)
{
    int e = 0;
    Zip z(zip_open(path.c_str(), flags | ZIP_RDONLY, &e));
    if (err)
        *err = e;
    return z;
}

// Reads an entry fully; libzip checks its CRC at the end. Returns false on any read error.
bool readEntry(zip_t* z, zip_uint64_t index, std::vector<std::uint8_t>* out, std::uint64_t* total = nullptr, int* zipErr = nullptr)
{
    std::unique_ptr<zip_file_t, FileClose> f(zip_fopen_index(z, index, 0));
    if (!f) {
        if (zipErr)
            *zipErr = zip_error_code_zip(zip_get_error(z));
        return false;
    }
    std::vector<std::uint8_t> buf(1 << 16);
    std::uint64_t n = 0;
    while (true) {
        const zip_int64_t got = zip_fread(f.get(), buf.data(), buf.size());
        if (got < 0) {
            if (zipErr)
                *zipErr = zip_error_code_zip(zip_file_get_error(f.get()));
            return false;
        }
        if (got == 0)
            break;
        if (out)
            out->insert(out->end(), buf.begin(), buf.begin() + got);
        n += std::uint64_t(got);
    }
    if (total)
        *total = n;
    return true;
}

}  // namespace

class TestFixtures : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

private slots:
    void releaseRoundTrip_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("bin");
        QTest::addColumn<QString>("lib");
        QTest::addColumn<int>("files");
        QTest::addColumn<QString>("license");
        QTest::newRow("8.0.5 cuda/") << "8.0.5.39" << "11.1" << "cuda/" << "bin" << "lib/x64" << 31 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.2.0.53 cuda 11.3") << "8.2.0.53" << "11.3" << "cuda/" << "bin" << "lib/x64" << 31 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.2.0.53 cuda 10.2") << "8.2.0.53" << "10.2" << "cuda/" << "bin" << "lib/x64" << 31 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.3.0 still cuda/") << "8.3.0.98" << "11.5" << "cuda/" << "bin" << "lib/x64" << 31 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.3.2 archive folder, lib/") << "8.3.2.44" << "11.5" << "cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive/" << "bin" << "lib" << 31 << "LICENSE";  // LICENSE from 8.3.1 (cudnn-facts.md §7)
        QTest::newRow("8.5 lib/, LICENSE") << "8.5.0.96" << "11" << "cudnn-windows-x86_64-8.5.0.96_cuda11-archive/" << "bin" << "lib" << 31 << "LICENSE";
        QTest::newRow("8.9.7 lib/x64") << "8.9.7.29" << "12" << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive/" << "bin" << "lib/x64" << 31 << "LICENSE";
        QTest::newRow("9.10 bin") << "9.10.0.56" << "12" << "cudnn-windows-x86_64-9.10.0.56_cuda12-archive/" << "bin" << "lib/x64" << 32 << "LICENSE";
        QTest::newRow("9.18 bin/x64") << "9.18.0.77" << "13" << "cudnn-windows-x86_64-9.18.0.77_cuda13-archive/" << "bin/x64" << "lib/x64" << 32 << "LICENSE";
        QTest::newRow("9.27 ten DLLs") << "9.27.0.42" << "12" << "cudnn-windows-x86_64-9.27.0.42_cuda12-archive/" << "bin/x64" << "lib/x64" << 34 << "LICENSE";
    }
    void releaseRoundTrip()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, root);
        QFETCH(QString, bin);
        QFETCH(QString, lib);
        QFETCH(int, files);
        QFETCH(QString, license);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.dllBodyBytes = 10000;
        const auto release = cudnnWindowsRelease(spec);
        QCOMPARE(int(release.size()), files);

        const std::string name = releaseArchiveName(spec);
        const NameInfo fromName = parseArchiveName(name);
        QVERIFY2(fromName.cudnn && fromName.cudnn->toString() == spec.cudnn, name.c_str());
        QCOMPARE(fromName.cuda.value_or(""), spec.cuda);
        const std::string zipPath = path(name.c_str());
        std::string error;
        QVERIFY2(writeZip(zipPath, release, &error), error.c_str());

        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        QCOMPARE(zip_get_num_entries(z.get(), 0), zip_int64_t(files));
        const std::string r = root.toStdString();
        int dlls = 0, headers = 0, libs = 0, licences = 0;
        for (const auto& f : release) {
            zip_stat_t st;
            QVERIFY2(zip_stat(z.get(), f.name.c_str(), 0, &st) == 0, f.name.c_str());
            QCOMPARE(std::uint64_t(st.size), f.size());
            QCOMPARE(st.comp_method, zip_uint16_t(ZIP_CM_DEFLATE));
            QVERIFY2(f.name.rfind(r, 0) == 0, f.name.c_str());
            std::vector<std::uint8_t> bytes;
            QVERIFY(readEntry(z.get(), st.index, &bytes));
            QVERIFY(bytes == f.data);
            const std::string rel = f.name.substr(r.size());
            switch (classifyFile(f.name)) {
            case FileKind::Dll: {
                ++dlls;
                QCOMPARE(rel.substr(0, rel.rfind('/')), bin.toStdString());
                const PeInfo pe = readPe(bytes);
                QVERIFY2(pe.isX64() && pe.isDll, f.name.c_str());
                QCOMPARE(pe.fileVersion.value_or("none"), spec.cudnn);
                break;
            }
            case FileKind::Header:
                ++headers;
                QCOMPARE(rel.substr(0, rel.rfind('/')), std::string("include"));
                if (rel == "include/cudnn_version.h") {
                    const auto hv = parseVersionHeader(std::string(bytes.begin(), bytes.end()));
                    QVERIFY(hv && hv->agreesWith(*Version::parse(spec.cudnn)));
                }
                break;
            case FileKind::ImportLib:
                ++libs;
                QCOMPARE(rel.substr(0, rel.rfind('/')), lib.toStdString());
                QCOMPARE(std::string(bytes.begin(), bytes.begin() + 8), std::string("!<arch>\n"));
                break;
            case FileKind::License:
                ++licences;
                QCOMPARE(rel, license.toStdString());
                break;
            default:
                QFAIL(qPrintable("unexpected file " + QString::fromStdString(f.name)));
            }
        }
        const ReleaseFileSet set = windowsFileSet(*Version::parse(spec.cudnn));
        QCOMPARE(dlls, int(set.dlls.size()));
        QCOMPARE(headers, int(set.headers.size()));
        QCOMPARE(libs, int(set.importLibs.size()));
        QCOMPARE(licences, 1);
    }

    void knobs()
    {
        ReleaseSpec spec;
        spec.omit = {"cudnn_cnn_train64_8.dll", "cuda/include/cudnn.h"};
        spec.zeroSize = {"cudnn_ops_train64_8.lib"};
        spec.i386Dlls = {"cudnn_adv_infer64_8.dll"};
        spec.dllVersion = {{"cudnn_ops_infer64_8.dll", "8.2.1.32"}};
        spec.noVersionDlls = {"cudnn_adv_train64_8.dll"};
        spec.headerVersion = "8.2.4";
        spec.directoryEntries = true;
        spec.store = true;
        spec.extra = {textFile("cuda/bin/readme.txt", "extra")};
        const auto files = cudnnWindowsRelease(spec);
        std::map<std::string, const ArchiveFile*> byName;
        for (const auto& f : files)
            byName[f.name] = &f;
        QVERIFY(!byName.count("cuda/bin/cudnn_cnn_train64_8.dll"));
        QVERIFY(!byName.count("cuda/include/cudnn.h"));
        QVERIFY(byName.count("cuda/bin/readme.txt"));
        for (const char* d : {"cuda/", "cuda/bin/", "cuda/include/", "cuda/lib/", "cuda/lib/x64/"})
            QVERIFY2(byName.count(d), d);
        QCOMPARE(files.size(), std::size_t(31 - 2 + 1 + 5));
        QVERIFY(byName.at("cuda/lib/x64/cudnn_ops_train64_8.lib")->data.empty());

        const std::string zipPath = path("knobs.zip");
        std::string error;
        QVERIFY2(writeZip(zipPath, files, &error), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        auto dllInfo = [&](const char* name) {
            zip_stat_t st;
            if (zip_stat(z.get(), name, 0, &st) != 0)
                return PeInfo{};
            QTest::qVerify(st.comp_method == ZIP_CM_STORE, "stored", "", __FILE__, __LINE__);
            std::vector<std::uint8_t> bytes;
            readEntry(z.get(), st.index, &bytes);
            return readPe(bytes);
        };
        const PeInfo i386 = dllInfo("cuda/bin/cudnn_adv_infer64_8.dll");
        QVERIFY(i386.isPe && !i386.isX64());
        QCOMPARE(i386.machine, std::uint16_t(0x14C));
        QCOMPARE(dllInfo("cuda/bin/cudnn_ops_infer64_8.dll").fileVersion.value_or(""), std::string("8.2.1.32"));
        QVERIFY(!dllInfo("cuda/bin/cudnn_adv_train64_8.dll").fileVersion);
        QCOMPARE(dllInfo("cuda/bin/cudnn64_8.dll").fileVersion.value_or(""), std::string("8.2.0.53"));
        zip_stat_t st;
        QVERIFY(zip_stat(z.get(), "cuda/include/cudnn_version.h", 0, &st) == 0);
        std::vector<std::uint8_t> header;
        QVERIFY(readEntry(z.get(), st.index, &header));
        QCOMPARE(parseVersionHeader(std::string(header.begin(), header.end())).value_or(Version{}).toString(), std::string("8.2.4"));
    }

    void unixAttributes()
    {
        ArchiveFile link{"cuda/lib64/libcudnn.so", {'l', 'i', 'b', 'c', 'u', 'd', 'n', 'n', '.', 's', 'o', '.', '8'}};
        link.symlink = true;
        ArchiveFile exec = textFile("cuda/bin/tool", "#!/bin/sh\n");
        exec.unixMode = 0755;
        const std::string zipPath = path("attrs.zip");
        std::string error;
        QVERIFY2(writeZip(zipPath, {link, exec}, &error), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        zip_uint8_t os = 0;
        zip_uint32_t attr = 0;
        QVERIFY(zip_file_get_external_attributes(z.get(), 0, 0, &os, &attr) == 0);
        QCOMPARE(int(os), ZIP_OPSYS_UNIX);
        QCOMPARE((attr >> 16) & 0170000u, 0120000u);
        QVERIFY(zip_file_get_external_attributes(z.get(), 1, 0, &os, &attr) == 0);
        QCOMPARE((attr >> 16) & 0777777u, 0100755u);
    }

    void streamedDllEqualsBuiltDll()
    {
        PeOptions o;
        o.fileVersion = "8.9.7.29";
        o.bodyBytes = 3'000'001;  // not a multiple of anything convenient
        o.bodySeed = 42;
        const auto built = buildPe(o);
        ArchiveFile f;
        f.name = "cudnn64_8.dll";
        f.stream = peStream(o);
        f.streamSize = buildPeParts(o).size();
        QCOMPARE(f.streamSize, std::uint64_t(built.size()));
        const std::string zipPath = path("stream.zip");
        std::string error;
        QVERIFY2(writeZip(zipPath, {f}, &error), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        std::vector<std::uint8_t> bytes;
        QVERIFY(readEntry(z.get(), 0, &bytes));
        QVERIFY(bytes == built);
        QCOMPARE(readPe(bytes).fileVersion.value_or(""), std::string("8.9.7.29"));
    }

    void bodyCompressibility_data()
    {
        QTest::addColumn<double>("randomShare");
        QTest::addColumn<double>("minRatio");
        QTest::addColumn<double>("maxRatio");
        QTest::newRow("code-like 0.10") << 0.10 << 2.5 << 3.2;
        QTest::newRow("default 0.30") << 0.30 << 1.6 << 2.1;
        QTest::newRow("dense 0.75") << 0.75 << 1.05 << 1.2;
    }
    void bodyCompressibility()
    {
        QFETCH(double, randomShare);
        QFETCH(double, minRatio);
        QFETCH(double, maxRatio);
        PeBodyGenerator gen(3, randomShare);
        std::vector<std::uint8_t> body(4 << 20);
        gen.fill(body.data(), body.size());
        uLongf n = compressBound(uLong(body.size()));
        std::vector<std::uint8_t> out(n);
        QCOMPARE(compress2(out.data(), &n, body.data(), uLong(body.size()), 6), Z_OK);
        const double ratio = double(body.size()) / double(n);
        QVERIFY2(ratio >= minRatio && ratio <= maxRatio, qPrintable(QString::number(ratio)));
        // Deterministic whatever the read sizes.
        PeBodyGenerator again(3, randomShare);
        std::vector<std::uint8_t> pieces(body.size());
        for (std::size_t at = 0; at < pieces.size(); at += 4099)
            again.fill(pieces.data() + at, std::min<std::size_t>(4099, pieces.size() - at));
        QVERIFY(pieces == body);
    }

    void benchReleaseScaledDown()
    {
        const ReleaseSpec spec = benchRelease82(24'000'000);
        std::uint64_t bodies = 0;
        for (const auto& [name, bytes] : spec.dllBodyBytesByName)
            bodies += bytes;
        QCOMPARE(spec.dllBodyBytesByName.size(), std::size_t(7));
        QVERIFY(bodies > 23'900'000 && bodies <= 24'000'000);
        const auto files = cudnnWindowsRelease(spec);
        QCOMPARE(files.size(), std::size_t(31));
        const std::string zipPath = path(releaseArchiveName(spec).c_str());
        std::string error;
        QVERIFY2(writeZip(zipPath, files, &error), error.c_str());
        std::uint64_t raw = 0;
        for (const auto& f : files)
            raw += f.size();
        const double ratio = double(raw) / double(std::filesystem::file_size(zipPath));
        QVERIFY2(ratio > 1.25 && ratio < 1.5, qPrintable(QString::number(ratio)));
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        std::vector<std::uint8_t> dll;
        QVERIFY(readEntry(z.get(), zip_uint64_t(zip_name_locate(z.get(), "cuda/bin/cudnn_cnn_infer64_8.dll", 0)), &dll));
        QCOMPARE(readPe(dll).fileVersion.value_or(""), std::string("8.2.0.53"));
    }

    void crcCorruptedStoredEntry()
    {
        ReleaseSpec spec;
        spec.store = true;
        const std::string zipPath = path("crc.zip");
        std::string error;
        QVERIFY(writeZip(zipPath, cudnnWindowsRelease(spec), &error));
        QVERIFY2(corruptEntryData(zipPath, "cuda/bin/cudnn64_8.dll", &error, 0x500), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);  // the container is fine, only the data is wrong
        const auto index = zip_name_locate(z.get(), "cuda/bin/cudnn64_8.dll", 0);
        QVERIFY(index >= 0);
        int err = 0;
        QVERIFY(!readEntry(z.get(), zip_uint64_t(index), nullptr, nullptr, &err));
        QCOMPARE(err, ZIP_ER_CRC);
        const auto other = zip_name_locate(z.get(), "cuda/bin/cudnn_adv_infer64_8.dll", 0);
        QVERIFY(readEntry(z.get(), zip_uint64_t(other), nullptr));
    }

    void encryptedFlag()
    {
        const std::string zipPath = path("enc.zip");
        std::string error;
        QVERIFY(writeZip(zipPath, cudnnWindowsRelease({}), &error));
        QVERIFY2(setEncryptedFlag(zipPath, "cuda/include/cudnn.h", &error), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        zip_stat_t st;
        QVERIFY(zip_stat(z.get(), "cuda/include/cudnn.h", 0, &st) == 0);
        QVERIFY(st.encryption_method != ZIP_EM_NONE);
        QVERIFY(zip_stat(z.get(), "cuda/include/cudnn_version.h", 0, &st) == 0);
        QCOMPARE(st.encryption_method, zip_uint16_t(ZIP_EM_NONE));
    }

    void declaredSizeInflated()
    {
        const std::string zipPath = path("size.zip");
        std::string error;
        QVERIFY(writeZip(zipPath, cudnnWindowsRelease({}), &error));
        QVERIFY2(setDeclaredSize(zipPath, "cuda/bin/cudnn64_8.dll", 0xF0000000u, &error), error.c_str());
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        zip_stat_t st;
        QVERIFY(zip_stat(z.get(), "cuda/bin/cudnn64_8.dll", 0, &st) == 0);
        QCOMPARE(std::uint64_t(st.size), std::uint64_t(0xF0000000u));
        // libzip 1.7 does not flag the short read itself: a verifier must compare sizes.
        std::uint64_t total = 0;
        const bool read = readEntry(z.get(), st.index, nullptr, &total);
        QVERIFY(!read || total < st.size);
        QVERIFY(total > 0);
    }

    void truncated()
    {
        const std::string zipPath = path("trunc.zip");
        std::string error;
        QVERIFY(writeZip(zipPath, cudnnWindowsRelease({}), &error));
        const auto size = std::filesystem::file_size(zipPath);
        QVERIFY(truncateFile(zipPath, size / 2, &error));
        QCOMPARE(std::filesystem::file_size(zipPath), size / 2);
        int err = 0;
        QVERIFY(!openZip(zipPath, ZIP_CHECKCONS, &err));
        QVERIFY(err != 0);
    }

    void overlappingEntries()
    {
        const auto files = cudnnWindowsRelease({});
        const std::string zipPath = path("overlap.zip");
        std::string error;
        QVERIFY2(writeOverlappingZip(zipPath, files, "cuda/bin/cudnn_extra64_8.dll", "cuda/bin/cudnn64_8.dll", &error), error.c_str());
        const auto locs = zipEntryLocations(zipPath, &error);
        QCOMPARE(locs.size(), files.size() + 1);
        std::map<std::string, ZipEntryLocation> byName;
        for (const auto& l : locs)
            byName[l.name] = l;
        QCOMPARE(byName.at("cuda/bin/cudnn_extra64_8.dll").localOffset, byName.at("cuda/bin/cudnn64_8.dll").localOffset);
        QVERIFY(byName.at("cuda/bin/cudnn_adv_infer64_8.dll").localOffset != byName.at("cuda/bin/cudnn64_8.dll").localOffset);
        // Without consistency checks libzip reads both names as the same bytes.
        Zip z = openZip(zipPath, 0);
        QVERIFY(z);
        std::vector<std::uint8_t> a, b;
        QVERIFY(readEntry(z.get(), zip_uint64_t(zip_name_locate(z.get(), "cuda/bin/cudnn64_8.dll", 0)), &a));
        QVERIFY(readEntry(z.get(), zip_uint64_t(zip_name_locate(z.get(), "cuda/bin/cudnn_extra64_8.dll", 0)), &b));
        QVERIFY(!a.empty() && a == b);
    }

    void rawZipDuplicatesAndSymlink()
    {
        RawZipEntry one{"cuda/bin/cudnn64_8.dll", {1, 2, 3}};
        RawZipEntry two{"cuda/bin/cudnn64_8.dll", {4, 5, 6, 7}, false};
        RawZipEntry link{"cuda/bin/evil", {'/', 'e', 't', 'c'}, false};
        link.unixMode = 0120777;
        const std::string zipPath = path("raw.zip");
        std::string error;
        QVERIFY2(writeRawZip(zipPath, {one, two, link}, &error), error.c_str());
        Zip z = openZip(zipPath, 0);
        QVERIFY(z);
        QCOMPARE(zip_get_num_entries(z.get(), 0), zip_int64_t(3));
        std::vector<std::uint8_t> second;
        QVERIFY(readEntry(z.get(), 1, &second));
        QCOMPARE(second, (std::vector<std::uint8_t>{4, 5, 6, 7}));
        zip_uint8_t os = 0;
        zip_uint32_t attr = 0;
        QVERIFY(zip_file_get_external_attributes(z.get(), 2, 0, &os, &attr) == 0);
        QCOMPARE(int(os), ZIP_OPSYS_UNIX);
        QCOMPARE((attr >> 16) & 0170000u, 0120000u);
    }

    void smallBombInflatesExactly()
    {
        BombOptions o;
        o.zeroBytes = 64ull << 20;
        o.others = {textFile("cuda/include/cudnn_version.h", versionHeaderText(8, 2, 0))};
        const std::string zipPath = path("bomb64.zip");
        std::string error;
        std::uint64_t compressed = 0;
        QVERIFY2(writeDeflateBomb(zipPath, o, &error, &compressed), error.c_str());
        QVERIFY2(double(o.zeroBytes) / double(compressed) > 900.0, qPrintable(QString::number(compressed)));
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        zip_stat_t st;
        QVERIFY(zip_stat(z.get(), o.entryName.c_str(), 0, &st) == 0);
        QCOMPARE(std::uint64_t(st.size), o.zeroBytes);
        QCOMPARE(std::uint64_t(st.comp_size), compressed);
        std::uint64_t total = 0;
        QVERIFY(readEntry(z.get(), st.index, nullptr, &total));  // CRC checked by libzip at the end
        QCOMPARE(total, o.zeroBytes);
    }

    void gigabyteBombIsSmallAndQuick()
    {
        BombOptions o;  // 1 GiB of zeros
        const std::string zipPath = path("bomb.zip");
        std::string error;
        std::uint64_t compressed = 0;
        QElapsedTimer t;
        t.start();
        QVERIFY2(writeDeflateBomb(zipPath, o, &error, &compressed), error.c_str());
        QVERIFY2(t.elapsed() < 20000, "bomb generation must not inflate or hold the gigabyte");
        QVERIFY(compressed < (1u << 30) / 900);
        QCOMPARE(std::filesystem::file_size(zipPath) < 1200000u, true);
        Zip z = openZip(zipPath, ZIP_CHECKCONS);
        QVERIFY(z);
        zip_stat_t st;
        QVERIFY(zip_stat(z.get(), o.entryName.c_str(), 0, &st) == 0);
        QCOMPARE(std::uint64_t(st.size), std::uint64_t(1) << 30);
        // Check the first MiB inflates to zeros without reading the rest.
        std::unique_ptr<zip_file_t, FileClose> f(zip_fopen_index(z.get(), st.index, 0));
        QVERIFY(f);
        std::vector<std::uint8_t> head(1 << 20, 0xFF);
        QCOMPARE(zip_fread(f.get(), head.data(), head.size()), zip_int64_t(head.size()));
        QVERIFY(std::all_of(head.begin(), head.end(), [](std::uint8_t b) { return b == 0; }));
    }

    void patchHelpersReportMissingEntries()
    {
        const std::string zipPath = path("plain.zip");
        std::string error;
        QVERIFY(writeZip(zipPath, cudnnWindowsRelease({}), &error));
        error.clear();
        QVERIFY(!setEncryptedFlag(zipPath, "cuda/bin/absent.dll", &error));
        QVERIFY(error.find("absent.dll") != std::string::npos);
        QVERIFY(!zipEntryLocations(path("does-not-exist.zip"), &error).size());
    }
};

QTEST_GUILESS_MAIN(TestFixtures)
#include "tst_fixtures.moc"
