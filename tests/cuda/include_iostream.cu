//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A kernel file whose host code prints with <iostream>. Until session 16 clang refused it:
// mapcheck's prelude defined GPUVerify's access predicates `__read(p)` and `__write(p)` as
// macros of one argument, which broke libstdc++'s own `std::__write(iterator, chars, len)`;
// they are functions now. Thread i = blockIdx.x * 64 + threadIdx.x writes a[i] only: race free.
#include <iostream>

__global__ void fill(int *a)
{
    a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

int main()
{
    std::cout << "filled" << std::endl;
    return 0;
}
