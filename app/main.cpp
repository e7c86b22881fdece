#include "cli/cli.h"

#ifdef CUDNN_SETUP_WITH_WIZARD
#include "wizard/wizardmain.h"
#endif

int main(int argc, char** argv)
{
    cudnnsetup::cli::hardenProcess();
    // Before any other parser: the helper's command line is its own (install/helperargs.h).
    if (cudnnsetup::cli::isHelperCommandLine(argc, argv))
        return cudnnsetup::cli::runHelper(argc, argv);
#ifdef CUDNN_SETUP_WITH_WIZARD
    if (!cudnnsetup::cli::hasSubcommand(argc, argv))
        return cudnnsetup::wizard::run(argc, argv);
#endif
    return cudnnsetup::cli::run(argc, argv);
}
