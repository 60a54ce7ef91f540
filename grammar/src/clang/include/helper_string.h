/* mapcheck's `helper_string.h` (no NVIDIA text): the CUDA samples' command-line helpers, for
 * host code. */
#ifndef __MAPCHECK_HELPER_STRING_H
#define __MAPCHECK_HELPER_STRING_H
#include "__mapcheck_cuda.h"
__host__ bool checkCmdLineFlag(const int argc, const char **argv, const char *flag);
__host__ int getCmdLineArgumentInt(const int argc, const char **argv, const char *flag);
__host__ float getCmdLineArgumentFloat(const int argc, const char **argv, const char *flag);
__host__ bool getCmdLineArgumentString(const int argc, const char **argv, const char *flag,
                                       char **value);
__host__ char *sdkFindFilePath(const char *file, const char *exe);
__host__ int stringRemoveDelimiter(char delimiter, const char *s);
#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif
#ifndef MIN
#define MIN(a, b) (a < b ? a : b)
#endif
#define EXIT_WAIVED 2
#endif
