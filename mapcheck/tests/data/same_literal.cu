// Every thread stores the literal 1 into one cell: a write-write race of equal values, which
// CUDA's convention (GPUVerify, Faial, GKLEE) counts as benign in a `.cu` file (SPEC §7).
__global__ void same_literal(int *a) {
  a[0] = 1;
}
