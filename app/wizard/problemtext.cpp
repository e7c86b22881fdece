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
    // The registry carries each language's text itself (not the .ts files), so that its check sees every
    // code translated; QLocale's default is the language installLanguage chose.
    const bool chinese = QLocale().language() == QLocale::Chinese;
    const ProblemTemplate::Text& text = chinese ? it->second.zhCN : it->second.en;
    v.fix = QString::fromUtf8(text.fix);
    if (!englishUi() || coreMessage.isEmpty()) {
        QString message = QString::fromUtf8(text.message);
        if (message.contains(QLatin1String("%1")))
            message = message.arg(!path.isEmpty() ? path : isArchiveCode(code) ? tr("the archive") : tr("the file"));
        v.message = message;
    }
    return v;
}

bool ProblemText::isArchiveCode(const QString& code)
{
    const auto it = problemTemplates().find(code);
    return it != problemTemplates().end() && it->second.archiveSubject;
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
    const auto it = problemTemplates().find(code);
    return QString::fromLatin1(it != problemTemplates().end() ? it->second.check : "integrity");
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
