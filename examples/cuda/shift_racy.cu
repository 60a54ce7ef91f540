// Shift left in place: thread t writes A[t] and reads A[t + 1], which thread t + 1 writes in
// the same phase (no barrier between them): racy.
// check: --block-dim 32 => exact racy exit=1
__global__ void shift(int *A, int n) {
  int t = threadIdx.x;
  if (t + 1 < n) {
    A[t] = A[t + 1];
  }
}
