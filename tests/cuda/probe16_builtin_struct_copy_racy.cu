//xfail:data-race
//--blockDim=[16,4] --gridDim=[2,2]
// mapcheck: exact
// The twin of probe16_builtin_struct_copy.cu with the row width taken from the wrong copy:
// gd.y * bd.y = 2 * 4 = 8 instead of 32, while x ranges over 0..31. Thread (x = 8, y = 0) and
// thread (x = 0, y = 1) both write a[8], with different values (x = 8 against x = 0): a
// write-write race (between blocks too: x = 16 is in block x 1).

__global__ void fill_2d_wrong_width(unsigned *a)
{
    uint3 t = threadIdx;
    uint3 b = blockIdx;
    dim3 bd = blockDim;
    dim3 gd = gridDim;
    unsigned x = b.x * bd.x + t.x;
    unsigned y = b.y * bd.y + t.y;
    unsigned w = gd.y * bd.y;
    a[y * w + x] = x;
}
