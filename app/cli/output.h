#pragma once
// How subcommands talk to the terminal: with --json exactly one document on
// stdout and human text on stderr; without it human text on stdout.

#include <nlohmann/json.hpp>

#include <string>

namespace cudnnsetup::cli {

struct CommandContext;

void printJson(const nlohmann::json& doc);
void say(const CommandContext& ctx, const std::string& line);   // human text
void complain(const std::string& line);                          // always stderr
void logLine(const CommandContext& ctx, const std::string& line); // --log FILE, if given
bool stderrIsTerminal();

}  // namespace cudnnsetup::cli
