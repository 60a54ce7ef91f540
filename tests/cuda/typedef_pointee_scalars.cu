//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Pointers whose element type is a typedef: clang prints `uint *`, `word *`, `size_t *`,
// `uint32_t *` and `realp` without their canonical form, and mapcheck read `uint` as a struct it
// did not know, every access through such a pointer an unknown cell (possibly-racy,
// data-dependent) until session 16. Each thread i = blockIdx.x * 64 + threadIdx.x writes and
// reads only cell i of each array (a chain of typedefs, a pointer typedef and a const pointee
// included): distinct threads touch distinct cells, so there is no race.
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
    e[i] = f[i] * 2.0f;
}
