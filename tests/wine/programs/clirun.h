#pragma once
// Runs cudnn-setup-cli.exe of the same cross build, stdout and stderr apart
// (--json promises exactly one document on stdout).

#include <windows.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cudnnsetup::winetest {

struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;
    nlohmann::json json() const { return nlohmann::json::parse(out, nullptr, false); }
};

CliResult runCli(const std::vector<std::string>& args);

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
