//pass
//--blockDim=256 --gridDim=4
// mapcheck: data-dependent
// mapcheck: known-imprecision: possibly-racy — the ternary clamps and the `computed` flag joined after branches are per-thread unknowns (no lowering by cases yet), and the loop with its `break` is not counted
// Rodinia `pathfinder`, dynproc_kernel: each block computes `iteration` rows of the dynamic
// program in shared memory with two buffers. In every step, thread tx reads prev[tx - 1],
// prev[tx], prev[tx + 1] (clamped to the valid range) and writes result[tx] (its own cell);
// a barrier; then it copies result[tx] back to prev[tx] (its own cells again) and another
// barrier. `iteration` is uniform, so the `break` in the last step is taken by all threads
// together. The `computed` flag (true when the thread's cell is in the shrinking valid
// pyramid) only guards writes of the thread's own cells. After the loop, thread tx writes
// gpuResults[xidx] when its cell was computed in the last step, and the blocks' computed
// cells are disjoint (each block owns small_block_cols columns). Race free.
// Class: data-dependent, because the ternaries that clamp validXmin/validXmax are not
// `min`/`max` patterns the lowering follows (`?`). The `break` depends only on the loop
// variable and a parameter: the loop runs while no earlier iteration broke, and `computed`
// after it is its value in the breaking iteration.

#define BLOCK_SIZE 256
#define HALO 1
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc, int *gpuResults,
                               int cols, int rows, int startStep, int border)
{
    __requires(border == iteration * HALO);
    __requires(iteration >= 1);
    __requires(2 * iteration < BLOCK_SIZE);

    __shared__ int prev[BLOCK_SIZE];
    __shared__ int result[BLOCK_SIZE];

    int bx = blockIdx.x;
    int tx = threadIdx.x;

    int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;

    int blkX = small_block_cols * bx - border;
    int blkXmax = blkX + BLOCK_SIZE - 1;

    int xidx = blkX + tx;

    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;

    int W = tx - 1;
    int E = tx + 1;

    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool isValid = IN_RANGE(tx, validXmin, validXmax);

    if (IN_RANGE(xidx, 0, cols - 1)) {
        prev[tx] = gpuSrc[xidx];
    }
    __syncthreads();

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
            computed = true;
            int left = prev[W];
            int up = prev[tx];
            int right = prev[E];
            int shortest = MIN(left, up);
            shortest = MIN(shortest, right);
            int index = cols * (startStep + i) + xidx;
            result[tx] = shortest + gpuWall[index];
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        __syncthreads();
    }

    if (computed) {
        gpuResults[xidx] = result[tx];
    }
}
