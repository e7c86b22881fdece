#include "cli/output.h"

#include "cli/commands.h"
#include "platform/nofollow.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>

#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

namespace cudnnsetup::cli {

void printJson(const nlohmann::json& doc)
{
    std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
}

void say(const CommandContext& ctx, const std::string& line)
{
    (ctx.json ? std::cerr : std::cout) << line << '\n';
    logLine(ctx, line);
}

void complain(const std::string& line)
{
    std::cerr << line << std::endl;
}

void logLine(const CommandContext& ctx, const std::string& line)
{
    if (ctx.logFile.empty() && !ctx.helperLog)
        return;
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", std::gmtime(&now));
    if (ctx.helperLog) {
        // One line per entry, whatever a caller's text holds: no control character gets in.
        std::string clean = line;
        for (char& c : clean)
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                c = '?';
        ctx.helperLog->append(std::string(stamp) + "Z " + clean + "\n");
        return;
    }
    std::ofstream log(ctx.logFile, std::ios::app);
    log << stamp << "Z " << line << '\n';
}

bool stderrIsTerminal()
{
    return isatty(fileno(stderr)) != 0;
}

}  // namespace cudnnsetup::cli
