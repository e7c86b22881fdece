#include "validate/convrunner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <set>

namespace cudnnsetup::validate {

double toleranceFor(Precision p)
{
    return p == Precision::Fma ? 1e-5 : 5e-3;
}

const char* precisionName(Precision p)
{
    switch (p) {
    case Precision::Fma: return "fma";
    case Precision::Tf32: return "tf32";
    case Precision::Fp16: return "fp16";
    }
    return "?";
}

namespace {

bool isArchMismatch(const std::string& text)
{
    return text.find("ARCH_MISMATCH") != std::string::npos;
}

// Host images of one problem: float values (already rounded to half for FP16) and the bytes sent.
struct HostData {
    std::vector<float> x, w;
    std::vector<unsigned char> xBytes, wBytes, poison;
};

std::vector<unsigned char> toBytes(const std::vector<float>& v, bool half)
{
    std::vector<unsigned char> out(v.size() * (half ? 2 : 4));
    if (half) {
        for (size_t i = 0; i < v.size(); ++i) {
            const uint16_t h = floatToHalf(v[i]);
            std::memcpy(out.data() + 2 * i, &h, 2);
        }
    } else {
        std::memcpy(out.data(), v.data(), out.size());
    }
    return out;
}

std::vector<float> fromBytes(const std::vector<unsigned char>& b, size_t count, bool half)
{
    std::vector<float> out(count);
    if (half) {
        for (size_t i = 0; i < count; ++i) {
            uint16_t h;
            std::memcpy(&h, b.data() + 2 * i, 2);
            out[i] = halfToFloat(h);
        }
    } else {
        std::memcpy(out.data(), b.data(), count * 4);
    }
    return out;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

ShapeOutcome runShape(const RunContext& ctx, const ConvShape& sh, Precision precision, uint64_t seed)
{
    ShapeOutcome out;
    const CudnnApi& dnn = ctx.dnn;
    const CudaApi& cu = ctx.cu;
    const bool half = precision == Precision::Fp16;
    const int dtype = half ? kDataHalf : kDataFloat;
    const size_t elem = half ? 2 : 4;

    auto fail = [&](const std::string& what, const std::string& text) {
        out.fatal = what + ": " + text;
        out.archMismatch = out.archMismatch || isArchMismatch(text);
        return out;
    };

    ConvDescriptors d(dnn);
    if (d.status() != kCudnnSuccess)
        return fail("creating descriptors", dnn.statusText(d.status()));
    cudnnStatus_t s = dnn.setTensor4dDescriptor(d.x, kTensorNchw, dtype, sh.n, sh.c, sh.h, sh.w);
    if (s == kCudnnSuccess)
        s = dnn.setFilter4dDescriptor(d.w, dtype, kTensorNchw, sh.k, sh.c, sh.r, sh.s);
    if (s == kCudnnSuccess)
        s = dnn.setConvolution2dDescriptor(d.conv, sh.padH, sh.padW, sh.strideH, sh.strideW, sh.dilH, sh.dilW,
                                           kCrossCorrelation, kDataFloat);
    if (s == kCudnnSuccess)
        s = dnn.setConvolutionMathType(d.conv, precision == Precision::Fma ? kFmaMath : kTensorOpMath);
    if (s != kCudnnSuccess)
        return fail("describing the convolution", dnn.statusText(s));
    int on = 0, ok = 0, oh = 0, ow = 0;
    s = dnn.getConvolution2dForwardOutputDim(d.conv, d.x, d.w, &on, &ok, &oh, &ow);
    if (s != kCudnnSuccess)
        return fail("asking the output size", dnn.statusText(s));
    if (on != sh.n || ok != sh.k || oh != sh.outH() || ow != sh.outW())
        return fail("output size", "cuDNN says " + std::to_string(on) + "x" + std::to_string(ok) + "x" +
                                       std::to_string(oh) + "x" + std::to_string(ow) + ", the definition gives " +
                                       std::to_string(sh.n) + "x" + std::to_string(sh.k) + "x" +
                                       std::to_string(sh.outH()) + "x" + std::to_string(sh.outW()));
    s = dnn.setTensor4dDescriptor(d.y, kTensorNchw, dtype, on, ok, oh, ow);
    if (s != kCudnnSuccess)
        return fail("describing the output", dnn.statusText(s));

    HostData host;
    host.x.resize(sh.inputCount());
    host.w.resize(sh.filterCount());
    fillRandom(host.x, seed);
    fillRandom(host.w, seed ^ 0x9e3779b97f4a7c15ULL);
    if (half) { // the reference must see exactly the values the GPU sees
        for (auto& v : host.x) v = halfToFloat(floatToHalf(v));
        for (auto& v : host.w) v = halfToFloat(floatToHalf(v));
    }
    host.xBytes = toBytes(host.x, half);
    host.wBytes = toBytes(host.w, half);
    const size_t yCount = sh.outputCount();
    // NaN everywhere before each checked run, so an element the algorithm never wrote cannot pass.
    host.poison = toBytes(std::vector<float>(yCount, std::nanf("")), half);

    DeviceBuffer dx(cu), dw(cu), dy(cu);
    CUresult r = dx.allocate(host.xBytes.size());
    if (r == kCudaSuccess) r = dw.allocate(host.wBytes.size());
    if (r == kCudaSuccess) r = dy.allocate(yCount * elem);
    if (r == kCudaSuccess) r = cu.memcpyHtoD(dx.dptr(), host.xBytes.data(), host.xBytes.size());
    if (r == kCudaSuccess) r = cu.memcpyHtoD(dw.dptr(), host.wBytes.data(), host.wBytes.size());
    if (r != kCudaSuccess)
        return fail("preparing device memory", cu.errorText(r));

    int maxAlgos = kFwdAlgoCount;
    if (dnn.getConvolutionForwardAlgorithmMaxCount(ctx.handle, &maxAlgos) != kCudnnSuccess || maxAlgos <= 0)
        maxAlgos = kFwdAlgoCount;
    std::vector<cudnnConvolutionFwdAlgoPerf_t> perf(static_cast<size_t>(maxAlgos));
    int returned = 0;
    s = dnn.getConvolutionForwardAlgorithm_v7(ctx.handle, d.x, d.w, d.conv, d.y, maxAlgos, &returned, perf.data());
    if (s != kCudnnSuccess)
        return fail("listing algorithms", dnn.statusText(s));

    std::set<int> seen;
    std::vector<unsigned char> yBytes(yCount * elem);
    const float alpha = 1.0f, beta = 0.0f;
    for (int i = 0; i < std::min(returned, maxAlgos); ++i) {
        const auto& p = perf[static_cast<size_t>(i)];
        if (p.status != kCudnnSuccess || !seen.insert(p.algo).second)
            continue;
        AlgoCheck c;
        c.name = sh.name;
        c.shape = sh.describe();
        c.algo = fwdAlgoName(p.algo);
        c.algoId = p.algo;
        c.math = precisionName(precision);
        c.tolerance = toleranceFor(precision);
        size_t ws = p.memory;
        size_t asked = 0;
        if (dnn.getConvolutionForwardWorkspaceSize(ctx.handle, d.x, d.w, d.conv, d.y, p.algo, &asked) == kCudnnSuccess)
            ws = std::max(ws, asked);
        c.workspaceBytes = ws;
        DeviceBuffer workspace(cu);
        if ((r = workspace.allocate(ws)) != kCudaSuccess) {
            c.error = "could not allocate " + std::to_string(ws) + " bytes of workspace: " + cu.errorText(r);
            out.checks.push_back(c);
            continue;
        }
        auto forward = [&] {
            return dnn.convolutionForward(ctx.handle, &alpha, d.x, dx.ptr(), d.w, dw.ptr(), d.conv, p.algo,
                                          workspace.ptr(), ws, &beta, d.y, dy.ptr());
        };
        r = cu.memcpyHtoD(dy.dptr(), host.poison.data(), host.poison.size());
        s = r == kCudaSuccess ? forward() : kCudnnSuccess;
        if (r == kCudaSuccess && s == kCudnnSuccess)
            r = cu.ctxSynchronize();
        if (r == kCudaSuccess && s == kCudnnSuccess)
            r = cu.memcpyDtoH(yBytes.data(), dy.dptr(), yBytes.size());
        if (s != kCudnnSuccess || r != kCudaSuccess) {
            c.error = s != kCudnnSuccess ? dnn.statusText(s) : cu.errorText(r);
            out.archMismatch = out.archMismatch || isArchMismatch(c.error);
            out.checks.push_back(c);
            continue;
        }
        const std::vector<float> y = fromBytes(yBytes, yCount, half);
        const Comparison cmp = compareWithReference(y.data(), host.x.data(), host.w.data(), sh);
        c.relError = cmp.relError;
        c.maxAbsError = cmp.maxAbsError;
        c.checked = cmp.checked;
        c.fullCheck = cmp.full;
        c.nonFinite = cmp.nonFinite;
        c.ok = cmp.pass(c.tolerance);

        // Timing: warm-up, then each run timed alone; the median resists one slow run.
        for (int w = 0; w < ctx.options.warmupRuns; ++w)
            forward();
        cu.ctxSynchronize();
        EventPair ev(cu);
        std::vector<double> times;
        for (int t = 0; t < ctx.options.timedRuns; ++t) {
            if (ev.ok()) {
                cu.eventRecord(ev.start(), nullptr);
                s = forward();
                cu.eventRecord(ev.stop(), nullptr);
                float ms = 0;
                if (cu.eventSynchronize(ev.stop()) == kCudaSuccess && cu.eventElapsedTime(&ms, ev.start(), ev.stop()) == kCudaSuccess)
                    times.push_back(ms);
            } else {
                const auto t0 = std::chrono::steady_clock::now();
                s = forward();
                cu.ctxSynchronize();
                times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
            }
            if (s != kCudnnSuccess) {
                c.ok = false;
                c.error = "timed run: " + dnn.statusText(s);
                break;
            }
        }
        if (!times.empty()) {
            c.timeMs = median(times);
            if (*c.timeMs > 0)
                c.gflops = sh.flops() / (*c.timeMs * 1e6);
        }
        out.checks.push_back(c);
    }
    return out;
}

}  // namespace cudnnsetup::validate
