//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Pointers to typedef'd structs: `P` names a struct without a tag, `Q` the struct `Q_`, and
// `geo::idx` an int declared in a namespace. Until session 16 mapcheck knew none of these
// pointees, and every access through them was an unknown cell (possibly-racy,
// data-dependent). Thread i = blockIdx.x * 64 + threadIdx.x writes p[i].n, q[i].b and s[i]
// and reads p[i].n, q[i].a, q[i + 1].a and q[i].b: the only cells two threads share are the
// `a` fields of q, which nobody writes. No race.

typedef struct {
    float x;
    int n;
} P;

typedef struct Q_ {
    int a;
    int b;
} Q;

namespace geo {
typedef int idx;
}

__global__ void typedef_records(P *p, Q *q, geo::idx *s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    p[i].n = i;
    q[i].b = q[i].a + q[i + 1].a + p[i].n;
    s[i] = q[i].b;
}
