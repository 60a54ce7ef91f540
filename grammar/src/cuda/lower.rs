//! Lowering of the CUDA surface tree to the BabyCUDA core (SPEC §8): one core kernel per
//! `__global__` function.
//!
//! * Pointer parameters, file-scope `__device__`/`__constant__` arrays and `__shared__`
//!   arrays become `global`/`shared` arrays (declared only when used). Multi-dimensional
//!   arrays are flattened row-major (`s[i][j]` of `s[N][M]` is cell `i * M + j`), which is how
//!   C lays them out and keeps pointer arithmetic (`T *p = A + k`) exact. Every `extern
//!   __shared__` array of a kernel is the same memory, as in CUDA.
//! * Distinct pointer parameters never alias (the GPUVerify and Faial assumption).
//! * Array reads are hoisted into `let x = A[i];` before the statement (or condition) that
//!   uses them; compound assignments read, then write.
//! * Local scalars are substituted, or bound with fresh `let`s when their value is not a plain
//!   name or literal; a variable assigned differently in the two branches of an `if` becomes
//!   `?` after it. Loops of the canonical forms (`for (i = a; i < b; i += k)`, `*=`, `<<=`,
//!   `-=`, `/=`, `>>=`, `++`, `--`, with `<`, `<=`, `>`, `>=`) become core loops with their step;
//!   variables the body assigns are `?` at the start of each iteration and after the loop.
//!   Other loops (`while`, `do`, a loop variable assigned in the body, bounds the body changes)
//!   run an unknown number of times.
//! * `return`, `break` and `continue` are approximated soundly: `if (c) return; rest` is
//!   exact (`rest` goes under `!c`); an exit the lowering cannot place exactly guards what
//!   follows with a `?`.
//! * `threadIdx`/`blockIdx`/`blockDim`/`gridDim` are the core's components `tid.x` ...
//!   `nbid.z` (no division the source did not write); when the geometry is fixed (flags or
//!   header), `blockDim`/`gridDim` are its constants and an index of a dimension of size 1 is 0.
//!   Without a fixed geometry every dimension is symbolic, also in a kernel that reads only
//!   `.x` (issue 14: a block is never assumed one-dimensional).
//! * Fields of struct and vector elements are cells of their own: element `i` of an array
//!   whose elements have `S` scalars is cells `i * S ..`, its field `f` is `i * S + offset(f)`
//!   (see "struct and vector layouts" below); different fields never race.
//! * `switch` is an `if` chain on the scrutinee, fallthrough under the union of conditions.
//! * A template kernel is lowered once per explicit instantiation, value parameters fixed.
//! * Each kernel is lowered alone: one that fails is an [`ItemError`], the others are kept.
//! * Values the lowering does not follow (floats, calls it does not know, ternaries other
//!   than `min`/`max`, fields of local structs) are `?`.
//!
//! `__device__` functions are inlined. The result is checked with [`crate::scope::check`]:
//! a failure there is a bug of this module, reported as an internal error.

use super::lexer::{Tok, Token};
use super::names::Layouts;
use super::syntax::{self as c, Item, UnOp};
use super::{ItemError, Options};
use mapcheck_core::ast::*;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::collections::{BTreeMap, HashMap, HashSet};

const MAX_STATEMENTS: usize = 200_000;
const MAX_EXPR_DEPTH: usize = 300;
const MAX_STMT_DEPTH: usize = 100;
/// The longest loop with constant bounds whose iterations the lowering counts.
const MAX_SIMULATED_TRIPS: usize = 1 << 16;
const MAX_INLINE_DEPTH: usize = 8;

/// The name of the function an item declares: the identifier before its first `(`.
pub fn item_name(item: &[Tok]) -> Option<String> {
    item.iter()
        .position(|t| t.token == Token::LParen)
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| match &item[i].token {
            Token::Ident(n) => Some(n.clone()),
            _ => None,
        })
}

/// A device item that failed to parse: named, so a kernel that calls it gets the error.
pub fn unparsed(item: &[Tok], error: Diagnostic) -> Item {
    Item::Unparsed {
        name: item_name(item),
        error,
    }
}

/// File-scope facts every kernel sees.
#[derive(Debug, Default)]
struct Globals<'a> {
    functions: HashMap<String, &'a c::Function>,
    unparsed: HashMap<String, Diagnostic>,
    /// File-scope arrays: name, space, row strides, element type.
    arrays: HashMap<String, (Space, Vec<c::Expr>, Option<String>)>,
    shared_scalars: HashSet<String>,
    constants: HashMap<String, &'a c::Expr>,
    layouts: Layouts,
}

/// Lowers every kernel of a file.
/// Lowers every kernel of a file: the kernels that lowered, and the errors of those that did
/// not (each kernel on its own: one failing kernel leaves the others).
pub fn lower(items: &[Item], options: &Options, layouts: &Layouts) -> (Program, Vec<ItemError>) {
    let mut g = Globals {
        layouts: layouts.clone(),
        ..Globals::default()
    };
    for item in items {
        match item {
            Item::Function(f) => {
                g.functions.insert(f.name.clone(), f);
            }
            Item::Unparsed {
                name: Some(n),
                error,
            } => {
                g.unparsed.insert(n.clone(), error.clone());
            }
            Item::Unparsed { name: None, .. } | Item::Instantiation { .. } => {}
            Item::Decl(ty, decls, _) => {
                let space = if ty.has("__shared__") {
                    Some(Space::Shared)
                } else if ty.has("__device__") || ty.has("__constant__") || ty.has("__managed__") {
                    Some(Space::Global)
                } else {
                    None
                };
                for d in decls {
                    match space {
                        Some(space) if !d.dims.is_empty() => {
                            let strides = d.dims.iter().skip(1).flatten().cloned().collect();
                            let elem = ty.base.clone().filter(|_| ty.pointers + d.pointers == 0);
                            g.arrays.insert(d.name.clone(), (space, strides, elem));
                        }
                        Some(Space::Shared) => {
                            g.shared_scalars.insert(d.name.clone());
                        }
                        Some(Space::Global) => {
                            g.arrays
                                .insert(d.name.clone(), (Space::Global, Vec::new(), None));
                        }
                        None if (ty.has("const") || ty.has("constexpr"))
                            && d.dims.is_empty()
                            && d.pointers == 0 =>
                        {
                            if let Some(init) = &d.init {
                                g.constants.insert(d.name.clone(), init);
                            }
                        }
                        None => {}
                    }
                }
            }
        }
    }
    let mut instantiations: HashMap<&str, Vec<&[c::TemplateArg]>> = HashMap::new();
    for item in items {
        if let Item::Instantiation { name, args, .. } = item {
            instantiations.entry(name).or_default().push(args);
        }
    }
    let mut kernels: Vec<Kernel> = Vec::new();
    let mut errors = Vec::new();
    for item in items {
        let Item::Function(f) = item else { continue };
        if !(f.ty.has("__global__") && f.body.is_some()) {
            continue;
        }
        let failed = |diagnostic| ItemError {
            kernel: Some(f.name.clone()),
            diagnostic,
        };
        // A template with value parameters and explicit instantiations is lowered once per
        // instantiation, its value parameters fixed; otherwise once, with them symbolic.
        let fixed: Vec<Option<&[c::TemplateArg]>> = match instantiations.get(f.name.as_str()) {
            Some(list) if f.template.iter().any(|t| !t.is_type) => {
                list.iter().map(|a| Some(*a)).collect()
            }
            _ => vec![None],
        };
        for args in fixed {
            match Lower::kernel(&g, f, options, args) {
                Ok(k) => {
                    if let Some(first) = kernels.iter().find(|x| x.name.name == k.name.name) {
                        if args.is_none() {
                            errors.push(failed(
                                Diagnostic::error(format!("a second kernel named `{}`", f.name))
                                    .with_primary(
                                        f.name_span,
                                        "overloaded kernels are not supported",
                                    )
                                    .with_secondary(first.name.span, "the first one"),
                            ));
                        }
                        // A repeated instantiation is the same kernel: checked once.
                        continue;
                    }
                    match scope_error(k) {
                        Ok(k) => kernels.push(k),
                        Err(d) => errors.push(failed(d)),
                    }
                }
                Err(e) => errors.extend(e.into_iter().map(failed)),
            }
        }
    }
    (Program { kernels }, errors)
}

/// The lowering's output must be a well-scoped core kernel: a failure is a bug of this
/// module, reported against the kernel (the others are unaffected).
fn scope_error(kernel: Kernel) -> Result<Kernel, Diagnostic> {
    let span = kernel.name.span;
    let mut program = Program {
        kernels: vec![kernel],
    };
    let problem = crate::scope::check(&program)
        .first()
        .map(|e| e.to_diagnostic().message);
    match (problem, program.kernels.pop()) {
        (None, Some(kernel)) => Ok(kernel),
        (problem, _) => Err(Diagnostic::error(format!(
            "internal error: the CUDA lowering produced an ill-scoped kernel: {}",
            problem.unwrap_or_default()
        ))
        .with_primary(span, "in this kernel")
        .with_help("this is a bug in mapcheck; please report it with the input")),
    }
}

/// What a C name stands for.
#[derive(Clone, Debug)]
enum Binding {
    /// A local scalar, pointer or parameter, whose current value is in `vals`.
    Var(usize),
    /// An array: the core name and the row strides of its dimensions after the first.
    Array(String, Vec<Expr>),
    /// A `__shared__` scalar: cell 0 of a one-cell shared array.
    SharedScalar(String),
    /// A thread-private local array: never races, contents not followed.
    Private,
}

/// The value of a C expression.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    /// A number, and whether C types it unsigned.
    Num(Expr, bool),
    Bool(Cond),
    /// A pointer into an array: the array, the offset, the row strides left.
    Ptr(String, Expr, Vec<Expr>),
    /// A pointer into thread-private memory.
    Private,
    /// A pointer the lowering cannot follow.
    Opaque,
}

/// A place that can be assigned.
enum Place {
    Var(usize),
    Cell(String, Expr),
    /// A whole struct or vector element: its first cell and its number of cells.
    Cells(String, Expr, u64),
    Private,
}

/// What the base of a field access (`b.f`) is.
enum Base {
    /// An element in memory: the array, its first cell, its type.
    Memory(String, Expr, String),
    /// A struct whose fields are not told apart: every field is this cell.
    Coarse(String, Expr),
    /// A value of the thread: a local struct, a returned value.
    Local,
    /// An error was reported.
    Failed,
}

/// How a statement can leave the statement list it is in.
#[derive(Clone, Copy, Debug, Default)]
struct Exit {
    always: bool,
    brk: bool,
    cont: bool,
    ret: bool,
}

impl Exit {
    fn any(self) -> bool {
        self.brk || self.cont || self.ret
    }

    fn join(self, other: Exit) -> Exit {
        Exit {
            always: self.always && other.always,
            brk: self.brk || other.brk,
            cont: self.cont || other.cont,
            ret: self.ret || other.ret,
        }
    }
}

/// A recognised loop: start, exclusive bound, direction, step operation and amount.
type LoopRange = (Expr, Expr, Direction, StepOp, Expr);

/// What the lowering knows of a counted loop (see `Lower::loop_shape`).
struct LoopShape {
    start: Expr,
    dir: Direction,
    amount: Expr,
    /// `k += s` up or `k -= s` down.
    additive: bool,
    /// `F` of a multiplicative step by a constant.
    factor: Option<i128>,
    /// `F^j` at iteration `j`, exactly, from the loop variable.
    ratio: Option<Ratio>,
    /// The values of the loop variable and the value it leaves with, for constant bounds.
    trips: Option<(Vec<i128>, i128)>,
}

/// `F^j` of a multiplicative loop: `k / c` (growing from `c`) or `c / k` (shrinking from `c`).
#[derive(Clone, Copy)]
enum Ratio {
    Over(i128),
    Under(i128),
}

/// An auxiliary induction variable of a counted loop: its variable, C name, value before the
/// loop and step.
struct Aux {
    id: usize,
    name: String,
    v0: Expr,
    step: AuxStep,
}

/// An exact `break` of a counted loop (see `Lower::loop_break`).
struct LoopBreak {
    /// The index of `if (c) break;` in the body.
    at: usize,
    /// No earlier iteration broke: the body runs.
    guard: Cond,
    /// The loop broke before its bound.
    broke: Cond,
    /// The iteration that breaks, when one does.
    at_iter: Expr,
    /// The last iteration, when none breaks.
    last_iter: Expr,
    /// The loop ran at least once.
    ran: Cond,
}

/// How an auxiliary induction variable moves with its loop.
enum AuxStep {
    /// `v += e` (`true`) or `v -= e` beside an additive loop.
    Add(bool, Expr),
    /// `v *= F` beside a multiplicative loop of factor `F`.
    Mul,
    /// `v /= F` (or `v >>= log2 F`) beside a multiplicative loop of factor `F`, `v` natural.
    Div,
    /// `v = e - v`: `v0` at even iterations, `e - v0` at odd ones.
    Flip(Expr),
}

/// `v0 + parity * (e - 2 * v0)`: `v0` when `parity` is 0, `e - v0` when it is 1.
fn flip_value(v0: Expr, e: Expr, parity: Expr) -> Expr {
    let span = v0.span;
    let swing = match v0.kind {
        ExprKind::Int(0) => e,
        _ => Expr::bin(
            BinOp::Sub,
            e,
            Expr::bin(BinOp::Mul, int(2, span), v0.clone()),
        ),
    };
    let moved = match swing.kind {
        ExprKind::Int(1) => parity,
        _ => Expr::bin(BinOp::Mul, parity, swing),
    };
    match v0.kind {
        ExprKind::Int(0) => moved,
        _ => Expr::bin(BinOp::Add, v0, moved),
    }
}

/// `v0 * ratio` or `v0 / ratio`, without the factor 1.
fn aux_apply(step: &AuxStep, v0: Expr, ratio: Expr) -> Expr {
    match step {
        AuxStep::Mul if v0.kind == ExprKind::Int(1) => ratio,
        AuxStep::Mul => Expr::bin(BinOp::Mul, v0, ratio),
        _ => Expr::bin(BinOp::Div, v0, ratio),
    }
}

type Env = (Vec<HashMap<String, Binding>>, HashMap<usize, Val>);

struct Lower<'g, 'a> {
    g: &'g Globals<'a>,
    options: &'g Options,
    params: Vec<Param>,
    arrays: BTreeMap<String, ArrayDecl>,
    used: HashSet<String>,
    scopes: Vec<HashMap<String, Binding>>,
    vals: HashMap<usize, Val>,
    next_id: usize,
    errors: Vec<Diagnostic>,
    emitted: usize,
    expr_depth: usize,
    stmt_depth: usize,
    inline: Vec<String>,
    /// The variable `return e` assigns in an inlined function.
    ret: Option<usize>,
    /// The core name all `extern __shared__` arrays share.
    dynamic_shared: Option<String>,
    /// The element type of each array whose elements are structs or vectors (several cells).
    elem_types: HashMap<String, String>,
    /// The size in bytes of the elements of each array whose elements are scalars of a known
    /// type (`Ty::scalar_bytes`): a pointer cast to a scalar of another size is not followed.
    elem_bytes: HashMap<String, u64>,
    /// Core names (parameters, builtins, `let`s, loop variables) whose value is never negative.
    nonneg: HashSet<String>,
    /// Core names whose value went through a 32-bit unsigned wrap (it may be 2^31 or more).
    wrapped: HashSet<String>,
    /// The C integer type (bits, unsigned) of each local scalar declared with one.
    var_tys: HashMap<usize, (u32, bool)>,
    /// Core `let`s whose value is a constant, the same in both arithmetic modes.
    consts: HashMap<String, i128>,
    /// Core loop variables `p` that stand for `2^i` of a C loop variable `i` used only as a
    /// shift amount (see `Lower::shift_loop`): `x << i` is `x * p`, `x >> i` is `x / p`.
    pow2: HashSet<String>,
}

const U32_MASK: i64 = 0xffff_ffff;

/// `e & m`.
fn mask(e: Expr, m: i64) -> Expr {
    let span = e.span;
    Expr::bin(BinOp::And, e, int(m, span))
}

/// `((e + 2^(bits-1)) & (2^bits - 1)) - 2^(bits-1)`: `e` read as a signed `bits`-bit value.
fn sign_wrap(e: Expr, bits: u32) -> Expr {
    let span = e.span;
    let h = 1i64 << (bits - 1);
    let m = (1i64 << bits) - 1;
    Expr::bin(
        BinOp::Sub,
        mask(Expr::bin(BinOp::Add, e, int(h, span)), m),
        int(h, span),
    )
}

/// Whether `e` contains `_ & m`.
fn has_mask(e: &Expr, m: i64, depth: usize) -> bool {
    if depth > MAX_EXPR_DEPTH {
        return true;
    }
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => false,
        ExprKind::Neg(a) => has_mask(a, m, depth + 1),
        ExprKind::Bin(op, a, b) => {
            (*op == BinOp::And && (a.kind == ExprKind::Int(m) || b.kind == ExprKind::Int(m)))
                || has_mask(a, m, depth + 1)
                || has_mask(b, m, depth + 1)
        }
        ExprKind::Select(_, a, b) => has_mask(a, m, depth + 1) || has_mask(b, m, depth + 1),
    }
}

/// C's truncating `a / b` (`rem`: `a % b`) over the core's Euclidean operators, for `a` and
/// `b` that may be copied (variables or literals); `b_nonneg` when `b` is known not negative.
/// The indicators are `min`/`max` terms: `neg` is 1 iff `a < 0` (`a >> 31` is negative iff
/// `a` is, in both arithmetic modes), `nz` is 1 iff the Euclidean remainder is not zero, and
/// `fix = max(neg + nz - 1, 0)` is their conjunction.
pub(crate) fn trunc_div(a: Expr, b: Expr, rem: bool, b_nonneg: bool, span: Span) -> Expr {
    let bin = |op, x: Expr, y: Expr| Expr::new(ExprKind::Bin(op, Box::new(x), Box::new(y)), span);
    let neg = |x: Expr| Expr::new(ExprKind::Neg(Box::new(x)), span);
    let one = || int(1, span);
    let zero = || int(0, span);
    // 1 iff x >= 1, for x an integer.
    let pos = |x: Expr| bin(BinOp::Min, bin(BinOp::Max, x, zero()), one());
    let q = bin(BinOp::Div, a.clone(), b.clone());
    let r = bin(BinOp::Rem, a.clone(), b.clone());
    let is_neg = pos(neg(bin(BinOp::Shr, a, int(31, span))));
    let nz = bin(BinOp::Min, r.clone(), one());
    let fix = bin(
        BinOp::Max,
        bin(BinOp::Sub, bin(BinOp::Add, is_neg, nz), one()),
        zero(),
    );
    let lit = match b.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    if rem {
        // r - |b| * fix
        let scaled = match lit {
            Some(v) => bin(BinOp::Mul, fix, int(v.saturating_abs(), span)),
            None if b_nonneg => bin(BinOp::Mul, fix, b),
            None => bin(BinOp::Mul, fix, bin(BinOp::Max, b.clone(), neg(b))),
        };
        bin(BinOp::Sub, r, scaled)
    } else {
        // q + sign(b) * fix
        match lit {
            Some(0) => q,
            Some(v) if v > 0 => bin(BinOp::Add, q, fix),
            Some(_) => bin(BinOp::Sub, q, fix),
            None if b_nonneg => bin(BinOp::Add, q, fix),
            None => bin(
                BinOp::Sub,
                bin(BinOp::Add, q, bin(BinOp::Min, fix.clone(), pos(b.clone()))),
                bin(BinOp::Min, fix, pos(neg(b))),
            ),
        }
    }
}

fn int(v: i64, span: Span) -> Expr {
    Expr::int(v, span)
}

fn int_u(v: u64, span: Span) -> Expr {
    int(i64::try_from(v).unwrap_or(i64::MAX), span)
}

/// `k` elements of a pointer with row strides `s`, in cells.
fn scale(k: Expr, s: &[Expr]) -> Expr {
    match s.first() {
        Some(stride) => Expr::bin(BinOp::Mul, k, stride.clone()),
        None => k,
    }
}

/// The number of components of a CUDA vector type (`float4` → 4) and its scalar type.
fn vector_type(name: &str) -> Option<(u64, &str)> {
    let n = match name.chars().last()? {
        '1' => 1,
        '2' => 2,
        '3' => 3,
        '4' => 4,
        _ => return None,
    };
    let base = &name[..name.len() - 1];
    super::names::is_builtin_type(name).then_some((n, base))
}

/// Deepest nesting of struct types followed (a guard against recursive definitions).
const MAX_TYPE_DEPTH: usize = 16;

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt {
        kind,
        span,
        ann: (),
    }
}

/// The names `stmts` bind, in nested blocks too: out of scope after them.
fn bound_names(stmts: &[Stmt]) -> HashSet<String> {
    let mut out = HashSet::new();
    walk_stmts(stmts, &mut |s| {
        out.extend(s.kind.declared().map(|v| v.name.clone()))
    });
    out
}

fn block(stmts: Vec<Stmt>, span: Span) -> Block {
    Block { stmts, span }
}

fn cmp(op: CmpOp, a: Expr, b: Expr, span: Span) -> Cond {
    Cond::new(CondKind::Cmp(op, a, b), span)
}

/// What a walk over statements meets, in order: an expression (not recursing into it), a
/// declared name, and the start and end of a scope (a block, a branch, a loop).
enum Walk<'s> {
    Expr(&'s c::Expr),
    Declare(&'s str),
    Enter,
    Leave,
}

/// Calls `f` on every expression, declaration and scope of the statements.
fn walk(stmts: &[c::Stmt], f: &mut impl FnMut(Walk<'_>), depth: usize) {
    if depth > MAX_STMT_DEPTH {
        return;
    }
    fn nested(s: &c::Stmt, f: &mut impl FnMut(Walk<'_>), depth: usize) {
        f(Walk::Enter);
        walk(std::slice::from_ref(s), f, depth + 1);
        f(Walk::Leave);
    }
    for s in stmts {
        match &s.kind {
            c::StmtKind::Block(b) => {
                f(Walk::Enter);
                walk(b, f, depth + 1);
                f(Walk::Leave);
            }
            c::StmtKind::Decl(_, ds) => {
                for d in ds {
                    for e in d.init.iter().chain(d.dims.iter().flatten()) {
                        f(Walk::Expr(e));
                    }
                    f(Walk::Declare(&d.name));
                }
            }
            c::StmtKind::Expr(e) | c::StmtKind::Return(Some(e)) | c::StmtKind::Case(e) => {
                f(Walk::Expr(e))
            }
            c::StmtKind::If(e, t, el) => {
                f(Walk::Expr(e));
                nested(t, f, depth);
                if let Some(el) = el {
                    nested(el, f, depth);
                }
            }
            c::StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                f(Walk::Enter);
                if let Some(i) = init {
                    walk(std::slice::from_ref(i), f, depth + 1);
                }
                cond.iter()
                    .chain(step.iter())
                    .for_each(|e| f(Walk::Expr(e)));
                nested(body, f, depth);
                f(Walk::Leave);
            }
            c::StmtKind::While(e, b) | c::StmtKind::DoWhile(b, e) | c::StmtKind::Switch(e, b) => {
                f(Walk::Expr(e));
                nested(b, f, depth);
            }
            c::StmtKind::Empty
            | c::StmtKind::Return(None)
            | c::StmtKind::Break
            | c::StmtKind::Continue
            | c::StmtKind::Default
            | c::StmtKind::Goto
            | c::StmtKind::Label(_) => {}
        }
    }
}

/// Calls `f` on every expression of the statements (not recursing into expressions).
fn walk_exprs(stmts: &[c::Stmt], f: &mut impl FnMut(&c::Expr), depth: usize) {
    walk(
        stmts,
        &mut |w| {
            if let Walk::Expr(e) = w {
                f(e)
            }
        },
        depth,
    );
}

/// Names of variables declared outside the statements that they assign (`x = ...`, `x += ...`,
/// `x++`) anywhere: an assignment to a name that a declaration of the statements shadows at
/// that point (`int ai = ...; ai += ...` in a nested block) assigns the inner variable, which
/// the statements declare afresh, and does not count.
fn assigned(stmts: &[c::Stmt]) -> HashSet<String> {
    let mut scopes: Vec<HashSet<String>> = vec![HashSet::new()];
    let mut out = HashSet::new();
    walk(
        stmts,
        &mut |w| match w {
            Walk::Enter => scopes.push(HashSet::new()),
            Walk::Leave => {
                scopes.pop();
            }
            Walk::Declare(n) => {
                if let Some(top) = scopes.last_mut() {
                    top.insert(n.to_string());
                }
            }
            Walk::Expr(e) => {
                let mut names = HashSet::new();
                assigned_expr(e, &mut names, 0);
                out.extend(
                    names
                        .into_iter()
                        .filter(|n| !scopes.iter().any(|s| s.contains(n))),
                );
            }
        },
        0,
    );
    out
}

/// Names an expression assigns.
fn assigned_expr(e: &c::Expr, out: &mut HashSet<String>, depth: usize) {
    expr(e, out, depth);
    fn expr(e: &c::Expr, out: &mut HashSet<String>, depth: usize) {
        if depth > MAX_EXPR_DEPTH {
            return;
        }
        use c::ExprKind::*;
        match &e.kind {
            Assign(_, a, b) => {
                if let Name(n) = &a.kind {
                    out.insert(n.clone());
                }
                expr(a, out, depth + 1);
                expr(b, out, depth + 1);
            }
            Unary(op, a) => {
                if matches!(
                    op,
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
                ) {
                    if let Name(n) = &a.kind {
                        out.insert(n.clone());
                    }
                }
                expr(a, out, depth + 1);
            }
            Cast(_, a) | Member(a, _) => expr(a, out, depth + 1),
            Binary(_, a, b) | Index(a, b) => {
                expr(a, out, depth + 1);
                expr(b, out, depth + 1);
            }
            Ternary(a, b, d) => {
                expr(a, out, depth + 1);
                expr(b, out, depth + 1);
                expr(d, out, depth + 1);
            }
            Call(f, args) => {
                expr(f, out, depth + 1);
                for a in args {
                    expr(a, out, depth + 1);
                }
            }
            InitList(es) => es.iter().for_each(|a| expr(a, out, depth + 1)),
            Int(..) | Float | Str | Name(_) | TemplateName(..) | Sizeof => {}
        }
    }
}

/// Whether the name `v` is used in the statements, and every use is the amount of a shift
/// (`x << v`, `x >> v`, `x <<= v`, `x >>= v`); a declaration of `v` in them makes it `false`.
fn only_shift_amount(stmts: &[c::Stmt], v: &str) -> bool {
    /// Whether all uses are shift amounts; counts them in `uses`.
    fn expr(e: &c::Expr, v: &str, uses: &mut usize, depth: usize) -> bool {
        use c::ExprKind::*;
        if depth > MAX_EXPR_DEPTH {
            return false;
        }
        let shift = |op: &c::BinOp| matches!(op, c::BinOp::Shl | c::BinOp::Shr);
        let d = depth + 1;
        match &e.kind {
            Name(n) => n != v,
            Binary(op, a, b) | Assign(Some(op), a, b) if shift(op) => {
                let amount = matches!(&b.kind, Name(n) if n == v);
                *uses += usize::from(amount);
                expr(a, v, uses, d) && (amount || expr(b, v, uses, d))
            }
            Unary(_, a) | Cast(_, a) | Member(a, _) => expr(a, v, uses, d),
            Binary(_, a, b) | Assign(_, a, b) | Index(a, b) => {
                expr(a, v, uses, d) && expr(b, v, uses, d)
            }
            Ternary(a, b, c) => expr(a, v, uses, d) && expr(b, v, uses, d) && expr(c, v, uses, d),
            Call(f, args) => expr(f, v, uses, d) && args.iter().all(|a| expr(a, v, uses, d)),
            InitList(es) => es.iter().all(|a| expr(a, v, uses, d)),
            TemplateName(_, targs) => targs.iter().all(|t| match t {
                c::TemplateArg::Value(a) => expr(a, v, uses, d),
                c::TemplateArg::Type(_) => true,
            }),
            Int(..) | Float | Str | Sizeof => true,
        }
    }
    let (mut ok, mut uses) = (true, 0);
    walk_exprs(stmts, &mut |e| ok &= expr(e, v, &mut uses, 0), 0);
    let mut declared = false;
    walk(
        stmts,
        &mut |w| declared |= matches!(w, Walk::Declare(n) if n == v),
        0,
    );
    ok && uses > 0 && !declared
}

/// `v OP e` or `e OP v` as `(OP, e)` with `v` on the left (`e < v` is `v > e`).
fn compared<'e>(cond: &'e c::Expr, v: &str) -> Option<(c::BinOp, &'e c::Expr)> {
    use c::BinOp as B;
    let is_v = |e: &c::Expr| matches!(&e.kind, c::ExprKind::Name(n) if n == v);
    match &cond.kind {
        c::ExprKind::Binary(op, a, b) if is_v(a) => Some((*op, b.as_ref())),
        c::ExprKind::Binary(op, a, b) if is_v(b) => Some((
            match op {
                B::Lt => B::Gt,
                B::Gt => B::Lt,
                B::Le => B::Ge,
                B::Ge => B::Le,
                B::Eq | B::Ne => *op,
                _ => return None,
            },
            a.as_ref(),
        )),
        _ => None,
    }
}

/// Names read anywhere in an expression.
fn names_in(e: &c::Expr, out: &mut HashSet<String>, depth: usize) {
    if depth > MAX_EXPR_DEPTH {
        return;
    }
    use c::ExprKind::*;
    match &e.kind {
        Name(n) => {
            out.insert(n.clone());
        }
        Unary(_, a) | Cast(_, a) | Member(a, _) => names_in(a, out, depth + 1),
        Binary(_, a, b) | Assign(_, a, b) | Index(a, b) => {
            names_in(a, out, depth + 1);
            names_in(b, out, depth + 1);
        }
        Ternary(a, b, d) => {
            names_in(a, out, depth + 1);
            names_in(b, out, depth + 1);
            names_in(d, out, depth + 1);
        }
        Call(f, args) => {
            names_in(f, out, depth + 1);
            args.iter().for_each(|a| names_in(a, out, depth + 1));
        }
        InitList(es) => es.iter().for_each(|a| names_in(a, out, depth + 1)),
        TemplateName(_, targs) => {
            for t in targs {
                if let c::TemplateArg::Value(a) = t {
                    names_in(a, out, depth + 1);
                }
            }
        }
        Int(..) | Float | Str | Sizeof => {}
    }
}

/// The variable, step and rest of a `while` body `{ B; STEP; }` whose last statement steps a
/// variable (`i++`, `i += k`, `i >>= 1`, `i = i OP k`, ...) and whose rest has no `continue`
/// (which would skip the step) and does not assign the variable.
fn while_step(body: &c::Stmt) -> Option<(String, &c::Expr, c::Stmt)> {
    use c::ExprKind as K;
    let c::StmtKind::Block(stmts) = &body.kind else {
        return None;
    };
    let (last, rest) = stmts.split_last()?;
    let c::StmtKind::Expr(step) = &last.kind else {
        return None;
    };
    let target = match &step.kind {
        K::Unary(UnOp::PreInc | UnOp::PostInc | UnOp::PreDec | UnOp::PostDec, x) => x,
        K::Assign(_, x, _) => x,
        _ => return None,
    };
    let K::Name(var) = &target.kind else {
        return None;
    };
    if has_continue(rest, 0) || assigned(rest).contains(var) {
        return None;
    }
    let rest = c::Stmt {
        kind: c::StmtKind::Block(rest.to_vec()),
        span: body.span,
    };
    Some((var.clone(), step, rest))
}

/// Whether a `continue` of this loop level (or any, conservatively) is in `stmts`.
fn has_continue(stmts: &[c::Stmt], depth: usize) -> bool {
    if depth > MAX_STMT_DEPTH {
        return true;
    }
    stmts.iter().any(|s| match &s.kind {
        c::StmtKind::Continue | c::StmtKind::Goto | c::StmtKind::Label(_) => true,
        c::StmtKind::Block(b) => has_continue(b, depth + 1),
        c::StmtKind::If(_, t, e) => std::iter::once(t)
            .chain(e.iter())
            .any(|x| has_continue(std::slice::from_ref(x), depth + 1)),
        c::StmtKind::For { body, .. }
        | c::StmtKind::While(_, body)
        | c::StmtKind::DoWhile(body, _)
        | c::StmtKind::Switch(_, body) => has_continue(std::slice::from_ref(body), depth + 1),
        _ => false,
    })
}

fn has_loop_exit(stmts: &[c::Stmt], depth: usize) -> (bool, bool) {
    // (break, return) reachable at this loop level.
    let mut brk = false;
    let mut ret = false;
    if depth > MAX_STMT_DEPTH {
        return (true, true);
    }
    for s in stmts {
        match &s.kind {
            c::StmtKind::Break => brk = true,
            c::StmtKind::Return(_) => ret = true,
            c::StmtKind::Block(b) => {
                let (b2, r2) = has_loop_exit(b, depth + 1);
                brk |= b2;
                ret |= r2;
            }
            c::StmtKind::If(_, t, e) => {
                for x in std::iter::once(t).chain(e.iter()) {
                    let (b2, r2) = has_loop_exit(std::slice::from_ref(x), depth + 1);
                    brk |= b2;
                    ret |= r2;
                }
            }
            // A `break` in an inner loop or a `switch` leaves that statement, not this loop.
            c::StmtKind::For { body, .. }
            | c::StmtKind::While(_, body)
            | c::StmtKind::DoWhile(body, _)
            | c::StmtKind::Switch(_, body) => {
                ret |= has_loop_exit(std::slice::from_ref(body), depth + 1).1;
            }
            _ => {}
        }
    }
    (brk, ret)
}

impl<'g, 'a> Lower<'g, 'a> {
    fn kernel(
        g: &'g Globals<'a>,
        f: &c::Function,
        options: &'g Options,
        instance: Option<&[c::TemplateArg]>,
    ) -> Result<Kernel, Vec<Diagnostic>> {
        let body = f.body.as_deref().unwrap_or(&[]);
        let mut lx = Lower {
            g,
            options,
            params: Vec::new(),
            arrays: BTreeMap::new(),
            used: Builtin::ALL.iter().map(|b| b.name().to_string()).collect(),
            scopes: vec![HashMap::new()],
            vals: HashMap::new(),
            next_id: 0,
            errors: Vec::new(),
            emitted: 0,
            expr_depth: 0,
            stmt_depth: 0,
            inline: vec![f.name.clone()],
            ret: None,
            dynamic_shared: None,
            elem_types: HashMap::new(),
            elem_bytes: HashMap::new(),
            nonneg: Builtin::ALL.iter().map(|b| b.name().to_string()).collect(),
            wrapped: HashSet::new(),
            var_tys: HashMap::new(),
            consts: HashMap::new(),
            pow2: HashSet::new(),
        };
        let mut out = Vec::new();
        // Template value parameters are the instantiation's values, or symbolic parameters of
        // the kernel. The instance's name shows its arguments: `k<float, 128>`.
        let mut shown = Vec::new();
        for (i, t) in f.template.iter().enumerate() {
            match instance.and_then(|args| args.get(i)) {
                Some(c::TemplateArg::Type(ty)) => {
                    shown.push(format!(
                        "{}{}",
                        ty.base.as_deref().unwrap_or("?"),
                        "*".repeat(ty.pointers)
                    ));
                    continue;
                }
                Some(c::TemplateArg::Value(e)) if !t.is_type => {
                    let (v, _) = lx.num_of(e, &mut out);
                    shown.push(v.to_string());
                    let id = lx.new_var(Val::Num(v, false));
                    lx.bind(&t.name, Binding::Var(id));
                    continue;
                }
                Some(c::TemplateArg::Value(_)) => {
                    shown.push("?".into());
                    continue;
                }
                None if instance.is_some() => shown.push(t.name.clone()),
                None => {}
            }
            if t.is_type {
                continue;
            }
            let name = lx.fresh(&t.name);
            lx.params.push(Param::natural(name.clone(), f.name_span));
            let id = lx.new_var(Val::Num(Expr::var(name, f.name_span), false));
            lx.bind(&t.name, Binding::Var(id));
        }
        for p in &f.params {
            let Some(d) = &p.decl else { continue };
            if p.ty.pointers > 0 || !d.dims.is_empty() {
                let name = lx.fresh(&d.name);
                lx.arrays.insert(
                    name.clone(),
                    ArrayDecl {
                        name: Ident::new(name.clone(), d.span),
                        space: Space::Global,
                        span: d.span,
                        layout: None,
                    },
                );
                let strides = lx.strides(&d.dims, &mut out);
                let elem = p.ty.base.as_deref().filter(|_| p.ty.pointers <= 1);
                let strides = lx.elem_strides(&name, elem, strides, d.span);
                if p.ty.pointers + d.dims.len() == 1 {
                    lx.record_elem_bytes(&name, &p.ty);
                }
                let id = lx.new_var(Val::Ptr(name, int(0, d.span), strides));
                lx.bind(&d.name, Binding::Var(id));
            } else {
                let name = lx.fresh(&d.name);
                lx.params.push(Param::natural(name.clone(), d.span));
                let id = lx.new_var(Val::Num(Expr::var(name, d.span), p.ty.is_unsigned()));
                lx.bind(&d.name, Binding::Var(id));
            }
        }
        // Scalar parameters are naturals in the core.
        for p in &lx.params {
            lx.nonneg.insert(p.name.clone());
        }
        lx.seq(body, &mut out);
        let used: HashSet<String> = {
            let mut used = HashSet::new();
            let b = block(out.clone(), f.span);
            b.walk(&mut |s| match &s.kind {
                StmtKind::Write { target, .. }
                | StmtKind::Read { source: target, .. }
                | StmtKind::Atomic { target, .. } => {
                    used.insert(target.array.name.clone());
                }
                _ => {}
            });
            used
        };
        if !lx.errors.is_empty() {
            return Err(lx.errors);
        }
        let name = if instance.is_some() {
            format!("{}<{}>", f.name, shown.join(", "))
        } else {
            f.name.clone()
        };
        Ok(Kernel {
            name: Ident::new(name, f.name_span),
            params: lx.params,
            arrays: lx
                .arrays
                .into_values()
                .filter(|a| used.contains(&a.name.name))
                .collect(),
            body: block(out, f.span),
            span: f.span,
            ann: (),
        })
    }

    /// The dimension `comp` (0, 1, 2) of `blockDim` (block) or `gridDim` (grid): the core's
    /// `ntid.x` ... `nbid.z`, or its value when the geometry is fixed (which the analysis
    /// fixes alike, `input::fixed_for`), so that the lowering can fold it.
    fn dim(&self, grid: bool, comp: usize, span: Span) -> Expr {
        let (fixed, size) = if grid {
            (self.options.grid_dim, Geometry::Nbid)
        } else {
            (self.options.block_dim, Geometry::Ntid)
        };
        match fixed {
            Some(d) => int(i64::try_from(d[comp]).unwrap_or(i64::MAX), span),
            None => Expr::var(Builtin::component(size, Dim::ALL[comp]).name(), span),
        }
    }

    /// The index `comp` of `threadIdx` (block = false) or `blockIdx`: the core's `tid.x` ...
    /// `bid.z`, or 0 when the geometry is fixed with one thread (block) in that dimension.
    fn index(&self, grid: bool, comp: usize, span: Span) -> Expr {
        let (fixed, id) = if grid {
            (self.options.grid_dim, Geometry::Bid)
        } else {
            (self.options.block_dim, Geometry::Tid)
        };
        match fixed {
            Some(d) if d[comp] == 1 => int(0, span),
            _ => Expr::var(Builtin::component(id, Dim::ALL[comp]).name(), span),
        }
    }

    fn fresh(&mut self, base: &str) -> String {
        let base: String = base
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let base = if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            format!("v{base}")
        } else {
            base
        };
        let mut name = base.clone();
        let mut k = 1;
        while self.used.contains(&name) || Builtin::from_name(&name).is_some() || is_keyword(&name)
        {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.used.insert(name.clone());
        name
    }

    fn new_var(&mut self, val: Val) -> usize {
        let id = self.next_id;
        self.next_id += 1;
        self.vals.insert(id, val);
        id
    }

    fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), b);
        }
    }

    fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }

    fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.errors
            .push(Diagnostic::error(message).with_primary(span, label));
    }

    fn emit(&mut self, out: &mut Vec<Stmt>, s: Stmt) {
        self.emitted += 1;
        if self.emitted == MAX_STATEMENTS {
            self.error(
                s.span,
                "the kernel is too large after lowering",
                format!("more than {MAX_STATEMENTS} core statements"),
            );
        }
        out.push(s);
    }

    /// `let x = ?;` with a fresh `x`.
    fn unknown(&mut self, base: &str, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let name = self.fresh(base);
        self.emit(
            out,
            stmt(
                StmtKind::Unknown {
                    var: Ident::new(name.clone(), span),
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    /// Binds a non-trivial expression to a fresh `let`, so that it is not copied around.
    fn bound(&mut self, base: &str, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        if matches!(e.kind, ExprKind::Var(_) | ExprKind::Int(_)) {
            return e;
        }
        let span = e.span;
        let name = self.fresh(base);
        if self.is_nonneg(&e) {
            self.nonneg.insert(name.clone());
        }
        if self.may_wrap(&e) {
            self.wrapped.insert(name.clone());
        }
        if let Some(v) = self.const_of(&e) {
            self.consts.insert(name.clone(), v);
        }
        self.emit(
            out,
            stmt(
                StmtKind::Let {
                    var: Ident::new(name.clone(), span),
                    value: e,
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    // ---- C integer semantics (SPEC §4) ----
    //
    // The core's `/` and `%` are Euclidean and its `int` arithmetic is unbounded; C's signed
    // `/` and `%` truncate toward zero, `unsigned` arithmetic wraps modulo 2^32, and
    // conversions to narrow types truncate. The lowering writes C's results with the core's
    // operators where they can differ, and keeps the plain operators where the dividend is
    // syntactically non-negative or the value cannot leave its range, so that ordinary kernels
    // keep simple terms.

    /// The value of `e` when it is made of literals and constant `let`s.
    fn const_of(&self, e: &Expr) -> Option<i128> {
        const_expr_in(e, &self.consts)
    }

    /// Whether `e` is never negative, syntactically: built from naturals (ids, dimensions,
    /// parameters, non-negative literals and the `let`s and loop variables known so) by
    /// operators that keep them natural.
    fn is_nonneg(&self, e: &Expr) -> bool {
        self.nonneg_at(e, 0)
    }

    fn nonneg_at(&self, e: &Expr, depth: usize) -> bool {
        if depth > MAX_EXPR_DEPTH {
            return false;
        }
        match &e.kind {
            ExprKind::Int(v) => *v >= 0,
            ExprKind::Var(n) => self.nonneg.contains(n),
            ExprKind::Neg(_) => false,
            ExprKind::Bin(op, a, b) => {
                let a = || self.nonneg_at(a, depth + 1);
                let b = || self.nonneg_at(b, depth + 1);
                match op {
                    BinOp::Add
                    | BinOp::Mul
                    | BinOp::Div
                    | BinOp::UDiv
                    | BinOp::Shl
                    | BinOp::Shr
                    | BinOp::UShr
                    | BinOp::Min
                    | BinOp::UMin
                    | BinOp::Or
                    | BinOp::Xor => a() && b(),
                    BinOp::Max | BinOp::UMax | BinOp::And => a() || b(),
                    // Euclidean: never negative.
                    BinOp::Rem | BinOp::URem => true,
                    BinOp::Sub => false,
                }
            }
            ExprKind::Select(_, a, b) => {
                self.nonneg_at(a, depth + 1) && self.nonneg_at(b, depth + 1)
            }
        }
    }

    /// Whether `e` may hold a value that went through a 32-bit unsigned wrap (2^31 or more).
    fn may_wrap(&self, e: &Expr) -> bool {
        let mut found = false;
        e.for_each_var(&mut |n, _| {
            if self.wrapped.contains(n) {
                found = true;
            }
        });
        found || has_mask(e, U32_MASK, 0)
    }

    /// C's conversion of a signed or unsigned 32-bit value to `unsigned int`.
    fn to_u32(&self, e: Expr, unsigned: bool) -> Expr {
        if unsigned || self.is_nonneg(&e) {
            e
        } else {
            mask(e, U32_MASK)
        }
    }

    /// C's conversion of a value to an integer type of `bits` bits (unsigned or not). Values
    /// of `char` and `short` types are promoted to `int` when used, so they are signed. 64-bit
    /// types are not wrapped (their values are followed as mathematical integers).
    fn convert(&self, v: Val, kind: Option<(u32, bool)>) -> Val {
        let (Val::Num(e, u), Some((bits, unsigned))) = (&v, kind) else {
            return v;
        };
        let (e, u) = (e.clone(), *u);
        let lit = match e.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        };
        match (bits, unsigned) {
            (8 | 16, true) => {
                let m = (1i64 << bits) - 1;
                if lit.is_some_and(|v| (0..=m).contains(&v)) {
                    Val::Num(e, false)
                } else {
                    Val::Num(mask(e, m), false)
                }
            }
            (8 | 16, false) => {
                let h = 1i64 << (bits - 1);
                if lit.is_some_and(|v| (-h..h).contains(&v)) {
                    Val::Num(e, false)
                } else {
                    Val::Num(sign_wrap(e, bits), false)
                }
            }
            (32, true) => Val::Num(self.to_u32(e, u), true),
            (32, false) if u && self.may_wrap(&e) => Val::Num(sign_wrap(e, 32), false),
            (_, unsigned) => Val::Num(e, unsigned),
        }
    }

    /// C's signed `a / b` (or `a % b`), which truncates toward zero, over the core's Euclidean
    /// operators: with `q = a / b` and `r = a % b` Euclidean, C's results differ exactly when
    /// `a < 0` and `r != 0`, by `sign(b)` for the quotient and `-|b|` for the remainder.
    fn c_div(&mut self, a: Expr, b: Expr, rem: bool, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let a = self.bound("n", a, out);
        let b = self.bound("d", b, out);
        let b_nonneg = self.is_nonneg(&b);
        trunc_div(a, b, rem, b_nonneg, span)
    }

    fn strides(&mut self, dims: &[Option<c::Expr>], out: &mut Vec<Stmt>) -> Vec<Expr> {
        // Row strides: for `a[N][M][K]`, index `i` moves by M*K, `j` by K.
        let mut sizes = Vec::new();
        for d in dims.iter().skip(1) {
            match d {
                Some(e) => {
                    let v = self.num(e, out);
                    sizes.push(v);
                }
                None => sizes.push(int(1, Span::default())),
            }
        }
        let mut strides = Vec::new();
        for i in 0..sizes.len() {
            let mut s = sizes[i].clone();
            for later in &sizes[i + 1..] {
                s = Expr::bin(BinOp::Mul, s, later.clone());
            }
            strides.push(s);
        }
        strides
    }

    fn snapshot(&self) -> Env {
        (self.scopes.clone(), self.vals.clone())
    }

    fn restore(&mut self, env: Env) {
        self.scopes = env.0;
        self.vals = env.1;
    }

    /// After an `if` whose branches left `a` and `b`: variables that differ become `?` — but a
    /// boolean that both branches leave as a condition on names in scope after the `if` becomes
    /// `(c && x) || (!c && y)`, exactly, when the `if`'s condition `c` is known (`guard`, with
    /// the statements each branch emitted, whose binders end with the branch). So a flag set in
    /// one branch and tested after it (as the if-conversion of `mapcheck fix` writes) stays
    /// exact.
    fn join(
        &mut self,
        a: &HashMap<usize, Val>,
        b: &HashMap<usize, Val>,
        guard: Option<(&Cond, &[Stmt], &[Stmt])>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let mut ids: Vec<usize> = self.vals.keys().copied().collect();
        ids.sort_unstable();
        // The names each branch binds, found once, when a boolean first needs them.
        let inner = std::cell::OnceCell::new();
        let scoped = |x: &Cond, y: &Cond| {
            let Some((_, ta, tb)) = guard else {
                return false;
            };
            let (bound_t, bound_e) = inner.get_or_init(|| (bound_names(ta), bound_names(tb)));
            let mut free = true;
            x.for_each_var(&mut |v, _| free &= !bound_t.contains(v));
            y.for_each_var(&mut |v, _| free &= !bound_e.contains(v));
            free
        };
        for id in ids {
            match (a.get(&id), b.get(&id)) {
                (Some(x), Some(y)) if x == y => {
                    self.vals.insert(id, x.clone());
                }
                (Some(Val::Bool(x)), Some(Val::Bool(y))) if scoped(x, y) => {
                    let Some((c, _, _)) = guard else { continue };
                    let and =
                        |p: Cond, q: Cond| Cond::new(CondKind::And(Box::new(p), Box::new(q)), span);
                    let not_c = Cond::new(CondKind::Not(Box::new(c.clone())), span);
                    let v = match (&x.kind, &y.kind) {
                        (CondKind::Bool(false), _) => and(not_c, y.clone()),
                        (_, CondKind::Bool(false)) => and(c.clone(), x.clone()),
                        _ => Cond::new(
                            CondKind::Or(
                                Box::new(and(c.clone(), x.clone())),
                                Box::new(and(not_c, y.clone())),
                            ),
                            span,
                        ),
                    };
                    self.vals.insert(id, Val::Bool(v));
                }
                _ => {
                    let v = self.havoc_val(id, span, out);
                    self.vals.insert(id, v);
                }
            }
        }
    }

    /// A value "anything of the same kind" for variable `id`.
    fn havoc_val(&mut self, id: usize, span: Span, out: &mut Vec<Stmt>) -> Val {
        match self.vals.get(&id).cloned() {
            Some(Val::Ptr(a, _, strides)) => {
                let off = self.unknown("off", span, out);
                Val::Ptr(a, off, strides)
            }
            Some(Val::Private) => Val::Private,
            Some(Val::Opaque) => Val::Opaque,
            Some(Val::Num(_, u)) => Val::Num(self.unknown("v", span, out), u),
            Some(Val::Bool(_)) | None => {
                let u = self.unknown("v", span, out);
                Val::Bool(cmp(CmpOp::Ne, u, int(0, span), span))
            }
        }
    }

    fn havoc_names(&mut self, names: &HashSet<String>, span: Span, out: &mut Vec<Stmt>) {
        let mut names: Vec<&String> = names.iter().collect();
        names.sort();
        for n in names {
            if let Some(Binding::Var(id)) = self.lookup(n) {
                let v = self.havoc_val(id, span, out);
                self.vals.insert(id, v);
            }
        }
    }

    // ---- statements ----

    /// Lowers a statement list; what follows an exit the lowering cannot place exactly is
    /// guarded by a `?`.
    fn seq(&mut self, stmts: &[c::Stmt], out: &mut Vec<Stmt>) -> Exit {
        self.stmt_depth += 1;
        let exit = self.seq_inner(stmts, out);
        self.stmt_depth -= 1;
        exit
    }

    fn seq_inner(&mut self, stmts: &[c::Stmt], out: &mut Vec<Stmt>) -> Exit {
        if self.stmt_depth > MAX_STMT_DEPTH {
            if let Some(s) = stmts.first() {
                self.error(
                    s.span,
                    "statements nested too deeply",
                    format!("more than {MAX_STMT_DEPTH} levels"),
                );
            }
            return Exit::default();
        }
        let mut exit = Exit::default();
        for (i, s) in stmts.iter().enumerate() {
            if !self.errors.is_empty() {
                return exit;
            }
            let rest = &stmts[i + 1..];
            if let c::StmtKind::If(cond, t, e) = &s.kind {
                return exit.join(self.if_stmt(cond, t, e.as_deref(), rest, s.span, out));
            }
            let ex = self.stmt(s, out);
            if ex.always {
                return Exit {
                    always: true,
                    ..exit.join(ex)
                };
            }
            if ex.any() && !rest.is_empty() {
                let u = self.unknown("exited", s.span, out);
                let mut inner = Vec::new();
                let ex2 = self.seq(rest, &mut inner);
                let cond = cmp(CmpOp::Eq, u, int(0, s.span), s.span);
                self.emit(
                    out,
                    stmt(
                        StmtKind::If {
                            cond,
                            then_branch: block(inner, s.span),
                            else_branch: None,
                        },
                        s.span,
                    ),
                );
                return exit.join(ex).join(Exit {
                    always: false,
                    ..ex2
                });
            }
            exit = exit.join(ex);
        }
        exit
    }

    /// `if`, with the statements after it: when one branch always leaves, the rest goes
    /// under the other branch, exactly.
    fn if_stmt(
        &mut self,
        cond: &c::Expr,
        t: &c::Stmt,
        e: Option<&c::Stmt>,
        rest: &[c::Stmt],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Exit {
        let cnd = self.cond(cond, out);
        let before = self.snapshot();
        let mut tb = Vec::new();
        self.scopes.push(HashMap::new());
        let et = self.seq(std::slice::from_ref(t), &mut tb);
        self.scopes.pop();
        let after_t = self.snapshot();
        self.restore(before.clone());
        let mut eb = Vec::new();
        self.scopes.push(HashMap::new());
        let ee = match e {
            Some(e) => self.seq(std::slice::from_ref(e), &mut eb),
            None => Exit::default(),
        };
        self.scopes.pop();
        let after_e = self.snapshot();
        // Each branch carries the span of its own text, so that a repair can tell a point in
        // the then-branch from one in the else-branch. A branch that also takes the statements
        // after the `if` (one branch always leaves) runs to the end of the last of them.
        let else_span = e.map_or(Span::new(t.span.end, t.span.end), |e| e.span);
        let rest_end = rest.last().map_or(span.end, |s| s.span.end);
        let mk = |tb, eb: Vec<Stmt>, with_rest: Option<bool>| {
            let widen = |s: Span, yes: bool| if yes { Span::new(s.start, rest_end) } else { s };
            stmt(
                StmtKind::If {
                    cond: cnd.clone(),
                    then_branch: block(tb, widen(t.span, with_rest == Some(true))),
                    else_branch: if eb.is_empty() {
                        None
                    } else {
                        Some(block(eb, widen(else_span, with_rest == Some(false))))
                    },
                },
                span,
            )
        };
        if et.always && ee.always {
            self.emit(out, mk(tb, eb, None));
            return et.join(ee);
        }
        if et.always && !ee.any() {
            // The rest runs only in the else branch, with its environment.
            let er = self.seq(rest, &mut eb);
            self.emit(out, mk(tb, eb, Some(false)));
            return et.join(er).join(Exit {
                always: false,
                ..ee
            });
        }
        if ee.always && !et.any() {
            self.restore(after_t);
            let tr = self.seq(rest, &mut tb);
            self.emit(out, mk(tb, eb, Some(true)));
            return ee.join(tr).join(Exit {
                always: false,
                ..et
            });
        }
        // A condition of constants (`if (WIDTH == HEIGHT)` after the preprocessor, a
        // template's `if (blockSize >= 64)`): only the taken branch runs, in place, and the
        // variables are the ones it leaves.
        if let Some(taken) = const_cond(&cnd) {
            let ex = if taken { et } else { ee };
            if !ex.any() {
                let (stmts, state) = if taken { (tb, after_t) } else { (eb, after_e) };
                self.restore(state);
                for s in stmts {
                    self.emit(out, s);
                }
                return ex.join(self.seq(rest, out));
            }
        }
        self.restore(before);
        let mut after = Vec::new();
        self.join(
            &after_t.1,
            &after_e.1,
            Some((&cnd, &tb, &eb)),
            span,
            &mut after,
        );
        self.emit(out, mk(tb, eb, None));
        for s in after {
            self.emit(out, s);
        }
        let ex = Exit {
            always: false,
            ..et.join(ee)
        };
        if ex.any() && !rest.is_empty() {
            let u = self.unknown("exited", span, out);
            let mut inner = Vec::new();
            let ex2 = self.seq(rest, &mut inner);
            let c2 = cmp(CmpOp::Eq, u, int(0, span), span);
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: c2,
                        then_branch: block(inner, span),
                        else_branch: None,
                    },
                    span,
                ),
            );
            return ex.join(Exit {
                always: false,
                ..ex2
            });
        }
        ex.join(self.seq(rest, out))
    }

    fn stmt(&mut self, s: &c::Stmt, out: &mut Vec<Stmt>) -> Exit {
        match &s.kind {
            c::StmtKind::Block(b) => {
                self.scopes.push(HashMap::new());
                let ex = self.seq(b, out);
                self.scopes.pop();
                ex
            }
            c::StmtKind::Decl(ty, ds) => {
                for d in ds {
                    self.decl(ty, d, out);
                }
                Exit::default()
            }
            c::StmtKind::Expr(e) => {
                self.expr(e, out);
                Exit::default()
            }
            c::StmtKind::Empty => Exit::default(),
            c::StmtKind::If(cond, t, e) => self.if_stmt(cond, t, e.as_deref(), &[], s.span, out),
            c::StmtKind::Return(e) => {
                if let Some(e) = e {
                    let v = self.expr(e, out);
                    if let Some(id) = self.ret {
                        self.vals.insert(id, v);
                    }
                }
                Exit {
                    always: true,
                    ret: true,
                    ..Exit::default()
                }
            }
            c::StmtKind::Break => Exit {
                always: true,
                brk: true,
                ..Exit::default()
            },
            c::StmtKind::Continue => Exit {
                always: true,
                cont: true,
                ..Exit::default()
            },
            c::StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.stmt(i, out);
                }
                // `for (a = a0, b = b0; c; STEP_a, STEP_b) B` with no `continue` in `B` is
                // `for (...; c; STEP_a) { B; STEP_b; }`: `b` may then be an auxiliary induction
                // variable of the loop on `a`.
                let split;
                let (step, body) = match step.as_ref().map(|e| &e.kind) {
                    Some(c::ExprKind::Binary(c::BinOp::Comma, first, second))
                        if !has_continue(std::slice::from_ref(body.as_ref()), 0) =>
                    {
                        split = c::Stmt {
                            kind: c::StmtKind::Block(vec![
                                body.as_ref().clone(),
                                c::Stmt {
                                    kind: c::StmtKind::Expr(second.as_ref().clone()),
                                    span: second.span,
                                },
                            ]),
                            span: body.span,
                        };
                        (Some(first.as_ref()), &split)
                    }
                    _ => (step.as_ref(), body.as_ref()),
                };
                let ex = match self.canonical(init.as_deref(), cond.as_ref(), step, body) {
                    Some((id, c_name, range)) => {
                        self.counted_loop(id, &c_name, range, body, s.span, out)
                    }
                    None => self.unknown_loop(cond.as_ref(), step, body, false, s.span, out),
                };
                self.scopes.pop();
                ex
            }
            c::StmtKind::While(cond, body) => {
                // `while (c) { B; STEP; }`, whose last statement steps a variable that `B` does
                // not assign and that `B` cannot skip (no `continue`), is `for (; c; STEP) B`.
                if let Some((var, step, rest)) = while_step(body) {
                    let init = c::Stmt {
                        kind: c::StmtKind::Expr(c::Expr {
                            kind: c::ExprKind::Assign(
                                None,
                                Box::new(c::Expr {
                                    kind: c::ExprKind::Name(var.clone()),
                                    span: s.span,
                                }),
                                Box::new(c::Expr {
                                    kind: c::ExprKind::Name(var),
                                    span: s.span,
                                }),
                            ),
                            span: s.span,
                        }),
                        span: s.span,
                    };
                    self.scopes.push(HashMap::new());
                    let found = self.canonical(Some(&init), Some(cond), Some(step), &rest);
                    let ex = match found {
                        Some((id, c_name, range)) => {
                            self.counted_loop(id, &c_name, range, &rest, s.span, out)
                        }
                        None => self.unknown_loop(Some(cond), None, body, false, s.span, out),
                    };
                    self.scopes.pop();
                    return ex;
                }
                self.unknown_loop(Some(cond), None, body, false, s.span, out)
            }
            c::StmtKind::DoWhile(body, cond) => {
                self.unknown_loop(Some(cond), None, body, true, s.span, out)
            }
            c::StmtKind::Switch(e, body) => self.switch(e, body, s.span, out),
            c::StmtKind::Case(_) | c::StmtKind::Default => {
                self.error(
                    s.span,
                    "a `case` label the lowering cannot place",
                    "only labels directly in the body of a `switch` are supported",
                );
                Exit::default()
            }
            c::StmtKind::Goto => {
                self.error(s.span, "`goto` is not supported", "outside the CUDA subset");
                Exit::default()
            }
            c::StmtKind::Label(n) => {
                self.error(
                    s.span,
                    format!("the label `{n}` is not supported"),
                    "labels and `goto` are outside the CUDA subset",
                );
                Exit::default()
            }
        }
    }

    /// `switch (e) { case v1: ... default: ... }`. Segment `j` (the statements after label
    /// `j`) runs when the scrutinee selects label `j`, or when segment `j - 1` ran and fell
    /// through: `reach_j = enter_j || (reach_{j-1} && falls_{j-1})`, where `falls` is true for
    /// a segment that never leaves, false for one that always does, and a per-thread `?` for
    /// one that may. `enter` of `default` is "no `case` matches". Exact when the scrutinee is
    /// and every segment ends in `break` or never leaves.
    fn switch(&mut self, e: &c::Expr, body: &c::Stmt, span: Span, out: &mut Vec<Stmt>) -> Exit {
        let (scrutinee, _) = self.num_of(e, out);
        let scrutinee = self.bound("sel", scrutinee, out);
        let stmts: &[c::Stmt] = match &body.kind {
            c::StmtKind::Block(b) => b,
            _ => std::slice::from_ref(body),
        };
        // Segments: a label and the statements up to the next label. Statements before the
        // first label never run.
        let mut segments: Vec<(Option<&c::Expr>, Span, Vec<c::Stmt>)> = Vec::new();
        for st in stmts {
            match &st.kind {
                c::StmtKind::Case(v) => segments.push((Some(v), st.span, Vec::new())),
                c::StmtKind::Default => segments.push((None, st.span, Vec::new())),
                _ => {
                    if let Some(seg) = segments.last_mut() {
                        seg.2.push(st.clone());
                    }
                }
            }
        }
        let mut values = Vec::new();
        for (v, _, _) in &segments {
            if let Some(v) = v {
                let (x, _) = self.num_of(v, out);
                values.push(Some(x));
            } else {
                values.push(None);
            }
        }
        let no_case =
            values
                .iter()
                .flatten()
                .fold(Cond::new(CondKind::Bool(true), span), |acc, v| {
                    let ne = cmp(CmpOp::Ne, scrutinee.clone(), v.clone(), span);
                    Cond::new(CondKind::And(Box::new(acc), Box::new(ne)), span)
                });
        let or = |a: Cond, b: Cond| Cond::new(CondKind::Or(Box::new(a), Box::new(b)), span);
        let and = |a: Cond, b: Cond| Cond::new(CondKind::And(Box::new(a), Box::new(b)), span);
        // Whether control falls into the next segment: `None` when it never does.
        let mut falls: Option<Cond> = None;
        let mut exit = Exit::default();
        self.scopes.push(HashMap::new());
        for ((_, label_span, seg), value) in segments.iter().zip(&values) {
            let enter = match value {
                Some(v) => cmp(CmpOp::Eq, scrutinee.clone(), v.clone(), *label_span),
                None => no_case.clone(),
            };
            let reach = match falls.take() {
                Some(f) => or(enter, f),
                None => enter,
            };
            let before = self.snapshot();
            let mut inner = Vec::new();
            let ex = self.seq(seg, &mut inner);
            let after = self.snapshot();
            self.restore(before.clone());
            let mut joined = Vec::new();
            self.join(&after.1, &before.1, None, span, &mut joined);
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: reach.clone(),
                        then_branch: block(inner, *label_span),
                        else_branch: None,
                    },
                    *label_span,
                ),
            );
            for st in joined {
                self.emit(out, st);
            }
            falls = if ex.always {
                None
            } else if ex.any() {
                let u = self.unknown("fell", *label_span, out);
                Some(and(reach, cmp(CmpOp::Eq, u, int(0, span), span)))
            } else {
                Some(reach)
            };
            // `break` ends the switch; `continue` and `return` leave what encloses it.
            exit = exit.join(Exit {
                always: false,
                brk: false,
                ..ex
            });
        }
        self.scopes.pop();
        exit
    }

    fn decl(&mut self, ty: &c::Ty, d: &c::Declarator, out: &mut Vec<Stmt>) {
        let pointer = ty.pointers + d.pointers > 0;
        // The CUDA samples' `SharedMemory<T> smem;`, whose `operator T*()` returns the
        // `extern __shared__` array: `smem` is that array.
        if ty.base.as_deref() == Some("SharedMemory") && !pointer && d.dims.is_empty() {
            let name = self.dynamic_shared(&d.name, d.span);
            self.bind(&d.name, Binding::Array(name, Vec::new()));
            return;
        }
        if ty.has("__shared__") {
            if ty.has("extern") {
                let first = self.dynamic_shared.is_none();
                let name = self.dynamic_shared(&d.name, d.span);
                let elem = ty.base.as_deref().filter(|_| !pointer);
                if !first && self.type_size(elem.unwrap_or("int")) != self.elem_size(&name) {
                    self.error(
                        d.span,
                        "`extern __shared__` arrays with elements of different sizes",
                        "the lowering maps every `extern __shared__` array to the same cells",
                    );
                }
                let strides = self.elem_strides(&name, elem, Vec::new(), d.span);
                if !pointer {
                    self.record_elem_bytes(&name, ty);
                }
                self.bind(&d.name, Binding::Array(name, strides));
            } else if d.dims.is_empty() {
                let n = self.fresh(&d.name);
                self.declare(&n, Space::Shared, d.span);
                self.bind(&d.name, Binding::SharedScalar(n));
            } else {
                let n = self.fresh(&d.name);
                self.declare(&n, Space::Shared, d.span);
                let strides = self.strides(&d.dims, out);
                let elem = ty.base.as_deref().filter(|_| !pointer);
                let strides = self.elem_strides(&n, elem, strides, d.span);
                if !pointer {
                    self.record_elem_bytes(&n, ty);
                }
                self.bind(&d.name, Binding::Array(n, strides));
            }
            return;
        }
        if !d.dims.is_empty() {
            if let Some(init) = &d.init {
                self.expr(init, out);
            }
            self.bind(&d.name, Binding::Private);
            return;
        }
        let kind = if pointer { None } else { ty.int_kind() };
        let val = match &d.init {
            Some(init) => {
                let v = self.expr(init, out);
                match self.convert(v, kind) {
                    Val::Num(e, u) => Val::Num(
                        self.bound(&d.name, e, out),
                        if kind.is_some() {
                            u
                        } else {
                            u || ty.is_unsigned()
                        },
                    ),
                    other => other,
                }
            }
            None if pointer => Val::Opaque,
            None => Val::Num(self.unknown(&d.name, d.span, out), ty.is_unsigned()),
        };
        let id = self.new_var(val);
        if let Some(kind) = kind {
            self.var_tys.insert(id, kind);
        }
        self.bind(&d.name, Binding::Var(id));
    }

    // ---- struct and vector layouts ----
    //
    // Each scalar of an element is its own cell: element `i` of an array whose elements have
    // `S` cells starts at cell `i * S`, and its field `f` is cell `i * S + offset(f)`, where
    // `offset` counts the cells of the fields before `f` (`x, y, z, w` are 0..3 of a vector;
    // the fields of a union all start at 0). Races on different fields of one element are
    // races on different cells; a whole-element access touches all `S` cells.

    fn resolve<'t>(&'t self, mut ty: &'t str) -> &'t str {
        for _ in 0..MAX_TYPE_DEPTH {
            match self.g.layouts.aliases.get(ty) {
                Some(t) => ty = t,
                None => break,
            }
        }
        ty
    }

    /// The number of cells of a value of type `ty`: 1 for scalars, pointers and types the
    /// lowering does not know (template parameters), `None` for a struct whose layout is
    /// opaque.
    fn type_size(&self, ty: &str) -> Option<u64> {
        self.type_size_at(ty, 0)
    }

    fn type_size_at(&self, ty: &str, depth: usize) -> Option<u64> {
        if depth > MAX_TYPE_DEPTH {
            return None;
        }
        let ty = self.resolve(ty);
        if let Some((n, _)) = vector_type(ty) {
            return Some(n);
        }
        let Some(def) = self.g.layouts.structs.get(ty) else {
            return Some(1);
        };
        if def.opaque {
            return None;
        }
        let mut total = 0u64;
        for f in &def.fields {
            let one = self.type_size_at(&f.ty, depth + 1)?;
            let size = one.checked_mul(f.count?)?;
            total = if def.union {
                total.max(size)
            } else {
                total.checked_add(size)?
            };
        }
        Some(total.max(1))
    }

    /// The size in bytes of a value of scalar type `ty` (typedefs followed), if known.
    fn scalar_bytes(&self, ty: &c::Ty) -> Option<u64> {
        let base = ty.base.as_deref().map(|b| self.resolve(b).to_string());
        c::Ty {
            pointers: 0,
            base,
            specs: ty.specs.clone(),
        }
        .scalar_bytes()
    }

    /// Records the size in bytes of the elements of array `a` declared with element type `ty`.
    fn record_elem_bytes(&mut self, a: &str, ty: &c::Ty) {
        if let Some(bytes) = self.scalar_bytes(ty) {
            self.elem_bytes.insert(a.to_string(), bytes);
        }
    }

    /// The cells of an element of array `a`.
    fn elem_size(&self, a: &str) -> Option<u64> {
        match self.elem_types.get(a) {
            Some(t) => self.type_size(t),
            None => Some(1),
        }
    }

    /// Records the element type of array `a` when its elements have several cells, and
    /// scales the row strides to cells (adding the element's own stride).
    fn elem_strides(
        &mut self,
        a: &str,
        elem: Option<&str>,
        strides: Vec<Expr>,
        span: Span,
    ) -> Vec<Expr> {
        let Some(elem) = elem else { return strides };
        match self.type_size(elem) {
            Some(1) => strides,
            Some(n) => {
                self.elem_types.insert(a.to_string(), elem.to_string());
                let n = int_u(n, span);
                let mut scaled: Vec<Expr> = strides
                    .into_iter()
                    .map(|s| Expr::bin(BinOp::Mul, s, n.clone()))
                    .collect();
                scaled.push(n);
                scaled
            }
            None => {
                // Accesses to its fields are errors (`field`); whole elements are one cell.
                self.elem_types.insert(a.to_string(), elem.to_string());
                strides
            }
        }
    }

    /// The offset, type and element count of field `f` of type `ty`, or why not.
    fn field_of(&self, ty: &str, f: &str) -> Result<(u64, String, u64), String> {
        let ty = self.resolve(ty);
        if let Some((n, scalar)) = vector_type(ty) {
            return match ["x", "y", "z", "w"].iter().position(|c| *c == f) {
                Some(k) if (k as u64) < n => Ok((k as u64, scalar.to_string(), 1)),
                _ => Err(format!("`{ty}` has no component `{f}`")),
            };
        }
        let Some(def) = self.g.layouts.structs.get(ty) else {
            return Err(format!(
                "the fields of `{ty}` are not known (no struct definition in the file)"
            ));
        };
        if def.opaque {
            return Err(format!(
                "the layout of `{ty}` is not followed (bit-fields, nested definitions, ...)"
            ));
        }
        let mut offset = 0u64;
        for field in &def.fields {
            let size = self
                .type_size(&field.ty)
                .zip(field.count)
                .and_then(|(a, b)| a.checked_mul(b));
            if field.name == f {
                return match (field.count, self.type_size(&field.ty)) {
                    (Some(count), Some(_)) => Ok((offset, field.ty.clone(), count)),
                    _ => Err(format!(
                        "the size of field `{f}` of `{ty}` is not a literal"
                    )),
                };
            }
            if !def.union {
                offset = offset
                    .checked_add(
                        size.ok_or_else(|| format!("the layout of `{ty}` is not followed"))?,
                    )
                    .ok_or_else(|| format!("`{ty}` is too large"))?;
            }
        }
        Err(format!("`{ty}` has no field `{f}`"))
    }

    /// `b.f` (and `p->f`, which is `(*p).f`): where the field is.
    fn field(&mut self, b: &c::Expr, f: &str, span: Span, out: &mut Vec<Stmt>) -> Base {
        match self.base_of(b, out) {
            Base::Memory(a, off, ty) => match self.field_of(&ty, f) {
                Ok((fo, fty, count)) => {
                    let at = if fo == 0 {
                        off
                    } else {
                        Expr::bin(BinOp::Add, off, int_u(fo, span))
                    };
                    if count != 1 && self.type_size(&fty) != Some(1) {
                        self.error(
                            span,
                            format!("array field `{f}` of structs is not supported"),
                            "an array of structs inside a struct",
                        );
                        return Base::Failed;
                    }
                    if count != 1 {
                        // Marked by an empty type: the caller decays it to a pointer.
                        return Base::Memory(a, at, String::new());
                    }
                    Base::Memory(a, at, fty)
                }
                Err(why) => {
                    self.error(span, format!("cannot map field `{f}` to cells"), why);
                    Base::Failed
                }
            },
            other => other,
        }
    }

    /// Whether `b` designates an element in memory, without reading it.
    fn base_of(&mut self, b: &c::Expr, out: &mut Vec<Stmt>) -> Base {
        use c::ExprKind as K;
        let span = b.span;
        match &b.kind {
            K::Member(inner, f) => match self.field(inner, f, span, out) {
                Base::Memory(_, _, ty) if ty.is_empty() => {
                    self.error(
                        span,
                        "a field of an array field",
                        "the lowering does not follow fields of array fields",
                    );
                    Base::Failed
                }
                other => other,
            },
            K::Index(base, idx) => {
                if matches!(base.kind, K::Member(..)) {
                    self.error(
                        span,
                        "a field of an element of an array field",
                        "the lowering does not follow fields of array fields",
                    );
                    return Base::Failed;
                }
                match self.subscript(base, idx, span, out) {
                    Ok(Place::Cell(a, off)) | Err(Val::Ptr(a, off, _)) => self.memory(a, off, span),
                    Ok(Place::Private) => Base::Local,
                    _ => Base::Failed,
                }
            }
            K::Unary(UnOp::Deref, p) => match self.expr(p, out) {
                Val::Ptr(a, off, _) => self.memory(a, off, span),
                Val::Private => Base::Local,
                _ => {
                    self.error(
                        span,
                        "cannot tell which array this pointer points into",
                        "a pointer the lowering does not follow",
                    );
                    Base::Failed
                }
            },
            K::Name(n) => match self.lookup(n) {
                Some(Binding::SharedScalar(a)) => Base::Coarse(a, int(0, span)),
                None if self.g.shared_scalars.contains(n) => {
                    if !self.arrays.contains_key(n) {
                        self.used.insert(n.clone());
                        self.declare(n, Space::Shared, span);
                    }
                    Base::Coarse(n.clone(), int(0, span))
                }
                _ => Base::Local,
            },
            K::Cast(_, inner) => self.base_of(inner, out),
            _ => {
                self.expr(b, out);
                Base::Local
            }
        }
    }

    fn memory(&mut self, a: String, off: Expr, span: Span) -> Base {
        match self.elem_types.get(&a) {
            Some(t) => Base::Memory(a, off, t.clone()),
            None => {
                // Elements of one cell: a scalar, or a type the lowering does not know.
                self.error(
                    span,
                    "cannot map a field of this element to cells",
                    "its type is a scalar or not known (a template parameter?)",
                );
                Base::Failed
            }
        }
    }

    /// The core array every `extern __shared__` array of the kernel is (they share memory).
    fn dynamic_shared(&mut self, hint: &str, span: Span) -> String {
        match &self.dynamic_shared {
            Some(n) => n.clone(),
            None => {
                let n = self.fresh(hint);
                self.declare(&n, Space::Shared, span);
                self.dynamic_shared = Some(n.clone());
                n
            }
        }
    }

    fn declare(&mut self, name: &str, space: Space, span: Span) {
        self.arrays.insert(
            name.to_string(),
            ArrayDecl {
                name: Ident::new(name, span),
                space,
                span,
                layout: None,
            },
        );
    }

    /// Recognises `for (i = a; i < b; i += k)` and its kin; the variable, its C name and the
    /// range.
    fn canonical(
        &mut self,
        init: Option<&c::Stmt>,
        cond: Option<&c::Expr>,
        step: Option<&c::Expr>,
        body: &c::Stmt,
    ) -> Option<(usize, String, LoopRange)> {
        use c::ExprKind as K;
        // The variable the step moves (`i` of `i++`, `i += k`, `i = i * k`).
        let stepped = match &step?.kind {
            K::Unary(_, x) | K::Assign(_, x, _) => match &x.kind {
                K::Name(n) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        };
        let var = match &init?.kind {
            c::StmtKind::Decl(_, ds) if ds.len() == 1 => ds[0].name.clone(),
            // `int a = a0, b = b0`: the declarator of the stepped variable.
            c::StmtKind::Decl(_, ds) => ds
                .iter()
                .find(|d| Some(&d.name) == stepped.as_ref() && d.pointers == 0)?
                .name
                .clone(),
            // `a = a0, b = b0`.
            c::StmtKind::Expr(c::Expr {
                kind: K::Binary(c::BinOp::Comma, _, _),
                ..
            }) => stepped.clone()?,
            c::StmtKind::Expr(c::Expr {
                kind: K::Assign(None, lhs, _),
                ..
            }) => match &lhs.kind {
                K::Name(n) => n.clone(),
                _ => return None,
            },
            _ => return None,
        };
        let Some(Binding::Var(id)) = self.lookup(&var) else {
            return None;
        };
        let Some(Val::Num(start, _)) = self.vals.get(&id).cloned() else {
            return None;
        };
        let body_assigns = assigned(std::slice::from_ref(body));
        if body_assigns.contains(&var) {
            return None;
        }
        let is_var = |e: &c::Expr| matches!(&e.kind, K::Name(n) if *n == var);
        // The step: the operation and its amount expression.
        let (op, amount): (StepOp, Option<&c::Expr>) = match &step?.kind {
            K::Unary(UnOp::PreInc | UnOp::PostInc, x) if is_var(x) => (StepOp::Add, None),
            K::Unary(UnOp::PreDec | UnOp::PostDec, x) if is_var(x) => (StepOp::Sub, None),
            K::Assign(Some(op), x, k) if is_var(x) => (
                match op {
                    c::BinOp::Add => StepOp::Add,
                    c::BinOp::Sub => StepOp::Sub,
                    c::BinOp::Mul => StepOp::Mul,
                    c::BinOp::Div => StepOp::Div,
                    c::BinOp::Shl => StepOp::Shl,
                    c::BinOp::Shr => StepOp::Shr,
                    _ => return None,
                },
                Some(k),
            ),
            K::Assign(None, x, rhs) if is_var(x) => match &rhs.kind {
                K::Binary(op, a, k) if is_var(a) => (
                    match op {
                        c::BinOp::Add => StepOp::Add,
                        c::BinOp::Sub => StepOp::Sub,
                        c::BinOp::Mul => StepOp::Mul,
                        c::BinOp::Div => StepOp::Div,
                        c::BinOp::Shl => StepOp::Shl,
                        c::BinOp::Shr => StepOp::Shr,
                        _ => return None,
                    },
                    Some(k),
                ),
                _ => return None,
            },
            _ => return None,
        };
        let (cop, bound_e) = compared(cond?, &var)?;
        // The bound and the amount must not change in the body, nor read memory.
        let mut read = HashSet::new();
        names_in(bound_e, &mut read, 0);
        if let Some(k) = amount {
            names_in(k, &mut read, 0);
        }
        if read.contains(&var) || read.iter().any(|n| body_assigns.contains(n)) {
            return None;
        }
        let mut scratch = Vec::new();
        let bound = self.num(bound_e, &mut scratch);
        let amount = match amount {
            Some(k) => self.num(k, &mut scratch),
            None => int(1, step?.span),
        };
        if !scratch.is_empty() {
            return None;
        }
        let span = bound.span;
        let (dir, bound) = match cop {
            c::BinOp::Lt => (Direction::Up, bound),
            c::BinOp::Le => (Direction::Up, Expr::bin(BinOp::Add, bound, int(1, span))),
            c::BinOp::Gt => (Direction::Down, bound),
            c::BinOp::Ge => (Direction::Down, Expr::bin(BinOp::Sub, bound, int(1, span))),
            _ => return None,
        };
        if !op.moves(dir) {
            return None;
        }
        Some((id, var, (start, bound, dir, op, amount)))
    }

    fn loop_body(
        &mut self,
        body: &c::Stmt,
        span: Span,
        havoc: &HashSet<String>,
        out: &mut Vec<Stmt>,
        tail: Option<&c::Expr>,
        guard: Option<Cond>,
    ) -> (Vec<Stmt>, Exit) {
        let mut inner = Vec::new();
        self.havoc_names(havoc, span, &mut inner);
        let (brk, ret) = has_loop_exit(std::slice::from_ref(body), 0);
        let mut body_out = Vec::new();
        self.scopes.push(HashMap::new());
        let ex = self.seq(std::slice::from_ref(body), &mut body_out);
        self.scopes.pop();
        if let Some(t) = tail {
            if !ex.always {
                self.expr(t, &mut body_out);
            }
        }
        let _ = out;
        if brk || ret {
            // Later iterations may not run: any subset of them does, unless the loop knows
            // which (an exact `break`).
            let cond = match guard {
                Some(g) if !ret => g,
                _ => {
                    let u = self.unknown("broke", span, &mut inner);
                    cmp(CmpOp::Eq, u, int(0, span), span)
                }
            };
            self.emit(
                &mut inner,
                stmt(
                    StmtKind::If {
                        cond,
                        then_branch: block(body_out, span),
                        else_branch: None,
                    },
                    span,
                ),
            );
        } else {
            inner.append(&mut body_out);
        }
        (
            inner,
            Exit {
                always: false,
                brk: false,
                cont: false,
                ret: ex.ret || ret,
            },
        )
    }

    fn counted_loop(
        &mut self,
        id: usize,
        c_name: &str,
        range: LoopRange,
        body: &c::Stmt,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Exit {
        let shifted = self.shift_loop(c_name, body, &range, span);
        let (start, bound, dir, op, amount) = shifted.clone().unwrap_or(range);
        let var = if shifted.is_some() {
            let p = self.fresh(&format!("pow2_{c_name}"));
            self.pow2.insert(p.clone());
            p
        } else {
            self.fresh(c_name)
        };
        // The loop variable stays natural when it starts so and moves up by a natural
        // amount, or down by division or shifting, or down to a natural bound.
        let natural = self.is_nonneg(&start)
            && self.is_nonneg(&amount)
            && match (dir, op) {
                (Direction::Up, _) | (_, StepOp::Div | StepOp::Shr) => true,
                // Values above the exclusive bound: `i > b` or `i >= b` (bound `b - 1`).
                (Direction::Down, _) => match &bound.kind {
                    ExprKind::Int(b) => *b >= -1,
                    ExprKind::Bin(BinOp::Sub, b, one) if one.kind == ExprKind::Int(1) => {
                        self.is_nonneg(b)
                    }
                    _ => self.is_nonneg(&bound),
                },
            };
        if natural {
            self.nonneg.insert(var.clone());
        }
        let before_loop = self.vals.clone();
        let before = self.vals.get(&id).cloned();
        let unsigned = matches!(before, Some(Val::Num(_, true)));
        let shape = self.loop_shape(&start, &bound, dir, op, &amount);
        let aux = self.aux_induction(c_name, body, &shape, span, out);
        self.vals
            .insert(id, Val::Num(Expr::var(var.clone(), span), unsigned));
        let havoc = assigned(std::slice::from_ref(body));
        let mut inner_havoc = havoc.clone();
        for a in &aux {
            inner_havoc.remove(&a.name);
            let value = self.aux_value(a, &shape, &var, span);
            self.vals.insert(a.id, Val::Num(value, false));
        }
        let brk = self.loop_break(
            c_name,
            body,
            (&start, &bound, dir, op, &amount),
            unsigned,
            &var,
            span,
        );
        let (inner, ex) = self.loop_body(
            body,
            span,
            &inner_havoc,
            out,
            None,
            brk.as_ref().map(|b| b.guard.clone()),
        );
        let step_span = amount.span;
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(var, span),
                    range: Range {
                        start,
                        bound,
                        dir,
                        step: Step {
                            op,
                            amount,
                            span: step_span,
                        },
                    },
                    body: block(inner, span),
                },
                span,
            ),
        );
        // A loop of constant bounds that runs all its iterations leaves its variable and its
        // auxiliary induction variables with known values.
        let runs_all = has_loop_exit(std::slice::from_ref(body), 0) == (false, false);
        let trips = shape.trips.as_ref().filter(|_| runs_all);
        let mut after = havoc;
        let mut exits = Vec::new();
        if let Some((values, last)) = trips.filter(|_| shifted.is_none()) {
            for a in &aux {
                if let Some(v) = self.aux_exit(a, &shape, values.len(), span) {
                    after.remove(&a.name);
                    exits.push((a.id, v));
                }
            }
            if let Ok(last) = i64::try_from(*last) {
                exits.push((id, int(last, span)));
            }
        }
        let mut exits: Vec<(usize, Val)> = exits
            .into_iter()
            .map(|(x, e)| (x, Val::Num(e, x == id && unsigned)))
            .collect();
        if let Some(b) = &brk {
            for (x, v) in self.break_exits(id, body, b, &before_loop, &after, span, out) {
                if let Some(name) = after
                    .iter()
                    .find(|n| matches!(self.lookup(n), Some(Binding::Var(y)) if y == x))
                    .cloned()
                {
                    after.remove(&name);
                    exits.push((x, v));
                }
            }
        }
        self.havoc_names(&after, span, out);
        if !exits.iter().any(|(x, _)| *x == id) {
            let v = Val::Num(self.unknown(c_name, span, out), unsigned);
            self.vals.insert(id, v);
        }
        for (x, value) in exits {
            self.vals.insert(x, value);
        }
        ex
    }

    /// A loop `for (i = s; i < b; i++)` (or counting down by one) with constant bounds within
    /// `0 ..= 30`, whose body uses `i` only as the amount of shifts (`x << i`, `x >> i`,
    /// `x <<= i`, `x >>= i`), is the loop of `p = 2^i`: `for p in 2^s .. 2^b step *2` (or
    /// `downto ... step /2`), and each shift by `i` a product or a quotient by `p` — exact in
    /// both arithmetic modes (the shifts stay below 31), where a shift by the variable `i` is
    /// an unknown in `int` mode (SPEC §4). Returns the range of `p`.
    fn shift_loop(
        &self,
        c_name: &str,
        body: &c::Stmt,
        (start, bound, dir, op, amount): &LoopRange,
        span: Span,
    ) -> Option<LoopRange> {
        let unit = self.const_of(amount) == Some(1)
            && matches!(
                (dir, op),
                (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
            );
        let (s, b) = (self.const_of(start)?, self.const_of(bound)?);
        let (lo, hi) = match dir {
            Direction::Up => (s, b - 1),
            Direction::Down => (b + 1, s),
        };
        // `2^b` of an ascending loop is its bound: at most 2^30 too.
        let top = if *dir == Direction::Up { hi + 1 } else { hi };
        if !unit || lo < 0 || top > 30 || !only_shift_amount(std::slice::from_ref(body), c_name) {
            return None;
        }
        let pow = |k: i128| int(1i64 << k, span);
        Some(match dir {
            Direction::Up => (pow(s), pow(b), *dir, StepOp::Mul, int(2, span)),
            // `i > -1` is `p > 0`.
            Direction::Down => (
                pow(s),
                if b < 0 { int(0, span) } else { pow(b) },
                *dir,
                StepOp::Div,
                int(2, span),
            ),
        })
    }

    /// What the lowering knows of a counted loop's iterations: the values of a loop with
    /// constant bounds (when both arithmetic modes agree), the factor of a multiplicative loop
    /// (`*= F`, `<<= s` with `F = 2^s`, `/= F`, `>>= s`), and the ratio `F^j` at the
    /// iteration `j` (counted from 0) as an expression of the loop variable when it is exact in
    /// both modes: `k / start` for a growing loop whose values are all known and below 2^31, or
    /// `start / k` for a shrinking loop from a constant power of `F` to a natural bound.
    fn loop_shape(
        &self,
        start: &Expr,
        bound: &Expr,
        dir: Direction,
        op: StepOp,
        amount: &Expr,
    ) -> LoopShape {
        let c_start = self.const_of(start);
        let c_amount = self.const_of(amount);
        let trips = match (c_start, self.const_of(bound), c_amount) {
            (Some(a), Some(b), Some(k)) => simulate_loop(a, b, dir, op, k),
            _ => None,
        };
        let factor = match (op, c_amount) {
            (StepOp::Mul | StepOp::Div, Some(k)) if (2..=i128::from(i32::MAX)).contains(&k) => {
                Some(k)
            }
            (StepOp::Shl | StepOp::Shr, Some(s)) if (1..=30).contains(&s) => Some(1 << s),
            _ => None,
        };
        let ratio = match (factor, c_start, dir) {
            (Some(f), Some(c), Direction::Up) if c >= 1 => trips
                .as_ref()
                .filter(|(values, _)| {
                    let mut power = 1i128;
                    values.iter().all(|&v| {
                        let ok = fits_i32(v) && v == c * power;
                        power = power.saturating_mul(f);
                        ok
                    })
                })
                .map(|_| Ratio::Over(c)),
            (Some(f), Some(c), Direction::Down) if fits_i32(c) => {
                let mut p = c;
                while p > 1 && p % f == 0 {
                    p /= f;
                }
                let natural_bound =
                    self.const_of(bound).is_some_and(|b| b >= 0) || self.is_nonneg(bound);
                (p == 1 && natural_bound).then_some(Ratio::Under(c))
            }
            _ => None,
        };
        let additive = matches!(
            (dir, op),
            (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
        );
        LoopShape {
            start: start.clone(),
            dir,
            amount: amount.clone(),
            additive,
            factor,
            ratio,
            trips,
        }
    }

    /// An auxiliary induction variable of a counted loop: a signed local `v` stepped by the
    /// first or the last statement of the body and assigned nowhere else in it, and a body that
    /// cannot skip that statement (no `break`, `continue`, `return` before a last statement).
    /// Beside an additive loop (`k += s`), the step is `v += e` (`-=`, `++`, `--`,
    /// `v = v ± e`), with `e` unchanged by the body: at the start of the iteration with loop
    /// variable `k`, `v` is `v0 + (k - start) / s * e` (`start - k` for a loop counting down,
    /// `/ s` only when `s` is not 1). Beside a multiplicative loop of factor `F` whose
    /// ratio `F^j` is exact (see `loop_shape`), the step is `v *= F` (`v <<= log2 F`,
    /// `v = v * F`, ...), and `v` is `v0 * F^j`, or `v /= F` (`v >>= log2 F`, ...) with `v0`
    /// natural, and `v` is `v0 / F^j` (repeated truncating or shifting division of a natural
    /// number is one division by the product).
    fn aux_induction(
        &mut self,
        loop_c_name: &str,
        body: &c::Stmt,
        shape: &LoopShape,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Vec<Aux> {
        let c::StmtKind::Block(stmts) = &body.kind else {
            return Vec::new();
        };
        let (Some((last, init)), Some((first, tail))) = (stmts.split_last(), stmts.split_first())
        else {
            return Vec::new();
        };
        // The last statement, when nothing before it can skip it; else the first.
        let mut candidates = Vec::new();
        if !has_continue(init, 0) && has_loop_exit(init, 0) == (false, false) {
            candidates.push((last, init));
        }
        if stmts.len() > 1 {
            candidates.push((first, tail));
        }
        for (step, rest) in candidates {
            let c::StmtKind::Expr(step) = &step.kind else {
                continue;
            };
            if let Some(a) = self.aux_step(loop_c_name, step, rest, shape, span, out) {
                return vec![a];
            }
        }
        Vec::new()
    }

    /// The auxiliary induction variable that `step` moves, if it is one (see `aux_induction`).
    fn aux_step(
        &mut self,
        loop_c_name: &str,
        step: &c::Expr,
        rest: &[c::Stmt],
        shape: &LoopShape,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Aux> {
        use c::BinOp as B;
        use c::ExprKind as K;
        let is = |e: &c::Expr, v: &str| matches!(&e.kind, K::Name(n) if n == v);
        // The variable, the C operation and its operand (`None` for `++`/`--`).
        // `v = e - v`: `v` flips between `v0` and `e - v0`.
        let flip = match &step.kind {
            K::Assign(None, x, rhs) => match (&x.kind, &rhs.kind) {
                (K::Name(n), K::Binary(B::Sub, e, b)) if is(b, n) && !is(e, n) => Some((n, e)),
                _ => None,
            },
            _ => None,
        };
        let (var, cop, e): (&str, B, Option<&c::Expr>) = match &step.kind {
            _ if flip.is_some() => flip.map(|(n, e)| (n.as_str(), B::Sub, Some(e.as_ref())))?,
            K::Unary(UnOp::PreInc | UnOp::PostInc, x) => match &x.kind {
                K::Name(n) => (n, B::Add, None),
                _ => return None,
            },
            K::Unary(UnOp::PreDec | UnOp::PostDec, x) => match &x.kind {
                K::Name(n) => (n, B::Sub, None),
                _ => return None,
            },
            K::Assign(Some(op), x, e) => match &x.kind {
                K::Name(n) => (n, *op, Some(e)),
                _ => return None,
            },
            K::Assign(None, x, rhs) => match (&x.kind, &rhs.kind) {
                (K::Name(n), K::Binary(op, a, e)) if is(a, n) => (n, *op, Some(e)),
                _ => return None,
            },
            _ => return None,
        };
        if var == loop_c_name {
            return None;
        }
        let Some(Binding::Var(id)) = self.lookup(var) else {
            return None;
        };
        // Signed (or untyped) integers only: an unsigned one would wrap.
        let signed = matches!(self.var_tys.get(&id), Some((32 | 64, false)) | None);
        let Some(Val::Num(v0, false)) = self.vals.get(&id).cloned() else {
            return None;
        };
        if !signed || assigned(rest).contains(var) {
            return None;
        }
        let mut read = HashSet::new();
        if let Some(e) = e {
            names_in(e, &mut read, 0);
        }
        // The operand is evaluated once, before the loop: it must not read the loop variable.
        let rest_assigns = assigned(rest);
        if read.contains(var)
            || read.contains(loop_c_name)
            || read.iter().any(|n| rest_assigns.contains(n))
        {
            return None;
        }
        let mut scratch = Vec::new();
        let operand = match e {
            Some(e) => match self.expr(e, &mut scratch) {
                // An unsigned operand that is natural acts on the signed variable alike.
                Val::Num(x, u) if !u || self.is_nonneg(&x) => x,
                _ => return None,
            },
            None => int(1, span),
        };
        if !scratch.is_empty() {
            return None;
        }
        let c_operand = self.const_of(&operand);
        let step = match cop {
            _ if flip.is_some() => {
                if !shape.additive && (shape.ratio.is_none() || shape.factor.is_none()) {
                    return None;
                }
                AuxStep::Flip(operand)
            }
            B::Add | B::Sub if shape.additive => AuxStep::Add(cop == B::Add, operand),
            B::Mul | B::Shl | B::Div | B::Shr if shape.ratio.is_some() => {
                let g = match (cop, c_operand) {
                    (B::Mul | B::Div, Some(g)) => g,
                    (B::Shl | B::Shr, Some(s)) if (1..=30).contains(&s) => 1 << s,
                    _ => return None,
                };
                if Some(g) != shape.factor {
                    return None;
                }
                if matches!(cop, B::Mul | B::Shl) {
                    AuxStep::Mul
                } else if self.is_nonneg(&v0) || self.const_of(&v0).is_some_and(|v| v >= 0) {
                    AuxStep::Div
                } else {
                    return None;
                }
            }
            _ => return None,
        };
        let v0 = self.bound(var, v0, out);
        Some(Aux {
            id,
            name: var.to_string(),
            v0,
            step,
        })
    }

    /// The value of an auxiliary induction variable at the start of the iteration with loop
    /// variable `k`.
    fn aux_value(&self, a: &Aux, shape: &LoopShape, k: &str, span: Span) -> Expr {
        let kv = Expr::var(k, span);
        // The number of iterations before this one, of an additive loop: `(k - start) / step`,
        // exact (the distance is a multiple of the step).
        let index = |kv: Expr| {
            let idx = match shape.dir {
                Direction::Up => Expr::bin(BinOp::Sub, kv, shape.start.clone()),
                Direction::Down => Expr::bin(BinOp::Sub, shape.start.clone(), kv),
            };
            if shape.amount.kind == ExprKind::Int(1) {
                idx
            } else {
                Expr::bin(BinOp::Div, idx, shape.amount.clone())
            }
        };
        let ratio = |kv: Expr| match shape.ratio {
            Some(Ratio::Over(1)) => Some(kv),
            Some(Ratio::Over(c)) => Some(Expr::bin(BinOp::Div, kv, int(c as i64, span))),
            Some(Ratio::Under(c)) => Some(Expr::bin(BinOp::Div, int(c as i64, span), kv)),
            None => None,
        };
        match &a.step {
            AuxStep::Flip(e) => {
                // The parity of the iteration: `j % 2`, or, beside a multiplicative loop of
                // factor `F`, `F^j % (F + 1) / F` (`F^j` is `(-1)^j` modulo `F + 1`).
                let parity = match (shape.additive, ratio(kv.clone()), shape.factor) {
                    (true, _, _) => Expr::bin(BinOp::Rem, index(kv), int(2, span)),
                    (false, Some(r), Some(f)) => Expr::bin(
                        BinOp::Div,
                        Expr::bin(BinOp::Rem, r, int(f as i64 + 1, span)),
                        int(f as i64, span),
                    ),
                    _ => unreachable!("a flipping auxiliary variable needs an iteration index"),
                };
                flip_value(a.v0.clone(), e.clone(), parity)
            }
            AuxStep::Add(plus, e) => {
                let moved = Expr::bin(BinOp::Mul, index(kv), e.clone());
                Expr::bin(
                    if *plus { BinOp::Add } else { BinOp::Sub },
                    a.v0.clone(),
                    moved,
                )
            }
            AuxStep::Mul | AuxStep::Div => {
                let Some(r) = ratio(kv) else {
                    unreachable!("a multiplicative auxiliary variable needs a ratio")
                };
                aux_apply(&a.step, a.v0.clone(), r)
            }
        }
    }

    /// The value of an auxiliary induction variable after `trips` iterations, if it is a
    /// constant multiple or quotient that fits both arithmetic modes.
    fn aux_exit(&self, a: &Aux, shape: &LoopShape, trips: usize, span: Span) -> Option<Expr> {
        let t = i128::try_from(trips).ok()?;
        let moved = match &a.step {
            AuxStep::Add(plus, e) => {
                let moved = Expr::bin(BinOp::Mul, int(t as i64, span), e.clone());
                Expr::bin(
                    if *plus { BinOp::Add } else { BinOp::Sub },
                    a.v0.clone(),
                    moved,
                )
            }
            AuxStep::Flip(e) => flip_value(a.v0.clone(), e.clone(), int(t as i64 % 2, span)),
            AuxStep::Mul | AuxStep::Div => {
                let f = shape.factor?;
                let mut power: i128 = 1;
                for _ in 0..t {
                    power = power.checked_mul(f).filter(|p| fits_i32(*p))?;
                }
                aux_apply(&a.step, a.v0.clone(), int(power as i64, span))
            }
        };
        Some(match self.const_of(&moved) {
            Some(v) => i64::try_from(v).map_or(moved, |v| int(v, span)),
            None => moved,
        })
    }

    /// A `break` that the lowering places exactly: in a counted loop with a unit step
    /// (`k++`, `k--`, `k += 1`, ...), a top-level statement `if (k OP e) break;` (`OP` one of
    /// `== < <= > >=`, `e` unchanged by the body, read from no array) that is the body's only
    /// exit, with no `continue`. Whether an earlier iteration broke, `done(k)`, is then a
    /// condition on `k`: for an ascending loop from `s`, `s <= e && e < k` for `k == e`;
    /// `k > s && k - 1 OP e` for `>=`/`>` (once true, true from then on); `k > s && s OP e` for
    /// `<=`/`<` (true from the start or never); mirrored for a descending loop. The body runs
    /// under `!done(k)`, so that its barriers stay as uniform as `e` is.
    #[allow(clippy::too_many_arguments)]
    fn loop_break(
        &mut self,
        c_name: &str,
        body: &c::Stmt,
        (start, bound, dir, op, amount): (&Expr, &Expr, Direction, StepOp, &Expr),
        unsigned: bool,
        k: &str,
        span: Span,
    ) -> Option<LoopBreak> {
        let unit = amount.kind == ExprKind::Int(1)
            && matches!(
                (dir, op),
                (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
            );
        let c::StmtKind::Block(stmts) = &body.kind else {
            return None;
        };
        if !unit || unsigned || has_continue(stmts, 0) {
            return None;
        }
        let is_break = |s: &c::Stmt| match &s.kind {
            c::StmtKind::Break => true,
            c::StmtKind::Block(b) => {
                matches!(b.as_slice(), [x] if matches!(x.kind, c::StmtKind::Break))
            }
            _ => false,
        };
        let mut found = stmts.iter().enumerate().filter_map(|(j, s)| match &s.kind {
            c::StmtKind::If(c, t, None) if is_break(t) => Some((j, c)),
            _ => None,
        });
        let (at, cond) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        let rest: Vec<c::Stmt> = stmts
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != at)
            .map(|(_, s)| s.clone())
            .collect();
        if has_loop_exit(&rest, 0) != (false, false) {
            return None;
        }
        let (cop, e) = compared(cond, c_name)?;
        let cmp_op = match cop {
            c::BinOp::Eq => CmpOp::Eq,
            c::BinOp::Lt => CmpOp::Lt,
            c::BinOp::Le => CmpOp::Le,
            c::BinOp::Gt => CmpOp::Gt,
            c::BinOp::Ge => CmpOp::Ge,
            _ => return None,
        };
        let mut read = HashSet::new();
        names_in(e, &mut read, 0);
        let body_assigns = assigned(std::slice::from_ref(body));
        if read.contains(c_name) || read.iter().any(|n| body_assigns.contains(n)) {
            return None;
        }
        let mut scratch = Vec::new();
        let e = match self.expr(e, &mut scratch) {
            Val::Num(x, false) => x,
            _ => return None,
        };
        if !scratch.is_empty() {
            return None;
        }
        let and = |p: Cond, q: Cond| Cond::new(CondKind::And(Box::new(p), Box::new(q)), span);
        let up = dir == Direction::Up;
        // `done(x)`: some iteration from `start` up to (excluding) `x` broke.
        let done = |x: Expr| -> Cond {
            let moved = if up {
                cmp(CmpOp::Gt, x.clone(), start.clone(), span)
            } else {
                cmp(CmpOp::Lt, x.clone(), start.clone(), span)
            };
            let prev = Expr::bin(
                if up { BinOp::Sub } else { BinOp::Add },
                x.clone(),
                int(1, span),
            );
            match (cmp_op, up) {
                (CmpOp::Eq, true) => and(
                    cmp(CmpOp::Le, start.clone(), e.clone(), span),
                    cmp(CmpOp::Lt, e.clone(), x, span),
                ),
                (CmpOp::Eq, false) => and(
                    cmp(CmpOp::Ge, start.clone(), e.clone(), span),
                    cmp(CmpOp::Gt, e.clone(), x, span),
                ),
                // Monotone along the loop: the previous iteration tells.
                (CmpOp::Gt | CmpOp::Ge, true) | (CmpOp::Lt | CmpOp::Le, false) => {
                    and(moved, cmp(cmp_op, prev, e.clone(), span))
                }
                // True from the first iteration on, or never.
                _ => and(moved, cmp(cmp_op, start.clone(), e.clone(), span)),
            }
        };
        let guard = Cond::new(CondKind::Not(Box::new(done(Expr::var(k, span)))), span);
        let broke = done(bound.clone());
        // The iteration that breaks, when one does.
        let (lo, hi) = (BinOp::Min, BinOp::Max);
        let at_iter = match (cmp_op, up) {
            (CmpOp::Eq, _) => e.clone(),
            (CmpOp::Ge, true) => Expr::bin(hi, start.clone(), e.clone()),
            (CmpOp::Gt, true) => Expr::bin(
                hi,
                start.clone(),
                Expr::bin(BinOp::Add, e.clone(), int(1, span)),
            ),
            (CmpOp::Le, false) => Expr::bin(lo, start.clone(), e.clone()),
            (CmpOp::Lt, false) => Expr::bin(
                lo,
                start.clone(),
                Expr::bin(BinOp::Sub, e.clone(), int(1, span)),
            ),
            _ => start.clone(),
        };
        let last_iter = Expr::bin(
            if up { BinOp::Sub } else { BinOp::Add },
            bound.clone(),
            int(1, span),
        );
        let ran = cmp(
            if up { CmpOp::Lt } else { CmpOp::Gt },
            start.clone(),
            bound.clone(),
            span,
        );
        Some(LoopBreak {
            at,
            guard,
            broke,
            at_iter,
            last_iter,
            ran,
        })
    }

    /// The values the statements of a loop body (all but those `skip` rejects) leave the
    /// variables the loop assigns with, in the iteration whose loop variable (`id`) is `at`,
    /// for those that are exact and name only what is in scope after the loop. Nothing is
    /// emitted and the environment is restored.
    fn peel(
        &mut self,
        id: usize,
        stmts: &[c::Stmt],
        skip: impl Fn(usize) -> bool,
        at: Expr,
        havoc: &HashSet<String>,
        span: Span,
    ) -> HashMap<usize, Val> {
        let env = self.snapshot();
        let arrays = self.arrays.clone();
        let (errors, emitted) = (self.errors.len(), self.emitted);
        let mut scratch = Vec::new();
        self.vals.insert(id, Val::Num(at, false));
        self.havoc_names(havoc, span, &mut scratch);
        let kept: Vec<c::Stmt> = stmts
            .iter()
            .enumerate()
            .filter(|(j, _)| !skip(*j))
            .map(|(_, s)| s.clone())
            .collect();
        self.scopes.push(HashMap::new());
        self.seq(&kept, &mut scratch);
        self.scopes.pop();
        let inner = bound_names(&scratch);
        let mut found = HashMap::new();
        for name in havoc {
            let Some(Binding::Var(v)) = self.lookup(name) else {
                continue;
            };
            let mut free = true;
            match self.vals.get(&v) {
                Some(Val::Num(e, _)) => e.for_each_var(&mut |x, _| free &= !inner.contains(x)),
                Some(Val::Bool(c)) => c.for_each_var(&mut |x, _| free &= !inner.contains(x)),
                _ => free = false,
            }
            if free {
                if let Some(val) = self.vals.get(&v) {
                    found.insert(v, val.clone());
                }
            }
        }
        self.errors.truncate(errors);
        self.emitted = emitted;
        self.arrays = arrays;
        self.restore(env);
        found
    }

    /// The values after a loop with an exact `break` (see `loop_break`) of the variables it
    /// assigns: those of the breaking iteration up to the `break` when the loop broke, else
    /// those of the last iteration when it ran, else those before the loop — exact when the
    /// three are the same expression or are conditions.
    #[allow(clippy::too_many_arguments)]
    fn break_exits(
        &mut self,
        id: usize,
        body: &c::Stmt,
        b: &LoopBreak,
        before: &HashMap<usize, Val>,
        havoc: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Vec<(usize, Val)> {
        let c::StmtKind::Block(stmts) = &body.kind else {
            return Vec::new();
        };
        let at = b.at;
        let vb = self.peel(id, stmts, |j| j >= at, b.at_iter.clone(), havoc, span);
        let ve = self.peel(id, stmts, |j| j == at, b.last_iter.clone(), havoc, span);
        let and = |p: Cond, q: Cond| Cond::new(CondKind::And(Box::new(p), Box::new(q)), span);
        let or = |p: Cond, q: Cond| Cond::new(CondKind::Or(Box::new(p), Box::new(q)), span);
        let not = |p: Cond| Cond::new(CondKind::Not(Box::new(p)), span);
        let mut exits = Vec::new();
        let mut ids: Vec<&usize> = vb.keys().collect();
        ids.sort_unstable();
        for v in ids {
            let (Some(x), Some(y), Some(z)) = (vb.get(v), ve.get(v), before.get(v)) else {
                continue;
            };
            if x == y && y == z {
                exits.push((*v, x.clone()));
                continue;
            }
            let (Val::Bool(x), Val::Bool(y)) = (x, y) else {
                continue;
            };
            let z = match z {
                Val::Bool(z) => z.clone(),
                Val::Num(..) => self.as_cond(z.clone(), span, out),
                _ => continue,
            };
            let value = or(
                and(b.broke.clone(), x.clone()),
                or(
                    and(and(not(b.broke.clone()), b.ran.clone()), y.clone()),
                    and(and(not(b.broke.clone()), not(b.ran.clone())), z),
                ),
            );
            exits.push((*v, Val::Bool(value)));
        }
        exits
    }

    /// A loop whose trip count the lowering does not know: `let n = ?; for k in 0..n { ... }`
    /// with the variables it assigns unknown at each iteration.
    fn unknown_loop(
        &mut self,
        cond: Option<&c::Expr>,
        step: Option<&c::Expr>,
        body: &c::Stmt,
        do_while: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Exit {
        let mut havoc = assigned(std::slice::from_ref(body));
        if let Some(s) = step {
            let mut w = HashSet::new();
            names_in(s, &mut w, 0);
            havoc.extend(
                w.into_iter()
                    .filter(|n| matches!(self.lookup(n), Some(Binding::Var(_)))),
            );
        }
        self.havoc_names(&havoc, span, out);
        let n = self.unknown("trips", span, out);
        let k = self.fresh("iter");
        let mut inner = Vec::new();
        self.havoc_names(&havoc, span, &mut inner);
        let (mut body_stmts, ex) = if do_while {
            self.loop_body(body, span, &HashSet::new(), &mut Vec::new(), None, None)
        } else {
            let c = match cond {
                Some(c) => self.cond(c, &mut inner),
                None => Cond::new(CondKind::Bool(true), span),
            };
            let (b, ex) = self.loop_body(body, span, &HashSet::new(), &mut Vec::new(), step, None);
            (
                vec![stmt(
                    StmtKind::If {
                        cond: c,
                        then_branch: block(b, span),
                        else_branch: None,
                    },
                    span,
                )],
                ex,
            )
        };
        if do_while {
            if let Some(c) = cond {
                self.cond(c, &mut body_stmts);
            }
        }
        inner.append(&mut body_stmts);
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(k, span),
                    range: Range {
                        start: int(0, span),
                        bound: n,
                        dir: Direction::Up,
                        step: Step {
                            op: StepOp::Add,
                            amount: int(1, span),
                            span,
                        },
                    },
                    body: block(inner, span),
                },
                span,
            ),
        );
        self.havoc_names(&havoc, span, out);
        ex
    }

    // ---- expressions ----

    fn num(&mut self, e: &c::Expr, out: &mut Vec<Stmt>) -> Expr {
        let v = self.expr(e, out);
        self.as_num(v, e.span, out).0
    }

    fn as_num(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> (Expr, bool) {
        match v {
            Val::Num(e, u) => (e, u),
            // A condition of constants read as a number (`true`, a template's `bool`
            // argument, `N > 4`): 1 or 0.
            Val::Bool(c) if const_cond(&c).is_some() => {
                (int(i64::from(const_cond(&c) == Some(true)), span), false)
            }
            _ => (self.unknown("v", span, out), false),
        }
    }

    fn cond(&mut self, e: &c::Expr, out: &mut Vec<Stmt>) -> Cond {
        let v = self.expr(e, out);
        self.as_cond(v, e.span, out)
    }

    fn as_cond(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> Cond {
        match v {
            Val::Bool(c) => c,
            Val::Num(e, _) => cmp(CmpOp::Ne, e, int(0, span), span),
            _ => {
                let u = self.unknown("v", span, out);
                cmp(CmpOp::Ne, u, int(0, span), span)
            }
        }
    }

    fn expr(&mut self, e: &c::Expr, out: &mut Vec<Stmt>) -> Val {
        self.expr_depth += 1;
        let v = if self.expr_depth > MAX_EXPR_DEPTH {
            self.error(
                e.span,
                "expression nested too deeply",
                format!("more than {MAX_EXPR_DEPTH} levels"),
            );
            Val::Opaque
        } else {
            self.expr_inner(e, out)
        };
        self.expr_depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &c::Expr, out: &mut Vec<Stmt>) -> Val {
        use c::ExprKind as K;
        let span = e.span;
        match &e.kind {
            K::Int(v, u) => Val::Num(int(*v, span), *u),
            K::Float | K::Str | K::Sizeof => Val::Num(self.unknown("v", span, out), false),
            K::InitList(es) => {
                for x in es {
                    self.expr(x, out);
                }
                Val::Opaque
            }
            K::Name(n) => self.name(n, span, out),
            K::TemplateName(n, _) => {
                self.error(
                    span,
                    format!("`{n}` with template arguments used as a value"),
                    "only calls of function templates are read",
                );
                Val::Opaque
            }
            K::Member(b, field) => self.member(b, field, span, out),
            K::Index(base, idx) => match self.subscript(base, idx, span, out) {
                Ok(p) => self.read(p, span, out),
                // A whole struct or vector element is read cell by cell.
                Err(Val::Ptr(a, off, s)) if s.is_empty() && self.elem_size(&a) != Some(1) => {
                    let n = self.elem_size(&a).unwrap_or(1);
                    self.read(Place::Cells(a, off, n), span, out)
                }
                Err(v) => v,
            },
            K::Unary(op, a) => self.unary(*op, a, span, out),
            K::Binary(op, a, b) => self.binary(*op, a, b, span, out),
            K::Assign(op, lhs, rhs) => {
                let Some(p) = self.place(lhs, out) else {
                    return Val::Opaque;
                };
                let new = match op {
                    None => self.expr(rhs, out),
                    Some(op) => {
                        let old = self.read_place(&p, span, out);
                        let r = self.expr(rhs, out);
                        self.arith(*op, old, r, span, out)
                    }
                };
                self.write(p, new, span, out)
            }
            K::Ternary(c0, a, b) => self.ternary(c0, a, b, span, out),
            K::Cast(ty, a) => {
                let v = self.expr(a, out);
                match v {
                    Val::Num(_, _) if ty.is_float() => {
                        Val::Num(self.unknown("v", span, out), false)
                    }
                    Val::Num(x, u) => match ty.int_kind() {
                        Some(kind) => self.convert(Val::Num(x, u), Some(kind)),
                        None => Val::Num(x, u || ty.is_unsigned()),
                    },
                    Val::Bool(c0) if ty.pointers == 0 => {
                        // A condition read as a number: 0 or 1, which the core cannot say.
                        let _ = c0;
                        Val::Num(self.unknown("v", span, out), false)
                    }
                    // A pointer cast keeps the array only when the elements keep their number
                    // of cells; otherwise the cells it reaches are not followed.
                    Val::Ptr(a, off, s) if ty.pointers > 0 => {
                        let target = match (ty.pointers, ty.base.as_deref()) {
                            (1, Some(b)) if !matches!(b, "void" | "char") => self.type_size(b),
                            (1, _) => None,
                            _ => Some(1),
                        };
                        let same_type = match self.elem_types.get(&a) {
                            Some(t) => ty
                                .base
                                .as_deref()
                                .is_some_and(|b| self.resolve(b) == self.resolve(t)),
                            None => true,
                        };
                        // A scalar of another size: `(uint *)bytes` reaches four bytes per
                        // index, which one cell per element cannot say.
                        let target_bytes = self.scalar_bytes(ty);
                        let same_bytes = match (target_bytes, self.elem_bytes.get(&a)) {
                            (Some(t), Some(e)) => ty.pointers != 1 || t == *e,
                            _ => true,
                        };
                        if same_type
                            && same_bytes
                            && target.is_some()
                            && target == self.elem_size(&a)
                        {
                            Val::Ptr(a, off, s)
                        } else {
                            Val::Opaque
                        }
                    }
                    other => other,
                }
            }
            K::Call(f, args) => self.call(f, args, span, out),
        }
    }

    fn name(&mut self, n: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        match self.lookup(n) {
            Some(Binding::Var(id)) => self.vals.get(&id).cloned().unwrap_or(Val::Opaque),
            Some(Binding::Array(a, strides)) => Val::Ptr(a, int(0, span), strides),
            Some(Binding::SharedScalar(a)) => self.read(Place::Cell(a, int(0, span)), span, out),
            Some(Binding::Private) => Val::Private,
            None => {
                if let Some((space, dims, elem)) = self.g.arrays.get(n).cloned() {
                    if !self.arrays.contains_key(n) {
                        self.used.insert(n.to_string());
                        self.declare(n, space, span);
                    }
                    let dims: Vec<Option<c::Expr>> = std::iter::once(None)
                        .chain(dims.into_iter().map(Some))
                        .collect();
                    let strides = self.strides(&dims, out);
                    let strides = self.elem_strides(n, elem.as_deref(), strides, span);
                    return Val::Ptr(n.to_string(), int(0, span), strides);
                }
                if self.g.shared_scalars.contains(n) {
                    if !self.arrays.contains_key(n) {
                        self.used.insert(n.to_string());
                        self.declare(n, Space::Shared, span);
                    }
                    return self.read(Place::Cell(n.to_string(), int(0, span)), span, out);
                }
                if let Some(init) = self.g.constants.get(n).copied() {
                    if !self.inline.iter().any(|i| i == n) {
                        self.inline.push(n.to_string());
                        let v = self.expr(init, out);
                        self.inline.pop();
                        return v;
                    }
                }
                if let Some(v) = self.g.layouts.enumerators.get(n) {
                    return Val::Num(int(*v, span), false);
                }
                match n {
                    "warpSize" => Val::Num(int(32, span), false),
                    "true" => Val::Bool(Cond::new(CondKind::Bool(true), span)),
                    "false" => Val::Bool(Cond::new(CondKind::Bool(false), span)),
                    "NULL" | "nullptr" => Val::Opaque,
                    _ => Val::Num(self.unknown(n, span, out), false),
                }
            }
        }
    }

    fn member(&mut self, b: &c::Expr, field: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        if let c::ExprKind::Name(n) = &b.kind {
            let comp = match field {
                "x" => Some(0),
                "y" => Some(1),
                "z" => Some(2),
                _ => None,
            };
            if self.lookup(n).is_none() {
                if let Some(comp) = comp {
                    match n.as_str() {
                        "threadIdx" => return Val::Num(self.index(false, comp, span), true),
                        "blockIdx" => return Val::Num(self.index(true, comp, span), true),
                        "blockDim" => return Val::Num(self.dim(false, comp, span), true),
                        "gridDim" => return Val::Num(self.dim(true, comp, span), true),
                        _ => {}
                    }
                }
            }
        }
        match self.field(b, field, span, out) {
            // An array field decays to a pointer to its first element.
            Base::Memory(a, off, ty) if ty.is_empty() => Val::Ptr(a, off, Vec::new()),
            Base::Memory(a, off, ty) => {
                let n = self.type_size(&ty).unwrap_or(1);
                let p = if n == 1 {
                    Place::Cell(a, off)
                } else {
                    Place::Cells(a, off, n)
                };
                self.read(p, span, out)
            }
            Base::Coarse(a, off) => self.read(Place::Cell(a, off), span, out),
            Base::Local => Val::Num(self.unknown("field", span, out), false),
            Base::Failed => Val::Opaque,
        }
    }

    fn unary(&mut self, op: UnOp, a: &c::Expr, span: Span, out: &mut Vec<Stmt>) -> Val {
        match op {
            UnOp::Neg => match self.expr(a, out) {
                Val::Num(x, u) => {
                    let e = Expr::new(ExprKind::Neg(Box::new(x)), span);
                    Val::Num(if u { mask(e, U32_MASK) } else { e }, u)
                }
                v => {
                    let (x, _) = self.as_num(v, span, out);
                    Val::Num(x, false)
                }
            },
            UnOp::Plus => self.expr(a, out),
            UnOp::Not => {
                let c0 = self.cond(a, out);
                Val::Bool(Cond::new(CondKind::Not(Box::new(c0)), span))
            }
            UnOp::BitNot => {
                let (x, u) = self.num_of(a, out);
                // ~x = -x - 1 on two's complement words.
                let e = Expr::bin(
                    BinOp::Sub,
                    Expr::new(ExprKind::Neg(Box::new(x)), span),
                    int(1, span),
                );
                Val::Num(if u { mask(e, U32_MASK) } else { e }, u)
            }
            UnOp::Deref => match self.place_of_deref(a, span, out) {
                Some(p) => self.read(p, span, out),
                None => Val::Opaque,
            },
            UnOp::AddrOf => match self.place(a, out) {
                Some(Place::Cell(arr, idx)) => Val::Ptr(arr, idx, Vec::new()),
                Some(Place::Cells(arr, idx, n)) => Val::Ptr(arr, idx, vec![int_u(n, span)]),
                Some(Place::Private) => Val::Private,
                _ => Val::Opaque,
            },
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                let Some(p) = self.place(a, out) else {
                    return Val::Opaque;
                };
                let old = self.read_place(&p, span, out);
                let bop = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    c::BinOp::Add
                } else {
                    c::BinOp::Sub
                };
                let new = self.arith(bop, old.clone(), Val::Num(int(1, span), false), span, out);
                let new = self.write(p, new, span, out);
                if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                }
            }
        }
    }

    fn num_of(&mut self, a: &c::Expr, out: &mut Vec<Stmt>) -> (Expr, bool) {
        let v = self.expr(a, out);
        self.as_num(v, a.span, out)
    }

    fn binary(
        &mut self,
        op: c::BinOp,
        a: &c::Expr,
        b: &c::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        use c::BinOp as B;
        match op {
            B::Comma => {
                self.expr(a, out);
                self.expr(b, out)
            }
            B::And | B::Or => {
                let ca = self.cond(a, out);
                // The right operand runs only when the left does not decide: its reads are
                // guarded by the left operand.
                let mut inner = Vec::new();
                let cb = self.cond(b, &mut inner);
                if inner.is_empty() {
                    let kind = if op == B::And {
                        CondKind::And(Box::new(ca), Box::new(cb))
                    } else {
                        CondKind::Or(Box::new(ca), Box::new(cb))
                    };
                    return Val::Bool(Cond::new(kind, span));
                }
                let guard = if op == B::And {
                    ca.clone()
                } else {
                    Cond::new(CondKind::Not(Box::new(ca.clone())), span)
                };
                self.emit(
                    out,
                    stmt(
                        StmtKind::If {
                            cond: guard,
                            then_branch: block(inner, span),
                            else_branch: None,
                        },
                        span,
                    ),
                );
                let u = self.unknown("v", span, out);
                let cu = cmp(CmpOp::Ne, u, int(0, span), span);
                let kind = if op == B::And {
                    CondKind::And(Box::new(ca), Box::new(cu))
                } else {
                    CondKind::Or(Box::new(ca), Box::new(cu))
                };
                Val::Bool(Cond::new(kind, span))
            }
            B::Lt | B::Gt | B::Le | B::Ge | B::Eq | B::Ne => {
                let (x, ux) = self.num_of(a, out);
                let (y, uy) = self.num_of(b, out);
                let u = ux || uy;
                // C compares in `unsigned` when either side is: a negative `int` wraps.
                let (x, y) = if u {
                    (self.to_u32(x, ux), self.to_u32(y, uy))
                } else {
                    (x, y)
                };
                let cop = match (op, u) {
                    (B::Lt, false) => CmpOp::Lt,
                    (B::Lt, true) => CmpOp::ULt,
                    (B::Gt, false) => CmpOp::Gt,
                    (B::Gt, true) => CmpOp::UGt,
                    (B::Le, false) => CmpOp::Le,
                    (B::Le, true) => CmpOp::ULe,
                    (B::Ge, false) => CmpOp::Ge,
                    (B::Ge, true) => CmpOp::UGe,
                    (B::Eq, _) => CmpOp::Eq,
                    _ => CmpOp::Ne,
                };
                Val::Bool(cmp(cop, x, y, span))
            }
            _ => {
                let x = self.expr(a, out);
                let y = self.expr(b, out);
                self.arith(op, x, y, span, out)
            }
        }
    }

    fn arith(&mut self, op: c::BinOp, x: Val, y: Val, span: Span, out: &mut Vec<Stmt>) -> Val {
        use c::BinOp as B;
        match (x, y) {
            // `p + k` moves by `k` elements: rows of a multi-dimensional array, cells of a
            // struct.
            (Val::Ptr(a, off, s), Val::Num(k, _)) if op == B::Add => {
                let k = scale(k, &s);
                Val::Ptr(a, Expr::bin(BinOp::Add, off, k), s)
            }
            (Val::Num(k, _), Val::Ptr(a, off, s)) if op == B::Add => {
                let k = scale(k, &s);
                Val::Ptr(a, Expr::bin(BinOp::Add, k, off), s)
            }
            (Val::Ptr(a, off, s), Val::Num(k, _)) if op == B::Sub => {
                let k = scale(k, &s);
                Val::Ptr(a, Expr::bin(BinOp::Sub, off, k), s)
            }
            (Val::Private, _) | (_, Val::Private) => Val::Private,
            (Val::Ptr(..) | Val::Opaque, _) | (_, Val::Ptr(..) | Val::Opaque) => Val::Opaque,
            (x, y) => {
                let (x, ux) = self.as_num(x, span, out);
                let (y, uy) = self.as_num(y, span, out);
                // A shift has the type of its (promoted) left operand; the other operators
                // C's usual arithmetic conversions.
                let shift = matches!(op, B::Shl | B::Shr);
                let u = if shift { ux } else { ux || uy };
                if !u && matches!(op, B::Div | B::Rem) && !self.is_nonneg(&x) {
                    let e = self.c_div(x, y, op == B::Rem, span, out);
                    return Val::Num(e, false);
                }
                let (x, y) = match (u, shift) {
                    (false, _) => (x, y),
                    (true, true) => (self.to_u32(x, ux), y),
                    (true, false) => (self.to_u32(x, ux), self.to_u32(y, uy)),
                };
                // Unsigned results that may leave 0 .. 2^32 - 1 wrap.
                let wrap = u
                    && match op {
                        B::Sub => true,
                        B::Add | B::Mul | B::Shl => self.may_wrap(&x) || self.may_wrap(&y),
                        _ => false,
                    };
                if let (ExprKind::Int(a), ExprKind::Int(b), true) = (&x.kind, &y.kind, wrap) {
                    if let Some(v) = a.checked_sub(*b).filter(|_| op == B::Sub) {
                        return Val::Num(int(v.rem_euclid(1 << 32), span), true);
                    }
                }
                let bop = match (op, u) {
                    (B::Add, _) => BinOp::Add,
                    (B::Sub, _) => BinOp::Sub,
                    (B::Mul, _) => BinOp::Mul,
                    (B::Div, false) => BinOp::Div,
                    (B::Div, true) => BinOp::UDiv,
                    (B::Rem, false) => BinOp::Rem,
                    (B::Rem, true) => BinOp::URem,
                    (B::Shl, _) => BinOp::Shl,
                    (B::Shr, false) => BinOp::Shr,
                    (B::Shr, true) => BinOp::UShr,
                    (B::BitAnd, _) => BinOp::And,
                    (B::BitOr, _) => BinOp::Or,
                    (B::BitXor, _) => BinOp::Xor,
                    _ => return Val::Num(self.unknown("v", span, out), u),
                };
                // A shift by a loop variable that stands for `2^i`: a product or a quotient.
                let bop = match (&y.kind, bop) {
                    (ExprKind::Var(p), BinOp::Shl) if self.pow2.contains(p) => BinOp::Mul,
                    (ExprKind::Var(p), BinOp::Shr) if self.pow2.contains(p) => BinOp::Div,
                    (ExprKind::Var(p), BinOp::UShr) if self.pow2.contains(p) => BinOp::UDiv,
                    _ => bop,
                };
                let e = Expr::new(ExprKind::Bin(bop, Box::new(x), Box::new(y)), span);
                Val::Num(if wrap { mask(e, U32_MASK) } else { e }, u)
            }
        }
    }

    fn ternary(
        &mut self,
        c0: &c::Expr,
        a: &c::Expr,
        b: &c::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let cnd = self.cond(c0, out);
        let before = self.snapshot();
        let mut ta = Vec::new();
        let va = self.expr(a, &mut ta);
        let after_a = self.snapshot();
        self.restore(before.clone());
        let mut tb = Vec::new();
        let vb = self.expr(b, &mut tb);
        let after_b = self.snapshot();
        self.restore(before);
        if ta.is_empty() && tb.is_empty() {
            if va == vb {
                return va;
            }
            // `x < y ? x : y` is `min(x, y)`, and its kin.
            if let (CondKind::Cmp(op, l, r), Val::Num(x, ux), Val::Num(y, uy)) =
                (&cnd.kind, &va, &vb)
            {
                let u = *ux || *uy;
                let (mn, mx) = if u {
                    (BinOp::UMin, BinOp::UMax)
                } else {
                    (BinOp::Min, BinOp::Max)
                };
                let pick = match op {
                    CmpOp::Lt | CmpOp::Le | CmpOp::ULt | CmpOp::ULe => Some((mn, mx)),
                    CmpOp::Gt | CmpOp::Ge | CmpOp::UGt | CmpOp::UGe => Some((mx, mn)),
                    _ => None,
                };
                if let Some((same, swapped)) = pick {
                    if l == x && r == y {
                        return Val::Num(
                            Expr::new(
                                ExprKind::Bin(same, Box::new(x.clone()), Box::new(y.clone())),
                                span,
                            ),
                            u,
                        );
                    }
                    if l == y && r == x {
                        return Val::Num(
                            Expr::new(
                                ExprKind::Bin(swapped, Box::new(x.clone()), Box::new(y.clone())),
                                span,
                            ),
                            u,
                        );
                    }
                }
            }
        }
        let mut after = Vec::new();
        self.join(
            &after_a.1,
            &after_b.1,
            Some((&cnd, &ta, &tb)),
            span,
            &mut after,
        );
        if !(ta.is_empty() && tb.is_empty()) {
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: cnd,
                        then_branch: block(ta, span),
                        else_branch: Some(block(tb, span)),
                    },
                    span,
                ),
            );
        }
        for s in after {
            self.emit(out, s);
        }
        match (va, vb) {
            (Val::Ptr(x, _, s), Val::Ptr(y, _, _)) if x == y => {
                let off = self.unknown("off", span, out);
                Val::Ptr(x, off, s)
            }
            (Val::Ptr(..), _) | (_, Val::Ptr(..)) => Val::Opaque,
            (Val::Private, Val::Private) => Val::Private,
            _ => Val::Num(self.unknown("v", span, out), false),
        }
    }

    // ---- places ----

    fn place(&mut self, e: &c::Expr, out: &mut Vec<Stmt>) -> Option<Place> {
        use c::ExprKind as K;
        match &e.kind {
            K::Name(n) => match self.lookup(n) {
                Some(Binding::Var(id)) => Some(Place::Var(id)),
                Some(Binding::SharedScalar(a)) => Some(Place::Cell(a, int(0, e.span))),
                Some(Binding::Private) => Some(Place::Private),
                _ => {
                    if self.g.shared_scalars.contains(n) || self.g.arrays.contains_key(n) {
                        if !self.arrays.contains_key(n) {
                            let space = if self.g.shared_scalars.contains(n) {
                                Space::Shared
                            } else {
                                self.g.arrays.get(n).map_or(Space::Global, |a| a.0)
                            };
                            self.used.insert(n.clone());
                            self.declare(n, space, e.span);
                        }
                        return Some(Place::Cell(n.clone(), int(0, e.span)));
                    }
                    self.error(
                        e.span,
                        format!("cannot assign to `{n}`"),
                        "not a local variable, parameter or array",
                    );
                    None
                }
            },
            K::Index(base, idx) => match self.subscript(base, idx, e.span, out) {
                Ok(p) => Some(p),
                Err(Val::Opaque) => None,
                Err(Val::Ptr(a, off, s)) if s.is_empty() && self.elem_size(&a) != Some(1) => {
                    let n = self.elem_size(&a).unwrap_or(1);
                    Some(Place::Cells(a, off, n))
                }
                Err(_) => {
                    self.error(
                        e.span,
                        "a row of a multi-dimensional array used as a place",
                        "index every dimension",
                    );
                    None
                }
            },
            K::Unary(UnOp::Deref, a) => self.place_of_deref(a, e.span, out),
            K::Member(b, f) => match self.field(b, f, e.span, out) {
                Base::Memory(_, _, ty) if ty.is_empty() => {
                    self.error(e.span, "not an assignable place", "an array field");
                    None
                }
                Base::Memory(a, off, ty) => {
                    let n = self.type_size(&ty).unwrap_or(1);
                    Some(if n == 1 {
                        Place::Cell(a, off)
                    } else {
                        Place::Cells(a, off, n)
                    })
                }
                Base::Coarse(a, off) => Some(Place::Cell(a, off)),
                Base::Local => Some(Place::Private),
                Base::Failed => None,
            },
            K::Cast(_, a) => self.place(a, out),
            _ => {
                self.error(
                    e.span,
                    "not an assignable place",
                    "expected a variable, `A[i]` or `*p`",
                );
                None
            }
        }
    }

    /// `base[idx]`: a cell, or (for a row of a multi-dimensional array) a pointer to the row.
    fn subscript(
        &mut self,
        base: &c::Expr,
        idx: &c::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Result<Place, Val> {
        let b = self.expr(base, out);
        let i = self.num(idx, out);
        match b {
            Val::Ptr(a, off, strides) => {
                let scaled = match strides.first() {
                    Some(s) => Expr::bin(BinOp::Mul, i, s.clone()),
                    None => i,
                };
                let at = if off.kind == ExprKind::Int(0) {
                    scaled
                } else {
                    Expr::bin(BinOp::Add, off, scaled)
                };
                if strides.is_empty() {
                    Ok(Place::Cell(a, at))
                } else {
                    Err(Val::Ptr(a, at, strides[1..].to_vec()))
                }
            }
            Val::Private => Ok(Place::Private),
            _ => {
                self.error(
                    span,
                    "cannot tell which array this indexes",
                    "a pointer the lowering does not follow",
                );
                Err(Val::Opaque)
            }
        }
    }

    fn place_of_deref(&mut self, a: &c::Expr, span: Span, out: &mut Vec<Stmt>) -> Option<Place> {
        match self.expr(a, out) {
            Val::Ptr(arr, off, strides) if strides.is_empty() => Some(Place::Cell(arr, off)),
            // A pointer to a struct or vector element: the whole element.
            Val::Ptr(arr, off, strides)
                if strides.len() == 1 && self.elem_size(&arr).is_some_and(|n| n > 1) =>
            {
                let n = self.elem_size(&arr).unwrap_or(1);
                Some(Place::Cells(arr, off, n))
            }
            Val::Private => Some(Place::Private),
            _ => {
                self.error(
                    span,
                    "cannot tell which array this pointer points into",
                    "a pointer the lowering does not follow",
                );
                None
            }
        }
    }

    // Multi-dimensional indexing `s[i][j]`: `place` above handles the last index; the row
    // index goes through here.
    fn read(&mut self, p: Place, span: Span, out: &mut Vec<Stmt>) -> Val {
        self.read_place(&p, span, out)
    }

    fn read_place(&mut self, p: &Place, span: Span, out: &mut Vec<Stmt>) -> Val {
        match p {
            Place::Var(id) => self.vals.get(id).cloned().unwrap_or(Val::Opaque),
            Place::Cell(a, idx) => {
                let name = self.fresh(&format!("{a}_v"));
                self.emit(
                    out,
                    stmt(
                        StmtKind::Read {
                            var: Ident::new(name.clone(), span),
                            source: Access {
                                array: Ident::new(a.clone(), span),
                                index: vec![idx.clone()],
                                span,
                            },
                        },
                        span,
                    ),
                );
                Val::Num(Expr::var(name, span), false)
            }
            Place::Cells(a, off, n) => {
                for k in 0..*n {
                    let at = Expr::bin(BinOp::Add, off.clone(), int_u(k, span));
                    self.read_place(&Place::Cell(a.clone(), at), span, out);
                }
                Val::Opaque
            }
            Place::Private => Val::Num(self.unknown("v", span, out), false),
        }
    }

    fn write(&mut self, p: Place, v: Val, span: Span, out: &mut Vec<Stmt>) -> Val {
        match p {
            Place::Var(id) => {
                let v = self.convert(v, self.var_tys.get(&id).copied());
                let v = match v {
                    Val::Num(e, u) => Val::Num(self.bound("v", e, out), u),
                    other => other,
                };
                self.vals.insert(id, v.clone());
                v
            }
            Place::Cell(a, idx) => {
                let (value, u) = self.as_num(v, span, out);
                self.emit(
                    out,
                    stmt(
                        StmtKind::Write {
                            target: Access {
                                array: Ident::new(a, span),
                                index: vec![idx],
                                span,
                            },
                            value: value.clone(),
                        },
                        span,
                    ),
                );
                Val::Num(value, u)
            }
            Place::Cells(a, off, n) => {
                // A struct value is not followed: every cell gets an unknown.
                for k in 0..n {
                    let at = Expr::bin(BinOp::Add, off.clone(), int_u(k, span));
                    self.write(Place::Cell(a.clone(), at), Val::Opaque, span, out);
                }
                Val::Opaque
            }
            Place::Private => v,
        }
    }

    // ---- calls ----

    fn call(&mut self, f: &c::Expr, args: &[c::Expr], span: Span, out: &mut Vec<Stmt>) -> Val {
        let (name, targs) = match &f.kind {
            c::ExprKind::Name(name) => (name, &[][..]),
            c::ExprKind::TemplateName(name, targs) => (name, &targs[..]),
            _ => {
                for a in args {
                    self.expr(a, out);
                }
                return Val::Num(self.unknown("call", span, out), false);
            }
        };
        let name = name.as_str();
        match name {
            "__syncthreads"
            | "__syncthreads_count"
            | "__syncthreads_and"
            | "__syncthreads_or"
            | "__barrier_sync" => {
                for a in args {
                    self.expr(a, out);
                }
                self.emit(out, stmt(StmtKind::Sync, span));
                return if name == "__syncthreads" {
                    Val::Num(int(0, span), false)
                } else {
                    Val::Num(self.unknown("v", span, out), false)
                };
            }
            // `__syncwarp()` orders the accesses of one warp. When the block is one warp (a
            // fixed geometry of at most 32 threads) that is the block's barrier; otherwise
            // the lowering cannot say which threads it orders (a `sync` would order threads
            // of different warps, which is unsound).
            "__syncwarp" => {
                let full = match args.first() {
                    None => true,
                    Some(a) => matches!(self.num(a, out).kind, ExprKind::Int(-1 | 0xffff_ffff)),
                };
                let threads = self.options.block_dim.map(|d| d.iter().product::<u64>());
                if !full {
                    self.errors.push(
                        Diagnostic::error("`__syncwarp` with a partial mask is not supported")
                            .with_primary(span, "only the full mask `0xffffffff` is modelled"),
                    );
                } else if threads.is_some_and(|n| n <= 32) {
                    self.emit(out, stmt(StmtKind::Sync, span));
                } else {
                    self.errors.push(
                        Diagnostic::error(
                            "`__syncwarp()` in a block that may have more than one warp",
                        )
                        .with_primary(
                            span,
                            "warp-level synchronisation is modelled only for blocks of at most 32 threads",
                        )
                        .with_help(
                            "fix a block of at most 32 threads with `--block-dim` (or the GPUVerify header's `--blockDim`)",
                        ),
                    );
                }
                return Val::Num(int(0, span), false);
            }
            // `assert(c)` is a precondition, as GPUVerify and Faial read it: runs in which it
            // fails (and trap) are not analysed.
            "__requires" | "__assume" | "assert" => {
                if let Some(a) = args.first() {
                    let c0 = self.cond(a, out);
                    self.emit(out, stmt(StmtKind::Assume { cond: c0 }, span));
                }
                return Val::Num(int(0, span), false);
            }
            "min" | "max" | "umin" | "umax" | "llmin" | "llmax" if args.len() == 2 => {
                let (x, ux) = self.num_of(&args[0], out);
                let (y, uy) = self.num_of(&args[1], out);
                let u = ux || uy || name.starts_with('u');
                let op = match (name.ends_with("min"), u) {
                    (true, false) => BinOp::Min,
                    (true, true) => BinOp::UMin,
                    (false, false) => BinOp::Max,
                    (false, true) => BinOp::UMax,
                };
                return Val::Num(
                    Expr::new(ExprKind::Bin(op, Box::new(x), Box::new(y)), span),
                    u,
                );
            }
            _ => {}
        }
        // `SharedMemory<T>()` of the CUDA samples: the `extern __shared__` array.
        if name == "SharedMemory" && args.is_empty() && !self.g.functions.contains_key(name) {
            let a = self.dynamic_shared("smem", span);
            return Val::Ptr(a, int(0, span), Vec::new());
        }
        let base = name.trim_end_matches("_block").trim_end_matches("_system");
        let atomic = match base {
            "atomicAdd" => Some(AtomicOp::Add),
            "atomicSub" => Some(AtomicOp::Sub),
            "atomicAnd" => Some(AtomicOp::And),
            "atomicOr" => Some(AtomicOp::Or),
            "atomicXor" => Some(AtomicOp::Xor),
            "atomicExch" | "atomicMin" | "atomicMax" | "atomicInc" | "atomicDec" | "atomicCAS" => {
                Some(AtomicOp::Exch)
            }
            _ => None,
        };
        if let Some(op) = atomic {
            let target = args.first().map(|a| self.expr(a, out));
            let mut values = Vec::new();
            for a in args.iter().skip(1) {
                values.push(self.expr(a, out));
            }
            let value = match (op, values.pop()) {
                // Min, max, CAS and the wrapping increments store a value the core has no
                // operation for: the stored value is unknown.
                (AtomicOp::Exch, _) if base != "atomicExch" => self.unknown("v", span, out),
                (_, Some(v)) => self.as_num(v, span, out).0,
                (_, None) => int(1, span),
            };
            return match target {
                Some(Val::Ptr(a, off, strides)) if strides.is_empty() => {
                    let var = self.fresh("old");
                    self.emit(
                        out,
                        stmt(
                            StmtKind::Atomic {
                                var: Some(Ident::new(var.clone(), span)),
                                target: Access {
                                    array: Ident::new(a, span),
                                    index: vec![off],
                                    span,
                                },
                                op,
                                value,
                            },
                            span,
                        ),
                    );
                    Val::Num(Expr::var(var, span), false)
                }
                Some(Val::Private) => Val::Num(self.unknown("old", span, out), false),
                _ => {
                    self.error(
                        span,
                        format!("cannot tell which array `{name}` updates"),
                        "expected `&A[i]` or a pointer into an array",
                    );
                    Val::Opaque
                }
            };
        }
        if let Some(error) = self.g.unparsed.get(name) {
            let e = error
                .clone()
                .with_secondary(span, format!("`{name}` is called here"));
            self.errors.push(e);
            return Val::Opaque;
        }
        // An explicit specialisation (`template <> __device__ T f<int>(...)`) replaces the
        // primary template for its arguments: with specialisations around, a call is followed
        // only when its arguments are literal values (after lowering) that name one of them or
        // none of them; type arguments and values the lowering cannot fold are refused.
        let prefix = format!("{name}<");
        let specialised = self.g.functions.keys().any(|k| k.starts_with(&prefix));
        let callee = if specialised {
            let mut shown = Vec::new();
            let mut concrete = !targs.is_empty();
            for t in targs {
                match t {
                    c::TemplateArg::Value(e) => match self.num_of(e, out).0.kind {
                        ExprKind::Int(v) => shown.push(v.to_string()),
                        _ => concrete = false,
                    },
                    c::TemplateArg::Type(_) => concrete = false,
                }
            }
            let special = format!("{prefix}{}>", shown.join(", "));
            match self.g.functions.get(special.as_str()) {
                Some(f) if concrete => Some(*f),
                None if concrete => self.g.functions.get(name).copied(),
                _ => {
                    self.error(
                        span,
                        format!("cannot tell which specialisation of `{name}` this call runs"),
                        format!("`{name}` has explicit specialisations; only calls with literal value arguments are followed"),
                    );
                    return Val::Opaque;
                }
            }
        } else {
            self.g.functions.get(name).copied()
        };
        if let Some(func) = callee {
            if let Some(body) = &func.body {
                if !func.ty.has("__global__") {
                    return self.inline_call(func, body, targs, args, span, out);
                }
            }
        }
        // An unknown function: its result is unknown, and it may read and write any cell of
        // the arrays it is given.
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.expr(a, out));
        }
        for v in vals {
            if let Val::Ptr(a, off, _) = v {
                let k = self.unknown("k", span, out);
                let at = Expr::bin(BinOp::Add, off, k);
                let r = self.read_place(&Place::Cell(a.clone(), at.clone()), span, out);
                self.write(Place::Cell(a, at), r, span, out);
            }
        }
        Val::Num(self.unknown("call", span, out), false)
    }

    fn inline_call(
        &mut self,
        func: &c::Function,
        body: &[c::Stmt],
        targs: &[c::TemplateArg],
        args: &[c::Expr],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        if self.inline.len() > MAX_INLINE_DEPTH || self.inline.contains(&func.name) {
            self.error(
                span,
                format!("cannot inline `{}`", func.name),
                "recursive or too deeply nested device calls",
            );
            return Val::Opaque;
        }
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.expr(a, out));
        }
        // The explicit template arguments: a value parameter is bound to its argument's value
        // (`warpReduce<blockSize>`: `blockSize` inside is the caller's); one given none stays
        // unbound, as without explicit arguments.
        let mut tvals = Vec::new();
        for (t, a) in func.template.iter().zip(targs) {
            if let (false, c::TemplateArg::Value(e)) = (t.is_type, a) {
                let (v, u) = self.num_of(e, out);
                tvals.push((t.name.clone(), Val::Num(v, u)));
            }
        }
        let saved_scopes = std::mem::replace(&mut self.scopes, vec![HashMap::new()]);
        let saved_ret = self.ret;
        for (name, v) in tvals {
            let id = self.new_var(v);
            self.bind(&name, Binding::Var(id));
        }
        for (p, v) in func.params.iter().zip(vals) {
            if let Some(d) = &p.decl {
                let kind = p.ty.int_kind().filter(|_| d.pointers == 0);
                let v = match self.convert(v, kind) {
                    Val::Num(e, u) if kind.is_none() => Val::Num(e, u || p.ty.is_unsigned()),
                    other => other,
                };
                let id = self.new_var(v);
                if let Some(kind) = kind {
                    self.var_tys.insert(id, kind);
                }
                self.bind(&d.name, Binding::Var(id));
            }
        }
        let ret = self.new_var(Val::Num(int(0, span), false));
        self.ret = Some(ret);
        self.inline.push(func.name.clone());
        self.seq(body, out);
        self.inline.pop();
        self.ret = saved_ret;
        self.scopes = saved_scopes;
        self.vals.get(&ret).cloned().unwrap_or(Val::Opaque)
    }
}

/// Words of `.bcu` that cannot name a variable in the printed kernel.
pub(crate) fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "kernel"
            | "shared"
            | "global"
            | "let"
            | "if"
            | "else"
            | "for"
            | "in"
            | "downto"
            | "step"
            | "sync"
            | "skip"
            | "assume"
            | "atomic"
            | "true"
            | "false"
    ) || BinOp::from_call_name(name).is_some()
        || CmpOp::from_call_name(name).is_some()
}

/// The value of an expression of literals, if it is the same in both arithmetic modes.
fn const_expr(e: &Expr) -> Option<i128> {
    const_expr_in(e, &HashMap::new())
}

/// The value of an expression of literals and the constant `let`s of `consts`, if it is the
/// same in both arithmetic modes.
fn const_expr_in(e: &Expr, consts: &HashMap<String, i128>) -> Option<i128> {
    use mapcheck_core::arith::Arith;
    fn go(e: &Expr, arith: Arith, consts: &HashMap<String, i128>) -> Option<i128> {
        match &e.kind {
            ExprKind::Int(v) => Some(arith.value(i128::from(*v))),
            ExprKind::Var(n) => consts.get(n).map(|v| arith.value(*v)),
            ExprKind::Neg(a) => arith.neg(go(a, arith, consts)?).ok(),
            ExprKind::Bin(op, a, b) => arith
                .bin(*op, go(a, arith, consts)?, go(b, arith, consts)?)
                .ok(),
            ExprKind::Select(..) => None,
        }
    }
    let v = go(e, Arith::Int, consts)?;
    (go(e, Arith::Bv32, consts)? == v).then_some(v)
}

/// The values a loop variable takes, from a constant start to a constant bound, if they are
/// the same in both arithmetic modes and at most `MAX_SIMULATED_TRIPS`, and the value it
/// leaves the loop with.
fn simulate_loop(
    start: i128,
    bound: i128,
    dir: Direction,
    op: StepOp,
    amount: i128,
) -> Option<(Vec<i128>, i128)> {
    use mapcheck_core::arith::Arith;
    let run = |arith: Arith| -> Option<(Vec<i128>, i128)> {
        let cmp = match dir {
            Direction::Up => CmpOp::Lt,
            Direction::Down => CmpOp::Gt,
        };
        let mut x = arith.value(start);
        let (bound, amount) = (arith.value(bound), arith.value(amount));
        let mut seen = Vec::new();
        while arith.cmp(cmp, x, bound) {
            if seen.len() == MAX_SIMULATED_TRIPS {
                return None;
            }
            seen.push(x);
            let next = arith.bin(op.bin_op(), x, amount).ok()?;
            if next == x {
                return None;
            }
            x = next;
        }
        Some((seen, x))
    };
    let int = run(Arith::Int)?;
    (run(Arith::Bv32)? == int).then_some(int)
}

/// Values that fit a signed 32-bit word, where both arithmetic modes agree on `*` and `/`.
fn fits_i32(v: i128) -> bool {
    (0..=i128::from(i32::MAX)).contains(&v)
}

/// The truth of a condition of literals, if it is the same in both arithmetic modes.
fn const_cond(c: &Cond) -> Option<bool> {
    use mapcheck_core::arith::Arith;
    match &c.kind {
        CondKind::Bool(b) => Some(*b),
        CondKind::Cmp(op, a, b) => {
            let (a, b) = (const_expr(a)?, const_expr(b)?);
            let v = Arith::Int.cmp(*op, a, b);
            (Arith::Bv32.cmp(*op, a, b) == v).then_some(v)
        }
        CondKind::Not(a) => const_cond(a).map(|v| !v),
        CondKind::And(a, b) => match (const_cond(a), const_cond(b)) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (Some(true), Some(true)) => Some(true),
            _ => None,
        },
        CondKind::Or(a, b) => match (const_cond(a), const_cond(b)) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapcheck_core::arith::Arith;

    fn eval(e: &Expr, env: &HashMap<&str, i128>, arith: Arith) -> i128 {
        match &e.kind {
            ExprKind::Int(v) => arith.value(i128::from(*v)),
            ExprKind::Var(n) => env[n.as_str()],
            ExprKind::Neg(a) => arith.neg(eval(a, env, arith)).unwrap(),
            ExprKind::Bin(op, a, b) => arith
                .bin(*op, eval(a, env, arith), eval(b, env, arith))
                .unwrap(),
            ExprKind::Select(..) => panic!("the legacy lowering builds no selection"),
        }
    }

    fn var(n: &str) -> Expr {
        Expr::var(n, Span::default())
    }

    /// C's truncating `/` and `%` (Rust's `/` and `%` on `i32`) agree with their lowering
    /// over the core's Euclidean operators, in both arithmetic modes, for literal, natural and
    /// arbitrary divisors.
    #[test]
    fn truncating_division_matches_c() {
        let mut values: Vec<i32> = (-40..=40).collect();
        values.extend([i32::MIN + 1, i32::MAX, -1_000_003, 999_983, i32::MIN / 2]);
        let divisors: Vec<i32> = vec![-7, -2, -1, 1, 2, 3, 8, 1000];
        for arith in [Arith::Int, Arith::Bv32] {
            for &b in &divisors {
                for rem in [false, true] {
                    let lit = trunc_div(
                        var("a"),
                        int(b.into(), Span::default()),
                        rem,
                        false,
                        Span::default(),
                    );
                    let sym = trunc_div(var("a"), var("b"), rem, false, Span::default());
                    let nat = trunc_div(var("a"), var("b"), rem, true, Span::default());
                    for &a in &values {
                        let want = if rem { a % b } else { a / b };
                        let env = HashMap::from([("a", i128::from(a)), ("b", i128::from(b))]);
                        let env = env.into_iter().map(|(k, v)| (k, arith.value(v))).collect();
                        let want = arith.value(i128::from(want));
                        assert_eq!(eval(&lit, &env, arith), want, "{arith} {a} / {b} literal");
                        assert_eq!(eval(&sym, &env, arith), want, "{arith} {a} / {b} variable");
                        if b > 0 {
                            assert_eq!(eval(&nat, &env, arith), want, "{arith} {a} / {b} natural");
                        }
                    }
                }
            }
        }
    }

    /// The masks of C's conversions agree with Rust's `as` casts in both modes.
    #[test]
    fn conversions_match_c() {
        for arith in [Arith::Int, Arith::Bv32] {
            for x in (-70_000i64..70_000)
                .step_by(97)
                .chain([-1, 0, 255, 256, -129, 65_535])
            {
                let env = HashMap::from([("x", arith.value(i128::from(x)))]);
                let v = |e: Expr| eval(&e, &env, arith);
                let w = |c: i128| arith.value(c);
                assert_eq!(
                    v(mask(var("x"), 255)),
                    w((x as u8).into()),
                    "{arith} u8 {x}"
                );
                assert_eq!(v(mask(var("x"), 65_535)), w((x as u16).into()));
                assert_eq!(
                    v(sign_wrap(var("x"), 8)),
                    w((x as i8).into()),
                    "{arith} i8 {x}"
                );
                assert_eq!(v(sign_wrap(var("x"), 16)), w((x as i16).into()));
                assert_eq!(
                    v(mask(var("x"), U32_MASK)),
                    w((x as u32).into()),
                    "{arith} u32 {x}"
                );
                // `(int)(unsigned)x` is `x` again.
                assert_eq!(
                    v(sign_wrap(mask(var("x"), U32_MASK), 32)),
                    w((x as u32 as i32).into())
                );
            }
        }
    }
}
