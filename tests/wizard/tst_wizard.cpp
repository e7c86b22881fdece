// The real wizard, offscreen, over the real core: the install flow in both languages, a bad
// archive, responsiveness and Cancel, elevation, a toolkit changed after review, the PATH
// preview. Maintenance is tst_wizardmaintenance.cpp.
#include "wizardfixture.h"

#include "fixtures/toolkitbuilder.h"
#include "wizard/archivepage.h"
#include "wizard/archiveservice.h"
#include "wizard/installservice.h"
#include "wizard/toolkitpage.h"
#include "wizard/wizardmain.h"

#include <QApplication>
#include <QCheckBox>
#include <QDropEvent>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QUrl>
#include <QPushButton>
#include <QScopeGuard>
#include <QTextBrowser>
#include <QTest>
#include <QTreeWidget>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

class TestWizard : public QObject, private WizardFixture {
    Q_OBJECT

private:
    QString m_badDir, m_bigDir;
    QString m_bad, m_big;

private slots:
    void initTestCase();
    void installFlow_data();
    void installFlow();
    void badArchive_data();
    void badArchive();
    void verifyStaysResponsive();
    void cancelDuringInstall();
    void toolkitChangedAfterReview();
    void installElevated_data();
    void installElevated();
    void pathPreview_data();
    void pathPreview();
    void dropOntoArchivePage_data();
    void dropOntoArchivePage();
};

void TestWizard::initTestCase()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    createDownloads();

    auto bad = goodRelease();
    bad.omit = {"cudnn_cnn_infer64_8.dll"};
    m_badDir = m_dir.filePath(QStringLiteral("bad"));
    m_bad = writeArchive(m_badDir, bad);

    // Big enough that verify and install take a while: the stall probe and Cancel need time to act.
    auto big = goodRelease();
    big.dllBodyBytes = 48ull << 20;
    big.streamDlls = true;
    big.store = true;
    m_bigDir = m_dir.filePath(QStringLiteral("big"));
    m_big = writeArchive(m_bigDir, big);
    qInfo("big archive: %lld MB", QFileInfo(m_big).size() >> 20);
}

void TestWizard::installFlow_data()
{
    addLanguageRows();
}

void TestWizard::installFlow()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("flow-") + lang;
    const QString toolkit = freshToolkit(tag);
    Harness h;
    h.create(config(tag));
    bool reached = false;
    goToReview(h, lang, toolkit, true, &reached);
    if (!reached)
        return;

    auto* commit = h.wizard->button(QWizard::CommitButton);
    QVERIFY(commit->isEnabled());
    QVERIFY(child<QLabel>(h, "planSummary")->text().contains(QDir::toNativeSeparators(toolkit)));
    const PlanView& plan = h.session->plan();
    QVERIFY2(plan.ok, qPrintable(plan.error));
    QVERIFY2(plan.added >= 30, qPrintable(QString::number(plan.added)));  // 7 DLLs, 9 headers, 14 libs
    h.screenshot(lang, QStringLiteral("review"));

    StallProbe probe;
    probe.start();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    probe.stop();
    qInfo("install (%s): timer gaps max %.1f ms, p99 %.1f ms over %d samples; UI thread busy at most %.1f ms",
          qPrintable(lang), probe.maxGapMsExact(), probe.p99GapMs(), probe.samples(), probe.maxBusyMs());
    // Order, not speed: the event loop turned again and again while the install ran, so the work
    // is off the UI thread (on it, Next would return only once it was over, and the probe would
    // tick once or not at all). How long the UI thread is busy at most is measured, not asserted:
    // speed belongs in bench/, and a wall-clock bound flakes on a loaded CI machine.
    QVERIFY2(probe.samples() >= 3, qPrintable(QStringLiteral("%1 ticks while installing").arg(probe.samples())));
    const OutcomeView& o = h.session->outcome();
    QVERIFY2(o.ok, qPrintable(o.headline));
    QCOMPARE(child<QLabel>(h, "installResult")->text().contains(o.headline.toHtmlEscaped()), true);
    h.screenshot(lang, QStringLiteral("install"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 100000);
    const ValidationView& v = h.session->validation();
    QVERIFY(!v.headline.isEmpty());
    QVERIFY(child<QLabel>(h, "validateHeadline")->text().contains(v.headline.toHtmlEscaped()));
    h.screenshot(lang, QStringLiteral("validate"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
    h.screenshot(lang, QStringLiteral("finish"));
    const QString md = h.session->reportMarkdown();
    QVERIFY(md.contains(QDir::toNativeSeparators(toolkit)));
    QVERIFY(md.contains(v.headline));
}

void TestWizard::badArchive_data()
{
    installFlow_data();
}

void TestWizard::badArchive()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    Harness h;
    SessionConfig c = config(QStringLiteral("bad-") + lang);
    c.searchFolders = {m_badDir};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    const QString headline = child<QLabel>(h, "verifyHeadline")->text();
    QVERIFY2(headline.contains(QFileInfo(m_bad).fileName()), qPrintable(headline));
    h.screenshot(lang, QStringLiteral("archive-bad"));
    // The missing DLL is named under "Completeness", with its fix.
    auto* list = child<QTreeWidget>(h, "checklist");
    QTreeWidgetItem* completeness = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->data(0, Qt::UserRole).toString() == QLatin1String("completeness"))
            completeness = list->topLevelItem(i);
    QVERIFY(completeness);
    QVERIFY(completeness->childCount() >= 1);
    QCOMPARE(completeness->child(0)->data(0, Qt::UserRole).toString(), QStringLiteral("missing-file"));
    QVERIFY2(completeness->child(0)->text(0).contains(QLatin1String("cudnn_cnn_infer64_8.dll")),
             qPrintable(completeness->child(0)->text(0)));
    QVERIFY(completeness->child(0)->childCount() == 1);  // the fix
}

void TestWizard::verifyStaysResponsive()
{
    QVERIFY(installLanguage(QStringLiteral("en")));
    Harness h;
    SessionConfig c = config(QStringLiteral("responsive"));
    c.searchFolders = {};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    auto* page = static_cast<ArchivePage*>(h.wizard->currentPage());

    // A full verification of the big archive with the probe running.
    StallProbe probe;
    probe.start();
    page->choose(m_big);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    probe.stop();
    QVERIFY2(h.session->archive().ok, qPrintable(h.session->archive().error));
    qInfo("verify of %lld MB: timer gaps max %.1f ms, p99 %.1f ms over %d samples; UI thread busy at most %.1f ms "
          "between two ticks",
          QFileInfo(m_big).size() >> 20, probe.maxGapMsExact(), probe.p99GapMs(), probe.samples(), probe.maxBusyMs());
    // Order, not speed: the event loop kept turning while the archive was verified (choose()
    // returned at once and the timer ticked until the end), so the work is off the UI thread.
    // The gaps and the UI thread's busy time above are measured and printed, never asserted as
    // wall-clock bounds: on two shared cores they flaked (speed belongs in bench/).
    QVERIFY2(probe.samples() >= 3, qPrintable(QStringLiteral("%1 ticks while verifying").arg(probe.samples())));
    QVERIFY(child<QLabel>(h, "verifyProgressText")->text().contains(QLatin1String("SHA-256")));

    // Again, cancelled half-way from the page's own button.
    page->choose(m_big);
    QTRY_VERIFY_WITH_TIMEOUT(h.session->verifyTask()->progress().done > 0, 30000);
    auto* cancel = child<QPushButton>(h, "cancelVerify");
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 5000);
    const qint64 latency = h.session->verifyTask()->cancelLatencyMs();
    qInfo("verify cancel: %lld ms from click to the core returning", latency);
    QVERIFY(h.session->archive().cancelled);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    // Prompt, not "after the rest of the archive": the archive takes seconds to verify; the
    // measured latency is printed above (tens of ms on an idle machine), the bound leaves room
    // for a loaded CI machine.
    QVERIFY2(latency >= 0 && latency <= 1000, qPrintable(QString::number(latency)));
}

void TestWizard::cancelDuringInstall()
{
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("cancel");
    const QString toolkit = freshToolkit(tag);
    const auto before = treeManifest(toolkit);
    Harness h;
    SessionConfig c = config(tag);
    c.searchFolders = {m_bigDir};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    child<QCheckBox>(h, "trustArchive")->click();
    QVERIFY(h.next());
    static_cast<ToolkitPage*>(h.wizard->currentPage())->addFolder(toolkit);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting() && h.session->selectedToolkit(), 30000);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(h.session->plan().ok, 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(h.session->operationTask()->progress().done > 0, 60000);
    QTest::mouseClick(child<QPushButton>(h, "cancelInstall"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 60000);
    const OutcomeView& o = h.session->outcome();
    qInfo("install cancel: %lld ms from click to the core returning (rollback included)",
          h.session->operationTask()->cancelLatencyMs());
    QVERIFY(!o.ok);
    // Prompt (the rollback included), with room for a loaded CI machine; the number is printed above.
    QVERIFY2(h.session->operationTask()->cancelLatencyMs() <= 1000,
             qPrintable(QString::number(h.session->operationTask()->cancelLatencyMs())));
    QVERIFY2(o.rolledBack && !o.notRolledBack, qPrintable(o.headline));
    QCOMPARE(o.exitCode, 3);
    h.screenshot(QStringLiteral("en"), QStringLiteral("install-cancelled"));
    QCOMPARE(treeManifest(toolkit), before);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWizard::toolkitChangedAfterReview()
{
    // A file appears where the reviewed plan adds one: Install must not apply a plan nobody saw.
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("changed");
    const QString toolkit = freshToolkit(tag);
    Harness h;
    h.create(config(tag));
    bool reached = false;
    goToReview(h, QStringLiteral("en"), toolkit, false, &reached);
    if (!reached)
        return;
    QString added;
    for (const PlanFileView& f : h.session->plan().files)
        if (f.change == FileChange::Added && f.path.endsWith(QStringLiteral("cudnn64_8.dll")))
            added = QDir::fromNativeSeparators(f.path);
    QVERIFY(!added.isEmpty());
    QFile intruder(added);
    QVERIFY(intruder.open(QIODevice::WriteOnly));
    intruder.write("someone else's cudnn64_8.dll");
    intruder.close();
    const auto before = treeManifest(toolkit);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    QVERIFY(!o.ok);
    QVERIFY(!o.problems.isEmpty());
    QCOMPARE(o.problems.first().code, QStringLiteral("target-changed"));
    QCOMPARE(treeManifest(toolkit), before);
}

void TestWizard::installElevated_data()
{
    QTest::addColumn<bool>("granted");
    QTest::newRow("granted") << true;
    QTest::newRow("refused") << false;
}

void TestWizard::installElevated()
{
    // The apply step through the core's elevated helper (CUDNN_SETUP_ELEVATOR stands in for pkexec and
    // forces the helper path, docs/install.md): granted → the helper installs and its outcome is shown;
    // refused → exit 4, toolkit byte-identical.
#ifdef Q_OS_WIN
    QSKIP("CUDNN_SETUP_ELEVATOR is the POSIX launcher hook");
#endif
    QFETCH(bool, granted);
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("elevated-") + QLatin1String(QTest::currentDataTag());
    const QString toolkit = freshToolkit(tag);
    const auto before = treeManifest(toolkit);
    Harness h;
    h.create(config(tag));
    const QString stateDir = h.session->config().stateDir;
    QDir().mkpath(m_dir.filePath(tag));
    QString launcher = m_dir.filePath(tag + QStringLiteral("/launcher.sh"));
    if (!granted) {
        QVERIFY(fixtures::writeShellScript(launcher.toStdString(), "exit 126"));  // pkexec: the dialog was dismissed
    } else {
        // Runs the helper as it is ("PROGRAM ARGS"), and holds it still (SIGSTOP from outside: the
        // helper reads no test hook) once its progress file names a stage, so that this process is
        // seen to show what the helper reported; then lets it finish and hands back its exit code.
        const std::string body =
            "\"$@\" & pid=$!\n"
            "f='" + stateDir.toStdString() + "/helper-progress.json'\n"
            "while kill -0 $pid 2>/dev/null; do\n"
            "  if grep -q '\"stage\":\"[^\"]' \"$f\" 2>/dev/null; then\n"
            "    kill -STOP $pid; cp \"$f\" \"$f.seen\"; sleep 3; kill -CONT $pid; break\n"
            "  fi\n"
            "  sleep 0.01\n"
            "done\n"
            "wait $pid";
        QVERIFY(fixtures::writeShellScript(launcher.toStdString(), body));
    }
    bool reached = false;
    goToReview(h, QStringLiteral("en"), toolkit, false, &reached);
    if (!reached)
        return;
    qputenv("CUDNN_SETUP_ELEVATOR", launcher.toUtf8());
    const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_ELEVATOR"); });
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    if (granted) {
        // While the helper is held, the stage the wizard shows is the one in the helper's own file.
        const QString seen = stateDir + QStringLiteral("/helper-progress.json.seen");
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(seen), 60000);
        QFile f(seen);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject helperSaid = QJsonDocument::fromJson(f.readAll()).object();
        const QString stage = helperSaid.value(QStringLiteral("stage")).toString();
        const quint64 done = helperSaid.value(QStringLiteral("done")).toVariant().toULongLong();
        QVERIFY(!stage.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(h.session->operationTask()->progress().stage == stage &&
                                     h.session->operationTask()->progress().done == done,
                                 2500);
        qInfo("progress from the elevated helper: %s", qPrintable(stage));
    }
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    QVERIFY(o.elevated || !granted);
    if (granted) {
        QVERIFY2(o.ok, qPrintable(o.headline + (o.problems.isEmpty() ? QString() : QLatin1Char(' ') + o.problems.first().message)));
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.actions.size() >= 30);
        QVERIFY(treeManifest(toolkit) != before);
        QVERIFY(!QDir(h.session->config().stateDir + QStringLiteral("/records")).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());
    } else {
        QVERIFY(!o.ok);
        QCOMPARE(o.exitCode, 4);
        QVERIFY(!o.problems.isEmpty());
        QCOMPARE(o.problems.first().code, QStringLiteral("elevation-refused"));
        QCOMPARE(treeManifest(toolkit), before);
        h.screenshot(QStringLiteral("en"), QStringLiteral("install-elevation-refused"));
    }
}

void TestWizard::pathPreview_data()
{
    installFlow_data();
}

void TestWizard::pathPreview()
{
    // Review shows PATH before → after with the toolkit's bin highlighted, over a fake system PATH
    // (CUDNN_SETUP_TEST_SYSTEM_PATH_FILE, docs/install.md); Install then writes exactly that "after".
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("path-") + lang;
    const QString toolkit = freshToolkit(tag);
    // A Windows-layout toolkit: the core spells its PATH entry the Windows way on every host.
    const QString bin = QString(toolkit + QStringLiteral("/bin")).replace(QLatin1Char('/'), QLatin1Char('\\'));
    const QString other = QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin");
    const QStringList before{QStringLiteral("C:\\Windows\\system32"), QStringLiteral("C:\\Windows"), other,
                             QStringLiteral("C:\\Tools\\bin")};
    const QString pathFile = m_dir.filePath(tag + QStringLiteral("/system-path.txt"));
    {
        QFile f(pathFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(before.join(QLatin1Char(';')).toUtf8());
    }
    qputenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", pathFile.toUtf8());
    const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE"); });
    Harness h;
    SessionConfig c = config(tag);
    c.noPath = false;  // the file stands in for PATH: nothing of this machine is touched
    h.create(c);
    bool reached = false;
    goToReview(h, lang, toolkit, false, &reached);
    if (!reached)
        return;
    const PlanView& plan = h.session->plan();
    QVERIFY2(plan.ok, qPrintable(plan.error));
    QVERIFY(plan.pathChange);
    QCOMPARE(plan.pathBefore, before);
    // Put ahead of the other CUDA version's bin, nothing else moved or lost.
    QStringList expected = before;
    expected.insert(2, bin);
    QCOMPARE(plan.pathAfter, expected);
    QCOMPARE(plan.pathChanged, QStringList{bin});
    auto* preview = child<QTextBrowser>(h, "pathPreview");
    const QString html = preview->toHtml();
    QVERIFY2(html.contains(bin.toHtmlEscaped()), qPrintable(html));
    QVERIFY(html.contains(other.toHtmlEscaped()));
    // The highlighted entry is the toolkit's bin, and only it.
    const QString plain = preview->toPlainText();
    QVERIFY(plain.contains(QCoreApplication::translate("cudnnsetup::wizard::ReviewPage", "PATH after (changes highlighted)")));
    QCOMPARE(html.count(QStringLiteral("#c8e6c9")), 1);
    const qsizetype mark = html.indexOf(QStringLiteral("#c8e6c9"));
    QVERIFY(html.indexOf(bin.toHtmlEscaped(), mark) > mark);
    QVERIFY(html.indexOf(bin.toHtmlEscaped(), mark) < html.indexOf(other.toHtmlEscaped(), mark));
    h.screenshot(lang, QStringLiteral("review-path"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    QFile f(pathFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), expected.join(QLatin1Char(';')));
}

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"

void TestWizard::dropOntoArchivePage_data()
{
    QTest::addColumn<QStringList>("urls");  // "GOOD" and "BAD" stand for the generated archives
    QTest::addColumn<bool>("accepted");
    QTest::newRow("the downloaded zip") << QStringList{"GOOD"} << true;
    QTest::newRow("an incomplete zip: taken, then verified as incomplete") << QStringList{"BAD"} << true;
    QTest::newRow("two zips at once") << QStringList{"GOOD", "BAD"} << false;
    QTest::newRow("not a zip") << QStringList{"TEXT"} << false;
    QTest::newRow("a web address") << QStringList{"https://developer.nvidia.com/cudnn.zip"} << false;
}

// Drag and drop onto the Archive page, through the page's own event handlers.
void TestWizard::dropOntoArchivePage()
{
    QFETCH(QStringList, urls);
    QFETCH(bool, accepted);
    QVERIFY(installLanguage(QStringLiteral("en")));
    Harness h;
    SessionConfig c = config(QStringLiteral("drop"));
    c.searchFolders = {};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    auto* page = static_cast<ArchivePage*>(h.wizard->currentPage());
    QVERIFY(page->acceptDrops());
    QVERIFY(h.session->archivePath().isEmpty());

    const QString text = m_dir.filePath(QStringLiteral("notes.txt"));
    {
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not an archive");
    }
    QMimeData mime;
    QList<QUrl> list;
    for (const QString& u : urls)
        list << (u == "GOOD"   ? QUrl::fromLocalFile(m_good)
                 : u == "BAD"  ? QUrl::fromLocalFile(m_bad)
                 : u == "TEXT" ? QUrl::fromLocalFile(text)
                               : QUrl(u));
    mime.setUrls(list);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.ignore();
    QApplication::sendEvent(page, &enter);
    QCOMPARE(enter.isAccepted(), accepted);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    drop.ignore();
    QApplication::sendEvent(page, &drop);
    QCOMPARE(drop.isAccepted(), accepted);
    if (!accepted) {
        QVERIFY(h.session->archivePath().isEmpty());  // nothing chosen, nothing verified
        QVERIFY(!h.session->verifying());
        QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
        return;
    }
    const QString want = urls.first() == "GOOD" ? m_good : m_bad;
    QCOMPARE(QFileInfo(h.session->archivePath()).canonicalFilePath(), QFileInfo(want).canonicalFilePath());
    QCOMPARE(child<QLineEdit>(h, "archivePath")->text(), QDir::toNativeSeparators(want));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
    QCOMPARE(h.session->archive().ok, urls.first() == "GOOD");
    QVERIFY(child<QLabel>(h, "verifyHeadline")->text().contains(QFileInfo(want).fileName()));
}
