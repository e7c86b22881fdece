#include "validateservice.h"

#include "problemtext.h"

#include <QtConcurrent/QtConcurrentRun>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace cudnnsetup::wizard {

namespace {

QString text(const QJsonValue& v)
{
    if (v.isString())
        return v.toString();
    if (v.isDouble())
        return QString::number(v.toDouble());
    if (v.isObject()) {
        // {"name": "...", "compute_capability": "8.6", ...}: name first, the rest after it.
        const QJsonObject o = v.toObject();
        QStringList parts;
        if (o.contains(QLatin1String("name")))
            parts << o.value(QLatin1String("name")).toString();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == QLatin1String("name") || it->isObject() || it->isArray() || it->isNull())
                continue;
            const QString value = it->isBool() ? QString() : text(it.value());
            if (!value.isEmpty())
                parts << QStringLiteral("%1 %2").arg(it.key(), value);
        }
        return parts.join(QStringLiteral(", "));
    }
    return {};
}

QString lastLines(const QByteArray& bytes, int n)
{
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > n)
        lines = lines.mid(lines.size() - n);
    return lines.join(QLatin1Char('\n'));
}

class Texts {
    Q_DECLARE_TR_FUNCTIONS(ValidationRun)
public:
    static QString passed(int n) { return tr("All %n check(s) passed on the GPU.", "", n); }
    static QString failed(int n) { return tr("%n check(s) failed.", "", n); }
    static QString problems() { return tr("cuDNN could not be checked on this machine; see the reasons below."); }
    static QString timeout(int s) { return tr("The check did not finish within %n second(s) and was stopped.", "", s); }
    static QString crashed() { return tr("The check process crashed (a broken cuDNN or driver library can do this)."); }
    static QString noStart(const QString& p) { return tr("Could not start %1.").arg(p); }
    static QString noDoc() { return tr("The check ended without a result (exit code %1).") ; }
    static QString cancelled() { return tr("The check was cancelled."); }
    static QString device(const QString& name, const QString& cc, const QString& memory, int sms)
    {
        QString out = name;
        if (!cc.isEmpty())
            out += QStringLiteral(" — ") + tr("compute capability %1").arg(cc);
        if (!memory.isEmpty())
            out += QStringLiteral(", ") + memory;
        if (sms > 0)
            out += QStringLiteral(", ") + tr("%n multiprocessor(s)", "", sms);
        return out;
    }
    static QString gib(double bytes) { return tr("%1 GiB").arg(QLocale().toString(bytes / double(1ull << 30), 'f', 1)); }
    static QString driver(const QString& cuda, const QString& path, bool stub)
    {
        QString out = cuda.isEmpty() ? tr("present") : tr("supports CUDA %1").arg(cuda);
        if (stub)
            out += QStringLiteral(" — ") + tr("a stub library, not a real driver");
        if (!path.isEmpty())
            out += QStringLiteral(" (%1)").arg(QDir::toNativeSeparators(path));
        return out;
    }
    static QString noDriver() { return tr("no NVIDIA driver found"); }
    static QString noDevice() { return tr("no CUDA device found"); }
};

// The device as a person reads it: "NVIDIA RTX A4000 — compute capability 8.6, 15.7 GiB, 48
// multiprocessors", not the document's raw keys.
QString deviceText(const QJsonValue& v)
{
    if (v.isNull() || v.isUndefined())
        return {};
    if (!v.isObject())
        return text(v);
    const QJsonObject o = v.toObject();
    const double bytes = o.value(QLatin1String("memory_bytes")).toDouble(0);
    return Texts::device(o.value(QLatin1String("name")).toString(), o.value(QLatin1String("compute_capability")).toString(),
                         bytes > 0 ? Texts::gib(bytes) : QString(), o.value(QLatin1String("multiprocessors")).toInt(0));
}

QString driverText(const QJsonValue& v)
{
    if (!v.isObject())
        return text(v);
    const QJsonObject o = v.toObject();
    if (o.contains(QLatin1String("present")) && !o.value(QLatin1String("present")).toBool())
        return Texts::noDriver();
    return Texts::driver(o.value(QLatin1String("cuda_version")).toString(), o.value(QLatin1String("library_path")).toString(),
                         o.value(QLatin1String("stub")).toBool());
}

}  // namespace

ValidationRun::ValidationRun(QString program, QString toolkit, QString stateDir, int timeoutMs, QString driverLibrary,
                             QObject* parent)
    : QObject(parent), m_program(std::move(program))
{
    m_options.toolkit = toolkit.toStdString();
    m_options.driverLibrary = driverLibrary.toStdString();
    m_run.timeoutMs = timeoutMs;
    m_run.cancel = &m_cancel;
    m_run.stateDir = stateDir.toStdString();
    connect(&m_watcher, &QFutureWatcher<validate::ChildValidation>::finished, this, &ValidationRun::onFinished);
}

ValidationRun::~ValidationRun()
{
    // The worker holds pointers into this object: stop the child and wait for it.
    m_cancel.cancel();
    m_watcher.waitForFinished();
}

QStringList ValidationRun::arguments() const
{
    QStringList args;
    for (const std::string& a : validate::validateChildArguments(m_options, m_run.stateDir))
        args << QString::fromStdString(a);
    return args;
}

void ValidationRun::start()
{
    if (m_started)
        return;
    m_started = true;
    m_watcher.setFuture(QtConcurrent::run(
        [program = m_program.toStdString(), options = m_options, run = m_run] {
            return validate::validateInChild(program, options, run);
        }));
}

void ValidationRun::cancel()
{
    if (isRunning())
        m_cancel.cancel();
}

bool ValidationRun::isRunning() const
{
    return m_started && !m_done;
}

void ValidationRun::onFinished()
{
    const validate::ChildValidation child = m_watcher.result();
    m_result = parse(child.report.is_null() ? QByteArray() : QByteArray::fromStdString(child.report.dump()),
                     child.exitCode);
    m_result.stderrText = lastLines(QByteArray::fromStdString(child.stderrText), 20);
    // The core's codes (validator-timeout, -crashed, -output-invalid) first, each with its fix;
    // the headline says the same in the wizard's words.
    const auto childProblem = [this, &child] {
        const Problem& p = child.problems.front();
        m_result.problems.prepend(ProblemText::describe(QString::fromStdString(p.code), m_program,
                                                        QString::fromStdString(p.message)));
    };
    if (child.cancelled) {
        m_result.ok = false;
        m_result.headline = Texts::cancelled();
    } else if (child.timedOut) {
        m_result.ok = false;
        m_result.timedOut = true;
        m_result.headline = Texts::timeout((m_run.timeoutMs + 999) / 1000);
        childProblem();
    } else if (child.crashed) {
        m_result.ok = false;
        m_result.crashed = true;
        m_result.headline = Texts::crashed();
        childProblem();
    } else if (!child.started) {
        m_result.headline = Texts::noStart(m_program);
        childProblem();
    } else if (!m_result.ran) {
        m_result.headline = Texts::noDoc().arg(child.exitCode);
        if (!m_result.stderrText.isEmpty())
            m_result.headline += QLatin1Char(' ') + m_result.stderrText.section(QLatin1Char('\n'), -1);
        childProblem();
    }
    m_done = true;
    emit finished();
}

ValidationView ValidationRun::parse(const QByteArray& json, int exitCode)
{
    ValidationView v;
    v.exitCode = exitCode;
    v.rawJson = json;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return v;
    const QJsonObject o = doc.object();
    v.ran = true;
    v.ok = o.value(QLatin1String("ok")).toBool() && exitCode == 0;
    v.device = deviceText(o.value(QLatin1String("device")));
    if (v.device.isEmpty() && o.contains(QLatin1String("device")))
        v.device = Texts::noDevice();
    v.driver = driverText(o.value(QLatin1String("driver")));
    const QJsonObject cudnn = o.value(QLatin1String("cudnn")).toObject();
    v.cudnnVersion = text(cudnn.value(QLatin1String("version")));
    v.libraryPath = text(cudnn.value(QLatin1String("library_path")));
    // The contract's "loaded_files": every cuDNN/cuBLAS/driver module mapped after the run.
    for (const QJsonValue& m : o.value(QLatin1String("loaded_files")).toArray())
        v.loaded << (m.isObject() ? text(m.toObject().value(QLatin1String("path"))) : m.toString());
    if (v.loaded.isEmpty() && !v.libraryPath.isEmpty())
        v.loaded << v.libraryPath;
    int failed = 0;
    for (const QJsonValue& c : o.value(QLatin1String("checks")).toArray()) {
        const QJsonObject co = c.toObject();
        ValidationCheckView cv;
        cv.name = text(co.value(QLatin1String("name")));
        cv.algo = text(co.value(QLatin1String("algo")));
        cv.ok = co.value(QLatin1String("ok")).toBool();
        cv.maxRelError = co.value(QLatin1String("max_rel_error")).toDouble(-1);
        cv.timeMs = co.value(QLatin1String("time_ms")).toDouble(-1);
        cv.error = text(co.value(QLatin1String("error")));
        failed += cv.ok ? 0 : 1;
        v.checks << cv;
    }
    for (const QJsonValue& p : o.value(QLatin1String("problems")).toArray()) {
        const QJsonObject po = p.toObject();
        v.problems << ProblemText::describe(po.value(QLatin1String("code")).toString(),
                                            po.value(QLatin1String("path")).toString(),
                                            po.value(QLatin1String("message")).toString());
    }
    if (v.ok)
        v.headline = Texts::passed(int(v.checks.size()));
    else if (failed > 0)
        v.headline = Texts::failed(failed);
    else
        v.headline = Texts::problems();
    return v;
}

}  // namespace cudnnsetup::wizard
