/* mapcheck's `cutil.h` (no NVIDIA text): the old CUDA SDK's host utilities (error checks,
 * timers) that GPGPU-Sim's and Rodinia's benchmarks still include, for host code. */
#ifndef __MAPCHECK_CUTIL_H
#define __MAPCHECK_CUTIL_H
#include "__mapcheck_cuda.h"
typedef enum { CUTFalse = 0, CUTTrue = 1 } CUTBoolean;
#define CUDA_SAFE_CALL(call) (call)
#define CUDA_SAFE_CALL_NO_SYNC(call) (call)
#define CUT_SAFE_CALL(call) (call)
#define CUT_CHECK_ERROR(msg) ((void)(msg))
#define CUT_DEVICE_INIT(argc, argv) ((void)0)
#define CUT_EXIT(argc, argv) exit(EXIT_SUCCESS)
#define cutilSafeCall(call) (call)
#define cutilSafeCallNoSync(call) (call)
#define cutilCheckError(call) (call)
#define cutilCheckMsg(msg) ((void)(msg))
#define cutilSafeMalloc(call) (call)
#define cutilDeviceSynchronize() cudaDeviceSynchronize()
#define cutilExit(argc, argv) exit(EXIT_SUCCESS)
__host__ CUTBoolean cutCreateTimer(unsigned int *name);
__host__ CUTBoolean cutDeleteTimer(unsigned int name);
__host__ CUTBoolean cutStartTimer(const unsigned int name);
__host__ CUTBoolean cutStopTimer(const unsigned int name);
__host__ CUTBoolean cutResetTimer(const unsigned int name);
__host__ float cutGetTimerValue(const unsigned int name);
__host__ float cutGetAverageTimerValue(const unsigned int name);
__host__ CUTBoolean cutComparef(const float *reference, const float *data, const unsigned int len);
__host__ CUTBoolean cutCompareL2fe(const float *reference, const float *data,
                                   const unsigned int len, const float epsilon);
__host__ CUTBoolean cutCheckCmdLineFlag(const int argc, const char **argv, const char *flag);
__host__ CUTBoolean cutGetCmdLineArgumenti(const int argc, const char **argv, const char *flag,
                                           int *val);
__host__ char *cutFindFilePath(const char *file, const char *exe);
__host__ int cutilDeviceInit(int argc, char **argv);
__host__ int cutGetMaxGflopsDeviceId(void);
#endif
