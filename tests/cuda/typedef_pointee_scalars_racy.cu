//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// typedef_pointee_scalars.cu with one more write: thread i also stores 0 into d[i + 1], the
// cell thread i + 1 stores i + 2 into (d[i + 1] = c[i + 1] = b[i + 1] = a[i + 1] + 1). Threads
// 0 and 1 of block 0 write d[1] with the values 0 and 2 and nothing orders them: a data race.
#include <stdint.h>

typedef unsigned int uint;
typedef uint word;
typedef float real;
typedef real *realp;

__global__ void typedef_pointees(uint *a, word *b, size_t *c, uint32_t *d, realp e,
                                 const real *f)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = i;
    b[i] = a[i] + 1;
    c[i] = b[i];
    d[i] = (uint32_t)c[i];
    d[i + 1] = 0;
    e[i] = f[i] * 2.0f;
}
