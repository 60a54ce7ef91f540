//xfail:data-race
//
// mapcheck: exact
// `threadIdx.y` read through inline PTX (`%tid.y`): the kernel is written for blocks with
// several rows, where threads (x, 0) and (x, 1) both add to a[x] with no barrier: a race. The
// read of `%tid.y` keeps blockDim.y open under the launch conventions (probe round 4, W4).
__global__ void k(int *a)
{
    unsigned ty;
    asm("mov.u32 %0, %%tid.y;" : "=r"(ty));
    a[threadIdx.x] += ty;
}
