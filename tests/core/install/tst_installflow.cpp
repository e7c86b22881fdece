// The shared install flow (core/install/installflow.h) and its one-pass staging: the
// verifier's tee gets exactly the inflated bytes, a failed or cancelled verification
// leaves nothing behind, and a one-pass install is byte-identical to the two-pass one.
#include "installfixture.h"

#include "archive/verifier.h"
#include "install/fileops.h"
#include "install/installflow.h"
#include "install/journal.h"
#include "install/prestage.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <atomic>
#include <map>
#include <mutex>

using namespace cudnnsetup;
using namespace installtest;

namespace {

// Real files whose writes fail with disk-full once `limit` bytes are written (negative: never).
class FillingFileOps : public FaultyFileOps {
public:
    FillingFileOps(FileOps& inner, std::int64_t limit) : FaultyFileOps(inner), m_limit(limit) {}
    Result<std::unique_ptr<OutputFile>> createFile(const std::string& path) override
    {
        auto inner = FaultyFileOps::createFile(path);
        if (!inner)
            return inner.error();
        return std::unique_ptr<OutputFile>(std::make_unique<Filling>(std::move(*inner), m_limit));
    }

private:
    struct Filling : OutputFile {
        Filling(std::unique_ptr<OutputFile> inner, std::int64_t limit) : m_inner(std::move(inner)), m_left(limit) {}
        Result<Unit> write(const void* data, std::size_t size) override
        {
            if (m_left >= 0 && std::int64_t(size) > m_left)
                return Error{"disk-full", "Injected disk-full while writing.", "FillingFileOps"};
            m_left -= m_left >= 0 ? std::int64_t(size) : 0;
            return m_inner->write(data, size);
        }
        Result<Unit> finish() override { return m_inner->finish(); }
        std::unique_ptr<OutputFile> m_inner;
        std::int64_t m_left;
    };
    std::int64_t m_limit;
};

class CollectingConsumer : public EntryConsumer {
public:
    CollectingConsumer(std::string& bytes, int& finishedIntact) : m_bytes(bytes), m_finished(finishedIntact) {}
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        m_bytes.append(reinterpret_cast<const char*>(data), size);
        return true;
    }
    void finish(bool intact) override { m_finished = intact ? 1 : 0; }

private:
    std::string& m_bytes;
    int& m_finished;
};

// Notes whether the toolkit's work folder exists while the archive is being read, and can
// cancel half-way through the read.
class WatchingProgress : public ProgressSink {
public:
    WatchingProgress(QString workFolder, CancelToken* cancelAtHalf) : m_work(std::move(workFolder)), m_cancel(cancelAtHalf) {}
    void onProgress(std::uint64_t done, std::uint64_t total) override
    {
        if (total && done * 2 >= total && done < total) {
            if (QDir(m_work).exists())
                m_sawWork = true;
            if (m_cancel)
                m_cancel->cancel();
        }
    }
    bool sawWork() const { return m_sawWork; }

private:
    QString m_work;
    CancelToken* m_cancel;
    std::atomic<bool> m_sawWork{false};
};

QByteArray unzipEntry(const QString& archive, const QString& entry)
{
    QProcess p;
    p.start("unzip", {"-p", archive, entry});
    p.waitForFinished(60000);
    return p.readAllStandardOutput();
}

}  // namespace

class TestInstallFlow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir* m_dir = nullptr;
    QString m_toolkit, m_state, m_pathFile;
    Release m_small, m_big;

    FlowOptions options()
    {
        FlowOptions o;
        o.stateDir = m_state.toStdString();
        o.allowUnknown = true;
        o.threads = 2;
        return o;
    }
    void checkNothingLeft(const QStringList& before, const QString& toolkit)
    {
        QCOMPARE(manifest(toolkit), before);
        QVERIFY(!QFile::exists(toolkit + "/.cudnn-setup"));
        QVERIFY(!QFile::exists(QString::fromStdString(journalPathIn(m_state.toStdString()))));
    }

private slots:
    void initTestCase()
    {
        static QTemporaryDir archives;
        fixtures::ReleaseSpec small;
        small.dllBodyBytes = 96 * 1024;
        m_small = makeRelease(archives.path(), small);
        fixtures::ReleaseSpec big;  // many 4 MiB read blocks: room to cancel half-way
        big.cudnn = "8.1.1.33";
        big.cuda = "11.2";
        big.dllBodyBytes = 6 * 1024 * 1024;
        m_big = makeRelease(archives.path(), big);
    }
    void init()
    {
        m_dir = new QTemporaryDir;
        m_toolkit = m_dir->path() + "/CUDA/v11.3";
        m_state = m_dir->path() + "/state";
        m_pathFile = m_dir->path() + "/system-path.txt";
        makeToolkit(m_toolkit);
        QFile f(m_pathFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("C:\\Windows;C:\\cuda\\v10.2\\bin");
        f.close();
        qputenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", m_pathFile.toUtf8());
    }
    void cleanup()
    {
        qunsetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE");
        delete m_dir;
        m_dir = nullptr;
    }

    void teeReceivesExactlyTheInflatedBytes()
    {
        std::mutex mutex;
        std::map<std::string, std::string> bytes;
        std::map<std::string, int> finished;
        std::map<std::string, std::pair<std::uint64_t, std::uint32_t>> declared;
        VerifyOptions vo;
        vo.threads = 3;
        vo.alsoConsume = [&](const ZipEntryInfo& e) -> std::unique_ptr<EntryConsumer> {
            std::lock_guard lock(mutex);
            declared[e.name] = {e.size, e.crc32};
            finished[e.name] = -1;
            return std::make_unique<CollectingConsumer>(bytes[e.name], finished[e.name]);
        };
        const VerifyResult v = verifyArchive(m_big.path.toStdString(), vo);
        QVERIFY2(v.ok(), v.problems.empty() ? "" : v.problems[0].message.c_str());
        QCOMPARE(bytes.size(), v.entries.size());
        for (const auto& [name, data] : bytes) {
            QCOMPARE(finished[name], 1);
            QCOMPARE(std::uint64_t(data.size()), declared[name].first);
            const auto crc = crc32(0, reinterpret_cast<const Bytef*>(data.data()), uInt(data.size()));
            QCOMPARE(std::uint32_t(crc), declared[name].second);
        }
        // And byte for byte what unzip extracts, for the largest entry and a header.
        for (const auto& [name, data] : bytes)
            if (name.ends_with("cudnn_cnn_infer64_8.dll") || name.ends_with("cudnn_version.h"))
                QVERIFY2(unzipEntry(m_big.path, QString::fromStdString(name)) == QByteArray::fromStdString(data),
                         name.c_str());
    }

    // Rule 4 of issue 30: a build's own CUDA major (its DLLs' imports, else its name) must be the
    // toolkit's; verify and the planner agree on the same shapes (tst_verifier, tst_diagnosis).
    void refusesABuildForAnotherCudaMajor_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");         // the archive name's
        QTest::addColumn<QStringList>("imports");  // every DLL's import table ("" = none)
        QTest::addColumn<QString>("toolkitCuda");  // version.json
        QTest::addColumn<int>("status");           // FlowStatus
        QTest::addColumn<QStringList>("says");     // in the cuda-major-mismatch message ("" = none expected)
        QTest::addColumn<QStringList>("names");    // every DLL's .rdata: the CUDA libraries cuDNN 9 loads by name
        const QStringList cublasLt12{"cublasLt64_12.dll", "KERNEL32.dll"};
        QTest::newRow("genuine 9.19 cuda12 build (imports cuBLASLt 12) into CUDA 12.6")
            << "9.19.0.99" << "12" << cublasLt12 << "12.6.3" << int(FlowStatus::Planned) << QStringList{} << QStringList{};
        QTest::newRow("9.19 cuda12 build (imports cuBLASLt 12) into CUDA 13.0")
            << "9.19.0.99" << "12" << cublasLt12 << "13.0.1" << int(FlowStatus::Refused)
            << QStringList{"is cuDNN 9.19.0.99 built for CUDA 12 (its DLLs import the CUDA 12 libraries)", "is CUDA 13.0",
                           "Install the cuDNN build for CUDA 13, an archive named ..._cuda13-archive"} << QStringList{};
        QTest::newRow("9.19 cuda12 build without CUDA imports (its name) into CUDA 13.0")
            << "9.19.0.99" << "12" << QStringList{} << "13.0.1" << int(FlowStatus::Refused)
            << QStringList{"built for CUDA 12 (its name says so)", "..._cuda13-archive"} << QStringList{};
        // Already verify's refusal: the name says 13, the imports 12 (the release also exists for 13).
        QTest::newRow("9.19 _cuda13-archive importing cublasLt64_12.dll into CUDA 13.0")
            << "9.19.0.99" << "13" << cublasLt12 << "13.0.1" << int(FlowStatus::BadArchive)
            << QStringList{"its name says CUDA 13, but", "imports cublasLt64_12.dll"} << QStringList{};
        QTest::newRow("8.9.7 cuda11 build (imports cublasLt64_11.dll) into CUDA 12.2")
            << "8.9.7.99" << "11" << QStringList{"cublas64_11.dll", "cublasLt64_11.dll"} << "12.2.0"
            << int(FlowStatus::Refused) << QStringList{"built for CUDA 11 (its DLLs import", "is CUDA 12.2", "..._cuda12-archive"} << QStringList{};
        QTest::newRow("genuine 8.9.7 cuda12 build into CUDA 12.2")
            << "8.9.7.99" << "12" << QStringList{"cublas64_12.dll", "cublasLt64_12.dll"} << "12.2.0"
            << int(FlowStatus::Planned) << QStringList{} << QStringList{};
        QTest::newRow("genuine 8.2 for CUDA 11.3 (cudart64_110.dll) into CUDA 11.8")
            << "8.2.0.99" << "11.3" << QStringList{"cublas64_11.dll", "cudart64_110.dll"} << "11.8.0"
            << int(FlowStatus::Planned) << QStringList{} << QStringList{};
        // cuDNN 9 imports no CUDA library: its DLLs name cublasLt64_12.dll in .rdata, and verify reads it there.
        const QStringList named12{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
        QTest::newRow("9.19 cuda12 build naming cublasLt64_12.dll (no import) into CUDA 13.0")
            << "9.19.0.99" << "12" << QStringList{} << "13.0.1" << int(FlowStatus::Refused)
            << QStringList{"built for CUDA 12 (its libraries name the CUDA 12 libraries they load at run time)",
                           "..._cuda13-archive"}
            << named12;
        QTest::newRow("9.19 _cuda13-archive naming cublasLt64_12.dll (no import) into CUDA 13.0")
            << "9.19.0.99" << "13" << QStringList{} << "13.0.1" << int(FlowStatus::BadArchive)
            << QStringList{"its name says CUDA 13, but", "names cublasLt64_12.dll"} << named12;
    }
    void refusesABuildForAnotherCudaMajor()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QStringList, imports);
        QFETCH(QString, toolkitCuda);
        QFETCH(int, status);
        QFETCH(QStringList, says);
        QFETCH(QStringList, names);
        fixtures::ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.dllBodyBytes = 100000;  // the import tables lie past the 64 KiB head a stream keeps
        if (!imports.isEmpty()) {
            spec.everyDllImports.emplace();
            for (const QString& i : imports)
                spec.everyDllImports->push_back(i.toStdString());
        }
        if (!names.isEmpty()) {
            spec.everyDllRdataStrings.emplace();
            for (const QString& n : names)
                spec.everyDllRdataStrings->push_back(n.toStdString());
        }
        QTemporaryDir dir;
        const QString archive = dir.filePath(QString::fromStdString(fixtures::releaseArchiveName(spec)));
        std::string error;
        QVERIFY2(fixtures::writeZip(archive.toStdString(), fixtures::cudnnWindowsRelease(spec), &error), error.c_str());
        const QString toolkit = dir.filePath("CUDA/v" + toolkitCuda.section('.', 0, 1));
        for (const char* sub : {"bin", "include", "lib/x64"})
            QVERIFY(QDir().mkpath(toolkit + "/" + sub));
        QFile version(toolkit + "/version.json");
        QVERIFY(version.open(QIODevice::WriteOnly));
        version.write(QStringLiteral(R"({"cuda":{"name":"CUDA SDK","version":"%1"}})").arg(toolkitCuda).toUtf8());
        version.close();
        const QStringList before = manifest(toolkit);
        FlowOptions o = options();
        o.applyHere = false;  // plan only (what the wizard does before it asks): Refused or Planned
        o.noPath = true;
        const FlowResult r = installArchive(archive.toStdString(), toolkit.toStdString(), o);
        QString all;
        for (const auto& p : r.problems)
            all += QString::fromStdString(p.code + ": " + p.message) + "\n";
        if (r.plan)
            for (const auto& p : r.plan->problems)
                all += QString::fromStdString(p.code + ": " + p.message) + "\n";
        QVERIFY2(int(r.status) == status, qPrintable(QString("status %1\n%2").arg(int(r.status)).arg(all)));
        QCOMPARE(all.contains("cuda-major-mismatch"), !says.isEmpty());
        for (const QString& s : says)
            QVERIFY2(all.contains(s), qPrintable(all));
        QCOMPARE(manifest(toolkit), before);  // a refusal changes nothing
    }

    void teeNeverCalledForAHostileArchive()
    {
        fixtures::ReleaseSpec s;
        s.extra.push_back(fixtures::textFile("cuda/../../evil/cudnn_evil.h", "// escapes"));
        const QString hostilePath = m_dir->path() + "/hostile.zip";
        std::string error;
        QVERIFY2(fixtures::writeZip(hostilePath.toStdString(), fixtures::cudnnWindowsRelease(s), &error), error.c_str());
        int calls = 0;
        VerifyOptions vo;
        vo.alsoConsume = [&](const ZipEntryInfo&) -> std::unique_ptr<EntryConsumer> {
            ++calls;
            return nullptr;
        };
        const VerifyResult v = verifyArchive(hostilePath.toStdString(), vo);
        QVERIFY(!v.ok());
        QCOMPARE(calls, 0);
        const QStringList before = manifest(m_toolkit);
        const FlowResult r = installArchive(hostilePath.toStdString(), m_toolkit.toStdString(), options());
        QVERIFY(r.status == FlowStatus::BadArchive);
        QVERIFY(r.exitCode() == ExitCode::Bad);
        checkNothingLeft(before, m_toolkit);
    }

    void failingVerificationLeavesNothing()
    {
        // Damage the middle of the archive: the scan fails a CRC (or the inflate) late.
        const QString damaged = m_dir->path() + "/damaged.zip";
        QVERIFY(QFile::copy(m_big.path, damaged));
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 at = f.size() / 2;
        f.seek(at);
        QByteArray chunk = f.read(64);
        for (auto& c : chunk)
            c = char(~c);
        f.seek(at);
        f.write(chunk);
        f.close();
        const QStringList before = manifest(m_toolkit);
        WatchingProgress watch(m_toolkit + "/.cudnn-setup", nullptr);
        FlowOptions o = options();
        o.progress = &watch;
        const FlowResult r = installArchive(damaged.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.status == FlowStatus::BadArchive);
        QVERIFY(r.exitCode() == ExitCode::Bad);
        QVERIFY(!r.problems.empty());
        QVERIFY(watch.sawWork());  // it was staging while verifying ...
        checkNothingLeft(before, m_toolkit);  // ... and took it all back
    }

    void unknownOriginRefusedLeavesNothing()
    {
        const QStringList before = manifest(m_toolkit);
        FlowOptions o = options();
        o.allowUnknown = false;
        const FlowResult r = installArchive(m_small.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.status == FlowStatus::Usage);
        QCOMPARE(r.problems.at(0).code, std::string("unknown-archive"));
        checkNothingLeft(before, m_toolkit);
    }

    void onePassIsByteIdenticalToTwoPass()
    {
        const QString other = m_dir->path() + "/CUDA/v11.3-two-pass";
        makeToolkit(other);
        const QString otherState = m_dir->path() + "/state2";
        FlowOptions o = options();
        const FlowResult one = installArchive(m_big.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(one.status == FlowStatus::Applied);
        QVERIFY2(one.outcome->ok, one.outcome->problems.empty() ? "" : one.outcome->problems[0].message.c_str());
        QVERIFY(one.stagedWhileVerifying);
        QVERIFY(one.exitCode() == ExitCode::Ok);

        // Two passes: verified first, then staged from a second read (the wizard's way today).
        const VerifyResult v = verifyArchive(m_big.path.toStdString(), VerifyOptions{});
        FlowOptions o2 = options();
        o2.stateDir = otherState.toStdString();
        o2.verified = &v;
        const FlowResult two = installArchive(m_big.path.toStdString(), other.toStdString(), o2);
        QVERIFY(two.status == FlowStatus::Applied);
        QVERIFY(two.outcome->ok);
        QVERIFY(!two.stagedWhileVerifying);

        QCOMPARE(manifest(m_toolkit), manifest(other));
        QVERIFY(!QFile::exists(m_toolkit + "/.cudnn-setup"));
        QVERIFY(one.outcome->record->at("files") == two.outcome->record->at("files"));
        QVERIFY(one.outcome->record->at("archive").at("sha256") == two.outcome->record->at("archive").at("sha256"));
        for (const auto& file : one.outcome->record->at("files"))
            QCOMPARE(file.at("sha256").get<std::string>().size(), std::size_t(64));

        // And uninstall through the same API restores the toolkit.
        const FlowResult un = uninstallToolkit(m_toolkit.toStdString(), o);
        QVERIFY(un.status == FlowStatus::Applied && un.outcome->ok);
    }

    // A stray bin/zlibwapi.dll (warned as extra-file) is what the warning says: not installed from an
    // archive of unknown origin, installed when the user asks; either way the one-pass install
    // (pre-stager + plan, one rule) succeeds: no false archive-changed.
    void strayExtraFileFollowsTheWarning_data()
    {
        QTest::addColumn<bool>("optIn");
        QTest::newRow("release files only") << false;
        QTest::newRow("--include-extra-files") << true;
    }
    void strayExtraFileFollowsTheWarning()
    {
        QFETCH(bool, optIn);
        static QTemporaryDir archives;
        fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 64 * 1024;
        fixtures::ArchiveFile zlib;
        zlib.name = "cuda/bin/zlibwapi.dll";
        zlib.data = fixtures::buildPe(fixtures::PeOptions{});  // an x64 DLL, as verify requires of every DLL
        spec.extra = {zlib, fixtures::textFile("cuda/include/README.txt", "readme")};
        const Release r = makeRelease(archives.path(), spec);
        FlowOptions o = options();
        o.includeExtraFiles = optIn;
        const FlowResult f = installArchive(r.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY2(f.status == FlowStatus::Applied, f.verify ? toJson(*f.verify).dump().c_str() : "not verified");
        QVERIFY2(f.outcome->ok, f.outcome->problems.empty() ? "" : f.outcome->problems[0].message.c_str());
        QVERIFY(f.stagedWhileVerifying);
        QVERIFY(f.verify && std::any_of(f.verify->warnings.begin(), f.verify->warnings.end(),
                                        [](const Problem& w) { return w.code == "extra-file"; }));
        QCOMPARE(QFile::exists(m_toolkit + "/bin/zlibwapi.dll"), optIn);
        QCOMPARE(QFile::exists(m_toolkit + "/include/README.txt"), optIn);
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
        QVERIFY(!QFile::exists(m_toolkit + "/.cudnn-setup"));
        // Uninstall takes the extra files away again with the rest.
        const FlowResult un = uninstallToolkit(m_toolkit.toStdString(), options());
        QVERIFY(un.status == FlowStatus::Applied && un.outcome->ok);
        QVERIFY(!QFile::exists(m_toolkit + "/bin/zlibwapi.dll"));
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    void cancelDuringTheCombinedPassRollsBack()
    {
        const QStringList before = manifest(m_toolkit);
        CancelToken cancel;
        WatchingProgress watch(m_toolkit + "/.cudnn-setup", &cancel);
        FlowOptions o = options();
        o.progress = &watch;
        o.cancel = &cancel;
        const FlowResult r = installArchive(m_big.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.status == FlowStatus::Cancelled);
        QVERIFY(r.exitCode() == ExitCode::RolledBack);
        QVERIFY(watch.sawWork());
        checkNothingLeft(before, m_toolkit);
    }

    void cancelAfterTheCombinedPassRollsBack_data()
    {
        QTest::addColumn<int>("at");
        QTest::newRow("first engine step") << 0;
        QTest::newRow("staging (moves the pre-staged files)") << 1;
        QTest::newRow("a few files placed") << 6;
    }
    void cancelAfterTheCombinedPassRollsBack()
    {
        QFETCH(int, at);
        const QStringList before = manifest(m_toolkit);
        const QByteArray pathBefore = [&] {
            QFile f(m_pathFile);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        CancelToken cancel;
        FlowOptions o = options();
        o.cancel = &cancel;
        int seen = 0;
        o.hooks.beforeOperation = [&](std::size_t, const Operation&) {
            if (seen++ == at)
                cancel.cancel();
        };
        const FlowResult r = installArchive(m_small.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.status == FlowStatus::Applied);
        QVERIFY(r.stagedWhileVerifying);
        QVERIFY(!r.outcome->ok);
        QCOMPARE(r.outcome->problems.at(0).code, std::string("cancelled"));
        QVERIFY(r.exitCode() == ExitCode::RolledBack);
        checkNothingLeft(before, m_toolkit);
        QFile f(m_pathFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), pathBefore);
    }

    // The disk fills up while the tee writes: verification still passes, the apply stops at
    // StageFiles with disk-full and everything is rolled back.
    // The pre-stager writes and hashes exactly the bytes it is given, inline for a small entry and on a
    // thread of its own for a large one (kPipelineFrom, 8 MiB); a write that fails half-way is the
    // slot's error, whichever thread met it, and nothing counts as staged.
    void prestagerWritesAndHashesEveryByte_data()
    {
        QTest::addColumn<qulonglong>("size");
        QTest::addColumn<qlonglong>("diskRoom");  // bytes before the disk is full; -1: room enough
        QTest::newRow("small entry, inline") << 100'000ull << -1ll;
        QTest::newRow("large entry, on its own thread") << (12ull << 20) + 12345 << -1ll;
        QTest::newRow("large entry, disk full half-way") << (12ull << 20) + 12345 << qlonglong(5 << 20);
        QTest::newRow("small entry, disk full") << 100'000ull << 4096ll;
    }
    void prestagerWritesAndHashesEveryByte()
    {
        QFETCH(qulonglong, size);
        QFETCH(qlonglong, diskRoom);
        auto real = makeRealFileOps();
        FillingFileOps files(*real, diskRoom);
        const std::string dir = (m_dir->path() + "/scan").toStdString();
        Prestager prestager(files, dir);
        ZipEntryInfo e;
        e.name = "cuda/bin/cudnn_cnn_infer64_8.dll";
        e.size = size;
        e.crc32 = 0x1234abcd;  // the scanner checks the CRC; the pre-stager only carries it
        auto consumer = prestager.consumerFor(e);
        QVERIFY(consumer);
        QCryptographicHash expected(QCryptographicHash::Sha256);
        std::vector<std::uint8_t> chunk(1u << 20);
        std::uint64_t state = size, fed = 0;
        bool accepted = true;
        while (fed < size && accepted) {  // 1 MiB at a time, as the inflater hands them out
            const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk.size(), size - fed));
            for (std::size_t i = 0; i < n; ++i)
                chunk[i] = std::uint8_t((state = state * 6364136223846793005ull + 1442695040888963407ull) >> 56);
            expected.addData(QByteArrayView(reinterpret_cast<const char*>(chunk.data()), qsizetype(n)));
            accepted = consumer->write(chunk.data(), n);
            fed += n;
        }
        consumer->finish(accepted);
        consumer.reset();
        QCOMPARE(accepted, diskRoom < 0);

        Plan plan;
        Operation op;
        op.kind = OpKind::PlaceFile;
        op.entry = e.name;
        op.size = e.size;
        op.crc32 = e.crc32;
        op.source = m_dir->path().toStdString() + "/staged.dll";
        plan.ops.push_back(op);
        const auto staged = prestager.source("sha")->stage(plan, files, nullptr, nullptr);
        if (diskRoom >= 0) {
            QCOMPARE(prestager.stagedCount(), std::size_t(0));
            QVERIFY(!staged);
            QCOMPARE(staged.error().code, std::string("disk-full"));
            return;
        }
        QCOMPARE(prestager.stagedCount(), std::size_t(1));
        QVERIFY2(staged, staged ? "" : staged.error().message.c_str());
        QCOMPARE(QString::fromStdString(staged->sha256.at(op.source)), QString::fromLatin1(expected.result().toHex()));
        QFile f(QString::fromStdString(op.source));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCryptographicHash onDisk(QCryptographicHash::Sha256);
        QVERIFY(onDisk.addData(&f));
        QCOMPARE(onDisk.result(), expected.result());
    }

    void stagingWriteFailsDuringTheScan()
    {
        const QStringList before = manifest(m_toolkit);
        auto real = makeRealFileOps();
        FaultyFileOps faulty(*real);
        // mkdir -p state, journal, .cudnn-setup, <tx>; then per staged entry mkdir -p + create.
        faulty.failAt(8, "disk-full");
        FlowOptions o = options();
        o.files = &faulty;
        const FlowResult r = installArchive(m_small.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.verify && r.verify->ok());
        QVERIFY(r.status == FlowStatus::Applied);
        QVERIFY(!r.outcome->ok);
        QCOMPARE(r.outcome->problems.at(0).code, std::string("disk-full"));
        QVERIFY(r.exitCode() == ExitCode::RolledBack);
        QCOMPARE(faulty.failures(), 1);
        checkNothingLeft(before, m_toolkit);
    }

    // Issue 29 ("Bounded reads"): the flow reads the archive only through the handle it is given
    // (FlowOptions::archiveFile, what the elevated helper opens once, no link followed). Another
    // release renamed over the archive's name after the open is never read: the install is the
    // one of the archive opened, byte for byte, in one pass (verify and staging share the read)
    // and in two (verified first, as the wizard does, then staged from a second read of the handle).
    void archiveSwappedAfterTheOpenIsNotRead_data()
    {
        QTest::addColumn<bool>("verifiedFirst");
        QTest::newRow("one pass: verified while staged") << false;
        QTest::newRow("two passes: verified, swapped, then staged") << true;
    }
    void archiveSwappedAfterTheOpenIsNotRead()
    {
        QFETCH(bool, verifiedFirst);
        const QString reference = m_dir->path() + "/CUDA/v11.3-reference";
        makeToolkit(reference);
        FlowOptions ro = options();
        ro.stateDir = (m_dir->path() + "/state-reference").toStdString();
        const FlowResult expected = installArchive(m_small.path.toStdString(), reference.toStdString(), ro);
        QVERIFY(expected.outcome && expected.outcome->ok);

        const QString archive = m_dir->path() + "/archive.zip", other = m_dir->path() + "/other.zip";
        QVERIFY(QFile::copy(m_small.path, archive) && QFile::copy(m_big.path, other));
        std::error_code ec;
        FlowOptions o = options();
        o.archiveFile = OpenedFile::open(archive.toStdString(), true, ec);
        QVERIFY2(o.archiveFile, ec.message().c_str());
        std::optional<VerifyResult> verified;
        if (verifiedFirst) {
            verified = verifyArchive(o.archiveFile, VerifyOptions{});
            QVERIFY(verified->ok());
            o.verified = &*verified;
        }
        QVERIFY(QFile::remove(archive) && QFile::rename(other, archive));  // m_big's bytes under the name now

        const FlowResult r = installArchive(archive.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.status == FlowStatus::Applied);
        QVERIFY2(r.outcome->ok, r.outcome->problems.empty() ? "" : r.outcome->problems[0].message.c_str());
        QCOMPARE(r.stagedWhileVerifying, !verifiedFirst);
        QCOMPARE(r.outcome->record->at("archive").at("sha256").get<std::string>(), m_small.info.sha256);
        QVERIFY(r.outcome->record->at("files") == expected.outcome->record->at("files"));
        QCOMPARE(manifest(m_toolkit), manifest(reference));
    }

    // An interrupted one-pass install (killed while verifying) leaves the pre-journal: the
    // next command's automatic recover removes the work folders.
    void journalBeforeStagingIsRecovered()
    {
        const QStringList before = manifest(m_toolkit);
        class Snapshot : public ProgressSink {
        public:
            Snapshot(QString from, QString to) : m_from(std::move(from)), m_to(std::move(to)) {}
            void onProgress(std::uint64_t done, std::uint64_t total) override
            {
                if (!m_taken && total && done * 2 >= total && done < total) {
                    m_taken = true;  // the journal as a SIGKILL would leave it
                    QFile::copy(m_from, m_to);
                }
            }
            std::atomic<bool> m_taken{false};

        private:
            QString m_from, m_to;
        };
        const QString journal = QString::fromStdString(journalPathIn(m_state.toStdString()));
        Snapshot snap(journal, m_dir->path() + "/journal-mid-scan.json");
        FlowOptions o = options();
        o.progress = &snap;
        o.transactionId = "tx-killed";
        const FlowResult r = installArchive(m_big.path.toStdString(), m_toolkit.toStdString(), o);
        QVERIFY(r.outcome && r.outcome->ok);
        QVERIFY(snap.m_taken.load());
        const FlowResult un = uninstallToolkit(m_toolkit.toStdString(), options());
        QVERIFY(un.outcome && un.outcome->ok);
        QCOMPARE(manifest(m_toolkit), before);
        // Put back the mid-scan journal and a half-written scan folder: the state a kill leaves.
        QVERIFY(QFile::copy(m_dir->path() + "/journal-mid-scan.json", journal));
        QVERIFY(QDir().mkpath(m_toolkit + "/.cudnn-setup/tx-killed/scan/cuda/bin"));
        QFile half(m_toolkit + "/.cudnn-setup/tx-killed/scan/cuda/bin/cudnn64_8.dll");
        QVERIFY(half.open(QIODevice::WriteOnly));
        half.write(QByteArray(1000, 'x'));
        half.close();
        const std::optional<Outcome> rec = recoverBeforeChanging(m_state.toStdString());
        QVERIFY(rec && !recoverFailed(*rec));
        checkNothingLeft(before, m_toolkit);
    }
};

QTEST_GUILESS_MAIN(TestInstallFlow)
#include "tst_installflow.moc"
