#include "reportwriter.h"

#include "installservice.h"
#include "session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

namespace cudnnsetup::wizard {

namespace {

QJsonArray problemsJson(const QList<ProblemView>& ps)
{
    QJsonArray a;
    for (const ProblemView& p : ps)
        a.append(QJsonObject{{QStringLiteral("code"), p.code},
                             {QStringLiteral("path"), p.path.isEmpty() ? QJsonValue() : QJsonValue(p.path)},
                             {QStringLiteral("message"), p.message},
                             {QStringLiteral("fix"), p.fix}});
    return a;
}

void problemsMd(QString& md, const QList<ProblemView>& ps)
{
    for (const ProblemView& p : ps) {
        md += QStringLiteral("- `%1` %2").arg(p.code, p.message);
        if (!p.fix.isEmpty())
            md += QStringLiteral(" — %1").arg(p.fix);
        md += QLatin1Char('\n');
    }
}

}  // namespace

QString ReportWriter::markdown(const Session& s)
{
    QString md;
    md += QStringLiteral("# %1\n\n").arg(tr("cudnn-setup report"));
    md += QStringLiteral("- %1: %2\n").arg(tr("Tool"), QStringLiteral("cudnn-setup " CUDNN_SETUP_VERSION));
    md += QStringLiteral("- %1: %2\n").arg(tr("System"), QSysInfo::prettyProductName());
    const MachineView& m = s.machine();
    if (!m.driverText.isEmpty())
        md += QStringLiteral("- %1: %2\n").arg(tr("Driver"), m.driverText);

    if (!m.profileMarkdown.isEmpty()) {
        // The core's version profile, word for word what `cudnn-setup report` prints.
        md += QLatin1Char('\n') + m.profileMarkdown;
        if (!md.endsWith(QLatin1Char('\n')))
            md += QLatin1Char('\n');
    } else {
        md += QStringLiteral("\n## %1\n\n").arg(tr("Toolkits"));
        if (m.toolkits.isEmpty())
            md += tr("None found.") + QLatin1Char('\n');
        for (const ToolkitView& t : m.toolkits)
            md += QStringLiteral("- `%1` CUDA %2, cuDNN %3\n")
                      .arg(t.path, t.version.isEmpty() ? QStringLiteral("?") : t.version,
                           t.cudnnVersion.isEmpty() ? tr("none") : t.cudnnVersion);
        if (!m.cudnnCopies.isEmpty()) {
            md += QStringLiteral("\n%1\n\n").arg(tr("cuDNN copies (the first wins):"));
            for (const QString& c : m.cudnnCopies)
                md += QStringLiteral("- %1\n").arg(c);
        }
        problemsMd(md, m.diagnosis);
    }

    const ArchiveReport& a = s.archive();
    if (!a.path.isEmpty()) {
        md += QStringLiteral("\n## %1\n\n").arg(tr("Archive"));
        md += QStringLiteral("- `%1`\n- SHA-256 `%2`\n- %3: %4\n- %5: %6\n")
                  .arg(a.path, a.sha256, tr("Release"), a.releaseText.isEmpty() ? tr("not identified") : a.releaseText,
                       tr("Authenticity"), a.authenticity);
        if (!a.error.isEmpty())
            md += QStringLiteral("- %1\n").arg(a.error);
        problemsMd(md, a.problems);
        problemsMd(md, a.warnings);
    }

    const OutcomeView& o = s.outcome();
    if (!o.headline.isEmpty()) {
        md += QStringLiteral("\n## %1\n\n").arg(o.name.isEmpty() ? InstallService::operationName(o.operation) : o.name);
        md += QStringLiteral("- %1: `%2`\n").arg(tr("Toolkit"), s.toolkit());
        md += QStringLiteral("- %1 (%2 %3)\n").arg(o.headline, tr("exit code")).arg(o.exitCode);
        for (const QString& l : o.leftovers)
            md += QStringLiteral("- %1: %2\n").arg(tr("Left over"), l);
        problemsMd(md, o.problems);
    }

    const ValidationView& v = s.validation();
    if (!v.headline.isEmpty()) {
        md += QStringLiteral("\n## %1\n\n").arg(tr("Validation"));
        md += QStringLiteral("- %1\n").arg(v.headline);
        if (!v.device.isEmpty())
            md += QStringLiteral("- %1: %2\n").arg(tr("Device"), v.device);
        if (!v.driver.isEmpty())
            md += QStringLiteral("- %1: %2\n").arg(tr("Driver"), v.driver);
        for (const QString& l : v.loaded)
            md += QStringLiteral("- %1: `%2`\n").arg(tr("Loaded"), l);
        if (!v.checks.isEmpty()) {
            md += QStringLiteral("\n| %1 | %2 | %3 | %4 | %5 |\n|---|---|---|---|---|\n")
                      .arg(tr("Shape"), tr("Algorithm"), tr("Result"), tr("Max. rel. error"), tr("Time (ms)"));
            for (const ValidationCheckView& c : v.checks)
                md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                          .arg(c.name, c.algo, c.ok ? tr("pass") : tr("FAIL"),
                               c.maxRelError < 0 ? QStringLiteral("–") : QString::number(c.maxRelError, 'g', 3),
                               c.timeMs < 0 ? QStringLiteral("–") : QString::number(c.timeMs, 'f', 3));
        }
        problemsMd(md, v.problems);
    }
    return md;
}

QByteArray ReportWriter::json(const Session& s)
{
    QJsonObject root;
    root[QStringLiteral("tool")] = QStringLiteral("cudnn-setup " CUDNN_SETUP_VERSION);
    root[QStringLiteral("system")] = QSysInfo::prettyProductName();
    const MachineView& m = s.machine();
    QJsonArray toolkits;
    for (const ToolkitView& t : m.toolkits)
        toolkits.append(QJsonObject{{QStringLiteral("path"), t.path},
                                    {QStringLiteral("version"), t.version},
                                    {QStringLiteral("cudnn"), t.cudnnVersion.isEmpty() ? QJsonValue() : t.cudnnVersion},
                                    {QStringLiteral("problems"), problemsJson(t.problems)}});
    // The core's document (`cudnn-setup report --json`) when detection ran; the wizard's summary otherwise.
    if (const QJsonDocument profile = QJsonDocument::fromJson(m.profileJson); profile.isObject())
        root[QStringLiteral("detect")] = profile.object();
    else
        root[QStringLiteral("machine")] = QJsonObject{{QStringLiteral("driver"), m.driverText},
                                                      {QStringLiteral("toolkits"), toolkits},
                                                      {QStringLiteral("cudnn_copies"), QJsonArray::fromStringList(m.cudnnCopies)},
                                                      {QStringLiteral("problems"), problemsJson(m.diagnosis)}};
    const ArchiveReport& a = s.archive();
    if (!a.path.isEmpty())
        root[QStringLiteral("archive")] = QJsonObject{{QStringLiteral("path"), a.path},
                                                      {QStringLiteral("sha256"), a.sha256},
                                                      {QStringLiteral("authenticity"), a.authenticity},
                                                      {QStringLiteral("release"), a.releaseText},
                                                      {QStringLiteral("ok"), a.ok},
                                                      {QStringLiteral("problems"), problemsJson(a.problems)},
                                                      {QStringLiteral("warnings"), problemsJson(a.warnings)}};
    const OutcomeView& o = s.outcome();
    if (!o.headline.isEmpty())
        root[QStringLiteral("operation")] = QJsonObject{
            {QStringLiteral("name"), o.name.isEmpty() ? InstallService::operationName(o.operation) : o.name},
            {QStringLiteral("toolkit"), s.toolkit()},
            {QStringLiteral("ok"), o.ok},
            {QStringLiteral("exit_code"), o.exitCode},
            {QStringLiteral("rolled_back"), o.rolledBack},
            {QStringLiteral("message"), o.headline},
            {QStringLiteral("actions"), QJsonArray::fromStringList(o.actions)},
            {QStringLiteral("left_over"), QJsonArray::fromStringList(o.leftovers)},
            {QStringLiteral("problems"), problemsJson(o.problems)}};
    const ValidationView& v = s.validation();
    if (!v.headline.isEmpty()) {
        QJsonObject val{{QStringLiteral("ok"), v.ok}, {QStringLiteral("message"), v.headline},
                        {QStringLiteral("exit_code"), v.exitCode}};
        const QJsonDocument child = QJsonDocument::fromJson(v.rawJson);
        if (child.isObject())
            val[QStringLiteral("result")] = child.object();
        root[QStringLiteral("validation")] = val;
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace cudnnsetup::wizard
