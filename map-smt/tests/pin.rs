//! Barrier-loop variables pinned to their one value in a phase (`mapcheck_smt::query::pinned`):
//! the phase that leaves `for d in 1..64 step *2` admits only d = 32, so its race queries name
//! the literal (the division `64 / d` becomes one by a numeral), while a phase where `d` takes
//! several values keeps the variable. The verdicts are decided by hand: after the last barrier
//! (d = 32) thread t writes `A[t * (64 / 32) / 4] = A[t / 2]`, which threads 0 and 1 share,
//! while for every d <= 16 the index `t * (64 / d) / 4` is a multiple of t (injective);
//! `A[t * (64 / d)]` is injective for every d.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_core::Arith;
use mapcheck_smt::kept::Asked;
use mapcheck_smt::{Decision, Query, Verdict};

/// The decision in `arith` with blocks of 64 threads, and its queries.
fn decided(src: &str, arith: Arith) -> (Decision, Vec<Query>) {
    common::decided_keeping_queries(src, &common::fixed(arith, Some([64, 1, 1]), None))
}

/// The race queries of the phase from the loop's barrier to the end of the kernel.
fn exit_phase_races(queries: &[Query]) -> Vec<&Query> {
    queries
        .iter()
        .filter(|q| {
            matches!(&q.asked, Asked::Race { phase: Some((_, from, to)), .. }
                if from.to_string().starts_with("sync") && to.to_string() == "end")
        })
        .collect()
}

fn kernel(after: &str) -> String {
    format!("kernel k() {{ shared A; shared B; for d in 1..64 step *2 {{ B[tid] := d; sync; {after} }} }}")
}

#[test]
fn the_phase_leaving_a_geometric_barrier_loop_names_the_last_value() {
    for arith in [Arith::Int, Arith::Bv32] {
        for (after, racy) in [
            ("A[tid * (64 / d) / 4] := tid;", true),
            ("A[tid * (64 / d)] := tid;", false),
        ] {
            let src = kernel(after);
            let (decision, queries) = decided(&src, arith);
            let pinned = queries
                .iter()
                .any(|q| matches!(&q.asked, Asked::Pin { var, value: Some(32), .. } if var == "d"));
            assert!(pinned, "{arith:?} {src}: {queries:#?}");
            let races = exit_phase_races(&queries);
            assert!(!races.is_empty(), "{arith:?} {src}");
            for q in races {
                // The literal, not the variable: no constant `d`, and the index multiplies by
                // 64 / 32 — a division by the numeral 32 in `bv32`, its quotient 2 in `int`,
                // where the encoder folds a division of two numerals.
                assert!(!q.smtlib.contains("(declare-fun d "), "{}", q.smtlib);
                let by_last_value = match arith {
                    Arith::Int => q.smtlib.contains("(* tid@1 2)"),
                    _ => q.smtlib.contains("(_ bv32 32)"),
                };
                assert!(by_last_value, "{arith:?}: {}", q.smtlib);
            }
            let expected = if racy { Verdict::Racy } else { Verdict::Drf };
            assert_eq!(decision.verdict, expected, "{arith:?} {src}");
            if racy {
                // The witness names the pinned value as the loop's last iteration.
                let race = decision
                    .findings
                    .iter()
                    .find(|f| f.array.as_deref() == Some("A"))
                    .expect("a race on A");
                assert_eq!(
                    race.witness.shared.get(&mapcheck_typeck::Var::from("d")),
                    Some(&32),
                    "{arith:?}"
                );
            }
        }
    }
}

#[test]
fn a_variable_with_several_values_in_its_phase_stays_a_variable() {
    // Inside the loop, the phase from one iteration's barrier to the next has d in 1..16.
    let src = "kernel k() { shared A; for d in 1..64 step *2 { sync; A[tid / (64 / d)] := tid; } }";
    let (decision, queries) = decided(src, Arith::Int);
    let straddle: Vec<&Query> = queries
        .iter()
        .filter(|q| {
            matches!(&q.asked, Asked::Race { phase: Some((_, from, to)), .. }
                if from.to_string().starts_with("sync") && to.to_string().starts_with("sync"))
        })
        .collect();
    assert!(!straddle.is_empty(), "{queries:#?}");
    for q in straddle {
        assert!(q.smtlib.contains("(declare-fun d "), "{}", q.smtlib);
    }
    // d = 1: A[tid / 64] is A[0] for every thread of the block.
    assert_eq!(decision.verdict, Verdict::Racy);
    // The pin queries are counted with the decision's.
    assert_eq!(
        decision.queries,
        queries.iter().filter(|q| !q.smtlib.is_empty()).count()
    );
}
