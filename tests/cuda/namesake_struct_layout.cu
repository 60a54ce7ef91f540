//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a local struct was read with the layout of the file-scope
// struct of the same name — false proven races and missed races.)
// The kernel's local struct P (one int) shadows the file-scope P (two ints). arr is an array of
// the local P: arr[t].a is word t of the array; thread t writes word t through w and reads
// arr[t].a: its own word: race-free. (With the file-scope layout arr[t].a would be word 2t,
// written by thread 2t.)
struct P { int b; int a; };
__global__ void k(int *out) {
  struct P { int a; };
  __shared__ P arr[64];
  int *w = reinterpret_cast<int *>(arr);
  w[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = arr[threadIdx.x].a;
}
