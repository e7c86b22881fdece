#pragma once
// The CUDA driver API subset the check needs, declared from the fact sheet (no CUDA header at build time).

#include "platform/dynlib.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cudnnsetup::validate {

#ifdef _WIN32
#define CUDASETUP_API __stdcall
#else
#define CUDASETUP_API
#endif

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUevent = struct CUevent_st*;
using CUstream = struct CUstream_st*;

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaErrorOutOfMemory = 2;
constexpr CUresult kCudaErrorStubLibrary = 34;
constexpr CUresult kCudaErrorNoDevice = 100;
constexpr CUresult kCudaErrorInvalidDevice = 101;
constexpr CUresult kCudaErrorNoBinaryForGpu = 209;
constexpr CUresult kCudaErrorSystemDriverMismatch = 803;
constexpr CUresult kCudaErrorCompatNotSupported = 804;
constexpr int kAttrMultiprocessorCount = 16;
constexpr int kAttrComputeCapabilityMajor = 75;
constexpr int kAttrComputeCapabilityMinor = 76;

struct CudaApi {
    CUresult(CUDASETUP_API* init)(unsigned int);
    CUresult(CUDASETUP_API* driverGetVersion)(int*);
    CUresult(CUDASETUP_API* deviceGetCount)(int*);
    CUresult(CUDASETUP_API* deviceGet)(CUdevice*, int);
    CUresult(CUDASETUP_API* deviceGetName)(char*, int, CUdevice);
    CUresult(CUDASETUP_API* deviceGetAttribute)(int*, int, CUdevice);
    CUresult(CUDASETUP_API* deviceTotalMem)(size_t*, CUdevice);
    CUresult(CUDASETUP_API* primaryCtxRetain)(CUcontext*, CUdevice);
    CUresult(CUDASETUP_API* primaryCtxRelease)(CUdevice);
    CUresult(CUDASETUP_API* ctxSetCurrent)(CUcontext);
    CUresult(CUDASETUP_API* ctxSynchronize)();
    CUresult(CUDASETUP_API* memAlloc)(CUdeviceptr*, size_t);
    CUresult(CUDASETUP_API* memFree)(CUdeviceptr);
    CUresult(CUDASETUP_API* memcpyHtoD)(CUdeviceptr, const void*, size_t);
    CUresult(CUDASETUP_API* memcpyDtoH)(void*, CUdeviceptr, size_t);
    CUresult(CUDASETUP_API* getErrorString)(CUresult, const char**);
    CUresult(CUDASETUP_API* getErrorName)(CUresult, const char**);
    // Optional: GPU-side timing. Without them the host clock after a synchronize is used.
    CUresult(CUDASETUP_API* eventCreate)(CUevent*, unsigned int);
    CUresult(CUDASETUP_API* eventDestroy)(CUevent);
    CUresult(CUDASETUP_API* eventRecord)(CUevent, CUstream);
    CUresult(CUDASETUP_API* eventSynchronize)(CUevent);
    CUresult(CUDASETUP_API* eventElapsedTime)(float*, CUevent, CUevent);

    std::string errorText(CUresult r) const; // "CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected"
    bool hasEvents() const { return eventCreate && eventDestroy && eventRecord && eventSynchronize && eventElapsedTime; }
};

std::vector<std::string> resolveCuda(const DynLib& lib, CudaApi& api);

// Device memory, freed on scope exit.
class DeviceBuffer {
public:
    DeviceBuffer(const CudaApi& api) : m_api(&api) {}
    ~DeviceBuffer() { reset(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    CUresult allocate(size_t bytes);
    void reset();
    void* ptr() const { return reinterpret_cast<void*>(static_cast<uintptr_t>(m_ptr)); }
    CUdeviceptr dptr() const { return m_ptr; }
    size_t size() const { return m_bytes; }

private:
    const CudaApi* m_api;
    CUdeviceptr m_ptr = 0;
    size_t m_bytes = 0;
};

// The device's primary context, retained and made current (cuDNN's static runtime uses it).
class PrimaryContext {
public:
    explicit PrimaryContext(const CudaApi& api) : m_api(api) {}
    ~PrimaryContext();
    PrimaryContext(const PrimaryContext&) = delete;
    PrimaryContext& operator=(const PrimaryContext&) = delete;
    CUresult retain(CUdevice dev);

private:
    const CudaApi& m_api;
    CUdevice m_dev = 0;
    bool m_retained = false;
};

class EventPair {
public:
    explicit EventPair(const CudaApi& api);
    ~EventPair();
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    bool ok() const { return m_start && m_stop; }
    CUevent start() const { return m_start; }
    CUevent stop() const { return m_stop; }

private:
    const CudaApi& m_api;
    CUevent m_start = nullptr, m_stop = nullptr;
};

}  // namespace cudnnsetup::validate
