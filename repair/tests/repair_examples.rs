//! `repair` over every kernel of `examples/` (issue 9, "done when"): each racy or divergent
//! example is either repaired — the result parses back, is proven clean by the whole pipeline,
//! and matches the original under the interpreter on random configurations — or refused for
//! the reason this table states. A new example must be added to the table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "common/crosscheck.rs"]
mod crosscheck;

use mapcheck_core::ast::Kernel;
use mapcheck_repair::{repair, verify, Outcome, Refusal};
use mapcheck_smt::redundant::clean;
use mapcheck_smt::{Fixed, Options};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Already DRF and free of divergence.
    Clean,
    /// Repaired and proven.
    Fixed,
    /// Refused: a race between blocks.
    Grid,
    /// Refused: two threads write one cell in one statement.
    SameStatement,
    /// Refused: no barrier placement found (a `syncwarp` that half of each warp skips cannot
    /// be made uniform by adding block barriers).
    NotFound,
    /// A file whose kernels differ: each kernel by name.
    Kernels(&'static [(&'static str, Expect)]),
}

/// Every example, with what `repair` must do to it under default options.
const TABLE: &[(&str, Expect)] = &[
    ("assume_precondition.bcu", Expect::Clean),
    ("atomic_histogram.bcu", Expect::Clean),
    ("atomic_vs_plain.bcu", Expect::Fixed),
    ("aucs_colonel.bcu", Expect::SameStatement),
    ("aucs_compound_neighbour.bcu", Expect::Fixed),
    ("aucs_deadlock0.bcu", Expect::Fixed),
    ("aucs_deadlock2.bcu", Expect::Fixed),
    ("aucs_device_global.bcu", Expect::Grid),
    // `A[x] := 9` by two threads stores one value: a benign race (SPEC §7), not a defect, so
    // the barrier before it that orders the read-write race is a repair.
    ("babycuda_eq2_data_index.bcu", Expect::Fixed),
    ("benign_after_barrier.bcu", Expect::Clean),
    // A barrier after the `if` orders the read-write race on B; after it nobody writes B in
    // the copy's phase, and the race on A is benign.
    ("benign_read_written.bcu", Expect::Fixed),
    ("benign_same_literal.bcu", Expect::Clean),
    ("benign_stable_read.bcu", Expect::Clean),
    ("benign_thread_id.bcu", Expect::SameStatement),
    ("babycuda_fig3_loop.bcu", Expect::SameStatement),
    ("babycuda_fig4_single_writer.bcu", Expect::Clean),
    ("bv32_wraparound.bcu", Expect::Clean),
    ("global_atomic_counter.bcu", Expect::Grid),
    ("grid_global_race.bcu", Expect::Grid),
    ("grid_stride_loop.bcu", Expect::Clean),
    ("grid_stride_wrong.bcu", Expect::Grid),
    ("halving_reduction.bcu", Expect::Fixed),
    ("loop_barrier_double.bcu", Expect::Clean),
    ("loop_barrier_straddle.bcu", Expect::Fixed),
    ("loop_barrier_zero_trips.bcu", Expect::Fixed),
    ("regress_alternatives_same_phase.bcu", Expect::SameStatement),
    // Each of these races is two threads writing A[0] in one statement.
    ("regress_replay_endless_loop.bcu", Expect::SameStatement),
    ("regress_replay_shift_wraps.bcu", Expect::SameStatement),
    ("regress_replay_stuck_start.bcu", Expect::SameStatement),
    ("regress_shift_by_large_literal.bcu", Expect::Clean),
    ("runaway_loop.bcu", Expect::Clean),
    ("sarkar_parity_barrier.bcu", Expect::Fixed),
    ("sarkar_parity_write.bcu", Expect::SameStatement),
    ("select_clamped_stencil.bcu", Expect::Clean),
    // A barrier between the write of `A` and the neighbours' reads orders every race.
    ("select_clamped_stencil_nosync.bcu", Expect::Fixed),
    ("sesa_bitonic.bcu", Expect::SameStatement),
    // The odd threads' `v[tid >> 2] := 1` store one value: benign (SPEC §7), so the
    // read-write races are all a repair has to order.
    ("sesa_race.bcu", Expect::Fixed),
    ("sesa_reduction.bcu", Expect::Clean),
    ("sesa_reduction_no_barrier.bcu", Expect::Fixed),
    ("shared_per_block.bcu", Expect::Clean),
    ("simulee_barrier_in_branch.bcu", Expect::Fixed),
    ("simulee_barrier_in_branch_fixed.bcu", Expect::Clean),
    ("simulee_block_min.bcu", Expect::Fixed),
    ("simulee_redundant_barrier.bcu", Expect::Clean),
    ("simulee_redundant_barrier_removed.bcu", Expect::Clean),
    ("transpose_2d.bcu", Expect::Fixed),
    ("unknown_index.bcu", Expect::SameStatement),
    (
        "syncwarp_across_warps.bcu",
        Expect::Kernels(&[("across", Expect::Fixed), ("same_warp", Expect::Clean)]),
    ),
    (
        "syncwarp_divergent.bcu",
        Expect::Kernels(&[("divergent", Expect::NotFound), ("uniform", Expect::Clean)]),
    ),
    (
        "syncwarp_loop.bcu",
        Expect::Kernels(&[("scan", Expect::Clean), ("missing", Expect::Fixed)]),
    ),
    ("syncwarp_other_warp.bcu", Expect::Fixed),
    ("syncwarp_partner.bcu", Expect::Clean),
    // Issue 16's corpus. `inner_barriers` is race free, but its phase split over-approximates
    // (a potential alarm): a barrier at the end of the outer loop makes the split exact.
    (
        "approx_nested_zero_trips.bcu",
        Expect::Kernels(&[
            ("inner_barriers", Expect::Fixed),
            ("inner_barriers_racy", Expect::Fixed),
        ]),
    ),
    (
        "assume_per_thread.bcu",
        Expect::Kernels(&[
            ("first_two", Expect::SameStatement),
            ("only_first", Expect::Clean),
            ("in_zero_trip_loop", Expect::SameStatement),
        ]),
    ),
    (
        "benign_loop_read.bcu",
        Expect::Kernels(&[
            ("same_cell", Expect::Clean),
            // A barrier ending each iteration leaves one iteration per phase, where every
            // thread stores the same `D[j]`: the race becomes benign.
            ("moving_cell", Expect::Fixed),
            ("block_value", Expect::Grid),
        ]),
    ),
    (
        "warp_only_neighbour.bcu",
        Expect::Kernels(&[
            ("in_one_warp", Expect::Fixed),
            ("across_warps", Expect::Fixed),
            ("one_statement", Expect::SameStatement),
            ("read_then_write", Expect::Fixed),
        ]),
    ),
];

fn load(name: &str) -> Vec<Kernel> {
    let path = format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    mapcheck_grammar::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .kernels
}

/// Repairs every kernel of `name` and checks the outcome; returns the configurations the
/// interpreter tried and compared.
fn check(name: &str, expect: Expect, options: &Options) -> (usize, usize) {
    let mut tried = 0;
    let mut compared = 0;
    for k in load(name) {
        let expect = match expect {
            Expect::Kernels(each) => each
                .iter()
                .find(|(n, _)| *n == k.name.name)
                .map(|(_, e)| *e)
                .unwrap_or_else(|| panic!("{name}: no expectation for kernel `{}`", k.name.name)),
            e => e,
        };
        let outcome = repair(&k, options);
        match (&outcome, expect) {
            (Outcome::Clean(_), Expect::Clean) => {}
            (Outcome::Repaired(r), Expect::Fixed) => {
                let text = r.kernel.to_string();
                let back = mapcheck_grammar::parse(&text).unwrap().kernels.remove(0);
                assert!(clean(&verify(&back, options)), "{name}:\n{text}");
                let tally = crosscheck::crosscheck(&k, &back, options, 80, 17);
                assert!(tally.compared > 0, "{name}: nothing compared: {tally:?}");
                tried += tally.tried;
                compared += tally.compared;
            }
            (Outcome::Refused(Refusal::GridRace { .. }), Expect::Grid)
            | (Outcome::Refused(Refusal::SameStatement { .. }), Expect::SameStatement)
            | (Outcome::Refused(Refusal::NotFound { .. }), Expect::NotFound) => {}
            _ => panic!("{name}: expected {expect:?}, got {outcome:?}"),
        }
    }
    (tried, compared)
}

#[test]
fn every_example_is_in_the_table() {
    let dir = format!("{}/../examples", env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".bcu") && !TABLE.iter().any(|(n, _)| *n == name) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "add to the table: {missing:?}");
}

#[test]
fn every_example_is_repaired_or_refused_and_repairs_match_the_interpreter() {
    let started = Instant::now();
    let (mut tried, mut compared) = (0, 0);
    for &(name, expect) in TABLE {
        let (t, c) = check(name, expect, &Options::default());
        tried += t;
        compared += c;
    }
    eprintln!(
        "repair cross-check: {tried} configurations run, {compared} compared, in {:.1?}",
        started.elapsed()
    );
}

#[test]
fn device_global_on_one_block_is_if_converted() {
    // With one block the grid race is gone, and the race between the branches is fixed by
    // splitting them (AuCS's own fix of this test).
    let options = Options {
        fixed: Fixed {
            grid: Some([1, 1, 1]),
            ..Fixed::default()
        },
        ..Options::default()
    };
    check("aucs_device_global.bcu", Expect::Fixed, &options);
}

#[test]
fn the_crosscheck_catches_a_changed_result() {
    // Not a repair: the second kernel writes another value. The check must notice.
    let parse = |s: &str| mapcheck_grammar::parse(s).unwrap().kernels.remove(0);
    let a = parse("kernel k() { shared A; A[tid] := tid; }");
    let b = parse("kernel k() { shared A; A[tid] := tid + 1; }");
    let caught = std::panic::catch_unwind(|| {
        crosscheck::crosscheck(&a, &b, &Options::default(), 10, 1);
    });
    assert!(caught.is_err());
    // And a racy "repair".
    let c = parse("kernel k() { shared A; A[0] := tid; }");
    let caught = std::panic::catch_unwind(|| {
        crosscheck::crosscheck(&a, &c, &Options::default(), 10, 1);
    });
    assert!(caught.is_err());
}
