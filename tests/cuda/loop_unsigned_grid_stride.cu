//pass
//--blockDim=256 --gridDim=8
// mapcheck: exact
// An unsigned grid-stride loop with an unsigned bound of any value (issue 20): thread t of
// block b visits i = 256 b + t, i + 2048, ... below n, the grid having 2048 threads, so each
// cell has one owner: race free. For n > 2^32 - 2048 a step can wrap past 2^32; 2048 divides
// 2^32, so the wrapped counter comes back to the values already visited, and the loop never
// ends (undefined behaviour by C++'s forward-progress rule, and no other cell is touched
// anyway). The g++ host truth runs the loop with n = 5000. Racy twin
// loop_unsigned_grid_stride_racy.cu.

__global__ void fill(unsigned *A, unsigned n)
{
    for (unsigned i = blockIdx.x * 256 + threadIdx.x; i < n; i += 2048)
        A[i] = blockIdx.x;
}
