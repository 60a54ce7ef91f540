/* mapcheck's `helper_cuda.h` (no NVIDIA text): the CUDA samples' error-checking helpers, for
 * host code (which mapcheck parses but never analyses). */
#ifndef __MAPCHECK_HELPER_CUDA_H
#define __MAPCHECK_HELPER_CUDA_H
#include "__mapcheck_cuda.h"
#include "helper_string.h"
template <class T> __host__ void check(T result, const char *func, const char *file, int line);
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
__host__ void __getLastCudaError(const char *msg, const char *file, int line);
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
__host__ void __printLastCudaError(const char *msg, const char *file, int line);
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)
__host__ int findCudaDevice(int argc, const char **argv);
__host__ int gpuDeviceInit(int devID);
__host__ int gpuGetMaxGflopsDeviceId(void);
__host__ int _ConvertSMVer2Cores(int major, int minor);
__host__ const char *_ConvertSMVer2ArchName(int major, int minor);
#endif
