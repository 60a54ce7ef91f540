//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `__popc` (issue 20): the stream-compaction rank of lane t among the lanes whose bit is set
// in a constant mask is __popc(mask & ((1u << t) - 1)) — the number of selected lanes below
// t. With mask = 0x55555555 (even lanes of a warp), the even lanes t of each warp get ranks
// t / 2, distinct; warp w writes out[16 * w + rank]: race free. Host check:
// host/intrin_popc_rank.cpp.

#define MASK 0x55555555u

__global__ void compact_even_lanes(const float *in, float *out)
{
    unsigned lane = threadIdx.x % 32;
    unsigned warp = threadIdx.x / 32;
    if (MASK & (1u << lane)) {
        int rank = __popc(MASK & ((1u << lane) - 1));
        out[16 * warp + rank] = in[threadIdx.x];
    }
}
