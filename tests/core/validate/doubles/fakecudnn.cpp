// Test double of the cuDNN library: exports the legacy forward-convolution subset and computes on
// the CPU (device pointers are host memory from the driver double). Faults are chosen through
// CUDNN_DOUBLE_FAULT so the validator's every error path can be exercised without a GPU:
//   wrong-values   IMPLICIT_PRECOMP_GEMM returns one element off by 1.0
//   unwritten      IMPLICIT_GEMM leaves the last output element untouched
//   not-supported  IMPLICIT_PRECOMP_GEMM returns NOT_SUPPORTED although listed as usable
//   no-algo        every algorithm listed as NOT_SUPPORTED
//   create-fails   cudnnCreate returns INTERNAL_ERROR
//   arch-mismatch  cudnnCreate returns NOT_SUPPORTED_ARCH_MISMATCH
//   crash          cudnnConvolutionForward raises SIGSEGV
//   hang           cudnnConvolutionForward never returns
// CUDNN_DOUBLE_VERSION / CUDNN_DOUBLE_CUDART override the version numbers (default 91900 / 13000);
// CUDNN_DOUBLE_SUBLIB names the sibling library cudnnCreate loads (default libcudnn_cnn.so.9).
#include "validate/convreference.h"

#include <dlfcn.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

bool fault(const char* name)
{
    const char* f = std::getenv("CUDNN_DOUBLE_FAULT");
    return f && std::strcmp(f, name) == 0;
}

size_t envNumber(const char* name, size_t fallback)
{
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

struct Tensor { int dtype = 0, n = 0, c = 0, h = 0, w = 0; };
struct Conv { int padH = 0, padW = 0, u = 1, v = 1, dilH = 1, dilW = 1, math = 0; };

cudnnsetup::validate::ConvShape shapeOf(const Tensor& x, const Tensor& w, const Conv& cv)
{
    cudnnsetup::validate::ConvShape s;
    s.n = x.n, s.c = x.c, s.h = x.h, s.w = x.w, s.k = w.n, s.r = w.h, s.s = w.w;
    s.padH = cv.padH, s.padW = cv.padW, s.strideH = cv.u, s.strideW = cv.v, s.dilH = cv.dilH, s.dilW = cv.dilW;
    return s;
}

float load(const void* p, size_t i, int dtype)
{
    if (dtype == 2) {
        uint16_t h;
        std::memcpy(&h, static_cast<const char*>(p) + 2 * i, 2);
        return cudnnsetup::validate::halfToFloat(h);
    }
    return static_cast<const float*>(p)[i];
}

void store(void* p, size_t i, int dtype, float v)
{
    if (dtype == 2) {
        const uint16_t h = cudnnsetup::validate::floatToHalf(v);
        std::memcpy(static_cast<char*>(p) + 2 * i, &h, 2);
    } else {
        static_cast<float*>(p)[i] = v;
    }
}

struct Perf { int algo; int status; float time; size_t memory; int determinism; int mathType; int reserved[3]; };

}  // namespace

extern "C" {

size_t cudnnGetVersion() { return envNumber("CUDNN_DOUBLE_VERSION", 91900); }
size_t cudnnGetCudartVersion() { return envNumber("CUDNN_DOUBLE_CUDART", 13000); }

const char* cudnnGetErrorString(int s)
{
    switch (s) {
    case 0: return "CUDNN_STATUS_SUCCESS";
    case 1008: return "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED";
    case 2000: return "CUDNN_STATUS_BAD_PARAM";
    case 3000: return "CUDNN_STATUS_NOT_SUPPORTED";
    case 3007: return "CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH";
    case 4000: return "CUDNN_STATUS_INTERNAL_ERROR";
    default: return "CUDNN_STATUS_UNKNOWN";
    }
}

int cudnnCreate(void** handle)
{
    if (fault("create-fails"))
        return 4000;
    if (fault("arch-mismatch"))
        return 3007;
    // Like the real shim: load a sibling from this library's own folder when first needed.
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void*>(&cudnnCreate), &info) || !info.dli_fname)
        return 4000;
    std::string dir = info.dli_fname;
    dir = dir.substr(0, dir.rfind('/') + 1);
    const char* sub = std::getenv("CUDNN_DOUBLE_SUBLIB");
    if (!dlopen((dir + (sub && *sub ? sub : "libcudnn_cnn.so.9")).c_str(), RTLD_NOW | RTLD_LOCAL))
        return 1008;
    *handle = new int(42);
    return 0;
}
int cudnnDestroy(void* handle) { delete static_cast<int*>(handle); return 0; }

int cudnnCreateTensorDescriptor(void** d) { *d = new Tensor; return 0; }
int cudnnDestroyTensorDescriptor(void* d) { delete static_cast<Tensor*>(d); return 0; }
int cudnnSetTensor4dDescriptor(void* d, int format, int dtype, int n, int c, int h, int w)
{
    if (format != 0 || (dtype != 0 && dtype != 2) || n <= 0 || c <= 0 || h <= 0 || w <= 0)
        return 2000;
    *static_cast<Tensor*>(d) = Tensor{dtype, n, c, h, w};
    return 0;
}
int cudnnCreateFilterDescriptor(void** d) { *d = new Tensor; return 0; }
int cudnnDestroyFilterDescriptor(void* d) { delete static_cast<Tensor*>(d); return 0; }
int cudnnSetFilter4dDescriptor(void* d, int dtype, int format, int k, int c, int h, int w)
{
    return cudnnSetTensor4dDescriptor(d, format, dtype, k, c, h, w);
}
int cudnnCreateConvolutionDescriptor(void** d) { *d = new Conv; return 0; }
int cudnnDestroyConvolutionDescriptor(void* d) { delete static_cast<Conv*>(d); return 0; }
int cudnnSetConvolution2dDescriptor(void* d, int padH, int padW, int u, int v, int dilH, int dilW, int mode, int compute)
{
    if (mode != 1 || compute != 0 || u <= 0 || v <= 0 || dilH <= 0 || dilW <= 0)
        return 2000;
    auto* c = static_cast<Conv*>(d);
    c->padH = padH, c->padW = padW, c->u = u, c->v = v, c->dilH = dilH, c->dilW = dilW;
    return 0;
}
int cudnnSetConvolutionMathType(void* d, int math) { static_cast<Conv*>(d)->math = math; return 0; }
int cudnnGetConvolution2dForwardOutputDim(void* conv, void* x, void* w, int* n, int* c, int* h, int* wo)
{
    const auto s = shapeOf(*static_cast<Tensor*>(x), *static_cast<Tensor*>(w), *static_cast<Conv*>(conv));
    *n = s.n, *c = s.k, *h = s.outH(), *wo = s.outW();
    return 0;
}
int cudnnGetConvolutionForwardAlgorithmMaxCount(void*, int* count) { *count = 8; return 0; }
int cudnnGetConvolutionForwardAlgorithm_v7(void*, void* x, void* w, void* conv, void*, int requested, int* returned, Perf* perf)
{
    const auto s = shapeOf(*static_cast<Tensor*>(x), *static_cast<Tensor*>(w), *static_cast<Conv*>(conv));
    const bool winograd = s.r == 3 && s.s == 3 && s.strideH == 1 && s.dilH == 1;
    int n = 0;
    for (int algo : {0, 1, 2, 6, 3, 4, 5, 7}) {
        if (n >= requested)
            break;
        const bool usable = !fault("no-algo") && (algo <= 2 || (algo == 6 && winograd));
        perf[n++] = Perf{algo, usable ? 0 : 3000, usable ? 0.01f * float(n) : -1.0f, algo == 2 ? size_t(4096) : 0, 1, 3, {0, 0, 0}};
    }
    *returned = n;
    return 0;
}
int cudnnGetConvolutionForwardWorkspaceSize(void*, void*, void*, void*, void*, int algo, size_t* bytes)
{
    *bytes = algo == 2 ? 4096 : 0;
    return 0;
}
int cudnnConvolutionForward(void*, const void* alpha, void* xd, const void* x, void* wd, const void* w, void* convd,
                            int algo, void* workspace, size_t wsBytes, const void* beta, void* yd, void* y)
{
    if (fault("crash"))
        std::raise(SIGSEGV);
    if (fault("hang"))
        for (;;)
            ::pause();
    if (fault("not-supported") && algo == 1)
        return 3000;
    if (algo == 2 && (!workspace || wsBytes < 4096))
        return 2000; // the validator must pass the workspace it was told about
    const Tensor& xt = *static_cast<Tensor*>(xd);
    const Tensor& wt = *static_cast<Tensor*>(wd);
    const auto s = shapeOf(xt, wt, *static_cast<Conv*>(convd));
    const int dtype = static_cast<Tensor*>(yd)->dtype;
    const float a = *static_cast<const float*>(alpha), b = *static_cast<const float*>(beta);
    const int P = s.outH(), Q = s.outW();
    size_t i = 0;
    const size_t last = s.outputCount() - 1;
    for (int n = 0; n < s.n; ++n)
        for (int k = 0; k < s.k; ++k)
            for (int p = 0; p < P; ++p)
                for (int q = 0; q < Q; ++q, ++i) {
                    if (fault("unwritten") && algo == 0 && i == last)
                        continue;
                    float acc = 0; // float accumulation, as a GPU would
                    for (int c = 0; c < s.c; ++c)
                        for (int r = 0; r < s.r; ++r)
                            for (int t = 0; t < s.s; ++t) {
                                const int ih = p * s.strideH - s.padH + r * s.dilH, iw = q * s.strideW - s.padW + t * s.dilW;
                                if (ih < 0 || ih >= s.h || iw < 0 || iw >= s.w)
                                    continue;
                                acc += load(x, ((size_t(n) * s.c + c) * s.h + ih) * s.w + iw, xt.dtype) *
                                       load(w, ((size_t(k) * s.c + c) * s.r + r) * s.s + t, wt.dtype);
                            }
                    if (fault("wrong-values") && algo == 1 && i == 0)
                        acc += 1.0f;
                    store(y, i, dtype, a * acc + (b != 0.0f ? b * load(y, i, dtype) : 0.0f));
                }
    return 0;
}

}  // extern "C"
