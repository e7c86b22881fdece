#include "platform/elevation.h"

#include "common/problemcodes.h"
#include "common/testhooks.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <csignal>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace cudnnsetup {

namespace {

class PkexecElevator : public Elevator {
public:
    bool needed(const std::vector<std::string>& folders) const override
    {
        // A substitute launcher (tests) means: go through the helper even as root.
        if (testhooks::get("CUDNN_SETUP_ELEVATOR"))
            return true;
        if (::geteuid() == 0)
            return false;
        for (const std::string& f : folders) {
            // The nearest existing ancestor decides whether we could create it.
            std::filesystem::path p(f);
            std::error_code ec;
            while (!p.empty() && !std::filesystem::exists(p, ec) && p != p.parent_path())
                p = p.parent_path();
            if (!p.empty() && ::access(p.c_str(), W_OK) != 0)
                return true;
        }
        return false;
    }

    Result<int> run(const std::string& program, const std::vector<std::string>& args, std::string* output,
                    const std::function<void()>& whileWaiting) override
    {
        const std::string launcher = testhooks::get("CUDNN_SETUP_ELEVATOR").value_or("pkexec");
        std::vector<std::string> all{launcher, program};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        int pipeFds[2];
        if (::pipe2(pipeFds, O_CLOEXEC) != 0)
            return Error{codes::kElevationFailed, "Cannot start the elevated helper (no pipe).", std::strerror(errno)};
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
        // A session of its own: the caller's terminal sends ^Z (SIGTSTP), ^C and its hang-up to the
        // foreground process group, whatever the uid; the root helper is not in it.
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
        pid_t pid = 0;
        const int rc = ::posix_spawnp(&pid, launcher.c_str(), &actions, &attr, argv.data(), environ);
        posix_spawnattr_destroy(&attr);
        posix_spawn_file_actions_destroy(&actions);
        ::close(pipeFds[1]);
        if (rc == 0) {
            // Until the helper closes its stdout (it ends): its outcome, and a tick every 100 ms.
            char buf[4096];
            for (;;) {
                pollfd fd{pipeFds[0], POLLIN, 0};
                const int ready = ::poll(&fd, 1, whileWaiting ? 100 : -1);
                if (ready < 0 && errno == EINTR)
                    continue;
                if (ready == 0) {
                    whileWaiting();
                    continue;
                }
                const ssize_t n = ready > 0 ? ::read(pipeFds[0], buf, sizeof buf) : -1;
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    break;
                if (output)
                    output->append(buf, std::size_t(n));
            }
        }
        ::close(pipeFds[0]);
        if (rc != 0)
            return Error{codes::kElevationRefused,
                         "Administrator rights are needed and " + launcher + " cannot be started (" +
                             std::strerror(rc) + "). Run the command as root (sudo).",
                         "posix_spawnp"};
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFEXITED(status))
            return Error{codes::kElevationFailed, "The elevated helper ended abnormally.", "signal"};
        const int code = WEXITSTATUS(status);
        // pkexec: 126 = the dialog was dismissed, 127 = not authorised (or no agent).
        if (code == 126 || code == 127)
            return Error{codes::kElevationRefused,
                         "Administrator rights were not granted (the authentication was refused or no polkit "
                         "agent is running). Nothing was changed; run the command as root (sudo).",
                         "pkexec exit " + std::to_string(code)};
        return code;
    }
};

}  // namespace

std::unique_ptr<Elevator> makeElevator()
{
    return std::make_unique<PkexecElevator>();
}

bool processHasAdminRights()
{
    return ::geteuid() == 0;
}

bool startedByElevator()
{
    // Only pkexec sets it, after clearing the environment; a root user who sets it by hand just
    // gets the helper's strict command line.
    return std::getenv("PKEXEC_UID") != nullptr;
}

void holdSignalsForHelper()
{
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGTSTP, SIGTTIN, SIGTTOU, SIGHUP, SIGINT})
        sigaddset(&set, sig);
    ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
}

std::string currentExecutable()
{
    std::error_code ec;
    const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : p.string();
}

}  // namespace cudnnsetup
