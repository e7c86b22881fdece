// The wizard's service layer without pages: languages and translations, the task
// runner (coalescing, cancel), the validate child process, archive discovery.
#include "fixtures/toolkitbuilder.h"
#include "testpaths.h"
#include "wizard/archiveservice.h"
#include "wizard/logdigest.h"
#include "wizard/problemtext.h"
#include "wizard/task.h"
#include "wizard/uikit.h"
#include "wizard/validateservice.h"
#include "wizard/wizardmain.h"

#include <QApplication>
#include <QDir>
#include <QRegularExpression>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <atomic>
#include <thread>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;

class TestWizardServices : public QObject {
    Q_OBJECT
private slots:
    void chooseLanguage_data();
    void chooseLanguage();
    void translationsComplete_data();
    void translationsComplete();
    void translationInstalled();
    void taskCoalescesAndCancels();
    void taskEstimatesTimeLeft();
    void progressLineSaysTimeLeft_data();
    void progressLineSaysTimeLeft();
    void parseValidateDocument();
    void logDigest_data();
    void logDigest();
    void validateChildFailures_data();
    void validateChildFailures();
    void validateCancel();
    void driverLibraryReachesChild();
    void everyDocumentedCodeTranslated();
    void discoverArchives();

private:
    static QStringList documentedCodes();
};

void TestWizardServices::chooseLanguage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("expected");
    QTest::newRow("system-english") << QStringList{"cudnn-setup"} << "en_US" << "en";
    QTest::newRow("system-chinese") << QStringList{"cudnn-setup"} << "zh_CN" << "zh_CN";
    QTest::newRow("system-taiwan") << QStringList{"cudnn-setup"} << "zh_TW" << "zh_CN";
    QTest::newRow("system-german") << QStringList{"cudnn-setup"} << "de_DE" << "en";
    QTest::newRow("forced-zh") << QStringList{"cudnn-setup", "--lang", "zh_CN"} << "en_US" << "zh_CN";
    QTest::newRow("forced-en") << QStringList{"cudnn-setup", "--lang=en"} << "zh_CN" << "en";
}

void TestWizardServices::chooseLanguage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, system);
    QFETCH(QString, expected);
    QCOMPARE(wizard::chooseLanguage(args, QLocale(system)), expected);
}

void TestWizardServices::translationsComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("zh_CN") << QStringLiteral("cudnn-setup_zh_CN.ts");
    QTest::newRow("en") << QStringLiteral("cudnn-setup_en.ts");
}

void TestWizardServices::translationsComplete()
{
    // Every text of the Chinese file is translated and keeps its placeholders; the English file
    // has every plural form. An untranslated string would show English in the Chinese wizard.
    QFETCH(QString, file);
    QFile f((cudnnsetup::testpaths::sourceDir() + "/resources/translations/") + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    const bool chinese = file.contains(QLatin1String("zh_CN"));
    int messages = 0, checked = 0;
    QString source, context;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("message")) {
            ++messages;
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            if (!chinese && !numerus)
                continue;  // English needs only the plural forms
            QVERIFY2(type != QLatin1String("unfinished") && type != QLatin1String("vanished")
                         && type != QLatin1String("obsolete"),
                     qPrintable(QStringLiteral("%1 / %2: %3").arg(context, source, type)));
            QString text;
            if (numerus) {
                QStringList forms;
                while (xml.readNextStartElement())
                    forms << xml.readElementText();
                QVERIFY2(!forms.isEmpty() && !forms.contains(QString()), qPrintable(source));
                text = forms.join(QLatin1Char('|'));
            } else {
                text = xml.readElementText();
            }
            QVERIFY2(!text.isEmpty(), qPrintable(context + QStringLiteral(" / ") + source));
            for (const char* ph : {"%1", "%2", "%3", "%4", "%n"})
                QVERIFY2(source.contains(QLatin1String(ph)) == text.contains(QLatin1String(ph)),
                         qPrintable(QStringLiteral("%1: %2 -> %3").arg(QLatin1String(ph), source, text)));
            ++checked;
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY(messages > 100);
    qInfo("%s: %d messages, %d checked", qPrintable(file), messages, checked);
}

void TestWizardServices::translationInstalled()
{
    QVERIFY(installLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(QLocale().name(), QStringLiteral("zh_CN"));
    const QString zh = QCoreApplication::translate("cudnnsetup::wizard::ArchivePage", "Choose the cuDNN archive");
    QVERIFY2(zh != QLatin1String("Choose the cuDNN archive"), qPrintable(zh));
    QVERIFY(zh.contains(QStringLiteral("cuDNN")));
    QCOMPARE(QCoreApplication::translate("QWizard", "Cancel"), QStringLiteral("取消"));
    QVERIFY(installLanguage(QStringLiteral("en")));
    QCOMPARE(QCoreApplication::translate("cudnnsetup::wizard::ArchivePage", "Choose the cuDNN archive"),
             QStringLiteral("Choose the cuDNN archive"));
    QCOMPARE(QCoreApplication::translate("ArchiveService", "%n file(s) missing.", "", 1), QStringLiteral("1 file missing."));
    QVERIFY(!installLanguage(QStringLiteral("fr")));
}

void TestWizardServices::taskCoalescesAndCancels()
{
    // A core that reports progress as fast as it can must not flood the UI thread, and a cancel
    // must be seen at once.
    Task<int> task;
    int signals_ = 0;
    connect(&task, &TaskBase::progressChanged, this, [&signals_] { ++signals_; });
    QSignalSpy finished(&task, &TaskBase::finished);
    std::atomic<long> reports{0};
    task.start([&reports](TaskContext& ctx) {
        std::uint64_t i = 0;
        while (!ctx.cancel.isCancelled()) {
            ctx.progress.onProgress(++i, 0);
            reports.fetch_add(1, std::memory_order_relaxed);
        }
        return int(i % 1000);
    });
    QTest::qWait(600);
    QElapsedTimer clock;
    clock.start();
    task.cancel();
    QVERIFY(finished.wait(2000));
    const qint64 ms = clock.elapsed();
    qInfo("%ld progress reports became %d signals in 600 ms; cancel took %lld ms (task says %lld)", reports.load(),
          signals_, ms, task.cancelLatencyMs());
    QVERIFY(reports.load() > 1000);
    QVERIFY2(signals_ <= 600 / TaskBase::kPollIntervalMs + 3, qPrintable(QString::number(signals_)));
    QVERIFY(signals_ >= 2);
    // Order, not speed: the work never ends by itself, so its finishing shows the cancel reached
    // it; the latency is measured (printed above), not bounded by the wall clock.
    QVERIFY(task.cancelLatencyMs() >= 0);
    QCOMPARE(finished.count(), 1);
    QVERIFY(!task.isRunning());
}

void TestWizardServices::taskEstimatesTimeLeft()
{
    // A core working at a steady 1 MB/s through 4 MB: the ETA stays unknown for the first half
    // second, then is what is left at the measured rate, and says
    // 0 at the end.
    constexpr std::uint64_t total = 4'000'000, step = 50'000;
    Task<int> task;
    QElapsedTimer clock;
    struct Sample {
        qint64 atMs;
        ProgressInfo p;
    };
    QList<Sample> samples;
    connect(&task, &TaskBase::progressChanged, this,
            [&](const ProgressInfo& p) { samples.push_back({clock.elapsed(), p}); });
    QSignalSpy finished(&task, &TaskBase::finished);
    clock.start();
    task.start([](TaskContext& ctx) {
        for (std::uint64_t done = step; done <= total && !ctx.cancel.isCancelled(); done += step) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            ctx.progress.onProgress(done, total);
        }
        return 0;
    });
    QVERIFY(finished.wait(30000));
    QVERIFY(samples.size() >= 20);
    int checked = 0;
    for (const Sample& s : samples) {
        if (s.p.elapsedMs <= 500) {
            QCOMPARE(s.p.etaSeconds, qint64(-1));  // too early to say
            continue;
        }
        if (s.p.done == total)
            continue;
        QVERIFY2(s.p.etaSeconds >= 0, qPrintable(QString::number(s.p.elapsedMs)));
        if (s.p.elapsedMs < 1000)
            continue;  // the rate window is still filling
        // From the task's own figures, not the wall clock around it: the ETA is what is left at
        // the measured rate (whole seconds, rounded either way), so an ETA from the total instead
        // of what remains, or from another rate, fails however loaded the machine is.
        QVERIFY2(s.p.bytesPerSecond > 0, qPrintable(QString::number(s.p.elapsedMs)));
        const double expected = double(total - s.p.done) / double(s.p.bytesPerSecond);
        QVERIFY2(std::abs(double(s.p.etaSeconds) - expected) <= 1.0,
                 qPrintable(QStringLiteral("at %1 ms: ETA %2 s, left/rate %3 s (rate %4 B/s)")
                                .arg(s.p.elapsedMs).arg(s.p.etaSeconds).arg(expected).arg(s.p.bytesPerSecond)));
        ++checked;
    }
    QVERIFY2(checked >= 10, qPrintable(QString::number(checked)));
    const ProgressInfo last = task.progress();
    QCOMPARE(last.done, total);
    QCOMPARE(last.etaSeconds, qint64(0));
}

void TestWizardServices::progressLineSaysTimeLeft_data()
{
    QTest::addColumn<qint64>("eta");
    QTest::addColumn<QString>("part");  // "" = no time at all
    QTest::newRow("unknown") << qint64(-1) << "";
    QTest::newRow("0 s") << qint64(0) << "0 second";
    QTest::newRow("45 s") << qint64(45) << "45 second";
    QTest::newRow("89 s is still seconds") << qint64(89) << "89 second";
    QTest::newRow("90 s is 2 minutes") << qint64(90) << "2 minute";
    QTest::newRow("149 s rounds to 2 minutes") << qint64(149) << "2 minute";
    QTest::newRow("150 s rounds to 3 minutes") << qint64(150) << "3 minute";
}

void TestWizardServices::progressLineSaysTimeLeft()
{
    QFETCH(qint64, eta);
    QFETCH(QString, part);
    QVERIFY(installLanguage(QStringLiteral("en")));  // whatever an earlier test installed
    const QString line = UiKit::progressLine(1'000'000, 4'000'000, 1'000'000.0, eta);
    QVERIFY2(line.contains(QLatin1String("/s")), qPrintable(line));
    if (part.isEmpty())
        QVERIFY2(!line.contains(QLatin1String("left")), qPrintable(line));
    else
        QVERIFY2(line.contains(part) && line.endsWith(QLatin1String(" left")), qPrintable(line));
}

void TestWizardServices::parseValidateDocument()
{
    const QByteArray doc = R"({"ok": false, "device": {"name": "NVIDIA RTX A4000", "compute_capability": "8.6",
                                                       "memory_bytes": 17179869184, "multiprocessors": 48, "index": 0},
        "driver": {"version": "531.14", "cuda_version": "12.1"},
        "cudnn": {"version": "8.2.0", "library_path": "C:/CUDA/v11.3/bin/cudnn64_8.dll"},
        "checks": [{"name": "1x3x32x32 k8 3x3 pad1", "ok": true, "max_rel_error": 1e-7, "time_ms": 0.12, "algo": "IMPLICIT_GEMM"},
                   {"name": "1x3x32x32 k8 3x3 pad1", "ok": false, "max_rel_error": 0.5, "time_ms": 0.2, "algo": "FFT"}],
        "problems": [{"code": "no-driver", "path": null, "message": "No NVIDIA driver could be loaded."}]})";
    const ValidationView v = ValidationRun::parse(doc, 1);
    QVERIFY(v.ran);
    QVERIFY(!v.ok);
    QVERIFY(v.device.startsWith(QLatin1String("NVIDIA RTX A4000")));
    QVERIFY(v.device.contains(QLatin1String("8.6")));
    // Read as a person reads it: GiB, not the document's raw keys and bytes.
    QVERIFY2(v.device.contains(QLatin1String("16.0 GiB")), qPrintable(v.device));
    QVERIFY2(!v.device.contains(QLatin1String("memory_bytes")) && !v.device.contains(QLatin1String("index")),
             qPrintable(v.device));
    QVERIFY2(v.driver.contains(QLatin1String("12.1")) && !v.driver.contains(QLatin1String("cuda_version")),
             qPrintable(v.driver));
    QCOMPARE(v.cudnnVersion, QStringLiteral("8.2.0"));
    QCOMPARE(v.loaded, QStringList{QStringLiteral("C:/CUDA/v11.3/bin/cudnn64_8.dll")});
    const ValidationView files = ValidationRun::parse(
        R"({"ok": true, "checks": [], "problems": [], "loaded_files": ["/t/lib/libcublasLt.so.13", "/t/lib/libcudnn.so.9"],
            "cudnn": {"version": "9.19.0", "library_path": "/t/lib/libcudnn.so.9"}})", 0);
    QCOMPARE(files.loaded, (QStringList{QStringLiteral("/t/lib/libcublasLt.so.13"), QStringLiteral("/t/lib/libcudnn.so.9")}));
    QCOMPARE(v.checks.size(), 2);
    QCOMPARE(v.checks[1].algo, QStringLiteral("FFT"));
    QVERIFY(!v.checks[1].ok);
    QCOMPARE(v.problems.size(), 1);
    QCOMPARE(v.problems[0].code, QStringLiteral("no-driver"));
    QVERIFY(!v.problems[0].fix.isEmpty());
    QVERIFY(v.headline.contains(QLatin1Char('1')));  // "1 check(s) failed."

    const ValidationView bad = ValidationRun::parse("not json", 2);
    QVERIFY(!bad.ran);
    QVERIFY(!bad.ok);
}

void TestWizardServices::validateChildFailures_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QString>("code");
    QTest::newRow("hang") << "sleep 30" << 400 << "timeout" << "validator-timeout";
    QTest::newRow("crash") << "kill -SEGV $$" << 10000 << "crash" << "validator-crashed";
    QTest::newRow("no-document") << "echo 'validate: something broke' >&2; exit 2" << 10000 << "nodoc"
                                 << "validator-output-invalid";
    QTest::newRow("missing-program") << "" << 10000 << "nostart" << "validator-output-invalid";
}

void TestWizardServices::validateChildFailures()
{
#ifdef Q_OS_WIN
    QSKIP("uses /bin/sh scripts as the child");
#endif
    // A broken cuDNN may hang or crash the child: the wizard must survive and say which.
    QFETCH(QString, script);
    QFETCH(int, timeoutMs);
    QFETCH(QString, expect);
    QFETCH(QString, code);
    QTemporaryDir dir;
    QString program = dir.filePath(QStringLiteral("fake-validate"));
    if (!script.isEmpty()) {
        QVERIFY(fixtures::writeShellScript(program.toStdString(), script.toStdString()));
    }
    ValidationRun run(program, dir.path(), {}, timeoutMs);
    QSignalSpy done(&run, &ValidationRun::finished);
    QElapsedTimer clock;
    clock.start();
    run.start();
    QVERIFY(done.wait(15000));
    const ValidationView& v = run.result();
    QVERIFY(!v.ok);
    QVERIFY(!v.headline.isEmpty());
    if (expect == QLatin1String("timeout")) {
        QVERIFY(v.timedOut);
        QVERIFY(clock.elapsed() < 5000);
    } else if (expect == QLatin1String("crash")) {
        QVERIFY(v.crashed);
    } else if (expect == QLatin1String("nodoc")) {
        QVERIFY(!v.ran);
        QVERIFY2(v.headline.contains(QLatin1String("something broke")), qPrintable(v.headline));
    } else {
        QVERIFY2(v.headline.contains(program), qPrintable(v.headline));
    }
    // The core's child-run codes (validate::validateInChild), each with its fix.
    QVERIFY(!v.problems.isEmpty());
    QCOMPARE(v.problems.first().code, code);
    QVERIFY(!v.problems.first().fix.isEmpty());
}

void TestWizardServices::validateCancel()
{
#ifdef Q_OS_WIN
    QSKIP("uses a /bin/sh script as the child");
#endif
    // A validator that hangs until the user presses Cancel (the core runner's cancel token).
    QTemporaryDir dir;
    const QString program = dir.filePath(QStringLiteral("hanging-validate"));
    QVERIFY(fixtures::writeShellScript(program.toStdString(), "exec sleep 30"));
    ValidationRun run(program, dir.path(), {}, 60000);
    QSignalSpy done(&run, &ValidationRun::finished);
    run.start();
    QVERIFY(run.isRunning());
    QTest::qWait(200);
    QVERIFY(run.isRunning());
    QElapsedTimer clock;
    clock.start();
    run.cancel();
    QVERIFY(done.wait(5000));
    qInfo("validate cancel: %.1f ms from cancel() to finished(): %s", clock.nsecsElapsed() / 1e6, qPrintable(run.result().headline));
    QVERIFY(!run.isRunning());
    const ValidationView& v = run.result();
    QVERIFY(!v.ok);
    QVERIFY(!v.timedOut);
    QVERIFY(!v.crashed);
    QVERIFY(v.problems.isEmpty());
    QVERIFY(!v.headline.isEmpty());
}

void TestWizardServices::driverLibraryReachesChild()
{
#ifdef Q_OS_WIN
    QSKIP("uses a /bin/sh script as the child");
#endif
    // The validate child gets CUDNN_SETUP_LIBCUDA (docs/validate.md) from the session's config.
    QTemporaryDir dir;
    const QString program = dir.filePath(QStringLiteral("print-env"));
    QVERIFY(fixtures::writeShellScript(program.toStdString(),
                                       "printf '{\"ok\": false, \"problems\": [{\"code\": \"no-driver\", \"path\": "
                                       "\"%s\", \"message\": \"m\"}]}' \"$CUDNN_SETUP_LIBCUDA\"\nexit 1"));
    ValidationRun run(program, dir.path(), {}, 10000, QStringLiteral("/drivers/libcuda-double.so"));
    QSignalSpy done(&run, &ValidationRun::finished);
    run.start();
    QVERIFY(done.wait(15000));
    QVERIFY(run.result().ran);
    QCOMPARE(run.result().problems.size(), 1);
    QCOMPARE(run.result().problems[0].path, QStringLiteral("/drivers/libcuda-double.so"));
}

QStringList TestWizardServices::documentedCodes()
{
    // Every problem/warning code in the first column of a "code" table of docs/*.md.
    QStringList codes;
    const QDir docs((cudnnsetup::testpaths::sourceDir() + "/docs"));
    const QRegularExpression tick(QStringLiteral("`([a-z0-9]+(?:-[a-z0-9]+)+|[a-z]+)`"));
    for (const QString& name : docs.entryList({QStringLiteral("*.md")}, QDir::Files)) {
        QFile f(docs.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        bool codeTable = false;
        for (const QString& line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1Char('|'))) {
                codeTable = false;
                continue;
            }
            const QString first = line.section(QLatin1Char('|'), 1, 1).trimmed();
            if (first == QLatin1String("code")) {
                codeTable = true;
                continue;
            }
            if (!codeTable)
                continue;
            for (auto m = tick.globalMatch(first); m.hasNext();) {
                const QString code = m.next().captured(1);
                if (!codes.contains(code))
                    codes << code;
            }
        }
    }
    // Named only in validate.md's prose.
    codes << QStringLiteral("driver-older-minor");
    return codes;
}

void TestWizardServices::everyDocumentedCodeTranslated()
{
    const QStringList codes = documentedCodes();
    // verify, detect, install and validate tables: a parse that found a handful would prove nothing.
    QVERIFY2(codes.size() >= 60, qPrintable(codes.join(QLatin1Char(' '))));
    QVERIFY(codes.contains(QStringLiteral("validator-timeout")));
    QVERIFY(codes.contains(QStringLiteral("target-blocked")));
    QVERIFY(codes.contains(QStringLiteral("conda-pip-first")));
    QStringList missing;
    for (const QString& code : codes)
        if (!ProblemText::knownCodes().contains(code))
            missing << code;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no wizard text for: ") + missing.join(QLatin1Char(' '))));

    QVERIFY(installLanguage(QStringLiteral("zh_CN")));
    const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    QStringList untranslated;
    for (const QString& code : codes) {
        const ProblemView v = ProblemText::describe(code, QStringLiteral("/t/lib/libcudnn.so.9"),
                                                    QStringLiteral("English core sentence."));
        if (!v.message.contains(han) || !v.fix.contains(han))
            untranslated << code;
        else if (v.message.contains(QLatin1String("%1")))
            untranslated << code + QStringLiteral(" (placeholder left)");
    }
    QVERIFY(installLanguage(QStringLiteral("en")));
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("no Chinese for: ") + untranslated.join(QLatin1Char(' '))));
}

void TestWizardServices::discoverArchives()
{
    QTemporaryDir a, b;
    auto touch = [](const QString& path, int ageSeconds) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
        f.flush();  // a later flush would move the modification time again
        f.setFileTime(QDateTime::currentDateTime().addSecs(-ageSeconds), QFileDevice::FileModificationTime);
    };
    touch(a.filePath(QStringLiteral("cudnn-11.3-windows-x64-v8.2.0.53.zip")), 500);
    touch(b.filePath(QStringLiteral("cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip")), 10);
    touch(a.filePath(QStringLiteral("other.zip")), 1);
    touch(a.filePath(QStringLiteral("cudnn-notes.txt")), 1);
    QDir(a.path()).mkdir(QStringLiteral("cudnn-folder.zip"));
    const QStringList found = ArchiveService::discover({a.path(), b.path(), a.path(), QString()});
    QCOMPARE(found.size(), 2);
    QVERIFY(found[0].endsWith(QLatin1String("cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip")));  // newest first
    QVERIFY(found[1].endsWith(QLatin1String("cudnn-11.3-windows-x64-v8.2.0.53.zip")));
}

void TestWizardServices::logDigest_data()
{
    // The engine's lines (Operation::describe), written here with '/' and turned native, and what
    // the Install page shows of them: relative paths, one line per action and folder, other lines kept.
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QStringList>("digest");
    const QString t = QStringLiteral("C:/CUDA/v11.3");
    const QString sep = QStringLiteral("/");
    QTest::newRow("files by folder")
        << t
        << QStringList{QStringLiteral("create directory C:/CUDA/v11.3/.cudnn-setup"),
                       QStringLiteral("place C:/CUDA/v11.3/bin/cudnn64_8.dll"),
                       QStringLiteral("place C:/CUDA/v11.3/include/cudnn.h"),
                       QStringLiteral("place C:/CUDA/v11.3/bin/cudnn_ops_infer64_8.dll (the file there is kept as "
                                      "C:/CUDA/v11.3/.cudnn-setup/tx/backup/bin/cudnn_ops_infer64_8.dll)"),
                       QStringLiteral("change the system PATH; insert C:/CUDA/v11.3/bin at 3")}
        << QStringList{QStringLiteral("create directory .cudnn-setup") + sep,
                       QStringLiteral("place bin") + sep + QStringLiteral("  — 2 files"),
                       QStringLiteral("place include") + sep + QStringLiteral("cudnn.h"),
                       QStringLiteral("change the system PATH; insert C:/CUDA/v11.3/bin at 3")};
    QTest::newRow("outside the toolkit, kept whole")
        << t << QStringList{QStringLiteral("write the install record C:/ProgramData/cudnn-setup/records/a.json"),
                            QStringLiteral("place C:/CUDA/v11.30/bin/x.dll")}
        << QStringList{QStringLiteral("write the install record C:/ProgramData/cudnn-setup/records/a.json"),
                       QStringLiteral("place C:/CUDA/v11.30/bin/x.dll")};
}

void TestWizardServices::logDigest()
{
    QFETCH(QString, toolkit);
    QFETCH(QStringList, lines);
    QFETCH(QStringList, digest);
    QVERIFY(installLanguage(QStringLiteral("en")));
    for (QString& line : lines)
        line = QDir::toNativeSeparators(line);
    LogDigest d(QDir::toNativeSeparators(toolkit));
    d.add(lines.mid(0, 2));
    d.add(lines.mid(2));  // lines arrive in batches
    QStringList expected;
    for (const QString& line : digest)
        expected << QDir::toNativeSeparators(line);
    QCOMPARE(d.lines(), expected);
    QCOMPARE(d.fullLog(), lines);
}

QTEST_MAIN(TestWizardServices)
#include "tst_wizardservices.moc"
