//! The queries: the constraints that say "two threads can race on these two accesses" (at
//! block level within one phase, or at grid level anywhere) and "two threads of a block can
//! disagree on reaching this barrier", built from the encoder's terms.

use crate::encode::{cmp, Copy, Encoder, Val};
use crate::pairs::PathAccess;
use crate::phases::{iteration, Phase};
use mapcheck_core::ast::{CmpOp, Cond, Expr};
use mapcheck_core::Arith;
use mapcheck_typeck::{BarrierPlacement, ControlKind};
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::Bool;

/// What is fixed or assumed for every query of a kernel.
#[derive(Clone, Debug, Default)]
pub struct Fixed {
    pub params: BTreeMap<String, i128>,
    pub ntid: Option<i128>,
    pub nbid: Option<i128>,
}

/// Everything a query needs to know about the kernel.
#[derive(Debug)]
pub struct KernelFacts<'a> {
    pub arith: Arith,
    /// A deliberate defect, for testing the tests.
    pub mutation: Option<crate::Mutation>,
    pub params: Vec<String>,
    /// Top-level `assume`s: preconditions of every run.
    pub assumes: Vec<&'a Cond>,
    pub fixed: &'a Fixed,
}

impl<'a> KernelFacts<'a> {
    /// The facts of the kernel whose MAP is `map`, under `options`.
    pub fn new(map: &'a mapcheck_typeck::Map, options: &'a crate::Options) -> Self {
        KernelFacts {
            arith: options.arith,
            mutation: options.mutation,
            params: map.params.iter().map(|p| p.name.clone()).collect(),
            assumes: top_assumes(&map.body),
            fixed: &options.fixed,
        }
    }
}

/// A built query: its constraints, the encoder that named its constants, and the terms whose
/// size the witness search keeps small.
#[derive(Debug)]
pub struct Built {
    pub constraints: Vec<Bool>,
    pub enc: Encoder,
    pub sizes: Vec<Val>,
}

/// Which threads a query is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Two distinct threads of one block (`bid` shared).
    Block,
    /// Two threads of different blocks (nothing shared but parameters and geometry).
    Grid,
}

fn base(facts: &KernelFacts<'_>, extra_shared: &[String], level: Level) -> Built {
    let mut shared: BTreeSet<String> = facts.params.iter().cloned().collect();
    shared.insert("ntid".into());
    shared.insert("nbid".into());
    if level == Level::Block {
        shared.insert("bid".into());
    }
    shared.extend(extra_shared.iter().cloned());
    let mut enc = Encoder::new(facts.arith, shared);
    let mut constraints = Vec::new();
    let mut sizes = Vec::new();
    let zero = enc.lit(0);
    let one = enc.lit(1);
    let ntid = enc.var("ntid", Copy::One);
    let nbid = enc.var("nbid", Copy::One);
    match facts.fixed.ntid {
        Some(n) => constraints.push(cmp(CmpOp::Eq, &ntid, &enc.lit(n))),
        None => {
            // CUDA's limits (SPEC §3).
            constraints.push(cmp(CmpOp::Ge, &ntid, &one));
            constraints.push(cmp(CmpOp::Le, &ntid, &enc.lit(1024)));
            sizes.push(ntid.clone());
        }
    }
    match facts.fixed.nbid {
        Some(n) => constraints.push(cmp(CmpOp::Eq, &nbid, &enc.lit(n))),
        None => {
            constraints.push(cmp(CmpOp::Ge, &nbid, &one));
            constraints.push(cmp(CmpOp::Le, &nbid, &enc.lit((1 << 31) - 1)));
            sizes.push(nbid.clone());
        }
    }
    for p in &facts.params {
        let v = enc.var(p, Copy::One);
        match facts.fixed.params.get(p) {
            Some(value) => constraints.push(cmp(CmpOp::Eq, &v, &enc.lit(*value))),
            None => {
                // Parameters are natural numbers; below 2^62 in `int` mode, which keeps the
                // unrolling of geometric loops (`phases::iteration`) complete.
                constraints.push(cmp(CmpOp::Ge, &v, &zero));
                let max = match facts.arith {
                    Arith::Bv32 => i128::from(i32::MAX),
                    Arith::Int => (1 << 62) - 1,
                };
                constraints.push(cmp(CmpOp::Le, &v, &enc.lit(max)));
                sizes.push(v);
            }
        }
    }
    let (t1, t2) = (enc.var("tid", Copy::One), enc.var("tid", Copy::Two));
    let (b1, b2) = (enc.var("bid", Copy::One), enc.var("bid", Copy::Two));
    for (t, b) in [(&t1, &b1), (&t2, &b2)] {
        constraints.push(cmp(CmpOp::Ge, t, &zero));
        constraints.push(cmp(CmpOp::Lt, t, &ntid));
        constraints.push(cmp(CmpOp::Ge, b, &zero));
        constraints.push(cmp(CmpOp::Lt, b, &nbid));
    }
    match (level, facts.mutation) {
        (_, Some(crate::Mutation::SameThreadAllowed)) => {}
        (Level::Block, _) => constraints.push(cmp(CmpOp::Ne, &t1, &t2)),
        (Level::Grid, _) => constraints.push(cmp(CmpOp::Ne, &b1, &b2)),
    }
    for c in &facts.assumes {
        let a1 = enc.cond(c, Copy::One);
        let a2 = enc.cond(c, Copy::Two);
        constraints.push(a1);
        constraints.push(a2);
    }
    Built {
        constraints,
        enc,
        sizes,
    }
}

/// Two threads reach `a` and `b` in the same run of `phase` (block level; `phase` is `None`
/// at grid level), on the same cell.
pub fn race(
    facts: &KernelFacts<'_>,
    phase: Option<&Phase>,
    a: &PathAccess,
    b: &PathAccess,
) -> Built {
    let (shared, level): (&[String], Level) = match phase {
        Some(p) => (&p.shared, Level::Block),
        None => (&[], Level::Grid),
    };
    let mut q = base(facts, shared, level);
    if let Some(phase) = phase {
        for copy in [Copy::One, Copy::Two] {
            for g in &phase.guard {
                let c = q.enc.cond(g, copy);
                q.constraints.push(c);
            }
        }
    }
    if facts.mutation == Some(crate::Mutation::SharedLoopVariables) {
        for step in a.path.iter().chain(&b.path) {
            if let crate::pairs::Step::Loop { var, .. } = step {
                q.enc.shared.insert(var.clone());
            }
        }
    }
    let p1 = q.enc.path(&a.path, Copy::One);
    let p2 = q.enc.path(&b.path, Copy::Two);
    q.constraints.extend(p1);
    q.constraints.extend(p2);
    let i1: Vec<Val> = a
        .acc
        .index
        .iter()
        .map(|e| q.enc.expr(e, Copy::One))
        .collect();
    let i2: Vec<Val> = b
        .acc
        .index
        .iter()
        .map(|e| q.enc.expr(e, Copy::Two))
        .collect();
    let same = q.enc.same_cell(&i1, &i2);
    q.constraints.push(same);
    q
}

/// Some thread of some block satisfies every condition in `conds` (feasibility questions of
/// the phase split).
pub fn feasibility(facts: &KernelFacts<'_>, conds: &[Cond]) -> Built {
    let mut q = base(facts, &[], Level::Block);
    for c in conds {
        let b = q.enc.cond(c, Copy::One);
        q.constraints.push(b);
    }
    q
}

/// Thread 1 reaches the barrier at some iteration of its loops and thread 2, of the same
/// block and at the same iteration, does not (SPEC §6).
pub fn divergence(facts: &KernelFacts<'_>, barrier: &BarrierPlacement) -> Built {
    let loop_vars: Vec<String> = barrier
        .controls
        .iter()
        .filter_map(|c| match &c.kind {
            ControlKind::Loop { var, .. } => Some(var.name.clone()),
            ControlKind::If { .. } => None,
        })
        .collect();
    let mut q = base(facts, &loop_vars, Level::Block);
    let reach = |copy: Copy, q: &mut Built| -> Bool {
        let parts: Vec<Bool> = barrier
            .controls
            .iter()
            .map(|c| match &c.kind {
                ControlKind::If { cond, branch } => {
                    let c = q.enc.cond(cond, copy);
                    match branch {
                        mapcheck_typeck::Branch::Then => c,
                        mapcheck_typeck::Branch::Else => c.not(),
                    }
                }
                ControlKind::Loop { var, range } => {
                    let v = Expr::var(var.name.as_str(), var.span);
                    let c = iteration(&v, range, facts.arith);
                    q.enc.cond(&c, copy)
                }
            })
            .collect();
        Bool::and(&parts)
    };
    let r1 = reach(Copy::One, &mut q);
    let r2 = reach(Copy::Two, &mut q);
    q.constraints.push(r1);
    q.constraints.push(r2.not());
    q
}

/// The top-level `assume`s of a protocol (not under a conditional or loop): preconditions.
pub fn top_assumes(p: &mapcheck_typeck::SyncProto) -> Vec<&Cond> {
    use mapcheck_typeck::{Proto, SyncProto};
    fn u<'a>(p: &'a Proto, out: &mut Vec<&'a Cond>) {
        match p {
            Proto::Assume { cond, .. } => out.push(cond),
            Proto::Seq(parts) => parts.iter().for_each(|q| u(q, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    match p {
        SyncProto::U(q) => u(q, &mut out),
        SyncProto::Seq(parts) => {
            for part in parts {
                if let SyncProto::U(q) = part {
                    u(q, &mut out);
                }
            }
        }
        _ => {}
    }
    out
}
