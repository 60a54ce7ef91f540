//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of launch_reads_only_x.cu under the same launch conventions (blocks of
// (blockDim.x, 1, 1)): threads 2k and 2k + 1 both update out[k], a read-write race in every
// block of at least two threads. The conventions fix only what the kernel never reads.

__global__ void pairs_x(const float *in, float *out)
{
    out[threadIdx.x / 2] += in[threadIdx.x];
}
