//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: also for compound assignment ([expr.ass]/1 applies to `+=`): in
// `A[i] += i++` the cell is A[2t + 1], which thread t + 1 writes.

__global__ void post_inc_accumulate(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] += i++;
    if (t > 0)
        A[2 * t - 1] = -1;
}
