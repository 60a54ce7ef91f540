//! The link to the type checker extracted from Coq (`proofs/extraction/`): the `mechanised`
//! certificate of one kernel ([`certify`], SPEC §7), and the differential test of mapcheck's
//! checker against `Mapcheck.Infer.sinfer` (`tests/tests/coq_differential.rs`, issue 17):
//!
//! * [`certify`] — whether the extracted checker types a kernel as mapcheck did;
//! * [`to_coq`] — a kernel of the mechanised fragment (`proofs/Syntax.v`) as the s-expression
//!   the driver reads (`proofs/extraction/driver.ml` documents the syntax), or why it is
//!   outside the fragment; [`to_coq_barrier_view`] — the kernel as the differential test asks
//!   both checkers about barrier uniformity (`let`s substituted, `tid.x` ... written `tid`);
//! * [`Driver`] — one driver process for many kernels: a line in, a line out;
//! * [`Norm`] — the normal form in which the two checkers' MAPs are compared, built from the
//!   driver's answer ([`Norm::parse_coq`]) and from a [`SyncProto`] ([`Norm::of_rust`]).
//!
//! # Translation
//!
//! A `.bcu` block is a list of statements in which a read binds its variable for the rest of
//! the block; Coq's `SRead x n b` and `PRead x n s` take that rest as `b`/`s`. So a block is
//! folded from the right: `[]` is `SSkip`, a read takes the rest of the block as its body, any
//! other statement is `SSeq s rest`. A block (or the rest of one) without `sync` is one
//! unsynchronised block `PU b`, so that an `if` or loop without `sync` is typed by T-IF/T-FOR
//! (whose premises do not ask for uniformity) exactly as mapcheck types it; a statement with a
//! `sync` inside becomes `PSync`, `PIf` or `PFor`, and a read followed by a `sync` in the rest
//! of its block `PRead`. `if c {b}` is `if c {b} else {skip}`. The typing context `V` is the
//! kernel's parameters and the built-ins (the linear ones, and the components it reads), as
//! `mapcheck_typeck` starts from: Coq's theorems for per-thread environments
//! (`Mapcheck.Threads`, `Mapcheck.Grid`) give a component its value per thread or per block.
//! Accesses name their array, `shared` or `global` alike (the typing does not tell them
//! apart; `Mapcheck.Grid` names the global ones). `assume c` is `SAssume c`. Literals above
//! [`MAX_LITERAL`] are refused. `let x = ?` binds like a read without an access (`SHavoc`, `PHavoc`);
//! `let x = atomic A[n] ...` binds like a read (`SAtomic`, `PAtomic`), a bare
//! `atomic A[n];` binds a variable nobody uses; a loop that is not stride 1 carries its step
//! `(Step CMP OP k)`, the guard `Lt` ascending and `Gt` descending. `let x = e` is `SLet`/`PLet`
//! for the relaxed checker; in the barrier view (what `sinfer` is asked about) it is
//! substituted, as mapcheck types it (the uniform rules have no rule for a `tid`-dependent
//! `let` across a barrier), and the thread-id components are written `tid`. The normal form
//! substitutes Coq's `ULet`/`MLet`.
//!
//! [`to_coq`] can also ask for the relaxed checker (`kernel-relaxed`):
//! `Mapcheck.Infer.sinfer_relaxed`, which decides `Mapcheck.Typing.rstyping` — the synchronised
//! rules without the uniformity premises of `TS_For` and `TS_If` (`Mapcheck.Infer.uniform`),
//! under which mapcheck accepts barriers under `tid`-dependent control (see the test's
//! exception `tid-barriers`; Theorem 1 for them is `Mapcheck.Theorem1.theorem1_sync_relaxed`).
//!
//! # Normal form
//!
//! Both MAPs become a [`Norm`]: the unsynchronised/synchronised wrapper (`MU`, `SyncProto::U`)
//! is dropped, sequences are flattened with `skip` as their unit (Coq's `USeq`/`MSeq` are
//! binary and keep `USkip`; mapcheck's are lists without `skip`), and every operation on two
//! literals is replaced by its value in `int` arithmetic, bottom up (mapcheck folds the
//! bitwise operations on literals that `int` mode cannot encode, `3 | 5` to `7`; Coq keeps
//! the term). Everything else — operators, operands, loop variables and bounds, branches,
//! the order of accesses — must be equal.

use mapcheck_core::ast::{
    BinOp, Block, Builtin, CmpOp, Cond, CondKind, Direction, Expr, ExprKind, Kernel, Stmt, StmtKind,
};
use mapcheck_core::span::Span;
use mapcheck_core::{Arith, Structural};
use mapcheck_typeck::{Mode, Proto, SyncProto};
use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

mod certificate;
mod driver;
mod norm;
mod sexp;

pub use certificate::{certify, NotMechanised};
pub use driver::{executable, proofs_dir, CoqAnswer, Driver};
pub use norm::{fold, LoopStep, Norm};
use sexp::*;

/// What went wrong translating a kernel for the extracted checker (a construct outside the
/// mechanised fragment), talking to it, or reading its answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CoqError(pub String);

impl From<&str> for CoqError {
    fn from(s: &str) -> Self {
        CoqError(s.to_string())
    }
}

impl From<String> for CoqError {
    fn from(s: String) -> Self {
        CoqError(s)
    }
}

impl From<CoqError> for String {
    fn from(e: CoqError) -> Self {
        e.0
    }
}

// ---------------------------------------------------------------------------------------------
// Translation: kernel → s-expression.

/// `kernel` as the driver's input line: `(kernel-relaxed (V...) SPROG)`, typed by
/// `sinfer_relaxed`, when `relaxed` (the certificate's question), else `(kernel (V...)
/// SPROG)`, typed by `sinfer`, for the kernel in its barrier view ([`to_coq_barrier_view`]:
/// the uniform rules have no rule for a `tid`-dependent `let` across a barrier, and know only
/// `tid` as thread-dependent). Fails, naming the construct, on a kernel outside the
/// mechanised fragment.
///
/// `V` is the parameters, the linear built-ins and the components the kernel reads.
pub fn to_coq<T>(kernel: &Kernel<T>, relaxed: bool) -> Result<String, CoqError> {
    if relaxed {
        translate(kernel, "kernel-relaxed", false)
    } else {
        translate(kernel, "kernel", true)
    }
}

/// The differential test's question about barrier uniformity (exception `tid-barriers`):
/// `kernel` as the uniform rules must see it, for `sinfer` or (`relaxed`) `sinfer_relaxed`,
/// so that the two answers differ only by the uniformity premises of `TS_For`, `TS_If` and
/// `TS_Let`. Its `let`s are substituted (as mapcheck types them: the uniform rules have no
/// rule for a `tid`-dependent `let` across a barrier, `Mapcheck.Typing.TS_Let`), and every
/// thread-id component (`tid.x` ...) is written `tid` (Coq's `uniform` knows the one name
/// `tid` as thread-dependent, `Mapcheck.Infer.uniform`; mapcheck records a barrier under any
/// of them).
pub fn to_coq_barrier_view<T>(kernel: &Kernel<T>, relaxed: bool) -> Result<String, CoqError> {
    translate(
        kernel,
        if relaxed { "kernel-relaxed" } else { "kernel" },
        true,
    )
}

fn translate<T>(kernel: &Kernel<T>, head: &str, view: bool) -> Result<String, CoqError> {
    let w = Writer {
        barrier_view: view,
        lets: HashMap::new(),
    };
    let used = kernel.builtins();
    let mut vars: Vec<String> = kernel.params.iter().map(|p| p.name.clone()).collect();
    vars.extend(
        Builtin::ALL
            .iter()
            .filter(|b| b.dim.is_none() || used.contains(b))
            .map(|b| b.name().to_string()),
    );
    Ok(format!(
        "({head} ({}) {})",
        vars.join(" "),
        w.sblock(&kernel.body.stmts)?
    ))
}

/// The largest literal the driver reads: its `nat` is an OCaml `int`, 63 bits
/// (`proofs/extraction/driver.ml`). A larger one would make it answer `error`, and a checker
/// that failed once is not asked again; such a literal is refused here instead, by name.
pub const MAX_LITERAL: u64 = (1 << 62) - 1;

#[derive(Clone)]
struct Writer {
    /// The kernel in its barrier view ([`to_coq_barrier_view`]): `let x = e` substituted
    /// (`lets` maps `x` to `e`'s translation), thread-id components written `tid`.
    barrier_view: bool,
    lets: HashMap<String, String>,
}

type Out = Result<String, CoqError>;

impl Writer {
    fn with_let(&self, x: &str, e: String) -> Writer {
        let mut w = self.clone();
        w.lets.insert(x.to_string(), e);
        w
    }

    /// A block in the synchronised fragment (`sprog`).
    fn sblock<T>(&self, stmts: &[Stmt<T>]) -> Out {
        if !stmts.iter().any(contains_sync) {
            return Ok(format!("(PU {})", self.block(stmts)?));
        }
        match stmts {
            [] => Ok("(PU SSkip)".into()),
            [first, rest @ ..] => match &first.kind {
                StmtKind::Read { var, source } => Ok(format!(
                    "(PRead {} {} {} {})",
                    var.name,
                    source.array.name,
                    self.index(&source.index)?,
                    self.sblock(rest)?
                )),
                StmtKind::Unknown { var } => {
                    Ok(format!("(PHavoc {} {})", var.name, self.sblock(rest)?))
                }
                StmtKind::Let { var, value } if self.barrier_view => {
                    self.with_let(&var.name, self.expr(value)?).sblock(rest)
                }
                StmtKind::Let { var, value } => Ok(format!(
                    "(PLet {} {} {})",
                    var.name,
                    self.expr(value)?,
                    self.sblock(rest)?
                )),
                StmtKind::Atomic {
                    var: Some(var),
                    target,
                    ..
                } => Ok(format!(
                    "(PAtomic {} {} {} {})",
                    var.name,
                    target.array.name,
                    self.index(&target.index)?,
                    self.sblock(rest)?
                )),
                _ if rest.is_empty() => self.sstmt(first),
                _ => Ok(format!(
                    "(PSeq {} {})",
                    self.sstmt(first)?,
                    self.sblock(rest)?
                )),
            },
        }
    }

    /// One statement in the synchronised fragment.
    fn sstmt<T>(&self, s: &Stmt<T>) -> Out {
        if !contains_sync(s) {
            return Ok(format!("(PU {})", self.stmt(s)?));
        }
        match &s.kind {
            StmtKind::Sync => Ok("PSync".into()),
            // Refused, never approximated: the Coq semantics has no warps.
            StmtKind::SyncWarp => Err(SYNCWARP.into()),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => Ok(format!(
                "(PIf {} {} {})",
                self.cond(cond)?,
                self.sblock(&then_branch.stmts)?,
                self.sblock(else_stmts(else_branch))?
            )),
            StmtKind::For { var, range, body } => {
                let (lo, hi) = self.range(range)?;
                Ok(format!(
                    "(PFor {} {lo} {hi} {})",
                    var.name,
                    self.sblock(&body.stmts)?
                ))
            }
            _ => Err("a statement that cannot contain `sync` contains one".into()),
        }
    }

    /// A block in the unsynchronised fragment (`stmt`).
    fn block<T>(&self, stmts: &[Stmt<T>]) -> Out {
        match stmts {
            [] => Ok("SSkip".into()),
            [first, rest @ ..] => match &first.kind {
                StmtKind::Read { var, source } => Ok(format!(
                    "(SRead {} {} {} {})",
                    var.name,
                    source.array.name,
                    self.index(&source.index)?,
                    self.block(rest)?
                )),
                StmtKind::Unknown { var } => {
                    Ok(format!("(SHavoc {} {})", var.name, self.block(rest)?))
                }
                StmtKind::Let { var, value } if self.barrier_view => {
                    self.with_let(&var.name, self.expr(value)?).block(rest)
                }
                StmtKind::Let { var, value } => Ok(format!(
                    "(SLet {} {} {})",
                    var.name,
                    self.expr(value)?,
                    self.block(rest)?
                )),
                StmtKind::Atomic {
                    var: Some(var),
                    target,
                    ..
                } => Ok(format!(
                    "(SAtomic {} {} {} {})",
                    var.name,
                    target.array.name,
                    self.index(&target.index)?,
                    self.block(rest)?
                )),
                _ if rest.is_empty() => self.stmt(first),
                _ => Ok(format!(
                    "(SSeq {} {})",
                    self.stmt(first)?,
                    self.block(rest)?
                )),
            },
        }
    }

    fn stmt<T>(&self, s: &Stmt<T>) -> Out {
        match &s.kind {
            StmtKind::Skip => Ok("SSkip".into()),
            StmtKind::Write { target, value } => Ok(format!(
                "(SWrite {} {} {})",
                target.array.name,
                self.index(&target.index)?,
                self.expr(value)?
            )),
            StmtKind::Read { .. } => self.block(std::slice::from_ref(s)),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => Ok(format!(
                "(SIf {} {} {})",
                self.cond(cond)?,
                self.block(&then_branch.stmts)?,
                self.block(else_stmts(else_branch))?
            )),
            StmtKind::For { var, range, body } => {
                let (lo, hi) = self.range(range)?;
                Ok(format!(
                    "(SFor {} {lo} {hi} {})",
                    var.name,
                    self.block(&body.stmts)?
                ))
            }
            StmtKind::Sync => Err("`sync` in an unsynchronised block".into()),
            StmtKind::SyncWarp => Err(SYNCWARP.into()),
            StmtKind::Let { .. } => self.block(std::slice::from_ref(s)),
            StmtKind::Unknown { .. } => self.block(std::slice::from_ref(s)),
            StmtKind::Atomic { var: Some(_), .. } => self.block(std::slice::from_ref(s)),
            // Coq's atomic binds a variable; a bare one binds one nobody uses (not a
            // parameter, so `x ∉ V` holds as T_Atomic asks).
            StmtKind::Atomic {
                var: None, target, ..
            } => Ok(format!(
                "(SAtomic {UNUSED} {} {} SSkip)",
                target.array.name,
                self.index(&target.index)?
            )),
            // Coq's T_Assume asks a condition over `V` without `tid`; mapcheck also asks it
            // to sit under no control and to mention no thread-id component (exception
            // `assume-per-thread` of the differential test: mapcheck is the stricter).
            StmtKind::Assume { cond } => Ok(format!("(SAssume {})", self.cond(cond)?)),
        }
    }

    /// A loop's start and, after its bound, its step (`Mapcheck.Syntax.step`: the guard `<`
    /// or `>` of its direction, its operator and amount), left out for a stride-1 loop.
    fn range(&self, r: &mapcheck_core::ast::Range) -> Result<(String, String), CoqError> {
        let hi = self.expr(&r.bound)?;
        let hi = if r.is_unit_stride() {
            hi
        } else {
            let (guard, op) = step_ops(r);
            format!(
                "{hi} (Step {} {} {})",
                coq_cmpop(guard).ok_or("a loop guard")?,
                coq_binop(op).ok_or("a loop step")?,
                self.expr(&r.step.amount)?
            )
        };
        Ok((self.expr(&r.start)?, hi))
    }

    /// An access's index (`Mapcheck.Syntax.index`): one expression, or `(Idx e1 e2 ...)`.
    fn index(&self, index: &[Expr]) -> Out {
        match index {
            [n] => self.expr(n),
            _ => Ok(format!(
                "(Idx{})",
                index
                    .iter()
                    .map(|e| Ok(format!(" {}", self.expr(e)?)))
                    .collect::<Result<String, CoqError>>()?
            )),
        }
    }

    fn expr(&self, e: &Expr) -> Out {
        match &e.kind {
            ExprKind::Int(v) if v.unsigned_abs() > MAX_LITERAL => Err(CoqError(format!(
                "the literal {v} (the extracted checker's literals stop at 2^62 - 1)"
            ))),
            ExprKind::Int(v) if *v >= 0 => Ok(format!("(ELit {v})")),
            // Coq's literals are naturals: `-k` is `0 - k`, as a negation.
            ExprKind::Int(v) => Ok(format!("(EBin Sub (ELit 0) (ELit {}))", v.unsigned_abs())),
            ExprKind::Var(x) if self.barrier_view && is_thread_id_component(x) => {
                Ok(format!("(EVar {})", Builtin::Tid.name()))
            }
            ExprKind::Var(x) => Ok(self
                .lets
                .get(x)
                .cloned()
                .unwrap_or_else(|| format!("(EVar {x})"))),
            // `-e` is `0 - e` in every arithmetic of the tool (`wrapping_neg` in words).
            ExprKind::Neg(a) => Ok(format!("(EBin Sub (ELit 0) {})", self.expr(a)?)),
            ExprKind::Select(c, a, b) => self.select(c, self.expr(a)?, self.expr(b)?),
            ExprKind::Bin(op, a, b) => Ok(format!(
                "(EBin {} {} {})",
                coq_binop(*op).ok_or_else(|| format!("the operator {op:?}"))?,
                self.expr(a)?,
                self.expr(b)?
            )),
        }
    }

    /// `select(c, x, y)` as Coq's selections on one comparison (`ESel`): the branches are
    /// pure, so `!`, `&&` and `||` unfold into nested selections.
    fn select(&self, c: &Cond, x: String, y: String) -> Out {
        match &c.kind {
            CondKind::Bool(true) => Ok(x),
            CondKind::Bool(false) => Ok(y),
            CondKind::Cmp(op, a, b) => Ok(format!(
                "(ESel {} {} {} {x} {y})",
                coq_cmpop(*op).ok_or_else(|| format!("the comparison {op:?}"))?,
                self.expr(a)?,
                self.expr(b)?
            )),
            CondKind::Not(c) => self.select(c, y, x),
            CondKind::And(c1, c2) => {
                let inner = self.select(c2, x, y.clone())?;
                self.select(c1, inner, y)
            }
            CondKind::Or(c1, c2) => {
                let inner = self.select(c2, x.clone(), y)?;
                self.select(c1, x, inner)
            }
        }
    }

    fn cond(&self, c: &Cond) -> Out {
        match &c.kind {
            CondKind::Bool(true) => Ok("CTrue".into()),
            CondKind::Bool(false) => Ok("CFalse".into()),
            CondKind::Cmp(op, a, b) => Ok(format!(
                "(CCmp {} {} {})",
                coq_cmpop(*op).ok_or_else(|| format!("the comparison {op:?}"))?,
                self.expr(a)?,
                self.expr(b)?
            )),
            CondKind::Not(c) => Ok(format!("(CNot {})", self.cond(c)?)),
            CondKind::And(a, b) => Ok(format!("(CAnd {} {})", self.cond(a)?, self.cond(b)?)),
            CondKind::Or(a, b) => Ok(format!("(COr {} {})", self.cond(a)?, self.cond(b)?)),
        }
    }
}

/// Whether `x` names `tid.x`, `tid.y` or `tid.z` (never a local: binders are not named like
/// built-ins, SPEC §3).
fn is_thread_id_component(x: &str) -> bool {
    Builtin::from_name(x).is_some_and(|b| b.is_thread_id() && b.dim.is_some())
}

/// The variable a bare `atomic A[n];` binds in Coq.
const UNUSED: &str = "_atomic";

/// The guard and step operator of a loop, as Coq's `Step` has them.
fn step_ops(r: &mapcheck_core::ast::Range) -> (CmpOp, BinOp) {
    let guard = match r.dir {
        Direction::Up => CmpOp::Lt,
        Direction::Down => CmpOp::Gt,
    };
    (guard, r.step.op.bin_op())
}

fn else_stmts<T>(else_branch: &Option<Block<T>>) -> &[Stmt<T>] {
    else_branch.as_ref().map_or(&[], |b| &b.stmts[..])
}

/// Why a kernel with `syncwarp;` is outside the mechanised fragment.
const SYNCWARP: &str = "`syncwarp` (the Coq model has no warps)";

fn contains_sync<T>(s: &Stmt<T>) -> bool {
    match &s.kind {
        StmtKind::Sync | StmtKind::SyncWarp => true,
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            then_branch.stmts.iter().any(contains_sync)
                || else_stmts(else_branch).iter().any(contains_sync)
        }
        StmtKind::For { body, .. } => body.stmts.iter().any(contains_sync),
        _ => false,
    }
}

/// The operators of `proofs/Arith.v` (`binop`), by the constructor's name.
const BINOPS: [(BinOp, &str); 17] = [
    (BinOp::Add, "Add"),
    (BinOp::Sub, "Sub"),
    (BinOp::Mul, "Mul"),
    (BinOp::Div, "Div"),
    (BinOp::Rem, "Mod"),
    (BinOp::Shl, "Shl"),
    (BinOp::Shr, "Shr"),
    (BinOp::And, "BAnd"),
    (BinOp::Or, "BOr"),
    (BinOp::Xor, "BXor"),
    (BinOp::Min, "Min"),
    (BinOp::Max, "Max"),
    (BinOp::UDiv, "UDiv"),
    (BinOp::URem, "URem"),
    (BinOp::UShr, "UShr"),
    (BinOp::UMin, "UMin"),
    (BinOp::UMax, "UMax"),
];

/// The comparisons of `proofs/Arith.v` (`cmpop`).
const CMPOPS: [(CmpOp, &str); 10] = [
    (CmpOp::Eq, "Eq"),
    (CmpOp::Ne, "Ne"),
    (CmpOp::Lt, "Lt"),
    (CmpOp::Le, "Le"),
    (CmpOp::Gt, "Gt"),
    (CmpOp::Ge, "Ge"),
    (CmpOp::ULt, "ULt"),
    (CmpOp::ULe, "ULe"),
    (CmpOp::UGt, "UGt"),
    (CmpOp::UGe, "UGe"),
];

fn coq_binop(op: BinOp) -> Option<&'static str> {
    BINOPS.iter().find(|(o, _)| *o == op).map(|(_, n)| *n)
}

fn coq_cmpop(op: CmpOp) -> Option<&'static str> {
    CMPOPS.iter().find(|(o, _)| *o == op).map(|(_, n)| *n)
}
