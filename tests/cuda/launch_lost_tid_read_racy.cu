//xfail:data-race
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The launch conventions set a dimension of the block to 1 only when the code never reads
// it. Here threadIdx.x is read only through __popc, whose value the lowering does not follow:
// the code still reads it, so blockDim.x stays open. Thread 0 writes __popc(0) = 0 and thread
// 1 writes __popc(1) = 1 to out[0]: a race between different values (the oracle sees it with a
// block of 2). mapcheck once took blockDim = (1, 1, 1) here and said `drf (exact)`.

__global__ void popc_only(int *out)
{
    out[0] = __popc(threadIdx.x);
}
