#pragma once
// One convolution shape on the GPU: every algorithm cuDNN calls usable, each checked
// against the CPU reference and timed. Internal to validate.

#include "validate/cudaapi.h"
#include "validate/cudnnapi.h"
#include "validate/validator.h"

namespace cudnnsetup::validate {

enum class Precision { Fma, Tf32, Fp16 };

// Documented in docs/validate.md: FP32 with FMA math must agree to 1e-5; TF32 rounds inputs to
// 10 mantissa bits and FP16 stores them (and the output) in 10 bits, so both get 5e-3.
double toleranceFor(Precision p);
const char* precisionName(Precision p);

struct ShapeOutcome {
    std::vector<AlgoCheck> checks;
    std::string fatal;           // the shape could not be set up (descriptor or memory failure)
    bool archMismatch = false;   // cuDNN said the GPU architecture is not supported
};

struct RunContext {
    const CudnnApi& dnn;
    const CudaApi& cu;
    cudnnHandle_t handle;
    const ValidateOptions& options;
};

ShapeOutcome runShape(const RunContext& ctx, const ConvShape& shape, Precision precision, uint64_t seed);

}  // namespace cudnnsetup::validate
