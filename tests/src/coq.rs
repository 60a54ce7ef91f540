//! The link to the type checker extracted from Coq (`proofs/extraction/`), for the
//! differential test of mapcheck's checker against `Mapcheck.Infer.sinfer`
//! (`tests/coq_differential.rs`, issue 17):
//!
//! * [`to_coq`] — a kernel of the mechanised fragment (`proofs/Syntax.v`) as the s-expression
//!   the driver reads (`proofs/extraction/driver.ml` documents the syntax), or why it is
//!   outside the fragment;
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
//! kernel's parameters and the built-ins, as `mapcheck_typeck` starts from. Accesses name their
//! array; `let x = ?` binds like a read without an access (`SHavoc`, `PHavoc`);
//! `let x = atomic A[n] ...` binds like a read (`SAtomic`, `PAtomic`), a bare
//! `atomic A[n];` binds a variable nobody uses; a loop that is not stride 1 carries its step
//! `(Step CMP OP k)`, the guard `Lt` ascending and `Gt` descending. `let x = e` is `SLet`/`PLet`
//! for the relaxed checker; for `sinfer` it is substituted, as mapcheck types it (the uniform
//! rules have no rule for a `tid`-dependent `let` across a barrier). The normal form
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

// ---------------------------------------------------------------------------------------------
// Translation: kernel → s-expression.

/// `kernel` as the driver's input line: `(kernel (V...) SPROG)`, typed by `sinfer`, or
/// `(kernel-relaxed (V...) SPROG)`, typed by `sinfer_relaxed`, when `relaxed`. Fails, naming
/// the construct, on a kernel outside the mechanised fragment.
pub fn to_coq<T>(kernel: &Kernel<T>, relaxed: bool) -> Result<String, String> {
    if let Some(b) = kernel.builtins().into_iter().find(|b| b.dim.is_some()) {
        return Err(format!("`{}` (Coq has the linear ids only)", b.name()));
    }
    // `sinfer` gets the kernel with its `let`s substituted, as mapcheck types them: Coq's
    // uniform rules have no rule for a `tid`-dependent `let` across a barrier, and would
    // otherwise differ from mapcheck on barriers that do not depend on it. The relaxed
    // checker gets the `let`s (`SLet`, `PLet`), so that Coq's `let` rules are what is tested.
    let w = Writer {
        substitute: !relaxed,
        lets: HashMap::new(),
    };
    let mut vars: Vec<String> = kernel.params.iter().map(|p| p.name.clone()).collect();
    vars.extend(
        Builtin::ALL
            .iter()
            .filter(|b| b.dim.is_none())
            .map(|b| b.name().to_string()),
    );
    Ok(format!(
        "({} ({}) {})",
        if relaxed { "kernel-relaxed" } else { "kernel" },
        vars.join(" "),
        w.sblock(&kernel.body.stmts)?
    ))
}

#[derive(Clone)]
struct Writer {
    /// Substitute `let x = e` (`lets` maps `x` to `e`'s translation) instead of keeping it.
    substitute: bool,
    lets: HashMap<String, String>,
}

type Out = Result<String, String>;

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
                StmtKind::Let { var, value } if self.substitute => {
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
                StmtKind::Let { var, value } if self.substitute => {
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
            // Coq's T_Assume asks a uniform condition; mapcheck also asks the `assume` to sit
            // under no control (its SMT decision holds for the witness's two threads only),
            // a difference this test does not model.
            StmtKind::Assume { .. } => Err("`assume` (not in the differential test)".into()),
        }
    }

    /// A loop's start and, after its bound, its step (`Mapcheck.Syntax.step`: the guard `<`
    /// or `>` of its direction, its operator and amount), left out for a stride-1 loop.
    fn range(&self, r: &mapcheck_core::ast::Range) -> Result<(String, String), String> {
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
                    .collect::<Result<String, String>>()?
            )),
        }
    }

    fn expr(&self, e: &Expr) -> Out {
        match &e.kind {
            ExprKind::Int(v) if *v >= 0 => Ok(format!("(ELit {v})")),
            // Coq's literals are naturals: `-k` is `0 - k`, as a negation.
            ExprKind::Int(v) => Ok(format!("(EBin Sub (ELit 0) (ELit {}))", v.unsigned_abs())),
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

// ---------------------------------------------------------------------------------------------
// The driver process.

/// What the extracted `sinfer` answered for one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoqAnswer {
    /// `Some p`: the kernel types, with protocol `p` (normalised).
    Typed(Norm),
    /// `None`.
    Untypable,
}

/// The extracted checker, one process for every kernel asked.
#[derive(Debug)]
pub struct Driver {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// The workspace's `proofs/` directory.
pub fn proofs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or_else(|| Path::new(".."))
        .join("proofs")
}

impl Driver {
    /// Builds the driver when it is missing or stale (`make -C proofs driver`: Coq and OCaml,
    /// which `cargo xtask setup` installs), then starts it.
    pub fn start() -> Result<Driver, String> {
        let proofs = proofs_dir();
        let out = Command::new("make")
            .arg("-s")
            .arg("-C")
            .arg(&proofs)
            .arg("driver")
            .output()
            .map_err(|e| format!("cannot run make: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "`make -C proofs driver` failed (Coq and OCaml are needed: `cargo xtask \
                 setup` installs them):\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let mut child = Command::new(proofs.join("extraction").join("coq-infer"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the extracted checker: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Driver {
            child,
            stdin,
            stdout,
        })
    }

    /// Types one kernel line (see [`to_coq`]).
    pub fn ask(&mut self, line: &str) -> Result<CoqAnswer, String> {
        let answer = self.ask_raw(line)?;
        if answer == "untypable" {
            return Ok(CoqAnswer::Untypable);
        }
        let sexp = parse_sexp(&answer)?;
        match &sexp {
            Sexp::List(items) => match &items[..] {
                [Sexp::Atom(some), p] if some == "some" => Ok(CoqAnswer::Typed(Norm::sproto(p)?)),
                _ => Err(format!("unexpected answer `{answer}`")),
            },
            Sexp::Atom(_) => Err(format!("the extracted checker said `{answer}`")),
        }
    }

    /// The driver's answer line as it is, without its newline.
    pub fn ask_raw(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the extracted checker: {e}"))?;
        let mut answer = String::new();
        let n = self
            .stdout
            .read_line(&mut answer)
            .map_err(|e| format!("cannot read from the extracted checker: {e}"))?;
        if n == 0 {
            return Err("the extracted checker exited".into());
        }
        Ok(answer.trim_end().to_string())
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Closing stdin ends the driver's loop; kill in case it is stuck.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------------------------
// The normal form.

/// A loop's step: guard, operator and amount (`Mapcheck.Syntax.Step`).
pub type LoopStep = (CmpOp, BinOp, Expr);

/// A step in normal form: the amount folded, and `Step Lt Add 1` (Coq's `unit_step`) as
/// `None`.
fn norm_step(guard: CmpOp, op: BinOp, amount: &Expr) -> Option<LoopStep> {
    let amount = fold(amount);
    if guard == CmpOp::Lt && op == BinOp::Add && amount.kind == ExprKind::Int(1) {
        None
    } else {
        Some((guard, op, amount))
    }
}

/// A MAP in normal form (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Norm {
    Skip,
    Sync,
    /// An access: its mode, array and index.
    Acc(Mode, String, Vec<Expr>),
    /// At least two elements, none a `Seq` or `Skip`.
    Seq(Vec<Norm>),
    If(Cond, Box<Norm>, Box<Norm>),
    /// A loop: its variable, start, bound, step (`None` for stride 1) and body.
    For(String, Expr, Expr, Option<LoopStep>, Box<Norm>),
}

impl Structural for Norm {
    fn erase_spans(&mut self) {
        match self {
            Norm::Skip | Norm::Sync => {}
            Norm::Acc(_, _, index) => index.erase_spans(),
            Norm::Seq(parts) => parts.erase_spans(),
            Norm::If(c, a, b) => {
                c.erase_spans();
                a.erase_spans();
                b.erase_spans();
            }
            Norm::For(_, lo, hi, step, body) => {
                lo.erase_spans();
                hi.erase_spans();
                if let Some((_, _, amount)) = step {
                    amount.erase_spans();
                }
                body.erase_spans();
            }
        }
    }
}

impl Norm {
    fn seq(parts: impl IntoIterator<Item = Norm>) -> Norm {
        let mut flat = Vec::new();
        for p in parts {
            match p {
                Norm::Skip => {}
                Norm::Seq(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Norm::Skip,
            1 => flat.pop().unwrap_or(Norm::Skip),
            _ => Norm::Seq(flat),
        }
    }

    /// The normal form of mapcheck's MAP, or why it is outside the mechanised fragment. The
    /// driver's answers carry no positions, so neither does the normal form.
    pub fn of_rust(p: &SyncProto) -> Result<Norm, String> {
        let mut n = Norm::of_sproto(p)?;
        n.erase_spans();
        Ok(n)
    }

    fn of_sproto(p: &SyncProto) -> Result<Norm, String> {
        Ok(match p {
            SyncProto::U(u) => Norm::of_proto(u)?,
            SyncProto::Sync(_) => Norm::Sync,
            SyncProto::SyncWarp(_) => return Err(SYNCWARP.into()),
            SyncProto::Seq(parts) => Norm::seq(
                parts
                    .iter()
                    .map(Norm::of_sproto)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => Norm::If(
                fold_cond(cond),
                Box::new(Norm::of_sproto(then_branch)?),
                Box::new(Norm::of_sproto(else_branch)?),
            ),
            SyncProto::For {
                var, range, body, ..
            } => {
                let (lo, hi, st) = rust_range(range);
                Norm::For(
                    var.name.clone(),
                    lo,
                    hi,
                    st,
                    Box::new(Norm::of_sproto(body)?),
                )
            }
        })
    }

    fn of_proto(u: &Proto) -> Result<Norm, String> {
        Ok(match u {
            Proto::Skip => Norm::Skip,
            Proto::Acc(a) => Norm::Acc(
                a.mode,
                a.array.name.clone(),
                a.index.iter().map(fold).collect(),
            ),
            Proto::Seq(parts) => Norm::seq(
                parts
                    .iter()
                    .map(Norm::of_proto)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Proto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => Norm::If(
                fold_cond(cond),
                Box::new(Norm::of_proto(then_branch)?),
                Box::new(Norm::of_proto(else_branch)?),
            ),
            Proto::For {
                var, range, body, ..
            } => {
                let (lo, hi, st) = rust_range(range);
                Norm::For(
                    var.name.clone(),
                    lo,
                    hi,
                    st,
                    Box::new(Norm::of_proto(body)?),
                )
            }
            Proto::Assume { .. } => return Err("an `assume`".into()),
        })
    }

    /// `self` with `x` replaced by `v` (mapcheck substitutes a `let` where Coq's protocol
    /// binds it, `ULet`/`MLet`), refolded. Binders are distinct (SPEC §3); a loop on `x`
    /// would shadow it all the same.
    fn subst(self, x: &str, v: &Expr) -> Norm {
        let e = |n: &Expr| fold(&subst_expr(n, x, v));
        match self {
            Norm::Skip | Norm::Sync => self,
            Norm::Acc(m, a, idx) => Norm::Acc(m, a, idx.iter().map(e).collect()),
            Norm::Seq(parts) => Norm::Seq(parts.into_iter().map(|p| p.subst(x, v)).collect()),
            Norm::If(c, a, b) => Norm::If(
                fold_cond(&subst_cond(&c, x, v)),
                Box::new(a.subst(x, v)),
                Box::new(b.subst(x, v)),
            ),
            Norm::For(y, lo, hi, st, body) => {
                let st = st.map(|(g, o, k)| (g, o, e(&k)));
                let body = if y == x { *body } else { body.subst(x, v) };
                Norm::For(y, e(&lo), e(&hi), st, Box::new(body))
            }
        }
    }

    /// The normal form of the driver's `sproto`.
    fn sproto(s: &Sexp) -> Result<Norm, String> {
        let (head, args) = s.split();
        Ok(match (head, args) {
            ("MU", [u]) => Norm::proto(u)?,
            ("MSync", []) => Norm::Sync,
            ("MLet", [x, e, p]) => Norm::sproto(p)?.subst(x.atom()?, &fold(&coq_expr(e)?)),
            ("MSeq", [a, b]) => Norm::seq([Norm::sproto(a)?, Norm::sproto(b)?]),
            ("MFor", [x, n, m, p]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                None,
                Box::new(Norm::sproto(p)?),
            ),
            ("MFor", [x, n, m, st, p]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                coq_step(st)?,
                Box::new(Norm::sproto(p)?),
            ),
            ("MIf", [c, a, b]) => Norm::If(
                fold_cond(&coq_cond(c)?),
                Box::new(Norm::sproto(a)?),
                Box::new(Norm::sproto(b)?),
            ),
            _ => return Err(format!("not an sproto: {s:?}")),
        })
    }

    fn proto(s: &Sexp) -> Result<Norm, String> {
        let (head, args) = s.split();
        Ok(match (head, args) {
            ("USkip", []) => Norm::Skip,
            ("ULet", [x, e, u]) => Norm::proto(u)?.subst(x.atom()?, &fold(&coq_expr(e)?)),
            ("UAcc", [o, a, n]) => {
                let mode = match o.atom()? {
                    "Rd" => Mode::Rd,
                    "Wr" => Mode::Wr,
                    "At" => Mode::At,
                    other => return Err(format!("unknown mode {other}")),
                };
                let index = match n.split() {
                    ("Idx", es) => es
                        .iter()
                        .map(|e| Ok(fold(&coq_expr(e)?)))
                        .collect::<Result<Vec<_>, String>>()?,
                    _ => vec![fold(&coq_expr(n)?)],
                };
                Norm::Acc(mode, a.atom()?.to_string(), index)
            }
            ("USeq", [a, b]) => Norm::seq([Norm::proto(a)?, Norm::proto(b)?]),
            ("UIf", [c, a, b]) => Norm::If(
                fold_cond(&coq_cond(c)?),
                Box::new(Norm::proto(a)?),
                Box::new(Norm::proto(b)?),
            ),
            ("UFor", [x, n, m, u]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                None,
                Box::new(Norm::proto(u)?),
            ),
            ("UFor", [x, n, m, st, u]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                coq_step(st)?,
                Box::new(Norm::proto(u)?),
            ),
            _ => return Err(format!("not a proto: {s:?}")),
        })
    }

    /// Parses the protocol part of a driver answer, for tests that write one by hand.
    pub fn parse_coq(text: &str) -> Result<Norm, String> {
        Norm::sproto(&parse_sexp(text)?)
    }
}

fn rust_range(r: &mapcheck_core::ast::Range) -> (Expr, Expr, Option<LoopStep>) {
    let (guard, op) = step_ops(r);
    (
        fold(&r.start),
        fold(&r.bound),
        norm_step(guard, op, &r.step.amount),
    )
}

/// The normal form of the driver's `(Step CMP OP k)`.
fn coq_step(s: &Sexp) -> Result<Option<LoopStep>, String> {
    match s.split() {
        ("Step", [g, o, k]) => {
            let (g, o) = (g.atom()?, o.atom()?);
            let guard = CMPOPS
                .iter()
                .find(|(_, n)| *n == g)
                .map(|(c, _)| *c)
                .ok_or_else(|| format!("unknown guard {g}"))?;
            let op = BINOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(b, _)| *b)
                .ok_or_else(|| format!("unknown step operator {o}"))?;
            Ok(norm_step(guard, op, &coq_expr(k)?))
        }
        _ => Err(format!("not a step: {s:?}")),
    }
}

fn coq_expr(s: &Sexp) -> Result<Expr, String> {
    let sp = Span::default();
    let (head, args) = s.split();
    Ok(match (head, args) {
        ("ELit", [k]) => Expr::int(
            k.atom()?
                .parse()
                .map_err(|e| format!("bad literal {k:?}: {e}"))?,
            sp,
        ),
        ("EVar", [x]) => Expr::var(x.atom()?, sp),
        ("EBin", [o, a, b]) => {
            let o = o.atom()?;
            let op = BINOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown operator {o}"))?;
            Expr::bin(op, coq_expr(a)?, coq_expr(b)?)
        }
        ("ESel", [c, a, b, x, y]) => {
            let c = c.atom()?;
            let op = CMPOPS
                .iter()
                .find(|(_, n)| *n == c)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown comparison {c}"))?;
            let cond = Cond::new(CondKind::Cmp(op, coq_expr(a)?, coq_expr(b)?), sp);
            Expr::new(
                ExprKind::Select(
                    Box::new(cond),
                    Box::new(coq_expr(x)?),
                    Box::new(coq_expr(y)?),
                ),
                sp,
            )
        }
        _ => return Err(format!("not an expr: {s:?}")),
    })
}

fn coq_cond(s: &Sexp) -> Result<Cond, String> {
    let sp = Span::default();
    let (head, args) = s.split();
    let kind = match (head, args) {
        ("CTrue", []) => CondKind::Bool(true),
        ("CFalse", []) => CondKind::Bool(false),
        ("CCmp", [o, a, b]) => {
            let o = o.atom()?;
            let op = CMPOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown comparison {o}"))?;
            CondKind::Cmp(op, coq_expr(a)?, coq_expr(b)?)
        }
        ("CNot", [c]) => CondKind::Not(Box::new(coq_cond(c)?)),
        ("CAnd", [a, b]) => CondKind::And(Box::new(coq_cond(a)?), Box::new(coq_cond(b)?)),
        ("COr", [a, b]) => CondKind::Or(Box::new(coq_cond(a)?), Box::new(coq_cond(b)?)),
        _ => return Err(format!("not a cond: {s:?}")),
    };
    Ok(Cond::new(kind, sp))
}

/// Replaces every operation on two literals by its value in `int` arithmetic, bottom up,
/// when it has one that fits a literal; a negation `-e` becomes `0 - e`, and a selection
/// nested selections on one comparison each, as Coq writes them.
pub fn fold(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => e.clone(),
        // Coq writes `-e` as `0 - e`.
        ExprKind::Neg(a) => fold(&Expr::bin(BinOp::Sub, Expr::int(0, e.span), (**a).clone())),
        ExprKind::Bin(op, a, b) => {
            let (a, b) = (fold(a), fold(b));
            if let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) {
                let value = Arith::Int
                    .bin(*op, i128::from(*x), i128::from(*y))
                    .ok()
                    .and_then(|v| i64::try_from(v).ok());
                if let Some(v) = value {
                    return Expr::int(v, e.span);
                }
            }
            Expr::new(ExprKind::Bin(*op, Box::new(a), Box::new(b)), e.span)
        }
        ExprKind::Select(c, a, b) => select_on_comparisons(&fold_cond(c), fold(a), fold(b)),
    }
}

/// `e` with the variable `x` replaced by `v`.
fn subst_expr(e: &Expr, x: &str, v: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(y) if y == x => return v.clone(),
        ExprKind::Int(_) | ExprKind::Var(_) => return e.clone(),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(subst_expr(a, x, v))),
        ExprKind::Bin(op, a, b) => ExprKind::Bin(
            *op,
            Box::new(subst_expr(a, x, v)),
            Box::new(subst_expr(b, x, v)),
        ),
        ExprKind::Select(c, a, b) => ExprKind::Select(
            Box::new(subst_cond(c, x, v)),
            Box::new(subst_expr(a, x, v)),
            Box::new(subst_expr(b, x, v)),
        ),
    };
    Expr::new(kind, e.span)
}

fn subst_cond(c: &Cond, x: &str, v: &Expr) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, a, b) => CondKind::Cmp(*op, subst_expr(a, x, v), subst_expr(b, x, v)),
        CondKind::Not(a) => CondKind::Not(Box::new(subst_cond(a, x, v))),
        CondKind::And(a, b) => {
            CondKind::And(Box::new(subst_cond(a, x, v)), Box::new(subst_cond(b, x, v)))
        }
        CondKind::Or(a, b) => {
            CondKind::Or(Box::new(subst_cond(a, x, v)), Box::new(subst_cond(b, x, v)))
        }
    };
    Cond::new(kind, c.span)
}

/// A selection as nested selections on one comparison each, as Coq has them (`ESel`).
fn select_on_comparisons(c: &Cond, x: Expr, y: Expr) -> Expr {
    match &c.kind {
        CondKind::Bool(true) => x,
        CondKind::Bool(false) => y,
        CondKind::Cmp(..) => Expr::new(
            ExprKind::Select(Box::new(c.clone()), Box::new(x), Box::new(y)),
            c.span,
        ),
        CondKind::Not(c) => select_on_comparisons(c, y, x),
        CondKind::And(c1, c2) => {
            let inner = select_on_comparisons(c2, x, y.clone());
            select_on_comparisons(c1, inner, y)
        }
        CondKind::Or(c1, c2) => {
            let inner = select_on_comparisons(c2, x.clone(), y);
            select_on_comparisons(c1, x, inner)
        }
    }
}

fn fold_cond(c: &Cond) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, a, b) => CondKind::Cmp(*op, fold(a), fold(b)),
        CondKind::Not(a) => CondKind::Not(Box::new(fold_cond(a))),
        CondKind::And(a, b) => CondKind::And(Box::new(fold_cond(a)), Box::new(fold_cond(b))),
        CondKind::Or(a, b) => CondKind::Or(Box::new(fold_cond(a)), Box::new(fold_cond(b))),
    };
    Cond::new(kind, c.span)
}

/// The paper's notation, on one line (for failure messages).
impl fmt::Display for Norm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Norm::Skip => f.write_str("skip"),
            Norm::Sync => f.write_str("sync"),
            Norm::Acc(mode, a, n) => {
                write!(f, "{} {a}", mode.keyword())?;
                n.iter().try_for_each(|e| write!(f, "[{e}]"))
            }
            Norm::Seq(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            Norm::If(c, a, b) => write!(f, "if {c} {{{a}}} else {{{b}}}"),
            Norm::For(x, lo, hi, None, body) => write!(f, "for {x} in {lo}..{hi} {{{body}}}"),
            Norm::For(x, lo, hi, Some((g, o, k)), body) => {
                write!(
                    f,
                    "for {x} = {lo}; {x} {g:?} {hi}; {x} {o:?}= {k} {{{body}}}"
                )
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// S-expressions, as the driver prints them.

#[derive(Clone, Debug, PartialEq, Eq)]
enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    /// The constructor and its arguments: `(C a b)` or the bare atom `C`.
    fn split(&self) -> (&str, &[Sexp]) {
        match self {
            Sexp::Atom(a) => (a, &[]),
            Sexp::List(items) => match &items[..] {
                [Sexp::Atom(head), args @ ..] => (head, args),
                _ => ("", &[]),
            },
        }
    }

    fn atom(&self) -> Result<&str, String> {
        match self {
            Sexp::Atom(a) => Ok(a),
            Sexp::List(_) => Err(format!("expected an atom, got {self:?}")),
        }
    }
}

fn parse_sexp(text: &str) -> Result<Sexp, String> {
    let mut tokens = Vec::new();
    let mut atom = String::new();
    for c in text.chars() {
        if c == '(' || c == ')' || c.is_whitespace() {
            if !atom.is_empty() {
                tokens.push(std::mem::take(&mut atom));
            }
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
        } else {
            atom.push(c);
        }
    }
    if !atom.is_empty() {
        tokens.push(atom);
    }
    let mut pos = 0;
    let sexp = parse_tokens(&tokens, &mut pos)?;
    if pos != tokens.len() {
        return Err(format!("trailing input in `{text}`"));
    }
    Ok(sexp)
}

fn parse_tokens(tokens: &[String], pos: &mut usize) -> Result<Sexp, String> {
    let tok = tokens.get(*pos).ok_or("unexpected end of input")?;
    *pos += 1;
    match tok.as_str() {
        "(" => {
            let mut items = Vec::new();
            loop {
                match tokens.get(*pos).map(String::as_str) {
                    Some(")") => {
                        *pos += 1;
                        return Ok(Sexp::List(items));
                    }
                    Some(_) => items.push(parse_tokens(tokens, pos)?),
                    None => return Err("unclosed parenthesis".into()),
                }
            }
        }
        ")" => Err("unexpected `)`".into()),
        atom => Ok(Sexp::Atom(atom.to_string())),
    }
}
