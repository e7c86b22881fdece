#include "validate/cudnnapi.h"

namespace cudnnsetup::validate {

const char* fwdAlgoName(int algo)
{
    static const char* const names[kFwdAlgoCount] = {"IMPLICIT_GEMM", "IMPLICIT_PRECOMP_GEMM", "GEMM", "DIRECT",
                                                     "FFT", "FFT_TILING", "WINOGRAD", "WINOGRAD_NONFUSED"};
    if (algo >= 0 && algo < kFwdAlgoCount)
        return names[algo];
    return "UNKNOWN_ALGO";
}

std::string CudnnApi::statusText(cudnnStatus_t s) const
{
    std::string text = getErrorString ? getErrorString(s) : "";
    if (text.empty())
        text = "status";
    text += " (" + std::to_string(s) + ")";
    if (getLastErrorString && s != kCudnnSuccess) {
        char detail[512] = {};
        getLastErrorString(detail, sizeof detail);
        if (detail[0])
            text += ": " + std::string(detail);
    }
    return text;
}

std::vector<std::string> resolveCudnn(const DynLib& lib, CudnnApi& api)
{
    std::vector<std::string> missing;
    auto need = [&](auto*& fn, const char* name) {
        if (!lib.resolve(fn, name))
            missing.emplace_back(name);
    };
    need(api.getVersion, "cudnnGetVersion");
    need(api.getCudartVersion, "cudnnGetCudartVersion");
    need(api.getErrorString, "cudnnGetErrorString");
    need(api.create, "cudnnCreate");
    need(api.destroy, "cudnnDestroy");
    need(api.createTensorDescriptor, "cudnnCreateTensorDescriptor");
    need(api.destroyTensorDescriptor, "cudnnDestroyTensorDescriptor");
    need(api.setTensor4dDescriptor, "cudnnSetTensor4dDescriptor");
    need(api.createFilterDescriptor, "cudnnCreateFilterDescriptor");
    need(api.destroyFilterDescriptor, "cudnnDestroyFilterDescriptor");
    need(api.setFilter4dDescriptor, "cudnnSetFilter4dDescriptor");
    need(api.createConvolutionDescriptor, "cudnnCreateConvolutionDescriptor");
    need(api.destroyConvolutionDescriptor, "cudnnDestroyConvolutionDescriptor");
    need(api.setConvolution2dDescriptor, "cudnnSetConvolution2dDescriptor");
    need(api.setConvolutionMathType, "cudnnSetConvolutionMathType");
    need(api.getConvolution2dForwardOutputDim, "cudnnGetConvolution2dForwardOutputDim");
    need(api.getConvolutionForwardAlgorithmMaxCount, "cudnnGetConvolutionForwardAlgorithmMaxCount");
    need(api.getConvolutionForwardAlgorithm_v7, "cudnnGetConvolutionForwardAlgorithm_v7");
    need(api.getConvolutionForwardWorkspaceSize, "cudnnGetConvolutionForwardWorkspaceSize");
    need(api.convolutionForward, "cudnnConvolutionForward");
    lib.resolve(api.getLastErrorString, "cudnnGetLastErrorString");
    return missing;
}

ConvDescriptors::ConvDescriptors(const CudnnApi& api) : m_api(api)
{
    for (cudnnStatus_t s : {api.createTensorDescriptor(&x), api.createTensorDescriptor(&y),
                            api.createFilterDescriptor(&w), api.createConvolutionDescriptor(&conv)}) {
        if (s != kCudnnSuccess && m_status == kCudnnSuccess)
            m_status = s;
    }
}

ConvDescriptors::~ConvDescriptors()
{
    if (conv)
        m_api.destroyConvolutionDescriptor(conv);
    if (w)
        m_api.destroyFilterDescriptor(w);
    if (y)
        m_api.destroyTensorDescriptor(y);
    if (x)
        m_api.destroyTensorDescriptor(x);
}

}  // namespace cudnnsetup::validate
