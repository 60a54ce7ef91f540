//! Barrier repair end to end: each repaired kernel is printed, parsed back, proven clean by
//! the whole pipeline, and run against the original by the interpreter on random
//! configurations (`common/crosscheck.rs`); each refusal names the reason no barrier can fix.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "common/crosscheck.rs"]
mod crosscheck;

use mapcheck_core::ast::{Kernel, StmtKind};
use mapcheck_core::Structural;
use mapcheck_repair::ifconvert::Obstacle;
use mapcheck_repair::{repair, verify, Change, Outcome, Refusal};
use mapcheck_smt::redundant::{clean, syncs};
use mapcheck_smt::{Fixed, Options};

fn kernel(src: &str) -> Kernel {
    mapcheck_grammar::parse(src).unwrap().kernels.remove(0)
}

fn example(name: &str) -> Kernel {
    let path = format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    kernel(&std::fs::read_to_string(path).unwrap())
}

/// Repairs, checks that the printed result parses back to the same tree and is proven clean,
/// and returns the parsed text's kernel with the changes.
fn repaired(k: &Kernel, options: &Options) -> (Kernel, Vec<Change>) {
    match repair(k, options) {
        Outcome::Repaired(r) => {
            assert!(clean(&r.decision));
            let text = r.kernel.to_string();
            let back = kernel(&text);
            assert!(back.same_shape(&r.kernel), "{text}");
            assert!(clean(&verify(&back, options)), "{text}");
            let tally = crosscheck::crosscheck(k, &back, options, 60, 9);
            assert!(
                tally.compared > 0,
                "no configuration compared: {tally:?}\n{k}"
            );
            (back, r.changes)
        }
        other => panic!("expected a repair of {k}, got {other:?}"),
    }
}

fn refused(k: &Kernel, options: &Options) -> Refusal {
    match repair(k, options) {
        Outcome::Refused(r) => r,
        other => panic!("expected a refusal for {k}, got {other:?}"),
    }
}

fn inserted(changes: &[Change]) -> usize {
    changes
        .iter()
        .filter(|c| matches!(c, Change::Inserted(_)))
        .count()
}

#[test]
fn a_racy_shift_gets_a_barrier_between_write_and_read() {
    let k = kernel("kernel shift() { shared A; A[tid] := tid; let x = A[(tid + 1) % ntid]; }");
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(inserted(&changes), 1);
    assert_eq!(changes.len(), 1);
    let kinds: Vec<bool> = fixed
        .body
        .stmts
        .iter()
        .map(|s| matches!(s.kind, StmtKind::Sync))
        .collect();
    assert_eq!(kinds, [false, true, false], "{fixed}");
}

#[test]
fn a_race_between_iterations_gets_a_barrier_at_the_end_of_the_body() {
    let k = example("loop_barrier_straddle.bcu");
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    let StmtKind::For { body, .. } = &fixed.body.stmts[0].kind else {
        panic!("{fixed}")
    };
    assert!(
        matches!(body.stmts.last().map(|s| &s.kind), Some(StmtKind::Sync)),
        "{fixed}"
    );
    assert_eq!(syncs(&fixed.body).len(), 2, "{fixed}");
}

#[test]
fn a_reduction_without_its_barrier_gets_one_per_round() {
    let k = example("sesa_reduction_no_barrier.bcu");
    let (fixed, changes) = repaired(&k, &Options::default());
    assert!(inserted(&changes) >= 1, "{changes:?}");
    let StmtKind::For { body, .. } = &fixed.body.stmts[0].kind else {
        panic!("{fixed}")
    };
    // The branch depends on the thread: the barrier goes after it, in the loop body.
    assert!(
        body.stmts.iter().any(|s| matches!(s.kind, StmtKind::Sync)),
        "{fixed}"
    );
}

#[test]
fn a_barrier_in_a_thread_dependent_branch_is_moved_out() {
    let k = example("simulee_barrier_in_branch.bcu");
    let (fixed, changes) = repaired(&k, &Options::default());
    assert!(
        changes
            .iter()
            .any(|c| matches!(c, Change::RemovedDivergent(_))),
        "{changes:?}"
    );
    assert_eq!(syncs(&fixed.body).len(), 1, "{fixed}");
}

#[test]
fn a_race_between_blocks_is_refused() {
    let k = example("grid_global_race.bcu");
    let r = refused(&k, &Options::default());
    assert!(
        matches!(r, Refusal::GridRace { ref array, .. } if array == "G"),
        "{r:?}"
    );
    let why = r.describe(&|s| format!("@{}", s.start));
    assert!(why.contains("different blocks"), "{why}");
}

#[test]
fn a_same_cell_write_by_every_thread_is_refused() {
    let k = kernel("kernel same() { shared A; A[0] := tid; }");
    let r = refused(&k, &Options::default());
    assert!(
        matches!(r, Refusal::SameStatement { ref array, .. } if array == "A"),
        "{r:?}"
    );
    assert!(r.describe(&|_| "here".into()).contains("same cell"));
}

#[test]
fn a_same_cell_write_in_a_loop_is_refused_after_the_search() {
    let k = kernel("kernel fig3(M) { shared A; for x in 0..M { let y = A[x]; A[x] := y + 1; } }");
    let r = refused(&k, &Options::default());
    assert!(matches!(r, Refusal::SameStatement { .. }), "{r:?}");
}

fn one_block() -> Options {
    Options {
        fixed: Fixed {
            grid: Some([1, 1, 1]),
            ..Fixed::default()
        },
        ..Options::default()
    }
}

fn if_converted(changes: &[Change]) -> usize {
    changes
        .iter()
        .filter(|c| matches!(c, Change::IfConverted(_)))
        .count()
}

#[test]
fn accesses_in_different_thread_dependent_branches_are_if_converted() {
    // `device_global` of AuCS on one block: odd threads write, even ones read their right
    // neighbour's cell. The fix is AuCS's: `if c && d {..} sync; if c && !d {..}`.
    let (fixed, changes) = repaired(&example("aucs_device_global.bcu"), &one_block());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    assert!(if_converted(&changes) >= 1, "{changes:?}");
    let kinds: Vec<&str> = fixed
        .body
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::If { .. } => "if",
            StmtKind::Sync => "sync",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["if", "sync", "if"], "{fixed}");
    let text = fixed.to_string();
    assert!(text.contains("if tid < N && tid % 2 == 1"), "{text}");
    assert!(text.contains("if tid < N && !(tid % 2 == 1)"), "{text}");
}

#[test]
fn a_race_inside_one_branch_splits_it_and_hoists_pure_lets() {
    // Write and read in the same thread-dependent branch; `z` and `x` are pure and used after
    // the split point, so they move before the branch.
    let k = kernel(
        "kernel inner(N) { shared A; if tid < N { let x = tid * 2; let z = x + 1; A[x] := 1; let y = A[z % ntid]; } }",
    );
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    assert_eq!(if_converted(&changes), 1, "{changes:?}");
    let kinds: Vec<&str> = fixed
        .body
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Let { .. } => "let",
            StmtKind::If { .. } => "if",
            StmtKind::Sync => "sync",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["let", "let", "if", "sync", "if"], "{fixed}");
}

#[test]
fn a_split_that_would_hoist_a_read_is_refused() {
    let k = kernel(
        "kernel byread(N) { shared A, B; if tid < N { let x = B[tid]; A[tid] := x; let y = A[(tid + 1) % ntid]; B[tid] := x + y; } }",
    );
    let r = refused(&k, &Options::default());
    assert!(
        matches!(
            r,
            Refusal::NoUniformPoint {
                obstacle: Some(Obstacle::BoundByRead { ref var, .. }),
                ..
            } if var == "x"
        ),
        "{r:?}"
    );
    let why = r.describe(&|s| format!("@{}", s.start));
    assert!(why.contains("would add an access"), "{why}");
}

#[test]
fn a_loop_in_a_thread_dependent_branch_takes_the_branch_into_its_body() {
    // `if c { for .. { A; B } }` becomes `for .. { if c { A } sync; if c { B } sync; }`: the
    // loop's bounds are uniform, so its body is a place for barriers once the branch is in it.
    let k = kernel(
        "kernel inloop(N, M) { shared A; if tid < N { for i in 0..M { A[tid] := i; let y = A[(tid + 1) % ntid]; } } }",
    );
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(if_converted(&changes), 1, "{changes:?}");
    assert_eq!(shape(&fixed), ["for"], "{fixed}");
    let StmtKind::For { body, .. } = &fixed.body.stmts[0].kind else {
        panic!("{fixed}")
    };
    let inner: Vec<bool> = body
        .stmts
        .iter()
        .map(|s| matches!(s.kind, StmtKind::Sync))
        .collect();
    assert_eq!(inner, [false, true, false, true], "{fixed}");
}

#[test]
fn a_split_through_a_thread_dependent_loop_is_refused() {
    let k = kernel(
        "kernel tdloop(N) { shared A; if tid < N { for i in 0..tid { A[tid] := i; let y = A[(tid + 1) % ntid]; } } }",
    );
    let r = refused(&k, &Options::default());
    assert!(
        matches!(
            r,
            Refusal::NoUniformPoint {
                obstacle: Some(Obstacle::Loop(_)),
                ..
            }
        ),
        "{r:?}"
    );
}

#[test]
fn a_race_needing_two_barriers_at_once_is_fixed() {
    // Within an iteration and across iterations: one barrier between the accesses and one at
    // the end of the body, which the greedy step finds as a pair; and one more for `B`.
    let k = kernel(
        "kernel deep(N, M) { shared A, B; let base = tid * 2; if tid < N { B[tid] := 1; let off = base + 1; for i in 0..M { A[tid] := i + off; let y = A[(tid + 1) % ntid]; } B[tid] := 2; } else { let z = B[0]; } }",
    );
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(inserted(&changes), 3, "{changes:?}\n{fixed}");
}

#[test]
fn a_thread_dependent_loop_is_divergence_not_a_fix() {
    // Issue 9 item 3: the trip count depends on the thread, so no barrier may go in the body.
    let k = kernel(
        "kernel tripcount() { shared A; for i in 0..tid { A[i] := i; let y = A[(i + 1) % ntid]; } }",
    );
    let r = refused(&k, &Options::default());
    assert!(
        matches!(
            r,
            Refusal::NoUniformPoint { .. }
                | Refusal::SameStatement { .. }
                | Refusal::NotFound { .. }
        ),
        "{r:?}"
    );
}

#[test]
fn a_race_free_kernel_is_left_alone() {
    let r_sync = Options {
        fixed: Fixed {
            params: [("R_SYNC".to_string(), 1)].into_iter().collect(),
            ..Fixed::default()
        },
        ..Options::default()
    };
    assert!(matches!(
        repair(&example("halving_reduction.bcu"), &r_sync),
        Outcome::Clean(_)
    ));
    assert!(matches!(
        repair(&example("sesa_reduction.bcu"), &Options::default()),
        Outcome::Clean(_)
    ));
}

#[test]
fn a_conditional_barrier_becomes_unconditional() {
    // With `R_SYNC` free the round barrier may be skipped: one at the end of the round
    // replaces it, and the conditional one becomes redundant.
    let (fixed, changes) = repaired(&example("halving_reduction.bcu"), &Options::default());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    assert_eq!(syncs(&fixed.body).len(), 1, "{fixed}");
}

#[test]
fn a_barrier_made_redundant_by_the_repair_is_removed() {
    // The existing barrier orders nothing; the race needs one elsewhere.
    let k = kernel(
        "kernel k() { shared A, B; B[tid] := 1; sync; let y = B[tid]; A[tid] := tid; let x = A[(tid + 1) % ntid]; }",
    );
    let (fixed, changes) = repaired(&k, &Options::default());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    assert!(
        changes
            .iter()
            .any(|c| matches!(c, Change::RemovedRedundant(_))),
        "{changes:?}"
    );
    assert_eq!(syncs(&fixed.body).len(), 1, "{fixed}");
}

/// The kinds of the top-level statements, for asserting where barriers went.
fn shape(k: &Kernel) -> Vec<&'static str> {
    k.body
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Sync => "sync",
            StmtKind::If { .. } => "if",
            StmtKind::For { .. } => "for",
            StmtKind::Read { .. } => "read",
            StmtKind::Write { .. } => "write",
            _ => "other",
        })
        .collect()
}

#[test]
fn simulee_figure_2_gets_its_barrier_after_the_branch() {
    // thundersvm's fix: one barrier between the stores and the block minimum.
    let (fixed, changes) = repaired(&example("simulee_block_min.bcu"), &Options::default());
    assert_eq!(inserted(&changes), 1, "{changes:?}");
    assert_eq!(
        shape(&fixed),
        ["read", "read", "if", "sync", "for"],
        "{fixed}"
    );
}

#[test]
fn simulee_figure_3_is_clean_and_its_barrier_redundant() {
    let k = example("simulee_redundant_barrier.bcu");
    let Outcome::Clean(d) = repair(&k, &Options::default()) else {
        panic!("expected a clean kernel")
    };
    let advice = mapcheck_smt::redundant::redundant_barriers(&k, &d, &Options::default());
    assert_eq!(advice.len(), 1, "{advice:?}");
}

#[test]
fn a_compound_neighbour_update_gets_a_barrier_between_its_reads_and_its_write() {
    let (fixed, changes) = repaired(&example("aucs_compound_neighbour.bcu"), &Options::default());
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(shape(&fixed), ["read", "sync", "read", "write"], "{fixed}");
}

#[test]
fn colonel_is_refused_as_a_same_statement_write() {
    let r = refused(&example("aucs_colonel.bcu"), &Options::default());
    assert!(
        matches!(r, Refusal::SameStatement { ref array, potential: false, .. } if array == "flag"),
        "{r:?}"
    );
}

#[test]
fn deadlock_0_loses_its_divergent_barrier() {
    let (fixed, changes) = repaired(&example("aucs_deadlock0.bcu"), &Options::default());
    assert!(
        matches!(changes.as_slice(), [Change::RemovedDivergent(_)]),
        "{changes:?}"
    );
    assert!(syncs(&fixed.body).is_empty(), "{fixed}");
}

#[test]
fn deadlock_2_loses_both_divergent_barriers() {
    let (fixed, changes) = repaired(&example("aucs_deadlock2.bcu"), &Options::default());
    assert_eq!(
        changes
            .iter()
            .filter(|c| matches!(c, Change::RemovedDivergent(_)))
            .count(),
        2,
        "{changes:?}"
    );
    assert!(syncs(&fixed.body).is_empty(), "{fixed}");
}
