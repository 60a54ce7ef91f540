//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A pointer field re-pointed on the branches of an `if` (issue 20): the local copy's `target`
// is h.lo for threads t < 32 and h.hi for the others, so thread t writes h.lo[t] (t < 32) or
// h.hi[t - 32] (t >= 32): each of the 32 cells of lo and of hi has one writer (t and t + 32 go
// to different arrays): race free.

struct Halves {
    float *lo;
    float *hi;
    float *target;
};

__global__ void split_halves(Halves h)
{
    int t = threadIdx.x;
    Halves g = h;
    if (t < 32)
        g.target = h.lo;
    else
        g.target = h.hi;
    g.target[t % 32] = 2.0f * t;
}
