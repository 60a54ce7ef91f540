//pass
//--blockDim=32 --gridDim=1
__global__ void k(int *A)
{
    int *to = A + 8 * threadIdx.x + 3;
    int n = 5;
    int count = (n + 3) / 4;
    switch (n % 4) {
    case 0: do { *to++ = 0;
    case 3:      *to++ = 1;
    case 2:      *to++ = 2;
    case 1:      *to++ = 3;
            } while (--count > 0);
    }
}
