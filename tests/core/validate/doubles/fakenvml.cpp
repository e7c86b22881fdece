// Test double of NVML (libnvidia-ml.so.1 / nvml.dll), the three calls the driver probe makes.
// NVML_DOUBLE_FAULT: init-error (nvmlInit_v2 999), version-error (nvmlSystemGetDriverVersion 3);
// NVML_DOUBLE_VERSION overrides the driver version (default "580.65.06").
#include <cstdlib>
#include <cstring>

namespace {
bool fault(const char* name)
{
    const char* f = std::getenv("NVML_DOUBLE_FAULT");
    return f && std::strcmp(f, name) == 0;
}
int inits = 0;
}  // namespace

extern "C" {

int nvmlInit_v2()
{
    if (fault("init-error"))
        return 999;
    ++inits;
    return 0;
}
int nvmlSystemGetDriverVersion(char* version, unsigned int length)
{
    if (inits == 0)
        return 1;  // NVML_ERROR_UNINITIALIZED
    if (fault("version-error"))
        return 3;  // NVML_ERROR_NOT_SUPPORTED
    const char* v = std::getenv("NVML_DOUBLE_VERSION");
    if (!v || !*v)
        v = "580.65.06";
    if (std::strlen(v) + 1 > length)
        return 7;  // NVML_ERROR_INSUFFICIENT_SIZE
    std::strcpy(version, v);
    return 0;
}
int nvmlShutdown()
{
    if (inits == 0)
        return 1;
    --inits;
    return 0;
}
}
