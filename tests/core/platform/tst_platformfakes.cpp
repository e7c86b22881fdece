#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "platform/childprocess.h"
#include "platform/dynlib.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <QTest>

#include <algorithm>

using namespace cudnnsetup;
Q_DECLARE_METATYPE(std::string)

class TestPlatformFakes : public QObject {
    Q_OBJECT
private slots:
    void registrySubkeysAndValues()
    {
        FakeRegistry reg;
        const std::string base = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";
        reg.setString(RegistryHive::LocalMachine, base + R"(\v11.3)", "InstallDir", R"(C:\CUDA\v11.3)");
        reg.setString(RegistryHive::LocalMachine, base + R"(\v12.6)", "InstallDir", R"(C:\CUDA\v12.6)");
        reg.setDword(RegistryHive::LocalMachine, base + R"(\v12.6)", "64BitInstalled", 1);
        auto keys = reg.subkeys(RegistryHive::LocalMachine, base, RegistryView::Native64);
        std::sort(keys.begin(), keys.end());
        QCOMPARE(keys, (std::vector<std::string>{"v11.3", "v12.6"}));
        // Case-insensitive like Windows, hives and views separate.
        const auto v = reg.value(RegistryHive::LocalMachine, R"(software\nvidia corporation\gpu computing toolkit\cuda\V11.3)",
                                 "installdir", RegistryView::Native64);
        QVERIFY(v);
        QCOMPARE(v->text, std::string(R"(C:\CUDA\v11.3)"));
        QVERIFY(!reg.value(RegistryHive::CurrentUser, base + R"(\v11.3)", "InstallDir", RegistryView::Native64));
        QVERIFY(reg.subkeys(RegistryHive::LocalMachine, base, RegistryView::Wow32).empty());
        const auto d = reg.value(RegistryHive::LocalMachine, base + R"(\v12.6)", "64BitInstalled", RegistryView::Native64);
        QVERIFY(d && d->type == RegistryValue::Type::Dword && d->dword == 1);
        QCOMPARE(reg.subkeys(RegistryHive::LocalMachine, "SOFTWARE", RegistryView::Native64),
                 (std::vector<std::string>{"NVIDIA Corporation"}));
    }

    void expand_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("plain") << std::string("C:\\x") << std::string("C:\\x");
        QTest::newRow("one var") << std::string("%CUDA_PATH%\\bin") << std::string("C:\\CUDA\\v12.6\\bin");
        QTest::newRow("case-insensitive") << std::string("%cuda_path%\\bin") << std::string("C:\\CUDA\\v12.6\\bin");
        QTest::newRow("unknown kept") << std::string("%NOPE%\\bin") << std::string("%NOPE%\\bin");
        QTest::newRow("unknown then known") << std::string("%NOPE%CUDA_PATH%") << std::string("%NOPEC:\\CUDA\\v12.6");
        QTest::newRow("lone percent") << std::string("50%") << std::string("50%");
        QTest::newRow("two vars") << std::string("%SystemRoot%;%CUDA_PATH%")
                                  << std::string("C:\\Windows;C:\\CUDA\\v12.6");
    }
    void expand()
    {
        QFETCH(std::string, text);
        QFETCH(std::string, expected);
        FakeEnvironment env(true);
        env.set("CUDA_PATH", "C:\\CUDA\\v12.6");
        env.set("SystemRoot", "C:\\Windows");
        QCOMPARE(env.expand(text), expected);
    }

    void splitList()
    {
        FakeEnvironment win(true);
        QCOMPARE(win.splitList(R"(C:\a;;"C:\b c";C:\d )"), (std::vector<std::string>{"C:\\a", "C:\\b c", "C:\\d"}));
        FakeEnvironment posix(false);
        QCOMPARE(posix.splitList("/a::/b:"), (std::vector<std::string>{"/a", "/b"}));
        QVERIFY(posix.get("path") == std::nullopt);
        posix.set("PATH", "/x");
        QVERIFY(!posix.get("path"));  // POSIX names are case-sensitive
        QCOMPARE(*posix.get("PATH"), std::string("/x"));
    }

    void hostEnvironmentReadsProcess()
    {
        qputenv("CUDNN_SETUP_TEST_VAR", "value-42");
        const auto env = hostEnvironment();
        QCOMPARE(env->get("CUDNN_SETUP_TEST_VAR").value_or(""), std::string("value-42"));
        const auto all = env->list();
        QVERIFY(std::any_of(all.begin(), all.end(), [](const auto& kv) { return kv.first == "CUDNN_SETUP_TEST_VAR"; }));
#ifndef _WIN32
        QVERIFY(hostRegistry()->subkeys(RegistryHive::LocalMachine, "SOFTWARE", RegistryView::Native64).empty());
#endif
    }

    void processCapturesAndTimesOut()
    {
#ifdef _WIN32
        QSKIP("POSIX shell commands");
#else
        const auto ok = runChildProcess("sh", {"-c", "echo hello; echo err >&2; exit 3"}, 5000);
        QVERIFY(ok.started);
        QVERIFY(!ok.timedOut);
        QCOMPARE(ok.exitCode, 3);
        QVERIFY(ok.out.find("hello") != std::string::npos);
        QVERIFY(ok.err.find("err") != std::string::npos);
        const auto t0 = std::chrono::steady_clock::now();
        const auto slow = runChildProcess("sh", {"-c", "sleep 10"}, 200);
        QVERIFY(slow.timedOut);
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3));
        const auto missing = runChildProcess("/nonexistent/tool", {}, 1000);
        QVERIFY(!missing.started);
#endif
    }

    void dynlibLoadsAndFails()
    {
        const auto missing = DynLib::openPath("/nonexistent/libnothing.so");
        QVERIFY(!missing);
        QCOMPARE(missing.failure(), LoadFailure::NotFound);
        QVERIFY(!missing.error().empty());
#ifndef _WIN32
        const auto libc = DynLib::openSystem("libc.so.6");
        QVERIFY2(libc, libc.error().c_str());
        QVERIFY(libc.symbol("strlen"));
        QVERIFY(!libc.symbol("no_such_symbol_xyz"));
        QVERIFY(libc.loadedPath().find("libc") != std::string::npos);
#endif
    }
};

QTEST_GUILESS_MAIN(TestPlatformFakes)
#include "tst_platformfakes.moc"
