// cuDNN outside toolkits (detect/nvidialayout.h, detect/variantdiagnosis.h): machines set up the way
// NVIDIA's exe installer, CUDNN_PATH and pip leave them, built as real trees (PE DLLs with VERSIONINFO
// and the CUDA library names cuDNN 9 carries) under a fake Program Files, registry and PATH.
#include "detect/detector.h"
#include "detect/variantdiagnosis.h"
#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "fixtures/toolkitbuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {
const char* kSysEnv = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";
const char* kCudaKey = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";

// A Windows machine: Program Files, System32, registered toolkits and the registry PATH.
struct Machine {
    fs::path root;
    FakeEnvironment env{true};
    FakeRegistry reg;
    DetectOptions opts;
    std::vector<std::string> systemPath;

    explicit Machine(const fs::path& r) : root(r)
    {
        opts.find.windowsRules = true;
        opts.find.scanSystem = false;
        opts.find.runNvcc = false;
        opts.find.systemPrefix = (root / "sysroot").string();
        opts.search.useLdconfig = false;
        opts.pythonOnPath = false;
        DriverInfo d;
        d.state = DriverInfo::State::Present;
        d.version = "581.15";
        d.cudaVersion = 13000;
        opts.driver = d;
        env.setKnownFolder(KnownFolder::ProgramFiles, programFiles());
        env.setKnownFolder(KnownFolder::System32, (root / "Windows" / "System32").string());
        env.setKnownFolder(KnownFolder::Home, (root / "home").string());
        fs::create_directories(root / "Windows" / "System32");
    }
    std::string programFiles() const { return (root / "Program Files").string(); }
    // The v9.x folder NVIDIA's installer makes.
    std::string nvidia(const std::string& cudnn, std::vector<std::string> variants, bool binX64 = true)
    {
        NvidiaInstallSpec s;
        s.cudnn = cudnn;
        s.variants = std::move(variants);
        s.binX64 = binX64;
        return buildNvidiaInstall(programFiles(), s);
    }
    // A toolkit registered as NVIDIA's CUDA installer does; returns its root.
    std::string toolkit(const std::string& cuda, ToolkitSpec spec = {})
    {
        spec.cuda = cuda;
        const std::string mm = cuda.substr(0, cuda.rfind('.'));
        const std::string dir = (root / "CUDA" / ("v" + mm)).string();
        buildToolkit(dir, spec);
        reg.setString(RegistryHive::LocalMachine, std::string(kCudaKey) + "\\v" + mm, "InstallDir", dir);
        return dir;
    }
    static std::string bin(const std::string& toolkitRoot, const std::string& cuda)
    {
        return toolkitRoot + (std::stoi(cuda) >= 13 ? "/bin/x64" : "/bin");
    }
    DetectResult run()
    {
        std::string s;
        for (const auto& p : systemPath)
            s += p + ";";
        reg.setString(RegistryHive::LocalMachine, kSysEnv, "Path", s, true);
        reg.setString(RegistryHive::CurrentUser, "Environment", "Path", "", true);
        return detect(opts, env, reg);
    }
};

const std::vector<std::string> kNewCodes = {"cudnn-install-not-on-path", "path-entry-above-cudnn",
                                            "cudnn-variant-cuda-mismatch", "older-cudnn-shadows-install",
                                            "cuda-runtime-dll-missing", "missing-file", "zero-size", "damaged-file"};

std::string codes(const DetectResult& r)
{
    std::string s;
    for (const auto& p : r.problems)
        s += p.code + " ";
    for (const auto& p : r.warnings)
        s += "(" + p.code + ") ";
    return s;
}

const Problem* findingOf(const DetectResult& r, const std::string& code)
{
    for (const Problems* ps : {&r.problems, &r.warnings})
        for (const auto& p : *ps)
            if (p.code == code)
                return &p;
    return nullptr;
}

std::string slashes(std::string s)
{
    std::replace(s.begin(), s.end(), '\\', '/');
    return s;
}
}  // namespace

using Scenario = std::function<void(Machine&)>;
Q_DECLARE_METATYPE(Scenario)

class TestNvidiaLayout : public QObject {
    Q_OBJECT
private slots:
    // Find: each variant folder a copy with version, CUDA major, origin and place in the search order.
    void find_data()
    {
        QTest::addColumn<Scenario>("setup");
        // "origin|bin folder suffix|version|cuda major|built with|on search path (rank>=0)|wins", one per variant in order
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("v9.3 as its installer leaves it: bin\\12.6, nothing on PATH") << Scenario([](Machine& m) {
            m.nvidia("9.3.0.75", {"12.6"}, false);
        }) << QStringList{"NVIDIA installer|v9.3/bin/12.6|9.3.0|12|12.6|no|no"};
        QTest::newRow("v9.19: bin\\12.9\\x64, include\\12.9, lib\\12.9\\x64") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9"});
        }) << QStringList{"NVIDIA installer|v9.19/bin/12.9/x64|9.19.0|12|12.9|no|no"};
        QTest::newRow("two variants side by side, the 13.0 one on PATH") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9", "13.0"});
            m.systemPath = {v + "/bin/13.0/x64"};
        }) << QStringList{"NVIDIA installer|v9.19/bin/12.9/x64|9.19.0|12|12.9|no|no",
                          "NVIDIA installer|v9.19/bin/13.0/x64|9.19.0|13|13.0|yes|yes"};
        QTest::newRow("v8.9 and v9.19 installs side by side") << Scenario([](Machine& m) {
            m.nvidia("8.9.7.29", {"12.2"}, false);
            m.nvidia("9.19.0.56", {"12.9"});
        }) << QStringList{"NVIDIA installer|v8.9/bin/12.2|8.9.7|12|12.2|no|no",
                          "NVIDIA installer|v9.19/bin/12.9/x64|9.19.0|12|12.9|no|no"};
        QTest::newRow("CUDNN_PATH names an extracted zip (bin\\x64)") << Scenario([](Machine& m) {
            // The 9.19 zip's shape: bin\x64, include, lib\x64 under one top folder (no CUDA folder names).
            NvidiaInstallSpec s;
            s.variants = {"13.0"};
            const fs::path v = buildNvidiaInstall((m.root / "staging").string(), s);
            const fs::path zip = m.root / "cudnn-windows-x86_64-9.19.0.56_cuda13-archive";
            fs::create_directories(zip / "bin");
            fs::create_directories(zip / "lib");
            fs::rename(v / "bin" / "13.0" / "x64", zip / "bin" / "x64");
            fs::rename(v / "include" / "13.0", zip / "include");
            fs::rename(v / "lib" / "13.0" / "x64", zip / "lib" / "x64");
            m.env.set("CUDNN_PATH", zip.string());
        }) << QStringList{"CUDNN_PATH|cudnn-windows-x86_64-9.19.0.56_cuda13-archive/bin/x64|9.19.0|-|-|no|no"};
        QTest::newRow("CUDNN_PATH naming NVIDIA's v9.19 stays one copy, the installer's") << Scenario([](Machine& m) {
            m.env.set("CUDNN_PATH", m.nvidia("9.19.0.56", {"12.9"}));
        }) << QStringList{"NVIDIA installer|v9.19/bin/12.9/x64|9.19.0|12|12.9|no|no"};
        QTest::newRow("pip wheel nvidia-cudnn-cu12 in a venv") << Scenario([](Machine& m) {
            const auto venv = m.root / "venv";
            fs::create_directories(venv / "Lib" / "site-packages");
            writeText((venv / "pyvenv.cfg").string(), "version = 3.12.4\n");
            buildCudnnWheel((venv / "Lib" / "site-packages").string(), "9.10.2.21", 12);
            m.env.set("VIRTUAL_ENV", venv.string());
        }) << QStringList{"pip wheel|venv/Lib/site-packages/nvidia/cudnn/bin|9.10.2|12|-|no|no"};
    }
    void find()
    {
        QFETCH(Scenario, setup);
        QFETCH(QStringList, expected);
        QTemporaryDir tmp;
        Machine m(tmp.path().toStdString());
        setup(m);
        const DetectResult r = m.run();
        QStringList got;
        for (const auto& v : r.variants) {
            QVERIFY2(fs::exists(v.mainLibrary), v.mainLibrary.c_str());
            // The variant is in the copies too, under its origin, with the same place in the search.
            const auto c = std::find_if(r.copies.begin(), r.copies.end(), [&](const CudnnCopy& copy) { return copy.path == v.mainLibrary; });
            QVERIFY(c != r.copies.end());
            // pip's copies keep the origin "pip" they always had (conda-pip-first names it).
            QCOMPARE(QString::fromStdString(c->origin), QString::fromStdString(v.origin == "pip wheel" ? "pip" : v.origin));
            QCOMPARE(c->wins, v.wins);
            std::string bin = slashes(v.binDir);
            const std::string rootSlash = slashes(m.root.string()) + "/";
            if (bin.rfind(rootSlash, 0) == 0)
                bin = bin.substr(rootSlash.size());
            if (bin.rfind("Program Files/NVIDIA/CUDNN/", 0) == 0)
                bin = bin.substr(27);
            got << QString::fromStdString(v.origin + "|" + bin + "|" + (v.version ? Version{v.version->major, v.version->minor, v.version->patch, -1}.toString() : "?") +
                                          "|" + (v.cudaMajor ? std::to_string(*v.cudaMajor) : "-") + "|" +
                                          (v.builtWith.empty() ? "-" : v.builtWith) + "|" + (v.searchRank >= 0 ? "yes" : "no") +
                                          "|" + (v.wins ? "yes" : "no"));
        }
        QCOMPARE(got, expected);
    }

    // Variant to toolkit: the folder's CUDA minor is what NVIDIA built with, not a requirement.
    void variantServesToolkitOfItsMajor()
    {
        QTemporaryDir tmp;
        Machine m(tmp.path().toStdString());
        m.nvidia("9.19.0.56", {"12.9", "13.0"});
        const std::string tk = m.toolkit("12.8.1");
        const DetectResult r = m.run();
        QCOMPARE(r.variants.size(), std::size_t(2));
        QCOMPARE(r.variants[0].toolkits, std::vector<std::string>{tk});
        QVERIFY(r.variants[1].toolkits.empty());
        const std::string fit12 = variantFit(r.variants[0], r.toolkits), fit13 = variantFit(r.variants[1], r.toolkits);
        QVERIFY2(fit12.find("built with CUDA 12.9, for any CUDA 12.x toolkit") != std::string::npos, fit12.c_str());
        QVERIFY2(fit12.find("not the toolkit minor it needs") != std::string::npos, fit12.c_str());
        QVERIFY2(fit12.find(tk + " (CUDA 12.8.1)") != std::string::npos, fit12.c_str());
        QVERIFY2(fit13.find("no CUDA 13.x toolkit found") != std::string::npos, fit13.c_str());
        const auto doc = toJson(r);
        QCOMPARE(doc["cudnn_installs"].size(), std::size_t(2));
        QCOMPARE(doc["cudnn_installs"][0]["built_with_cuda"].get<std::string>(), std::string("12.9"));
        QCOMPARE(doc["cudnn_installs"][0]["origin"].get<std::string>(), std::string("NVIDIA installer"));
        QCOMPARE(doc["cudnn_installs"][0]["toolkits"][0].get<std::string>(), tk);
    }

    // Diagnose: one row per finding, named after the situation; "" = none of the new findings.
    void finding_data()
    {
        QTest::addColumn<Scenario>("setup");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("mentions");  // text the message must contain

        QTest::newRow("NVIDIA installer ran, PATH untouched") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9", "13.0"});
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8")};
        }) << "cudnn-install-not-on-path" << "bin/12.9/x64 to the system PATH";
        QTest::newRow("PATH names v9.19\\bin, the folder above the DLLs") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8"), v + "/bin"};
        }) << "path-entry-above-cudnn" << "/bin/12.9/x64 in PATH";
        QTest::newRow("PATH names v9.3 itself, two levels above bin\\12.6") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.3.0.75", {"12.6"}, false);
            m.systemPath = {Machine::bin(m.toolkit("12.6.3"), "12.6"), v};
        }) << "path-entry-above-cudnn" << "v9.3/bin/12.6 in PATH";
        QTest::newRow("CUDA 13 build first on PATH, CUDA 12 toolkit in use") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9", "13.0"});
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8"), v + "/bin/13.0/x64"};
        }) << "cudnn-variant-cuda-mismatch" << "/bin/12.9/x64 (built with CUDA 12.9) on PATH in place of";
        QTest::newRow("older cuDNN 9.1 in the toolkit shadows NVIDIA's 9.19") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9"});
            ToolkitSpec s;
            s.cudnn = "9.1.0.70";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {Machine::bin(m.toolkit("12.4.1", s), "12.4")};
        }) << "older-cudnn-shadows-install" << "older cuDNN 9.1.0.70";
        QTest::newRow("cuDNN 9 on PATH, no CUDA 12 toolkit at all") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            m.systemPath = {v + "/bin/12.9/x64"};
        }) << "cuda-runtime-dll-missing" << "Could not load library cublasLt64_12.dll. Error code 126";
        QTest::newRow("cuDNN 9 on PATH, CUDA 12.8 installed but its bin not on PATH") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            m.toolkit("12.8.1");
            m.systemPath = {v + "/bin/12.9/x64"};
        }) << "cuda-runtime-dll-missing" << "Fix: Add ";
        // NVIDIA's tree checked file by file, as a toolkit's cuDNN is: what repair --cudnn-root restores.
        QTest::newRow("NVIDIA's install with a zero-filled DLL") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            const std::string dll = v + "/bin/12.9/x64/cudnn_ops64_9.dll";
            writeText(dll, std::string(fs::file_size(dll), '\0'));
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8")};
        }) << "damaged-file" << "cudnn_ops64_9.dll is damaged: ";
        QTest::newRow("NVIDIA's install with a DLL deleted") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            fs::remove(v + "/bin/12.9/x64/cudnn_graph64_9.dll");
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8")};
        }) << "missing-file" << "cudnn_graph64_9.dll is missing: the cuDNN 9.19.0 that NVIDIA's installer layout holds";
        QTest::newRow("NVIDIA's install with a zero-byte DLL") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9"});
            fs::resize_file(v + "/bin/12.9/x64/cudnn_adv64_9.dll", 0);
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8")};
        }) << "zero-size" << "v9.19\" --archive <the cuDNN 9.19.0 zip for CUDA 12>";
        QTest::newRow("healthy: I have 12.8, the folder says 12.9") << Scenario([](Machine& m) {
            const auto v = m.nvidia("9.19.0.56", {"12.9", "13.0"});
            m.systemPath = {Machine::bin(m.toolkit("12.8.1"), "12.8"), v + "/bin/12.9/x64"};
        }) << "" << "";
        QTest::newRow("healthy: a newer toolkit cuDNN wins over NVIDIA's older install") << Scenario([](Machine& m) {
            m.nvidia("9.3.0.75", {"12.6"}, false);
            ToolkitSpec s;
            s.cudnn = "9.19.0.56";
            m.systemPath = {Machine::bin(m.toolkit("12.9.1", s), "12.9")};
        }) << "" << "";
        QTest::newRow("healthy: only a pip wheel, not meant for PATH") << Scenario([](Machine& m) {
            const auto venv = m.root / "venv";
            fs::create_directories(venv / "Lib" / "site-packages");
            writeText((venv / "pyvenv.cfg").string(), "version = 3.12.4\n");
            buildCudnnWheel((venv / "Lib" / "site-packages").string(), "9.10.2.21", 12);
            m.env.set("VIRTUAL_ENV", venv.string());
        }) << "" << "";
    }
    void finding()
    {
        QFETCH(Scenario, setup);
        QFETCH(QString, code);
        QFETCH(QString, mentions);
        QTemporaryDir tmp;
        Machine m(tmp.path().toStdString());
        setup(m);
        const DetectResult r = m.run();
        if (code.isEmpty()) {
            for (const auto& c : kNewCodes)
                QVERIFY2(!findingOf(r, c), (c + " in: " + codes(r)).c_str());
            return;
        }
        const Problem* p = findingOf(r, code.toStdString());
        QVERIFY2(p, ("no " + code.toStdString() + " in: " + codes(r)).c_str());
        QVERIFY2(slashes(p->message).find(mentions.toStdString()) != std::string::npos, p->message.c_str());
        QVERIFY2(p->message.find("{") == std::string::npos, p->message.c_str());  // every placeholder filled
        qInfo("%s: %s", p->code.c_str(), p->message.c_str());
    }

    void runtimeLibraryNames_data()
    {
        QTest::addColumn<int>("major");
        QTest::addColumn<QStringList>("scanned");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("CUDA 12, nothing read") << 12 << QStringList{} << QStringList{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
        QTest::newRow("CUDA 13, nothing read") << 13 << QStringList{} << QStringList{"cublasLt64_13.dll", "nvrtc64_130_0.dll"};
        QTest::newRow("CUDA 11, nothing read") << 11 << QStringList{} << QStringList{"cublasLt64_11.dll", "nvrtc64_112_0.dll"};
        QTest::newRow("the names the DLLs carry win") << 12 << QStringList{"cublasLt64_12.dll", "cublas64_12.dll", "nvrtc64_120_0.dll"}
                                                      << QStringList{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
    }
    void runtimeLibraryNames()
    {
        QFETCH(int, major);
        QFETCH(QStringList, scanned);
        QFETCH(QStringList, expected);
        std::vector<std::string> in;
        for (const auto& s : scanned)
            in.push_back(s.toStdString());
        QStringList got;
        for (const auto& n : runtimeLibrariesFor(major, in))
            got << QString::fromStdString(n);
        QCOMPARE(got, expected);
    }
};

QTEST_GUILESS_MAIN(TestNvidiaLayout)
#include "tst_nvidialayout.moc"
