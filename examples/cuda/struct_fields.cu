// Fields of struct and vector elements are cells of their own (element i, field f is cell
// i * SIZE + offset(f)): pairs of threads update different fields of one particle, which is no
// race; with `-D SAME_FIELD` both threads of a pair write the same field, which is.
// check: --block-dim 64 --grid-dim 4 => exact drf exit=0
// check: --block-dim 64 --grid-dim 4 -D SAME_FIELD => exact racy exit=1
struct Particle {
  float x, y;
  int id;
  float4 colour;
};

__global__ void update(Particle *p, const float4 *wind) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) / 2;
#ifdef SAME_FIELD
  p[i].id = threadIdx.x;
#else
  if (threadIdx.x % 2 == 0) {
    p[i].x += wind[i].x;
  } else {
    p[i].y += wind[i].y;
    p[i].colour.w = 1.0f;
  }
#endif
}
