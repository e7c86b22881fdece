// Finding Python environments and their GPU frameworks from files alone: PEP 514 registry keys,
// python on PATH, conda (CONDA_PREFIX, environments.txt, the usual roots), VIRTUAL_ENV, user sites.
#include "detect/pythonenvs.h"
#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "fixtures/toolkitbuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {
struct Host {
    fs::path root;
    bool windows;
    FakeEnvironment env;
    FakeRegistry reg;
    Host(const fs::path& r, bool win) : root(r), windows(win), env(win)
    {
        env.setKnownFolder(KnownFolder::Home, (root / "home").string());
        env.setKnownFolder(KnownFolder::ProgramData, (root / "ProgramData").string());
        fs::create_directories(root / "home");
    }
    std::string p(const std::string& rel) const { return (root / rel).string(); }
};

std::string summary(const std::vector<PythonEnvironment>& envs)
{
    std::string s;
    for (const auto& e : envs) {
        s += e.kind + "|" + fs::path(e.root).filename().string() + "|" + e.pythonVersion.value_or("?");
        for (const auto& pkg : e.packages)
            s += "|" + pkg.name + "=" + pkg.version;
        s += ";";
    }
    return s;
}
}  // namespace

using Setup = std::function<void(Host&)>;
Q_DECLARE_METATYPE(Setup)

class TestPythonEnvs : public QObject {
    Q_OBJECT
private slots:
    void discovery_data()
    {
        QTest::addColumn<bool>("windows");
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QString>("expected");  // kind|folder|python|pkg=ver...; per environment

        QTest::newRow("PEP 514 key (what py -0p lists)") << true << Setup([](Host& h) {
            writeText(h.p("Py311/python.exe"), "MZ");
            fs::create_directories(h.p("Py311/Lib/site-packages/onnxruntime_gpu-1.19.2.dist-info"));
            h.reg.setString(RegistryHive::CurrentUser, R"(SOFTWARE\Python\PythonCore\3.11\InstallPath)", "", h.p("Py311"));
            h.reg.setString(RegistryHive::CurrentUser, R"(SOFTWARE\Python\PythonCore\3.11)", "SysVersion", "3.11");
        }) << "py launcher|Py311|3.11|onnxruntime-gpu=1.19.2;";
        QTest::newRow("python.exe on PATH; the Store alias is not a Python") << true << Setup([](Host& h) {
            writeText(h.p("Tools/Py/python.exe"), "MZ");
            writeText(h.p("Tools/Py/python312.dll"), "MZ");
            writeText(h.p("WindowsApps/python.exe"), "MZ");
            h.env.set("PATH", h.p("WindowsApps") + ";" + h.p("Tools/Py"));
        }) << "PATH|Py|3.12;";
        QTest::newRow("conda: CONDA_PREFIX, environments.txt, ~/miniconda3/envs, each once") << true << Setup([](Host& h) {
            for (const char* e : {"home/miniconda3", "home/miniconda3/envs/tf", "elsewhere/ml"})
                writeText(h.p(std::string(e) + "/conda-meta/python-3.10.14-h1_0.json"), "{}");
            fs::create_directories(h.p("home/miniconda3/envs/tf/Lib/site-packages/tensorflow-2.10.1.dist-info"));
            fs::create_directories(h.p("home/miniconda3/envs/notconda"));
            writeText(h.p("home/.conda/environments.txt"), h.p("elsewhere/ml") + "\r\n" + h.p("home/miniconda3/envs/tf") + "\n");
            h.env.set("CONDA_PREFIX", h.p("home/miniconda3/envs/tf"));
        }) << "CONDA_PREFIX|tf|3.10.14|tensorflow=2.10.1;conda|ml|3.10.14;conda|miniconda3|3.10.14;";
        QTest::newRow("VIRTUAL_ENV with pyvenv.cfg; METADATA's version wins") << false << Setup([](Host& h) {
            writeText(h.p("venv/pyvenv.cfg"), "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n");
            const std::string di = h.p("venv/lib/python3.11/site-packages/torch-2.5.1.dist-info");
            writeText(di + "/METADATA", "Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cu124\n");
            fs::create_directories(h.p("venv/lib/python3.11/site-packages/nvidia_cudnn_cu12-9.1.0.70.dist-info"));
            fs::create_directories(h.p("venv/lib/python3.11/site-packages/numpy-2.1.0.dist-info"));
            h.env.set("VIRTUAL_ENV", h.p("venv"));
        }) << "VIRTUAL_ENV|venv|3.11.2|nvidia-cudnn-cu12=9.1.0.70|torch=2.5.1+cu124;";
        QTest::newRow("Linux python3 on PATH and ~/.local") << false << Setup([](Host& h) {
            writeText(h.p("usr/bin/python3"), "#!");
            fs::create_directories(h.p("usr/lib/python3/dist-packages/jax-0.4.30.dist-info"));
            fs::create_directories(h.p("usr/lib/python3.11"));
            fs::create_directories(h.p("usr/local/lib/python3.11/dist-packages/jax_cuda12_plugin-0.4.30.dist-info"));
            fs::create_directories(h.p("home/.local/lib/python3.11/site-packages/paddlepaddle_gpu-2.6.1.post120.dist-info"));
            h.env.set("PATH", h.p("usr/bin"));
        }) << "PATH|usr|3.11|jax=0.4.30|jax-cuda12-plugin=0.4.30;user site|site-packages|3.11|paddlepaddle-gpu=2.6.1.post120;";
        QTest::newRow("a Python built into /usr/local") << false << Setup([](Host& h) {
            writeText(h.p("usr/local/bin/python3"), "#!");
            fs::create_directories(h.p("usr/local/lib/python3.12/site-packages/onnxruntime_gpu-1.20.1.dist-info"));
            h.env.set("PATH", h.p("usr/local/bin"));
        }) << "PATH|local|3.12|onnxruntime-gpu=1.20.1;";
        QTest::newRow("Windows user site under %APPDATA%") << true << Setup([](Host& h) {
            fs::create_directories(h.p("Roaming/Python/Python310/site-packages/tensorflow_gpu-2.10.0.dist-info"));
            h.env.set("APPDATA", h.p("Roaming"));
        }) << "user site|site-packages|3.10|tensorflow-gpu=2.10.0;";
        QTest::newRow("nothing") << true << Setup([](Host&) {}) << "";
    }
    void discovery()
    {
        QFETCH(bool, windows);
        QFETCH(Setup, setup);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        Host h(fs::path(tmp.path().toStdString()), windows);
        setup(h);
        PythonFindOptions o;
        o.windowsRules = windows;
        QCOMPARE(QString::fromStdString(summary(findPythonEnvironments(h.env, h.reg, o))), expected);
    }

    void distInfoNames_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("version");
        QTest::newRow("wheel") << "onnxruntime_gpu-1.19.2.dist-info" << "onnxruntime-gpu" << "1.19.2";
        QTest::newRow("local version") << "torch-2.5.1+cu124.dist-info" << "torch" << "2.5.1+cu124";
        QTest::newRow("post release") << "paddlepaddle_gpu-2.6.1.post120.dist-info" << "paddlepaddle-gpu" << "2.6.1.post120";
        QTest::newRow("egg-info") << "tensorflow_gpu-1.15.0-py3.7.egg-info" << "tensorflow-gpu" << "1.15.0";
        QTest::newRow("mixed case") << "Jax_CUDA12_Plugin-0.4.30.dist-info" << "jax-cuda12-plugin" << "0.4.30";
        QTest::newRow("not a dist-info") << "torch" << "" << "";
        QTest::newRow("no version") << "torch.dist-info" << "" << "";
    }
    void distInfoNames()
    {
        QFETCH(QString, folder);
        QFETCH(QString, name);
        QFETCH(QString, version);
        const auto p = parseDistInfoName(folder.toStdString());
        QCOMPARE(QString::fromStdString(p ? p->first : ""), name);
        QCOMPARE(QString::fromStdString(p ? p->second : ""), version);
    }

    void assignments_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("torch/version.py, annotated") << "__version__ = '2.5.1+cu124'\ncuda: Optional[str] = '12.4'\n" << "cuda" << "12.4";
        QTest::newRow("torch CPU: None is no string") << "cuda: Optional[str] = None\n" << "cuda" << "";
        QTest::newRow("tensorflow build_info dict") << "build_info = {'cuda_version': '64_112', 'cudnn_version': '64_8'}" << "cudnn_version" << "64_8";
        QTest::newRow("paddle/version") << "full_version    = '2.6.1'\ncuda_version    = \"12.0\"\n" << "cuda_version" << "12.0";
        QTest::newRow("code is not run") << "import os\ncuda = os.environ['X']\n" << "cuda" << "";
    }
    void assignments()
    {
        QFETCH(QString, text);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QTemporaryDir tmp;
        const std::string f = (fs::path(tmp.path().toStdString()) / "m.py").string();
        writeText(f, text.toStdString());
        const auto a = readPythonAssignments(f);
        const auto it = a.find(key.toStdString());
        QCOMPARE(QString::fromStdString(it == a.end() ? "" : it->second), value);
    }
};

QTEST_GUILESS_MAIN(TestPythonEnvs)
#include "tst_pythonenvs.moc"
