//xfail:data-race
// mapcheck: exact
// launch_literal_block_size.cu updating a[i / 2]: threads 2k and 2k + 1 of a block both read
// and write a[k] with nothing ordering them (a race in every launch of two or more threads,
// within the launches the code is written for).
__global__ void k(int *a, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        a[i / 2] += 1;
}
