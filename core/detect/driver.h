#pragma once
// The NVIDIA driver, probed by loading its libraries at run time (never linked):
// NVML for the driver number, the CUDA driver API for the CUDA version it supports.

#include "detect/model.h"
#include "platform/environment.h"

namespace cudnnsetup {

// Libraries tried: Windows System32\nvml.dll and System32\nvcuda.dll; Linux libnvidia-ml.so.1
// and libcuda.so.1. CUDNN_SETUP_LIBCUDA / CUDNN_SETUP_LIBNVML replace the path (tests point
// them at the toolkit's lib64/stubs/libcuda.so or at nothing).
DriverInfo probeDriver(const Environment& env);

}  // namespace cudnnsetup
