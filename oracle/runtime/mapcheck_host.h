/* mapcheck_host.h: the host runtime of mapcheck's execution oracle (no NVIDIA text).
 *
 * A CUDA kernel file, rewritten only where its `__shared__` declarations are (one copy per
 * block) and where host-only functions have bodies (blanked), is compiled as host C++20 with
 * this header force-included and run under ThreadSanitizer: one host thread per CUDA thread,
 * all blocks of the grid at once. What TSan's happens-before analysis may see as
 * synchronisation is exactly CUDA's: `__syncthreads()` (a barrier of the block, a mutex and a
 * condition variable), `__syncwarp()` (a barrier of the warp) and a grid barrier. Atomics are
 * relaxed (CUDA's are), so they order nothing; warp exchanges (`__shfl_sync`, `__ballot_sync`,
 * ...) use relaxed atomics and spinning, so they order nothing either. Nothing else in here
 * synchronises the kernel's threads: no lazily initialised statics, no seq_cst atomics.
 *
 * Events the Rust side reads are lines on standard error that start with `MC-`:
 *   MC-DIVERGENCE <text>    a barrier reached by part of a block (exit status 3)
 *   MC-PRECONDITION <text>  a `__requires`, `assert`, `__assume` that failed: not a run (4)
 *   MC-UNSUPPORTED <text>   something the emulation cannot run (5)
 *   MC-DONE                 every thread returned (exit status 0)
 */
#ifndef MAPCHECK_HOST_H
#define MAPCHECK_HOST_H

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <new>
#include <source_location>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#define __MAPCHECK_ORACLE__ 1
/* The bounds run (`Prepared::check_bounds`) compiles with AddressSanitizer instead of
 * ThreadSanitizer: the runtime then poisons the shared arena around each variable and the
 * buffers' margins, so that an index out of bounds is reported rather than landing in the
 * slot or the margin that the race runs give it. */
#if defined(__SANITIZE_ADDRESS__)
#define __MC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define __MC_ASAN 1
#endif
#endif
#ifdef __MC_ASAN
#include <sanitizer/asan_interface.h>
#define __MC_POISON(p, n) __asan_poison_memory_region((p), (n))
#define __MC_UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define __MC_POISON(p, n) ((void)(p), (void)(n))
#define __MC_UNPOISON(p, n) ((void)(p), (void)(n))
#endif
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
/* The architecture and nvcc version mapcheck's front end analyses (its `driver.rs`): the same
 * device code paths run here. */
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 800
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#endif
#ifndef __CUDACC_VER_MINOR__
#define __CUDACC_VER_MINOR__ 0
#endif
#ifndef __CUDACC_VER_BUILD__
#define __CUDACC_VER_BUILD__ 0
#endif
#define CUDART_VERSION 12000
#define CUDA_VERSION 12000

#define __host__
#define __device__
#define __global__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__
/* `__shared__` is deliberately not defined: every `__shared__` declaration of the user's file
 * is rewritten by the oracle; one it could not rewrite fails to compile instead of silently
 * becoming one copy per grid. */

/* Vector types, aligned as CUDA aligns them. */
#define __MC_VEC(T, name, A)                                                                     \
  struct name##1 { T x; };                                                                       \
  struct alignas(A * 2 > 16 ? 16 : A * 2) name##2 { T x, y; };                                   \
  struct name##3 { T x, y, z; };                                                                 \
  struct alignas(A * 4 > 16 ? 16 : A * 4) name##4 { T x, y, z, w; };                            \
  inline name##1 make_##name##1(T x) { return name##1{x}; }                                      \
  inline name##2 make_##name##2(T x, T y) { return name##2{x, y}; }                              \
  inline name##3 make_##name##3(T x, T y, T z) { return name##3{x, y, z}; }                      \
  inline name##4 make_##name##4(T x, T y, T z, T w) { return name##4{x, y, z, w}; }
__MC_VEC(char, char, 1)
__MC_VEC(unsigned char, uchar, 1)
__MC_VEC(short, short, 2)
__MC_VEC(unsigned short, ushort, 2)
__MC_VEC(int, int, 4)
__MC_VEC(unsigned int, uint, 4)
__MC_VEC(long, long, 8)
__MC_VEC(unsigned long, ulong, 8)
__MC_VEC(long long, longlong, 8)
__MC_VEC(unsigned long long, ulonglong, 8)
__MC_VEC(float, float, 4)
__MC_VEC(double, double, 8)

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1) : x(x), y(y), z(z) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* The built-in variables: one per host thread, set before the kernel is called. */
inline thread_local uint3 threadIdx;
inline thread_local uint3 blockIdx;
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;
constexpr int warpSize = 32;

namespace __mc {

enum : int { EXIT_DIVERGENCE = 3, EXIT_PRECONDITION = 4, EXIT_UNSUPPORTED = 5, EXIT_USAGE = 6 };

[[noreturn]] inline void stop(const char *tag, int status, const char *what, unsigned line) {
  std::fprintf(stderr, "MC-%s line %u: %s\n", tag, line, what);
  std::fflush(stderr);
  ::_exit(status);
}
[[noreturn]] inline void unsupported(const char *what,
                                     std::source_location at = std::source_location::current()) {
  stop("UNSUPPORTED", EXIT_UNSUPPORTED, what, at.line());
}

/* A barrier of `n` threads that knows its threads: those waiting, those that returned from
 * the kernel, and the source line each waits at. A barrier some of whose threads returned, or
 * whose threads wait at different lines, is barrier divergence.
 *
 * Happens-before: a mutex and a condition variable order every arrival of a round before
 * every departure of that round, which is the barrier's meaning. Nothing else may be ordered:
 * a thread that leaves round r late must not acquire what a fast thread released arriving at
 * round r + 1 (that would order the fast thread's accesses of the next phase before the slow
 * thread's accesses of this one, and hide their race). So consecutive rounds use two halves,
 * each with its own mutex: round r uses half r % 2, and round r + 2 cannot start before every
 * thread has left round r (it arrived at r + 1). Threads that return count themselves with a
 * relaxed atomic, which orders nothing; waiters look at it every 20 ms. */
struct Barrier {
  struct Half {
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t c = PTHREAD_COND_INITIALIZER;
    unsigned arrived = 0;
    unsigned long rounds = 0;
    unsigned line = 0;
    long long acc = 0, result = 0;
  } half[2];
  unsigned n = 0;
  std::atomic<unsigned> exited{0};

  [[noreturn]] void diverged(const char *what, const Half &h) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: %u thread(s) wait at line %u, %u returned", what,
                  h.arrived, h.line, exited.load(std::memory_order_relaxed));
    stop("DIVERGENCE", EXIT_DIVERGENCE, buf, h.line);
  }
  /* Waits for the other threads (`round` is the calling thread's count of this barrier's
   * rounds); `value` is summed over them and the sum returned. */
  long long wait(unsigned long &round, unsigned at, long long value, const char *what) {
    Half &h = half[round % 2];
    round++;
    pthread_mutex_lock(&h.m);
    if (h.arrived == 0) {
      h.line = at;
    } else if (h.line != at) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s: threads wait at line %u and at line %u", what, h.line,
                    at);
      stop("DIVERGENCE", EXIT_DIVERGENCE, buf, at);
    }
    h.arrived++;
    h.acc += value;
    long long r;
    if (h.arrived == n) {
      h.result = h.acc;
      h.acc = 0;
      h.arrived = 0;
      h.rounds++;
      r = h.result;
      pthread_cond_broadcast(&h.c);
    } else {
      unsigned long mine = h.rounds;
      while (mine == h.rounds) {
        if (h.arrived + exited.load(std::memory_order_relaxed) >= n)
          diverged(what, h);
        timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 20 * 1000 * 1000;
        if (t.tv_nsec >= 1000 * 1000 * 1000) {
          t.tv_sec += 1;
          t.tv_nsec -= 1000 * 1000 * 1000;
        }
        pthread_cond_timedwait(&h.c, &h.m, &t);
      }
      r = h.result;
    }
    pthread_mutex_unlock(&h.m);
    return r;
  }
  void exit() { exited.fetch_add(1, std::memory_order_relaxed); }
};

/* Values exchanged between the lanes of a warp without any happens-before edge: relaxed
 * atomics, monotonic counters, spinning with sched_yield. Round r uses buffer r % 2; before
 * writing it a lane waits until every lane has read round r - 2 from it. */
struct Exchange {
  std::atomic<unsigned long long> slot[2][32];
  std::atomic<unsigned long> written[2];
  std::atomic<unsigned long> read[2];
};

struct Warp {
  Barrier barrier;
  Exchange ex;
  unsigned present = 0; /* the lanes that exist (the last warp of a block may be partial) */
  unsigned lanes = 0;
};

struct Block {
  Barrier barrier;
  std::vector<Warp> *warps = nullptr;
  char *shared = nullptr;
};

/* Per host thread: the block and warp of the CUDA thread it runs. */
inline thread_local Block *block_ = nullptr;
inline thread_local Warp *warp_ = nullptr;
inline thread_local unsigned lane_ = 0;
inline thread_local unsigned long exchanges_ = 0;
/* Rounds of the block's, the warp's and the grid's barrier this thread has been through. */
inline thread_local unsigned long block_rounds_ = 0, warp_rounds_ = 0, grid_rounds_ = 0;
inline Barrier *grid_barrier_ = nullptr;

/* The shared memory of a block: static slots of SLOT bytes, each variable at SLOT_OFFSET in
 * its slot (so that an index a little out of bounds stays in the slot, as a cell of its own
 * array rather than another's), then the dynamic region. */
constexpr std::size_t SLOT = std::size_t(1) << 18;
constexpr std::size_t SLOT_OFFSET = std::size_t(1) << 16;
template <class T> inline T &shared(unsigned id) {
  static_assert(sizeof(T) <= SLOT - 2 * SLOT_OFFSET, "a __shared__ variable larger than 128 KiB");
  T *p = reinterpret_cast<T *>(block_->shared + std::size_t(id) * SLOT + SLOT_OFFSET);
  /* Bounds run: the slot is poisoned but for the variable (idempotent, every thread). */
  __MC_UNPOISON(p, sizeof(T));
  return *p;
}
/* A `__shared__` variable declared in a function template is one variable per instantiation,
 * as each instantiation has its own function-local statics: the declaration has `count` slots
 * from `first`, each claimed by the address of a static of one instantiation (`key`). The claim
 * is a relaxed compare-and-swap, which orders no memory, so it hides no race from TSan. */
inline std::atomic<const void *> slot_keys_[1 << 12];
template <class T> inline T &shared_keyed(unsigned first, unsigned count, const void *key) {
  for (unsigned j = 0; j < count && first + j < (1u << 12); j++) {
    const void *expected = nullptr;
    std::atomic<const void *> &k = slot_keys_[first + j];
    if (k.compare_exchange_strong(expected, key, std::memory_order_relaxed) || expected == key)
      return shared<T>(first + j);
  }
  unsupported("more instantiations of a template's __shared__ variable than the rewrite counted");
}
extern const unsigned shared_slots; /* defined by the generated driver */
inline void *dynamic_shared() {
  return block_->shared + std::size_t(shared_slots) * SLOT + SLOT_OFFSET;
}

inline unsigned long long to_bits(const void *p, std::size_t n) {
  unsigned long long b = 0;
  std::memcpy(&b, p, n);
  return b;
}

/* One round of the warp's exchange: every lane gives `mine`, and gets the values of all. */
inline void exchange(unsigned long long mine, unsigned long long (&all)[32]) {
  Warp &w = *warp_;
  unsigned long r = exchanges_++;
  unsigned b = r % 2;
  unsigned long round = r / 2;
  while (w.ex.read[b].load(std::memory_order_relaxed) < round * w.lanes)
    sched_yield();
  w.ex.slot[b][lane_].store(mine, std::memory_order_relaxed);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  w.ex.written[b].fetch_add(1, std::memory_order_relaxed);
  while (w.ex.written[b].load(std::memory_order_relaxed) < (round + 1) * w.lanes)
    sched_yield();
  std::atomic_signal_fence(std::memory_order_seq_cst);
  for (unsigned l = 0; l < 32; l++)
    all[l] = (w.present >> l & 1) ? w.ex.slot[b][l].load(std::memory_order_relaxed) : 0;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  w.ex.read[b].fetch_add(1, std::memory_order_relaxed);
}

inline void full_mask(unsigned mask, const char *what, std::source_location at) {
  if ((mask & warp_->present) != warp_->present)
    stop("UNSUPPORTED", EXIT_UNSUPPORTED, what, at.line());
}

template <class T> inline T shuffle_from(T var, unsigned src) {
  static_assert(sizeof(T) <= 8, "a warp shuffle of a value wider than 8 bytes");
  unsigned long long all[32];
  exchange(to_bits(&var, sizeof(T)), all);
  if (src >= 32 || !(warp_->present >> src & 1))
    return var;
  T out;
  std::memcpy(&out, &all[src], sizeof(T));
  return out;
}

[[noreturn]] inline void host_only() {
  stop("UNSUPPORTED", EXIT_UNSUPPORTED, "a host-only function was called", 0);
}

inline void precondition(bool ok, const char *what, unsigned line) {
  if (!ok)
    stop("PRECONDITION", EXIT_PRECONDITION, what, line);
}

} // namespace __mc

/* Barriers and fences. */
inline void __syncthreads(std::source_location at = std::source_location::current()) {
  __mc::block_->barrier.wait(__mc::block_rounds_, at.line(), 0, "__syncthreads");
}
inline int __syncthreads_count(int p, std::source_location at = std::source_location::current()) {
  return (int)__mc::block_->barrier.wait(__mc::block_rounds_, at.line(), p != 0, "__syncthreads_count");
}
inline int __syncthreads_and(int p, std::source_location at = std::source_location::current()) {
  return __mc::block_->barrier.wait(__mc::block_rounds_, at.line(), p == 0, "__syncthreads_and") == 0;
}
inline int __syncthreads_or(int p, std::source_location at = std::source_location::current()) {
  return __mc::block_->barrier.wait(__mc::block_rounds_, at.line(), p != 0, "__syncthreads_or") != 0;
}
inline void __syncwarp(unsigned mask = 0xffffffffu,
                       std::source_location at = std::source_location::current()) {
  __mc::full_mask(mask, "__syncwarp with a mask of part of the warp", at);
  __mc::warp_->barrier.wait(__mc::warp_rounds_, at.line(), 0, "__syncwarp");
}
inline void __threadfence() {}
inline void __threadfence_block() {}
inline void __threadfence_system() {}

/* Atomics: relaxed read-modify-writes, as CUDA's. */
#define __MC_RELAXED std::memory_order_relaxed
#define __MC_ATOMIC_ADD(T)                                                                       \
  inline T atomicAdd(T *a, T v) { return std::atomic_ref<T>(*a).fetch_add(v, __MC_RELAXED); }    \
  inline T atomicAdd_block(T *a, T v) { return atomicAdd(a, v); }                                \
  inline T atomicAdd_system(T *a, T v) { return atomicAdd(a, v); }
#define __MC_ATOMIC_INT(T)                                                                       \
  __MC_ATOMIC_ADD(T)                                                                             \
  inline T atomicSub(T *a, T v) { return std::atomic_ref<T>(*a).fetch_sub(v, __MC_RELAXED); }    \
  inline T atomicAnd(T *a, T v) { return std::atomic_ref<T>(*a).fetch_and(v, __MC_RELAXED); }    \
  inline T atomicOr(T *a, T v) { return std::atomic_ref<T>(*a).fetch_or(v, __MC_RELAXED); }      \
  inline T atomicXor(T *a, T v) { return std::atomic_ref<T>(*a).fetch_xor(v, __MC_RELAXED); }    \
  inline T atomicExch(T *a, T v) { return std::atomic_ref<T>(*a).exchange(v, __MC_RELAXED); }    \
  inline T atomicExch_block(T *a, T v) { return atomicExch(a, v); }                              \
  inline T atomicExch_system(T *a, T v) { return atomicExch(a, v); }                             \
  inline T atomicMin(T *a, T v) {                                                                \
    std::atomic_ref<T> r(*a);                                                                    \
    T old = r.load(__MC_RELAXED);                                                                \
    while (v < old && !r.compare_exchange_weak(old, v, __MC_RELAXED, __MC_RELAXED)) {            \
    }                                                                                            \
    return old;                                                                                  \
  }                                                                                              \
  inline T atomicMax(T *a, T v) {                                                                \
    std::atomic_ref<T> r(*a);                                                                    \
    T old = r.load(__MC_RELAXED);                                                                \
    while (v > old && !r.compare_exchange_weak(old, v, __MC_RELAXED, __MC_RELAXED)) {            \
    }                                                                                            \
    return old;                                                                                  \
  }                                                                                              \
  inline T atomicCAS(T *a, T cmp, T v) {                                                         \
    std::atomic_ref<T>(*a).compare_exchange_strong(cmp, v, __MC_RELAXED, __MC_RELAXED);          \
    return cmp;                                                                                  \
  }
__MC_ATOMIC_INT(int)
__MC_ATOMIC_INT(unsigned int)
__MC_ATOMIC_INT(long long)
__MC_ATOMIC_INT(unsigned long long)
__MC_ATOMIC_ADD(float)
__MC_ATOMIC_ADD(double)
inline float atomicExch(float *a, float v) {
  return std::atomic_ref<float>(*a).exchange(v, __MC_RELAXED);
}
inline unsigned atomicInc(unsigned *a, unsigned v) {
  std::atomic_ref<unsigned> r(*a);
  unsigned old = r.load(__MC_RELAXED);
  while (!r.compare_exchange_weak(old, old >= v ? 0 : old + 1, __MC_RELAXED, __MC_RELAXED)) {
  }
  return old;
}
inline unsigned atomicDec(unsigned *a, unsigned v) {
  std::atomic_ref<unsigned> r(*a);
  unsigned old = r.load(__MC_RELAXED);
  while (!r.compare_exchange_weak(old, (old == 0 || old > v) ? v : old - 1, __MC_RELAXED,
                                  __MC_RELAXED)) {
  }
  return old;
}

/* Warp functions over the lanes of the warp. */
inline unsigned __mc_lane_mask_lt() { return (1u << __mc::lane_) - 1; }
#define __MC_AT std::source_location at = std::source_location::current()
template <class T> inline T __shfl_sync(unsigned mask, T var, int src, int width = 32, __MC_AT) {
  __mc::full_mask(mask, "__shfl_sync with a mask of part of the warp", at);
  unsigned base = __mc::lane_ / width * width;
  return __mc::shuffle_from(var, base + ((unsigned)src % (unsigned)width));
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned d, int width = 32, __MC_AT) {
  __mc::full_mask(mask, "__shfl_up_sync with a mask of part of the warp", at);
  unsigned l = __mc::lane_ % width;
  return __mc::shuffle_from(var, l >= d ? __mc::lane_ - d : __mc::lane_);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned d, int width = 32, __MC_AT) {
  __mc::full_mask(mask, "__shfl_down_sync with a mask of part of the warp", at);
  unsigned l = __mc::lane_ % width;
  return __mc::shuffle_from(var, l + d < (unsigned)width ? __mc::lane_ + d : __mc::lane_);
}
template <class T> inline T __shfl_xor_sync(unsigned mask, T var, int m, int width = 32, __MC_AT) {
  __mc::full_mask(mask, "__shfl_xor_sync with a mask of part of the warp", at);
  unsigned src = __mc::lane_ ^ (unsigned)m;
  return __mc::shuffle_from(var, src / width == __mc::lane_ / width ? src : __mc::lane_);
}
inline unsigned __ballot_sync(unsigned mask, int pred, __MC_AT) {
  __mc::full_mask(mask, "__ballot_sync with a mask of part of the warp", at);
  unsigned long long all[32];
  __mc::exchange(pred != 0, all);
  unsigned r = 0;
  for (unsigned l = 0; l < 32; l++)
    r |= (all[l] != 0 ? 1u : 0u) << l;
  return r;
}
inline int __any_sync(unsigned mask, int pred, __MC_AT) {
  return __ballot_sync(mask, pred, at) != 0;
}
inline int __all_sync(unsigned mask, int pred, __MC_AT) {
  return __ballot_sync(mask, pred, at) == __mc::warp_->present;
}
inline unsigned __activemask(__MC_AT) {
  __mc::unsupported("__activemask: the emulation does not know which lanes are converged", at);
}
inline unsigned __lanemask_lt() { return __mc_lane_mask_lt(); }
template <class T> inline T __ldg(const T *p) { return *p; }

/* Integer intrinsics (CUDA Math API, "Integer Intrinsics"). */
inline int __mul24(int x, int y) {
  long long a = (long long)(x << 8) >> 8, b = (long long)(y << 8) >> 8;
  return (int)(uint32_t)(a * b);
}
inline unsigned __umul24(unsigned x, unsigned y) {
  return (unsigned)((unsigned long long)(x & 0xffffffu) * (y & 0xffffffu));
}
inline int __mulhi(int x, int y) { return (int)(((long long)x * (long long)y) >> 32); }
inline unsigned __umulhi(unsigned x, unsigned y) {
  return (unsigned)(((unsigned long long)x * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return (long long)(((__int128)x * (__int128)y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; i++)
    if (x & (1u << i))
      r |= 1u << (31 - i);
  return r;
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned sel = (s >> (4 * i)) & 7;
    r |= (unsigned)((bytes >> (8 * sel)) & 0xff) << (8 * i);
  }
  return r;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)((v << (s & 31)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)(v >> (s & 31));
}
inline unsigned __sad(int x, int y, unsigned z) { return (x > y ? x - y : y - x) + z; }
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
inline long long clock64() { return (long long)std::clock(); }

/* The integer min/max overloads of CUDA's math_functions.hpp: a mixed signed/unsigned pair is
 * compared as unsigned. */
inline int min(int a, int b) { return a < b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline float min(float a, float b) { return std::fmin(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }

/* Floating-point math beyond <cmath>. */
using std::isfinite;
using std::isinf;
using std::isnan;
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x < 0 ? 0.0f : (x > 1 ? 1.0f : x); }
inline float __fmul_rn(float x, float y) { return x * y; }
inline float __fadd_rn(float x, float y) { return x + y; }
inline int __float2int_rn(float x) { return (int)std::nearbyint(x); }
inline int __float2int_rz(float x) { return (int)x; }
inline unsigned __float2uint_rn(float x) { return (unsigned)std::nearbyint(x); }
inline float __int2float_rn(int x) { return (float)x; }
inline float __int_as_float(int x) { float f; std::memcpy(&f, &x, 4); return f; }
inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, 4); return i; }
inline float __uint_as_float(unsigned x) { float f; std::memcpy(&f, &x, 4); return f; }
inline unsigned __float_as_uint(float x) { unsigned i; std::memcpy(&i, &x, 4); return i; }

/* Half precision is `cuda_fp16.h`'s (`FP16_HEADER` in `oracle/src/lib.rs`), as nvcc declares
 * it: a file that does not include it may name its own `half`. */

/* GPUVerify's annotations: preconditions are checked (a false one makes the launch not a
 * run); invariants, postconditions and the access predicates are not evaluated. */
#define __requires(c) ::__mc::precondition((c), "__requires(" #c ")", __LINE__)
#define __global_requires(c) ::__mc::precondition((c), "__global_requires(" #c ")", __LINE__)
#define __assume(c) ::__mc::precondition((c), "__assume(" #c ")", __LINE__)
#define __ensures(c) ((void)0)
#define __global_ensures(c) ((void)0)
#define __invariant(c) ((void)0)
#define __global_invariant(c) ((void)0)
#define __function_wide_invariant(c) ((void)0)
#define __function_wide_candidate_invariant(c) ((void)0)
#define __candidate_invariant(c) ((void)0)
#define __candidate_global_invariant(c) ((void)0)
#define __global_assert(c) ((void)0)
#define __assert(c) ((void)0)
#define __dominator_invariant(c) ((void)0)
#define __non_temporal(c) (c)
#define __implies(a, b) (!(a) || (b))
#define __other_int(x) (x)
#define __other_bool(x) (x)
#define __uniform_int(x) true
#define __uniform_bool(x) true
#define __distinct_int(x) true
#define __same_group true
#define __enabled() true
#define __builtin_assume(c) ::__mc::precondition((c), "__builtin_assume(" #c ")", __LINE__)
/* Reaching `__builtin_unreachable()` is undefined behaviour: as mapcheck reads it, a launch
 * that gets there is not a run. */
#define __builtin_unreachable() ::__mc::precondition(false, "__builtin_unreachable()", __LINE__)
/* `assert(c)` is a precondition, as mapcheck reads it (the oracle's `assert.h` and `cassert`
 * define it again where they are included). */
#undef assert
#ifdef NDEBUG
#define assert(c) ((void)0)
#else
#define assert(c) ::__mc::precondition((c), "assert(" #c ")", __LINE__)
#endif

/* Host runtime API: the types host code's signatures use (host bodies are blanked). */
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; int warpSize;
  int maxThreadsPerBlock; int multiProcessorCount; int major; int minor; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaPos { size_t x, y, z; };
inline cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { return cudaExtent{w, h, d}; }
inline cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t x, size_t y) {
  return cudaPitchedPtr{d, p, x, y};
}
cudaError_t cudaMalloc(void **p, size_t size);
template <class T> cudaError_t cudaMalloc(T **p, size_t size);
cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags = 1);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind);
cudaError_t cudaMemset(void *p, int v, size_t n);
cudaError_t cudaFree(void *p);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
const char *cudaGetErrorString(cudaError_t e);

/* Textures and surfaces: fetches read memory the oracle does not model (zero); surface writes
 * are refused. */
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2 };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture { int normalized; };
template <class T> inline T tex1Dfetch(cudaTextureObject_t, int) { return T{}; }
template <class T> inline T tex1D(cudaTextureObject_t, float) { return T{}; }
template <class T> inline T tex2D(cudaTextureObject_t, float, float) { return T{}; }
template <class T> inline T tex3D(cudaTextureObject_t, float, float, float) { return T{}; }
template <class T, int d, enum cudaTextureReadMode m> inline T tex1Dfetch(texture<T, d, m>, int) {
  return T{};
}
template <class T, int d, enum cudaTextureReadMode m> inline T tex1D(texture<T, d, m>, float) {
  return T{};
}
template <class T, int d, enum cudaTextureReadMode m>
inline T tex2D(texture<T, d, m>, float, float) {
  return T{};
}
template <class T>
inline T surf2Dread(cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap,
                    __MC_AT) {
  __mc::unsupported("surface memory", at);
}
template <class T>
inline void surf2Dwrite(T, cudaSurfaceObject_t, int, int,
                        cudaSurfaceBoundaryMode = cudaBoundaryModeTrap, __MC_AT) {
  __mc::unsupported("surface memory", at);
}
template <class T>
inline T surf1Dread(cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap,
                    __MC_AT) {
  __mc::unsupported("surface memory", at);
}
template <class T>
inline void surf1Dwrite(T, cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap,
                        __MC_AT) {
  __mc::unsupported("surface memory", at);
}

/* Cooperative groups: the block's barrier and geometry; a grid barrier over every thread of
 * the launch; tiles and coalesced groups are refused. */
namespace cooperative_groups {
class thread_block {
public:
  void sync(__MC_AT) const { __syncthreads(at); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
  unsigned long long size() const { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const {
    return threadIdx.x + (unsigned long long)blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
};
typedef thread_block thread_group;
class grid_group {
public:
  void sync(__MC_AT) const { ::__mc::grid_barrier_->wait(::__mc::grid_rounds_, at.line(), 0, "grid_group::sync"); }
  bool is_valid() const { return true; }
  unsigned long long size() const {
    return thread_block().size() * gridDim.x * gridDim.y * gridDim.z;
  }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const {
    unsigned long long b = blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    return b * thread_block().size() + thread_block().thread_rank();
  }
};
inline thread_block this_thread_block() { return thread_block(); }
inline grid_group this_grid() { return grid_group(); }
template <class Group> inline void sync(const Group &g, __MC_AT) { g.sync(at); }
template <unsigned int Size, class Parent = void> class thread_block_tile {
public:
  void sync(__MC_AT) const { ::__mc::unsupported("thread_block_tile", at); }
};
template <unsigned int Size, class Parent>
inline thread_block_tile<Size, Parent> tiled_partition(const Parent &, __MC_AT) {
  ::__mc::unsupported("tiled_partition", at);
}
} // namespace cooperative_groups

/* curand: a thread-private xorshift generator (the numbers drawn are not curand's). */
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; float boxmuller_extra; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
inline void curand_init(unsigned long long seed, unsigned long long sub, unsigned long long off,
                        curandState *s) {
  unsigned long long x = seed * 0x9e3779b97f4a7c15ull ^ (sub + 1) * 0xbf58476d1ce4e5b9ull ^ off;
  s->d = (unsigned)(x | 1);
  for (int i = 0; i < 5; i++)
    s->v[i] = (unsigned)(x >> (i * 7)) | 1u;
  s->boxmuller_flag = 0;
  s->boxmuller_extra = 0;
}
inline unsigned int curand(curandState *s) {
  unsigned x = s->d;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return s->d = x;
}
inline float curand_uniform(curandState *s) { return (curand(s) >> 8) * (1.0f / 16777216.0f) + 1e-7f; }
inline double curand_uniform_double(curandState *s) { return curand_uniform(s); }
inline float curand_normal(curandState *s) { return curand_uniform(s) - 0.5f; }
inline double curand_normal_double(curandState *s) { return curand_normal(s); }

/* printf, malloc, free, memset and memcpy are the C library's. */

/* The launcher, before the user's text (whose macros must not reach it). */
#include "mapcheck_launch.h"

#endif
