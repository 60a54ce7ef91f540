//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of resolve_union_word_bytes.cu without the barrier, reading byte 1 of the next
// thread's element: thread t reads s[t + 1].b[1], a byte of the word thread t + 1 writes in
// the same barrier interval: a race.
union W { unsigned u; unsigned char b[4]; };
__global__ void k(int *out) {
  __shared__ W s[64];
  s[threadIdx.x].u = threadIdx.x;
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64].b[1];
}
