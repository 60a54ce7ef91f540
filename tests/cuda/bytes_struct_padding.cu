//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// `struct P { char c; int i; }` is 8 bytes: c is byte 0, bytes 1..3 are padding, i is bytes
// 4..7. Thread t writes p[t].c and p[t].i, and through a byte view the padding byte 1 of the
// next element, p[(t + 1) % 32], which no field covers: no byte is written by two threads.
// After the barrier each thread reads the fields of the next element, which the barrier
// orders after their writes: race free. The racy twin is bytes_struct_padding_racy.cu.

struct P {
    char c;
    int i;
};

__global__ void padding(int *out)
{
    __shared__ P p[32];
    unsigned char *raw = (unsigned char *)p;
    unsigned t = threadIdx.x;
    p[t].c = 1;
    p[t].i = t;
    raw[8 * ((t + 1) % 32) + 1] = 0xff;
    __syncthreads();
    out[t] = p[(t + 1) % 32].i + p[(t + 1) % 32].c;
}
