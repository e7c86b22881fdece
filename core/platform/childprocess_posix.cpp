#include "platform/childprocess.h"
#include "platform/uniquefd_posix_p.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

extern char** environ;

namespace cudnnsetup {

namespace {


class SpawnActions {
public:
    SpawnActions() { ::posix_spawn_file_actions_init(&m_a); }
    ~SpawnActions() { ::posix_spawn_file_actions_destroy(&m_a); }
    SpawnActions(const SpawnActions&) = delete;
    SpawnActions& operator=(const SpawnActions&) = delete;
    posix_spawn_file_actions_t* get() { return &m_a; }

private:
    posix_spawn_file_actions_t m_a;
};

}  // namespace

ChildResult runChildProcess(const std::string& program, const std::vector<std::string>& args, int timeoutMs,
                            const EnvironmentOverrides& env, const CancelToken* cancel)
{
    ChildResult res;
    int outPipe[2], errPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) != 0) {
        res.error = std::string("pipe: ") + std::strerror(errno);
        return res;
    }
    UniqueFd outRead(outPipe[0]), outWrite(outPipe[1]);
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        res.error = std::string("pipe: ") + std::strerror(errno);
        return res;
    }
    UniqueFd errRead(errPipe[0]), errWrite(errPipe[1]);

    SpawnActions actions;
    ::posix_spawn_file_actions_addopen(actions.get(), 0, "/dev/null", O_RDONLY, 0);
    ::posix_spawn_file_actions_adddup2(actions.get(), outWrite.get(), 1);
    ::posix_spawn_file_actions_adddup2(actions.get(), errWrite.get(), 2);

    std::vector<std::string> argStore{program};
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    std::map<std::string, std::string> envMap;
    for (char** e = environ; e && *e; ++e) {
        const std::string kv = *e;
        const auto eq = kv.find('=');
        if (eq != std::string::npos)
            envMap[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (const auto& [k, v] : env)
        envMap[k] = v;
    std::vector<std::string> envStore;
    for (const auto& [k, v] : envMap)
        envStore.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& kv : envStore)
        envp.push_back(kv.data());
    envp.push_back(nullptr);

    // Own process group, so a timeout also kills what the child started (python -> nvcc ...).
    posix_spawnattr_t attr;
    ::posix_spawnattr_init(&attr);
    ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    ::posix_spawnattr_setpgroup(&attr, 0);
    pid_t pid = -1;
    // spawnp: a bare name ("python3", "ldconfig") is looked up on PATH; a path is used as given.
    const int rc = ::posix_spawnp(&pid, program.c_str(), actions.get(), &attr, argv.data(), envp.data());
    ::posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        res.error = "cannot start " + program + ": " + std::strerror(rc);
        return res;
    }
    res.started = true;
    outWrite.reset();
    errWrite.reset();

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    const auto cancelled = [&] { return cancel && cancel->isCancelled(); };
    bool outOpen = true, errOpen = true;
    char buf[65536];
    while (outOpen || errOpen) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            res.timedOut = true;
            break;
        }
        if (cancelled()) {
            res.cancelled = true;
            break;
        }
        pollfd fds[2] = {{outOpen ? outRead.get() : -1, POLLIN, 0}, {errOpen ? errRead.get() : -1, POLLIN, 0}};
        const int n = ::poll(fds, 2, static_cast<int>(cancel ? std::min<long long>(left, 50) : left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        for (int i = 0; i < 2; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
            if (got > 0)
                (i == 0 ? res.out : res.err).append(buf, static_cast<size_t>(got));
            else if (got == 0 || errno != EINTR)
                (i == 0 ? outOpen : errOpen) = false;
        }
    }
    if (res.timedOut || res.cancelled)
        ::kill(-pid, SIGKILL);
    // The pipes may close before the process ends (it can close its stdout): wait for it too.
    int status = 0;
    for (;;) {
        const pid_t w = ::waitpid(pid, &status, res.timedOut || res.cancelled ? 0 : WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return res;
        if (w == 0) {
            if (std::chrono::steady_clock::now() >= deadline) {
                res.timedOut = true;
                ::kill(-pid, SIGKILL);
            } else if (cancelled()) {
                res.cancelled = true;
                ::kill(-pid, SIGKILL);
            } else {
                ::usleep(10000);
            }
        }
    }
    if (WIFEXITED(status)) {
        res.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        res.signal = WTERMSIG(status);
        res.crashed = !res.timedOut && !res.cancelled;
    }
    return res;
}

}  // namespace cudnnsetup
