#pragma once
// Entry of the graphical wizard (cudnn-setup without a subcommand).

#include <QString>
#include <QStringList>

class QLocale;

namespace cudnnsetup::wizard {

// Runs the wizard; accepts `--lang en|zh_CN`. Returns the process exit code.
int run(int argc, char** argv);

// The Windows wizard started with a subcommand: says in a message box that the command line is
// cudnn-setup-cli.exe, and returns 2 (usage) without running anything.
int pointToConsoleTwin(int argc, char** argv);

// "en" or "zh_CN": the --lang value when given, else from the system locale.
QString chooseLanguage(const QStringList& arguments, const QLocale& system);
// Installs the embedded translation for lang (and Qt's own, when present) on the
// running application and makes it the default locale. False when lang is unknown.
bool installLanguage(const QString& lang);

}  // namespace cudnnsetup::wizard
