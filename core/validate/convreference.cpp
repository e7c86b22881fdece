#include "validate/convreference.h"

#include <cmath>
#include <cstring>
#include <random>

namespace cudnnsetup::validate {

std::string ConvShape::describe() const
{
    return std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(h) + "x" + std::to_string(w) + " -> " +
           std::to_string(k) + ", " + std::to_string(r) + "x" + std::to_string(s) + ", pad " + std::to_string(padH) +
           ", stride " + std::to_string(strideH) + ", dilation " + std::to_string(dilH);
}

std::vector<ConvShape> standardShapes()
{
    std::vector<ConvShape> v;
    ConvShape tiny{"tiny-3x3"};
    tiny.n = 1, tiny.c = 3, tiny.h = tiny.w = 32, tiny.k = 8, tiny.r = tiny.s = 3, tiny.padH = tiny.padW = 1;
    v.push_back(tiny);
    // ResNet-50 conv2_x 3x3 layer at batch 32: the workload people actually run.
    ConvShape resnet{"resnet50-3x3"};
    resnet.n = 32, resnet.c = 64, resnet.h = resnet.w = 56, resnet.k = 64, resnet.r = resnet.s = 3;
    resnet.padH = resnet.padW = 1;
    v.push_back(resnet);
    // ResNet-50 downsampling projection: 1x1, stride 2.
    ConvShape strided{"strided-1x1"};
    strided.n = 16, strided.c = 256, strided.h = strided.w = 56, strided.k = 128, strided.r = strided.s = 1;
    strided.strideH = strided.strideW = 2;
    v.push_back(strided);
    ConvShape dilated{"dilated-3x3"};
    dilated.n = 8, dilated.c = 32, dilated.h = dilated.w = 64, dilated.k = 32, dilated.r = dilated.s = 3;
    dilated.padH = dilated.padW = 2, dilated.dilH = dilated.dilW = 2;
    v.push_back(dilated);
    return v;
}

std::vector<ConvShape> quickShapes()
{
    std::vector<ConvShape> v;
    ConvShape tiny = standardShapes().front();
    v.push_back(tiny);
    ConvShape strided{"strided-1x1"};
    strided.n = 2, strided.c = 16, strided.h = strided.w = 16, strided.k = 8, strided.r = strided.s = 1;
    strided.strideH = strided.strideW = 2;
    v.push_back(strided);
    ConvShape dilated{"dilated-3x3"};
    dilated.n = 1, dilated.c = 4, dilated.h = dilated.w = 16, dilated.k = 4, dilated.r = dilated.s = 3;
    dilated.padH = dilated.padW = 2, dilated.dilH = dilated.dilW = 2;
    v.push_back(dilated);
    return v;
}

double referenceAt(const float* x, const float* w, const ConvShape& sh, int n, int k, int p, int q)
{
    double acc = 0;
    for (int c = 0; c < sh.c; ++c) {
        const float* xp = x + (size_t(n) * sh.c + c) * sh.h * sh.w;
        const float* wp = w + (size_t(k) * sh.c + c) * sh.r * sh.s;
        for (int r = 0; r < sh.r; ++r) {
            const int ih = p * sh.strideH - sh.padH + r * sh.dilH;
            if (ih < 0 || ih >= sh.h)
                continue;
            for (int s = 0; s < sh.s; ++s) {
                const int iw = q * sh.strideW - sh.padW + s * sh.dilW;
                if (iw < 0 || iw >= sh.w)
                    continue;
                acc += double(xp[size_t(ih) * sh.w + iw]) * double(wp[r * sh.s + s]);
            }
        }
    }
    return acc;
}

std::vector<double> referenceAll(const float* x, const float* w, const ConvShape& sh)
{
    const int P = sh.outH(), Q = sh.outW();
    std::vector<double> out(sh.outputCount());
    size_t i = 0;
    for (int n = 0; n < sh.n; ++n)
        for (int k = 0; k < sh.k; ++k)
            for (int p = 0; p < P; ++p)
                for (int q = 0; q < Q; ++q)
                    out[i++] = referenceAt(x, w, sh, n, k, p, q);
    return out;
}

Comparison compareWithReference(const float* y, const float* x, const float* w, const ConvShape& sh)
{
    Comparison cmp;
    const size_t count = sh.outputCount();
    for (size_t i = 0; i < count; ++i)
        if (!std::isfinite(y[i]))
            ++cmp.nonFinite;
    const int P = sh.outH(), Q = sh.outW();
    const size_t plane = size_t(P) * Q;
    double diff2 = 0, ref2 = 0;
    auto check = [&](size_t i) {
        const size_t q = i % Q, p = (i / Q) % P, k = (i / plane) % sh.k, n = i / (plane * sh.k);
        const double ref = referenceAt(x, w, sh, int(n), int(k), int(p), int(q));
        const double d = double(y[i]) - ref;
        diff2 += d * d;
        ref2 += ref * ref;
        // NaN never compares greater, so track it through nonFinite instead.
        if (std::fabs(d) > cmp.maxAbsError)
            cmp.maxAbsError = std::fabs(d);
        ++cmp.checked;
    };
    const double macs = double(count) * sh.c * sh.r * sh.s;
    if (macs <= kFullCheckMacLimit) {
        cmp.full = true;
        for (size_t i = 0; i < count; ++i)
            check(i);
    } else {
        for (size_t i = 0; i < plane && i < count; ++i)
            check(i);
        // A fixed seed: the same elements every run, so a failure reproduces.
        std::mt19937_64 gen(0x5eed5eedULL);
        std::uniform_int_distribution<size_t> pick(plane, count - 1);
        for (size_t j = 0; j < kSampleCount && count > plane; ++j)
            check(pick(gen));
    }
    if (ref2 > 0)
        cmp.relError = std::sqrt(diff2 / ref2);
    else
        cmp.relError = diff2 > 0 ? INFINITY : 0.0;
    return cmp;
}

void fillRandom(std::vector<float>& v, uint64_t seed)
{
    std::mt19937_64 gen(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (auto& f : v)
        f = dist(gen);
}

uint16_t floatToHalf(float f)
{
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t exp = (x >> 23) & 0xffu;
    uint32_t mant = x & 0x7fffffu;
    if (exp == 0xff)
        return uint16_t(sign | 0x7c00u | (mant ? 0x200u : 0u));
    int e = int(exp) - 127 + 15;
    if (e >= 31)
        return uint16_t(sign | 0x7c00u);
    if (e <= 0) {
        if (e < -10)
            return uint16_t(sign);
        mant |= 0x800000u;
        const int shift = 14 - e;
        uint32_t h = mant >> shift;
        const uint32_t rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1u)))
            ++h;
        return uint16_t(sign | h);
    }
    uint32_t h = (uint32_t(e) << 10) | (mant >> 13);
    const uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
        ++h; // may carry into the exponent, which is the correct rounding
    return uint16_t(sign | h);
}

float halfToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t x;
    if (exp == 0) {
        if (mant == 0) {
            x = sign;
        } else {
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while (!(mant & 0x400u));
            x = sign | (uint32_t(127 - 15 - e) << 23) | ((mant & 0x3ffu) << 13);
        }
    } else if (exp == 31) {
        x = sign | 0x7f800000u | (mant << 13);
    } else {
        x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

}  // namespace cudnnsetup::validate
