//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// One `asm` statement holding a barrier and a second instruction: `bar.sync 0` separates the
// writes of s[t] from the reads of s[63 - t], and `mov.u32 %0, %%laneid` only sets the local
// `lane` (an output operand: stored after the instructions). Race free. (mapcheck once
// searched the text for `bar.sync 0`, stopped there, and left `lane` unwritten.)

__global__ void reverse_with_lane(int *out)
{
    __shared__ int s[64];
    unsigned lane;
    s[threadIdx.x] = threadIdx.x;
    asm volatile("bar.sync 0;\n\tmov.u32 %0, %%laneid;" : "=r"(lane));
    out[threadIdx.x] = s[63 - threadIdx.x] + (int)lane;
}
