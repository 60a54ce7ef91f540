//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The byte view of extern_bytes_char_in_float_racy, each thread clearing the last byte of its
// own float: c[4t + 3] is byte 3 of s[t], which only thread t writes. No other thread touches
// bytes 4t..4t+4: race free.

__global__ void clear_own_sign(const float *in)
{
    extern __shared__ float s[];
    unsigned char *c = (unsigned char *)s;
    int t = threadIdx.x;
    s[t] = in[t];
    c[4 * t + 3] = 0;
}
