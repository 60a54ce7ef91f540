//! The syntax tree of BabyCUDA as mapcheck reads it (SPEC §3): one tree for both the
//! unsynchronised and the synchronised fragment, built by `mapcheck-grammar` from `.bcu` files
//! and, later, from lowered CUDA.
//!
//! The tree is generic over an annotation `T` carried by every kernel and statement: the parser
//! produces `Kernel<()>`, and later stages fill the annotation in (the type checker's MAP, the
//! phase of a statement) instead of building a parallel tree. Expressions and conditions carry
//! no annotation: they are small, pure and have one meaning, so a stage that needs a fact about
//! them (free variables, say) computes it.
//!
//! Every node has a [`Span`]; `==` on trees compares spans too, and
//! [`Structural::same_shape`](crate::Structural::same_shape) compares trees by shape alone.
//!
//! INVARIANT (established by `mapcheck_grammar::scope`): binders (`let`, loop variables) are
//! distinct from each other, from the parameters and from the built-ins; every variable used is
//! in scope; every array used is declared and always indexed with the same number of indices.

use crate::span::Span;
use std::fmt;

mod builtin;
mod names;
mod param;

pub use builtin::{Builtin, Dim, Geometry};
pub use names::{SourceName, SourceNames};
pub use param::{Param, ParamBounds, ParamType};

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

impl Ident {
    pub fn new(name: impl Into<String>, span: Span) -> Self {
        Ident {
            name: name.into(),
            span,
        }
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// A source file: one or more kernels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program<T = ()> {
    pub kernels: Vec<Kernel<T>>,
}

/// `kernel NAME(P1, ..., Pn) { DECLS STMTS }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel<T = ()> {
    pub name: Ident,
    /// The parameters, symbolic unless fixed on the command line, each with its range.
    pub params: Vec<Param>,
    pub arrays: Vec<ArrayDecl>,
    pub body: Block<T>,
    pub span: Span,
    pub ann: T,
    /// What the front end's names stand for in the source (the CUDA lowering's renamed
    /// parameters, arrays and loop variables); empty for `.bcu`. Only reports read it.
    pub names: SourceNames,
}

impl<T> Kernel<T> {
    pub fn array(&self, name: &str) -> Option<&ArrayDecl> {
        self.arrays.iter().find(|a| a.name.name == name)
    }
}

/// Where an array lives, which decides who can race on it (SPEC §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// One copy per block: only threads of the same block can race.
    Shared,
    /// One copy per grid: threads of different blocks race too.
    Global,
}

impl Space {
    pub fn keyword(self) -> &'static str {
        match self {
            Space::Shared => "shared",
            Space::Global => "global",
        }
    }
}

/// `shared A;` or `global B;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayDecl {
    pub name: Ident,
    pub space: Space,
    pub span: Span,
    /// The shape the source declared, when a front end flattened a multi-dimensional array or
    /// an array of structs into this one (CUDA); `None` for `.bcu` arrays, whose cells are
    /// named by their indices as written. Only reports read it.
    pub layout: Option<crate::layout::Layout>,
}

/// A `{ ... }` sequence of statements; bindings made in it end with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block<T = ()> {
    pub stmts: Vec<Stmt<T>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt<T = ()> {
    pub kind: StmtKind<T>,
    pub span: Span,
    pub ann: T,
}

/// An array cell: the array and one index expression per dimension (`A[i][j]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub array: Ident,
    pub index: Vec<Expr>,
    pub span: Span,
    /// What the source says the access must stay within (`notes/out-of-bounds.md`): one
    /// [`Bound`] per subscript of a dimension of fixed size. Empty when the source declares no
    /// size (`.bcu` arrays unless written with `in [...]`, pointers, `extern __shared__`).
    /// The flat `index` alone decides the cell; the bounds decide whether the access is
    /// defined at all.
    pub bounds: Vec<Bound>,
}

/// `0 <= index < extent`: the subscript of dimension `dim` (0 the outermost of the declared
/// array) of an access, as the source wrote it before the front end flattened the array
/// (`tile[ty][tx]` of `float tile[32][33]` is the cell `ty * 33 + tx` with the bounds
/// `ty < 32` in dimension 0 and `tx < 33` in dimension 1). Printed `in [0: ty < 32, 1: tx < 33]`
/// after the access.
/// Generic over the variables of its index as [`Expr`]: the type checker's MAP carries the
/// bounds of its accesses over typed variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound<V = String> {
    pub dim: usize,
    pub index: Expr<V>,
    pub extent: i64,
}

impl<V> Bound<V> {
    /// Whether `value`, the index's value, lies in the dimension.
    pub fn holds(&self, value: i128) -> bool {
        (0..i128::from(self.extent)).contains(&value)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind<T = ()> {
    /// `skip;`
    Skip,
    /// `sync;` — a block-wide barrier: ends the current phase.
    Sync,
    /// `syncwarp;` — CUDA's `__syncwarp()` with the full mask: a barrier for the lanes of one
    /// warp (consecutive linear thread ids, `--warp-size` of them). It orders the accesses of
    /// the threads of each warp, never those of different warps, and every lane of a warp must
    /// reach the same sequence of them (else warp-level barrier divergence).
    SyncWarp,
    /// `A[e] := v;`
    Write { target: Access, value: Expr },
    /// `let x = A[e];` — binds `x` to the cell's contents for the rest of the block.
    Read { var: Ident, source: Access },
    /// `let x = e;` — a pure binding.
    Let { var: Ident, value: Expr },
    /// `let x = ?;` — a value nobody can predict, chosen per thread.
    Unknown { var: Ident },
    /// `atomic A[e] OP v;` or `let x = atomic A[e] OP v;` — an atomic read-modify-write that
    /// binds `x` (when present) to the old contents.
    Atomic {
        var: Option<Ident>,
        target: Access,
        op: AtomicOp,
        value: Expr,
    },
    /// `if c { ... } else { ... }`, the `else` optional.
    If {
        cond: Cond,
        then_branch: Block<T>,
        else_branch: Option<Block<T>>,
    },
    /// `for x in a..b step s { ... }` and `for x in a downto b step s { ... }`.
    For {
        var: Ident,
        range: Range,
        body: Block<T>,
    },
    /// `assume c;` — a precondition, like GPUVerify's `__requires`.
    Assume { cond: Cond },
}

/// The operation of an atomic read-modify-write; the new contents are `OP(old, value)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    /// `+=` (`atomic A[i];` alone is `atomic A[i] += 1;`)
    Add,
    /// `-=`
    Sub,
    /// `&=`
    And,
    /// `|=`
    Or,
    /// `^=`
    Xor,
    /// `:=` — exchange: store the value, return the old contents.
    Exch,
}

impl AtomicOp {
    pub fn symbol(self) -> &'static str {
        match self {
            AtomicOp::Add => "+=",
            AtomicOp::Sub => "-=",
            AtomicOp::And => "&=",
            AtomicOp::Or => "|=",
            AtomicOp::Xor => "^=",
            AtomicOp::Exch => ":=",
        }
    }

    /// The arithmetic operation that combines the old contents with the value, if any.
    pub fn bin_op(self) -> Option<BinOp> {
        match self {
            AtomicOp::Add => Some(BinOp::Add),
            AtomicOp::Sub => Some(BinOp::Sub),
            AtomicOp::And => Some(BinOp::And),
            AtomicOp::Or => Some(BinOp::Or),
            AtomicOp::Xor => Some(BinOp::Xor),
            AtomicOp::Exch => None,
        }
    }
}

/// Which way a loop counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `for x in a..b`: `x = a`, then `x = step(x)` while `x < b` (`a..b` is half-open).
    Up,
    /// `for x in a downto b`: `x = a`, then `x = step(x)` while `x > b` (`b` is excluded).
    Down,
}

/// How a loop variable moves from one iteration to the next: `x = x OP amount`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepOp {
    /// `step +k` (the default of an ascending loop, with `k = 1`)
    Add,
    /// `step -k` (the default of a descending loop, with `k = 1`)
    Sub,
    /// `step *k`
    Mul,
    /// `step /k`
    Div,
    /// `step <<k`
    Shl,
    /// `step >>k`
    Shr,
}

impl StepOp {
    pub fn symbol(self) -> &'static str {
        match self {
            StepOp::Add => "+",
            StepOp::Sub => "-",
            StepOp::Mul => "*",
            StepOp::Div => "/",
            StepOp::Shl => "<<",
            StepOp::Shr => ">>",
        }
    }

    /// The steps that move a loop in `dir`: ascending loops grow, descending loops shrink.
    pub fn moves(self, dir: Direction) -> bool {
        match dir {
            Direction::Up => matches!(self, StepOp::Add | StepOp::Mul | StepOp::Shl),
            Direction::Down => matches!(self, StepOp::Sub | StepOp::Div | StepOp::Shr),
        }
    }

    pub fn bin_op(self) -> BinOp {
        match self {
            StepOp::Add => BinOp::Add,
            StepOp::Sub => BinOp::Sub,
            StepOp::Mul => BinOp::Mul,
            StepOp::Div => BinOp::Div,
            StepOp::Shl => BinOp::Shl,
            StepOp::Shr => BinOp::Shr,
        }
    }
}

/// `x = x OP amount` after each iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<V = String> {
    pub op: StepOp,
    pub amount: Expr<V>,
    pub span: Span,
}

/// The iteration space of a loop: start, exclusive bound, direction and step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range<V = String> {
    pub start: Expr<V>,
    pub bound: Expr<V>,
    pub dir: Direction,
    pub step: Step<V>,
}

impl<V> Range<V> {
    /// A stride-1 loop of the paper (`for x ∈ n..m`), possibly written with an explicit
    /// `step +1`.
    pub fn is_unit_stride(&self) -> bool {
        self.dir == Direction::Up
            && self.step.op == StepOp::Add
            && matches!(self.step.amount.kind, ExprKind::Int(1))
    }

    /// The same range over other variables: `f` of each.
    pub fn map_vars<W>(&self, f: &mut impl FnMut(&V) -> W) -> Range<W> {
        Range {
            start: self.start.map_vars(f),
            bound: self.bound.map_vars(f),
            dir: self.dir,
            step: Step {
                op: self.step.op,
                amount: self.step.amount.map_vars(f),
                span: self.step.span,
            },
        }
    }
}

/// A numeric expression (the paper's `n`), over variables `V`: a kernel names them as written
/// (`String`); a MAP's terms have typed variables (`mapcheck_typeck::Var`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr<V = String> {
    pub kind: ExprKind<V>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind<V = String> {
    /// A literal; the parser only produces naturals, lowering may produce any `i64`.
    Int(i64),
    /// A parameter, built-in, loop variable or `let`-bound variable.
    Var(V),
    Neg(Box<Expr<V>>),
    Bin(BinOp, Box<Expr<V>>, Box<Expr<V>>),
    /// `select(c, a, b)`: `a` where `c` holds, else `b` (C's `c ? a : b` on integers). Both
    /// branches are pure, so evaluating only the chosen one is the same as evaluating both;
    /// the CUDA lowering uses it for ternaries and for a variable assigned on both branches
    /// of an `if` (a join).
    Select(Box<Cond<V>>, Box<Expr<V>>, Box<Expr<V>>),
}

impl<V> Expr<V> {
    pub fn new(kind: ExprKind<V>, span: Span) -> Self {
        Expr { kind, span }
    }

    pub fn int(value: i64, span: Span) -> Self {
        Expr::new(ExprKind::Int(value), span)
    }

    pub fn var(name: impl Into<V>, span: Span) -> Self {
        Expr::new(ExprKind::Var(name.into()), span)
    }

    pub fn bin(op: BinOp, lhs: Expr<V>, rhs: Expr<V>) -> Self {
        let span = lhs.span.to(rhs.span);
        Expr::new(ExprKind::Bin(op, Box::new(lhs), Box::new(rhs)), span)
    }

    /// Calls `f` on every variable occurrence, left to right.
    pub fn visit_vars<'a>(&'a self, f: &mut impl FnMut(&'a V, Span)) {
        match &self.kind {
            ExprKind::Int(_) => {}
            ExprKind::Var(name) => f(name, self.span),
            ExprKind::Neg(e) => e.visit_vars(f),
            ExprKind::Bin(_, a, b) => {
                a.visit_vars(f);
                b.visit_vars(f);
            }
            ExprKind::Select(c, a, b) => {
                c.visit_vars(f);
                a.visit_vars(f);
                b.visit_vars(f);
            }
        }
    }

    /// The same expression over other variables: `f` of each.
    pub fn map_vars<W>(&self, f: &mut impl FnMut(&V) -> W) -> Expr<W> {
        let kind = match &self.kind {
            ExprKind::Int(v) => ExprKind::Int(*v),
            ExprKind::Var(name) => ExprKind::Var(f(name)),
            ExprKind::Neg(e) => ExprKind::Neg(Box::new(e.map_vars(f))),
            ExprKind::Bin(op, a, b) => {
                ExprKind::Bin(*op, Box::new(a.map_vars(f)), Box::new(b.map_vars(f)))
            }
            ExprKind::Select(c, a, b) => ExprKind::Select(
                Box::new(c.map_vars(f)),
                Box::new(a.map_vars(f)),
                Box::new(b.map_vars(f)),
            ),
        };
        Expr::new(kind, self.span)
    }
}

impl Expr {
    /// Calls `f` on every variable occurrence, left to right.
    pub fn for_each_var<'a>(&'a self, f: &mut impl FnMut(&'a str, Span)) {
        self.visit_vars(&mut |name: &'a String, span| f(name, span));
    }
}

/// Binary operators on numbers. Those whose meaning depends on signedness in `bv32` mode come
/// in two forms: the plain one reads its operands as signed 32-bit words (C's `int`), the
/// `U…` one as unsigned (C's `unsigned`). In `int` mode both forms agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Euclidean division, `x / 0 = 0`.
    Div,
    /// Euclidean remainder (never negative), `x % 0 = x`.
    Rem,
    Shl,
    /// Arithmetic (sign-filling) right shift.
    Shr,
    And,
    Or,
    Xor,
    Min,
    Max,
    /// `udiv(a, b)`
    UDiv,
    /// `urem(a, b)`
    URem,
    /// `ushr(a, b)`: logical right shift.
    UShr,
    /// `umin(a, b)`
    UMin,
    /// `umax(a, b)`
    UMax,
}

/// How an operator is written, which the parser and the printer share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `a OP b` with a binding strength (higher binds tighter); all are left-associative.
    Infix(&'static str, u8),
    /// `NAME(a, b)`
    Call(&'static str),
}

impl BinOp {
    pub const ALL: [BinOp; 17] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Min,
        BinOp::Max,
        BinOp::UDiv,
        BinOp::URem,
        BinOp::UShr,
        BinOp::UMin,
        BinOp::UMax,
    ];

    /// C's precedence levels: `* / %` > `+ -` > `<< >>` > `&` > `^` > `|`.
    pub fn notation(self) -> Notation {
        use Notation::*;
        match self {
            BinOp::Mul => Infix("*", 6),
            BinOp::Div => Infix("/", 6),
            BinOp::Rem => Infix("%", 6),
            BinOp::Add => Infix("+", 5),
            BinOp::Sub => Infix("-", 5),
            BinOp::Shl => Infix("<<", 4),
            BinOp::Shr => Infix(">>", 4),
            BinOp::And => Infix("&", 3),
            BinOp::Xor => Infix("^", 2),
            BinOp::Or => Infix("|", 1),
            BinOp::Min => Call("min"),
            BinOp::Max => Call("max"),
            BinOp::UDiv => Call("udiv"),
            BinOp::URem => Call("urem"),
            BinOp::UShr => Call("ushr"),
            BinOp::UMin => Call("umin"),
            BinOp::UMax => Call("umax"),
        }
    }

    /// The operator written as a call `name(a, b)`, if one has that name.
    pub fn from_call_name(name: &str) -> Option<BinOp> {
        BinOp::ALL
            .into_iter()
            .find(|op| matches!(op.notation(), Notation::Call(n) if n == name))
    }
}

/// A boolean condition (the paper's `c`), over variables `V` as [`Expr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cond<V = String> {
    pub kind: CondKind<V>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CondKind<V = String> {
    Bool(bool),
    Cmp(CmpOp, Expr<V>, Expr<V>),
    Not(Box<Cond<V>>),
    And(Box<Cond<V>>, Box<Cond<V>>),
    Or(Box<Cond<V>>, Box<Cond<V>>),
}

impl Cond {
    /// `ntid.x * ntid.y * ntid.z <= most`: the threads of a block are at most `most` (a
    /// kernel's `__launch_bounds__`); recognised by [`Cond::is_block_size_bound`].
    pub fn block_size_at_most(most: Expr, span: Span) -> Self {
        let dim = |d: Dim| Expr::var(Builtin::component(Geometry::Ntid, d).name(), span);
        let threads = Expr::bin(
            BinOp::Mul,
            Expr::bin(BinOp::Mul, dim(Dim::X), dim(Dim::Y)),
            dim(Dim::Z),
        );
        Cond::new(CondKind::Cmp(CmpOp::Le, threads, most), span)
    }

    /// Whether this is a [`Cond::block_size_at_most`] whose bound reads no built-in.
    pub fn is_block_size_bound(&self) -> bool {
        let CondKind::Cmp(CmpOp::Le, threads, most) = &self.kind else {
            return false;
        };
        let is_dim = |e: &Expr, d: Dim| matches!(&e.kind, ExprKind::Var(n) if *n == Builtin::component(Geometry::Ntid, d).name());
        let ExprKind::Bin(BinOp::Mul, xy, z) = &threads.kind else {
            return false;
        };
        let ExprKind::Bin(BinOp::Mul, x, y) = &xy.kind else {
            return false;
        };
        let mut reads_geometry = false;
        most.for_each_var(&mut |n, _| reads_geometry |= Builtin::from_name(n).is_some());
        is_dim(x, Dim::X) && is_dim(y, Dim::Y) && is_dim(z, Dim::Z) && !reads_geometry
    }
}

impl<V> Cond<V> {
    pub fn new(kind: CondKind<V>, span: Span) -> Self {
        Cond { kind, span }
    }

    /// Calls `f` on every variable occurrence, left to right.
    pub fn visit_vars<'a>(&'a self, f: &mut impl FnMut(&'a V, Span)) {
        match &self.kind {
            CondKind::Bool(_) => {}
            CondKind::Cmp(_, a, b) => {
                a.visit_vars(f);
                b.visit_vars(f);
            }
            CondKind::Not(c) => c.visit_vars(f),
            CondKind::And(a, b) | CondKind::Or(a, b) => {
                a.visit_vars(f);
                b.visit_vars(f);
            }
        }
    }

    /// The same condition over other variables: `f` of each.
    pub fn map_vars<W>(&self, f: &mut impl FnMut(&V) -> W) -> Cond<W> {
        let kind = match &self.kind {
            CondKind::Bool(b) => CondKind::Bool(*b),
            CondKind::Cmp(op, a, b) => CondKind::Cmp(*op, a.map_vars(f), b.map_vars(f)),
            CondKind::Not(c) => CondKind::Not(Box::new(c.map_vars(f))),
            CondKind::And(a, b) => CondKind::And(Box::new(a.map_vars(f)), Box::new(b.map_vars(f))),
            CondKind::Or(a, b) => CondKind::Or(Box::new(a.map_vars(f)), Box::new(b.map_vars(f))),
        };
        Cond::new(kind, self.span)
    }
}

impl Cond {
    /// Calls `f` on every variable occurrence, left to right.
    pub fn for_each_var<'a>(&'a self, f: &mut impl FnMut(&'a str, Span)) {
        self.visit_vars(&mut |name: &'a String, span| f(name, span));
    }
}

/// Comparisons; the `U…` forms compare as unsigned 32-bit words in `bv32` mode (`ult(a, b)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    ULt,
    ULe,
    UGt,
    UGe,
}

impl CmpOp {
    pub const ALL: [CmpOp; 10] = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::ULt,
        CmpOp::ULe,
        CmpOp::UGt,
        CmpOp::UGe,
    ];

    pub fn notation(self) -> Notation {
        use Notation::*;
        match self {
            CmpOp::Eq => Infix("==", 0),
            CmpOp::Ne => Infix("!=", 0),
            CmpOp::Lt => Infix("<", 0),
            CmpOp::Le => Infix("<=", 0),
            CmpOp::Gt => Infix(">", 0),
            CmpOp::Ge => Infix(">=", 0),
            CmpOp::ULt => Call("ult"),
            CmpOp::ULe => Call("ule"),
            CmpOp::UGt => Call("ugt"),
            CmpOp::UGe => Call("uge"),
        }
    }

    pub fn from_call_name(name: &str) -> Option<CmpOp> {
        CmpOp::ALL
            .into_iter()
            .find(|op| matches!(op.notation(), Notation::Call(n) if n == name))
    }
}

impl<T> Block<T> {
    /// Calls `f` on every statement of the block and of the blocks nested in it, in source order.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Stmt<T>)) {
        walk_stmts(&self.stmts, f);
    }

    /// The largest literal the code multiplies the block id along each dimension by
    /// (`bid.x * 256`, `256 * bid.x`, `bid.x << 8`, `bid.y * 16`), 1 where it never does: a
    /// global id built on a block size written in the code (`blockIdx.x * 256 + threadIdx.x`,
    /// a tile's `blockIdx.y * 16 + threadIdx.y`), which the launch conventions keep from
    /// wrapping and read as the block size the code is written for (`map-smt`'s `launch.rs`).
    pub fn block_id_strides(&self) -> [i128; 3] {
        fn expr(e: &Expr, most: &mut [i128; 3]) {
            let bid = |e: &Expr| match &e.kind {
                ExprKind::Var(v) => ["bid.x", "bid.y", "bid.z"].iter().position(|b| v == b),
                _ => None,
            };
            match &e.kind {
                ExprKind::Int(_) | ExprKind::Var(_) => {}
                ExprKind::Neg(a) => expr(a, most),
                ExprKind::Bin(op, a, b) => {
                    let stride = match (op, &a.kind, &b.kind) {
                        (BinOp::Mul, _, ExprKind::Int(c)) => bid(a).map(|d| (d, i128::from(*c))),
                        (BinOp::Mul, ExprKind::Int(c), _) => bid(b).map(|d| (d, i128::from(*c))),
                        (BinOp::Shl, _, ExprKind::Int(k)) if (0..62).contains(k) => {
                            bid(a).map(|d| (d, 1i128 << k))
                        }
                        _ => None,
                    };
                    if let Some((d, c)) = stride {
                        most[d] = most[d].max(c);
                    }
                    expr(a, most);
                    expr(b, most);
                }
                ExprKind::Select(c, a, b) => {
                    cond(c, most);
                    expr(a, most);
                    expr(b, most);
                }
            }
        }
        fn cond(c: &Cond, most: &mut [i128; 3]) {
            match &c.kind {
                CondKind::Bool(_) => {}
                CondKind::Cmp(_, a, b) => {
                    expr(a, most);
                    expr(b, most);
                }
                CondKind::Not(a) => cond(a, most),
                CondKind::And(a, b) | CondKind::Or(a, b) => {
                    cond(a, most);
                    cond(b, most);
                }
            }
        }
        let mut most = [1; 3];
        self.walk(&mut |stmt| match &stmt.kind {
            StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {}
            StmtKind::Write { target, value } | StmtKind::Atomic { target, value, .. } => {
                target.index.iter().for_each(|e| expr(e, &mut most));
                expr(value, &mut most);
            }
            StmtKind::Read { source, .. } => {
                source.index.iter().for_each(|e| expr(e, &mut most));
            }
            StmtKind::Let { value, .. } => expr(value, &mut most),
            StmtKind::If { cond: c, .. } | StmtKind::Assume { cond: c } => cond(c, &mut most),
            StmtKind::For { range, .. } => {
                expr(&range.start, &mut most);
                expr(&range.bound, &mut most);
                expr(&range.step.amount, &mut most);
            }
        });
        most
    }
}

/// [`Block::walk`] over a list of statements that is not (yet) a block.
pub fn walk_stmts<'a, T>(stmts: &'a [Stmt<T>], f: &mut impl FnMut(&'a Stmt<T>)) {
    for stmt in stmts {
        f(stmt);
        match &stmt.kind {
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                then_branch.walk(f);
                if let Some(b) = else_branch {
                    b.walk(f);
                }
            }
            StmtKind::For { body, .. } => body.walk(f),
            _ => {}
        }
    }
}

impl<T> Kernel<T> {
    /// Whether the kernel has a `syncwarp;` anywhere: its warps order their own lanes.
    pub fn has_syncwarp(&self) -> bool {
        let mut found = false;
        self.body
            .walk(&mut |stmt| found |= matches!(stmt.kind, StmtKind::SyncWarp));
        found
    }

    /// The built-ins the kernel reads anywhere: in indices, values, conditions, loop ranges and
    /// `assume`s.
    pub fn builtins(&self) -> std::collections::BTreeSet<Builtin> {
        self.builtins_in(|_| true)
    }

    /// The built-ins the kernel's code reads: [`Kernel::builtins`] but for the assumptions
    /// that only bound the threads of a block ([`Cond::is_block_size_bound`]). A
    /// `__launch_bounds__(256)` reads no dimension of the block — it limits what a launch may
    /// be — so it leaves the launch conventions (which set every unread dimension to 1) as
    /// they were.
    pub fn builtins_read_by_code(&self) -> std::collections::BTreeSet<Builtin> {
        self.body.builtins_read_by_code()
    }

    /// The built-ins read by the statements `counted` keeps.
    fn builtins_in(
        &self,
        counted: impl Fn(&StmtKind<T>) -> bool,
    ) -> std::collections::BTreeSet<Builtin> {
        self.body.builtins_in(counted)
    }
}

impl<T> Block<T> {
    /// [`Kernel::builtins_read_by_code`] of a block (a kernel's body before it is a kernel:
    /// the CUDA lowering asks it of what it lowered).
    pub fn builtins_read_by_code(&self) -> std::collections::BTreeSet<Builtin> {
        self.builtins_in(
            |kind| !matches!(kind, StmtKind::Assume { cond } if cond.is_block_size_bound()),
        )
    }

    /// The built-ins read by the statements `counted` keeps.
    fn builtins_in(
        &self,
        counted: impl Fn(&StmtKind<T>) -> bool,
    ) -> std::collections::BTreeSet<Builtin> {
        let mut used = std::collections::BTreeSet::new();
        let mut note = |name: &str, _: Span| {
            if let Some(b) = Builtin::from_name(name) {
                used.insert(b);
            }
        };
        self.walk(&mut |stmt| {
            if counted(&stmt.kind) {
                stmt.kind.for_each_var(&mut note)
            }
        });
        used
    }
}

impl<T> StmtKind<T> {
    /// The variable this statement binds for the rest of its block, if any.
    pub fn binder(&self) -> Option<&Ident> {
        match self {
            StmtKind::Read { var, .. } | StmtKind::Let { var, .. } | StmtKind::Unknown { var } => {
                Some(var)
            }
            StmtKind::Atomic { var, .. } => var.as_ref(),
            _ => None,
        }
    }

    /// Calls `f` on every variable occurrence of this statement's own expressions and
    /// conditions (not those of nested blocks), left to right.
    pub fn for_each_var<'a>(&'a self, f: &mut impl FnMut(&'a str, Span)) {
        let access = |a: &'a Access, f: &mut dyn FnMut(&'a str, Span)| {
            for e in a.index.iter().chain(a.bounds.iter().map(|b| &b.index)) {
                e.for_each_var(&mut |n, s| f(n, s));
            }
        };
        match self {
            StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {}
            StmtKind::Write { target, value } => {
                access(target, f);
                value.for_each_var(f);
            }
            StmtKind::Read { source, .. } => access(source, f),
            StmtKind::Let { value, .. } => value.for_each_var(f),
            StmtKind::Atomic { target, value, .. } => {
                access(target, f);
                value.for_each_var(f);
            }
            StmtKind::If { cond, .. } | StmtKind::Assume { cond } => cond.for_each_var(f),
            StmtKind::For { range, .. } => {
                range.start.for_each_var(f);
                range.bound.for_each_var(f);
                range.step.amount.for_each_var(f);
            }
        }
    }

    /// The variable this statement introduces: its [`binder`](Self::binder), or a loop's
    /// variable (bound in its body).
    pub fn declared(&self) -> Option<&Ident> {
        match self {
            StmtKind::For { var, .. } => Some(var),
            other => other.binder(),
        }
    }
}
