//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The compaction rank counted inclusively (mask & ((2u << lane) - 1), lanes up to and
// including this one) and without the selection test: every lane writes, and lanes 2k and
// 2k + 1 (k < 16) get the same count k + 1 (lane 2k + 1 is not in the mask), so both write
// out[16 * warp + k + 1] (lanes 0 and 1 of warp 0 on out[1]): a write-write race. Host check:
// host/intrin_popc_rank_racy.cpp.

#define MASK 0x55555555u

__global__ void compact_all_lanes(const float *in, float *out)
{
    unsigned lane = threadIdx.x % 32;
    unsigned warp = threadIdx.x / 32;
    int rank = __popc(MASK & ((2u << lane) - 1));
    out[16 * warp + rank] = in[threadIdx.x];
}
