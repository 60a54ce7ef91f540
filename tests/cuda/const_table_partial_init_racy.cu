//xfail:data-race
//--blockDim=4 --gridDim=1
// mapcheck: exact
// A table whose first row is partly initialised: C++ makes the element left out zero, so row
// 0 is {1, 2, 0}; thread 2 reads tab[0][2] = 0 and thread 3 reads tab[1][0] = 0, and both
// write out[0] with different values. Racy. (clang's JSON puts such a list's elements under
// `array_filler`; mapcheck once read them as missing.)

const int tab[2][3] = {{1, 2}, {0, 5, 6}};

__global__ void spread(int *out)
{
    out[tab[threadIdx.x / 3][threadIdx.x % 3]] = threadIdx.x;
}
