#pragma once
// Runs cudnn-setup-cli.exe of the same cross build, stdout and stderr apart
// (--json promises exactly one document on stdout).

#include <windows.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace cudnnsetup::winetest {

struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;
    bool timedOut = false;  // still running at the limit: ended by TerminateProcess
    nlohmann::json json() const { return nlohmann::json::parse(out, nullptr, false); }
};

CliResult runCli(const std::vector<std::string>& args);

// Any program, the same way. It is over when the program has ended, whether or not its output
// pipes are closed by then: another process may hold a copy of their write ends (under Wine, once,
// a crash-point run waited 30 minutes for an EOF after the tool had ended). A program still
// running after `limit` is ended and the result says so.
CliResult runProgram(const std::filesystem::path& exe, const std::vector<std::string>& args,
                     std::chrono::seconds limit = std::chrono::seconds(300));

// Started and left running; kill() is TerminateProcess (the Windows SIGKILL).
class CliProcess {
public:
    explicit CliProcess(const std::vector<std::string>& args);
    ~CliProcess();
    CliProcess(const CliProcess&) = delete;
    CliProcess& operator=(const CliProcess&) = delete;
    bool running() const;
    void kill();
    const std::string& startLog() const { return m_startLog; }

private:
    HANDLE m_process = nullptr;
    std::string m_startLog;
};

}  // namespace cudnnsetup::winetest
