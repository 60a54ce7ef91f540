//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// A kernel file as CUDA programmers write them: the C and C++ standard headers included, a
// host main that allocates, fills and prints with them, and a kernel that calls device math
// (sqrtf, fabsf, fminf, abs) and printf. Until session 16 clang refused every such file:
// mapcheck's prelude declared printf, malloc, memcpy, abs and the math functions
// `__host__ __device__`, which the system headers' host declarations cannot overload; they
// are now `__device__` only, as in clang's own CUDA headers. Thread i writes out[i] and reads
// in[i] only: race free.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cstdio>
#include <cmath>
#include <algorithm>
#include <vector>

__global__ void normalise(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = fminf(sqrtf(fabsf(in[i])), 1.0f) + abs(i - n) * 0.0f;
        if (i == 0)
            printf("first %f\n", out[0]);
    }
}

int main()
{
    const int n = 512;
    std::vector<float> host(n);
    float *buf = (float *)malloc(n * sizeof(float));
    memset(buf, 0, n * sizeof(float));
    for (int i = 0; i < n; i++)
        host[i] = std::max(0.0f, (float)sqrt((double)i));
    printf("%f %f\n", host[n - 1], buf[0]);
    free(buf);
    return 0;
}
