//pass
//--blockDim=8 --gridDim=1
// mapcheck: exact
// An `unsigned char *` global buffer whose bytes 0..3 threads 0..3 store one each, and whose
// int n[1] (bytes 4..7, through an `int *` cast) threads 4..7 increment with atomicAdd. The
// plain stores and the atomics share no byte, and atomics do not race with one another:
// race free. The racy twin is bytes_atomic_int_over_chars_racy.cu.

__global__ void count(unsigned char *c)
{
    int *n = (int *)c;
    unsigned t = threadIdx.x;
    if (t < 4)
        c[t] = 1;
    else
        atomicAdd(&n[1], 1);
}
