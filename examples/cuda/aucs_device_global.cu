//xfail:data-race
//--gridDim=1
// AuCS, the GKLEE test `device_global`, in CUDA, on one block: odd threads write their own cell
// of a global array while even threads read their right neighbour's (read-write), in the two
// branches of an `if` nested in a thread-dependent `if`. No point between the accesses is
// reached by every thread; `mapcheck fix` if-converts both `if`s (each condition evaluated
// once, into a flag) and puts the barrier between the halves.
// check: => exact racy exit=1
// check: -p n=0 => exact drf exit=0
// check: --grid-dim 2 -p n=4 => exact racy exit=1
__global__ void device_global(unsigned *input, unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    if (t % 2 == 1) {
      input[t] = t;
    } else {
      out[t] = input[t + 1];
    }
  }
}
