#include "detect/driver.h"

#include "common/testhooks.h"
#include "platform/dynlib.h"

#include <filesystem>

namespace cudnnsetup {

namespace {
constexpr int kCudaSuccess = 0;
constexpr int kCudaErrorStubLibrary = 34;

using CuInit = int (*)(unsigned int);
using CuDriverGetVersion = int (*)(int*);
using NvmlInit = int (*)();
using NvmlGetDriverVersion = int (*)(char*, unsigned int);
using NvmlShutdown = int (*)();

std::string systemLibrary(const Environment& env, const char* overrideVar, const char* windowsName, const char* posixName)
{
    // A test hook (common/testhooks.h): read from `env` so fakes can set it, only in a test build.
    if (testhooks::enabled())
        if (const auto o = env.get(overrideVar); o && !o->empty())
            return *o;
    if (env.windowsRules()) {
        // Only System32: a driver DLL planted anywhere else must not be loaded.
        const auto sys = env.knownFolder(KnownFolder::System32);
        return sys ? (std::filesystem::path(*sys) / windowsName).string() : std::string(windowsName);
    }
    return posixName;
}

// A full path is loaded as given; a bare name only from the system's own search.
DynLib openDriverLibrary(const std::string& lib, std::string& why)
{
    auto l = lib.find_first_of("/\\") != std::string::npos ? DynLib::openPath(lib)
                                                          : DynLib::openSystem(lib);
    if (!l)
        why = l.error();
    return l;
}

std::optional<std::string> nvmlDriverVersion(const std::string& lib, std::string& why)
{
    auto nvml = openDriverLibrary(lib, why);
    if (!nvml)
        return std::nullopt;
    auto init = reinterpret_cast<NvmlInit>(nvml.symbol("nvmlInit_v2"));
    auto get = reinterpret_cast<NvmlGetDriverVersion>(nvml.symbol("nvmlSystemGetDriverVersion"));
    auto shutdown = reinterpret_cast<NvmlShutdown>(nvml.symbol("nvmlShutdown"));
    if (!init || !get || !shutdown) {
        why = lib + " lacks nvmlInit_v2/nvmlSystemGetDriverVersion";
        return std::nullopt;
    }
    if (const int rc = init(); rc != 0) {
        why = lib + ": nvmlInit_v2 returned " + std::to_string(rc);
        return std::nullopt;
    }
    char buf[96] = {};
    const int rc = get(buf, 80);
    shutdown();
    if (rc != 0) {
        why = lib + ": nvmlSystemGetDriverVersion returned " + std::to_string(rc);
        return std::nullopt;
    }
    return std::string(buf);
}
}  // namespace

std::string toString(DriverInfo::State s)
{
    switch (s) {
    case DriverInfo::State::None: return "none";
    case DriverInfo::State::Stub: return "stub";
    case DriverInfo::State::Present: return "present";
    }
    return "none";
}

std::string cudaVersionText(int v)
{
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

DriverInfo probeDriver(const Environment& env)
{
    DriverInfo d;
    const std::string cudaLib = systemLibrary(env, "CUDNN_SETUP_LIBCUDA", "nvcuda.dll", "libcuda.so.1");
    std::string cudaWhy;
    if (auto cuda = openDriverLibrary(cudaLib, cudaWhy)) {
        d.library = cuda.loadedPath().empty() ? cudaLib : cuda.loadedPath();
        auto init = reinterpret_cast<CuInit>(cuda.symbol("cuInit"));
        auto version = reinterpret_cast<CuDriverGetVersion>(cuda.symbol("cuDriverGetVersion"));
        if (!init || !version) {
            d.detail = d.library + " has no cuInit/cuDriverGetVersion";
        } else {
            const int rc = init(0);
            if (rc == kCudaErrorStubLibrary) {
                d.state = DriverInfo::State::Stub;
                d.detail = d.library;
                return d;  // the stub's answers mean nothing
            }
            int v = 0;
            if (version(&v) == kCudaSuccess && v > 0)
                d.cudaVersion = v;
            d.state = DriverInfo::State::Present;
            // cuInit can fail with a real driver (no device, 100): the driver is still there.
            if (rc != kCudaSuccess)
                d.detail = "cuInit returned " + std::to_string(rc);
        }
    } else {
        d.detail = cudaLib + ": " + cudaWhy;
    }
    const std::string nvmlLib = systemLibrary(env, "CUDNN_SETUP_LIBNVML", "nvml.dll", "libnvidia-ml.so.1");
    std::string nvmlWhy;
    if (auto v = nvmlDriverVersion(nvmlLib, nvmlWhy)) {
        d.version = v;
        if (d.state == DriverInfo::State::None) {
            d.state = DriverInfo::State::Present;
            d.library = nvmlLib;
        }
    } else if (d.state == DriverInfo::State::None) {
        d.detail += "; " + nvmlWhy;
    }
    return d;
}

}  // namespace cudnnsetup
