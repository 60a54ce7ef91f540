//! The oracle on small kernels written here: each part of the runtime (shared memory per
//! block, barriers, atomics, warp barriers and shuffles, dynamic shared memory, templates,
//! host code, preconditions, divergence) against a race or its absence decided by hand.
//! Needs `g++` with ThreadSanitizer and clang (as the CUDA corpus tests do).
// A panic in a helper is a failing test, not a crash a user sees.
#![allow(clippy::panic)]

use mapcheck_oracle::{AccessKind, Launch, Observation, Oracle, Outcome};
use std::path::PathBuf;

/// Runs `kernel` of the CUDA text `source` for `grid` blocks of `block` threads.
fn run(source: &str, kernel: &str, grid: u32, block: u32) -> Observation {
    run_with(source, kernel, Launch::new([grid, 1, 1], [block, 1, 1]))
}

fn run_with(source: &str, kernel: &str, launch: Launch) -> Observation {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("oracle-runs");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(format!("{kernel}.cu"));
    std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
    let oracle = Oracle::new().unwrap_or_else(|e| panic!("{e}"));
    oracle
        .run(&path, &[], kernel, &launch)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn lines(o: &Observation) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = o
        .races
        .iter()
        .map(|r| {
            let (a, b) = (r.first.line.unwrap_or(0), r.second.line.unwrap_or(0));
            (a.min(b), a.max(b))
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn shared_memory_is_one_copy_per_block() {
    // Every block's thread 0 writes s[0] of its own block: no race between blocks.
    let src = "__global__ void per_block(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
";
    let o = run(src, "per_block", 4, 32);
    assert_eq!(o.outcome, Outcome::Completed);
    assert!(o.races.is_empty(), "{:?}", o.races);
}

#[test]
fn a_missing_barrier_races_and_a_barrier_orders() {
    let src = "__global__ void shift(int *out, int with_sync) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (with_sync) __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
";
    let mut racy = Launch::new([1, 1, 1], [64, 1, 1]);
    racy.params.insert("with_sync".into(), "0".into());
    let o = run_with(src, "shift", racy);
    assert_eq!(lines(&o), vec![(3, 5)]);
    let r = &o.races[0];
    assert!(matches!(
        (r.first.kind, r.second.kind),
        (AccessKind::Write, AccessKind::Read) | (AccessKind::Read, AccessKind::Write)
    ));
    let mut fixed = Launch::new([1, 1, 1], [64, 1, 1]);
    fixed.params.insert("with_sync".into(), "1".into());
    assert!(run_with(src, "shift", fixed).races.is_empty());
}

#[test]
fn a_late_thread_is_not_ordered_by_the_next_barrier() {
    // Two threads increment one shared counter between two barriers: a race, however the
    // threads leave the first barrier (a barrier built on one mutex would order them).
    let src = "__global__ void count(int n, int *out) {
  __shared__ int c;
  if (threadIdx.x == 0) c = 0;
  __syncthreads();
  if (threadIdx.x < n) c++;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = c;
}
";
    let mut l = Launch::new([1, 1, 1], [128, 1, 1]);
    l.params.insert("n".into(), "2".into());
    assert_eq!(lines(&run_with(src, "count", l)), vec![(5, 5)]);
}

#[test]
fn atomics_do_not_race_with_atomics_but_with_plain_accesses() {
    let src = "__global__ void histo(unsigned *bins, int plain) {
  atomicAdd(&bins[threadIdx.x % 4], 1u);
  if (plain && threadIdx.x == 5) bins[0] = 0;
}
";
    let mut l = Launch::new([2, 1, 1], [64, 1, 1]);
    l.params.insert("plain".into(), "0".into());
    assert!(run_with(src, "histo", l.clone()).races.is_empty());
    l.params.insert("plain".into(), "1".into());
    let o = run_with(src, "histo", l);
    assert!(o.races.iter().any(|r| {
        let kinds = [r.first.kind, r.second.kind];
        kinds.contains(&AccessKind::Write)
            && (kinds.contains(&AccessKind::AtomicWrite) || kinds.contains(&AccessKind::AtomicRead))
    }));
}

#[test]
fn blocks_race_on_global_memory() {
    let src = "__global__ void same_cells(float *a) {
  a[threadIdx.x] = blockIdx.x;
}
";
    let o = run(src, "same_cells", 2, 32);
    assert!(o.races.iter().all(|r| r.inter_block()));
    assert_eq!(lines(&o), vec![(2, 2)]);
}

#[test]
fn syncwarp_orders_a_warp_and_not_two() {
    let src = "__global__ void partner(int *out, int distance) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[threadIdx.x ^ distance];
}
";
    let mut l = Launch::new([1, 1, 1], [64, 1, 1]);
    l.params.insert("distance".into(), "1".into());
    assert!(run_with(src, "partner", l.clone()).races.is_empty());
    l.params.insert("distance".into(), "32".into());
    assert_eq!(lines(&run_with(src, "partner", l)), vec![(3, 5)]);
}

#[test]
fn shuffles_exchange_values_without_ordering_memory() {
    // A warp sum by shuffles, then lane 0 stores it: the value is the sum of the lanes.
    let src = "__global__ void warp_sum(int *out) {
  int v = threadIdx.x;
  for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
  if (threadIdx.x == 0) out[0] = v;
  if (threadIdx.x == 0 && v != 496) out[1] = 1;
  if (threadIdx.x == 1) out[1] = 2;
}
";
    // The check of the sum would race with lane 1's store only if the sum were wrong.
    let o = run(src, "warp_sum", 1, 32);
    assert_eq!(o.outcome, Outcome::Completed);
    assert!(o.races.is_empty(), "{:?}", o.races);
}

#[test]
fn dynamic_shared_memory_is_aliased_by_every_declaration() {
    let src = "__global__ void two_views(float *out) {
  extern __shared__ float a[];
  extern __shared__ float b[];
  a[threadIdx.x] = 1.0f;
  out[threadIdx.x] = b[63 - threadIdx.x];
}
";
    assert_eq!(lines(&run(src, "two_views", 1, 64)), vec![(4, 5)]);
}

#[test]
fn templates_host_code_and_macros_are_rewritten() {
    let src = "#include <cstdio>
#define TILE 32
template <class T, int N> __global__ void tile_reverse(T *out) {
  __shared__ T s[N];
  s[threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = s[N - 1 - threadIdx.x];
}
int main() {
  float *d;
  cudaMalloc(&d, 4 * TILE);
  tile_reverse<float, TILE><<<1, TILE>>>(d);
  printf(\"done\\n\");
  return 0;
}
";
    let o = run(src, "tile_reverse<float, 32>", 1, 32);
    assert_eq!(o.outcome, Outcome::Completed);
    assert_eq!(lines(&o), vec![(5, 6)]);
}

#[test]
fn a_barrier_part_of_a_block_skips_is_divergence() {
    let src = "__global__ void early_exit(int *out, int n) {
  if (threadIdx.x >= n) return;
  __syncthreads();
  out[threadIdx.x] = 1;
}
";
    let mut l = Launch::new([1, 1, 1], [64, 1, 1]);
    l.params.insert("n".into(), "48".into());
    let o = run_with(src, "early_exit", l);
    assert!(
        matches!(o.outcome, Outcome::Divergence(_)),
        "{:?}",
        o.outcome
    );
    let mut all = Launch::new([1, 1, 1], [64, 1, 1]);
    all.params.insert("n".into(), "64".into());
    assert_eq!(run_with(src, "early_exit", all).outcome, Outcome::Completed);
}

#[test]
fn a_false_precondition_is_not_a_run() {
    let src = "__global__ void needs(int *out, int n) {
  __requires(n == 64);
  out[threadIdx.x] = n;
}
";
    let mut l = Launch::new([1, 1, 1], [8, 1, 1]);
    l.params.insert("n".into(), "3".into());
    assert!(matches!(
        run_with(src, "needs", l).outcome,
        Outcome::NotARun(_)
    ));
}

#[test]
fn inline_assembly_is_unsupported() {
    let src = "__global__ void lane(int *out) {
  unsigned l;
  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(l));
  out[threadIdx.x] = l;
}
";
    assert!(matches!(
        run(src, "lane", 1, 32).outcome,
        Outcome::Unsupported(_)
    ));
}

#[test]
#[ignore = "long tier: 1024 host threads under ThreadSanitizer with a wall-clock limit per run; \
            beside the other tests of the fast tier it failed twice in session 17 (passes alone)"]
fn a_race_between_two_threads_of_a_large_launch_is_observed() {
    // 1024 threads, two of which (in the last block) write one cell: LLVM's TSan keeps 256
    // thread slots and misses this; the oracle runs launches that large with g++'s.
    let src = "__global__ void two_writers(int *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 1000 || t == 1001) out[7] = t;
}
";
    assert_eq!(lines(&run(src, "two_writers", 4, 256)), vec![(3, 3)]);
}

#[test]
fn struct_parameters_get_buffers_and_values() {
    let src = "struct Plane { float *data; int width; };
struct Job { Plane in; Plane out; };
__global__ void halve(Job j) {
  if (threadIdx.x < j.out.width) j.out.data[threadIdx.x / 2] = j.in.data[threadIdx.x];
}
";
    let mut l = Launch::new([1, 1, 1], [64, 1, 1]);
    l.params.insert("j_out_width".into(), "64".into());
    assert_eq!(lines(&run_with(src, "halve", l.clone())), vec![(4, 4)]);
    l.params.insert("j_out_width".into(), "1".into());
    assert!(run_with(src, "halve", l).races.is_empty());
}
