// truth.h: the host side of the arithmetic truths of the CUDA corpus (issue 14).
//
// A host program NAME.cpp beside tests/cuda/NAME.cu enumerates every thread of the geometry of
// NAME.cu's GPUVerify header, records each shared/global access with the cell the kernel
// computes (by the same C++ expressions, compiled here by g++ with the same integer types), and
// prints on its first line the geometry it enumerated and on its second `racy` or `race-free`.
// tests/tests/cuda_host_truth.rs compiles and runs every host program and checks both lines
// against the header of the .cu file. Only the accesses and the barrier intervals that decide
// the race are recorded; the comment of each program says which.
//
// Accesses to __shared__ arrays go through sread/swrite, which keep blocks apart; the plain
// read/write are for global memory (all blocks share it). Programs whose geometry has one
// block may use either.
//
// Also here: the CUDA integer intrinsics and the integer min/max overloads of CUDA's
// math_functions.hpp, with their documented semantics, for the host programs to call by the
// kernel's names.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <tuple>
#include <vector>

struct Dim3 {
    unsigned x, y, z;
};

struct Access {
    int array;        // which array (a number the program chooses per array)
    long long cell;   // the cell (element or byte index, as the program says)
    bool write;
    bool atomic;
    bool shared;      // a __shared__ array: one copy per block
    unsigned block;   // linear block id
    unsigned thread;  // linear thread id within the block
    int phase;        // barrier interval within the block
};

struct Truth {
    Dim3 block, grid;
    std::vector<Access> accesses;
    Truth(Dim3 b, Dim3 g) : block(b), grid(g) {}

    void read(int array, long long cell, unsigned blk, unsigned thr, int phase = 0)
    {
        accesses.push_back({array, cell, false, false, false, blk, thr, phase});
    }
    void write(int array, long long cell, unsigned blk, unsigned thr, int phase = 0)
    {
        accesses.push_back({array, cell, true, false, false, blk, thr, phase});
    }
    // Accesses to a __shared__ array (threads of different blocks never meet there).
    void sread(int array, long long cell, unsigned blk, unsigned thr, int phase = 0)
    {
        accesses.push_back({array, cell, false, false, true, blk, thr, phase});
    }
    void swrite(int array, long long cell, unsigned blk, unsigned thr, int phase = 0)
    {
        accesses.push_back({array, cell, true, false, true, blk, thr, phase});
    }

    // Accesses of the bytes [p, p + n) of the __shared__ buffer that starts at `base`, one cell
    // per byte: for kernels that view one `extern __shared__` buffer through types of
    // different sizes, the bytes an access covers are what decides the race. The host program
    // computes p with the kernel's own pointer arithmetic on a buffer of its own.
    void sread_bytes(int array, const void *base, const void *p, size_t n, unsigned blk,
                     unsigned thr, int phase = 0)
    {
        long long first = (const char *)p - (const char *)base;
        for (size_t k = 0; k < n; k++)
            sread(array, first + (long long)k, blk, thr, phase);
    }
    void swrite_bytes(int array, const void *base, const void *p, size_t n, unsigned blk,
                      unsigned thr, int phase = 0)
    {
        long long first = (const char *)p - (const char *)base;
        for (size_t k = 0; k < n; k++)
            swrite(array, first + (long long)k, blk, thr, phase);
    }

    // Two accesses of distinct threads to the same cell, one a write, not both atomic, in the
    // same barrier interval of the same block or in different blocks.
    bool racy(bool verbose = true) const
    {
        std::map<std::pair<int, long long>, std::vector<const Access *>> by_cell;
        for (const Access &a : accesses)
            by_cell[{a.array, a.cell}].push_back(&a);
        for (auto &entry : by_cell) {
            auto &v = entry.second;
            for (size_t i = 0; i < v.size(); i++)
                for (size_t j = i + 1; j < v.size(); j++) {
                    const Access &a = *v[i], &b = *v[j];
                    if (a.block == b.block && a.thread == b.thread)
                        continue;
                    if (a.shared && a.block != b.block)
                        continue;
                    if (!a.write && !b.write)
                        continue;
                    if (a.atomic && b.atomic)
                        continue;
                    if (a.block == b.block && a.phase != b.phase)
                        continue;
                    if (verbose)
                        fprintf(stderr,
                                "collision: array %d cell %lld: block %u thread %u (%s) and "
                                "block %u thread %u (%s)\n",
                                a.array, a.cell, a.block, a.thread, a.write ? "write" : "read",
                                b.block, b.thread, b.write ? "write" : "read");
                    return true;
                }
        }
        return false;
    }

    // Prints the two lines tests/tests/cuda_host_truth.rs reads.
    int report() const
    {
        printf("blockDim=[%u,%u,%u] gridDim=[%u,%u,%u]\n", block.x, block.y, block.z, grid.x,
               grid.y, grid.z);
        printf("%s\n", racy() ? "racy" : "race-free");
        return 0;
    }
};

// Calls f(blockIdx, threadIdx, linear block, linear thread) for every thread of the geometry.
template <class F> void for_each_thread(const Truth &t, F f)
{
    for (unsigned bz = 0; bz < t.grid.z; bz++)
        for (unsigned by = 0; by < t.grid.y; by++)
            for (unsigned bx = 0; bx < t.grid.x; bx++)
                for (unsigned tz = 0; tz < t.block.z; tz++)
                    for (unsigned ty = 0; ty < t.block.y; ty++)
                        for (unsigned tx = 0; tx < t.block.x; tx++) {
                            Dim3 b{bx, by, bz}, th{tx, ty, tz};
                            unsigned lb = (bz * t.grid.y + by) * t.grid.x + bx;
                            unsigned lt = (tz * t.block.y + ty) * t.block.x + tx;
                            f(b, th, lb, lt);
                        }
}

// CUDA integer intrinsics (CUDA Math API, "Integer Intrinsics").
inline int __mul24(int x, int y)
{
    // The product of the low 24 bits of x and y, sign-extended from 24 bits; the low 32 bits.
    long long a = (long long)(x << 8) >> 8, b = (long long)(y << 8) >> 8;
    return (int)(uint32_t)(a * b);
}
inline unsigned __umul24(unsigned x, unsigned y)
{
    return (unsigned)((unsigned long long)(x & 0xffffffu) * (y & 0xffffffu));
}
inline int __mulhi(int x, int y) { return (int)(((long long)x * (long long)y) >> 32); }
inline unsigned __umulhi(unsigned x, unsigned y)
{
    return (unsigned)(((unsigned long long)x * y) >> 32);
}
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline unsigned __brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++)
        if (x & (1u << i))
            r |= 1u << (31 - i);
    return r;
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    unsigned long long bytes = ((unsigned long long)y << 32) | x;
    unsigned r = 0;
    for (int i = 0; i < 4; i++) {
        unsigned sel = (s >> (4 * i)) & 7;
        r |= (unsigned)((bytes >> (8 * sel)) & 0xff) << (8 * i);
    }
    return r;
}
inline unsigned __sad(int x, int y, unsigned z) { return (x > y ? x - y : y - x) + z; }
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }

// The integer min/max overloads of CUDA's math_functions.hpp: a mixed signed/unsigned pair is
// compared as unsigned (umin/umax), as C's usual arithmetic conversions would.
inline int min(int a, int b) { return a < b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
