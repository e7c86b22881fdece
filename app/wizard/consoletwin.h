#pragma once
// Windows: the console twin (cudnn-setup-cli.exe) that the wizard runs for `validate` and,
// through UAC, for `elevated-apply`. The package puts it beside cudnn-setup.exe in Program
// Files; a lone cudnn-setup.exe run from Downloads carries a copy inside itself (a Qt
// resource) and writes it into a fresh folder of its own in %TEMP%, which it then holds
// open without sharing write or delete, so that nobody can change or replace the file
// between its check and its start, elevated or not, for as long as the wizard runs.
// The copy imports only KnownDLLs, like the original (tst_knowndlls).

#include <QString>

namespace cudnnsetup::wizard {

class ConsoleTwin {
public:
    // The program to run: beside the wizard when it is there, else the held copy ("" with
    // *error set when neither can be had).
    static QString program(QString* error = nullptr);
};

}  // namespace cudnnsetup::wizard
