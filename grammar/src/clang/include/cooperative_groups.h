/* mapcheck's cooperative groups (no NVIDIA text). The lowering reads
 * `thread_block::sync()` (and `this_thread_block().sync()`, `cg::sync(block)`) as the block's
 * barrier; `grid_group::sync()` is a grid barrier (refused until the core has one); the rank
 * and size queries are the thread geometry. */
#ifndef __MAPCHECK_COOPERATIVE_GROUPS_H
#define __MAPCHECK_COOPERATIVE_GROUPS_H
#include "__mapcheck_cuda.h"
namespace cooperative_groups {
class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
class thread_block : public thread_group {
public:
  __device__ void sync() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
class grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
template <unsigned int Size, class Parent = void> class thread_block_tile : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ unsigned int match_any(T value) const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned d) const;
  template <class T> __device__ T shfl_up(T var, unsigned d) const;
  template <class T> __device__ T shfl_xor(T var, unsigned m) const;
  __device__ int any(int p) const;
  __device__ int all(int p) const;
  __device__ unsigned ballot(int p) const;
};
class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned d) const;
  template <class T> __device__ T shfl_up(T var, unsigned d) const;
  __device__ unsigned ballot(int p) const;
  __device__ int any(int p) const;
  __device__ int all(int p) const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long thread_rank() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
/* The tile of a partition, convertible to the `thread_block_tile<Size>` users declare. */
template <unsigned int Size, class Parent>
__device__ thread_block_tile<Size> tiled_partition(const Parent &parent);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int size);
template <class Group> __device__ void sync(const Group &g);
/* Group reductions and scans (`cooperative_groups/reduce.h`, `scan.h`): values exchanged
 * between the threads of the group, not memory. */
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const; };
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T inclusive_scan(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T exclusive_scan(const Group &g, T value, Op op);
template <class Group, class T> __device__ T inclusive_scan(const Group &g, T value);
template <class Group, class T> __device__ T exclusive_scan(const Group &g, T value);
__device__ coalesced_group labeled_partition(const coalesced_group &g, int label);
__device__ coalesced_group binary_partition(const coalesced_group &g, bool pred);
} // namespace cooperative_groups
#endif
