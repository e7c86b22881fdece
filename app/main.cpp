#include "cli/cli.h"

#ifdef CUDNN_SETUP_WITH_WIZARD
#include "wizard/wizardmain.h"
#endif

int main(int argc, char** argv)
{
    cudnnsetup::cli::hardenProcess();
#ifdef CUDNN_SETUP_WITH_WIZARD
    if (!cudnnsetup::cli::hasSubcommand(argc, argv))
        return cudnnsetup::wizard::run(argc, argv);
#endif
    return cudnnsetup::cli::run(argc, argv);
}
