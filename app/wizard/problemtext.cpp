#include "problemtext.h"
#include "problemtext_p.h"

#include <QLocale>

namespace cudnnsetup::wizard {


bool ProblemText::englishUi()
{
    return QLocale().language() == QLocale::English || QLocale().language() == QLocale::C;
}

ProblemView ProblemText::describe(const QString& code, const QString& path, const QString& coreMessage)
{
    ProblemView v{code, path, coreMessage, {}};
    const auto it = problemTemplates().find(code);
    if (it == problemTemplates().end())
        return v;
    v.fix = tr(it->second.fix);
    if (!englishUi() || coreMessage.isEmpty()) {
        QString text = tr(it->second.message);
        if (text.contains(QLatin1String("%1")))
            text = text.arg(!path.isEmpty() ? path : isArchiveCode(code) ? tr("the archive") : tr("the file"));
        v.message = text;
    }
    return v;
}

bool ProblemText::isArchiveCode(const QString& code)
{
    static const QStringList archive = {
        QStringLiteral("corrupt-archive"), QStringLiteral("crc-mismatch"), QStringLiteral("unsafe-path"),
        QStringLiteral("duplicate-entry"), QStringLiteral("size-limit"), QStringLiteral("encrypted-entry"),
        QStringLiteral("unknown-layout"), QStringLiteral("hash-mismatch"), QStringLiteral("unknown-origin"),
        QStringLiteral("archive-changed"), QStringLiteral("unknown-archive")};
    return archive.contains(code);
}

QStringList ProblemText::knownCodes()
{
    QStringList codes;
    for (const auto& [code, text] : problemTemplates())
        codes << code;
    return codes;
}

QString ProblemText::checkKey(const QString& code)
{
    if (code == QLatin1String("unknown-layout") || code == QLatin1String("version-mismatch"))
        return QStringLiteral("identity");
    if (code == QLatin1String("hash-mismatch"))
        return QStringLiteral("authenticity");
    if (code == QLatin1String("missing-file"))
        return QStringLiteral("completeness");
    if (code == QLatin1String("unsafe-path") || code == QLatin1String("duplicate-entry")
        || code == QLatin1String("size-limit"))
        return QStringLiteral("safety");
    return QStringLiteral("integrity");
}

QString ProblemText::checkTitle(const QString& key)
{
    if (key == QLatin1String("identity"))
        return tr("Identity");
    if (key == QLatin1String("authenticity"))
        return tr("Authenticity");
    if (key == QLatin1String("completeness"))
        return tr("Completeness");
    if (key == QLatin1String("integrity"))
        return tr("Integrity");
    return tr("Safety");
}

QString ProblemText::authenticityText(const QString& a)
{
    if (a == QLatin1String("official"))
        return tr("Official NVIDIA release: the SHA-256 matches NVIDIA's published value.");
    if (a == QLatin1String("manifest"))
        return tr("Matches the NVIDIA manifest you gave.");
    if (a == QLatin1String("user"))
        return tr("Matches the SHA-256 you entered.");
    if (a == QLatin1String("mismatch"))
        return tr("MISMATCH: these are not the bytes NVIDIA published under this name.");
    return tr("UNKNOWN: this file's SHA-256 is not in the list of official releases. "
              "Install it only if you trust where it came from.");
}

}  // namespace cudnnsetup::wizard
