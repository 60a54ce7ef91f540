//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// include_iostream.cu indexing by threadIdx.x alone and storing the block id: thread t of
// block 0 and thread t of block 1 both write a[t], the values 0 and 1 — a race between blocks.
#include <iostream>

__global__ void fill(int *a)
{
    a[threadIdx.x] = blockIdx.x;
}

int main()
{
    std::cout << "filled" << std::endl;
    return 0;
}
