//pass
//--blockDim=[16,16] --gridDim=[1,4]
// mapcheck: exact
// Rodinia `backprop`, bpnn_layerforward_CUDA: a 16x16 block multiplies its slice of the weight
// matrix by the input vector and reduces each column in shared memory. Thread (0, ty)
// loads input_node[ty]; a barrier; every thread loads weight_matrix[ty][tx]; a
// barrier; every thread scales its own cell by input_node[ty]; a barrier; then a tree
// reduction over ty: at level i (power_two = 2^i) the threads with ty % power_two == 0 add
// row ty + power_two / 2 into row ty. Row ty + power_two / 2 is an odd multiple of
// power_two / 2, never a multiple of power_two, so no active thread writes it; each level
// ends with a barrier. After a last barrier thread (0, ty) writes
// hidden_partial_sum[by * 16 + ty] from weight_matrix[0][ty]: distinct per (block, ty). Each block writes its own slice of
// input_hidden_cuda back: race free.
// Class: exact. `i` is used only as a shift amount, so the loop runs over `power_two = 2^i`
// itself (`1 << i` a product, not a variable shift, which would be an unknown in int mode).

#define WIDTH 16
#define HEIGHT 16
#define LOG2_HEIGHT 4

__global__ void bpnn_layerforward_CUDA(float *input_cuda, float *output_hidden_cuda,
                                       float *input_hidden_cuda, float *hidden_partial_sum,
                                       int in, int hid)
{
    __requires(hid == WIDTH);

    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;

    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];

    if (tx == 0)
        input_node[ty] = input_cuda[index_in];

    __syncthreads();

    weight_matrix[ty][tx] = input_hidden_cuda[index];

    __syncthreads();

    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];

    __syncthreads();

    for (int i = 1; i <= LOG2_HEIGHT; i++) {
        int power_two = 1 << i;

        if (ty % power_two == 0)
            weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];

        __syncthreads();
    }

    input_hidden_cuda[index] = weight_matrix[ty][tx];

    __syncthreads();

    if (tx == 0) {
        hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
    }
}
