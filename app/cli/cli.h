#pragma once

namespace cudnnsetup::cli {

// First thing in main: on Windows restricts DLL search to System32 so nothing is
// planted from the Downloads folder the installer runs from.
void hardenProcess();

// True when argv names a subcommand (or --help/--version); otherwise the wizard opens.
bool hasSubcommand(int argc, char** argv);

// The elevated helper (helper.cpp): argv[1] is `elevated-apply` or `elevated-recover`, or pkexec
// started this process (platform/elevation.h startedByElevator). Then runHelper, never run().
bool isHelperCommandLine(int argc, char** argv);
int runHelper(int argc, char** argv);

// Runs the headless command line; returns the process exit code (contract/cli.md).
int run(int argc, char** argv);

}  // namespace cudnnsetup::cli
