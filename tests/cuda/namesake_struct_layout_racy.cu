//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a local struct was read with the layout of the file-scope
// struct of the same name — false proven races and missed races.)
// The kernel's local P has two ints {b, a}: arr[t].a is word 2t+1, written through w by thread
// 2t+1 (t < 32): thread 0 reads word 1, thread 1 writes it: race. (With the file-scope one-int
// P, arr[t].a would be word t: no race.)
struct P { int a; };
__global__ void k(int *out) {
  struct P { int b; int a; };
  __shared__ P arr[64];
  int *w = reinterpret_cast<int *>(arr);
  w[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = arr[threadIdx.x].a;
}
