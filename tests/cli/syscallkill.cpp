// syscallkill SYSCALL N PROGRAM [ARGS...]
//
// Runs PROGRAM and kills it with SIGKILL on entry to its main thread's Nth call of SYSCALL
// (renameat or fsync), so that call never runs; then ends the way PROGRAM ended (killed by the
// same signal, or its exit code). tst_cli_crashpoints launches the elevated helper with it, to
// kill the helper from outside at each journal write and each operation's rename: the helper
// reads no test hook.
//
// Why not strace's fault injection (-e inject=SYSCALL:signal=SIGKILL:when=N), which the test used
// before and still uses for the one counting run: without --seccomp-bpf strace stops the traced
// thread at every system call, entry and exit (about 6,700 calls per sanitized install), and with
// it (strace 6.1) the signal is not injected at all. Here a seccomp filter stops the process only
// at SYSCALL, in any thread, and only the main thread's calls are counted: what strace without -f
// counts. Every other thread's call is let through at once.
//
// Exit: PROGRAM's status; 2 for a usage error, 126 when the kill could not be set up (ptrace or
// seccomp refused: the test then reports the reason). A PROGRAM that ends before its Nth call
// ends with its own status, and the line "syscallkill: ... not reached" on stderr.
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace {

#if defined(__x86_64__)
constexpr unsigned kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
#else
#error "syscallkill: add this architecture's AUDIT_ARCH value"
#endif

long syscallNumber(const char* name)
{
#ifdef __NR_renameat
    if (std::strcmp(name, "renameat") == 0)
        return __NR_renameat;
#endif
    if (std::strcmp(name, "fsync") == 0)
        return __NR_fsync;
    return -1;
}

[[noreturn]] void fail(int code, const char* what)
{
    std::fprintf(stderr, "syscallkill: %s: %s\n", what, std::strerror(errno));
    std::_Exit(code);
}

// In the child, before exec: stop the process at `nr` only, for the tracer (this process).
void traceOnly(long nr)
{
    sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<unsigned>(nr), 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    sock_fprog program{static_cast<unsigned short>(sizeof filter / sizeof filter[0]), filter};
    // Root may install a filter as it is; anyone else needs no_new_privs first (then a set-uid
    // program run by PROGRAM would not gain its privileges, which the helper never relies on).
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0)
        return;
    if (errno != EACCES || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
        || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0)
        fail(126, "seccomp filter");
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: syscallkill renameat|fsync N PROGRAM [ARGS...]\n");
        return 2;
    }
    const long nr = syscallNumber(argv[1]);
    char* end = nullptr;
    const long when = std::strtol(argv[2], &end, 10);
    if (nr < 0 || *end != '\0' || when < 1) {
        std::fprintf(stderr, "syscallkill: want renameat or fsync and a count from 1, got '%s' '%s'\n", argv[1],
                     argv[2]);
        return 2;
    }

    const pid_t child = fork();
    if (child < 0)
        fail(126, "fork");
    if (child == 0) {
        if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0)
            fail(126, "ptrace(PTRACE_TRACEME)");
        raise(SIGSTOP);  // until the tracer has set its options
        traceOnly(nr);
        execvp(argv[3], argv + 3);
        fail(127, argv[3]);
    }

    int status = 0;
    if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status))
        fail(126, "the child did not stop");
    // Threads and children are traced too (a seccomp stop with no tracer would fail the call);
    // the exec's own stop becomes an event; the process dies with this one.
    const long options = PTRACE_O_TRACESECCOMP | PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK
                         | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;
    if (ptrace(PTRACE_SETOPTIONS, child, nullptr, reinterpret_cast<void*>(options)) != 0)
        fail(126, "ptrace(PTRACE_SETOPTIONS)");
    if (ptrace(PTRACE_CONT, child, nullptr, nullptr) != 0)
        fail(126, "ptrace(PTRACE_CONT)");

    long seen = 0;
    int childStatus = 0;
    bool childEnded = false;
    for (;;) {
        const pid_t tid = waitpid(-1, &status, __WALL);
        if (tid < 0) {
            if (errno == EINTR)
                continue;
            break;  // ECHILD: every tracee has ended
        }
        if (WIFEXITED(status) || WIFSIGNALED(status)) {
            if (tid == child) {
                childStatus = status;
                childEnded = true;
            }
            continue;
        }
        if (!WIFSTOPPED(status))
            continue;
        const int signal = WSTOPSIG(status), event = status >> 16;
        int pass = 0;
        if (signal == SIGTRAP && event == PTRACE_EVENT_SECCOMP) {
            // The main thread's thread id is the process id.
            if (tid == child && ++seen == when) {
                kill(child, SIGKILL);  // the thread stays stopped at the call's entry: it never runs
                continue;
            }
        } else if (event == 0 && signal != SIGSTOP) {
            pass = signal;  // a signal for the program: deliver it (SIGSTOP: a new tracee's first stop)
        }
        ptrace(PTRACE_CONT, tid, nullptr, reinterpret_cast<void*>(static_cast<long>(pass)));
    }
    if (!childEnded)
        fail(126, "lost the child");
    if (seen < when)
        std::fprintf(stderr, "syscallkill: %s #%ld not reached (%ld calls)\n", argv[1], when, seen);
    if (WIFSIGNALED(childStatus)) {
        // End the same way, as strace does, so the caller sees a killed helper.
        std::signal(WTERMSIG(childStatus), SIG_DFL);
        kill(getpid(), WTERMSIG(childStatus));
    }
    return WIFEXITED(childStatus) ? WEXITSTATUS(childStatus) : 128 + WTERMSIG(childStatus);
}
