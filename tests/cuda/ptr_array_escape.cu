//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a local array of pointers whose address is passed on is refused (an alias could change its elements)
// Issue 20 item 2: `pick` receives the array itself and repoints buf[0] at b; the kernel's
// writes then go to b[t] only, race free. mapcheck follows the elements only through `buf[i]`
// and refuses the array's escape with a located error.

__device__ void pick(int **table) { table[0] = table[1]; }

__global__ void escape(int *a, int *b)
{
    int *buf[2] = {a, b};
    pick(buf);
    buf[0][threadIdx.x] = 1;
}
