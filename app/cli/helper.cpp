// The elevated helper's front door: its own command line (install/helperargs.h), never the
// global options of cli.cpp. The order is the point: signals held, the state folder chosen and hooks
// off, then the command line checked, and only then is anything opened (the state folder, checked;
// the log in it, under a fixed name; the archive once, for all its reads, by checkElevatedRequest; the
// manifest, journal and record by the flow).
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"
#include "common/testhooks.h"
#include "install/helperargs.h"
#include "install/statedir.h"
#include "platform/elevation.h"
#include "platform/folderaccess.h"
#include "platform/nofollow.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace cudnnsetup::cli {

namespace {

// The helper always answers with one JSON document (its caller parses it), and says why on stderr.
int refuse(const std::string& code, const std::string& message)
{
    printJson({{"ok", false},
               {"toolkit", ""},
               {"actions", nlohmann::json::array()},
               {"rolled_back", false},
               {"problems", toJson(Problems{{code, std::nullopt, message}})}});
    complain("problem [" + code + "]: " + message);
    return static_cast<int>(ExitCode::Usage);
}

}  // namespace

bool isHelperCommandLine(int argc, char** argv)
{
    if (startedByElevator())
        return true;
    if (argc < 2)
        return false;
    const std::string_view mode = argv[1];
    return mode == kHelperApply || mode == kHelperRecover;
}

int runHelper(int argc, char** argv)
{
    holdSignalsForHelper();
    const std::string stateDir = helperStateDir();  // a test build's scratch folder is a hook: read it now
    testhooks::disable();
    auto request = parseHelperCommandLine(std::vector<std::string>(argv + 1, argv + argc));
    if (!request)
        return refuse(request.error().code, request.error().message);
    if (auto guard = prepareAdminStateDir(stateDir); !guard.ok())
        return refuse(guard.error().code, guard.error().message);
    CommandContext ctx;
    ctx.json = true;
    ctx.stateDir = stateDir;
    std::error_code ec;
    const auto log = nofollow::openAppendIn(stateDir, kHelperLogName, ec);
    if (!log)
        complain("warning: the helper's log " + stateDir + "/" + kHelperLogName + " cannot be opened (" + ec.message() +
                 "); going on without it.");
    ctx.helperLog = log.get();
    logLine(ctx, "helper: " + nlohmann::json(std::vector<std::string>(argv + 1, argv + argc))
                          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (request->mode == HelperRequest::Mode::Recover)
        return runRecover(ctx, request->toolkit.value_or(std::string()));
    return runElevatedApply(ctx, request->intent);
}

}  // namespace cudnnsetup::cli
