//pass
//--blockDim=512 --gridDim=1
// mapcheck: exact
// The twin of enum_fixed_underlying_racy.cu with `Slot : unsigned short`: every thread id of
// a block of 512 fits, the conversion keeps it, and each thread writes its own cell. Race
// free.

enum class Slot : unsigned short { First = 0, Last = 65535 };

__global__ void bucket(int *out)
{
    Slot s = static_cast<Slot>(threadIdx.x);
    out[static_cast<int>(s)] = threadIdx.x;
}
