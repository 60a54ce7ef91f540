//! `mapcheck --emit smt FILE`: every query the decision sends — feasibility questions of the
//! phase split, block- and grid-level race queries, divergence queries — each after one
//! comment line saying what it asks and ending in one `(check-sat)`, with nothing of Z3's own
//! (its "; benchmark generated from rust API" line, its `set-info`). The number of queries is
//! the decision's own count (`Decision::queries`, on an exact kernel, which sends no
//! confirmation query). The queries a decision sends beyond the first of each pair are printed
//! too: the witness search's, the confirmation of a data-dependent race, the retry with the
//! linear form of thread distinctness and the re-solve under CUDA's block limit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

const KERNEL: &str = "kernel k(M) {
  shared A;
  global G;
  global H;
  G[bid * ntid + tid] := 1;
  for i in 0..M {
    if i > 2 { sync; }
    A[tid] := i;
  }
  let x = A[(tid + 1) % ntid];
  if tid < M { sync; }
  H[2 * (bid * ntid + tid)] := 1;
  let h = H[2 * (bid * ntid + tid) + 1];
}
";

#[test]
fn emit_smt_prints_every_query_of_the_decision() {
    let dir = std::env::temp_dir().join(format!("mapcheck-emit-smt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.bcu");
    std::fs::write(&file, KERNEL).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["--emit", "smt"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("benchmark generated"), "{text}");
    assert!(!text.contains("set-info"), "{text}");

    // One block per query: a comment line, then SMT-LIB ending in one `(check-sat)`.
    let blocks: Vec<&str> = text
        .split("; kernel k, ")
        .filter(|b| !b.trim().is_empty())
        .collect();
    assert!(text.starts_with("; kernel k, "), "{text}");
    // A pair the fast path settles is a comment line, no query: `A[tid]`, `G[bid * ntid + tid]`
    // and `H[2 * (bid * ntid + tid)]` against themselves in each of the two phases they are in,
    // and `G`'s and `H`'s writes at grid level (the global id determines the block, whatever
    // the block's size).
    let (settled, blocks): (Vec<&str>, Vec<&str>) = blocks
        .into_iter()
        .partition(|b| b.contains("settled without the solver"));
    assert_eq!(settled.len(), 8, "{text}");
    for s in &settled {
        let rule = if s.starts_with("grid level") {
            "(rule same-injective-global-index)"
        } else {
            "(rule same-injective-index)"
        };
        assert!(s.contains(rule), "{s}");
        assert!(!s.contains("check-sat"), "{s}");
    }
    let on = |what: &str| settled.iter().filter(|s| s.contains(what)).count();
    assert_eq!(on("write-write on `A` between 8:5 and 8:5"), 2, "{text}");
    assert_eq!(on("write-write on `G` between 5:3 and 5:3"), 3, "{text}");
    assert_eq!(on("write-write on `H` between 12:3 and 12:3"), 3, "{text}");
    for b in &blocks {
        assert_eq!(b.matches("(check-sat)").count(), 1, "{b}");
        assert!(b.trim_end().ends_with("(check-sat)"), "{b}");
        assert_eq!(b.lines().filter(|l| l.starts_with(';')).count(), 0, "{b}");
        // Valid SMT-LIB that a reader takes back and decides (primed names are quoted:
        // `solve::quote_symbols`).
        let smt = b.split_once('\n').unwrap().1.replace("(check-sat)", "");
        let solver = z3::Solver::new();
        solver.from_string(smt);
        assert!(!solver.get_assertions().is_empty(), "{b}");
        assert_ne!(solver.check(), z3::SatResult::Unknown, "{b}");
    }
    let count = |what: &str| blocks.iter().filter(|b| b.starts_with(what)).count();
    // The loop's body can finish an iteration without its barrier: one feasibility question.
    assert!(
        count("feasibility (phase split): can a thread satisfy") >= 1,
        "{text}"
    );
    assert!(count("phase ") >= 1, "{text}");
    // `H` is global: its write against its read of the odd cells, for threads of different
    // blocks, goes to the solver.
    assert_eq!(
        count("grid level (threads of different blocks): read-write on `H`"),
        1
    );
    // The last barrier is under a condition on `tid` (the loop's is uniform: no query).
    assert!(
        count("divergence: one thread of a block reaches the `sync` at 11:16") == 1,
        "{text}"
    );

    // As many as the decision sends.
    let program = mapcheck_grammar::parse(KERNEL).unwrap();
    let kernel = &program.kernels[0];
    let options = mapcheck_smt::Options::default();
    let checked = mapcheck_typeck::check(kernel, options.arith);
    assert_eq!(checked.class, mapcheck_typeck::Class::Exact);
    let decision = mapcheck_smt::decide(kernel, &checked, &options);
    assert_eq!(blocks.len(), decision.queries, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The blocks `mapcheck --emit smt` prints for `source` (a `.bcu` kernel named `k`) with `flags`,
/// each a comment (without `; kernel k, `) and its SMT-LIB text, every one of them read back
/// into z3 and decided.
fn emitted(source: &str, flags: &[&str]) -> Vec<(String, String)> {
    let dir = std::env::temp_dir().join(format!(
        "mapcheck-emit-smt-{}-{}",
        std::process::id(),
        source.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.bcu");
    std::fs::write(&file, source).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["--emit", "smt"])
        .args(flags)
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("; kernel k, "), "{text}");
    let blocks: Vec<(String, String)> = text
        .split("; kernel k, ")
        .filter(|b| !b.trim().is_empty())
        .map(|b| {
            let (comment, smt) = b.split_once('\n').unwrap();
            (comment.to_string(), smt.to_string())
        })
        .collect();
    for (comment, smt) in &blocks {
        if comment.contains("settled without the solver") {
            continue;
        }
        assert_eq!(smt.matches("(check-sat)").count(), 1, "{comment}\n{smt}");
        assert_eq!(
            smt.lines().filter(|l| l.starts_with(';')).count(),
            0,
            "{smt}"
        );
        read_back(comment, smt);
    }
    blocks
}

/// Reads `smt` into a z3 solver and decides it.
fn read_back(comment: &str, smt: &str) {
    let solver = z3::Solver::new();
    solver.from_string(smt.replace("(check-sat)", ""));
    assert!(!solver.get_assertions().is_empty(), "{comment}\n{smt}");
    assert_ne!(solver.check(), z3::SatResult::Unknown, "{comment}\n{smt}");
}

#[test]
fn emit_smt_prints_the_witness_search() {
    // `i` steps by -1 from 0 while below 1: no run reaches the write, so the search asks for
    // other witnesses (map-smt's `a_loop_that_never_moves_in_any_witness_leaves_the_race_potential`).
    let blocks = emitted(
        "kernel k() { shared A; for i in 0..1 step +(0 - 1) { skip; } A[0] := tid; }",
        &[],
    );
    let search: Vec<&String> = blocks
        .iter()
        .map(|(c, _)| c)
        .filter(|c| c.starts_with("witness search, try "))
        .collect();
    assert!(search.len() >= 2, "{blocks:#?}");
    for (n, c) in search.iter().enumerate() {
        assert!(c.contains("write-write on `A`"), "{c}");
        assert!(
            c.starts_with(&format!("witness search, try {}: ", n + 1)),
            "{c}"
        );
        assert!(
            c.ends_with("again, without the configurations whose runs did not finish"),
            "{c}"
        );
    }
}

#[test]
fn emit_smt_prints_the_confirmation_query() {
    // Only values 100 apart collide: neither the zero memory nor small random contents show the
    // race, the confirmation query's memory does (map-smt's
    // `data_dependent_races_are_confirmed_by_replay`).
    let blocks = emitted(
        "kernel k() { shared A; global I; let j = I[tid]; A[j - 100 * tid] := tid; }",
        &[],
    );
    let confirm: Vec<&(String, String)> = blocks
        .iter()
        .filter(|(c, _)| c.starts_with("confirmation: the race on `A`"))
        .collect();
    assert!(!confirm.is_empty(), "{blocks:#?}");
    // Reads tied to the initial memory: one function per array.
    assert!(
        confirm.iter().all(|(_, smt)| smt.contains("init!I")),
        "{confirm:#?}"
    );
}

#[test]
fn emit_smt_prints_the_re_solve_under_the_block_limit() {
    // Two threads with `tid.x > 1000` and `tid.y > 0` need a block of at least 1002 × 2
    // threads, more than CUDA's 1024: the first model breaks the limit, and the query asked
    // again under it is `unsat`.
    let blocks = emitted(
        "kernel k() { shared A; if tid.x > 1000 { if tid.y > 0 { A[0] := 1; } } }",
        &[],
    );
    let again: Vec<&String> = blocks
        .iter()
        .map(|(c, _)| c)
        .filter(|c| {
            c.ends_with(
                "again, under CUDA's limit of 1024 threads per block (the first model broke it)",
            )
        })
        .collect();
    assert_eq!(again.len(), 1, "{blocks:#?}");
    assert!(
        again[0].starts_with("phase 0 (start → end): write-write on `A`"),
        "{}",
        again[0]
    );
}

#[test]
fn the_retry_with_linear_thread_distinctness_is_kept() {
    // With a fixed 2-D block, two threads differ in a component (the first form) or in their
    // linear ids (the retry, when the first is undecided). A resource limit of 10 leaves every
    // query undecided, so each race query is asked both ways.
    let source = "kernel k() { shared A; A[tid.x * tid.y] := 1; }";
    let program = mapcheck_grammar::parse(source).unwrap();
    let kernel = &program.kernels[0];
    let mut options = mapcheck_smt::Options::default();
    options.fixed.block = Some([4, 4, 1]);
    options.limits.rlimit = 10;
    let checked = mapcheck_typeck::check(kernel, options.arith);
    let (decision, queries) = mapcheck_smt::decide_keeping_queries(kernel, &checked, &options);
    assert!(!decision.undecided_races.is_empty(), "{decision:#?}");
    let again: Vec<&mapcheck_smt::Query> = queries
        .iter()
        .filter(|q| {
            matches!(
                &q.asked,
                mapcheck_smt::Asked::Again { subject, how: mapcheck_smt::Again::DistinctLinear }
                    if matches!(**subject, mapcheck_smt::Asked::Race { .. })
            )
        })
        .collect();
    assert!(!again.is_empty(), "{queries:#?}");
    for q in again {
        read_back("distinct, linear form", &q.smtlib);
    }
}
