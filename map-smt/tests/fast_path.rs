//! The fast path (`mapcheck_smt::fast`): which pairs it settles without the solver, and that
//! it never settles a pair two threads can race on. The truth of each kernel is decided by
//! hand: two distinct threads meet on the cell or they do not.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_core::Arith;
use mapcheck_smt::{Decision, Verdict};

fn decided(src: &str, block: Option<[i128; 3]>, arith: Arith) -> Decision {
    decided_in(src, block, None, arith)
}

fn decided_in(
    src: &str,
    block: Option<[i128; 3]>,
    grid: Option<[i128; 3]>,
    arith: Arith,
) -> Decision {
    common::decided(src, &common::fixed(arith, block, grid))
}

/// (settled pairs, verdict) in `int` and in `bv32`, which must agree on the verdict.
fn check(src: &str, block: Option<[i128; 3]>) -> (usize, Verdict) {
    let int = decided(src, block, Arith::Int);
    let bv = decided(src, block, Arith::Bv32);
    assert_eq!(int.verdict, bv.verdict, "{src}");
    (int.settled, int.verdict)
}

#[test]
fn a_thread_indexed_write_is_settled() {
    let src = "kernel k(n) { shared A; A[2 * tid + n] := tid; }";
    assert_eq!(check(src, None), (1, Verdict::Drf));
}

#[test]
fn two_dimensions_settle_only_when_every_component_that_varies_is_named() {
    // Threads (x, y, 0) and (x, y, 1) of a block with ntid.z = 2 write one cell.
    let src = "kernel k() { shared A; A[tid.y][tid.x] := tid; }";
    assert_eq!(check(src, None), (0, Verdict::Racy));
    assert_eq!(check(src, Some([16, 16, 1])), (1, Verdict::Drf));
    let three = "kernel k() { shared A; A[tid.z][tid.y][tid.x] := tid; }";
    assert_eq!(check(three, None), (1, Verdict::Drf));
}

#[test]
fn a_padded_row_major_index_settles_only_when_the_row_is_wide_enough() {
    // 17 * y + x: rows of 17 hold 16 threads; with 18 threads a row, (17, 0) and (0, 1) meet.
    let src = "kernel k() { shared A; A[tid.y * 17 + tid.x] := tid; }";
    assert_eq!(check(src, Some([16, 16, 1])), (1, Verdict::Drf));
    assert_eq!(check(src, Some([18, 16, 1])), (0, Verdict::Racy));
}

#[test]
fn per_thread_values_in_the_index_go_to_the_solver() {
    // Thread 0 at i = 1 and thread 1 at i = 0 both write A[1].
    let src = "kernel k() { shared A; for i in 0..4 { A[tid + i] := tid; } }";
    assert_eq!(check(src, None), (0, Verdict::Racy));
    // A value read from memory differs per thread.
    let read = "kernel k() { shared A; shared B; let x = B[tid]; A[tid + x] := tid; }";
    let d = decided(read, None, Arith::Int);
    assert_eq!(d.settled, 0);
}

#[test]
fn a_barrier_loop_variable_is_shared_within_its_phase() {
    // Each phase of the barrier loop has one i for all threads: A[tid + 64 * i] is injective.
    let src = "kernel k() { shared A; for i in 0..4 { A[tid + 64 * i] := tid; sync; } }";
    let (settled, verdict) = check(src, Some([64, 1, 1]));
    assert!(settled > 0);
    assert_eq!(verdict, Verdict::Drf);
}

#[test]
fn a_global_id_settles_at_grid_level_only_when_the_grid_is_one_row() {
    // G[bid.x * ntid.x + tid.x]: distinct (block, thread) pairs of a 4 x 1 grid of 64-thread
    // blocks write distinct cells; with a second row of blocks, blocks (0, 0) and (0, 1) meet.
    // (The stored block id keeps a collision from being benign.)
    let src = "kernel k() { global G; G[bid.x * ntid.x + tid.x] := bid; }";
    for arith in [Arith::Int, Arith::Bv32] {
        let one_row = decided_in(src, Some([64, 1, 1]), Some([4, 1, 1]), arith);
        assert_eq!(
            (one_row.settled, one_row.verdict),
            (2, Verdict::Drf),
            "{arith}"
        );
        let two_rows = decided_in(src, Some([64, 1, 1]), Some([4, 2, 1]), arith);
        assert_eq!(two_rows.verdict, Verdict::Racy, "{arith}");
        // Symbolic geometry: the solver decides (and finds the second row).
        let open = decided_in(src, None, None, arith);
        assert_eq!(open.verdict, Verdict::Racy, "{arith}");
    }
    // A stride narrower than the block: blocks overlap.
    let narrow = "kernel k() { global G; G[bid.x * 32 + tid.x] := bid; }";
    let d = decided_in(narrow, Some([64, 1, 1]), Some([4, 1, 1]), Arith::Int);
    assert_eq!(d.verdict, Verdict::Racy);
    // The linear ids: bid * ntid + tid is the global id of any shape.
    let linear = "kernel k() { global G; G[bid * ntid + tid] := bid; }";
    let d = decided_in(linear, Some([16, 4, 1]), Some([2, 3, 1]), Arith::Int);
    assert_eq!((d.settled > 0, d.verdict), (true, Verdict::Drf));
}

#[test]
fn a_stride_at_least_the_span_of_the_thread_part_settles() {
    // Thread t at iteration i writes A[t + 1024 i]: t < ntid <= 1024, so two threads meet only
    // when t1 - t2 = 1024 (i2 - i1), i.e. never.
    let src = "kernel k(n) { shared A; for i in 0..n { A[tid + 1024 * i] := tid; } }";
    assert_eq!(check(src, None), (1, Verdict::Drf));
    // A stride of 512 with blocks of up to 1024 threads: thread 0 at i = 1 and thread 512 at
    // i = 0 both write A[512].
    let narrow = "kernel k(n) { shared A; for i in 0..n { A[tid + 512 * i] := tid; } }";
    assert_eq!(check(narrow, None), (0, Verdict::Racy));
    // ... which blocks of 512 threads cannot do.
    assert_eq!(check(narrow, Some([512, 1, 1])), (1, Verdict::Drf));
    assert_eq!(check(narrow, Some([513, 1, 1])), (0, Verdict::Racy));
    // Two counters, strides 2048 and 3072: their combinations are the multiples of 1024.
    let two = "kernel k(n) { shared A; for i in 0..n { for j in 0..n {
        A[tid + 2048 * i + 3072 * j] := tid; } } }";
    assert_eq!(check(two, None), (1, Verdict::Drf));
    // Strides 2048 and 3000 combine to 8 (3 * 2048 - 2 * 3000 + ...): gcd 8 < 1024.
    let coprime = "kernel k(n) { shared A; for i in 0..n { for j in 0..n {
        A[tid + 2048 * i + 3000 * j] := tid; } } }";
    assert_eq!(check(coprime, Some([64, 1, 1])).0, 0);
}

#[test]
fn a_stride_needs_every_varying_component_in_the_thread_part() {
    // Threads (0, 0) and (0, 1) of a block with ntid.y > 1 write the same cells.
    let src = "kernel k(n) { shared A; for i in 0..n { A[tid.x + 1024 * i] := tid; } }";
    assert_eq!(check(src, None), (0, Verdict::Racy));
    // Rows of 32 in 32 x 8 blocks span 256 values: a stride of 256 separates them.
    let rows =
        "kernel k(n) { shared A; for i in 0..n { A[tid.y * 32 + tid.x + 256 * i] := tid; } }";
    assert_eq!(check(rows, Some([32, 8, 1])), (1, Verdict::Drf));
    assert_eq!(check(rows, Some([32, 9, 1])), (0, Verdict::Racy));
}

#[test]
fn a_grid_stride_loop_settles_at_grid_level_when_the_stride_is_the_grid() {
    // The grid-stride loop of 4 blocks of 64 threads: stride 256, the whole grid.
    let src =
        "kernel k(n) { global G; for i in 0..n { G[bid.x * ntid.x + tid.x + 256 * i] := bid; } }";
    let d = decided_in(src, Some([64, 1, 1]), Some([4, 1, 1]), Arith::Int);
    assert_eq!((d.settled, d.verdict), (2, Verdict::Drf));
    // With 8 blocks the stride is half the grid: block 0 at i = 1 meets block 4 at i = 0.
    let d = decided_in(src, Some([64, 1, 1]), Some([8, 1, 1]), Arith::Int);
    assert_eq!(d.verdict, Verdict::Racy);
    // In machine words the counters could wrap the sum: the solver decides.
    let d = decided_in(src, Some([64, 1, 1]), Some([4, 1, 1]), Arith::Bv32);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Drf));
}

#[test]
fn a_strided_loop_counter_is_its_start_plus_a_multiple_of_its_step() {
    // `for i in tid..n step +1024`: i = tid + 1024 j, so threads never meet on A[i].
    let src = "kernel k(n) { shared A; for i in tid..n step +1024 { A[i] := tid; } }";
    assert_eq!(check(src, None), (1, Verdict::Drf));
    // A step of 512 in blocks of up to 1024 threads: thread 0 at its second iteration and
    // thread 512 at its first both write A[512].
    let narrow = "kernel k(n) { shared A; for i in tid..n step +512 { A[i] := tid; } }";
    assert_eq!(check(narrow, None), (0, Verdict::Racy));
    // A counter that starts where every thread starts is no thread part at all.
    let shared_start = "kernel k(n) { shared A; for i in 0..n step +1024 { A[i + tid] := tid; } }";
    assert_eq!(check(shared_start, None), (1, Verdict::Drf));
    let no_thread = "kernel k(n) { shared A; for i in 0..n step +1024 { A[i] := tid; } }";
    assert_eq!(check(no_thread, None), (0, Verdict::Racy));
}

#[test]
fn a_grid_stride_loop_kept_strided_settles_with_the_grid_as_its_step() {
    // The CUDA grid-stride loop as the lowering keeps it: start the global id, step the
    // grid's thread count (fixed sizes: 64 x 4 = 256).
    let src = "kernel k(n) { global G;
        for i in bid.x * ntid.x + tid.x..n step +ntid.x * nbid.x { G[i] := bid; } }";
    let d = decided_in(src, Some([64, 1, 1]), Some([4, 1, 1]), Arith::Int);
    assert_eq!((d.settled, d.verdict), (2, Verdict::Drf));
    // A step of half the grid: block 0 at its second iteration meets block 2 at its first.
    let half = "kernel k(n) { global G;
        for i in bid.x * ntid.x + tid.x..n step +ntid.x * nbid.x / 2 { G[i] := bid; } }";
    let d = decided_in(half, Some([64, 1, 1]), Some([4, 1, 1]), Arith::Int);
    assert_eq!(d.verdict, Verdict::Racy);
}

#[test]
fn a_row_width_made_of_fixed_sizes_is_read_as_its_number() {
    // `tid.y * ntid.x + tid.x` in 16 x 16 blocks: rows of 16, one thread a cell.
    let src = "kernel k() { shared A; A[tid.y * ntid.x + tid.x] := tid; }";
    assert_eq!(check(src, Some([16, 16, 1])), (1, Verdict::Drf));
    // Rows of ntid.x - 1 = 15: thread (15, 0) and thread (0, 1) both write A[15].
    let narrow = "kernel k() { shared A; A[tid.y * (ntid.x - 1) + tid.x] := tid; }";
    assert_eq!(check(narrow, Some([16, 16, 1])), (0, Verdict::Racy));
}

#[test]
fn a_global_id_over_a_symbolic_block_settles_with_the_block_size_as_a_symbol() {
    // bid.x * ntid + tid: block b covers b * ntid .. (b + 1) * ntid, whatever ntid is, in a
    // grid of one row.
    let src = "kernel k() { global G; G[bid.x * ntid + tid] := bid; }";
    let d = decided_in(src, None, Some([4, 1, 1]), Arith::Int);
    assert_eq!((d.settled, d.verdict), (2, Verdict::Drf));
    // A parameter is one value for every thread: an offset by it changes nothing.
    let offset = "kernel k(n) { global G; G[bid.x * ntid + tid + n] := bid; }";
    let d = decided_in(offset, None, Some([4, 1, 1]), Arith::Int);
    assert_eq!((d.settled, d.verdict), (2, Verdict::Drf));
    // Blocks of ntid - 1 cells: thread ntid - 1 of block 0 meets thread 0 of block 1.
    let narrow = "kernel k() { global G; G[bid.x * (ntid - 1) + tid] := bid; }";
    let d = decided_in(narrow, None, Some([4, 1, 1]), Arith::Int);
    assert_eq!(d.verdict, Verdict::Racy);
    // A second row of blocks: blocks (0, 0) and (0, 1) meet.
    let d = decided_in(src, None, Some([4, 2, 1]), Arith::Int);
    assert_eq!(d.verdict, Verdict::Racy);
}

/// The 2-D grid-stride copy (`tests/cuda/grid_stride_copy_2d_symbolic.cu`) with the block left
/// symbolic: rows advance by `ntid.y * nbid.y`, columns by `ntid.x * nbid.x` below 1024, so
/// each cell has one owner `(x, y, bid.x, bid.y)`; threads that differ only in `tid.z` store
/// the same block id into it (a benign race). `ROW` and `COL` are the loops' step and start.
fn copy_2d(row_step: &str, col_start: &str, width: u32) -> String {
    format!(
        "kernel k(h) {{ global dst;
           for i in bid.y * ntid.y + tid.y..h step +{row_step} {{
             for j in {col_start}..{width} step +ntid.x * nbid.x {{
               dst[i * 1024 + j] := bid; }} }} }}"
    )
}

#[test]
fn a_row_and_a_bounded_column_settle_at_grid_level_over_a_symbolic_block() {
    let grid = Some([8, 8, 1]);
    let src = copy_2d("ntid.y * nbid.y", "bid.x * ntid.x + tid.x", 1024);
    let d = decided_in(&src, None, grid, Arith::Int);
    assert_eq!((d.settled, d.verdict), (1, Verdict::Drf));
    // Columns up to 1024 inclusive: column 1024 of row r is column 0 of row r + 1, written by
    // a block of another row.
    let wide = copy_2d("ntid.y * nbid.y", "bid.x * ntid.x + tid.x", 1025);
    let d = decided_in(&wide, None, grid, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
    // Columns from -1: column -1 of row 1 is column 1023 of row 0.
    let early = copy_2d("ntid.y * nbid.y", "bid.x * ntid.x + tid.x - 1", 1024);
    let d = decided_in(&early, None, grid, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
    // Rows advancing by half the grid: block row 4 at its first row meets block row 0 at its
    // second.
    let half = copy_2d("ntid.y * 4", "bid.x * ntid.x + tid.x", 1024);
    let d = decided_in(&half, None, grid, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
}

#[test]
fn a_wrap_around_wider_than_the_block_settles_at_block_level() {
    // C's 32-bit words in `int`: `x & (2^32 - 1)` is `x` less a multiple of 2^32, and a block
    // spans at most 1024 ids, so no two threads of one block meet on it.
    let src = "kernel k(n) { shared A; A[(tid + n & 4294967295) - 7] := tid; }";
    let d = decided(src, None, Arith::Int);
    assert_eq!((d.settled, d.verdict), (1, Verdict::Drf));
    let rem = "kernel k(n) { shared A; A[(3 * tid + n) % 4096] := tid; }";
    let d = decided(rem, None, Arith::Int);
    assert_eq!((d.settled, d.verdict), (1, Verdict::Drf));
    // A wrap-around narrower than the block: threads 0 and 32 meet.
    let narrow = "kernel k(n) { shared A; A[tid + n & 31] := tid; }";
    let d = decided(narrow, None, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
    // Threads 0 and 512 meet: 4 * 512 is the wrap-around.
    let rem = "kernel k(n) { shared A; A[(4 * tid + n) % 2048] := tid; }";
    let d = decided(rem, None, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
}

#[test]
fn a_wrapped_global_id_settles_at_grid_level_only_under_the_launch_conventions() {
    // The global id as CUDA computes it in unsigned words, then read as an `int`. Under the
    // conventions (`gridDim.x * blockDim.x <= 2^31`) it spans at most 2^31 ids, fewer than
    // the wrap-around's 2^32; without them, blocks 0 and 2^30 of four-thread blocks meet.
    let src = "kernel k() { global G;
      G[((((bid.x * ntid.x & 4294967295) + tid.x & 4294967295) + 2147483648) & 4294967295)
        - 2147483648] := bid.x; }";
    let conventions = mapcheck_smt::Options {
        conventions: true,
        ..common::fixed(Arith::Int, None, None)
    };
    let d = common::decided(src, &conventions);
    assert_eq!((d.settled, d.verdict), (2, Verdict::Drf));
    // (Nor does the block-level pair settle: without the conventions `tid.y` varies too.)
    let d = decided(src, None, Arith::Int);
    assert_eq!((d.settled, d.verdict), (0, Verdict::Racy));
}
