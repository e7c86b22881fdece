#include "fixtures/pebuilder.h"
#include "formats/pereader.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;

Q_DECLARE_METATYPE(cudnnsetup::fixtures::PeDefect)
Q_DECLARE_METATYPE(cudnnsetup::fixtures::PeArch)

namespace {
PeOptions withVersion(const char* v, PeArch arch = PeArch::X64)
{
    PeOptions o;
    o.arch = arch;
    o.fileVersion = v;
    o.bodyBytes = 3000;
    return o;
}
}  // namespace

class TestPeReader : public QObject {
    Q_OBJECT
private slots:
    void wellFormed_data()
    {
        QTest::addColumn<int>("arch");
        QTest::addColumn<QString>("version");  // empty: no VERSIONINFO
        QTest::addColumn<bool>("resources");
        QTest::addColumn<bool>("dll");
        QTest::addColumn<quint16>("machine");
        QTest::addColumn<quint16>("magic");
        QTest::addColumn<bool>("x64");
        QTest::newRow("x64 dll 8.2.0.53") << int(PeArch::X64) << "8.2.0.53" << true << true << quint16(0x8664) << quint16(0x20B) << true;
        QTest::newRow("x64 dll 9.10.0.56") << int(PeArch::X64) << "9.10.0.56" << true << true << quint16(0x8664) << quint16(0x20B) << true;
        QTest::newRow("x64 large fields 65535.1.2.3") << int(PeArch::X64) << "65535.1.2.3" << true << true << quint16(0x8664) << quint16(0x20B) << true;
        QTest::newRow("i386 dll") << int(PeArch::I386) << "8.2.0.53" << true << true << quint16(0x14C) << quint16(0x10B) << false;
        QTest::newRow("arm64 dll") << int(PeArch::Arm64) << "8.9.7.29" << true << true << quint16(0xAA64) << quint16(0x20B) << false;
        QTest::newRow("x64 exe, not a dll") << int(PeArch::X64) << "1.2.3.4" << true << false << quint16(0x8664) << quint16(0x20B) << true;
        QTest::newRow("no resource section") << int(PeArch::X64) << "" << false << true << quint16(0x8664) << quint16(0x20B) << true;
        QTest::newRow("resources without version") << int(PeArch::X64) << "" << true << true << quint16(0x8664) << quint16(0x20B) << true;
    }
    void wellFormed()
    {
        QFETCH(int, arch);
        QFETCH(QString, version);
        QFETCH(bool, resources);
        QFETCH(bool, dll);
        QFETCH(quint16, machine);
        QFETCH(quint16, magic);
        QFETCH(bool, x64);
        PeOptions o;
        o.arch = static_cast<PeArch>(arch);
        if (!version.isEmpty())
            o.fileVersion = version.toStdString();
        o.resources = resources;
        o.dll = dll;
        o.bodyBytes = 5000;
        const auto image = buildPe(o);
        const PeInfo info = readPe(image);
        QVERIFY2(info.isPe, info.error.c_str());
        QCOMPARE(info.machine, machine);
        QCOMPARE(info.optionalMagic, magic);
        QCOMPARE(info.isDll, dll);
        QCOMPARE(info.isX64(), x64);
        if (version.isEmpty()) {
            QVERIFY(!info.fileVersion);
            QVERIFY(!info.error.empty());
        } else {
            QVERIFY2(info.fileVersion, info.error.c_str());
            QCOMPARE(QString::fromStdString(*info.fileVersion), version);
            QVERIFY2(info.error.empty(), info.error.c_str());
        }
    }

    void fileDescription_data()
    {
        QTest::addColumn<QString>("version");      // "" = no VS_FIXEDFILEINFO
        QTest::addColumn<QString>("description");  // the FileDescription written
        QTest::addColumn<int>("body");
        QTest::newRow("with the fixed info") << "8.2.0.53" << "NVIDIA CUDA Deep Neural Network Library 8.2.0.53" << 3000;
        QTest::newRow("description only, no fixed info") << "" << "cuDNN 9.10.0.56" << 3000;
        QTest::newRow("NVIDIA's scheme in both") << "6.14.11.9020" << "NVIDIA cuDNN 6.14.11.9020" << 3000;
        QTest::newRow("non-ASCII text") << "9.27.0.42" << QString::fromUtf8("NVIDIA\u00ae cuDNN \u2013 9.27") << 3000;
        QTest::newRow("empty") << "8.9.7.29" << "" << 3000;
        QTest::newRow("resources past the stream head") << "8.9.7.29" << "cuDNN 8.9.7" << 300000;
    }
    void fileDescription()
    {
        QFETCH(QString, version);
        QFETCH(QString, description);
        QFETCH(int, body);
        PeOptions o;
        if (!version.isEmpty())
            o.fileVersion = version.toStdString();
        o.fileDescription = description.toStdString();
        o.bodyBytes = std::uint64_t(body);
        const auto image = buildPe(o);
        for (const PeInfo& info : {readPe(image), [&] {
                 PeStreamReader r;  // the scanner's way: the image in 64 KiB pieces
                 for (std::size_t at = 0; at < image.size(); at += 65536)
                     r.feed(image.data() + at, std::min<std::size_t>(65536, image.size() - at));
                 return r.finish();
             }()}) {
            QVERIFY(info.isX64());
            QVERIFY2(info.fileDescription, info.error.c_str());
            QCOMPARE(QString::fromStdString(*info.fileDescription), description);
            QCOMPARE(QString::fromStdString(info.fileVersion.value_or("")), version);
            QCOMPARE(info.error.empty(), !version.isEmpty());  // no fixed info is said, not hidden
        }
        o.fileDescription.reset();
        if (!version.isEmpty())
            QVERIFY(!readPe(buildPe(o)).fileDescription);  // no string table: no description
    }

    void fileDescriptionDamaged_data()
    {
        QTest::addColumn<PeDefect>("defect");
        QTest::addColumn<QString>("expected");  // "" = none found
        QTest::newRow("String node longer than its table") << PeDefect::DescriptionLengthHuge << "";
        QTest::newRow("key without NUL") << PeDefect::DescriptionKeyUnterminated << "";
        QTest::newRow("value without NUL: read to the node's end") << PeDefect::DescriptionUnterminated << "cuDNN 8.2.0.53";
    }
    void fileDescriptionDamaged()
    {
        QFETCH(PeDefect, defect);
        QFETCH(QString, expected);
        PeOptions o = withVersion("8.2.0.53");
        o.fileDescription = "cuDNN 8.2.0.53";
        o.defect = defect;
        const auto image = buildPe(o);
        const PeInfo info = readPe(image);
        QCOMPARE(QString::fromStdString(info.fileDescription.value_or("")), expected);
        QCOMPARE(info.fileDescription.has_value(), !expected.isEmpty());
        // The string tables only add evidence: their damage costs nothing else.
        QCOMPARE(info.fileVersion.value_or("none"), std::string("8.2.0.53"));
        QVERIFY2(info.error.empty(), info.error.c_str());
    }

    void readsFromFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto image = buildPe(withVersion("8.9.7.29"));
        const std::string path = dir.filePath("cudnn64_8.dll").toStdString();
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(image.data()), std::streamsize(image.size()));
        const PeInfo info = readPeFile(path);
        QVERIFY(info.isX64());
        QCOMPARE(info.fileVersion.value_or("none"), std::string("8.9.7.29"));
        // maxBytes below the resource section: the reader must not look past it.
        const PeInfo cut = readPeFile(path, 0x400);
        QVERIFY(cut.isX64());
        QVERIFY(!cut.fileVersion);
        QVERIFY(!readPeFile(dir.filePath("absent.dll").toStdString()).isPe);
    }

    // Data directory 4 (the security directory) holds a file offset, not an RVA: where an Authenticode
    // signature's WIN_CERTIFICATE records lie, in the overlay after the last section. The signed
    // programs themselves: package.sign (tests/wine/run-sign.sh).
    void certificateTable()
    {
        PeOptions o = withVersion("9.1.0.70");
        o.overlayBytes = 1024;
        auto image = buildPe(o);
        QVERIFY(!readPe(image).certificateTable);  // the entry is empty: unsigned
        const std::size_t lfanew = image[0x3C] | (image[0x3D] << 8) | (image[0x3E] << 16) | (std::size_t{image[0x3F]} << 24);
        const std::size_t entry = lfanew + 4 + 20 + 112 + 4 * 8;  // PE32+: the directories at 112
        const auto put = [&](std::size_t at, std::uint32_t v) {
            for (int i = 0; i < 4; ++i)
                image[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
        };
        const std::uint64_t size = image.size();
        put(entry, static_cast<std::uint32_t>(size - 1024));
        put(entry + 4, 1024);
        const PeInfo info = readPe(image);
        QVERIFY(info.certificateTable);
        QCOMPARE(info.certificateTable->first, size - 1024);
        QCOMPARE(info.certificateTable->second, std::uint64_t{1024});
        QCOMPARE(info.fileVersion.value_or("none"), std::string("9.1.0.70"));  // the rest read as before
        PeStreamReader stream;
        stream.feed(image.data(), image.size());
        QCOMPARE(stream.finish().certificateTable, info.certificateTable);
        // A table that runs past the end of the file, or starts beyond it, is not reported.
        put(entry + 4, 1025);
        QVERIFY(!readPe(image).certificateTable);
        put(entry, 0xFFFFFFF0u);
        put(entry + 4, 0x100);
        QVERIFY(!readPe(image).certificateTable);
        // An offset without a size is no table.
        put(entry, static_cast<std::uint32_t>(size - 1024));
        put(entry + 4, 0);
        QVERIFY(!readPe(image).certificateTable);
    }

    void streamReaderMatchesSpanReader_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::addColumn<qulonglong>("body");
        QTest::newRow("1-byte chunks, small body") << 1 << 700ull;
        QTest::newRow("7-byte chunks") << 7 << 5000ull;
        QTest::newRow("64 KiB chunks, body past the head limit") << 65536 << 300000ull;
        QTest::newRow("whole image in one chunk") << 1 << 0ull;
    }
    void streamReaderMatchesSpanReader()
    {
        QFETCH(int, chunk);
        QFETCH(qulonglong, body);
        PeOptions o = withVersion("8.2.4.15");
        o.bodyBytes = body;
        const auto image = buildPe(o);
        PeStreamReader r;
        const std::size_t step = body == 0 ? image.size() : std::size_t(chunk);
        for (std::size_t at = 0; at < image.size(); at += step)
            r.feed(image.data() + at, std::min(step, image.size() - at));
        const PeInfo info = r.finish();
        QVERIFY(info.isX64());
        QCOMPARE(info.fileVersion.value_or("none"), std::string("8.2.4.15"));
    }

    // The parallel inflate passes over the bytes the stream reader says it does not need
    // (needs() false: skip() instead of feed()): what it reads must be the same.
    void streamReaderSkipsOnlyWhatItDoesNotNeed_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::addColumn<qulonglong>("body");
        QTest::addColumn<bool>("resources");
        QTest::newRow("4 KiB chunks, 300 KB body") << 4096 << 300000ull << true;
        QTest::newRow("64 KiB chunks, 4 MB body") << 65536 << 4000000ull << true;
        QTest::newRow("1 MiB chunks, 4 MB body") << 1048576 << 4000000ull << true;
        QTest::newRow("7-byte chunks, small body") << 7 << 5000ull << true;
        QTest::newRow("no resource section, 64 KiB chunks") << 65536 << 1000000ull << false;
    }
    void streamReaderSkipsOnlyWhatItDoesNotNeed()
    {
        QFETCH(int, chunk);
        QFETCH(qulonglong, body);
        QFETCH(bool, resources);
        PeOptions o = withVersion("9.27.0.42");
        o.fileDescription = "NVIDIA CUDA Deep Neural Network Library";
        o.imports = {"cublas64_12.dll"};
        o.bodyBytes = body;
        o.resources = resources;
        const auto image = buildPe(o);
        PeStreamReader all, some;
        std::uint64_t skipped = 0;
        for (std::size_t at = 0; at < image.size(); at += std::size_t(chunk)) {
            const std::size_t n = std::min(std::size_t(chunk), image.size() - at);
            all.feed(image.data() + at, n);
            if (some.needs(at, n)) {
                some.feed(image.data() + at, n);
            } else {
                some.skip(n);
                skipped += n;
            }
        }
        QVERIFY(some.needs(0, 1));  // the head is always needed
        const PeInfo a = all.finish(), b = some.finish();
        QCOMPARE(b.isX64(), a.isX64());
        QCOMPARE(b.fileVersion, a.fileVersion);
        QCOMPARE(b.fileDescription, a.fileDescription);
        QCOMPARE(b.importsRead, a.importsRead);
        QCOMPARE(b.imports, a.imports);
        QCOMPARE(b.imports, o.imports);  // passing over the body loses none of the import table
        QCOMPARE(b.error, a.error);
        if (resources)
            QCOMPARE(b.fileVersion.value_or("none"), std::string("9.27.0.42"));
        // Big images are mostly passed over: the point of asking.
        if (body >= 1000000)
            QVERIFY2(skipped > image.size() / 2, qPrintable(QString("skipped only %1 of %2 bytes").arg(skipped).arg(image.size())));
    }

    void imports_data()
    {
        QTest::addColumn<QStringList>("imports");
        QTest::addColumn<int>("arch");
        QTest::addColumn<bool>("resources");
        QTest::newRow("no import table") << QStringList() << int(PeArch::X64) << true;
        QTest::newRow("8.2 cudnn_ops_infer64_8.dll")
            << QStringList{"cublas64_11.dll", "cublasLt64_11.dll", "KERNEL32.dll"} << int(PeArch::X64) << true;
        QTest::newRow("8.3+ with zlibwapi") << QStringList{"zlibwapi.dll", "cudnn_ops_infer64_8.dll"} << int(PeArch::X64)
                                            << true;
        QTest::newRow("i386 image") << QStringList{"MSVCP140.dll"} << int(PeArch::I386) << true;
        QTest::newRow("no resource section") << QStringList{"cudart64_110.dll"} << int(PeArch::X64) << false;
    }
    void imports()
    {
        QFETCH(QStringList, imports);
        QFETCH(int, arch);
        QFETCH(bool, resources);
        PeOptions o = withVersion("8.2.0.53", static_cast<PeArch>(arch));
        o.resources = resources;
        o.bodyBytes = 100000;  // .idata beyond the 64 KiB a stream reader keeps of the head
        for (const QString& name : imports)
            o.imports.push_back(name.toStdString());
        const auto image = buildPe(o);
        std::vector<std::string> expected(o.imports.begin(), o.imports.end());

        const PeInfo info = readPe(image);
        QVERIFY(info.importsRead);
        QCOMPARE(info.imports, expected);
        if (resources)
            QCOMPARE(info.fileVersion.value_or("none"), std::string("8.2.0.53"));

        QTemporaryDir dir;
        const std::string path = dir.filePath("x.dll").toStdString();
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(image.data()), std::streamsize(image.size()));
        const PeInfo fromFile = readPeFile(path);
        QVERIFY(fromFile.importsRead);
        QCOMPARE(fromFile.imports, expected);

        // A stream keeps the import descriptors and the names they point at too (verify needs them
        // for the build's CUDA major), fed whole or in the scanner's 64 KiB pieces.
        for (const std::size_t step : {image.size(), std::size_t(65536), std::size_t(3)}) {
            PeStreamReader stream;
            for (std::size_t at = 0; at < image.size(); at += step)
                stream.feed(image.data() + at, std::min(step, image.size() - at));
            const PeInfo streamed = stream.finish();
            QVERIFY(streamed.importsRead);
            QCOMPARE(streamed.imports, expected);
        }
    }

    void importsDamaged_data()
    {
        QTest::addColumn<PeDefect>("defect");
        QTest::newRow("import RVA out of range") << PeDefect::ImportRvaOutOfRange;
        QTest::newRow("name without NUL") << PeDefect::ImportNameUnterminated;
        QTest::newRow("descriptor table never ends") << PeDefect::ImportDescriptorsEndless;
    }
    void importsDamaged()
    {
        QFETCH(PeDefect, defect);
        PeOptions o = withVersion("8.2.0.53");
        o.imports = {"cublas64_11.dll", "cublasLt64_11.dll"};
        o.defect = defect;
        const auto image = buildPe(o);
        const PeInfo info = readPe(image);
        // The table is not trusted in part; the version (what verification needs) is unaffected.
        QVERIFY(!info.importsRead);
        QVERIFY(info.imports.empty());
        QCOMPARE(info.fileVersion.value_or("none"), std::string("8.2.0.53"));
        QVERIFY2(info.error.empty(), info.error.c_str());
        // Every cut of the damaged image as well: nothing may read outside it.
        for (std::size_t n = 0; n < image.size(); ++n) {
            std::vector<std::uint8_t> cut(image.begin(), image.begin() + std::ptrdiff_t(n));
            const PeInfo part = readPe(cut);
            QVERIFY(!part.importsRead || part.imports.empty() || part.imports.size() <= 2);
        }
    }

    void importsTruncatedAndMutated()
    {
        PeOptions o = withVersion("8.2.0.53");
        o.imports = {"cublas64_11.dll", "cublasLt64_11.dll", "zlibwapi.dll"};
        const auto full = buildPe(o);
        int complete = 0;
        for (std::size_t n = 0; n < full.size(); ++n) {
            std::vector<std::uint8_t> cut(full.begin(), full.begin() + std::ptrdiff_t(n));
            const PeInfo info = readPe(cut);
            if (info.importsRead) {
                ++complete;
                QVERIFY2(info.imports == o.imports, qPrintable(QString("cut at %1 of %2: %3 imports").arg(n).arg(full.size()).arg(info.imports.size())));
            }
        }
        QVERIFY(complete > 0);  // cuts inside the last section's padding keep the whole table
        std::uint64_t state = 777;
        auto next = [&state] {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return std::uint32_t(state >> 33);
        };
        for (int round = 0; round < 3000; ++round) {
            auto image = full;
            for (int i = 0, flips = 1 + int(next() % 4); i < flips; ++i)
                image[full.size() - 0x200 + next() % 0x200] = std::uint8_t(next());
            const PeInfo info = readPe(image);
            for (const std::string& name : info.imports)
                QVERIFY(!name.empty() && name.size() < 256);
        }
    }

    void truncatedAtEveryOffset_data()
    {
        QTest::addColumn<int>("arch");
        QTest::newRow("x64") << int(PeArch::X64);
        QTest::newRow("i386") << int(PeArch::I386);
    }
    void truncatedAtEveryOffset()
    {
        QFETCH(int, arch);
        const auto full = buildPe(withVersion("8.2.0.53", static_cast<PeArch>(arch)));
        int withVersionCount = 0;
        for (std::size_t n = 0; n < full.size(); ++n) {
            // A fresh allocation of exactly n bytes so ASan catches any read past the end.
            std::vector<std::uint8_t> cut(full.begin(), full.begin() + std::ptrdiff_t(n));
            const PeInfo info = readPe(cut);
            if (info.fileVersion) {
                ++withVersionCount;
                QCOMPARE(*info.fileVersion, std::string("8.2.0.53"));
            } else {
                QVERIFY2(!info.error.empty(), qPrintable(QString("no error at length %1").arg(n)));
            }
        }
        // The version block ends before the section's file padding, so cuts inside the padding still read it.
        QVERIFY(withVersionCount > 0);
        QVERIFY(withVersionCount < 0x200);
        QVERIFY(!readPe({}).isPe);
    }

    void malicious_data()
    {
        QTest::addColumn<PeDefect>("defect");
        QTest::addColumn<bool>("isPe");
        QTest::addColumn<QString>("errorFragment");
        QTest::newRow("e_lfanew huge") << PeDefect::LfanewHuge << false << "outside the file";
        QTest::newRow("e_lfanew negative") << PeDefect::LfanewNegative << false << "negative";
        QTest::newRow("bad PE signature") << PeDefect::BadPeSignature << false << "PE";
        QTest::newRow("unknown optional magic") << PeDefect::UnknownOptionalMagic << true << "magic";
        QTest::newRow("65535 sections") << PeDefect::HugeSectionCount << true << "";
        QTest::newRow("resource RVA out of range") << PeDefect::ResourceRvaOutOfRange << true << "outside every section";
        QTest::newRow("resource directory loop") << PeDefect::ResourceDirLoop << true << "loop";
        QTest::newRow("resource directory self loop") << PeDefect::ResourceSelfLoop << true << "loop";
        QTest::newRow("version data RVA+size overflow") << PeDefect::VersionDataRvaOverflow << true << "outside every section";
        QTest::newRow("huge resource entry count") << PeDefect::HugeResourceEntryCount << true << "";
        QTest::newRow("bad VS_FIXEDFILEINFO signature") << PeDefect::BadFixedInfoSignature << true << "0xFEEF04BD";
        QTest::newRow("bad VS_VERSION_INFO key") << PeDefect::BadVersionKey << true << "VS_VERSION_INFO";
    }
    void malicious()
    {
        QFETCH(PeDefect, defect);
        QFETCH(bool, isPe);
        QFETCH(QString, errorFragment);
        PeOptions o = withVersion("8.2.0.53");
        o.defect = defect;
        const auto image = buildPe(o);
        const PeInfo info = readPe(image);
        QCOMPARE(info.isPe, isPe);
        if (defect == PeDefect::HugeSectionCount || defect == PeDefect::HugeResourceEntryCount) {
            // Counts beyond the file are clipped to what is there; the real entries still parse.
            QCOMPARE(info.fileVersion.value_or("none"), std::string("8.2.0.53"));
            return;
        }
        QVERIFY(!info.fileVersion);
        QVERIFY2(QString::fromStdString(info.error).contains(errorFragment), info.error.c_str());
    }

    void randomMutationsNeverCrash()
    {
        // Seeded byte flips in the headers and the resource section (where the parser looks).
        const auto full = buildPe(withVersion("8.2.0.53"));
        std::uint64_t state = 12345;
        auto next = [&state] {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return std::uint32_t(state >> 33);
        };
        int stillRead = 0;
        for (int round = 0; round < 3000; ++round) {
            auto image = full;
            const int flips = 1 + int(next() % 4);
            for (int i = 0; i < flips; ++i) {
                const std::size_t at = (next() % 2) ? next() % 0x200 : full.size() - 0x200 + next() % 0x200;
                image[at] = std::uint8_t(next());
            }
            const PeInfo info = readPe(image);
            if (info.fileVersion)
                ++stillRead;
            else
                QVERIFY(!info.error.empty());
        }
        QVERIFY(stillRead > 0);  // most flips hit bytes the reader ignores
    }

    void maliciousAlsoTruncated()
    {
        // Every defect combined with every cut length: nothing may crash (ASan in the debug
        // preset), and a cut image never reports more than the whole one: no other version,
        // machine or import list, and a reason whenever the version went missing.
        int cutsWithVersion = 0;
        for (int d = int(PeDefect::None); d <= int(PeDefect::DescriptionKeyUnterminated); ++d) {
            PeOptions o = withVersion("8.2.0.53");
            o.fileDescription = "NVIDIA CUDA Deep Neural Network Library 8.2.0.53";
            o.defect = static_cast<PeDefect>(d);
            o.bodyBytes = 0;
            const auto full = buildPe(o);
            const PeInfo whole = readPe(full);
            for (std::size_t n = 0; n < full.size(); n += 3) {
                std::vector<std::uint8_t> cut(full.begin(), full.begin() + std::ptrdiff_t(n));
                const PeInfo got = readPe(cut);
                const QByteArray where = "defect " + QByteArray::number(d) + ", cut at " + QByteArray::number(qulonglong(n));
                if (got.fileVersion) {
                    ++cutsWithVersion;
                    QVERIFY2(whole.fileVersion && *got.fileVersion == *whole.fileVersion, where.constData());
                }
                if (got.fileDescription)
                    QVERIFY2(whole.fileDescription && *got.fileDescription == *whole.fileDescription, where.constData());
                if (got.isPe)
                    QVERIFY2(got.machine == whole.machine, where.constData());
                if (got.importsRead)
                    QVERIFY2(got.imports == whole.imports, where.constData());
                if (static_cast<PeDefect>(d) == PeDefect::None && got.isPe && !got.fileVersion)
                    QVERIFY2(!got.error.empty(), where.constData());
            }
        }
        QVERIFY(cutsWithVersion > 0);  // the cuts past the resource section still read it
    }
};

QTEST_GUILESS_MAIN(TestPeReader)
#include "tst_pereader.moc"
