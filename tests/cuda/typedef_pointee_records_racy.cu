//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// typedef_pointee_records.cu where each thread also writes its own q[i].a: thread 1 writes
// q[1].a while thread 0 reads it (q[i + 1].a with i = 0), and nothing orders the two in the
// one phase of the kernel — a data race on the `a` field (the `b` fields stay private).

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
    q[i].a = i;
    q[i].b = q[i].a + q[i + 1].a + p[i].n;
    s[i] = q[i].b;
}
