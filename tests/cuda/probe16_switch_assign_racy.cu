//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — the cases' assignments join into a selection, but its innermost arm, reached by no value of the scrutinee (the `default` takes the rest), is the uninitialised declaration's `?`
// The twin of probe16_switch_assign.cu with case 3 (the default) also choosing slot 2: threads
// 4k + 2 and 4k + 3 both write a[4k + 2] (threads 2 and 3 write a[2]), with their own values
// in[4k + 2] and in[4k + 3]: a write-write race.

__global__ void switch_slot_collide(const float *in, float *a)
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
        o = 2;
    }
    a[(i / 4) * 4 + o] = in[i];
}
