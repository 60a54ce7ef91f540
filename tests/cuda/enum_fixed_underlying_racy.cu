//xfail:data-race
//--blockDim=512 --gridDim=1
// mapcheck: exact
// A scoped enumeration with a fixed underlying type is an integer of that type: converting
// threadIdx.x to `Slot : unsigned char` keeps it modulo 256, so threads t and t + 256 both
// write out[t]. Racy. (mapcheck once refused every enumeration-typed local: the type's name
// read as a struct nobody declared.)

enum class Slot : unsigned char { First = 0, Last = 255 };

__global__ void bucket(int *out)
{
    Slot s = static_cast<Slot>(threadIdx.x);
    out[static_cast<int>(s)] = threadIdx.x;
}
