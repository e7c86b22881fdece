// cudnn-setup.exe on Windows: the wizard, a GUI-subsystem program. A GUI program
// cannot hand an exit code or text to cmd.exe, and this one must never run
// elevated (its static Qt imports DLLs that are not KnownDLLs), so it carries no
// command line at all: every subcommand, `elevated-apply` included, belongs to
// cudnn-setup-cli.exe (tst_knowndlls checks that no command-line parser is linked in).
#include "wizard/wizardmain.h"

#include <windows.h>

#include <string_view>

int main(int argc, char** argv)
{
    // Started from Downloads: no DLL loaded at run time may come from the folder beside us.
    ::SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_SYSTEM32);
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--lang" && i + 1 < argc) {
            ++i;
            continue;
        }
        if (a.substr(0, 7) != "--lang=")
            return cudnnsetup::wizard::pointToConsoleTwin(argc, argv);
    }
    return cudnnsetup::wizard::run(argc, argv);
}
