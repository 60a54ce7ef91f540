//! Repairs of generated kernels (issue 9 item 4, as a property): whatever `repair` returns as
//! repaired must be proven clean by the pipeline once printed and parsed back, and must pass
//! the interpreter's cross-check of `repair/tests/common/crosscheck.rs` — no race, no
//! divergence, and the original's final memory wherever the original ran race free.
//!
//! The general generator of `mapcheck_tests::gen` mostly yields races no barrier fixes (two
//! threads writing one cell in one statement), so this target has its own small generator of
//! the kernels repair is about: writes whose index is one-to-one in `tid` (no statement races
//! with itself), reads of neighbouring cells, pure `let`s, and accesses under `tid`-dependent
//! `if`s (the if-conversion), uniform `if`s and loops (barriers at the end of bodies), with
//! the odd `sync` in either. The geometry is fixed (4 threads, 1 block) so that each of the
//! repair's many decisions is quick; the parameter `P` stays symbolic. `PROPTEST_CASES`
//! replaces the default case count.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../repair/tests/common/crosscheck.rs"]
mod crosscheck;

use mapcheck_repair::{repair, verify, Outcome};
use mapcheck_smt::redundant::clean;
use mapcheck_smt::{Fixed, Options};
use proptest::prelude::*;

/// A statement of a generated kernel, rendered by [`render`].
#[derive(Clone, Debug)]
enum G {
    Write(u8, u8, u8),
    Read(u8, u8),
    Let(u8),
    Sync,
    If(u8, Vec<G>, Option<Vec<G>>),
    For(u8, Vec<G>),
}

fn stmt() -> impl Strategy<Value = G> {
    let leaf = prop_oneof![
        4 => (0..2u8, any::<u8>(), any::<u8>()).prop_map(|(a, i, v)| G::Write(a, i, v)),
        4 => (0..2u8, any::<u8>()).prop_map(|(a, i)| G::Read(a, i)),
        1 => any::<u8>().prop_map(G::Let),
        1 => Just(G::Sync),
    ];
    leaf.prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            3 => (
                any::<u8>(),
                prop::collection::vec(inner.clone(), 1..4),
                prop::option::of(prop::collection::vec(inner.clone(), 1..3))
            )
                .prop_map(|(c, t, e)| G::If(c, t, e)),
            1 => (any::<u8>(), prop::collection::vec(inner, 1..3)).prop_map(|(b, body)| G::For(b, body)),
        ]
    })
}

/// Renders statements with fresh binder names, choosing among the variables in scope.
fn render(stmts: &[G], scope: &mut Vec<String>, fresh: &mut usize, out: &mut String) {
    let depth = scope.len();
    for s in stmts {
        let pick = |k: u8, scope: &[String]| -> Option<String> {
            (!scope.is_empty()).then(|| scope[usize::from(k) % scope.len()].clone())
        };
        match s {
            G::Write(a, i, v) => {
                // One-to-one in `tid` for a fixed value of the loop variables.
                let mut idx = vec!["tid", "(tid + 1) % ntid", "ntid - 1 - tid", "tid + ntid"]
                    .into_iter()
                    .map(String::from)
                    .collect::<Vec<_>>();
                if let Some(l) = scope.iter().find(|v| v.starts_with('i')) {
                    idx.push(format!("(tid + {l}) % ntid"));
                }
                let index = &idx[usize::from(*i) % idx.len()];
                let value = pick(*v, scope)
                    .map_or(format!("tid + {}", v % 5), |x| format!("{x} + {}", v % 3));
                out.push_str(&format!("A{a}[{index}] := {value};\n"));
            }
            G::Read(a, i) => {
                let idx = [
                    "tid",
                    "(tid + 1) % ntid",
                    "0",
                    "tid / 2",
                    "(tid + 3) % ntid",
                    "tid + ntid",
                ];
                let name = format!("r{fresh}");
                *fresh += 1;
                out.push_str(&format!(
                    "let {name} = A{a}[{}];\n",
                    idx[usize::from(*i) % idx.len()]
                ));
                scope.push(name);
            }
            G::Let(v) => {
                let name = format!("x{fresh}");
                *fresh += 1;
                let value = pick(*v, scope).map_or("tid * 2".to_string(), |x| format!("{x} + 1"));
                out.push_str(&format!("let {name} = {value};\n"));
                scope.push(name);
            }
            G::Sync => out.push_str("sync;\n"),
            G::If(c, t, e) => {
                let conds = ["tid % 2 == 0", "tid < P", "tid < 2", "P > 1", "tid != 1"];
                out.push_str(&format!("if {} {{\n", conds[usize::from(*c) % conds.len()]));
                render(t, scope, fresh, out);
                if let Some(e) = e {
                    out.push_str("} else {\n");
                    render(e, scope, fresh, out);
                }
                out.push_str("}\n");
            }
            G::For(b, body) => {
                let name = format!("i{fresh}");
                *fresh += 1;
                let bound = if b % 2 == 0 { "P" } else { "2" };
                out.push_str(&format!("for {name} in 0..{bound} {{\n"));
                scope.push(name);
                render(body, scope, fresh, out);
                scope.pop();
                out.push_str("}\n");
            }
        }
    }
    scope.truncate(depth);
}

proptest! {
    #![proptest_config(mapcheck_tests::proptest_config(
        32,
        "proptest-regressions/repair_property.txt"
    ))]

    #[test]
    fn repaired_kernels_are_clean_and_compute_the_same(
        body in prop::collection::vec(stmt(), 1..5)
    ) {
        let mut text = String::from("kernel g(P) {\nshared A0, A1;\n");
        render(&body, &mut Vec::new(), &mut 0, &mut text);
        text.push_str("}\n");
        let k = mapcheck_grammar::parse(&text).unwrap().kernels.remove(0);
        let options = Options {
            fixed: Fixed { block: Some([4, 1, 1]), grid: Some([1, 1, 1]), ..Fixed::default() },
            ..Options::default()
        };
        if let Outcome::Repaired(r) = repair(&k, &options) {
            let printed = r.kernel.to_string();
            let back = mapcheck_grammar::parse(&printed).unwrap().kernels.remove(0);
            prop_assert!(clean(&verify(&back, &options)), "{}\n{}", text, printed);
            crosscheck::crosscheck(&k, &back, &options, 12, 3);
        }
    }
}
