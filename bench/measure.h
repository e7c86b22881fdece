#pragma once
// Times one shell command as the benches compare us with the tools a user has (7z, unzip,
// openssl, tar, sha256sum): wall time, CPU time of it and every child it waited for, peak RSS.

#include <chrono>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bench {

struct Measured {
    double seconds = 0;
    double cpuSeconds = 0;  // user + system of the command and everything it waited for
    long maxRssKiB = 0;
    int status = -1;
};

inline Measured runShell(const std::string& command)
{
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    Measured m;
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    m.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                   double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    m.maxRssKiB = usage.ru_maxrss;
    m.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return m;
}

}  // namespace bench
