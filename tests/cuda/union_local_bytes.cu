//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A union local to each thread, used to take a word apart and to put one together (CUDA is
// little-endian: byte k of a word is bits 8k..8k+7). Thread t stores t << 8 as the word, so
// byte 1 is t: it writes s[b[1]] = s[t], its own cell. It then builds a word from bytes
// (t, 0, 0, 0), which is t, and sets the union's third member `h[1]` (bytes 2-3) to 1,
// which makes the word t + 65536, so s2[word - 65536] is s2[t]. Every thread writes only
// its own cells before the barrier and reads them after: race-free. Racy twin:
// union_local_bytes_racy.cu. The host oracle (`mapcheck oracle --block-dim 64`) observes
// no race.
union Word {
    unsigned u;
    unsigned char b[4];
    unsigned short h[2];
};

__global__ void k(unsigned *out)
{
    __shared__ unsigned s[64];
    __shared__ unsigned s2[64];
    unsigned t = threadIdx.x;
    Word w;
    w.u = t << 8;
    s[w.b[1]] = t;
    Word v;
    v.b[0] = t;
    v.b[1] = 0;
    v.b[2] = 0;
    v.b[3] = 0;
    v.h[1] = 1;
    s2[v.u - 65536] = t;
    __syncthreads();
    out[t] = s[t] + s2[t];
}
