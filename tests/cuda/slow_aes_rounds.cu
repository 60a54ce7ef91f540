//pass
//--blockDim=256 --gridDim=32
// mapcheck: data-dependent
// Issue 37, slow kinds: AES rounds with table look-ups (the GPGPU-Sim suite's AES, the T-table
// form). The block's 256 threads copy the four 256-entry T-tables and the 44 round-key words
// into shared memory (thread t writes entry t of each table, and key word t for t < 44), a
// barrier, then each thread encrypts its own 16-byte block: four state words, 9 rounds of
// four look-ups per word indexed by the state's bytes (data-dependent indices, but only reads
// of the shared tables, which nobody writes after the barrier) and a key addition, then
// stores its four words to out[4 * gid + k], distinct cells for distinct threads of the grid.
// Race free.

typedef unsigned int uint;

__global__ void aes_encrypt(uint *out, const uint *in, const uint *gTe0, const uint *gTe1,
                            const uint *gTe2, const uint *gTe3, const uint *gKey)
{
    __shared__ uint Te0[256], Te1[256], Te2[256], Te3[256];
    __shared__ uint rk[44];
    const uint t = threadIdx.x;
    Te0[t] = gTe0[t];
    Te1[t] = gTe1[t];
    Te2[t] = gTe2[t];
    Te3[t] = gTe3[t];
    if (t < 44)
        rk[t] = gKey[t];
    __syncthreads();

    const uint gid = blockIdx.x * blockDim.x + t;
    uint s0 = in[4 * gid + 0] ^ rk[0];
    uint s1 = in[4 * gid + 1] ^ rk[1];
    uint s2 = in[4 * gid + 2] ^ rk[2];
    uint s3 = in[4 * gid + 3] ^ rk[3];
    for (int r = 1; r < 10; r++) {
        uint t0 = Te0[s0 >> 24] ^ Te1[(s1 >> 16) & 0xff] ^ Te2[(s2 >> 8) & 0xff] ^ Te3[s3 & 0xff] ^ rk[4 * r + 0];
        uint t1 = Te0[s1 >> 24] ^ Te1[(s2 >> 16) & 0xff] ^ Te2[(s3 >> 8) & 0xff] ^ Te3[s0 & 0xff] ^ rk[4 * r + 1];
        uint t2 = Te0[s2 >> 24] ^ Te1[(s3 >> 16) & 0xff] ^ Te2[(s0 >> 8) & 0xff] ^ Te3[s1 & 0xff] ^ rk[4 * r + 2];
        uint t3 = Te0[s3 >> 24] ^ Te1[(s0 >> 16) & 0xff] ^ Te2[(s1 >> 8) & 0xff] ^ Te3[s2 & 0xff] ^ rk[4 * r + 3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
    out[4 * gid + 0] = s0 ^ rk[40];
    out[4 * gid + 1] = s1 ^ rk[41];
    out[4 * gid + 2] = s2 ^ rk[42];
    out[4 * gid + 3] = s3 ^ rk[43];
}
