//! Pass 4 — solving: one z3 solver per query, bounded by z3's deterministic resource limit
//! alone (and the whole run by `--timeout`, the user's backstop); `unknown` is kept as such,
//! never read as "no race". A
//! satisfiable query is solved again under growing bounds on the parameters and the geometry,
//! so that witnesses are small enough for a person to replay, and then made canonical: the
//! least model in a fixed order of its constants (`canonical`), so that the witness is a
//! function of the query's meaning and not of the path z3's search took.
//!
//! This module owns the solving of one query ([`solve`], its first try and its retry in a
//! fresh context, [`check_once`]) and the query's SMT-LIB text ([`smtlib`]);
//! `canonical` owns the small and canonical witness, `backstop` the z3 context and the run's
//! deadline every check runs under, `lemmas` the definitions every query of a context carries
//! (the encoder's lookup tables).

mod backstop;
mod canonical;
pub mod lemmas;

use backstop::{check, reason_unknown};
pub use backstop::{context, deadline_passed, EXPIRED};
use canonical::{canonical, small};
pub use canonical::{Least, Sign};

use crate::encode::{cmp, Val};
use mapcheck_core::ast::CmpOp;
use z3::ast::{Ast, Bool, Dynamic, Int, BV};
use z3::{DeclKind, Model, Params, PrepareSynchronized, SatResult, Solver};

/// Limits of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// z3's `rlimit` of one query: the same on every machine for the same query and Z3
    /// version, under any load. The only limit a decision depends on.
    pub rlimit: u32,
    /// The wall-clock end of the whole run (`--timeout`), if any: past it every check
    /// answers `unknown` with the reason [`EXPIRED`]. Not deterministic, and not meant to be:
    /// the user's backstop against a run that takes too long, never a budget of one query.
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rlimit: 20_000_000,
            deadline: None,
        }
    }
}

/// What a query said.
#[derive(Debug)]
pub enum Outcome {
    Unsat,
    Sat(Model),
    Unknown(String),
}

/// The first try of a query gets this fraction of the resource limit.
const FIRST_TRY_SHARE: u32 = 10;

/// Queries with an integer product of more factors than this are solved without Z3's Gröbner
/// pass of its non-linear arithmetic. That pass enumerates the factorisations of each
/// monomial, 2^(d-1) of them for degree d, and checks neither the resource limit nor an
/// interrupt while it does: a loop `step *K` unrolled to `K^64` sent one check of `for i in
/// 1..N step *K` into it for 7 minutes under a 10 s timeout, where without the pass the same
/// query is `sat` in 1.6 s. Below this degree the pass is kept, as it decides the products of
/// ids that index arrays.
const GROBNER_MAX_DEGREE: u32 = 8;

/// Solves `constraints`; on a model, solves again under growing bounds on `sizes` (`lit`
/// builds a bound) so that the witness is small: one bound on all of them, else (when some
/// size must exceed the largest bound) a bound on each in turn; then makes the model
/// `canonical` over `order`.
///
/// A query is tried first in the caller's context with a tenth of the resource limit, in
/// z3's SMT core, then, if that was `unknown`, in a fresh context with all of it, through the
/// tactic z3 picks for it (`Path`; see [`context`] for why the context matters). Z3's search depends on the terms its context already holds, and a query
/// that the history of earlier queries sends down a hopeless path is often decided in
/// milliseconds alone — measured: a grid-stride kernel's grid-level query, `unknown` after
/// 10 s as the third query of its kernel, `unsat` in 5 ms in a fresh context. Creating a
/// context costs about 4 ms, more than most queries, so only the queries that need it pay for
/// it. Both tries are bounded by the resource limit, so the answer stays deterministic; the
/// retry's model is translated back into the caller's context.
pub fn solve(
    constraints: &[Bool],
    sizes: &[(Val, Sign)],
    order: &[(Val, Least)],
    limits: Limits,
    lit: impl Fn(i128) -> Val,
) -> Outcome {
    solve_admissible(constraints, None, sizes, order, limits, lit)
}

/// [`solve`], for a query whose caller asserts `admissible` only when a model breaks it (a
/// non-linear limit, `query::Built::block_limit`): a first model that breaks it is returned
/// as it is, neither made small nor canonical, since the caller throws it away and asks again
/// with the limit. Measured on the textbook `a[i] = 2 * a[i]` with `i` the global id under the
/// launch conventions: the grid-level queries' first models wrap the ids (`bid.x * ntid.x`
/// past 2^32), and making each small and canonical took 200–300 ms of `mod` reasoning over
/// bignums, then the model was dropped for the no-wrap bound; 90% of the kernel's time.
pub fn solve_admissible(
    constraints: &[Bool],
    admissible: Option<&Bool>,
    sizes: &[(Val, Sign)],
    order: &[(Val, Least)],
    limits: Limits,
    lit: impl Fn(i128) -> Val,
) -> Outcome {
    let constraints = &lemmas::with_lemmas(constraints);
    let first = Limits {
        rlimit: limits.rlimit / FIRST_TRY_SHARE,
        ..limits
    };
    let query = Query {
        constraints,
        admissible,
        sizes,
        order,
    };
    match solve_here(&query, first, Path::Core, &lit) {
        Outcome::Unknown(_) => retry_fresh(&query, limits),
        decided => decided,
    }
}

/// What [`solve_here`] is asked: the constraints, the limit a model must keep to be made
/// small and canonical ([`solve_admissible`]), the sizes to make small and the order of the
/// canonical model.
struct Query<'a> {
    constraints: &'a [Bool],
    admissible: Option<&'a Bool>,
    sizes: &'a [(Val, Sign)],
    order: &'a [(Val, Least)],
}

/// Whether `model` breaks `admissible` (evaluated with model completion).
fn breaks(model: &Model, admissible: Option<&Bool>) -> bool {
    admissible.is_some_and(|a| model.eval(a, true).and_then(|b| b.as_bool()) == Some(false))
}

/// [`solve_here`] in a fresh context.
fn retry_fresh(query: &Query<'_>, limits: Limits) -> Outcome {
    let Query {
        constraints,
        admissible,
        sizes,
        order,
    } = *query;
    // One encoder has one sort; z3 objects cross contexts by translation.
    let width = match sizes
        .first()
        .map(|(v, _)| v)
        .or(order.first().map(|(v, _)| v))
    {
        Some(Val::B(x)) => Some(x.get_size()),
        _ => None,
    };
    let dynamic = |vals: &mut dyn Iterator<Item = &Val>| -> Vec<Dynamic> {
        vals.map(Val::as_dynamic).collect()
    };
    let signs: Vec<Sign> = sizes.iter().map(|(_, s)| *s).collect();
    let leasts: Vec<Least> = order.iter().map(|(_, l)| *l).collect();
    let (sizes, order) = (
        dynamic(&mut sizes.iter().map(|(v, _)| v)),
        dynamic(&mut order.iter().map(|(v, _)| v)),
    );
    let admissible: Vec<Bool> = admissible.into_iter().cloned().collect();
    let (constraints, admissible, sizes, order) = (
        constraints.synchronized(),
        admissible.as_slice().synchronized(),
        sizes.as_slice().synchronized(),
        order.as_slice().synchronized(),
    );
    let answer = context(limits, move || {
        let constraints = constraints.recover();
        let admissible = admissible.recover();
        let vals = |ds: Vec<Dynamic>| -> Vec<Val> {
            ds.iter()
                .filter_map(|d| {
                    if width.is_some() {
                        d.as_bv().map(Val::B)
                    } else {
                        d.as_int().map(Val::I)
                    }
                })
                .collect()
        };
        let (sizes, order) = (vals(sizes.recover()), vals(order.recover()));
        let sizes: Vec<(Val, Sign)> = sizes.into_iter().zip(signs).collect();
        let order: Vec<(Val, Least)> = order.into_iter().zip(leasts).collect();
        let lit = |v: i128| match width {
            Some(bits) => Val::B(BV::from_i64(v as i64, bits)),
            None => Val::I(Int::from_i128(v)),
        };
        let query = Query {
            constraints: &constraints,
            admissible: admissible.first(),
            sizes: &sizes,
            order: &order,
        };
        match solve_here(&query, limits, Path::Tactic, &lit) {
            Outcome::Unsat => Ok(None),
            Outcome::Sat(model) => Ok(Some(model.synchronized())),
            Outcome::Unknown(why) => Err(why),
        }
    });
    match answer {
        Ok(None) => Outcome::Unsat,
        Ok(Some(model)) => Outcome::Sat(model.recover()),
        Err(why) => Outcome::Unknown(why),
    }
}

/// Where a fresh solver's first check goes. z3's combined solver sends a first check made
/// without a scope to the tactic it picks by probing the query (for integer queries with `div`
/// and `mod` by literals, its non-linear one), and a check after `push` straight to the SMT
/// core. Neither decides every query of the corpus fastest (papers/benchmarks.md, "Solver
/// set-up"): the core decides a loop `for i = ntid / 2; i > 0; i >>= 1` unrolled to a chain of
/// halvings in 20–300 ms where the tactic is `unknown` at the first try's limit, and the tactic
/// decides a grid-stride loop's grid-level query in milliseconds where the core is `unknown`
/// at the full limit. So the first try is the core's and the retry the tactic's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    Core,
    Tactic,
}

fn solve_here(query: &Query<'_>, limits: Limits, path: Path, lit: &dyn Fn(i128) -> Val) -> Outcome {
    let Query {
        constraints,
        admissible,
        sizes,
        order,
    } = *query;
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit);
    let high_degree = max_degree(constraints) > GROBNER_MAX_DEGREE;
    if high_degree {
        params.set_bool("arith.nl.grobner", false);
    }
    // No `timeout` here: a wall-clock limit per query would make the answer depend on the
    // machine's load; the run's deadline is the context's (see [`context`]). Set on the
    // solver, Z3 5.4's combined solver also takes another path, which spun to the timeout on
    // linear queries it otherwise decides in milliseconds (a grid-stride loop's grid-level
    // query: 10 s `unknown` against 5 ms `unsat`).
    solver.set_params(&params);
    if path == Path::Core {
        solver.push();
    }
    for c in constraints {
        solver.assert(c);
    }
    match check(&solver) {
        SatResult::Unsat => return Outcome::Unsat,
        SatResult::Unknown => return Outcome::Unknown(reason_unknown(&solver)),
        SatResult::Sat => {}
    }
    let Some(first) = solver.get_model() else {
        return Outcome::Unknown("the solver found no model".into());
    };
    if breaks(&first, admissible) {
        return Outcome::Sat(first);
    }
    let small = small(&solver, first, sizes, lit);
    // The sizes stay as small as they are: the checks below would otherwise let them float
    // (a block of 1024 threads for a race that 4 show).
    // (Those that `order` minimises next are left free for it.)
    for (size, _) in sizes {
        if order
            .iter()
            .any(|(o, _)| o.as_dynamic() == size.as_dynamic())
        {
            continue;
        }
        if let Some(v) = crate::encode::value_of(&small, size) {
            solver.assert(cmp(CmpOp::Eq, size, &lit(v)));
        }
    }
    // A query with a product of high degree keeps the model found (see [`Least::FromTwo`]):
    // z3's non-linear core refines such products without checking the resource limit, and
    // the canonical search's checks from 0 up (`i <= 0`, `i <= 1`, ...) on `i = K^j` ran out
    // of memory (`decide.rs`'s `a_factor_that_stops_the_loop...`, killed after 60 s). Such a
    // witness is not canonical: its bytes may differ between runs.
    let order: Vec<(Val, Least)> = if high_degree {
        Vec::new()
    } else {
        order.to_vec()
    };
    Outcome::Sat(canonical(&solver, small, &order, lit, limits.rlimit))
}

/// The largest number of non-literal factors of an integer product in `constraints`, counted
/// after flattening nested products (`(K * K) * K` has degree 3); shared subterms are visited
/// once.
fn max_degree(constraints: &[Bool]) -> u32 {
    fn degree(
        e: &Dynamic,
        memo: &mut std::collections::HashMap<Dynamic, u32>,
        top: &mut u32,
    ) -> u32 {
        if let Some(d) = memo.get(e) {
            return *d;
        }
        let children = e.children();
        let d = if children.is_empty() {
            u32::from(e.is_const() && e.decl().kind() == DeclKind::Uninterpreted)
        } else {
            let ds = children.iter().map(|c| degree(c, memo, top));
            if e.decl().kind() == DeclKind::Mul {
                ds.fold(0, u32::saturating_add)
            } else {
                ds.max().unwrap_or(0)
            }
        };
        *top = (*top).max(d);
        memo.insert(e.clone(), d);
        d
    }
    let (mut memo, mut top) = (std::collections::HashMap::new(), 0);
    for c in constraints {
        degree(&Dynamic::from_ast(c), &mut memo, &mut top);
    }
    top
}

/// One check of `constraints` in z3's SMT core with a tenth of the resource limit (as the first
/// try of [`solve`]), without a retry and without making its model small or canonical: for
/// questions whose answer only steers how a query is built ([`crate::query::pinned`]), where
/// `unknown` costs nothing but the shortcut.
pub fn check_once(constraints: &[Bool], limits: Limits) -> Outcome {
    let constraints = &lemmas::with_lemmas(constraints);
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit / FIRST_TRY_SHARE);
    solver.set_params(&params);
    solver.push();
    for c in constraints {
        solver.assert(c);
    }
    match check(&solver) {
        SatResult::Unsat => Outcome::Unsat,
        SatResult::Unknown => Outcome::Unknown(reason_unknown(&solver)),
        SatResult::Sat => match solver.get_model() {
            Some(model) => Outcome::Sat(model),
            None => Outcome::Unknown("the solver found no model".into()),
        },
    }
}

/// The query as SMT-LIB text, for `--emit smt`: its declarations and assertions, then
/// `(check-sat)`; without the lines Z3 adds of its own (a comment naming its API, a
/// `set-info`), so the text says only what mapcheck asks.
pub fn smtlib(constraints: &[Bool]) -> String {
    let solver = Solver::new();
    for c in &lemmas::with_lemmas(constraints) {
        solver.assert(c);
    }
    let text = solver.to_smt2();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with("; benchmark generated") || line.starts_with("(set-info ") {
            continue;
        }
        out.push_str(&quote_symbols(line));
        out.push('\n');
    }
    if !out.trim_end().ends_with("(check-sat)") {
        out.push_str("(check-sat)\n");
    }
    out
}

/// `line` with every symbol SMT-LIB does not allow unquoted written `|like'this|`: Z3 prints
/// some names as they are that no SMT-LIB reader, Z3's included, accepts bare (the copy of a
/// barrier-loop variable for the next iteration, `Var::Next`, is named `i'`).
fn quote_symbols(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if needs_quotes(token) {
            out.push('|');
            out.push_str(token);
            out.push('|');
        } else {
            out.push_str(token);
        }
        token.clear();
    };
    for c in line.chars() {
        if c.is_whitespace() || c == '(' || c == ')' {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

/// Whether a token of Z3's text is a symbol that SMT-LIB's lexical rules (SMT-LIB 2.6, §3.1)
/// allow only quoted: it has a character no simple symbol has, and it is not already quoted,
/// a literal (`#x…`, a string) or a keyword.
fn needs_quotes(token: &str) -> bool {
    let simple = |c: char| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c);
    !token.starts_with(['|', '#', ':', '"'])
        && !token.contains(['|', '"'])
        && !token.chars().all(simple)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::value_of;

    #[test]
    fn emitted_text_quotes_primed_names_and_reads_back() {
        let x = Int::new_const("i'");
        let text = smtlib(&[x.gt(Int::from_i64(3))]);
        assert!(text.contains("|i'|"), "{text}");
        let solver = Solver::new();
        solver.from_string(text.replace("(check-sat)", ""));
        assert_eq!(solver.check(), SatResult::Sat);
        assert_eq!(solver.get_assertions().len(), 1);
    }

    #[test]
    fn the_runs_deadline_interrupts_a_check_and_says_so() {
        // Fermat's cubic case: no model, and nothing z3 can prove; only the deadline stops it
        // (the resource limit is far away). The reason names the run's time limit, not z3's
        // `canceled`; a check after the deadline is not started.
        let limits = Limits {
            rlimit: u32::MAX,
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(300)),
        };
        let whys = context(limits, || {
            let [x, y, z] = ["x", "y", "z"].map(Int::new_const);
            let cube = |v: &Int| v.clone() * v.clone() * v.clone();
            let query = [
                x.gt(Int::from_i64(0)),
                y.gt(Int::from_i64(0)),
                z.gt(Int::from_i64(0)),
                (cube(&x) + cube(&y)).eq(cube(&z)),
            ];
            let query = Query {
                constraints: &query,
                admissible: None,
                sizes: &[],
                order: &[],
            };
            let ask =
                || match solve_here(&query, limits, Path::Core, &|v| Val::I(Int::from_i128(v))) {
                    Outcome::Unknown(why) => why,
                    other => panic!("expected unknown, got {other:?}"),
                };
            [ask(), ask()]
        });
        assert_eq!(whys, [EXPIRED, EXPIRED]);
        assert!(deadline_passed());
    }

    #[test]
    fn a_retry_in_a_fresh_context_minimises_and_translates_its_model_back() {
        for bv in [false, true] {
            let (x, lit): (Val, fn(i128) -> Val) = if bv {
                (Val::B(BV::new_const("x", 32)), |v| {
                    Val::B(BV::from_i64(v as i64, 32))
                })
            } else {
                (Val::I(Int::new_const("x")), |v| Val::I(Int::from_i128(v)))
            };
            // x > 1: the first model may be large, the bound 2 leaves x = 2.
            let positive = cmp(CmpOp::Gt, &x, &lit(1));
            let within = cmp(CmpOp::Lt, &x, &lit(1000));
            fn query<'a>(
                constraints: &'a [Bool],
                admissible: Option<&'a Bool>,
                sizes: &'a [(Val, Sign)],
            ) -> Query<'a> {
                Query {
                    constraints,
                    admissible,
                    sizes,
                    order: &[],
                }
            }
            let sizes = [(x.clone(), Sign::Natural)];
            let between = [positive.clone(), within.clone()];
            let Outcome::Sat(model) =
                retry_fresh(&query(&between, None, &sizes), Limits::default())
            else {
                panic!("expected a model");
            };
            assert_eq!(value_of(&model, &x), Some(2), "bv32: {bv}");
            let never = [cmp(CmpOp::Lt, &x, &lit(0)), cmp(CmpOp::Gt, &x, &lit(5))];
            assert!(matches!(
                retry_fresh(&query(&never, None, &[]), Limits::default()),
                Outcome::Unsat
            ));
            // A first model that breaks the admissible limit comes back as it is (x > 500
            // there, not the least x = 2): the caller asks again with the limit.
            let high = cmp(CmpOp::Gt, &x, &lit(500));
            let low = cmp(CmpOp::Lt, &x, &lit(100));
            let above = [positive, within, high];
            let Outcome::Sat(model) =
                retry_fresh(&query(&above, Some(&low), &sizes), Limits::default())
            else {
                panic!("expected a model");
            };
            assert!(value_of(&model, &x).is_some_and(|v| v > 500), "bv32: {bv}");
        }
    }

    #[test]
    fn the_witness_is_the_least_model_in_the_order_given() {
        for bv in [false, true] {
            let (x, y, lit): (Val, Val, fn(i128) -> Val) = if bv {
                (
                    Val::B(BV::new_const("x", 32)),
                    Val::B(BV::new_const("y", 32)),
                    |v| Val::B(BV::from_i64(v as i64, 32)),
                )
            } else {
                (
                    Val::I(Int::new_const("x")),
                    Val::I(Int::new_const("y")),
                    |v| Val::I(Int::from_i128(v)),
                )
            };
            // Two threads that differ, in either role: the least is x = 0, y = 1, whatever
            // model z3 reaches first.
            let symmetric = [
                cmp(CmpOp::Ne, &x, &y),
                cmp(CmpOp::Ge, &x, &lit(0)),
                cmp(CmpOp::Ge, &y, &lit(0)),
                cmp(CmpOp::Lt, &x, &lit(7)),
                cmp(CmpOp::Lt, &y, &lit(7)),
            ];
            let least = |constraints: &[Bool], order: &[(Val, Least)]| {
                let Outcome::Sat(m) = solve(constraints, &[], order, Limits::default(), lit) else {
                    panic!("expected a model");
                };
                (value_of(&m, &x), value_of(&m, &y))
            };
            let order = [(x.clone(), Least::Magnitude), (y.clone(), Least::Magnitude)];
            assert_eq!(least(&symmetric, &order), (Some(0), Some(1)), "bv32: {bv}");
            // By magnitude, then positive before negative.
            let one_of = |values: &[i128]| {
                let options: Vec<Bool> = values
                    .iter()
                    .map(|v| cmp(CmpOp::Eq, &x, &lit(*v)))
                    .collect();
                Bool::or(&options)
            };
            for (values, x) in [(&[-3, 3, 5][..], 3), (&[-3, 5][..], -3), (&[9, -2][..], -2)] {
                let (found, _) = least(&[one_of(values)], &order);
                assert_eq!(found, Some(x), "{values:?}, bv32: {bv}");
            }
            // A parameter: the least value of at least 2 when there is one, else by magnitude.
            let param = [(x.clone(), Least::FromTwo), (y.clone(), Least::Magnitude)];
            for (values, x) in [
                (&[0, 1, 5, 3, 1000][..], 3),
                (&[0, 1, 2][..], 2),
                (&[7, -1, 1][..], 7),
                (&[-1, 1, 0][..], 0),
                (&[-4, 3000][..], -4),
            ] {
                let (found, _) = least(&[one_of(values)], &param);
                assert_eq!(found, Some(x), "{values:?}, bv32: {bv}");
            }
            // The parameter first, then the threads with it fixed: x = 2 and y = 0, though
            // x = 0, y = 1 is least by magnitude.
            assert_eq!(least(&symmetric, &param), (Some(2), Some(0)), "bv32: {bv}");
        }
    }
}
