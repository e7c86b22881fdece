#include "validate/cudaapi.h"

namespace cudnnsetup::validate {

std::string CudaApi::errorText(CUresult r) const
{
    const char* name = nullptr;
    const char* text = nullptr;
    if (getErrorName)
        getErrorName(r, &name);
    if (getErrorString)
        getErrorString(r, &text);
    std::string s = name ? name : "CUDA error";
    s += " (" + std::to_string(r) + ")";
    if (text)
        s += ": " + std::string(text);
    return s;
}

std::vector<std::string> resolveCuda(const DynLib& lib, CudaApi& api)
{
    std::vector<std::string> missing;
    auto need = [&](auto*& fn, const char* name) {
        if (!lib.resolve(fn, name))
            missing.emplace_back(name);
    };
    need(api.init, "cuInit");
    need(api.driverGetVersion, "cuDriverGetVersion");
    need(api.deviceGetCount, "cuDeviceGetCount");
    need(api.deviceGet, "cuDeviceGet");
    need(api.deviceGetName, "cuDeviceGetName");
    need(api.deviceGetAttribute, "cuDeviceGetAttribute");
    need(api.deviceTotalMem, "cuDeviceTotalMem_v2");
    need(api.primaryCtxRetain, "cuDevicePrimaryCtxRetain");
    need(api.primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    need(api.ctxSetCurrent, "cuCtxSetCurrent");
    need(api.ctxSynchronize, "cuCtxSynchronize");
    need(api.memAlloc, "cuMemAlloc_v2");
    need(api.memFree, "cuMemFree_v2");
    need(api.memcpyHtoD, "cuMemcpyHtoD_v2");
    need(api.memcpyDtoH, "cuMemcpyDtoH_v2");
    need(api.getErrorString, "cuGetErrorString");
    need(api.getErrorName, "cuGetErrorName");
    lib.resolve(api.eventCreate, "cuEventCreate");
    lib.resolve(api.eventDestroy, "cuEventDestroy_v2");
    lib.resolve(api.eventRecord, "cuEventRecord");
    lib.resolve(api.eventSynchronize, "cuEventSynchronize");
    lib.resolve(api.eventElapsedTime, "cuEventElapsedTime");
    return missing;
}

CUresult DeviceBuffer::allocate(size_t bytes)
{
    reset();
    if (bytes == 0)
        return kCudaSuccess;
    const CUresult r = m_api->memAlloc(&m_ptr, bytes);
    if (r == kCudaSuccess)
        m_bytes = bytes;
    else
        m_ptr = 0;
    return r;
}

void DeviceBuffer::reset()
{
    if (m_ptr)
        m_api->memFree(m_ptr);
    m_ptr = 0;
    m_bytes = 0;
}

PrimaryContext::~PrimaryContext()
{
    if (m_retained) {
        m_api.ctxSetCurrent(nullptr);
        m_api.primaryCtxRelease(m_dev);
    }
}

CUresult PrimaryContext::retain(CUdevice dev)
{
    CUcontext ctx = nullptr;
    CUresult r = m_api.primaryCtxRetain(&ctx, dev);
    if (r != kCudaSuccess)
        return r;
    m_dev = dev;
    m_retained = true;
    return m_api.ctxSetCurrent(ctx);
}

EventPair::EventPair(const CudaApi& api) : m_api(api)
{
    if (!api.hasEvents())
        return;
    if (api.eventCreate(&m_start, 0) != kCudaSuccess)
        m_start = nullptr;
    if (api.eventCreate(&m_stop, 0) != kCudaSuccess)
        m_stop = nullptr;
}

EventPair::~EventPair()
{
    if (m_start)
        m_api.eventDestroy(m_start);
    if (m_stop)
        m_api.eventDestroy(m_stop);
}

}  // namespace cudnnsetup::validate
