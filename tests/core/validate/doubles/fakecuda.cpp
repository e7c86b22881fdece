// Test double of the CUDA driver library: one device, "device memory" from malloc, copies with memcpy.
// CUDA_DOUBLE_FAULT: init-error (cuInit 999), no-device (cuInit 100), zero-devices (count 0);
// CUDA_DOUBLE_VERSION overrides cuDriverGetVersion (default 13000).
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace {

bool fault(const char* name)
{
    const char* f = std::getenv("CUDA_DOUBLE_FAULT");
    return f && std::strcmp(f, name) == 0;
}

bool initialized = false;
int primaryContext = 0;

struct Event { std::chrono::steady_clock::time_point at; };

}  // namespace

extern "C" {

int cuInit(unsigned int flags)
{
    if (flags != 0) return 1;
    if (fault("init-error")) return 999;
    if (fault("no-device")) return 100;
    initialized = true;
    return 0;
}
int cuDriverGetVersion(int* v)
{
    const char* e = std::getenv("CUDA_DOUBLE_VERSION");
    *v = e && *e ? std::atoi(e) : 13000;
    return 0;
}
int cuDeviceGetCount(int* n) { *n = !initialized ? 0 : fault("zero-devices") ? 0 : 1; return initialized ? 0 : 3; }
int cuDeviceGet(int* dev, int ordinal) { if (ordinal != 0) return 101; *dev = 0; return 0; }
int cuDeviceGetName(char* name, int len, int) { std::strncpy(name, "cudnn-setup test double", size_t(len)); return 0; }
int cuDeviceGetAttribute(int* v, int attr, int)
{
    switch (attr) {
    case 75: *v = 9; return 0;
    case 76: *v = 0; return 0;
    case 16: *v = 132; return 0;
    default: return 1;
    }
}
int cuDeviceTotalMem_v2(size_t* bytes, int) { *bytes = size_t(1) << 34; return 0; }
int cuDevicePrimaryCtxRetain(void** ctx, int) { *ctx = &primaryContext; return 0; }
int cuDevicePrimaryCtxRelease_v2(int) { return 0; }
int cuCtxSetCurrent(void*) { return 0; }
int cuCtxSynchronize() { return 0; }
int cuMemAlloc_v2(unsigned long long* p, size_t bytes)
{
    void* m = std::malloc(bytes);
    if (!m) return 2;
    *p = reinterpret_cast<unsigned long long>(m);
    return 0;
}
int cuMemFree_v2(unsigned long long p) { std::free(reinterpret_cast<void*>(p)); return 0; }
int cuMemcpyHtoD_v2(unsigned long long dst, const void* src, size_t n) { std::memcpy(reinterpret_cast<void*>(dst), src, n); return 0; }
int cuMemcpyDtoH_v2(void* dst, unsigned long long src, size_t n) { std::memcpy(dst, reinterpret_cast<void*>(src), n); return 0; }
int cuGetErrorString(int r, const char** s)
{
    *s = r == 100 ? "no CUDA-capable device is detected" : r == 999 ? "unknown error" : "test double error";
    return 0;
}
int cuGetErrorName(int r, const char** s)
{
    *s = r == 100 ? "CUDA_ERROR_NO_DEVICE" : r == 999 ? "CUDA_ERROR_UNKNOWN" : "CUDA_ERROR_TEST_DOUBLE";
    return 0;
}
int cuEventCreate(void** e, unsigned int) { *e = new Event; return 0; }
int cuEventDestroy_v2(void* e) { delete static_cast<Event*>(e); return 0; }
int cuEventRecord(void* e, void*) { static_cast<Event*>(e)->at = std::chrono::steady_clock::now(); return 0; }
int cuEventSynchronize(void*) { return 0; }
int cuEventElapsedTime(float* ms, void* a, void* b)
{
    *ms = std::chrono::duration<float, std::milli>(static_cast<Event*>(b)->at - static_cast<Event*>(a)->at).count();
    return 0;
}

}  // extern "C"
