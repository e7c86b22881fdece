#pragma once
// The legacy forward-convolution subset of cuDNN 8 and 9, declared here from the fact sheet
// (no cuDNN header at build time), resolved from the library at run time.

#include "platform/dynlib.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cudnnsetup::validate {

#ifdef _WIN32
#define CUDNNSETUP_WINAPI __stdcall
#else
#define CUDNNSETUP_WINAPI
#endif

using cudnnStatus_t = int; // values differ between 8 and 9: compare only with kCudnnSuccess, print via getErrorString
using cudnnHandle_t = struct cudnnContext*;
using cudnnTensorDescriptor_t = struct cudnnTensorStruct*;
using cudnnFilterDescriptor_t = struct cudnnFilterStruct*;
using cudnnConvolutionDescriptor_t = struct cudnnConvolutionStruct*;
using cudaStream_t = struct CUstream_st*;

constexpr cudnnStatus_t kCudnnSuccess = 0;
constexpr int kTensorNchw = 0;
constexpr int kDataFloat = 0;
constexpr int kDataHalf = 2;
constexpr int kCrossCorrelation = 1;
constexpr int kDefaultMath = 0;
constexpr int kTensorOpMath = 1;
constexpr int kFmaMath = 3;
constexpr int kFwdAlgoCount = 8;

struct cudnnConvolutionFwdAlgoPerf_t {
    int algo;
    cudnnStatus_t status;
    float time;
    size_t memory;
    int determinism;
    int mathType;
    int reserved[3];
};
static_assert(sizeof(cudnnConvolutionFwdAlgoPerf_t) == 48, "layout of cudnnConvolutionFwdAlgoPerf_t on x64");

const char* fwdAlgoName(int algo); // IMPLICIT_GEMM, ... ; "ALGO_<n>" for unknown values

// Every symbol the check calls. A missing one means this is not a usable cuDNN 8/9 library.
struct CudnnApi {
    size_t(CUDNNSETUP_WINAPI* getVersion)();
    size_t(CUDNNSETUP_WINAPI* getCudartVersion)();
    const char*(CUDNNSETUP_WINAPI* getErrorString)(cudnnStatus_t);
    cudnnStatus_t(CUDNNSETUP_WINAPI* create)(cudnnHandle_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* destroy)(cudnnHandle_t);
    cudnnStatus_t(CUDNNSETUP_WINAPI* createTensorDescriptor)(cudnnTensorDescriptor_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* destroyTensorDescriptor)(cudnnTensorDescriptor_t);
    cudnnStatus_t(CUDNNSETUP_WINAPI* setTensor4dDescriptor)(cudnnTensorDescriptor_t, int format, int dtype, int n, int c,
                                                            int h, int w);
    cudnnStatus_t(CUDNNSETUP_WINAPI* createFilterDescriptor)(cudnnFilterDescriptor_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* destroyFilterDescriptor)(cudnnFilterDescriptor_t);
    cudnnStatus_t(CUDNNSETUP_WINAPI* setFilter4dDescriptor)(cudnnFilterDescriptor_t, int dtype, int format, int k, int c,
                                                            int h, int w);
    cudnnStatus_t(CUDNNSETUP_WINAPI* createConvolutionDescriptor)(cudnnConvolutionDescriptor_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* destroyConvolutionDescriptor)(cudnnConvolutionDescriptor_t);
    cudnnStatus_t(CUDNNSETUP_WINAPI* setConvolution2dDescriptor)(cudnnConvolutionDescriptor_t, int padH, int padW, int u,
                                                                 int v, int dilH, int dilW, int mode, int computeType);
    cudnnStatus_t(CUDNNSETUP_WINAPI* setConvolutionMathType)(cudnnConvolutionDescriptor_t, int mathType);
    cudnnStatus_t(CUDNNSETUP_WINAPI* getConvolution2dForwardOutputDim)(cudnnConvolutionDescriptor_t,
                                                                       cudnnTensorDescriptor_t, cudnnFilterDescriptor_t,
                                                                       int*, int*, int*, int*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* getConvolutionForwardAlgorithmMaxCount)(cudnnHandle_t, int*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* getConvolutionForwardAlgorithm_v7)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                                        cudnnFilterDescriptor_t,
                                                                        cudnnConvolutionDescriptor_t,
                                                                        cudnnTensorDescriptor_t, int, int*,
                                                                        cudnnConvolutionFwdAlgoPerf_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* getConvolutionForwardWorkspaceSize)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                                         cudnnFilterDescriptor_t,
                                                                         cudnnConvolutionDescriptor_t,
                                                                         cudnnTensorDescriptor_t, int algo, size_t*);
    cudnnStatus_t(CUDNNSETUP_WINAPI* convolutionForward)(cudnnHandle_t, const void* alpha, cudnnTensorDescriptor_t,
                                                         const void* x, cudnnFilterDescriptor_t, const void* w,
                                                         cudnnConvolutionDescriptor_t, int algo, void* workspace,
                                                         size_t workspaceBytes, const void* beta,
                                                         cudnnTensorDescriptor_t, void* y);
    // Optional (9.x only): more detail on the last failure.
    void(CUDNNSETUP_WINAPI* getLastErrorString)(char*, size_t);

    std::string statusText(cudnnStatus_t s) const;
};

// Resolves every symbol; returns the names that are missing (empty = complete).
std::vector<std::string> resolveCudnn(const DynLib& lib, CudnnApi& api);

// Owns a cudnnHandle_t and the descriptors of one convolution problem.
class CudnnHandle {
public:
    explicit CudnnHandle(const CudnnApi& api) : m_api(api) {}
    ~CudnnHandle() { if (m_handle) m_api.destroy(m_handle); }
    CudnnHandle(const CudnnHandle&) = delete;
    CudnnHandle& operator=(const CudnnHandle&) = delete;
    cudnnStatus_t create() { return m_api.create(&m_handle); }
    cudnnHandle_t get() const { return m_handle; }

private:
    const CudnnApi& m_api;
    cudnnHandle_t m_handle = nullptr;
};

class ConvDescriptors {
public:
    explicit ConvDescriptors(const CudnnApi& api);
    ~ConvDescriptors();
    ConvDescriptors(const ConvDescriptors&) = delete;
    ConvDescriptors& operator=(const ConvDescriptors&) = delete;
    cudnnStatus_t status() const { return m_status; } // of the create calls
    cudnnTensorDescriptor_t x = nullptr, y = nullptr;
    cudnnFilterDescriptor_t w = nullptr;
    cudnnConvolutionDescriptor_t conv = nullptr;

private:
    const CudnnApi& m_api;
    cudnnStatus_t m_status = kCudnnSuccess;
};

}  // namespace cudnnsetup::validate
