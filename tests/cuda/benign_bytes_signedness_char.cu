//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: the stored values were compared as numbers, -1 against
// 4294967295, not as the bytes they are.)
// thread 0 stores (signed char)-1 = 0xff; thread 1 stores (unsigned char)255 = 0xff into the same byte: same bytes, benign
__global__ void k(char *c) { int t = threadIdx.x; if (t == 0) reinterpret_cast<signed char*>(c)[0] = -1; if (t == 1) reinterpret_cast<unsigned char*>(c)[0] = 255; }
