//pass
//--blockDim=8 --gridDim=1
// mapcheck: exact
// A `char *` buffer viewed as floats through a pointer selected by the thread's parity and
// written by a helper: odd threads write the float t / 2 from byte 64 (bytes 64 + 4(t / 2) ..,
// so 64..79 for t = 1, 3, 5, 7), even threads the float t / 2 from byte 0 (bytes 0..15).
// Thread 0 also stores byte 200, beyond both: no byte is written twice, race free. The racy
// twin is bytes_selected_view_helper_racy.cu.

__device__ void put(float *f, int i)
{
    f[i] = 2.0f;
}

__global__ void selected(char *c)
{
    unsigned t = threadIdx.x;
    float *f = (t % 2) ? (float *)(c + 64) : (float *)c;
    put(f, t / 2);
    if (t == 0)
        c[200] = 1;
}
