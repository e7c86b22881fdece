#include "validateservice.h"

#include "problemtext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
};

}  // namespace

ValidationRun::ValidationRun(QString program, QString toolkit, QString stateDir, int timeoutMs, QString driverLibrary,
                             QObject* parent)
    : QObject(parent), m_program(std::move(program)), m_toolkit(std::move(toolkit)), m_stateDir(std::move(stateDir)),
      m_timeoutMs(timeoutMs)
{
    // Same hook as validate::ValidateOptions::driverLibrary in the core's validateInChild.
    if (!driverLibrary.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CUDNN_SETUP_LIBCUDA"), driverLibrary);
        m_process.setProcessEnvironment(env);
    }
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        m_process.kill();
    });
    connect(&m_process, &QProcess::finished, this, &ValidationRun::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, &ValidationRun::onError);
}

ValidationRun::~ValidationRun()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

QStringList ValidationRun::arguments() const
{
    QStringList args{QStringLiteral("validate"), QStringLiteral("--json")};
    if (m_quick)
        args << QStringLiteral("--quick");
    if (!m_toolkit.isEmpty())
        args << QStringLiteral("--toolkit") << m_toolkit;
    if (!m_stateDir.isEmpty())
        args << QStringLiteral("--state-dir") << m_stateDir;
    return args;
}

void ValidationRun::start()
{
    m_process.start(m_program, arguments(), QIODevice::ReadOnly);
    m_timeout.start(m_timeoutMs);
}

void ValidationRun::cancel()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_cancelled = true;
    m_process.kill();
}

bool ValidationRun::isRunning() const
{
    return !m_done;
}

void ValidationRun::onError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return;  // crashes and kills arrive through finished()
    m_result = {};
    m_result.headline = Texts::noStart(m_program);
    m_result.exitCode = -1;
    m_result.problems << ProblemText::describe(QStringLiteral("validator-output-invalid"), m_program,
                                               m_result.headline + QLatin1Char(' ') + m_process.errorString());
    finish();
}

void ValidationRun::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_timeout.stop();
    const QByteArray out = m_process.readAllStandardOutput();
    const QByteArray err = m_process.readAllStandardError();
    m_result = parse(out, exitCode);
    m_result.stderrText = lastLines(err, 20);
    // The same outcomes and codes as the core's validate::validateInChild (docs/validate.md).
    const auto childProblem = [this](const char* code) {
        m_result.problems.prepend(ProblemText::describe(QLatin1String(code), m_program, m_result.headline));
    };
    if (m_timedOut) {
        m_result.ok = false;
        m_result.timedOut = true;
        m_result.headline = Texts::timeout((m_timeoutMs + 999) / 1000);
        childProblem("validator-timeout");
    } else if (m_cancelled) {
        m_result.ok = false;
        m_result.headline = Texts::cancelled();
    } else if (status == QProcess::CrashExit) {
        m_result.ok = false;
        m_result.crashed = true;
        m_result.headline = Texts::crashed();
        childProblem("validator-crashed");
    } else if (!m_result.ran) {
        m_result.headline = Texts::noDoc().arg(exitCode);
        if (!m_result.stderrText.isEmpty())
            m_result.headline += QLatin1Char(' ') + m_result.stderrText.section(QLatin1Char('\n'), -1);
        childProblem("validator-output-invalid");
    }
    finish();
}

void ValidationRun::finish()
{
    if (m_done)
        return;
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
    v.device = text(o.value(QLatin1String("device")));
    v.driver = text(o.value(QLatin1String("driver")));
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
