//pass
//--blockDim=256 --gridDim=4
// mapcheck: exact
// Rodinia `pathfinder`, dynproc_kernel: each block computes `iteration` rows of the dynamic
// program in shared memory with two buffers. In every step, thread tx reads prev[tx - 1],
// prev[tx], prev[tx + 1] (clamped to the valid range) and writes result[tx] (its own cell);
// a barrier; then it copies result[tx] back to prev[tx] (its own cells again) and another
// barrier. `iteration` is uniform, so the `break` in the last step is taken by all threads
// together. The `computed` flag (true when the thread's cell is in the shrinking valid
// pyramid) only guards writes of the thread's own cells. After the loop, thread tx writes
// gpuResults[xidx] when its cell was computed in the last step, and the blocks' computed
// cells are disjoint (each block owns small_block_cols columns). Race free.
// Class: exact. No index, bound or condition reads memory: the clamps are selections of
// thread ids and parameters, and the `break` depends only on the loop variable and the
// parameter `iteration`, so the loop runs `iteration - 1` whole steps and the breaking step's
// statements before the `break`, after which `computed` is its value in that step. (Until
// session 14 this line said `data-dependent`, a statement about the lowering of the time,
// which read the clamps and the loop's exit as unknowns; the verdict line is unchanged.)

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
