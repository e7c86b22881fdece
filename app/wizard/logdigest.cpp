#include "logdigest.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>

namespace cudnnsetup::wizard {

namespace {

Qt::CaseSensitivity pathCase()
{
#ifdef Q_OS_WIN
    return Qt::CaseInsensitive;
#else
    return Qt::CaseSensitive;
#endif
}

// The end of the path in an engine line: "place X (the file there is kept as Y)", "restore X from Y".
qsizetype pathEnd(const QString& line, qsizetype from)
{
    qsizetype end = line.size();
    for (const QString& marker : {QStringLiteral(" (the file there is kept as "), QStringLiteral(" (kept as "),
                                  QStringLiteral(" from "), QStringLiteral(": ")}) {
        const qsizetype at = line.indexOf(marker, from);
        if (at >= 0 && at < end)
            end = at;
    }
    return end;
}

}  // namespace

LogDigest::LogDigest(const QString& toolkit)
{
    reset(toolkit);
}

void LogDigest::reset(const QString& toolkit)
{
    m_toolkit = QDir::fromNativeSeparators(toolkit);
    while (m_toolkit.size() > 1 && m_toolkit.endsWith(QLatin1Char('/')))
        m_toolkit.chop(1);
    m_full.clear();
    m_groups.clear();
}

QString LogDigest::relative(const QString& path) const
{
    const QString p = QDir::fromNativeSeparators(path);
    if (m_toolkit.isEmpty() || !p.startsWith(m_toolkit, pathCase()))
        return {};
    if (p.size() == m_toolkit.size())
        return QStringLiteral(".");
    if (p.at(m_toolkit.size()) != QLatin1Char('/'))
        return {};
    return QDir::toNativeSeparators(p.mid(m_toolkit.size() + 1));
}

void LogDigest::add(const QStringList& lines)
{
    static const QStringList fileActions = {QStringLiteral("place"), QStringLiteral("remove"), QStringLiteral("restore")};
    static const QStringList folderActions = {QStringLiteral("create directory"), QStringLiteral("remove directory")};
    for (const QString& line : lines) {
        m_full << line;
        const QString slashed = QDir::fromNativeSeparators(line);
        const qsizetype at = m_toolkit.isEmpty() ? -1 : slashed.indexOf(m_toolkit, 0, pathCase());
        const QString action = at > 0 ? line.left(at - 1) : QString();
        const QString rel = at > 0 ? relative(line.mid(at, pathEnd(line, at) - at)) : QString();
        Group g;
        if (rel.isEmpty() || !(fileActions.contains(action) || folderActions.contains(action))) {
            // Any other line (the PATH change, the record, staging) is kept whole: there a full path
            // says more than a relative one.
            g.plain = line;
            m_groups << g;
            continue;
        }
        g.action = action;
        if (folderActions.contains(action)) {
            g.folder = rel;
            m_groups << g;
            continue;
        }
        const qsizetype cut = rel.lastIndexOf(QDir::separator());
        g.folder = cut < 0 ? QString() : rel.left(cut);
        g.single = cut < 0 ? rel : rel.mid(cut + 1);
        g.files = 1;
        auto same = std::find_if(m_groups.begin(), m_groups.end(), [&g](const Group& o) {
            return o.plain.isEmpty() && o.files > 0 && o.action == g.action && o.folder == g.folder;
        });
        if (same == m_groups.end())
            m_groups << g;
        else
            ++same->files;
    }
}

QStringList LogDigest::lines() const
{
    QStringList out;
    const QString sep = QDir::separator();
    for (const Group& g : m_groups) {
        if (!g.plain.isEmpty()) {
            out << g.plain;
        } else if (g.files == 0) {
            out << QStringLiteral("%1 %2%3").arg(g.action, g.folder, sep);
        } else if (g.files == 1) {
            out << QStringLiteral("%1 %2").arg(g.action, g.folder.isEmpty() ? g.single : g.folder + sep + g.single);
        } else {
            out << QStringLiteral("%1 %2%3  — %4")
                       .arg(g.action, g.folder, g.folder.isEmpty() ? QString() : sep,
                            QCoreApplication::translate("cudnnsetup::wizard::InstallPage", "%n file(s)", "", g.files));
        }
    }
    return out;
}

}  // namespace cudnnsetup::wizard
