// Archives as big as NVIDIA's current ones and bigger: a 9.27-shaped zip of about 2.4 GB whose largest
// entry is 2.3 GB (past 2 GiB: every offset and size must be 64-bit clean), and one of about 4.6 GB whose
// largest entry is 4.5 GB (past 4 GiB: its sizes, the next entry's local-header offset and the central
// directory's offset only fit in zip64 fields). Each is verified with the full pass and at hashing speed,
// then installed in one pass, with memory bounded (64 MiB) in every phase. Stored entries keep the
// generation fast; the data is streamed, never held, and each archive is deleted after its row.
#include "archive/verifier.h"
#include "installfixture.h"
#include "install/installflow.h"
#include "install/statedir.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

using namespace cudnnsetup;
using namespace installtest;

namespace {
constexpr std::uint64_t k2GiB = 1ull << 31, k4GiB = 1ull << 32;
constexpr long kMemoryBoundKiB = 64 * 1024;

}  // namespace

// Under AddressSanitizer (the sanitize tree, where this suite runs in .ci/run) freed memory waits
// in a quarantine of 256 MB before reuse, so the peak resident size grows by what the program
// freed, not only by what it holds: the install step measured 151 MB. A 16 MB quarantine still
// catches a use soon after a free, and the bound then measures what the program holds again.
// ASAN_OPTIONS set by the caller win over these defaults.
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=16"; }

namespace {
const char* const kBigName = "cudnn_engines_precompiled64_9.dll";
const char* const kAfterBig = "cudnn_ops64_9.dll";  // written after the big entry

// Peak resident memory since the last reset. Linux resets the high-water mark when 5 is written to
// /proc/self/clear_refs, so each phase is measured alone; elsewhere (or if that fails) the process's
// peak so far minus the baseline, which is stricter.
struct PeakMemory {
    long baseline = 0;
    bool resettable = false;
    static long statusKiB(const char* key)
    {
        std::ifstream in("/proc/self/status");
        for (std::string line; std::getline(in, line);)
            if (line.rfind(key, 0) == 0)
                return std::stol(line.substr(std::strlen(key)));
        return -1;
    }
    static long maxRssKiB()
    {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return u.ru_maxrss;
    }
    void reset()
    {
        std::ofstream clear("/proc/self/clear_refs");
        clear << "5";
        clear.flush();
        resettable = clear.good() && statusKiB("VmHWM:") >= 0;
        baseline = resettable ? statusKiB("VmRSS:") : maxRssKiB();
    }
    long grownKiB() const { return (resettable ? statusKiB("VmHWM:") : maxRssKiB()) - baseline; }
};

std::uint32_t le32(const unsigned char* p) { return p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24; }
std::uint64_t le64(const unsigned char* p) { return le32(p) | std::uint64_t(le32(p + 4)) << 32; }

// The zip64 records as written (read here independently of core's reader): the end record's 32-bit
// fields saturated, the zip64 locator and end record giving the real central directory offset, and the
// central records of the big entry (sizes in a zip64 extra) and of the entry after it (its local-header
// offset in a zip64 extra when past 4 GiB).
struct Zip64Facts {
    bool eocdSaturated = false, locator = false, zip64Eocd = false;
    std::uint64_t cdOffset = 0, bigSize = 0, bigCompressed = 0, afterBigOffset = 0;
    bool bigSizesInExtra = false, afterBigOffsetInExtra = false, localNameMatches = false, localSizesSaturated = false;
    QString error;
};
Zip64Facts readZip64Facts(const QString& path, std::uint64_t fileSize)
{
    Zip64Facts z;
    auto fail = [&z](const char* why) {
        z.error = why;
        return z;
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail("cannot open");
    auto readAt = [&](std::uint64_t at, std::size_t n) {
        f.seek(qint64(at));
        return f.read(qint64(n));
    };
    const QByteArray eocd = readAt(fileSize - 22, 22);  // libzip writes no archive comment
    const auto* e = reinterpret_cast<const unsigned char*>(eocd.constData());
    if (eocd.size() != 22 || le32(e) != 0x06054b50)
        return fail("no end of central directory record at the end");
    z.eocdSaturated = le32(e + 16) == 0xFFFFFFFFu;
    const QByteArray loc = readAt(fileSize - 22 - 20, 20);
    const auto* l = reinterpret_cast<const unsigned char*>(loc.constData());
    z.locator = loc.size() == 20 && le32(l) == 0x07064b50;
    std::uint64_t cdSize = le32(e + 12);
    z.cdOffset = le32(e + 16);
    if (z.locator) {  // where a 32-bit field cannot hold the values (libzip writes it only then)
        const QByteArray rec = readAt(le64(l + 8), 56);
        const auto* r = reinterpret_cast<const unsigned char*>(rec.constData());
        z.zip64Eocd = rec.size() == 56 && le32(r) == 0x06064b50;
        if (!z.zip64Eocd)
            return fail("no zip64 end of central directory record where the locator points");
        cdSize = le64(r + 40);
        z.cdOffset = le64(r + 48);
    }
    const QByteArray cd = readAt(z.cdOffset, std::size_t(cdSize));
    for (qsizetype at = 0; at + 46 <= cd.size();) {
        const auto* c = reinterpret_cast<const unsigned char*>(cd.constData() + at);
        if (le32(c) != 0x02014b50)
            return fail("a central record without its signature");
        const std::uint16_t nameLen = c[28] | c[29] << 8, extraLen = c[30] | c[31] << 8, commentLen = c[32] | c[33] << 8;
        const QByteArray name = cd.mid(at + 46, nameLen);
        std::uint64_t compressed = le32(c + 20), size = le32(c + 24), offset = le32(c + 42);
        const bool needCompressed = compressed == 0xFFFFFFFFu, needSize = size == 0xFFFFFFFFu,
                   needOffset = offset == 0xFFFFFFFFu;
        bool inExtra = false;
        for (qsizetype x = at + 46 + nameLen; x + 4 <= at + 46 + nameLen + extraLen;) {
            const auto* h = reinterpret_cast<const unsigned char*>(cd.constData() + x);
            const std::uint16_t id = h[0] | h[1] << 8, len = h[2] | h[3] << 8;
            if (id == 0x0001) {  // the zip64 extra: only the saturated fields, in this order
                const unsigned char* v = h + 4;
                if (needSize)
                    size = le64(v), v += 8;
                if (needCompressed)
                    compressed = le64(v), v += 8;
                if (needOffset)
                    offset = le64(v);
                inExtra = true;
            }
            x += 4 + len;
        }
        if (name.endsWith(kBigName)) {
            z.bigSize = size;
            z.bigCompressed = compressed;
            z.bigSizesInExtra = needSize && needCompressed && inExtra;
            // Its local header names the same entry, and (zip64) saturates its sizes too.
            const QByteArray local = readAt(offset, 30 + nameLen);
            const auto* lh = reinterpret_cast<const unsigned char*>(local.constData());
            z.localNameMatches = local.size() == 30 + nameLen && le32(lh) == 0x04034b50 && local.mid(30) == name;
            z.localSizesSaturated = z.localNameMatches && le32(lh + 22) == 0xFFFFFFFFu;
        }
        if (name.endsWith(kAfterBig)) {
            z.afterBigOffset = offset;
            z.afterBigOffsetInExtra = needOffset && inExtra;
        }
        at += 46 + nameLen + extraLen + commentLen;
    }
    return z;
}
}  // namespace

class TestBigArchive : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void verifiesAndInstalls_data()
    {
        QTest::addColumn<qulonglong>("body");     // the big DLL's generated code
        QTest::addColumn<qulonglong>("overlay");  // zeros after its sections (a PE image itself stays below 4 GiB)
        QTest::addColumn<qulonglong>("past");     // the boundary its size and the archive must pass
        QTest::newRow("2.3 GB entry, past 2 GiB") << 2'300'000'000ull << 0ull << qulonglong(k2GiB);
        QTest::newRow("4.5 GB entry, past 4 GiB (zip64 fields)") << 64ull * 1024 << 4'500'000'000ull << qulonglong(k4GiB);
    }
    void verifiesAndInstalls()
    {
        QFETCH(qulonglong, body);
        QFETCH(qulonglong, overlay);
        QFETCH(qulonglong, past);
        const QString dir = m_dir.filePath(QString::number(past));
        QVERIFY(QDir().mkpath(dir));
        PeakMemory memory;
        memory.reset();
        fixtures::ReleaseSpec spec;
        spec.cudnn = "9.27.0.42";
        spec.cuda = "12";
        spec.store = true;
        spec.streamDlls = true;
        spec.dllRandomShare = 0.0;
        spec.dllBodyBytes = 64 * 1024;
        spec.dllBodyBytesByName[kBigName] = body;
        spec.dllOverlayBytes[kBigName] = overlay;
        // After the big entry, so that its data (and the central directory) start past the boundary.
        spec.dllBodyBytesByName[kAfterBig] = 8u << 20;
        const QString archive = makeRelease(dir, spec).path;
        const std::uint64_t archiveSize = std::uint64_t(QFileInfo(archive).size());
        QVERIFY(archiveSize > past);
        QVERIFY2(memory.grownKiB() < kMemoryBoundKiB, qPrintable("writing: " + QString::number(memory.grownKiB())));

        // The records really are zip64 where a 32-bit field cannot hold the value.
        const Zip64Facts z = readZip64Facts(archive, archiveSize);
        QVERIFY2(z.error.isEmpty(), qPrintable(z.error));
        QVERIFY(z.bigSize > past && z.bigCompressed == z.bigSize);
        QVERIFY(z.localNameMatches);
        QVERIFY(z.afterBigOffset > past);
        if (past >= k4GiB) {
            QVERIFY(z.eocdSaturated && z.locator && z.zip64Eocd);
            QVERIFY(z.cdOffset > k4GiB);
            QVERIFY(z.bigSizesInExtra);
            QVERIFY(z.localSizesSaturated);
            QVERIFY(z.afterBigOffsetInExtra);
        }

        memory.reset();
        const VerifyResult full = verifyArchive(archive.toStdString(), {});
        QVERIFY2(full.ok(), toJson(full).dump(1).c_str());
        QVERIFY(full.crcChecked);
        QCOMPARE(full.size, archiveSize);
        bool big = false;
        for (const auto& e : full.entries)
            big = big || (e.path.ends_with(kBigName) && e.size > past && e.size == z.bigSize);
        QVERIFY(big);
        QVERIFY2(memory.grownKiB() < kMemoryBoundKiB, qPrintable("full verify: " + QString::number(memory.grownKiB())));

        // At hashing speed when a manifest lists these bytes.
        const QString manifest = dir + "/redistrib_9.27.0.json";
        QFile f(manifest);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString::fromUtf8(R"({"cudnn": {"version": "9.27.0.42", "windows-x86_64": {"cuda12": {
            "relative_path": "cudnn/windows-x86_64/%1", "sha256": "%2", "size": "%3"}}}})")
                    .arg(QFileInfo(archive).fileName(), QString::fromStdString(full.sha256), QString::number(archiveSize))
                    .toUtf8());
        f.close();
        memory.reset();
        VerifyOptions vo;
        vo.manifestPath = manifest.toStdString();
        const VerifyResult fast = verifyArchive(archive.toStdString(), vo);
        QVERIFY2(fast.ok(), toJson(fast).dump(1).c_str());
        QVERIFY(!fast.crcChecked);
        QVERIFY(fast.authenticity == Authenticity::Manifest);
        QCOMPARE(fast.sha256, full.sha256);
        QVERIFY2(memory.grownKiB() < kMemoryBoundKiB, qPrintable("fast verify: " + QString::number(memory.grownKiB())));

        // Installed in one pass: staged from the verifying read, the big file complete.
        const QString toolkit = dir + "/CUDA/v12.9";
        makeToolkit(toolkit, "12.9.0");  // the archive is a CUDA 12 build
        FlowOptions o;
        o.stateDir = (dir + "/state").toStdString();
        o.allowUnknown = true;
        o.noPath = true;
        o.threads = 2;
        memory.reset();
        const FlowResult installed = installArchive(archive.toStdString(), toolkit.toStdString(), o);
        QVERIFY(installed.status == FlowStatus::Applied);
        QVERIFY2(installed.outcome->ok,
                 installed.outcome->problems.empty() ? "" : installed.outcome->problems[0].message.c_str());
        QVERIFY(installed.stagedWhileVerifying);
        QVERIFY2(memory.grownKiB() < kMemoryBoundKiB, qPrintable("install: " + QString::number(memory.grownKiB())));
        const QFileInfo dll(toolkit + "/bin/x64/" + kBigName);
        QVERIFY(dll.exists());
        QCOMPARE(std::uint64_t(dll.size()), z.bigSize);
        // Its last bytes are the overlay (or the last section) as written: the copy is complete.
        QFile copy(dll.filePath());
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QVERIFY(copy.seek(dll.size() - 4096));
        const QByteArray tail = copy.read(4096);
        QCOMPARE(tail.size(), 4096);
        if (overlay > 0)
            QCOMPARE(tail, QByteArray(4096, '\0'));
        copy.close();

        // Give the disk back before the next row (the archive, its copy and the backups).
        QVERIFY(QDir(dir).removeRecursively());
    }
};

QTEST_GUILESS_MAIN(TestBigArchive)
#include "tst_bigarchive.moc"
