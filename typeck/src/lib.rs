//! `mapcheck-typeck`: the behavioural type system of BabyCUDA (SPEC §5). It infers each
//! kernel's memory access protocol (MAP) and classifies the kernel as **exact** or
//! **data-dependent**.
//!
//! # The judgement
//!
//! The BabyCUDA paper types a program `b` with a protocol `u` under a set of variables `V`:
//! `V ⊢ b ▶ u` (its Figure 6). `V` holds the variables allowed to steer control flow and
//! indexing. Here it starts as `{tid, ntid, bid, nbid}` plus the kernel's parameters; a loop
//! adds its variable for its body; a variable bound by an array read, by `?` or by an atomic is
//! never added. The premise `V ⊢ n` ("every free variable of `n` is in `V`") guards every
//! index, condition, loop range and `assume`. The rules, in words (one function each, in
//! [`infer`], each naming the Coq constructor of `proofs/Typing.v` and the
//! branch of `proofs/Infer.v` it mirrors):
//!
//! * **T-WRITE** — `A[n] := m` has protocol `wr[n]` when `V ⊢ n`; the payload `m` is dropped:
//!   data may flow into memory, never into the shape of the accesses.
//! * **T-READ** — `let x = A[n]` has protocol `rd[n]` when `V ⊢ n`, followed by the protocol of
//!   the rest of the block, typed *without* `x` in `V`.
//! * **T-SEQ** — a sequence has the sequence of the protocols of its parts.
//! * **T-IF** — `if c {b1} else {b2}` has `if c {u1} else {u2}` when `V ⊢ c` (no `else`:
//!   `else {skip}`).
//! * **T-FOR** — `for x in n..m {b}` has `for x ∈ n..m {u}` when `V ⊢ n`, `V ⊢ m` (and the
//!   step's amount), `u` typing `b` under `V ∪ {x}`; strided loops keep their step.
//! * **T-SKIP** — `skip` has `skip`.
//! * **T-LET** (new) — a pure `let x = e` leaves no trace in the protocol: `x` is replaced by
//!   `e` wherever it is used, so `x` behaves as if in `V` exactly when `fv(e) ⊆ V`.
//! * **T-HAVOC** (new) — `let x = ?` is T-READ without the access.
//! * **T-ATOMIC** (new) — `[let x =] atomic A[n] op m` has `at[n]` when `V ⊢ n`; `x` is
//!   never in `V`.
//! * **T-ASSUME** (new) — `assume c` has `assume c` when `V ⊢ c`.
//! * **TS-SYNC**, **TS-SEQ**, **TS-IF**, **TS-FOR**, **TS-U** — the synchronised fragment:
//!   `sync` has `sync`; a sequence, conditional or loop with a `sync` inside has the
//!   synchronised form of the protocol above; an unsynchronised protocol can stand where a
//!   synchronised one is expected.
//! * **TS-SYNCWARP** (new) — `syncwarp` has `syncwarp`, a barrier of the synchronised
//!   fragment that orders the lanes of each warp only (CUDA's `__syncwarp()`); its placement
//!   is checked like a `sync`'s, at warp level (see Barrier placement below).
//!
//! Several arrays are typed together: each access carries its array and its memory space
//! (`shared` or `global`), which the SMT stage uses to decide who can race.
//!
//! # Exact and data-dependent kernels
//!
//! A kernel is **exact** when every premise holds: it types in the paper's sense. Theorem 1
//! of the paper (mechanised in `proofs/Theorem1.v`) is what that buys: for a well-typed
//! program, the accesses of each phase of a run are exactly the accesses its protocol
//! describes, so the run is DRF *if and only if* the protocol is. A DRF verdict on the MAP is
//! a proof, and a race on the MAP is a race of the kernel, with a witness that replays.
//!
//! Otherwise the kernel is **data-dependent**, and no kernel is rejected: the checker runs
//! the rules as inference and, where a premise fails, replaces the offending value by a
//! *per-thread unknown*, a variable `?x` each thread chooses freely (see
//! [`map::Unknown`]). The variable a read, `?` or atomic binds becomes
//! `?x`; in `int` arithmetic a bitwise operation the SMT encoding cannot express exactly
//! (SPEC §4; `core::arith::int_exact`) becomes a fresh `?1`, `?2`, ... — in `bv32` arithmetic
//! those are exact. The MAP then over-approximates the kernel: every access of every run is
//! an access of the MAP for some choice of unknowns, so DRF is still a proof, but a race may
//! need values no run produces, and stays *potential* until replayed. Every failed premise is
//! one [`Reason`]: an index, a condition, a loop start, bound or step, an `assume`, or the
//! placement of a `sync`, with the reads, `?`s, atomics, inexact operations and `let`s its
//! value flows from.
//!
//! An unknown introduced inside a loop is chosen afresh at each iteration: it is a function
//! of the thread and of the variables of the enclosing loops.
//!
//! One data-dependent program, the paper's Equation (2):
//!
//! ```text
//! kernel eq2() {
//!   shared A;
//!   A[tid] := tid;
//!   let x = A[tid];
//!   A[x] := 9;
//! }
//! ```
//!
//! The third write's index `x` was read from `A`, so T-WRITE's premise `V ⊢ x` fails. The
//! kernel is data-dependent, with one reason pointing at `A[x]` and at the read that bound
//! `x`; its MAP is `wr[tid]; rd[tid]; wr[?x]`. With `?x` free, two threads can pick the same
//! cell and the MAP races, but the kernel itself writes `A[tid]` and reads its own write: the
//! alarm is false, which is why it may only be reported as potential.
//!
//! # Barrier placement
//!
//! A second set `U ⊆ V` holds the variables that are *uniform* within a block: the
//! parameters, `ntid`, `bid`, `nbid`, and the variables of loops whose range is itself
//! uniform (`tid` is not, nor is any data). A `sync` under an `if` or loop that is not uniform
//! may be reached by some threads of a block and not others; each such `sync` is recorded as
//! a [`BarrierPlacement`] with all its enclosing conditions and loop ranges, for the SMT
//! stage's divergence check. A `sync` under data-dependent control is also a reason. A
//! `syncwarp` is placed by the same rule and recorded with `warp` set: the SMT stage then asks
//! about two lanes of one warp (control uniform within each warp, such as `tid < 32` in warps
//! of 32, is no divergence).
#![forbid(unsafe_code)]

mod env;
pub mod infer;
pub mod map;
pub mod print;
pub mod reason;
#[cfg(test)]
mod tests;

pub use map::{
    term, Acc, Fragment, Map, Mode, Proto, SyncNode, SyncProto, Typed, Unknown, UnknownId,
    UnknownOrigin, Var,
};
pub use print::Style;
pub use reason::{
    BarrierPlacement, Branch, Control, ControlKind, LoopPart, Reason, ReasonKind, Source,
    SourceKind,
};

use map::term::{Cond, Expr};
use mapcheck_core::ast::{Kernel, Program};
use mapcheck_core::{Arith, Diagnostic};
use std::collections::BTreeSet;
use std::fmt;

/// How far a kernel's MAP can be trusted (SPEC §7 `class`).
#[derive(schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The kernel types: its MAP describes it exactly (Theorem 1).
    Exact,
    /// Some index, condition, loop range, barrier placement or `assume` depends on data: the
    /// MAP over-approximates the kernel.
    DataDependent,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Exact => "exact",
            Class::DataDependent => "data-dependent",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The outcome of checking one kernel.
#[derive(Clone, Debug)]
pub struct Checked {
    pub class: Class,
    /// The kernel's MAP, exact or over-approximating.
    pub protocol: Map,
    /// Why the kernel is data-dependent; empty exactly when it is exact.
    pub reasons: Vec<Reason>,
    /// Every `sync` under control that is not uniform within a block.
    pub barriers: Vec<BarrierPlacement>,
    /// The kernel, each statement annotated with its own protocol and whether the blocks in
    /// it are uniform places for a barrier ([`Typed`]), and the kernel with the whole MAP.
    pub annotated: Kernel<Typed>,
}

impl Checked {
    /// One diagnostic per reason, in source order.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.reasons.iter().map(Diagnostic::from).collect()
    }

    /// The class and the MAP, as `--emit map` shows them.
    pub fn display(&self, style: Style) -> EmitMap<'_> {
        EmitMap {
            checked: self,
            style,
        }
    }
}

/// `kernel NAME: CLASS` followed by the MAP; see [`Checked::display`].
#[derive(Debug)]
pub struct EmitMap<'a> {
    checked: &'a Checked,
    style: Style,
}

impl fmt::Display for EmitMap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.checked;
        writeln!(f, "kernel {}: {}", c.protocol.kernel, c.class)?;
        writeln!(f, "{}", c.protocol.display(self.style))?;
        for u in &c.protocol.unknowns {
            let what = match &u.origin {
                UnknownOrigin::Read { var, array } => format!("`{var}` read from `{array}`"),
                UnknownOrigin::Havoc { var } => format!("`{var}` = `?`"),
                UnknownOrigin::Atomic { var, array } => {
                    format!("`{var}` returned by an atomic on `{array}`")
                }
                UnknownOrigin::Inexact { text } => format!("`{text}` (inexact in `int`)"),
                UnknownOrigin::TooLarge { var } => format!("`{var}` (too large to substitute)"),
            };
            let per = if u.loop_vars.is_empty() {
                "per thread".to_string()
            } else {
                format!("per thread and {}", u.loop_vars.join(", "))
            };
            writeln!(f, "  where {}: {what}, {per}", u.id)?;
        }
        Ok(())
    }
}

/// Infers the MAP of `kernel` and classifies it (SPEC §5). Never fails: a kernel that does
/// not type gets an over-approximating MAP and its reasons.
pub fn check<T>(kernel: &Kernel<T>, arith: Arith) -> Checked {
    let mut checker = infer::Checker::new(kernel, arith);
    let (fragment, body) = checker.t_seq(&kernel.body);
    let body_map = fragment.clone().into_sync();
    let mentioned = unknowns_in(&body_map);
    let unknowns = checker
        .ctx
        .unknowns
        .into_iter()
        .filter(|u| mentioned.contains(&u.id))
        .collect();
    let mut reasons = checker.reasons;
    reasons.sort_by_key(|r| (r.span.start, r.span.end));
    let protocol = Map {
        kernel: kernel.name.clone(),
        params: kernel.params.clone(),
        arrays: kernel.arrays.clone(),
        body: body_map,
        unknowns,
        builtins: kernel.builtins(),
        read_by_code: kernel.builtins_read_by_code(),
        block_id_strides: kernel.body.block_id_strides(),
        bounds_its_block: {
            let mut bounded = false;
            kernel.body.walk(&mut |s| {
                bounded |= matches!(&s.kind, mapcheck_core::ast::StmtKind::Assume { cond } if cond.is_block_size_bound());
            });
            bounded
        },
    };
    let annotated = Kernel {
        name: kernel.name.clone(),
        params: kernel.params.clone(),
        arrays: kernel.arrays.clone(),
        body,
        span: kernel.span,
        ann: Typed {
            fragment,
            uniform: true,
        },
        names: kernel.names.clone(),
    };
    Checked {
        class: if reasons.is_empty() {
            Class::Exact
        } else {
            Class::DataDependent
        },
        protocol,
        reasons,
        barriers: checker.barriers,
        annotated,
    }
}

/// [`check`] for every kernel of a program, in order.
pub fn check_program<T>(program: &Program<T>, arith: Arith) -> Vec<Checked> {
    program.kernels.iter().map(|k| check(k, arith)).collect()
}

/// The unknowns a protocol mentions.
fn unknowns_in(p: &SyncProto) -> BTreeSet<UnknownId> {
    let mut out = BTreeSet::new();
    let mut note = |var: &Var, _| {
        if let Var::Unknown(id) = var {
            out.insert(id.clone());
        }
    };
    visit(p, &mut |item| match item {
        Item::Expr(e) => e.visit_vars(&mut note),
        Item::Cond(c) => c.visit_vars(&mut note),
    });
    out
}

enum Item<'a> {
    Expr(&'a Expr),
    Cond(&'a Cond),
}

/// Calls `f` on every expression and condition of a protocol.
fn visit<'a>(p: &'a SyncProto, f: &mut impl FnMut(Item<'a>)) {
    fn range<'a>(r: &'a term::Range, f: &mut impl FnMut(Item<'a>)) {
        f(Item::Expr(&r.start));
        f(Item::Expr(&r.bound));
        f(Item::Expr(&r.step.amount));
    }
    fn u<'a>(p: &'a Proto, f: &mut impl FnMut(Item<'a>)) {
        match p {
            Proto::Skip => {}
            Proto::Acc(a) => a
                .index
                .iter()
                .chain(a.bounds.iter().map(|b| &b.index))
                .for_each(|e| f(Item::Expr(e))),
            Proto::Seq(parts) => parts.iter().for_each(|q| u(q, f)),
            Proto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                f(Item::Cond(cond));
                u(then_branch, f);
                u(else_branch, f);
            }
            Proto::For { range: r, body, .. } => {
                range(r, f);
                u(body, f);
            }
            Proto::Assume { cond, .. } => f(Item::Cond(cond)),
        }
    }
    match p {
        SyncProto::U(q) => u(q, f),
        SyncProto::Sync(_) | SyncProto::SyncWarp(_) => {}
        SyncProto::Seq(parts) => parts.iter().for_each(|q| visit(q, f)),
        SyncProto::If {
            cond,
            then_branch,
            else_branch,
            ..
        } => {
            f(Item::Cond(cond));
            visit(then_branch, f);
            visit(else_branch, f);
        }
        SyncProto::For { range: r, body, .. } => {
            range(r, f);
            visit(body, f);
        }
    }
}
