//pass
//--blockDim=128 --gridDim=64
// mapcheck: data-dependent
// Text histogram straight into global memory: each thread classifies one character into one
// of 26 letter bins (4 characters per bin group, as in the PMPP textbook) and increments it
// with a global atomicAdd. Only atomics touch `histo`, and `data` is only read: race free.

__global__ void histo_kernel(const char *data, unsigned int length, unsigned int *histo)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < length) {
        int alphabet_position = data[i] - 'a';
        if (alphabet_position >= 0 && alphabet_position < 26)
            atomicAdd(&histo[alphabet_position / 4], 1);
    }
}
