// Issue 34 item 2: clang's errors in host code are warnings on the host functions; the kernel
// is checked (racy: every thread writes out[0] with its own id) and the exit code is its.
#include <vector>
#include <algorithm>

struct Timer {
    void start() { undeclared_timer_start(); }
};

struct Unordered { int x; };

__global__ void lastWriterWins(int *out)
{
    out[0] = threadIdx.x;
}

int main(void)
{
    std::vector<Unordered> v(3);
    std::sort(v.begin(), v.end());
    StopWatchInterfaceMissing *t = 0;
    int *d = NULL;
    cudaMalloc(&d, sizeof(int));
    lastWriterWins<<<1, 32>>>(d);
    exit(EXIT_SUCCESS);
}
