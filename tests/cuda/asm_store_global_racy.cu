//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: error — inline PTX `asm volatile(...)` does not parse
// A store written in inline PTX: every thread executes `st.global.u32 [counter], tid`, a
// plain (non-atomic) store to the same word: threads 0 and 1 both write counter[0]: a
// write-write race. Ignoring the `asm` statement would make the kernel look access-free.

__global__ void last_writer_ptx(unsigned *counter)
{
    unsigned tid = threadIdx.x;
    asm volatile("st.global.u32 [%0], %1;" :: "l"(counter), "r"(tid) : "memory");
}
