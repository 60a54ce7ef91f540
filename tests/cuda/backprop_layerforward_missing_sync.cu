//xfail:data-race
//--blockDim=[16,16] --gridDim=[1,4]
// mapcheck: data-dependent
// Rodinia `backprop` layerforward without the barrier after loading input_node: thread
// (0, ty) writes input_node[ty] while thread (1, ty) reads it to scale its weight
// (the load of weight_matrix in between is not a barrier). Read-write race on input_node.
// Class: in int mode a shift by a variable amount (`1 << i`) is an unknown (SPEC §4).

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
