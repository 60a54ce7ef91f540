//! End-to-end decisions on small kernels: verdicts, certainties, witnesses that replay.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_core::interp::RunError;
use mapcheck_core::Arith;
use mapcheck_smt::{Certainty, Conflict, Decision, Fixed, Kind, Note, Options, Verdict};
use mapcheck_typeck::Var;

fn with(src: &str, options: Options) -> Decision {
    let d = common::decided(src, &options);
    for f in &d.findings {
        assert!(f.internal_error.is_none(), "{src}: {:?}", f.internal_error);
    }
    d
}

fn run(src: &str) -> Decision {
    with(src, Options::default())
}

fn races(d: &Decision) -> Vec<&mapcheck_smt::Finding> {
    d.findings
        .iter()
        .filter(|f| f.kind == Kind::DataRace)
        .collect()
}

#[test]
fn figure_3_races_with_a_small_witness_that_replays() {
    let d = run("kernel fig3(M) { shared A; for x in 0..M { let y = A[x]; A[x] := y + 1; } }");
    assert_eq!(d.verdict, Verdict::Racy);
    let r = races(&d);
    // The read-write race is proven. The write-write race's two stores differ only in a
    // schedule where one thread's write comes between the other's read and write, which the
    // interpreter's run does not take: its replay stores equal values, a benign race, so the
    // data race stays potential with that note (probe round 4, W5: a replay of equal stores
    // made a race-free kernel's race proven).
    let rw = r
        .iter()
        .find(|f| f.access == Some(Conflict::ReadWrite))
        .unwrap();
    assert_eq!(rw.certainty, Certainty::Proven);
    let ww = r
        .iter()
        .find(|f| f.access == Some(Conflict::WriteWrite))
        .unwrap();
    assert_eq!(ww.certainty, Certainty::Potential);
    assert_eq!(ww.note, Some(mapcheck_smt::Note::StoresEqualInReplays));
    let w = &ww.witness;
    assert_eq!(w.ntid(), 2);
    // The least trip count of at least 2 (`solve::Least::FromTwo`): parameters 0 and 1 are
    // the degenerate ones; with M = 2 both iterations exist and x = 0 still races.
    assert_eq!(w.params["M"], 2);
    assert_ne!(w.threads[0].tid, w.threads[1].tid);
    assert_eq!(w.index, vec![0]);
    assert_eq!(w.threads[0].vars[&Var::from("x")], 0);
}

#[test]
fn figure_4_is_drf() {
    let d = run("kernel fig4() { shared A; if tid == 0 { A[0] := tid; } else { skip; } }");
    assert_eq!(d.verdict, Verdict::Drf);
    assert!(d.findings.is_empty());
}

#[test]
fn equation_2_is_only_possibly_racy() {
    let d = run("kernel eq2() { shared A; A[tid] := tid; let x = A[tid]; A[x] := 9; }");
    assert_eq!(d.verdict, Verdict::PossiblyRacy);
    assert!(races(&d)
        .iter()
        .all(|f| f.certainty == Certainty::Potential));
}

#[test]
fn parity_barrier_diverges() {
    let d = run(
        "kernel k() { shared A; A[tid] := tid; if tid % 2 == 0 { sync; let l = A[(tid + 1) % ntid]; } }",
    );
    let div: Vec<_> = d
        .findings
        .iter()
        .filter(|f| f.kind == Kind::BarrierDivergence)
        .collect();
    assert_eq!(div.len(), 1, "{d:#?}");
    assert_eq!(div[0].certainty, Certainty::Proven);
    let w = &div[0].witness;
    assert_eq!(w.threads[0].tid % 2, 0);
    assert_eq!(w.threads[1].tid % 2, 1);
}

#[test]
fn uniform_barrier_conditions_do_not_diverge() {
    let d = run("kernel k(N) { shared A; if N > 2 { sync; } A[tid] := 1; }");
    assert!(d.findings.is_empty(), "{d:#?}");
}

#[test]
fn a_barrier_separates_the_phases() {
    let synced = "kernel k() { shared A; A[tid] := tid; sync; let l = A[(tid + 1) % ntid]; }";
    assert_eq!(run(synced).verdict, Verdict::Drf);
    let unsynced = "kernel k() { shared A; A[tid] := tid; let l = A[(tid + 1) % ntid]; }";
    let d = run(unsynced);
    assert_eq!(d.verdict, Verdict::Racy);
    assert_eq!(races(&d)[0].access, Some(Conflict::ReadWrite));
}

#[test]
fn phases_straddle_barrier_loop_iterations() {
    // The read of iteration i+1 and the write of iteration i share a phase.
    let src = "kernel k(M) { shared A; for i in 0..M { let r = A[(tid + 1) % ntid]; sync; A[tid] := r + i; } }";
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Racy);
    let f = races(&d)[0];
    assert!(f.witness.params["M"] >= 2);
    // With a second barrier the loop is race free.
    let fixed = "kernel k(M) { shared A; for i in 0..M { let r = A[(tid + 1) % ntid]; sync; A[tid] := r + i; sync; } }";
    assert_eq!(run(fixed).verdict, Verdict::Drf);
}

#[test]
fn zero_trip_barrier_loops_join_what_surrounds_them() {
    // When M = 0 the write before and the read after the loop share a phase.
    let src = "kernel k(M) { shared A; A[tid] := 1; for i in 0..M { sync; } let r = A[(tid + 1) % ntid]; }";
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Racy);
    assert_eq!(races(&d)[0].witness.params["M"], 0);
    let positive = Options {
        fixed: Fixed {
            params: [("M".to_string(), 3)].into_iter().collect(),
            ..Fixed::default()
        },
        ..Options::default()
    };
    assert_eq!(with(src, positive).verdict, Verdict::Drf);
}

#[test]
fn strided_loops_use_their_step() {
    // A tree reduction: each step halves the active threads, with a barrier per step.
    let reduce = "kernel r() { shared A; for s in ntid / 2 downto 0 step /2 { if tid < s { let a = A[tid]; let b = A[tid + s]; A[tid] := a + b; } sync; } }";
    assert_eq!(run(reduce).verdict, Verdict::Drf);
    let racy = "kernel r() { shared A; for s in ntid / 2 downto 0 step /2 { if tid < s { let a = A[tid]; let b = A[tid + s]; A[tid] := a + b; } } }";
    assert_eq!(run(racy).verdict, Verdict::Racy);
    let doubling = "kernel d(N) { shared A; for s in 1..N step *2 { A[tid * s] := s; } }";
    let d = run(doubling);
    assert_eq!(d.verdict, Verdict::Racy);
}

#[test]
fn global_arrays_race_between_blocks() {
    let d = run("kernel g() { global B; B[tid] := bid; }");
    let r = races(&d);
    assert_eq!(r.len(), 1);
    assert!(r[0].grid);
    assert_ne!(r[0].witness.threads[0].bid, r[0].witness.threads[1].bid);
    assert_eq!(r[0].certainty, Certainty::Proven);
    assert_eq!(
        run("kernel g() { global B; B[tid + bid * ntid] := 1; }").verdict,
        Verdict::Drf
    );
    assert_eq!(
        run("kernel s() { shared S; S[tid] := bid; }").verdict,
        Verdict::Drf
    );
}

#[test]
fn atomics_race_only_with_plain_accesses() {
    assert_eq!(
        run("kernel a() { shared C; atomic C[0]; }").verdict,
        Verdict::Drf
    );
    let d = run("kernel a() { shared C; atomic C[0]; let v = C[0]; }");
    assert_eq!(d.verdict, Verdict::Racy);
    assert_eq!(races(&d)[0].access, Some(Conflict::AtomicWrite));
}

#[test]
fn assumptions_restrict_the_configurations() {
    let src = "kernel k(N) { shared A; assume N >= ntid; A[tid % N] := tid; }";
    assert_eq!(run(src).verdict, Verdict::Drf);
    let without = "kernel k(N) { shared A; A[tid % N] := tid; }";
    assert_eq!(run(without).verdict, Verdict::Racy);
}

#[test]
fn bv32_wraps_where_int_does_not() {
    // 65536 * 65536 wraps to 0 in 32 bits: threads 0 and 65536/… collide only in bv32.
    let src = "kernel w() { shared A; A[tid * 1073741824] := tid; }";
    assert_eq!(run(src).verdict, Verdict::Drf);
    let bv = with(
        src,
        Options {
            arith: Arith::Bv32,
            ..Options::default()
        },
    );
    assert_eq!(bv.verdict, Verdict::Racy);
}

#[test]
fn fixed_geometry_is_respected() {
    let src = "kernel k() { shared A; A[tid / 2] := tid; }";
    let one = common::fixed(Arith::default(), Some([1, 1, 1]), None);
    assert_eq!(with(src, one).verdict, Verdict::Drf);
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Racy);
    assert_eq!(races(&d)[0].witness.ntid(), 2);
}

#[test]
fn data_dependent_races_are_confirmed_by_replay() {
    // Whether two threads collide depends on what they read, and only values 100 apart do:
    // neither the zero memory nor small random contents show it, the model's memory does.
    let d = run("kernel k() { shared A; global I; let j = I[tid]; A[j - 100 * tid] := tid; }");
    assert_eq!(d.class, mapcheck_typeck::Class::DataDependent);
    let r = races(&d);
    assert!(!r.is_empty());
    let confirmed = r
        .iter()
        .find(|f| f.certainty == Certainty::Confirmed)
        .unwrap_or_else(|| panic!("no confirmed race: {d:#?}"));
    assert!(!confirmed.witness.memory.is_empty(), "{confirmed:#?}");
    assert_eq!(d.verdict, Verdict::Racy);
}

#[test]
fn false_alarms_of_data_dependent_kernels_stay_potential() {
    // Equation (2) and a kernel that reads its own write: no run races.
    let d = run("kernel k() { shared A; A[tid] := tid; let x = A[tid]; A[x] := 9; }");
    assert!(races(&d)
        .iter()
        .all(|f| f.certainty == Certainty::Potential));
}

#[test]
fn alternatives_of_a_non_uniform_condition_share_their_phase() {
    // Found by the cross-check (property c, 512 cases): the `sync` under `tid > 0` made the two
    // branches separate pieces of the phase split, so thread 1's write in one branch was never
    // paired with thread 0's write in the other — a missed race.
    let src = "kernel k() { shared S; if tid > 0 { if false { sync; } S[tid / 2] := tid; } else { S[tid * 0] := tid; } }";
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Racy);
    let r = races(&d);
    assert!(
        r.iter().any(|f| f.locations[0] != f.locations[1]),
        "the race between the two branches is missing: {d:#?}"
    );
}

#[test]
fn sizes_are_bounded_one_at_a_time_when_one_must_be_large() {
    // Only `N = i32::MAX` wraps `N + 1` below zero: no witness has every size under 1024,
    // but the geometry can still be the smallest.
    let d = with(
        "kernel w(N) { shared A; if N + 1 < 0 { A[0] := tid; } }",
        Options {
            arith: Arith::Bv32,
            ..Options::default()
        },
    );
    assert_eq!(d.verdict, Verdict::Racy);
    let w = &races(&d)[0].witness;
    assert_eq!(w.params["N"], i128::from(i32::MAX));
    assert_eq!((w.ntid(), w.nbid()), (2, 1));
}

#[test]
fn a_witness_too_long_to_replay_is_potential_and_says_why() {
    // The race needs `N` above five million, and each thread loops `N` times first: more than
    // the replay's step budget, even the longer last try's. SPEC §7 (issue 16, item 3): a race
    // is proven only by a replay that reached it, so this one stays potential, with a note —
    // and an unfinished replay is no internal error.
    let d =
        run("kernel k(N) { shared A; for i in 0..N { skip; } if N > 5000000 { A[0] := tid; } }");
    assert_eq!(d.verdict, Verdict::PossiblyRacy);
    let f = races(&d)[0];
    assert_eq!(f.certainty, Certainty::Potential);
    assert!(f.internal_error.is_none(), "{:?}", f.internal_error);
    assert!(f.witness.params["N"] > 5_000_000);
    assert!(
        matches!(&f.note, Some(Note::Unfinished(why))
            if matches!(why.error, RunError::StepBudget { .. })),
        "{:?}",
        f.note
    );
}

#[test]
fn a_loop_that_cannot_move_sends_the_search_to_another_witness() {
    // From `S = 0`, `step *2` cannot move: the replay of such a witness stops at once. The
    // interpreter shows the race from `S = 1` (examples/regress_replay_stuck_start.bcu): the
    // search must find a witness whose loop moves, and the race is proven by its replay.
    let d = run("kernel k(S, N) { shared A; for i in S..N step *2 { A[0] := tid; } }");
    assert_eq!(d.verdict, Verdict::Racy);
    let f = races(&d)[0];
    assert_eq!(f.certainty, Certainty::Proven);
    assert!(f.witness.params["S"] >= 1, "{:?}", f.witness);
    assert!(
        f.witness.params["N"] > f.witness.params["S"],
        "{:?}",
        f.witness
    );
}

#[test]
fn a_loop_that_never_moves_in_any_witness_leaves_the_race_potential() {
    // `i` steps by -1 from 0 while below 1: no run ever reaches the write, whatever the
    // configuration (examples/regress_replay_endless_loop.bcu). Potential, with the reason.
    let d = run("kernel k() { shared A; for i in 0..1 step +(0 - 1) { skip; } A[0] := tid; }");
    assert_eq!(d.verdict, Verdict::PossiblyRacy);
    let f = races(&d)[0];
    assert_eq!(f.certainty, Certainty::Potential);
    assert!(f.internal_error.is_none(), "{:?}", f.internal_error);
    assert!(
        matches!(&f.note, Some(Note::Unfinished(why)) if why.others_tried > 1),
        "{:?}",
        f.note
    );
}

#[test]
fn a_factor_that_stops_the_loop_sends_the_search_to_another_witness() {
    // `i *= K` with `K = 0` moves `i` from 1 to 0, where it stays, and `K = 1` leaves it at 1:
    // either loop never ends (`mapcheck run --block-dim 2 -p K=0 -p N=2` stops: "its step
    // leaves `i` at 0"), while with `K = 2, N = 2` the run ends and races on A[0]. The first
    // model has `K = 0`; the search must end at a witness whose loop moves. (Not an example
    // file: `mapcheck fix` decides it many times, and each decision asks several witnesses.)
    // Its queries are non-linear (`i = K^j`): with the 10 s per-check backstop of earlier
    // sessions they came back `unknown` on a loaded machine (the search then gave up); z3's
    // deterministic resource limit alone decides them, as everywhere since session 18.
    let limits = mapcheck_smt::Limits {
        deadline: None,
        ..mapcheck_smt::Limits::default()
    };
    let d = with(
        "kernel k(K, N) { shared A; for i in 1..N step *K { A[0] := tid; } }",
        Options {
            limits,
            ..Options::default()
        },
    );
    assert_eq!(d.verdict, Verdict::Racy);
    let f = races(&d)[0];
    assert_eq!(f.certainty, Certainty::Proven);
    assert!(f.witness.params["K"] >= 2, "{:?}", f.witness);
}

#[test]
fn selections_are_decided_exactly() {
    // `select(tid < 32, tid, tid - 32)` folds a 64-thread block onto 32 cells: with more than
    // 32 threads two of them share a cell (thread t and t + 32), with at most 32 none does.
    // Each thread stores its id, so a shared cell is a data race, not a benign one.
    let folded = "kernel k() { shared A; A[select(tid < 32, tid, tid - 32)] := tid; }";
    let d = run(folded);
    assert_eq!(d.verdict, Verdict::Racy);
    let w = &races(&d)[0].witness;
    assert!(w.ntid() > 32, "{w:?}");
    let d = run(&folded.replace("shared A;", "shared A; assume ntid <= 32;"));
    assert_eq!(d.verdict, Verdict::Drf);
    // A clamp that keeps every thread on its own cell, and one that sends the last ones to
    // the same cell.
    assert_eq!(
        run("kernel k(n) { shared A; A[select(tid < n, tid, n + tid)] := tid; }").verdict,
        Verdict::Drf
    );
    assert_eq!(
        run("kernel k(n) { shared A; A[select(tid < n, tid, n)] := tid; }").verdict,
        Verdict::Racy
    );
}

// Benign races (SPEC §7, issue 16 item 1). The truth of each kernel below is by reasoning
// about the stored values: two threads that store the same value in every run race benignly.

fn kinds(d: &Decision, array: &str) -> Vec<Kind> {
    d.findings
        .iter()
        .filter(|f| f.array.as_deref() == Some(array))
        .map(|f| f.kind)
        .collect()
}

fn strict() -> Options {
    Options {
        races: mapcheck_smt::Races::Strict,
        ..Options::default()
    }
}

#[test]
fn the_same_literal_by_every_thread_is_a_benign_race() {
    let src = "kernel k() { shared A; A[0] := 1; }";
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Drf);
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace]);
    let f = &d.findings[0];
    assert_eq!(f.certainty, Certainty::Proven);
    assert_eq!(f.access, Some(Conflict::WriteWrite));
    assert_eq!(f.note, Some(Note::SameValue));
    // `--strict`: BabyCUDA's definition, every write-write race is a data race.
    let s = with(src, strict());
    assert_eq!(s.verdict, Verdict::Racy);
    assert_eq!(kinds(&s, "A"), vec![Kind::DataRace]);
}

#[test]
fn uniform_payloads_are_benign_and_per_thread_ones_are_not() {
    for benign in [
        "kernel k(N) { shared A; A[0] := N * ntid + 3; }",
        "kernel k() { shared A; A[0] := bid; }",
        "kernel k() { shared A; A[0] := tid - tid; }",
        "kernel k(N) { shared A; for i in 0..N { A[0] := N; } }",
    ] {
        let d = run(benign);
        assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace], "{benign}");
        assert_eq!(d.verdict, Verdict::Drf, "{benign}");
    }
    for racy in [
        "kernel k() { shared A; A[0] := tid; }",
        "kernel k() { shared A; A[tid / 2] := tid % 2; }",
        // Thread 0 at i = 0 and thread 1 at i = 1 store 0 and 1 into A[0].
        "kernel k(N) { shared A; for i in 0..N { A[0] := i; } }",
        // At grid level blocks differ: `bid` is not uniform across the grid (within one
        // block the race is benign).
        "kernel k() { global G; G[0] := bid; }",
        // Each thread's own unpredictable value.
        "kernel k() { shared A; let x = ?; A[0] := x; }",
    ] {
        let d = run(racy);
        assert!(
            d.findings.iter().any(|f| f.kind == Kind::DataRace),
            "{racy}: {d:#?}"
        );
        assert_eq!(d.verdict, Verdict::Racy, "{racy}");
    }
}

#[test]
fn a_data_race_between_writes_has_a_witness_whose_values_differ() {
    // The witness must show two different stores: threads 0 and 1 both store 0, so two
    // threads of different pairs; and two different iterations of the unsynchronised loop.
    let d = run("kernel k() { shared A; A[0] := tid / 2; }");
    let w = &races(&d)[0].witness;
    assert_ne!(w.threads[0].tid / 2, w.threads[1].tid / 2, "{w:?}");
    let d = run("kernel k(N) { shared A; for i in 0..N { A[0] := i; } }");
    let w = &races(&d)[0].witness;
    assert_ne!(
        w.threads[0].vars[&Var::from("i")],
        w.threads[1].vars[&Var::from("i")],
        "{w:?}"
    );
}

#[test]
fn copying_a_cell_nobody_writes_in_the_phase_is_benign() {
    // B is never written: every thread reads the same contents of B[0].
    let d = run("kernel k() { shared A, B; let y = B[0]; A[0] := y; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace]);
    assert_eq!(d.verdict, Verdict::Drf);
    // The end of a reduction: B is written before the barrier, read after it.
    let d = run("kernel k() { shared A, B; B[tid] := tid; sync; let y = B[0]; A[0] := y; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace]);
    assert_eq!(d.verdict, Verdict::Drf);
    // Same cell, through a uniform index and an offset that cancels.
    let d = run("kernel k(N) { shared A, B; let y = B[N + tid - tid]; A[0] := y + N; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace]);
    // A global array nobody writes, copied by threads of different blocks: benign at grid
    // level too.
    let d = run("kernel k() { global G, B; let y = B[0]; G[0] := y; }");
    assert!(d.findings.iter().all(|f| f.kind == Kind::BenignRace));
    assert!(d.findings.iter().any(|f| f.grid), "{d:#?}");
    assert_eq!(d.verdict, Verdict::Drf);
}

#[test]
fn a_copy_after_another_write_of_the_phase_is_still_benign() {
    // The value stored in A[0] is read from B, which nobody writes, after the phase's first
    // write (C[tid]): the read that binds the payload is the one before *this* write, not
    // before the first write of the phase. Every thread stores B[0]: benign.
    let d = run("kernel k() { shared A, B, C; C[tid] := 1; let y = B[0]; A[0] := y; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace], "{d:#?}");
    assert_eq!(d.verdict, Verdict::Drf);
}

#[test]
fn copying_a_cell_that_may_change_is_a_data_race() {
    // Thread 0 writes B[0] in the phase: it copies 5, the others what B[0] held before.
    let d = run("kernel k() { shared A, B; if tid == 0 { B[0] := 5; } let y = B[0]; A[0] := y; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::DataRace]);
    // Different cells of an unwritten array may hold different values.
    let d = run("kernel k() { shared A, B; let y = B[tid]; A[0] := y; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::DataRace]);
    // Another block writes the global B[0] while this block copies it (block 1's thread 0
    // copies its own 7, its thread 1 the 0 it sees).
    let d = run(
        "kernel k() { shared A; global B; if bid == 1 { if tid == 0 { B[0] := 7; } } let y = B[0]; A[0] := y; }",
    );
    assert_eq!(kinds(&d, "A"), vec![Kind::DataRace]);
    // Each block has its own shared S: two blocks copying S[0] into one global cell may
    // store different values.
    let d = run("kernel k() { shared S; global G; let y = S[0]; G[0] := y; }");
    assert!(
        d.findings
            .iter()
            .any(|f| f.grid && f.kind == Kind::DataRace && f.array.as_deref() == Some("G")),
        "{d:#?}"
    );
    // An atomic's old value differs per thread.
    let d = run("kernel k() { shared A, C; let old = atomic C[0]; A[0] := old; }");
    assert_eq!(kinds(&d, "A"), vec![Kind::DataRace]);
}

#[test]
fn a_pair_benign_in_one_phase_and_racy_in_another_is_a_data_race() {
    // In the phase of iteration i both threads store i: equal, since the barrier-loop
    // variable is shared by the threads of a block.
    let d =
        run("kernel k(N) { shared A, B; for i in 0..N { A[0] := i; sync; B[tid] := tid; sync; } }");
    assert_eq!(kinds(&d, "A"), vec![Kind::BenignRace]);
    // `A[0] := N` races benignly with itself in every phase, and with `A[0] := tid` in none
    // (a barrier separates them); `A[0] := tid` is a data race: one finding per pair.
    let d = run("kernel k(N) { shared A; for i in 0..N { A[0] := N; sync; A[0] := tid; sync; } }");
    assert_eq!(d.verdict, Verdict::Racy);
    let mut k = kinds(&d, "A");
    k.sort_by_key(|k| *k == Kind::DataRace);
    assert_eq!(k, vec![Kind::BenignRace, Kind::DataRace]);
    // One pair in two kinds of phase: in the first (before the loop's first barrier) nobody
    // writes B, so the copies of B[0] agree; in the later ones thread 0 has just written
    // B[0] := i and copies that, while thread 1 copies the i - 1 of the phase before.
    let d = run(
        "kernel k(N) { shared A, B; for i in 0..N { let y = B[0]; A[0] := y; sync; B[tid] := tid + i; } }",
    );
    assert_eq!(d.verdict, Verdict::Racy);
    assert!(kinds(&d, "A").contains(&Kind::DataRace));
}

// Warp-synchronous races (SPEC §7, issue 16 item 2): `warp_only` when every witness has both
// threads in one warp; under `--warp-sync` such races between different statements are
// ordered by lockstep execution and not reported.

fn warp_sync(n: u32) -> Options {
    Options {
        warp_sync: Some(n),
        ..Options::default()
    }
}

#[test]
fn a_race_inside_one_warp_is_warp_only() {
    // The last warp's step of a reduction: thread 0 reads s[16], which thread 16 writes.
    let src = "kernel k() { shared S; if tid < 32 { let a = S[tid]; let b = S[tid + 16]; S[tid] := a + b; } }";
    let d = run(src);
    assert_eq!(d.verdict, Verdict::Racy);
    assert!(!races(&d).is_empty());
    assert!(races(&d).iter().all(|f| f.warp_only), "{d:#?}");
    for f in races(&d) {
        let w = &f.witness;
        assert_eq!(w.threads[0].tid / 32, w.threads[1].tid / 32, "{w:?}");
    }
    // Lockstep warps of 32 order it; warps of 16 put thread 0 and thread 16 apart.
    let ordered = with(src, warp_sync(32));
    assert_eq!(ordered.verdict, Verdict::Drf, "{ordered:#?}");
    assert!(!ordered.warp_ordered.is_empty());
    let halves = with(src, warp_sync(16));
    assert_eq!(halves.verdict, Verdict::Racy);
    assert!(races(&halves).iter().all(|f| !f.warp_only));
}

#[test]
fn a_race_that_can_cross_warps_is_not_warp_only() {
    // Thread 0 reads s[32], which thread 32 (the next warp) writes.
    let src = "kernel k() { shared S; if tid < 64 { let a = S[tid]; let b = S[tid + 32]; S[tid] := a + b; } }";
    let d = run(src);
    assert!(races(&d).iter().any(|f| !f.warp_only), "{d:#?}");
    assert_eq!(with(src, warp_sync(32)).verdict, Verdict::Racy);
    // Threads of different blocks are never in one warp.
    let d = run("kernel k() { global G; if tid == 0 { G[0] := bid; } }");
    assert!(races(&d).iter().all(|f| f.grid && !f.warp_only), "{d:#?}");
    assert_eq!(
        with(
            "kernel k() { global G; if tid == 0 { G[0] := bid; } }",
            warp_sync(32)
        )
        .verdict,
        Verdict::Racy
    );
}

#[test]
fn lockstep_does_not_order_two_lanes_writing_one_cell_in_one_statement() {
    // Threads 0 and 1 of one warp store different values into S[0] in the same instruction:
    // which lane wins is undefined even in lockstep.
    let src = "kernel k() { shared S; if tid < 2 { S[0] := tid; } }";
    let d = with(src, warp_sync(32));
    assert_eq!(d.verdict, Verdict::Racy);
    assert!(races(&d)[0].warp_only);
    // Two statements: the second one's write comes after the first one's in every lane.
    let d = with(
        "kernel k() { shared S; if tid < 2 { S[0] := tid; S[tid] := 7; } }",
        warp_sync(32),
    );
    assert!(
        races(&d).iter().all(|f| f.locations[0] == f.locations[1]),
        "{d:#?}"
    );
}

#[test]
fn signed_parameters_may_be_negative() {
    // `n: i32` ranges over C's `int`: with n = -1 every thread writes its id to A[0]. A natural
    // `n` never enters the branch.
    let guard = |ty: &str| format!("kernel k(n{ty}) {{ shared A; if n < 0 {{ A[0] := tid; }} }}");
    for arith in [Arith::Int, Arith::Bv32] {
        let options = || Options {
            arith,
            ..Options::default()
        };
        let d = with(&guard(": i32"), options());
        assert_eq!(d.verdict, Verdict::Racy, "{arith}");
        let f = races(&d)[0];
        assert_eq!(f.certainty, Certainty::Proven);
        assert!(f.witness.params["n"] < 0, "{:?}", f.witness);
        assert_eq!(with(&guard(""), options()).verdict, Verdict::Drf, "{arith}");
    }
}

#[test]
fn unsigned_parameters_reach_beyond_two_to_the_31() {
    // `n: u32` may exceed 2^31 - 1 in both modes; the witness shows the value C reads (not
    // the negative `bv32` word that holds it). `n: u16` may not.
    let guard = |ty: &str| {
        format!("kernel k(n: {ty}) {{ shared A; if ugt(n, 2147483647) {{ A[0] := tid; }} }}")
    };
    for arith in [Arith::Int, Arith::Bv32] {
        let options = || Options {
            arith,
            ..Options::default()
        };
        let d = with(&guard("u32"), options());
        assert_eq!(d.verdict, Verdict::Racy, "{arith}");
        let n = races(&d)[0].witness.params["n"];
        assert!(n > 2147483647 && n < 1 << 32, "{arith}: n = {n}");
        assert_eq!(
            with(&guard("u16"), options()).verdict,
            Verdict::Drf,
            "{arith}"
        );
    }
}

#[test]
fn geometric_loops_past_their_unrolling_are_not_left_out() {
    // From a negative start, `*2` never leaves `i < 1`: the loop runs forever, and in its 70th
    // iteration (i = -2^69) every thread writes A[0]. The unrolling names 64 iterations; the
    // ones after it must still be covered (over-approximated), so the kernel is not `drf`.
    // The interpreter cannot finish the run (its values leave 128 bits), so the race stays
    // potential.
    let late = "kernel k(n: i32) { shared A; \
                for i in n..1 step *2 { if i < 0 - 1000000000000000000 * 1000 { A[0] := tid; } } }";
    let d = run(late);
    assert_eq!(d.verdict, Verdict::PossiblyRacy);
    let f = races(&d)[0];
    assert_eq!(f.certainty, Certainty::Potential);
    assert!(f.internal_error.is_none(), "{:?}", f.internal_error);
    // From a start of 0 or more the unrolling is complete: nothing is over-approximated.
    let d = run("kernel k(n) { shared A; for i in n..1000 step *2 { A[tid] := i; } }");
    assert_eq!(d.verdict, Verdict::Drf);
}

#[test]
fn a_strided_counter_takes_only_the_values_on_its_grid() {
    // i = 0, ntid, 2 ntid, ...: thread t touches t, t + ntid, ... — distinct threads never meet.
    // Off its grid (i = 1) thread 0 would meet thread 1.
    let d = run("kernel k(N) { shared A; for i in 0..N step +ntid { A[tid + i] := tid; } }");
    assert_eq!(d.verdict, Verdict::Drf, "{d:#?}");
    // With a step one short of the block, thread 0 at i = ntid - 1 meets thread ntid - 1 at 0.
    let d = run("kernel k(N) { shared A; for i in 0..N step +ntid - 1 { A[tid + i] := tid; } }");
    assert_eq!(d.verdict, Verdict::Racy, "{d:#?}");
}

/// Issue 38 item 5: the old values of a counter that only atomic increments of one sign touch
/// are distinct between threads, so slots claimed with them do not collide.
#[test]
fn slots_claimed_from_an_atomic_counter_are_distinct() {
    let drf = [
        "kernel k() { shared C, A; let s = atomic C[0] += 1; A[s] := tid; }",
        // Decrements are as good; two atomics of one counter claim distinct slots too.
        "kernel k() { shared C, A; let s = atomic C[0] -= 2; let t = atomic C[0] -= 1; A[s] := 1; A[t] := 2; }",
        // A reset of a shared counter before a barrier that precedes every atomic.
        "kernel k() { shared C, A; if tid == 0 { C[0] := 0; } sync; let s = atomic C[0] += 1; A[s] := tid; }",
        // Two counters' cells compared: the same cell, distinct values.
        "kernel k(N) { shared C, A; let s = atomic C[N] += 1; A[s] := tid; }",
    ];
    for src in drf {
        let d = run(src);
        assert_eq!(d.verdict, Verdict::Drf, "{src}: {d:#?}");
        assert!(!d.assumes_counters, "{src}: a block's updates are bounded");
    }
    let racy = [
        // The increment is 0: every thread sees the same value.
        "kernel k() { shared C, A; let s = atomic C[0] += 0; A[s] := tid; }",
        // Both signs: values repeat.
        "kernel k() { shared C, A; if tid % 2 == 0 { let s = atomic C[0] += 1; A[s] := tid; } else { let t = atomic C[0] -= 1; A[t] := tid; } }",
        // An exchange resets the counter between two claims.
        "kernel k() { shared C, A; if tid == 1 { atomic C[0] := 0; } else { let s = atomic C[0] += 1; A[s] := tid; } }",
        // A plain write after the atomics (no barrier before them).
        "kernel k() { shared C, A; let s = atomic C[0] += 1; sync; if tid == 0 { C[0] := 0; } sync; let t = atomic C[0] += 1; A[s] := 1; A[t] := 2; }",
        // Different cells of the counter array: their values may coincide.
        "kernel k() { shared C, A; let s = atomic C[tid % 2] += 1; A[s] := tid; }",
        // An increment that is not a literal (may be 0).
        "kernel k(N) { shared C, A; let s = atomic C[0] += N; A[s] := tid; }",
        // A counter updated in a loop: unbounded updates, no assumption outside CUDA's
        // conventions.
        "kernel k(N) { shared C, A; for i in 0..N { let s = atomic C[0] += 1; A[s] := tid; } }",
    ];
    for src in racy {
        let d = run(src);
        assert_ne!(d.verdict, Verdict::Drf, "{src}");
    }
}

/// Between blocks the interpreter's atomics see each block's own memory, so `.bcu` keeps
/// their values free; under CUDA's semantics (`Options::gpu_atomics`) a global counter's
/// values are distinct across the grid, and a `__shared__` counter's never are (one per
/// block). A counter in a loop is told apart only under the conventions' assumption, which
/// the decision reports.
#[test]
fn counters_between_blocks_and_in_loops() {
    let global = "kernel k() { global C, A; let s = atomic C[0] += 1; A[s] := tid; }";
    assert_ne!(run(global).verdict, Verdict::Drf);
    let cuda = Options {
        gpu_atomics: true,
        fixed: Fixed {
            block: Some([64, 1, 1]),
            grid: Some([4, 1, 1]),
            ..Fixed::default()
        },
        ..Options::default()
    };
    let d = with(global, cuda.clone());
    assert_eq!(d.verdict, Verdict::Drf, "{d:#?}");
    assert!(!d.assumes_counters, "256 updates of 1 cannot wrap");
    let per_block = "kernel k() { shared C; global A; let s = atomic C[0] += 1; A[s] := tid; }";
    assert_ne!(with(per_block, cuda.clone()).verdict, Verdict::Drf);
    // An open grid: the updates are bounded only by the assumption.
    let open = Options {
        gpu_atomics: true,
        ..Options::default()
    };
    assert_ne!(with(global, open.clone()).verdict, Verdict::Drf);
    let assumed = Options {
        conventions: true,
        ..open
    };
    let d = with(global, assumed.clone());
    assert_eq!(d.verdict, Verdict::Drf, "{d:#?}");
    assert!(d.assumes_counters);
    let looped =
        "kernel k(N) { global C, A; for i in 0..N { let s = atomic C[0] += 1; A[s] := tid; } }";
    let d = with(looped, assumed);
    assert_eq!(d.verdict, Verdict::Drf, "{d:#?}");
    assert!(d.assumes_counters);
}
