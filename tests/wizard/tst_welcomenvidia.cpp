// cuDNN outside the toolkits on the real wizard's Welcome page (issue 27): NVIDIA's exe installer
// tree (v9.x\bin\<cuda>\x64, nothing on PATH), a pip wheel, an older copy in a toolkit ahead of it.
// Each machine is a Windows one described to detection on any host: a fake Program Files and
// registry whose system PATH is the file CUDNN_SETUP_TEST_SYSTEM_PATH_FILE names, the same file the
// install flow writes (core/common/testhooks.h), so what "Use this cuDNN" changes is what the page
// shows after it.
#include "wizardfixture.h"

#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "fixtures/toolkitbuilder.h"
#include "wizard/cudnninstallspanel.h"
#include "wizard/cudnninstalltext.h"
#include "wizard/installservice.h"
#include "wizard/maintenancepage.h"
#include "wizard/wizardmain.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QMap>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

#include <algorithm>
#include <filesystem>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;
namespace fs = std::filesystem;

namespace {

const char kSystemEnvironmentKey[] = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";
const char kCudaKey[] = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";

// The registry of the described machine; its system PATH is read from the PATH file at every
// detection, as the registry would be after the install wrote it.
class PathFileRegistry : public Registry {
public:
    PathFileRegistry(FakeRegistry base, QString pathFile) : m_base(std::move(base)), m_pathFile(std::move(pathFile)) {}
    std::vector<std::string> subkeys(RegistryHive hive, const std::string& key, RegistryView view) const override
    {
        return m_base.subkeys(hive, key, view);
    }
    std::optional<RegistryValue> value(RegistryHive hive, const std::string& key, const std::string& name,
                                       RegistryView view) const override
    {
        if (hive == RegistryHive::LocalMachine && key == kSystemEnvironmentKey && name == "Path") {
            QFile f(m_pathFile);
            if (!f.open(QIODevice::ReadOnly))
                return std::nullopt;
            // Windows takes either separator, this host only '/': the install writes PATH entries the
            // Windows way ("...\\v9.19\\bin\\12.9\\x64"), and detection must find those folders here.
            std::string text = f.readAll().toStdString();
            std::replace(text.begin(), text.end(), '\\', '/');
            return RegistryValue{RegistryValue::Type::ExpandString, text, 0};
        }
        return m_base.value(hive, key, name, view);
    }

private:
    FakeRegistry m_base;
    QString m_pathFile;
};

// A Windows machine under a scratch folder: Program Files, registered toolkits, the system PATH.
struct Machine {
    QString root;
    QStringList systemPath;
    QStringList toolkits;
    FakeRegistry registry;
    QString virtualEnv;

    QString programFiles() const { return root + QStringLiteral("/Program Files"); }
    QString pathFile() const { return root + QStringLiteral("/system-path.txt"); }
    // NVIDIA's installer tree; returns the v9.x folder.
    QString nvidia(const std::string& cudnn, const std::vector<std::string>& variants)
    {
        fixtures::NvidiaInstallSpec s;
        s.cudnn = cudnn;
        s.variants = variants;
        return QString::fromStdString(fixtures::buildNvidiaInstall(programFiles().toStdString(), s));
    }
    // A toolkit registered as NVIDIA's CUDA installer does; returns its bin folder.
    QString toolkit(const std::string& cuda, fixtures::ToolkitSpec spec = {})
    {
        spec.cuda = cuda;
        const std::string mm = cuda.substr(0, cuda.rfind('.'));
        const QString dir = root + QStringLiteral("/CUDA/v") + QString::fromStdString(mm);
        fixtures::buildToolkit(dir.toStdString(), spec);
        // Spelt through QString: GCC 12's -Warray-bounds misreads std::string + "\\v" + mm here.
        const QString key = QLatin1String(kCudaKey) + QStringLiteral("\\v") + QString::fromStdString(mm);
        registry.setString(RegistryHive::LocalMachine, key.toStdString(), "InstallDir", dir.toStdString());
        toolkits << dir;
        return dir + (std::stoi(cuda) >= 13 ? QStringLiteral("/bin/x64") : QStringLiteral("/bin"));
    }
    bool writePath() const
    {
        QFile f(pathFile());
        return f.open(QIODevice::WriteOnly) && f.write(systemPath.join(QLatin1Char(';')).toUtf8()) >= 0;
    }
    // Detection of the wizard reads this machine, not the host's.
    void describeTo(SessionConfig& c) const
    {
        const QString pf = programFiles();
        const QString home = root + QStringLiteral("/home");
        const QString venv = virtualEnv;
        c.environment = [pf, home, venv] {
            auto env = std::make_unique<FakeEnvironment>(true);
            env->setKnownFolder(KnownFolder::ProgramFiles, pf.toStdString());
            env->setKnownFolder(KnownFolder::Home, home.toStdString());
            if (!venv.isEmpty())
                env->set("VIRTUAL_ENV", venv.toStdString());
            return std::unique_ptr<Environment>(std::move(env));
        };
        const FakeRegistry reg = registry;
        const QString file = pathFile();
        c.registry = [reg, file] { return std::unique_ptr<Registry>(std::make_unique<PathFileRegistry>(reg, file)); };
        c.extraToolkitRoots << toolkits;
    }
};

using Scenario = std::function<void(Machine&)>;

// Every file and folder under `root` with its bytes (folders: a marker), for byte-identical checks.
QMap<QString, QByteArray> treeOf(const QString& root)
{
    QMap<QString, QByteArray> tree;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        QFile file(f.filePath());
        tree.insert(QDir(root).relativeFilePath(f.filePath()),
                    f.isDir() ? QByteArray("<dir>") : file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
    }
    return tree;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

Q_DECLARE_METATYPE(Scenario)

class TestWelcomeNvidia : public QObject, private WizardFixture {
    Q_OBJECT

private:
    // The wizard on `m`, Welcome shown and detection done.
    void open(Harness& h, Machine& m, const QString& tag)
    {
        QVERIFY(m.writePath());
        SessionConfig c = config(tag);
        m.describeTo(c);
        h.create(c);
        QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
        QVERIFY2(h.session->machine().error.isEmpty(), qPrintable(h.session->machine().error));
    }

    // Welcome with the PATH file standing in for the system PATH (c.noPath off: nothing of this
    // machine is touched), once detection is done.
    void openWithPathFile(Harness& h, Machine& m, const QString& tag)
    {
        SessionConfig c = config(tag);
        c.noPath = false;
        m.describeTo(c);
        h.create(c);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    }

    // Next from a commit page: Install runs the operation, which succeeds.
    static void runOperation(Harness& h)
    {
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
        QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    }

    // Maintenance's row of `path` (the toolkit or NVIDIA root it is about); null when none.
    static QTreeWidgetItem* maintenanceRow(Harness& h, const QString& path)
    {
        auto* list = child<QTreeWidget>(h, "maintenanceToolkits");
        QTreeWidgetItem* row = nullptr;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            if (Session::samePath(list->topLevelItem(i)->data(0, Qt::UserRole).toString(), path))
                row = list->topLevelItem(i);
        return row;
    }

private slots:
    void initTestCase()
    {
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
        createDownloads();
    }

    // The Welcome page lists each variant with its fit and whether programs find it, and offers
    // "Use this cuDNN" where NVIDIA's install is not what programs load.
    void listed_data()
    {
        QTest::addColumn<Scenario>("setup");
        // One per install: "origin|variant folder|version|built with|reach|button|put first (-: no box)"
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("sayings");  // in the page's text, in that order per install (|-separated)

        QTest::newRow("v9.19 with bin/12.9/x64, not on PATH, CUDA 12.8 installed") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9"});
            m.systemPath = {QStringLiteral("C:\\Windows\\system32"), m.toolkit("12.8.1")};
        }) << QStringList{"NVIDIA installer|bin/12.9/x64|9.19.0|12.9|not-on-path|button|-"}
           << QStringList{"cuDNN 9.19.0|built with CUDA 12.9|the folder says 12.9 and you have CUDA 12.8|"
                          "Not on the search path: programs do not find it|is installed (NVIDIA installer"};
        QTest::newRow("two variants side by side, CUDA 12.8 and 13.0 installed") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9", "13.0"});
            m.systemPath = {m.toolkit("12.8.1"), m.toolkit("13.0.1")};
        }) << QStringList{"NVIDIA installer|bin/12.9/x64|9.19.0|12.9|not-on-path|button|-",
                          "NVIDIA installer|bin/13.0/x64|9.19.0|13.0|not-on-path|button|-"}
           << QStringList{"built with CUDA 12.9|serves any CUDA 12.x toolkit|you have CUDA 12.8",
                          "built with CUDA 13.0|serves any CUDA 13.x toolkit|it serves CUDA 13.0 in"};
        QTest::newRow("on PATH already: programs find it, nothing to offer") << Scenario([](Machine& m) {
            const QString v = m.nvidia("9.19.0.56", {"12.9"});
            m.systemPath = {m.toolkit("12.8.1"), v + QStringLiteral("/bin/12.9/x64")};
        }) << QStringList{"NVIDIA installer|bin/12.9/x64|9.19.0|12.9|loaded|-|-"}
           << QStringList{"cuDNN 9.19.0|Programs find it: its folder is on the search path"};
        QTest::newRow("shadowed by an older cuDNN 9.1 in the toolkit on PATH") << Scenario([](Machine& m) {
            m.nvidia("9.19.0.56", {"12.9"});
            fixtures::ToolkitSpec s;
            s.cudnn = "9.1.0.70";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.toolkit("12.4.1", s)};
        }) << QStringList{"NVIDIA installer|bin/12.9/x64|9.19.0|12.9|not-on-path|button|checked"}
           << QStringList{"Not on the search path: programs load|(cuDNN 9.1.0.70) instead|older cuDNN 9.1.0.70"};
        QTest::newRow("pip wheel in a venv: listed, not ours to wire") << Scenario([](Machine& m) {
            const QString venv = m.root + QStringLiteral("/venv");
            fs::create_directories((venv + QStringLiteral("/Lib/site-packages")).toStdString());
            fixtures::writeText((venv + QStringLiteral("/pyvenv.cfg")).toStdString(), "version = 3.12.4\n");
            fixtures::buildCudnnWheel((venv + QStringLiteral("/Lib/site-packages")).toStdString(), "9.10.2.21", 12);
            m.virtualEnv = venv;
            m.systemPath = {m.toolkit("12.8.1")};
        }) << QStringList{"pip wheel|bin|9.10.2|-|not-on-path|-|-"}
           << QStringList{"cuDNN 9.10.2|pip wheel|for CUDA 12.x|serves CUDA 12.8 in|loaded by the Python environment it belongs to"};
    }

    void listed()
    {
        QFETCH(Scenario, setup);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, sayings);
        QVERIFY(installLanguage(QStringLiteral("en")));
        const QString tag = QStringLiteral("listed-%1").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        Machine m;
        m.root = m_dir.filePath(QString::number(qHash(tag)));
        setup(m);
        Harness h;
        open(h, m, tag);
        if (QTest::currentTestFailed())
            return;

        const QList<CudnnInstallView>& installs = h.session->machine().cudnnInstalls;
        auto* panel = child<QWidget>(h, "cudnnInstallsPanel");
        QVERIFY(panel->isVisible());
        QStringList got;
        for (int i = 0; i < installs.size(); ++i) {
            const CudnnInstallView& v = installs[i];
            const char* reach = v.reach == CudnnReach::Loaded ? "loaded" : v.reach == CudnnReach::Behind ? "behind" : "not-on-path";
            auto* button = panel->findChild<QPushButton*>(QStringLiteral("useCudnn%1").arg(i));
            auto* first = panel->findChild<QCheckBox*>(QStringLiteral("putFirst%1").arg(i));
            QCOMPARE(button != nullptr, v.canUse);
            got << QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
                       .arg(v.origin, QDir::fromNativeSeparators(v.variantFolder), v.version,
                            v.builtWith.isEmpty() ? QStringLiteral("-") : v.builtWith, QLatin1String(reach),
                            button && button->isVisible() && button->isEnabled() ? QStringLiteral("button") : QStringLiteral("-"),
                            first ? (first->isChecked() ? QStringLiteral("checked") : QStringLiteral("unchecked")) : QStringLiteral("-"));
            // What the page says, in order.
            const QString text = panel->findChild<QLabel*>(QStringLiteral("cudnnInstallText%1").arg(i))->text();
            qsizetype at = 0;
            for (const QString& s : sayings.value(i).split(QLatin1Char('|'))) {
                const qsizetype found = text.indexOf(s.toHtmlEscaped(), at);
                QVERIFY2(found >= 0, qPrintable(QStringLiteral("\"%1\" not after %2 in: %3").arg(s).arg(at).arg(text)));
                at = found + s.size();
            }
        }
        QCOMPARE(got, expected);
        // The summary names the cuDNN programs load only when one is on the search path.
        bool anyLoaded = false;
        for (const CudnnInstallView& v : installs)
            anyLoaded = anyLoaded || v.reach == CudnnReach::Loaded || !v.winner.isEmpty();
        QCOMPARE(child<QLabel>(h, "machineSummary")->text().contains(QLatin1String("cuDNN used by programs started now")),
                 anyLoaded);
        if (expected.size() == 2)
            h.screenshot(QStringLiteral("en"), QStringLiteral("welcome-nvidia"));
    }

    // "Use this cuDNN" goes the install's way: Review shows the PATH change, Install applies it to the
    // system PATH (the file standing in for it), detection runs again and Welcome says programs find
    // it; Maintenance lists what was done and its Undo gives back the PATH file byte for byte.
    void useThenUndo_data()
    {
        addLanguageRows();
    }

    void useThenUndo()
    {
        QFETCH(QString, lang);
        QVERIFY(installLanguage(lang));
        const QString tag = QStringLiteral("use-") + lang;
        Machine m;
        m.root = m_dir.filePath(tag);
        const QString v = m.nvidia("9.19.0.56", {"12.9"});
        fixtures::ToolkitSpec older;
        older.cudnn = "9.1.0.70";
        older.toolkitDlls = {"zlibwapi.dll"};
        const QString olderBin = m.toolkit("12.4.1", older);
        m.systemPath = {QStringLiteral("C:\\Windows\\system32"), olderBin, QStringLiteral("C:\\Tools")};
        qputenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", m.pathFile().toUtf8());
        const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE"); });
        QVERIFY(m.writePath());
        QFile before(m.pathFile());
        QVERIFY(before.open(QIODevice::ReadOnly));
        const QByteArray pathBefore = before.readAll();
        const QString folder = v + QStringLiteral("/bin/12.9/x64");
        const QString entry = QString(folder).replace(QLatin1Char('/'), QLatin1Char('\\'));

        Harness h;
        openWithPathFile(h, m, tag);
        if (QTest::currentTestFailed())
            return;
        auto* panel = child<QWidget>(h, "cudnnInstallsPanel");
        auto* first = panel->findChild<QCheckBox*>(QStringLiteral("putFirst0"));
        QVERIFY(first);
        QVERIFY(first->isChecked());  // the older 9.1 in the toolkit is what programs load now
        h.screenshot(lang, QStringLiteral("welcome-nvidia-use"));
        panel->findChild<QPushButton*>(QStringLiteral("useCudnn0"))->click();

        QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
        const PlanView& plan = h.session->plan();
        QVERIFY2(plan.ok, qPrintable(plan.error));
        QVERIFY(plan.pathChange);
        QCOMPARE(plan.pathChanged, QStringList{entry});
        QCOMPARE(plan.pathAfter.value(0), entry);  // ahead of every entry, the older copy's folder included
        QCOMPARE(plan.pathAfter.mid(1), plan.pathBefore);
        const QString summary = child<QLabel>(h, "planSummary")->text();
        QVERIFY2(summary.contains(folder), qPrintable(summary));
        if (lang == QLatin1String("en"))
            QVERIFY2(summary.startsWith(QStringLiteral("Add ") + folder + QStringLiteral(" to the system PATH")), qPrintable(summary));
        QVERIFY(!child<QTreeWidget>(h, "planFiles")->isVisible());  // nothing is copied
        QVERIFY(child<QTextBrowser>(h, "pathPreview")->toHtml().contains(entry.toHtmlEscaped()));
        h.screenshot(lang, QStringLiteral("review-use"));

        runOperation(h);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(h.session->outcome().operation, Operation::Use);
        QFile after(m.pathFile());
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(after.readAll()), (QStringList{entry} + m.systemPath).join(QLatin1Char(';')));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting() && !h.session->machine().useRecords.isEmpty(), 30000);
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::FinishId));

        // Welcome again: programs find it now, and there is nothing more to offer for it.
        child<QPushButton>(h, "restartWizard")->click();
        QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));
        QCOMPARE(h.session->machine().cudnnInstalls.size(), 1);
        QCOMPARE(h.session->machine().cudnnInstalls[0].reach, CudnnReach::Loaded);
        QVERIFY(!panel->findChild<QPushButton*>(QStringLiteral("useCudnn0")));
        const QString said = panel->findChild<QLabel*>(QStringLiteral("cudnnInstallText0"))->text();
        QVERIFY2(said.contains(CudnnInstallText::tr("Programs find it: its folder is on the search path and this is the "
                                                     "cuDNN they load.").toHtmlEscaped()),
                 qPrintable(said));
        h.screenshot(lang, QStringLiteral("welcome-nvidia-used"));

        // Maintenance: the record, and its Undo.
        auto* maintain = child<QRadioButton>(h, "modeMaintain");
        QVERIFY(maintain->isEnabled());
        maintain->click();
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
        QTreeWidgetItem* row = maintenanceRow(h, v);
        QVERIFY(row);
        if (lang == QLatin1String("en"))
            QCOMPARE(row->text(0), QStringLiteral("NVIDIA cuDNN 9.19 (bin/12.9/x64) on PATH"));
        row->treeWidget()->setCurrentItem(row);
        row->setSelected(true);
        QVERIFY(h.session->selectedUseRecord());
        QVERIFY(!child<QRadioButton>(h, "actionRepair")->isEnabled());
        child<QRadioButton>(h, "actionUninstall")->click();
        QVERIFY(h.wizard->currentPage()->isCommitPage());
        h.screenshot(lang, QStringLiteral("maintenance-use-undo"));
        runOperation(h);
        if (QTest::currentTestFailed())
            return;
        QFile undone(m.pathFile());
        QVERIFY(undone.open(QIODevice::ReadOnly));
        QCOMPARE(undone.readAll(), pathBefore);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting() && h.session->machine().useRecords.isEmpty(), 30000);
        QCOMPARE(h.session->machine().cudnnInstalls.value(0).reach, CudnnReach::NotOnPath);
    }
    // The copy choice beside the PATH one: offered only with a detected toolkit of the variant's CUDA
    // major (cuDNN for CUDA 12 does not work in a CUDA 13 toolkit), and then with only those toolkits;
    // otherwise disabled with the reason, in the user's language.
    void copyChoice_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("cudas");     // toolkits installed
        QTest::addColumn<QStringList>("offered");   // CUDA versions of the combo's toolkits; empty: disabled
        for (const char* lang : {"en", "zh_CN"}) {
            QTest::addRow("%s: v12.9 variant, only CUDA 13.0: disabled", lang)
                << QString::fromLatin1(lang) << QStringList{"13.0.1"} << QStringList{};
            QTest::addRow("%s: v12.9 variant, CUDA 12.8 and 13.0: only 12.8 offered", lang)
                << QString::fromLatin1(lang) << QStringList{"12.8.1", "13.0.1"} << QStringList{"12.8.1"};
        }
    }

    void copyChoice()
    {
        QFETCH(QString, lang);
        QFETCH(QStringList, cudas);
        QFETCH(QStringList, offered);
        QVERIFY(installLanguage(lang));
        const QString tag = QStringLiteral("copychoice-%1").arg(qHash(QString::fromLatin1(QTest::currentDataTag())));
        Machine m;
        m.root = m_dir.filePath(tag);
        m.nvidia("9.19.0.56", {"12.9"});
        m.systemPath = {QStringLiteral("C:\\Windows\\system32")};
        for (const QString& c : cudas)
            m.toolkit(c.toStdString());
        Harness h;
        open(h, m, tag);
        if (QTest::currentTestFailed())
            return;
        auto* panel = child<QWidget>(h, "cudnnInstallsPanel");
        auto* onPath = panel->findChild<QRadioButton*>(QStringLiteral("usePath0"));
        auto* copy = panel->findChild<QRadioButton*>(QStringLiteral("useCopy0"));
        auto* into = panel->findChild<QComboBox*>(QStringLiteral("useToolkit0"));
        auto* note = panel->findChild<QLabel*>(QStringLiteral("useCopyNote0"));
        QVERIFY(onPath && copy && into && note);
        QVERIFY(onPath->isChecked());  // PATH stays the default
        QCOMPARE(copy->isEnabled(), !offered.isEmpty());
        QStringList got;
        for (int i = 0; i < into->count(); ++i)
            got << into->itemText(i).section(QLatin1Char(' '), 1, 1);
        QCOMPARE(got, offered);
        const QString expectedNote =
            offered.isEmpty()
                ? CudnnInstallsPanel::tr("No CUDA %1.x toolkit was found to copy it into: cuDNN built for CUDA %1 works "
                                         "only in a toolkit of that major version.").arg(12)
                : CudnnInstallsPanel::tr("The toolkit becomes self-contained, like a zip install; Uninstall in "
                                         "Maintenance takes the files out again.");
        QCOMPARE(note->text(), expectedNote);
        // zh_CN: translated, not the English source shown as is.
        if (lang != QLatin1String("en"))
            QVERIFY2(!note->text().startsWith(QLatin1String(offered.isEmpty() ? "No CUDA" : "The toolkit")),
                     qPrintable(note->text()));
        if (offered.isEmpty())
            h.screenshot(lang, QStringLiteral("welcome-nvidia-copy-disabled"));
    }

    // "Use this cuDNN" copied into a CUDA 12.8 toolkit: Review lists the DLLs, headers and libraries it
    // copies and the PATH change, Install applies it (the toolkit holds NVIDIA's bytes, the PATH file is
    // the plan's "after"), Maintenance shows the toolkit's row as NVIDIA's install with its folder, and
    // its Uninstall gives back the toolkit tree and the PATH file byte for byte.
    void copyThenUninstall_data()
    {
        addLanguageRows();
    }

    void copyThenUninstall()
    {
        QFETCH(QString, lang);
        QVERIFY(installLanguage(lang));
        const QString tag = QStringLiteral("copy-") + lang;
        Machine m;
        m.root = m_dir.filePath(tag);
        const QString v = m.nvidia("9.19.0.56", {"12.9"});
        m.toolkit("12.8.1");
        const QString tk = m.toolkits.value(0);
        m.systemPath = {QStringLiteral("C:\\Windows\\system32"), QStringLiteral("C:\\Tools")};
        qputenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", m.pathFile().toUtf8());
        const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE"); });
        QVERIFY(m.writePath());
        const QByteArray pathBefore = readAll(m.pathFile());
        const auto tkBefore = treeOf(tk), nvidiaBefore = treeOf(v);
        const QString folder = v + QStringLiteral("/bin/12.9/x64");

        Harness h;
        openWithPathFile(h, m, tag);
        if (QTest::currentTestFailed())
            return;
        auto* panel = child<QWidget>(h, "cudnnInstallsPanel");
        auto* copy = panel->findChild<QRadioButton*>(QStringLiteral("useCopy0"));
        auto* into = panel->findChild<QComboBox*>(QStringLiteral("useToolkit0"));
        QVERIFY(copy && into);
        QVERIFY(copy->isEnabled());
        copy->click();
        QVERIFY(into->isEnabled());
        QCOMPARE(into->count(), 1);
        QVERIFY(Session::samePath(into->currentData().toString(), tk));
        h.screenshot(lang, QStringLiteral("welcome-nvidia-copy"));
        auto* use = panel->findChild<QPushButton*>(QStringLiteral("useCudnn0"));
        // The button's tip says what the click does now: the copy, into that toolkit.
        QVERIFY2(use->toolTip().contains(QDir::toNativeSeparators(into->currentData().toString())), qPrintable(use->toolTip()));
        use->click();

        QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
        QVERIFY(Session::samePath(h.session->useMergeInto(), tk));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
        const PlanView& plan = h.session->plan();
        QVERIFY2(plan.ok, qPrintable(plan.error));
        QStringList added;
        for (const PlanFileView& f : plan.files)
            if (f.change == FileChange::Added)
                added << QDir(tk).relativeFilePath(QDir::fromNativeSeparators(f.path));
        for (const char* expected : {"bin/cudnn64_9.dll", "include/cudnn_version.h", "lib/x64/cudnn.lib"})
            QVERIFY2(added.contains(QLatin1String(expected)), qPrintable(added.join(QLatin1Char(' '))));
        QVERIFY(child<QTreeWidget>(h, "planFiles")->isVisible());  // the files, as for a zip
        QVERIFY(plan.pathChange);  // the toolkit's bin folder was not on PATH
        const QString summary = child<QLabel>(h, "planSummary")->text();
        QVERIFY2(summary.contains(folder) && summary.contains(QDir::toNativeSeparators(tk)), qPrintable(summary));
        if (lang == QLatin1String("en"))
            QVERIFY2(summary.startsWith(QStringLiteral("Copy cuDNN 9.19.0")), qPrintable(summary));
        h.screenshot(lang, QStringLiteral("review-use-copy"));
        QCOMPARE(treeOf(tk), tkBefore);  // reviewing changes nothing

        runOperation(h);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(h.session->outcome().operation, Operation::Use);
        // Named as the copy it was, in the headline and for the report, not as PATH's "Use".
        QVERIFY(h.session->outcome().name != InstallService::operationName(Operation::Use));
        QVERIFY(h.session->outcome().headline.startsWith(h.session->outcome().name));
        const auto tkAfter = treeOf(tk);
        QCOMPARE(tkAfter.value(QStringLiteral("bin/cudnn64_9.dll")), treeOf(folder).value(QStringLiteral("cudnn64_9.dll")));
        QVERIFY(!tkAfter.value(QStringLiteral("include/cudnn_version.h")).isEmpty());
        QVERIFY(tkAfter.contains(QStringLiteral("lib/x64/cudnn.lib")));
        QCOMPARE(QString::fromUtf8(readAll(m.pathFile())), plan.pathAfter.join(QLatin1Char(';')));
        QCOMPARE(treeOf(v), nvidiaBefore);  // NVIDIA's folder is only read
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting() && h.session->selectedToolkit() &&
                                     h.session->selectedToolkit()->hasRecord,
                                 30000);
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
        child<QPushButton>(h, "restartWizard")->click();
        QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));

        // Maintenance: the toolkit's own row, said to come from NVIDIA's install, and its Uninstall.
        child<QRadioButton>(h, "modeMaintain")->click();
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
        QTreeWidgetItem* row = maintenanceRow(h, tk);
        QVERIFY(row);
        const QString recorded = QDir::toNativeSeparators(QFileInfo(folder).canonicalFilePath());
        QCOMPARE(row->text(2), MaintenancePage::tr("cuDNN %1 from NVIDIA's install (%2)").arg(QStringLiteral("9.19"), recorded));
        if (lang == QLatin1String("en"))
            QCOMPARE(row->text(2), QStringLiteral("cuDNN 9.19 from NVIDIA's install (%1)").arg(recorded));
        row->treeWidget()->setCurrentItem(row);
        row->setSelected(true);
        QVERIFY(!h.session->selectedUseRecord());
        QVERIFY(child<QRadioButton>(h, "actionRepair")->isEnabled());
        child<QRadioButton>(h, "actionUninstall")->click();
        QVERIFY(h.wizard->currentPage()->isCommitPage());
        h.screenshot(lang, QStringLiteral("maintenance-use-copy"));
        runOperation(h);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(treeOf(tk), tkBefore);
        QCOMPARE(readAll(m.pathFile()), pathBefore);
        QCOMPARE(treeOf(v), nvidiaBefore);
    }
};

QTEST_MAIN(TestWelcomeNvidia)
#include "tst_welcomenvidia.moc"
