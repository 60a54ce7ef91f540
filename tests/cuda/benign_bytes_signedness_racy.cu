//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: the stored values were compared as numbers, -1 against
// 4294967295, not as the bytes they are.)
// thread 0 stores int -1 (ff ff ff ff), thread 1 stores 0xfffffffe through an unsigned view (fe ff ff ff): different bytes, a real race
__global__ void k(int *a) { int t = threadIdx.x; if (t == 0) a[0] = -1; if (t == 1) reinterpret_cast<unsigned*>(a)[0] = 0xfffffffeu; }
