//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// include_system_headers.cu with out[i / 2] written: threads 0 and 1 both write out[0] (and
// thread 0's printf reads it while thread 1 writes it), with values that differ when in[0] and
// in[1] differ — a data race. The standard headers, the host main and the device math are
// those of the race-free twin.
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
        out[i / 2] = fminf(sqrtf(fabsf(in[i])), 1.0f) + abs(i - n) * 0.0f;
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
