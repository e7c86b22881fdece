#include "platform/process.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cudnnsetup {

namespace {
constexpr std::size_t kMaxOutput = 1u << 20;

struct Fd {
    int fd = -1;
    ~Fd() { if (fd >= 0) ::close(fd); }
};
}  // namespace

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout)
{
    ProcessResult r;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return r;
    Fd readEnd{fds[0]}, writeEnd{fds[1]};
    // A separate pipe tells the parent whether exec succeeded (closed on exec, written on failure).
    int efds[2];
    if (::pipe2(efds, O_CLOEXEC) != 0)
        return r;
    Fd execRead{efds[0]}, execWrite{efds[1]};

    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group, so a timeout kills grandchildren too
        ::dup2(writeEnd.fd, 1);
        ::dup2(writeEnd.fd, 2);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            ::dup2(devnull, 0);
        ::execvp(program.c_str(), argv.data());
        const int err = errno;
        (void)!::write(execWrite.fd, &err, sizeof err);
        ::_exit(127);
    }
    ::close(writeEnd.fd);
    writeEnd.fd = -1;
    ::close(execWrite.fd);
    execWrite.fd = -1;
    int execErr = 0;
    const bool execFailed = ::read(execRead.fd, &execErr, sizeof execErr) == static_cast<ssize_t>(sizeof execErr);
    r.started = !execFailed;

    const auto deadline = std::chrono::steady_clock::now() + timeout;
    char buf[4096];
    while (!execFailed) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            r.timedOut = true;
            break;
        }
        pollfd p{readEnd.fd, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(left.count()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            r.timedOut = n == 0;
            break;
        }
        const ssize_t got = ::read(readEnd.fd, buf, sizeof buf);
        if (got <= 0)
            break;  // EOF: the child closed its output
        if (r.output.size() < kMaxOutput)
            r.output.append(buf, static_cast<std::size_t>(got));
    }
    if (r.timedOut)
        ::kill(-pid, SIGKILL);
    int status = 0;
    if (!r.timedOut && !execFailed) {
        // Output closed; give the child the rest of the timeout to exit.
        while (true) {
            const pid_t w = ::waitpid(pid, &status, WNOHANG);
            if (w == pid)
                break;
            if (std::chrono::steady_clock::now() >= deadline) {
                r.timedOut = true;
                ::kill(-pid, SIGKILL);
                ::waitpid(pid, &status, 0);
                break;
            }
            ::usleep(2000);
        }
    } else {
        ::waitpid(pid, &status, 0);
    }
    if (r.started && !r.timedOut)
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

}  // namespace cudnnsetup
