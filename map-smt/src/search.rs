//! Pass 6b — another witness when a replay cannot finish. SPEC §7: `proven` and `confirmed`
//! need a run that reached the finding (Theorem 1 speaks of runs that exist), so a witness
//! whose run stops early proves nothing, and before the finding is left `potential` the query
//! is asked again for a witness whose loops end.
//!
//! A replay is unfinished ([`Replay::Unfinished`]) when a run spends the step budget, or meets
//! a loop whose step leaves its variable where it is (`step *2` from 0, `<< 2` wrapping to 0
//! in `bv32`, `i *= k` with `k = 0`). The MAP says nothing about termination, so the solver
//! may pick such a configuration while the race also exists in one whose loops end. Each new
//! question excludes what made the runs so far unfinished:
//!
//! * the configuration — the parameters, the geometry and the blocks the replay runs, which
//!   decide which loops run and how far (exact control does not read memory);
//! * when a loop could not move and its variable is one of the query's (the accesses are in
//!   its body), the value it was stuck at, for both threads: a thread inside the loop at that
//!   value is in a loop that cannot end, whatever the configuration, when the value is a fixed
//!   point of the step (0 for `*k` and `<<k`), which is what `LoopStuck` reports. This is what
//!   moves the solver from `for i in S..N step *2` at `S = 0` to `S = 1`, where excluding
//!   configurations one at a time would try `S = 0` with every `N` first.
//!
//! Before any of that, a witness whose run only spent the step budget (no loop stuck) is
//! replayed once more with [`LONG_STEP_BUDGET`]: a real kernel can need a few million steps.
//!
//! After [`MORE_WITNESSES`] questions the finding keeps its first (smallest) witness, and the
//! note says how many others were tried. Excluding too much only ends the search early: the
//! finding stays reported, as `potential`.
//!
//! A replay that finished without showing the race (a data-dependent kernel's `assume` the
//! witness breaks) gets one more witness: the query's witnesses take each parameter's least
//! value of at least 2 ([`Least::FromTwo`], which keeps loop factors from being degenerate),
//! and sometimes only the degenerate values show the race: `for i in 0..N { assume tid == 0; }`
//! races in a run only with `N = 0`. The other witness takes the least values by magnitude.

use crate::decode::Witness;
use crate::encode::{eq, Encoder, Side, Val};
use crate::kept::{self, Asked};
use crate::query::Built;
use crate::replay::{Replay, LONG_STEP_BUDGET, STEP_BUDGET};
use crate::solve::{Least, Limits, Outcome};
use mapcheck_core::ast::{Builtin, Dim, Geometry};
use mapcheck_typeck::Var;
use z3::ast::Bool;
use z3::Model;

/// Witnesses asked for after a first one whose replay could not finish. Each costs a query
/// and, when it does not finish either, a replay up to the step budget; the loops that never
/// end in any configuration (an unrelated `for i in 0..1 step +(0 - 1)`) pay this in full.
pub const MORE_WITNESSES: usize = 3;

/// The witness a finding keeps, its replay, and the solver queries the search asked.
#[derive(Debug)]
pub struct Found {
    pub witness: Witness,
    pub replay: Replay,
    pub queries: usize,
}

/// When `first`'s replay finished without the race and the query has free parameters, the
/// witness with the least parameters by magnitude if its replay shows the race, else `first`.
/// Else `first` and its replay when that finished; else `first` replayed once more with
/// [`LONG_STEP_BUDGET`] when its run was only long (no loop stuck); else the first witness
/// whose replay finishes of the query (`constraints`, minimised over `sizes` as
/// [`crate::solve::solve`] does) asked again without what made the runs so far unfinished. `decode`
/// reads a witness off a model and `replay` replays one with a step budget; `subject` says
/// what `query` asks when its queries are kept for `--emit smt` ([`crate::kept`]).
pub fn finishing(
    query: &Built,
    subject: Option<&Asked>,
    limits: Limits,
    first: (Witness, Replay),
    decode: impl Fn(&Model) -> Witness,
    mut replay: impl FnMut(&Witness, u64) -> Replay,
) -> Found {
    let (witness, replayed) = first;
    if matches!(replayed, Replay::NotReproduced(_)) && !query.params.is_empty() {
        // The same query (not kept again for `--emit smt`), its witness ordered otherwise.
        if let Outcome::Sat(model) = query.solve_ordered(&[], limits, Least::Magnitude) {
            let next = decode(&model);
            if next.params != witness.params {
                let again = replay(&next, STEP_BUDGET);
                if matches!(again, Replay::Reproduced { .. }) {
                    return Found {
                        witness: next,
                        replay: again,
                        queries: 1,
                    };
                }
            }
        }
        return Found {
            witness,
            replay: replayed,
            queries: 1,
        };
    }
    let Replay::Unfinished { mut why, stuck } = replayed else {
        return Found {
            witness,
            replay: replayed,
            queries: 0,
        };
    };
    // A run that spent the budget without a stuck loop may just be long: the same witness
    // once more, with a budget four times larger, before asking for others.
    if stuck.is_none() {
        match replay(&witness, LONG_STEP_BUDGET) {
            Replay::Unfinished { why: longer, .. } => why = longer,
            again => {
                return Found {
                    witness,
                    replay: again,
                    queries: 0,
                }
            }
        }
    }
    let enc = &query.enc;
    let mut constraints = Vec::new();
    let (mut last, mut last_stuck) = (witness.clone(), stuck.clone());
    let mut tried = 0;
    while tried < MORE_WITNESSES {
        let Some(other) = another_configuration(enc, &last) else {
            break;
        };
        constraints.push(other);
        if let Some((var, value)) = &last_stuck {
            constraints.extend(moving(enc, var, *value));
        }
        tried += 1;
        if let Some(subject) = subject {
            let mut all = query.constraints.clone();
            all.extend(constraints.iter().cloned());
            let asked = || Asked::Finishing {
                subject: Box::new(subject.clone()),
                tried,
            };
            kept::keep(asked, &all);
        }
        let Outcome::Sat(model) = query.solve_and(&constraints, limits) else {
            break;
        };
        let next = decode(&model);
        match replay(&next, STEP_BUDGET) {
            Replay::Unfinished { stuck, .. } => (last, last_stuck) = (next, stuck),
            replayed => {
                return Found {
                    witness: next,
                    replay: replayed,
                    queries: tried,
                }
            }
        }
    }
    why.others_tried = tried;
    Found {
        witness,
        replay: Replay::Unfinished { why, stuck },
        queries: tried,
    }
}

/// That the configuration differs from `w`'s in a parameter, the geometry or a block of the
/// two threads; `None` when the query has none of these unknowns (nothing left to vary).
fn another_configuration(enc: &Encoder, w: &Witness) -> Option<Bool> {
    let mut same = Vec::new();
    let mut pin = |c: Option<&Val>, value: i128| {
        if let Some(c) = c {
            same.push(eq(c, &enc.lit(value)));
        }
    };
    for (name, value) in &w.params {
        pin(enc.get_shared(name), *value);
    }
    // The geometry and the two blocks, in whichever form the query has them (linear or by
    // components; a fixed geometry's literals pin nothing new).
    pin(enc.get_shared(Builtin::Ntid.name()), w.ntid());
    pin(enc.get_shared(Builtin::Nbid.name()), w.nbid());
    for d in Dim::ALL {
        let (ntid, nbid) = (Geometry::Ntid, Geometry::Nbid);
        pin(
            enc.get_shared(Builtin::component(ntid, d).name()),
            w.block_dim[d.index()],
        );
        pin(
            enc.get_shared(Builtin::component(nbid, d).name()),
            w.grid_dim[d.index()],
        );
    }
    for (i, side) in [Side::One, Side::Two].into_iter().enumerate() {
        pin(enc.get_source(Builtin::Bid.name(), side), w.threads[i].bid);
        let idx = w.block_idx(i);
        for d in Dim::ALL {
            let name = Builtin::component(Geometry::Bid, d).name();
            pin(enc.get_source(name, side), idx[d.index()]);
        }
    }
    (!same.is_empty()).then(|| Bool::and(&same).not())
}

/// That neither thread is in the loop over `var` at `value`, where it could not move; nothing
/// when `var` is not one of the query's unknowns.
fn moving(enc: &Encoder, var: &str, value: i128) -> Vec<Bool> {
    let var = Var::from(var);
    let mut symbols = vec![enc.symbol(&var, Side::One), enc.symbol(&var, Side::Two)];
    symbols.dedup();
    symbols
        .iter()
        .filter_map(|symbol| enc.declared(symbol))
        .map(|c| eq(c, &enc.lit(value)).not())
        .collect()
}
