//! `mapcheck --emit smt FILE`: every query the decision sends — feasibility questions of the
//! phase split, block- and grid-level race queries, divergence queries — each after one
//! comment line saying what it asks and ending in one `(check-sat)`, with nothing of Z3's own
//! (its "; benchmark generated from rust API" line, its `set-info`). The number of queries is
//! the decision's own count (`Decision::queries`, on an exact kernel, which sends no
//! confirmation query).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

const KERNEL: &str = "kernel k(M) {
  shared A;
  global G;
  G[bid * ntid + tid] := 1;
  for i in 0..M {
    if i > 2 { sync; }
    A[tid] := i;
  }
  let x = A[(tid + 1) % ntid];
  if tid < M { sync; }
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
    // A pair the fast path settles is a comment line, no query: `A[tid]` and
    // `G[bid * ntid + tid]` against themselves in each of the two phases they are in.
    let (settled, blocks): (Vec<&str>, Vec<&str>) = blocks
        .into_iter()
        .partition(|b| b.contains("settled without the solver"));
    assert_eq!(settled.len(), 4, "{text}");
    for s in &settled {
        assert!(s.contains("(rule same-injective-index)"), "{s}");
        assert!(!s.contains("check-sat"), "{s}");
    }
    let on = |what: &str| settled.iter().filter(|s| s.contains(what)).count();
    assert_eq!(on("write-write on `A` between 7:5 and 7:5"), 2, "{text}");
    assert_eq!(on("write-write on `G` between 4:3 and 4:3"), 2, "{text}");
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
    // `G` is global: the write against itself for threads of different blocks.
    assert_eq!(
        count("grid level (threads of different blocks): write-write on `G`"),
        1
    );
    // The last barrier is under a condition on `tid` (the loop's is uniform: no query).
    assert!(
        count("divergence: one thread of a block reaches the `sync` at 10:16") == 1,
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
