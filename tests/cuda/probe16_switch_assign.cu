//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent drf — the cases' assignments join into a selection, but its innermost arm, reached by no value of the scrutinee (the `default` takes the rest), is the uninitialised declaration's `?`
// A slot chosen by a `switch` on threadIdx.x % 4, each case assigning the local `o` (Session 16
// probe). o = threadIdx.x % 4 in every case (default: 3), so thread i writes a[(i / 4) * 4 +
// i % 4] = a[i]: one cell per thread, race free.

__global__ void switch_slot(const float *in, float *a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int o;
    switch (threadIdx.x % 4) {
    case 0:
        o = 0;
        break;
    case 1:
        o = 1;
        break;
    case 2:
        o = 2;
        break;
    default:
        o = 3;
    }
    a[(i / 4) * 4 + o] = in[i];
}
