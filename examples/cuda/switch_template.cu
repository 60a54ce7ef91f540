//pass
//--blockDim=128 --gridDim=1
// The CUDA samples' reduction shape: a template with a block-size parameter fixed by explicit
// instantiations, the `SharedMemory<T>` idiom for the dynamic shared array, a `switch` on the
// block size, and `assert` as a precondition. One kernel is checked per instantiation.
// check: => exact drf exit=0
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T, unsigned int blockSize>
__global__ void reduce(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  assert(blockDim.x == blockSize);
  sdata[tid] = g_idata[blockIdx.x * blockSize + tid];
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    switch (blockSize) {
    case 128:
    case 256:
      g_odata[blockIdx.x] = sdata[0];
      break;
    default:
      g_odata[blockIdx.x] = sdata[0] + sdata[1];
    }
  }
}

template __global__ void reduce<float, 128>(float *, float *, unsigned int);
template __global__ void reduce<int, 128>(int *, int *, unsigned int);
