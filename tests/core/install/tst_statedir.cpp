// Which state folder a transaction uses (install/statedir.h). The one that matters: a standard
// user who installs into a root-owned toolkit has ~/.local/state as the default, and the elevated
// helper refuses a folder its user can change, so a transaction the helper applies must get the
// elevated side's own default unless someone chose a folder. tests/cli/tst_cli_pkexec shows it
// with the real pkexec, as nobody; these rows pin the rule itself.
#include "install/statedir.h"

#include <QTest>

#include <cstdlib>

using namespace cudnnsetup;

class TestStateDir : public QObject {
    Q_OBJECT

private slots:
    void elevatedStateDirFor_data()
    {
        QTest::addColumn<QString>("env");      // CUDNN_SETUP_STATE_DIR ("" unset)
        QTest::addColumn<QString>("current");  // DEFAULT: defaultStateDir() of this process
        QTest::addColumn<QString>("expected"); // ELEVATED: elevatedStateDir()
        QTest::newRow("nobody chose one: the elevated side's default") << "" << "DEFAULT" << "ELEVATED";
        QTest::newRow("--state-dir chosen: kept") << "" << "/srv/cudnn-state" << "/srv/cudnn-state";
        QTest::newRow("CUDNN_SETUP_STATE_DIR chosen: kept") << "/srv/env-state" << "DEFAULT" << "/srv/env-state";
        QTest::newRow("--state-dir over the variable: kept") << "/srv/env-state" << "/srv/flag" << "/srv/flag";
    }
    void elevatedStateDirFor()
    {
        QFETCH(QString, env);
        QFETCH(QString, current);
        QFETCH(QString, expected);
        const QByteArray saved = qgetenv("CUDNN_SETUP_STATE_DIR");
        if (env.isEmpty())
            qunsetenv("CUDNN_SETUP_STATE_DIR");
        else
            qputenv("CUDNN_SETUP_STATE_DIR", env.toUtf8());
        const std::string now = current == "DEFAULT" ? defaultStateDir() : current.toStdString();
        const std::string want = expected == "ELEVATED" ? elevatedStateDir() : expected.toStdString();
        const std::string got = cudnnsetup::elevatedStateDirFor(now);
        if (saved.isNull())
            qunsetenv("CUDNN_SETUP_STATE_DIR");
        else
            qputenv("CUDNN_SETUP_STATE_DIR", saved);
        QCOMPARE(QString::fromStdString(got), QString::fromStdString(want));
    }

    // A standard user's default is in their home; the elevated side's is the machine's.
    void theElevatedDefaultIsTheMachines()
    {
#ifdef _WIN32
        QVERIFY(QString::fromStdString(elevatedStateDir()).endsWith("\\cudnn-setup"));
#else
        QCOMPARE(QString::fromStdString(elevatedStateDir()), QString("/var/lib/cudnn-setup"));
#endif
    }
};

QTEST_GUILESS_MAIN(TestStateDir)
#include "tst_statedir.moc"
