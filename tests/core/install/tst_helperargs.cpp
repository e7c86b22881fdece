// The elevated helper's own command line (install/helperargs.h, issue 29): exactly the intent's
// options, each value checked, no global option in any spelling, and what the unelevated side
// writes parses back to the same request.
#include "install/helperargs.h"

#include <QTest>

using namespace cudnnsetup;

namespace {
const QString kDigest(64, 'a');

std::vector<std::string> argv(const QStringList& args)
{
    std::vector<std::string> out;
    for (const QString& a : args)
        out.push_back(a.toStdString());
    return out;
}

// `use` (issue 27): an NVIDIA cuDNN root and the variant folder that goes on PATH.
QStringList use(const QStringList& extra)
{
    return QStringList{"elevated-apply", "--operation", "use", "--toolkit", "/pf/NVIDIA/CUDNN/v9.19", "--transaction",
                       "20261201T000000Z-abc", "--plan-digest", kDigest, "--use-folder",
                       "/pf/NVIDIA/CUDNN/v9.19/bin/12.9/x64"} +
           extra;
}

// repair of a toolkit merged from NVIDIA's variant: the folder its record names, as use --merge names it.
QStringList repairFrom(const QStringList& extra)
{
    return QStringList{"elevated-apply", "--operation", "repair", "--toolkit", "/pf/NVIDIA/GPU Computing Toolkit/CUDA/v12.8",
                       "--transaction", "20261201T000000Z-abc", "--plan-digest", kDigest, "--use-folder",
                       "/pf/NVIDIA/CUDNN/v9.19/bin/12.9/x64"} +
           extra;
}

QStringList apply(const QStringList& extra)
{
    return QStringList{"elevated-apply", "--operation", "install", "--toolkit", "/usr/local/cuda", "--transaction",
                       "20261201T000000Z-abc", "--plan-digest", kDigest, "--archive", "/home/u/cudnn.tar.xz"} +
           extra;
}
}  // namespace

class TestHelperArgs : public QObject {
    Q_OBJECT
private slots:
    void commandLines_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("install") << apply({}) << true;
        QTest::newRow("install, every option") << apply({"--sha256", QString(64, 'F'), "--manifest", "/m.json",
                                                          "--allow-unknown", "--no-path", "--include-extra-files",
                                                          "--new-prefix"})
                                                << true;
        QTest::newRow("uninstall") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "/opt/c",
                                                  "--transaction", "t1", "--plan-digest", kDigest}
                                   << true;
        QTest::newRow("recover") << QStringList{"elevated-recover"} << true;
        QTest::newRow("recover of a toolkit") << QStringList{"elevated-recover", "--toolkit", "/usr/local/cuda"} << true;
        // Finding 1: the global options, before or after the mode, in either spelling.
        QTest::newRow("--log before") << QStringList{"--log", "/root/.bashrc"} + apply({}) << false;
        QTest::newRow("--log after") << apply({"--log", "/root/.bashrc"}) << false;
        QTest::newRow("--log=") << apply({"--log=/etc/ld.so.preload"}) << false;
        QTest::newRow("--state-dir") << apply({"--state-dir", "/tmp"}) << false;
        QTest::newRow("--json") << apply({"--json"}) << false;
        QTest::newRow("--lang") << apply({"--lang", "de"}) << false;
        QTest::newRow("recover --state-dir") << QStringList{"elevated-recover", "--state-dir", "/etc"} << false;
        QTest::newRow("recover --log") << QStringList{"elevated-recover", "--log", "/root/.bashrc"} << false;
        QTest::newRow("the ordinary recover") << QStringList{"recover"} << false;
        QTest::newRow("nothing") << QStringList{} << false;
        // Every value as the intent's type says.
        QTest::newRow("unknown option") << apply({"--bogus"}) << false;
        QTest::newRow("--opt=value") << QStringList{"elevated-apply", "--operation=install"} << false;
        QTest::newRow("given twice") << apply({"--no-path", "--no-path"}) << false;
        QTest::newRow("a positional") << apply({"extra"}) << false;
        QTest::newRow("unknown operation") << QStringList{"elevated-apply", "--operation", "format", "--toolkit", "/c",
                                                          "--transaction", "t", "--plan-digest", kDigest}
                                           << false;
        QTest::newRow("relative toolkit") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "c",
                                                         "--transaction", "t", "--plan-digest", kDigest}
                                          << false;
        QTest::newRow("toolkit with ..") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit",
                                                        "/usr/../etc", "--transaction", "t", "--plan-digest", kDigest}
                                         << false;
        QTest::newRow("toolkit with a command") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit",
                                                               "/x$(id)\n;", "--transaction", "t", "--plan-digest", kDigest}
                                                << false;
        QTest::newRow("transaction a path") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "/c",
                                                           "--transaction", "../x", "--plan-digest", kDigest}
                                            << false;
        QTest::newRow("short digest") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "/c",
                                                     "--transaction", "t", "--plan-digest", "abc"}
                                      << false;
        QTest::newRow("sha256 not hex") << apply({"--sha256", QString(64, 'z')}) << false;
        QTest::newRow("relative manifest") << apply({"--manifest", "m.json"}) << false;
        QTest::newRow("install without archive") << QStringList{"elevated-apply", "--operation", "install", "--toolkit",
                                                                "/c", "--transaction", "t", "--plan-digest", kDigest}
                                                 << false;
        QTest::newRow("uninstall with archive") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit",
                                                               "/c", "--transaction", "t", "--plan-digest", kDigest,
                                                               "--archive", "/a.zip"}
                                                << false;
        QTest::newRow("a value missing") << QStringList{"elevated-apply", "--operation"} << false;
        QTest::newRow("install --nvidia-layout") << apply({"--nvidia-layout", "--no-path"}) << true;
        QTest::newRow("--nvidia-layout with --new-prefix") << apply({"--nvidia-layout", "--new-prefix"}) << false;
        QTest::newRow("--nvidia-layout twice") << apply({"--nvidia-layout", "--nvidia-layout"}) << false;
        QTest::newRow("--nvidia-layout=1") << apply({"--nvidia-layout=1"}) << false;
        QTest::newRow("uninstall --nvidia-layout") << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit",
                                                                  "/c", "--transaction", "t", "--plan-digest", kDigest,
                                                                  "--nvidia-layout"}
                                                   << false;
        QTest::newRow("use") << use({}) << true;
        QTest::newRow("use --path-first") << use({"--path-first"}) << true;
        QTest::newRow("use without --use-folder") << use({}).mid(0, 9) << false;
        QTest::newRow("use with an archive") << use({"--archive", "/a.zip"}) << false;
        QTest::newRow("use --no-path") << use({"--no-path"}) << false;
        QTest::newRow("use --allow-unknown") << use({"--allow-unknown"}) << false;
        QTest::newRow("use --path-first twice") << use({"--path-first", "--path-first"}) << false;
        QTest::newRow("use folder relative") << use({}).mid(0, 10) + QStringList{"bin/12.9/x64"} << false;
        QTest::newRow("use folder with ..") << use({}).mid(0, 10) + QStringList{"/pf/NVIDIA/CUDNN/v9.19/bin/../../x"}
                                            << false;
        QTest::newRow("use folder with ;") << use({}).mid(0, 10) + QStringList{"/pf/a;C:\\evil"} << false;
        QTest::newRow("use folder with %") << use({}).mid(0, 10) + QStringList{"/pf/%SystemRoot%"} << false;
        QTest::newRow("--use-folder on an install") << apply({"--use-folder", "/pf/x"}) << false;
        // use --merge (use --toolkit): the variant's files into a toolkit, --no-path as install's.
        QTest::newRow("use --merge") << use({"--merge"}) << true;
        QTest::newRow("use --merge --no-path") << use({"--merge", "--no-path"}) << true;
        QTest::newRow("use --merge --path-first") << use({"--merge", "--path-first"}) << false;
        QTest::newRow("use --merge with an archive") << use({"--merge", "--archive", "/a.zip"}) << false;
        QTest::newRow("use --merge --allow-unknown") << use({"--merge", "--allow-unknown"}) << false;
        QTest::newRow("--merge on an install") << apply({"--merge"}) << false;
        // repair of a merged toolkit (issue 27): --use-folder, never an archive with it.
        QTest::newRow("repair --use-folder") << repairFrom({}) << true;
        QTest::newRow("repair --use-folder --no-path") << repairFrom({"--no-path"}) << true;
        QTest::newRow("repair --use-folder with an archive") << repairFrom({"--archive", "/a.zip"}) << false;
        QTest::newRow("repair --use-folder --sha256") << repairFrom({"--sha256", QString(64, 'a')}) << false;
        QTest::newRow("repair --use-folder --manifest") << repairFrom({"--manifest", "/m.json"}) << false;
        QTest::newRow("repair --use-folder --allow-unknown") << repairFrom({"--allow-unknown"}) << false;
        QTest::newRow("repair --use-folder --include-extra-files") << repairFrom({"--include-extra-files"}) << false;
        QTest::newRow("repair --use-folder --merge") << repairFrom({"--merge"}) << false;
        QTest::newRow("repair --use-folder --path-first") << repairFrom({"--path-first"}) << false;
        QTest::newRow("repair --use-folder --nvidia-layout") << repairFrom({"--nvidia-layout"}) << false;
        QTest::newRow("repair --use-folder twice") << repairFrom({"--use-folder", "/pf/x"}) << false;
        QTest::newRow("repair --use-folder relative") << repairFrom({}).mid(0, 10) + QStringList{"bin/12.9/x64"} << false;
        QTest::newRow("repair --use-folder with ..")
            << repairFrom({}).mid(0, 10) + QStringList{"/pf/NVIDIA/CUDNN/v9.19/bin/../../x"} << false;
        QTest::newRow("repair --path-first without a folder")
            << QStringList{"elevated-apply", "--operation", "repair", "--toolkit", "/c", "--transaction", "t",
                           "--plan-digest", kDigest, "--path-first"}
            << false;
        QTest::newRow("--use-folder on an uninstall")
            << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "/c", "--transaction", "t",
                           "--plan-digest", kDigest, "--use-folder", "/pf/NVIDIA/CUDNN/v9.19/bin/12.9/x64"}
            << false;
        QTest::newRow("--path-first on an uninstall")
            << QStringList{"elevated-apply", "--operation", "uninstall", "--toolkit", "/c", "--transaction", "t",
                           "--plan-digest", kDigest, "--path-first"}
            << false;
    }
    void commandLines()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, accepted);
        const auto r = parseHelperCommandLine(argv(args));
        QVERIFY2(r.ok() == accepted, r.ok() ? "accepted" : r.error().message.c_str());
        if (!r.ok()) {
            QCOMPARE(QString::fromStdString(r.error().code), QString("helper-usage"));
            return;
        }
        if (r->mode == HelperRequest::Mode::Apply) {
            // What the unelevated side writes for it parses back to the same intent.
            const auto back = parseHelperCommandLine(helperApplyArguments(r->intent));
            QVERIFY(back.ok());
            QCOMPARE(intentArguments(back->intent), intentArguments(r->intent));
            QCOMPARE(back->intent.useFolder, r->intent.useFolder);
            QCOMPARE(back->intent.merge, r->intent.merge);
            QCOMPARE(back->intent.pathFirst, r->intent.pathFirst);
            if (r->intent.kind == PlanKind::Use)
                QVERIFY(!r->intent.useFolder.empty());
        } else {
            const auto back = parseHelperCommandLine(helperRecoverArguments(r->toolkit));
            QVERIFY(back.ok() && back->toolkit == r->toolkit);
        }
    }
};

QTEST_GUILESS_MAIN(TestHelperArgs)
#include "tst_helperargs.moc"
