#include "platform/process.h"

#include "platform/childprocess.h"

namespace cudnnsetup {

namespace {
constexpr std::size_t kMaxOutput = 1u << 20;
}

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout)
{
    const auto child = platform::runChildProcess(program, args, static_cast<int>(timeout.count()));
    ProcessResult r;
    r.started = child.started;
    r.timedOut = child.timedOut;
    r.exitCode = child.exitCode;
    r.output = child.out + child.err;
    if (r.output.size() > kMaxOutput)
        r.output.resize(kMaxOutput);
    return r;
}

}  // namespace cudnnsetup
