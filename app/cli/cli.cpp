#include "cli/cli.h"

#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"

#include <cstdlib>
#include <string_view>
#include <exception>

#ifdef _WIN32
#include <windows.h>
#endif

namespace cudnnsetup::cli {

void hardenProcess()
{
#ifdef _WIN32
    // An installer is started from Downloads: never let a planted DLL there load.
    SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_SYSTEM32);
#endif
}

bool hasSubcommand(int argc, char** argv)
{
    // Any argument means the command line (including --help), except the wizard's
    // own `--lang X` / `--lang=X`, so that `cudnn-setup --lang zh_CN` opens the wizard.
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--lang" && i + 1 < argc) {
            ++i;
            continue;
        }
        if (a.substr(0, 7) == "--lang=")
            continue;
        return true;
    }
    return false;
}

int run(int argc, char** argv)
{
    CLI::App app{"cudnn-setup — install, verify, repair and validate NVIDIA cuDNN", "cudnn-setup"};
    app.set_version_flag("--version", std::string("cudnn-setup ") + CUDNN_SETUP_VERSION);
    app.require_subcommand(0, 1);

    CommandContext ctx;
    if (const char* env = std::getenv("CUDNN_SETUP_STATE_DIR"))
        ctx.stateDir = env;
    app.add_flag("--json", ctx.json, "Print exactly one JSON document on stdout")->configurable(false);
    app.add_option("--log", ctx.logFile, "Append a detailed log to FILE");
    app.add_option("--state-dir", ctx.stateDir, "Where install records and journals live");
    // Global options may also follow the subcommand.
    app.fallthrough();

    addVerifyCommand(app, ctx);
    addDetectCommand(app, ctx);
    addDownloadCommand(app, ctx);
    addInstallCommands(app, ctx);
    addValidateCommand(app, ctx);
    addReportCommand(app, ctx);
    addApplyCommand(app, ctx);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return static_cast<int>(ExitCode::Usage);
    } catch (const std::exception& e) {
        complain(std::string("cudnn-setup: internal error: ") + e.what());
        return static_cast<int>(ExitCode::Usage);
    }
    if (app.get_subcommands().empty()) {
        complain(app.help());
        return static_cast<int>(ExitCode::Ok);
    }
    return ctx.exitCode;
}

}  // namespace cudnnsetup::cli
