//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of inheritance_base_fields.cu where odd threads write the base's field too: threads
// 2k and 2k+1 both write arr[k].x, with the values 2 and 1. Racy. (With the derived struct
// laid out from its own fields only, mapcheck once mixed up which cells these were.)

struct B { int x; };
struct D : B { int y; };

__global__ void inherit(int *out)
{
    __shared__ D arr[16];
    unsigned t = threadIdx.x;
    if (t & 1)
        arr[t / 2].x = 1;
    else
        arr[t / 2].x = 2;
    __syncthreads();
    out[t] = arr[t / 2].y;
}
