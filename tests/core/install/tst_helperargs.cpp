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
        } else {
            const auto back = parseHelperCommandLine(helperRecoverArguments(r->toolkit));
            QVERIFY(back.ok() && back->toolkit == r->toolkit);
        }
    }
};

QTEST_GUILESS_MAIN(TestHelperArgs)
#include "tst_helperargs.moc"
