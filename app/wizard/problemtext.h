#pragma once
// Turns the core's stable problem codes into translated sentences with their fix.
// English keeps the core's own sentence (it is the most specific); other languages
// use the translated template for the code and fall back to the core's sentence.

#include "viewmodels.h"

#include <QCoreApplication>

namespace cudnnsetup::wizard {

class ProblemText {
    Q_DECLARE_TR_FUNCTIONS(ProblemText)
public:
    static ProblemView describe(const QString& code, const QString& path, const QString& coreMessage);
    // Which line of the archive checklist a verify problem belongs to.
    static QString checkKey(const QString& code);
    static QString checkTitle(const QString& key);
    // "Official NVIDIA release" ... in plain words, for the authenticity line.
    static QString authenticityText(const QString& authenticity);
    // Every code with a translated sentence and fix (tests compare it with docs/*.md).
    static QStringList knownCodes();
    // Codes whose subject is the archive (the fallback noun when the core names no path).
    static bool isArchiveCode(const QString& code);
    // Whether the UI runs in English (core sentences are shown unchanged).
    static bool englishUi();
};

}  // namespace cudnnsetup::wizard
