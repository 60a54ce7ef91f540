//xfail:data-race
//--blockDim=256 --gridDim=4 -DNX=1024 -DNY=1024
// mapcheck: exact
// PolyBench/GPU `bicg`, s = A^T r, parallelised over the wrong loop: thread i walks row i of A
// and adds r[i] * A[i][j] into s[j] for every j. All threads update every s[j]
// (read-modify-write, not atomic): threads 0 and 1 both write s[0] — a race. (The benchmark
// parallelises over j, giving each thread its own s[j].)

__global__ void bicg_kernel1_bad(float *A, float *r, float *s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < NX) {
        for (int j = 0; j < NY; j++) {
            s[j] += r[i] * A[i * NY + j];
        }
    }
}
