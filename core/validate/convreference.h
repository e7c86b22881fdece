#pragma once
// CPU reference for NCHW forward cross-correlation (what cuDNN calls CUDNN_CROSS_CORRELATION and
// frameworks call conv2d), computed in double, and the comparison the validation uses.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cudnnsetup::validate {

struct ConvShape {
    std::string name;
    int n = 1, c = 1, h = 1, w = 1; // input
    int k = 1, r = 1, s = 1;        // filters: k outputs, r x s window
    int padH = 0, padW = 0, strideH = 1, strideW = 1, dilH = 1, dilW = 1;

    int outH() const { return (h + 2 * padH - dilH * (r - 1) - 1) / strideH + 1; }
    int outW() const { return (w + 2 * padW - dilW * (s - 1) - 1) / strideW + 1; }
    size_t inputCount() const { return size_t(n) * c * h * w; }
    size_t filterCount() const { return size_t(k) * c * r * s; }
    size_t outputCount() const { return size_t(n) * k * outH() * outW(); }
    double flops() const { return 2.0 * double(outputCount()) * c * r * s; }
    std::string describe() const; // "32x64x56x56 -> 64, 3x3, pad 1, stride 1, dilation 1"
};

// The shapes the validation runs (documented in docs/validate.md).
std::vector<ConvShape> standardShapes();
// Small stand-ins for --quick (same features: padding, stride, dilation, several channels).
std::vector<ConvShape> quickShapes();

// One output element y[n][k][p][q].
double referenceAt(const float* x, const float* w, const ConvShape& sh, int n, int k, int p, int q);
// Every output element (for small shapes and tests).
std::vector<double> referenceAll(const float* x, const float* w, const ConvShape& sh);

struct Comparison {
    double relError = 0;      // ||y - ref||2 / ||ref||2 over the checked elements
    double maxAbsError = 0;
    size_t checked = 0;       // elements compared with the reference
    size_t nonFinite = 0;     // NaN/Inf anywhere in y (all elements are scanned)
    bool full = false;        // every element compared
    bool pass(double tolerance) const { return nonFinite == 0 && checked > 0 && relError < tolerance; }
};

// Above this many multiply-adds a deterministic subset of outputs is compared instead of all:
// the whole first output plane (edges where padding matters) plus kSampleCount spread elements.
constexpr double kFullCheckMacLimit = 2e7;
constexpr size_t kSampleCount = 4096;

Comparison compareWithReference(const float* y, const float* x, const float* w, const ConvShape& sh);

// Uniform [-1, 1) values from a seeded generator (fresh seed per run, reported for reproduction).
void fillRandom(std::vector<float>& v, uint64_t seed);

// IEEE half conversion (round to nearest even) for the optional FP16 pass.
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);

}  // namespace cudnnsetup::validate
