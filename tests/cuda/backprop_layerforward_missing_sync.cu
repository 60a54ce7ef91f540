//xfail:data-race
//--blockDim=[16,16] --gridDim=[1,4]
// mapcheck: exact
// Rodinia `backprop` layerforward without the barrier after loading input_node: thread
// (0, ty) writes input_node[ty] while thread (1, ty) reads it to scale its weight
// (the load of weight_matrix in between is not a barrier). Read-write race on input_node.
// (Both barriers of the original before the scaling are gone: without only the first one, the
// second still orders the write of input_node[ty] before its reads, and the kernel is race
// free — the earlier version of this file, which mapcheck proves drf once `1 << i` is exact.)
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

    weight_matrix[ty][tx] = input_hidden_cuda[index];

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
