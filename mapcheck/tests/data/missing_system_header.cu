// Issue 34 item 2: an `#include <...>` of a library header mapcheck does not provide (OpenGL,
// cuBLAS, Thrust, ...) is read as empty, with a warning; the kernel is checked (drf: each
// thread writes its own cell), and the host code that uses the header's names is a warning.
#include <mapcheck_no_such_library.h>
#include <mapcheck_no_such_dir/vector.h>

__global__ void own(int *a) { a[threadIdx.x] = 1; }

int main(void)
{
    no_such_library_init();
    return 0;
}
