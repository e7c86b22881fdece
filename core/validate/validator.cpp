#include "validate/validator.h"

#include "common/problemcodes.h"
#include "platform/dynlib.h"
#include "releases/releases.h"
#include "validate/convrunner.h"
#include "validate/cudaapi.h"
#include "validate/cudnnapi.h"
#include "validate/cudnnlocator.h"

#include <chrono>
#include <filesystem>
#include <random>

namespace fs = std::filesystem;

namespace cudnnsetup::validate {

namespace {

constexpr const char* kDriverName = kWindows ? "nvcuda.dll" : "libcuda.so.1";

void add(Problems& ps, std::string code, std::optional<std::string> path, std::string message)
{
    ps.push_back(Problem{std::move(code), std::move(path), std::move(message)});
}

bool contains(const std::string& s, const char* what)
{
    return s.find(what) != std::string::npos;
}

std::string fileName(const std::string& path)
{
    return fs::path(path).filename().string();
}

// Everything that must stay mapped while cuDNN runs.
struct Loaded {
    DynLib cudnn;
    std::vector<DynLib> keep; // sub-libraries, cuBLAS
    CudnnApi api{};
    bool usable = false;
    int major = 0;
};

// A library that is there but does not load: say which dependency and how to get it.
// Windows cuDNN 8.3 up to 9.1 load zlibwapi.dll; 8.2 and 9.2+ never do. Unknown header: can't rule it out.
bool mayNeedZlibwapi(const std::string& headerVersion)
{
    const auto v = Version::parse(headerVersion);
    if (!v)
        return true;
    return (v->major == 8 && v->minor >= 3) || (v->major == 9 && v->minor < 2);
}

void reportLoadFailure(ValidationReport& rep, const DynLib& lib, const char* otherwiseCode)
{
    const std::string name = fileName(lib.requested());
    const std::string& err = lib.error();
    switch (lib.failure()) {
    case LoadFailure::NotFound:
        add(rep.problems, codes::kMissingFile, lib.requested(),
            name + " is missing from " + fs::path(lib.requested()).parent_path().string() +
                ". Reinstall the complete cuDNN archive into this toolkit (cudnn-setup repair --toolkit DIR).");
        return;
    case LoadFailure::WrongArchitecture:
        add(rep.problems, codes::kWrongArchitecture, lib.requested(),
            name + " is not a 64-bit library for this machine (" + err + "). Replace it with the x86-64 build of the same cuDNN release.");
        return;
    default:
        break;
    }
    if (contains(err, "cublas")) {
        add(rep.problems, codes::kMissingCublas, lib.requested(),
            name + " needs cuBLAS / cuBLASLt, which could not be loaded (" + err +
                "). Install the CUDA toolkit's cuBLAS (the libcublas package or the toolkit's lib folder) matching the CUDA major version of this cuDNN.");
        return;
    }
    if (kWindows && lib.failure() == LoadFailure::DependencyMissing && mayNeedZlibwapi(rep.headerVersion)) {
        // Windows does not name the missing DLL; look for the usual suspects ourselves.
        if (!DynLib::openSearched("zlibwapi.dll")) {
            add(rep.problems, codes::kZlibwapiMissing, lib.requested(),
                name + " could not load a DLL it depends on, and no 64-bit zlibwapi.dll is loadable; cuDNN 8.3 to 9.1 need it. "
                       "Put the x64 zlibwapi.dll into the toolkit's bin folder.");
            return;
        }
    }
    add(rep.problems, otherwiseCode, lib.requested(),
        name + " could not be loaded: " + err + ". Check that every file of the cuDNN release is present and from the same release.");
}

void loadCudnn(const std::string& toolkit, ValidationReport& rep, Loaded& out)
{
    const auto loc = locateCudnn(toolkit);
    if (!loc) {
        std::string where;
        for (const auto& d : cudnnSearchFolders(toolkit))
            where += (where.empty() ? "" : ", ") + d;
        add(rep.problems, codes::kCudnnNotFound, toolkit,
            "No cuDNN library (" + sharedLibraryName("cudnn", 9) + " or " + sharedLibraryName("cudnn", 8) +
                ") in " + where + ". Install cuDNN into this toolkit (cudnn-setup install ARCHIVE --toolkit DIR) or name the right one with --toolkit.");
        return;
    }
    out.major = loc->major;
    // Read before loading: a load failure's diagnosis depends on the release (zlibwapi).
    if (const auto hv = headerCudnnVersion(toolkit, loc->directory))
        rep.headerVersion = *hv;
    for (const auto& dir : toolkitLibraryFolders(toolkit))
        addLibraryDirectory(dir);
    addLibraryDirectory(loc->directory);

    out.cudnn = DynLib::openPath(loc->library);
    if (!out.cudnn) {
        reportLoadFailure(rep, out.cudnn, codes::kCudnnLoadFailed);
        return;
    }
    rep.cudnnPath = out.cudnn.loadedPath();

    // Load each sub-library by full path before calling into the shim: a missing or broken one is
    // named here instead of failing later inside cudnnCreate, and no other copy can be picked up.
    bool subsOk = true;
    for (const auto& sub : expectedSubLibraries(loc->major)) {
        DynLib lib = DynLib::openPath((fs::path(loc->directory) / sub).string());
        if (!lib) {
            reportLoadFailure(rep, lib, codes::kSublibraryLoadFailed);
            subsOk = false;
            continue;
        }
        out.keep.push_back(std::move(lib));
    }
    if (!subsOk)
        return;

    const auto missing = resolveCudnn(out.cudnn, out.api);
    if (!missing.empty()) {
        std::string names;
        for (const auto& m : missing)
            names += (names.empty() ? "" : ", ") + m;
        add(rep.problems, codes::kMissingSymbol, rep.cudnnPath,
            fileName(rep.cudnnPath) + " lacks " + names + ": not a cuDNN 8/9 library, or a damaged one. Reinstall cuDNN.");
        return;
    }
    rep.cudnnVersionNumber = out.api.getVersion();
    rep.cudnnVersion = cudnnVersionString(rep.cudnnVersionNumber);
    rep.cudartVersion = out.api.getCudartVersion();
    out.usable = true;

    const int libMajor = std::stoi(rep.cudnnVersion.substr(0, rep.cudnnVersion.find('.')));
    if (libMajor != loc->major)
        add(rep.problems, codes::kVersionMismatch, rep.cudnnPath,
            fileName(rep.cudnnPath) + " reports cuDNN " + rep.cudnnVersion + ", but its file name says major version " +
                std::to_string(loc->major) + ". Reinstall one complete cuDNN release.");
    if (const auto hv = headerCudnnVersion(toolkit, loc->directory)) {
        rep.headerVersion = *hv;
        if (*hv != rep.cudnnVersion)
            add(rep.problems, codes::kVersionMismatch, rep.cudnnPath,
                "The library is cuDNN " + rep.cudnnVersion + " but cudnn_version.h says " + *hv +
                    ": headers and libraries come from different releases. Reinstall one complete cuDNN release (cudnn-setup repair).");
    }
    const int cudartMajor = static_cast<int>(rep.cudartVersion / 1000);
    if (const auto tk = toolkitCudaMajor(toolkit); tk && cudartMajor > 0 && *tk != cudartMajor)
        add(rep.problems, codes::kCudaMajorMismatch, rep.cudnnPath,
            "This cuDNN was built for CUDA " + cudaVersionString(static_cast<int>(rep.cudartVersion)) + " but the toolkit is CUDA " +
                std::to_string(*tk) + ". Install the cuDNN build for CUDA " + std::to_string(*tk) + ".");

    const size_t v = rep.cudnnVersionNumber;
    if (kWindows && v >= 8300 && v < 90200 && !DynLib::openSearched("zlibwapi.dll"))
        add(rep.problems, codes::kZlibwapiMissing, std::nullopt,
            "cuDNN " + rep.cudnnVersion + " needs zlibwapi.dll (64-bit) at run time and none can be loaded. Put the x64 zlibwapi.dll into the toolkit's bin folder.");

    // cuDNN loads cuBLASLt itself, late; find it now the way cuDNN would, so its absence has a name.
    if (cudartMajor > 0) {
        const std::string name = sharedLibraryName("cublasLt", cudartMajor);
        std::vector<fs::path> places = {fs::path(loc->directory) / name,
                                        fs::path(loc->directory).parent_path().parent_path() / "cublas" / "lib" / name};
        for (const auto& d : toolkitLibraryFolders(toolkit))
            places.push_back(fs::path(d) / name);
        DynLib cublas;
        for (const auto& p : places) {
            std::error_code ec;
            if (fs::is_regular_file(p, ec)) {
                cublas = DynLib::openPath(p.string());
                break;
            }
        }
        if (!cublas && cublas.requested().empty())
            cublas = DynLib::openSearched(name);
        if (!cublas) {
            add(rep.problems, codes::kMissingCublas, cublas.requested(),
                name + " (cuBLASLt, which cuDNN " + rep.cudnnVersion + " loads for convolutions) could not be loaded: " + cublas.error() +
                    ". Install cuBLAS for CUDA " + std::to_string(cudartMajor) + " into the toolkit.");
            out.usable = false;
        } else {
            out.keep.push_back(std::move(cublas));
        }
    }
}

}  // namespace

namespace {

struct Driver {
    DynLib lib;
    CudaApi api{};
    CUdevice device = 0;
    bool ready = false;
};

void loadDriver(const ValidateOptions& opt, ValidationReport& rep, Driver& drv)
{
    drv.lib = opt.driverLibrary.empty() ? DynLib::openSystem(kDriverName) : DynLib::openPath(opt.driverLibrary);
    if (!drv.lib) {
        add(rep.problems, codes::kNoDriver, drv.lib.requested(),
            std::string("No NVIDIA driver library (") + kDriverName + ") can be loaded: " + drv.lib.error() +
                ". Install the NVIDIA display driver for this GPU (it provides " + kDriverName + "); the CUDA toolkit alone does not.");
        return;
    }
    rep.driverPresent = true;
    rep.driverPath = drv.lib.loadedPath();
    const auto missing = resolveCuda(drv.lib, drv.api);
    if (!missing.empty()) {
        add(rep.problems, codes::kDriverError, rep.driverPath,
            fileName(rep.driverPath) + " lacks " + missing.front() + " (and " + std::to_string(missing.size() - 1) +
                " more): not a usable CUDA driver library. Reinstall the NVIDIA driver.");
        return;
    }
    const CUresult init = drv.api.init(0);
    if (init == kCudaErrorStubLibrary) {
        rep.driverIsStub = true;
        add(rep.problems, codes::kStubDriver, rep.driverPath,
            rep.driverPath + " is the CUDA toolkit's link stub, not the driver (cuInit returned CUDA_ERROR_STUB_LIBRARY). "
                             "Remove the toolkit's stubs folder from LD_LIBRARY_PATH / PATH and install the NVIDIA driver.");
        return;
    }
    drv.api.driverGetVersion(&rep.driverCudaVersion);
    if (init == kCudaErrorNoDevice) {
        add(rep.problems, codes::kNoDevice, std::nullopt,
            "The NVIDIA driver sees no CUDA-capable GPU (" + drv.api.errorText(init) +
                "). Check that the GPU is installed, enabled and not hidden by CUDA_VISIBLE_DEVICES.");
        return;
    }
    if (init != kCudaSuccess) {
        add(rep.problems, codes::kDriverError, rep.driverPath,
            "cuInit failed: " + drv.api.errorText(init) + ". Reinstall the NVIDIA driver (the kernel module and " + kDriverName +
                " must be the same version) and reboot.");
        return;
    }
    int count = 0;
    drv.api.deviceGetCount(&count);
    if (count <= 0 || opt.device < 0 || opt.device >= count) {
        add(rep.problems, codes::kNoDevice, std::nullopt,
            count <= 0 ? std::string("The NVIDIA driver reports no CUDA device. Check that the GPU is installed and not hidden by CUDA_VISIBLE_DEVICES.")
                       : "There is no device " + std::to_string(opt.device) + "; this machine has " + std::to_string(count) +
                             " (use --device 0.." + std::to_string(count - 1) + ").");
        return;
    }
    CUresult r = drv.api.deviceGet(&drv.device, opt.device);
    DeviceInfo info;
    info.index = opt.device;
    char name[256] = {};
    if (r == kCudaSuccess) r = drv.api.deviceGetName(name, sizeof name - 1, drv.device);
    if (r == kCudaSuccess) r = drv.api.deviceGetAttribute(&info.ccMajor, kAttrComputeCapabilityMajor, drv.device);
    if (r == kCudaSuccess) r = drv.api.deviceGetAttribute(&info.ccMinor, kAttrComputeCapabilityMinor, drv.device);
    if (r == kCudaSuccess) r = drv.api.deviceGetAttribute(&info.multiprocessors, kAttrMultiprocessorCount, drv.device);
    if (r == kCudaSuccess) r = drv.api.deviceTotalMem(&info.memoryBytes, drv.device);
    if (r != kCudaSuccess) {
        add(rep.problems, codes::kDriverError, rep.driverPath, "Querying device " + std::to_string(opt.device) + " failed: " + drv.api.errorText(r) + ".");
        return;
    }
    info.name = name;
    rep.device = info;
    drv.ready = true;
}

// Every check that did not pass becomes one problem naming the shape and algorithm.
void reportChecks(ValidationReport& rep, const std::vector<AlgoCheck>& checks)
{
    for (const auto& c : checks) {
        if (c.ok)
            continue;
        const std::string what = c.name + " (" + c.shape + ") with " + c.algo + " [" + c.math + "]";
        if (!c.error.empty())
            add(rep.problems, codes::kAlgoFailed, rep.cudnnPath, what + " failed: " + c.error + ".");
        else if (c.nonFinite > 0)
            add(rep.problems, codes::kWrongResult, rep.cudnnPath,
                what + " left " + std::to_string(c.nonFinite) + " output elements NaN/Inf (unwritten or corrupt). This cuDNN does not compute correctly on this GPU.");
        else
            add(rep.problems, codes::kWrongResult, rep.cudnnPath,
                what + " differs from the CPU reference: relative error " + std::to_string(c.relError.value_or(0)) +
                    " > " + std::to_string(c.tolerance) + ". This cuDNN does not compute correctly on this GPU.");
    }
}

void runChecks(const ValidateOptions& opt, ValidationReport& rep, Loaded& dnn, Driver& drv)
{
    PrimaryContext context(drv.api);
    if (const CUresult r = context.retain(drv.device); r != kCudaSuccess) {
        add(rep.problems, codes::kDriverError, rep.driverPath,
            "Could not make device " + std::to_string(opt.device) + "'s primary context current: " + drv.api.errorText(r) + ".");
        return;
    }
    CudnnHandle handle(dnn.api);
    if (const cudnnStatus_t s = handle.create(); s != kCudnnSuccess) {
        const std::string text = dnn.api.statusText(s);
        if (contains(text, "ARCH_MISMATCH"))
            add(rep.problems, codes::kUnsupportedArchitecture, rep.cudnnPath,
                "cuDNN " + rep.cudnnVersion + " does not support " + rep.device->name + " (compute capability " +
                    std::to_string(rep.device->ccMajor) + "." + std::to_string(rep.device->ccMinor) + "): " + text +
                    ". Install a cuDNN release whose support matrix lists this GPU.");
        else if (contains(text, "SUBLIBRARY") || contains(text, "LOADING"))
            add(rep.problems, codes::kSublibraryLoadFailed, rep.cudnnPath,
                "cudnnCreate could not load a cuDNN sub-library: " + text + ". Reinstall the complete cuDNN release into one folder.");
        else
            add(rep.problems, codes::kCudnnCreateFailed, rep.cudnnPath,
                "cudnnCreate failed: " + text + ". Check the driver version and that the GPU is not in use by another process in exclusive mode.");
        return;
    }
    const RunContext ctx{dnn.api, drv.api, handle.get(), opt};
    const auto shapes = opt.quick ? quickShapes() : standardShapes();
    bool archReported = false;
    auto runOne = [&](const ConvShape& sh, Precision p, uint64_t seed, std::vector<AlgoCheck>& into) {
        ShapeOutcome o = runShape(ctx, sh, p, seed);
        if (o.archMismatch && !archReported) {
            archReported = true;
            add(rep.problems, codes::kUnsupportedArchitecture, rep.cudnnPath,
                "cuDNN " + rep.cudnnVersion + " has no kernels for " + rep.device->name + " (compute capability " +
                    std::to_string(rep.device->ccMajor) + "." + std::to_string(rep.device->ccMinor) +
                    "). Install a cuDNN release whose support matrix lists this GPU.");
        }
        if (!o.fatal.empty())
            add(rep.problems, codes::kCheckFailed, rep.cudnnPath, sh.name + " [" + precisionName(p) + "] could not run: " + o.fatal + ".");
        else if (o.checks.empty())
            add(rep.problems, codes::kNoAlgorithm, rep.cudnnPath,
                "cuDNN offers no usable forward algorithm for " + sh.name + " (" + sh.describe() + ") [" + precisionName(p) +
                    "]. Every GPU cuDNN supports has at least one; reinstall cuDNN or update the driver.");
        reportChecks(rep, o.checks);
        into.insert(into.end(), o.checks.begin(), o.checks.end());
    };
    for (size_t i = 0; i < shapes.size(); ++i)
        runOne(shapes[i], Precision::Fma, rep.seed + i, rep.checks);
    if (opt.tensorOps) {
        const ConvShape& sh = shapes.size() > 1 && !opt.quick ? shapes[1] : shapes[0];
        runOne(sh, Precision::Tf32, rep.seed + 100, rep.tensorOpChecks);
        runOne(sh, Precision::Fp16, rep.seed + 101, rep.tensorOpChecks);
    }
}

}  // namespace

std::string cudnnVersionString(size_t v)
{
    if (v == 0)
        return "0.0.0";
    const size_t major = v >= 90000 ? v / 10000 : v / 1000;
    const size_t minor = v >= 90000 ? (v % 10000) / 100 : (v % 1000) / 100;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(v % 100);
}

std::string cudaVersionString(int v)
{
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

ValidationReport runValidation(const ValidateOptions& opt)
{
    const auto t0 = std::chrono::steady_clock::now();
    ValidationReport rep;
    rep.seed = opt.seed;
    if (rep.seed == 0) {
        std::random_device rd;
        rep.seed = (uint64_t(rd()) << 32) ^ rd();
    }
    rep.toolkit = opt.toolkit.empty() ? defaultToolkit() : opt.toolkit;

    Loaded dnn;
    Driver drv;
    if (rep.toolkit.empty())
        add(rep.problems, codes::kCudnnNotFound, std::nullopt,
            "No toolkit given and CUDA_PATH is not set. Name the CUDA toolkit with --toolkit DIR.");
    else
        loadCudnn(rep.toolkit, rep, dnn);
    loadDriver(opt, rep, drv);

    if (dnn.usable && drv.ready && rep.cudartVersion > 0) {
        const int need = static_cast<int>(rep.cudartVersion);
        if (rep.driverCudaVersion / 1000 < need / 1000) {
            add(rep.problems, codes::kDriverTooOld, rep.driverPath,
                "The driver supports CUDA up to " + cudaVersionString(rep.driverCudaVersion) + ", but cuDNN " + rep.cudnnVersion +
                    " was built with CUDA " + cudaVersionString(need) + ". Update the NVIDIA driver (or install the cuDNN build for CUDA " +
                    std::to_string(rep.driverCudaVersion / 1000) + ").");
            drv.ready = false;
        } else if (rep.driverCudaVersion < need) {
            add(rep.warnings, codes::kDriverOlderMinor, rep.driverPath,
                "The driver supports CUDA " + cudaVersionString(rep.driverCudaVersion) + ", older than the CUDA " + cudaVersionString(need) +
                    " cuDNN was built with; it runs under minor-version compatibility. Updating the driver is recommended.");
        }
    }
    if (dnn.usable && drv.ready)
        runChecks(opt, rep, dnn, drv);

    rep.loadedFiles = loadedModules({"cudnn", "cublas", "libcuda", "nvcuda", "nvrtc", "zlibwapi"});
    // The CUDA runtime inside cuDNN registers exit handlers and threads: unloading it before the
    // process ends is not safe, so these stay mapped.
    dnn.cudnn.leak();
    for (auto& l : dnn.keep)
        l.leak();
    drv.lib.leak();
    rep.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

}  // namespace cudnnsetup::validate
