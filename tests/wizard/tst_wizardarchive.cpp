// The Archive page's two rules from issue 11, through the real wizard offscreen over the real core:
// an unknown archive's extra file is installed only when the user ticks "Also install the extra
// files" (the plan, and the intent handed to the elevated helper, follow the tick), and an official
// archive is checked at hashing speed (no CRC pass) before the page shows its verdict.
#include "wizardfixture.h"

#include "archive/verifier.h"
#include "fixtures/toolkitbuilder.h"
#include "install/plan.h"
#include "wizard/archivepage.h"
#include "wizard/toolkitpage.h"
#include "wizard/wizardmain.h"

#include <QCheckBox>
#include <QDir>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QScopeGuard>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

namespace {
const char* const kExtra = "cuda/bin/zlibwapi.dll";  // the stray file users add (cudnn-facts.md §7)

QString sha256Of(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return QString::fromLatin1(h.result().toHex());
}

// A real x64 DLL (it is checked like the release's own), not NVIDIA's.
fixtures::ArchiveFile extraDll()
{
    fixtures::PeOptions o;
    o.fileVersion = "1.2.13.0";
    o.bodyBytes = 4096;
    fixtures::ArchiveFile f;
    f.name = kExtra;
    f.data = fixtures::buildPe(o);
    return f;
}

bool planHas(const PlanView& plan, const QString& suffix)
{
    for (const PlanFileView& f : plan.files)
        if (QDir::fromNativeSeparators(f.path).endsWith(suffix))
            return true;
    return false;
}

QTreeWidgetItem* checkItem(QTreeWidget* list, const QString& key)
{
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->data(0, Qt::UserRole).toString() == key)
            return list->topLevelItem(i);
    return nullptr;
}
}  // namespace

class TestWizardArchive : public QObject, private WizardFixture {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
        QVERIFY(m_dir.isValid());
        QVERIFY(installLanguage(QStringLiteral("en")));
    }

    void extraFilesCheckbox_data()
    {
        QTest::addColumn<bool>("ticked");
        QTest::newRow("unticked: the extra file is left out") << false;
        QTest::newRow("ticked: the extra file is installed") << true;
    }
    void extraFilesCheckbox()
    {
        QFETCH(bool, ticked);
        const QString tag = ticked ? QStringLiteral("extra-ticked") : QStringLiteral("extra-unticked");
        fixtures::ReleaseSpec spec = goodRelease();  // unknown: not in the catalog
        spec.extra = {extraDll()};
        const QString archive = writeArchive(m_dir.filePath(tag + QStringLiteral("/downloads")), spec);
        const QString toolkit = freshToolkit(tag);
        Harness h;
        SessionConfig c = config(tag);
        c.searchFolders = {};
        h.create(c);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
        static_cast<ArchivePage*>(h.wizard->currentPage())->choose(archive);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
        const ArchiveReport& a = h.session->archive();
        QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
        QCOMPARE(a.authenticity, QStringLiteral("unknown"));
        QVERIFY(std::any_of(a.warnings.begin(), a.warnings.end(),
                            [](const ProblemView& w) { return w.code == QLatin1String("extra-file"); }));
        auto* extras = child<QCheckBox>(h, "includeExtraFiles");
        QVERIFY(extras->isVisible());
        QVERIFY(!extras->isChecked());  // never ticked for the user
        child<QCheckBox>(h, "trustArchive")->click();
        if (ticked)
            extras->click();
        QCOMPARE(extras->isChecked(), ticked);

        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
        static_cast<ToolkitPage*>(h.wizard->currentPage())->addFolder(toolkit);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
        QTRY_VERIFY(h.session->selectedToolkit() != nullptr);
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
        const PlanView& plan = h.session->plan();
        QVERIFY2(plan.ok, qPrintable(plan.error));
        QVERIFY(planHas(plan, QStringLiteral("/bin/cudnn64_8.dll")));  // the release itself either way
        QCOMPARE(planHas(plan, QStringLiteral("/bin/zlibwapi.dll")), ticked);
        QCOMPARE(plan.core->includeExtraFiles, ticked);

#ifdef Q_OS_WIN
        QSKIP("CUDNN_SETUP_ELEVATOR (which records the helper's arguments here) is the POSIX launcher hook");
#endif
        // The elevated helper plans for itself from the intent: the tick must travel with it. A launcher
        // that records what it was asked to run, then answers as a dismissed pkexec dialog does.
        const QString args = m_dir.filePath(tag + QStringLiteral("/helper-args.txt"));
        const QString launcher = m_dir.filePath(tag + QStringLiteral("/launcher.sh"));
        QVERIFY(fixtures::writeShellScript(launcher.toStdString(),
                                           "printf '%s\\n' \"$@\" > '" + args.toStdString() + "'\nexit 126"));
        qputenv("CUDNN_SETUP_ELEVATOR", launcher.toUtf8());
        const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_ELEVATOR"); });
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 60000);
        QCOMPARE(h.session->outcome().exitCode, 4);  // refused: nothing installed
        QVERIFY(!QFileInfo::exists(toolkit + QStringLiteral("/bin/zlibwapi.dll")));
        QFile f(args);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList argv = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(argv.contains(QStringLiteral("elevated-apply")), qPrintable(argv.join(QLatin1Char(' '))));
        QCOMPARE(argv.contains(QStringLiteral("--include-extra-files")), ticked);
    }

    // An archive whose SHA-256 NVIDIA lists (here a redistrib manifest given to the session, as
    // `verify --manifest` takes one: the built-in catalog holds only NVIDIA's real bytes) is proven
    // by its hash: the page's verdict comes from the hashing pass alone, no entry is inflated for its
    // CRC-32, and the Integrity line says so. The CRC pass is what makes an unknown archive slow.
    void officialArchiveNeedsNoCrcPass()
    {
        const QString tag = QStringLiteral("official");
        fixtures::ReleaseSpec spec = goodRelease();
        spec.dllBodyBytes = 4u << 20;
        spec.extra = {extraDll()};
        const QString archive = writeArchive(m_dir.filePath(tag + QStringLiteral("/downloads")), spec);
        const QString manifest = m_dir.filePath(tag + QStringLiteral("/redistrib_8.2.2.json"));
        {
            QFile mf(manifest);
            QVERIFY(mf.open(QIODevice::WriteOnly));
            mf.write(QStringLiteral(R"({"release_label": "8.2.2.99", "cudnn": {"version": "8.2.2.99", "windows-x86_64": {
                "cuda11.4": {"relative_path": "cudnn/windows-x86_64/%1", "sha256": "%2", "size": "%3"}}}})")
                         .arg(QFileInfo(archive).fileName(), sha256Of(archive), QString::number(QFileInfo(archive).size()))
                         .toUtf8());
        }
        Harness h;
        SessionConfig c = config(tag);
        c.searchFolders = {};
        c.manifest = manifest;
        h.create(c);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
        QVERIFY(h.next());
        static_cast<ArchivePage*>(h.wizard->currentPage())->choose(archive);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
        const ArchiveReport& a = h.session->archive();
        QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
        QCOMPARE(a.authenticity, QStringLiteral("manifest"));
        QVERIFY(a.core);
        QVERIFY(!a.core->crcChecked);  // the fast path ran: the hash, the central directory, the DLL heads
        QVERIFY(!a.needsTrust());
        QVERIFY(h.wizard->button(QWizard::NextButton)->isEnabled());  // no tick needed
        QVERIFY(!child<QCheckBox>(h, "trustArchive")->isVisible());
        // An official archive's extra files are installed anyway: no checkbox to offer.
        QVERIFY(!child<QCheckBox>(h, "includeExtraFiles")->isVisible());
        QTreeWidgetItem* integrity = checkItem(child<QTreeWidget>(h, "checklist"), QStringLiteral("integrity"));
        QVERIFY(integrity);
        QVERIFY2(integrity->text(1).contains(QLatin1String("no CRC pass")), qPrintable(integrity->text(1)));
        QVERIFY(child<QLabel>(h, "verifyHeadline")->text().contains(QLatin1String("8.2.2.99")));

        // The same bytes without the manifest: the full pass, and the user must trust it.
        Harness unknown;
        c.manifest.clear();
        c.stateDir += QStringLiteral("-unknown");
        unknown.create(c);
        QTRY_VERIFY_WITH_TIMEOUT(!unknown.session->detecting(), 30000);
        QVERIFY(unknown.next());
        static_cast<ArchivePage*>(unknown.wizard->currentPage())->choose(archive);
        QTRY_VERIFY_WITH_TIMEOUT(!unknown.session->verifying(), 60000);
        QVERIFY(unknown.session->archive().ok);
        QVERIFY(unknown.session->archive().core->crcChecked);
        QVERIFY(unknown.session->archive().needsTrust());
    }
};

QTEST_MAIN(TestWizardArchive)
#include "tst_wizardarchive.moc"
