//pass
//--blockDim=64
// mapcheck: exact
// The twin of switch_case_range_racy.cu: threads 16 to 63 take the range `case 16 ... 63:` and
// store their own cell b[t]; only threads 0 to 15 run `default`, storing s[t % 16] = s[t],
// distinct cells. Race free. (Reading the range as `case 16:` sent threads 17..63 to
// `default`, where t and t + 16 collide: a false race.)

__global__ void split_range(int *out)
{
    __shared__ int s[16];
    __shared__ int b[64];
    switch (threadIdx.x) {
    case 16 ... 63:
        b[threadIdx.x] = 1;
        break;
    default:
        s[threadIdx.x % 16] = threadIdx.x;
        break;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 16] + b[threadIdx.x];
}
