//! The language of memory access protocols (MAPs): the paper's Figure 2, extended with what
//! `.bcu` adds (atomics, strided loops, `assume`, several arrays in two memory spaces, and
//! per-thread unknowns for values the protocol cannot follow).
//!
//! Two types keep the paper's two fragments apart, as `proofs/Syntax.v` does:
//!
//! * [`Proto`] — unsynchronised protocols `u` (Coq `proto`): `skip`, accesses, sequencing,
//!   conditionals, loops, and `assume`;
//! * [`SyncProto`] — synchronised protocols `p` (Coq `sproto`): an unsynchronised protocol,
//!   `sync`, sequencing, and loops and conditionals whose bodies contain a `sync`.
//!
//! Index expressions, conditions and loop ranges reuse `mapcheck-core`'s expressions over
//! typed variables ([`term`]). After inference every variable in them is a [`Var::Source`] (a
//! parameter, a built-in, a loop variable of an enclosing protocol loop) or a per-thread
//! [`Var::Unknown`]: pure `let`s have been substituted away, and variables bound by reads, `?`
//! and atomics have been replaced by unknowns, each described once in [`Map::unknowns`].

use mapcheck_core::ast::{ArrayDecl, Ident, Param, Space};
use mapcheck_core::Span;
use std::fmt;
use term::{Cond, Expr, Range};

/// A variable of a MAP term, and of the SMT encoding's terms: what it is, not a name to be
/// parsed (printed names, `?x` for an unknown, are made only by [`fmt::Display`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Var {
    /// A parameter, a built-in or a loop variable, by its name in the source.
    Source(String),
    /// A per-thread unknown ([`Map::unknowns`]).
    Unknown(UnknownId),
    /// A value the SMT encoding makes up for an operation it cannot express (`int` mode), the
    /// `n`-th of its query.
    Fresh(usize),
    /// The phase split's copy of a barrier-loop variable for the next iteration, in the second
    /// half of a phase that straddles the loop's back edge (printed primed: `i'`).
    Next(Box<Var>),
}

/// Which per-thread unknown.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnknownId {
    /// The value of the variable `x` that a read, `?` or atomic binds, or of the `let x` whose
    /// value is inexact or too large to substitute: `?x`.
    Of(String),
    /// The `n`-th inexact operation that no `let` names: `?n`.
    Anonymous(usize),
}

impl fmt::Display for UnknownId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownId::Of(var) => write!(f, "?{var}"),
            UnknownId::Anonymous(n) => write!(f, "?{n}"),
        }
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Var::Source(name) => f.write_str(name),
            Var::Unknown(id) => write!(f, "{id}"),
            Var::Fresh(n) => write!(f, "#{n}"),
            Var::Next(var) => write!(f, "{var}'"),
        }
    }
}

impl Var {
    /// The variable's copy for the next iteration of its barrier loop ([`Var::Next`]).
    pub fn next(self) -> Var {
        Var::Next(Box::new(self))
    }
}

/// A variable is the source name `name` when it is [`Var::Source`] of it.
impl PartialEq<str> for Var {
    fn eq(&self, name: &str) -> bool {
        matches!(self, Var::Source(n) if n == name)
    }
}

impl From<&str> for Var {
    fn from(name: &str) -> Var {
        Var::Source(name.to_string())
    }
}

impl From<String> for Var {
    fn from(name: String) -> Var {
        Var::Source(name)
    }
}

// Variables are listed (in witnesses, in reports) in the order of their printed names, as they
// were when names were strings; the kind breaks ties, so that the order agrees with `==`.
impl Ord for Var {
    fn cmp(&self, other: &Var) -> std::cmp::Ordering {
        let kind = |v: &Var| match v {
            Var::Source(_) => 0,
            Var::Unknown(_) => 1,
            Var::Fresh(_) => 2,
            Var::Next(_) => 3,
        };
        (self.to_string(), kind(self))
            .cmp(&(other.to_string(), kind(other)))
            .then_with(|| match (self, other) {
                (Var::Unknown(a), Var::Unknown(b)) => a.cmp(b),
                (Var::Next(a), Var::Next(b)) => a.cmp(b),
                _ => std::cmp::Ordering::Equal,
            })
    }
}

impl PartialOrd for Var {
    fn partial_cmp(&self, other: &Var) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl serde::Serialize for Var {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// MAP terms: `mapcheck-core`'s expressions, conditions and ranges over [`Var`].
pub mod term {
    use super::Var;
    pub type Expr = mapcheck_core::ast::Expr<Var>;
    pub type ExprKind = mapcheck_core::ast::ExprKind<Var>;
    pub type Cond = mapcheck_core::ast::Cond<Var>;
    pub type CondKind = mapcheck_core::ast::CondKind<Var>;
    pub type Range = mapcheck_core::ast::Range<Var>;
    pub type Step = mapcheck_core::ast::Step<Var>;
}

/// What an access does to its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// `rd[n]`: a plain read.
    Rd,
    /// `wr[n]`: a plain write.
    Wr,
    /// `at[n]`: an atomic read-modify-write; atomics race with plain accesses only.
    At,
}

impl Mode {
    pub fn keyword(self) -> &'static str {
        match self {
            Mode::Rd => "rd",
            Mode::Wr => "wr",
            Mode::At => "at",
        }
    }
}

/// One access `o[n]` of a protocol, tagged with the array it touches and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acc {
    pub mode: Mode,
    /// The array, with the span of its name at the access.
    pub array: Ident,
    pub space: Space,
    /// One expression per dimension (`A[i][j]` has two).
    pub index: Vec<Expr>,
    /// The access `A[...]` in the source.
    pub span: Span,
    /// A plain write's payload as a MAP term (parameters, built-ins, loop variables and
    /// unknowns), when it translates without making new unknowns; `None` otherwise and for
    /// reads and atomics. Not part of the paper's MAP (T-WRITE drops the payload): kept only
    /// to tell benign write-write races apart (both threads store the same value).
    pub value: Option<Expr>,
    /// The unknown a read binds (`?x` of `let x = A[...]`), so that a payload that stores
    /// what was read can be tied to the cell it came from.
    pub binds: Option<UnknownId>,
    /// The access's bounds (`Access::bounds`) as MAP terms: not part of the paper's MAP
    /// either. `mapcheck-smt` asks whether a thread can break one (an `out-of-bounds`
    /// finding) and decides races among the accesses that keep them.
    pub bounds: Vec<mapcheck_core::ast::Bound<Var>>,
}

/// An unsynchronised protocol `u` (Coq `proto`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proto {
    /// `skip`: no access.
    Skip,
    /// `rd[n]`, `wr[n]` or `at[n]`.
    Acc(Acc),
    /// `u; u; ...`: never empty, never nested, never containing `skip` (see [`Proto::seq`]).
    Seq(Vec<Proto>),
    /// `if c {u} else {u}`.
    If {
        cond: Cond,
        then_branch: Box<Proto>,
        else_branch: Box<Proto>,
        span: Span,
    },
    /// `for x ∈ n..m {u}`, with the loop's direction and step.
    For {
        var: Ident,
        range: Range,
        body: Box<Proto>,
        span: Span,
    },
    /// `assume c`: the runs that reach this point satisfy `c`.
    Assume { cond: Cond, span: Span },
}

/// A synchronised protocol `p` (Coq `sproto`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyncProto {
    /// An unsynchronised protocol in a synchronised position.
    U(Proto),
    /// `sync`, with the span of the `sync;` statement.
    Sync(Span),
    /// `syncwarp`, with the span of the `syncwarp;` statement: a barrier of each warp's lanes
    /// only (not in the paper nor in the Coq model). The SMT stage reads the protocol twice:
    /// with `syncwarp` as `skip` for threads of different warps
    /// ([`SyncProto::without_warps`]), and with `syncwarp` as a barrier like `sync` for any two
    /// threads — exact for two lanes of one warp that reach the same barriers; for threads of
    /// different warps its phases lie within theirs in the first reading.
    SyncWarp(Span),
    /// `p; p; ...`: never empty or nested, and at least one element contains a `sync`.
    Seq(Vec<SyncProto>),
    /// `if c {p} else {p}` where a branch contains a `sync`.
    If {
        cond: Cond,
        then_branch: Box<SyncProto>,
        else_branch: Box<SyncProto>,
        span: Span,
    },
    /// `for x ∈ n..m {p}` whose body contains a `sync`.
    For {
        var: Ident,
        range: Range,
        body: Box<SyncProto>,
        span: Span,
    },
}

/// The protocol of a statement or block: unsynchronised when it contains no `sync`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment {
    U(Proto),
    P(SyncProto),
}

/// What the type checker says of one statement of `Checked::annotated` (and, for the kernel,
/// of its body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The statement's protocol.
    pub fragment: Fragment,
    /// Whether a `sync` in the blocks directly inside the statement (the branches of an `if`,
    /// the body of a loop) is under uniform control within a block: every enclosing `if` and
    /// loop, the statement's own included, is uniform, so such a `sync` would not be a
    /// `BarrierPlacement`. For a statement without blocks, the same of the block it sits in;
    /// for the kernel, of its body (always). `mapcheck fix` reads its candidate points here.
    pub uniform: bool,
}

impl Proto {
    /// Sequencing with `skip` as unit: drops `skip`s, flattens nested sequences, and gives
    /// `skip` for nothing and the element itself for one.
    pub fn seq(parts: impl IntoIterator<Item = Proto>) -> Proto {
        let mut flat = Vec::new();
        for part in parts {
            match part {
                Proto::Skip => {}
                Proto::Seq(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Proto::Skip,
            1 => flat.pop().unwrap_or(Proto::Skip),
            _ => Proto::Seq(flat),
        }
    }

    /// Every access, in protocol order.
    pub fn accesses(&self) -> Vec<&Acc> {
        let mut out = Vec::new();
        self.collect_accesses(&mut out);
        out
    }

    fn collect_accesses<'a>(&'a self, out: &mut Vec<&'a Acc>) {
        match self {
            Proto::Skip | Proto::Assume { .. } => {}
            Proto::Acc(a) => out.push(a),
            Proto::Seq(parts) => parts.iter().for_each(|p| p.collect_accesses(out)),
            Proto::If {
                then_branch,
                else_branch,
                ..
            } => {
                then_branch.collect_accesses(out);
                else_branch.collect_accesses(out);
            }
            Proto::For { body, .. } => body.collect_accesses(out),
        }
    }
}

impl SyncProto {
    /// Synchronised sequencing: consecutive unsynchronised parts are merged into one
    /// unsynchronised sequence, `skip`s vanish, nested sequences are flattened.
    pub fn seq(parts: impl IntoIterator<Item = SyncProto>) -> SyncProto {
        let mut flat: Vec<SyncProto> = Vec::new();
        let mut pending: Vec<Proto> = Vec::new();
        let flush = |pending: &mut Vec<Proto>, flat: &mut Vec<SyncProto>| {
            if !pending.is_empty() {
                match Proto::seq(std::mem::take(pending)) {
                    Proto::Skip => {}
                    u => flat.push(SyncProto::U(u)),
                }
            }
        };
        let mut stack: Vec<SyncProto> = parts.into_iter().collect();
        stack.reverse();
        while let Some(part) = stack.pop() {
            match part {
                SyncProto::U(u) => pending.push(u),
                SyncProto::Seq(inner) => stack.extend(inner.into_iter().rev()),
                other => {
                    flush(&mut pending, &mut flat);
                    flat.push(other);
                }
            }
        }
        flush(&mut pending, &mut flat);
        match flat.len() {
            0 => SyncProto::U(Proto::Skip),
            1 => flat.pop().unwrap_or(SyncProto::U(Proto::Skip)),
            _ => SyncProto::Seq(flat),
        }
    }

    /// Every access, in protocol order.
    pub fn accesses(&self) -> Vec<&Acc> {
        let mut out = Vec::new();
        self.collect_accesses(&mut out);
        out
    }

    fn collect_accesses<'a>(&'a self, out: &mut Vec<&'a Acc>) {
        match self {
            SyncProto::U(u) => u.collect_accesses(out),
            SyncProto::Sync(_) | SyncProto::SyncWarp(_) => {}
            SyncProto::Seq(parts) => parts.iter().for_each(|p| p.collect_accesses(out)),
            SyncProto::If {
                then_branch,
                else_branch,
                ..
            } => {
                then_branch.collect_accesses(out);
                else_branch.collect_accesses(out);
            }
            SyncProto::For { body, .. } => body.collect_accesses(out),
        }
    }

    /// Whether a `syncwarp` occurs anywhere.
    pub fn has_syncwarp(&self) -> bool {
        match self {
            SyncProto::U(_) | SyncProto::Sync(_) => false,
            SyncProto::SyncWarp(_) => true,
            SyncProto::Seq(parts) => parts.iter().any(SyncProto::has_syncwarp),
            SyncProto::If {
                then_branch,
                else_branch,
                ..
            } => then_branch.has_syncwarp() || else_branch.has_syncwarp(),
            SyncProto::For { body, .. } => body.has_syncwarp(),
        }
    }

    /// The protocol as two threads of *different* warps see it: every `syncwarp` is `skip`,
    /// and a conditional or loop left without a `sync` is unsynchronised again (as the type
    /// checker types the kernel without its `syncwarp`s).
    pub fn without_warps(&self) -> SyncProto {
        self.fold(&mut |node| match node {
            SyncNode::SyncWarp(_) => Fragment::skip(),
            node => node.into_fragment(),
        })
        .into_sync()
    }

    /// Folds the protocol bottom up: `f` is given every node with the results of its children
    /// in place of them, the nodes in protocol order (children left to right, then their
    /// parent). The one traversal that rebuilds conditionals and loops ([`SyncNode::rebuild`],
    /// [`SyncNode::into_fragment`], [`SyncNode::into_unsync`]).
    pub fn fold<T>(&self, f: &mut impl FnMut(SyncNode<'_, T>) -> T) -> T {
        let node = match self {
            SyncProto::U(u) => SyncNode::U(u),
            SyncProto::Sync(span) => SyncNode::Sync(*span),
            SyncProto::SyncWarp(span) => SyncNode::SyncWarp(*span),
            SyncProto::Seq(parts) => SyncNode::Seq(parts.iter().map(|p| p.fold(f)).collect()),
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                span,
            } => {
                let then_branch = then_branch.fold(f);
                let else_branch = else_branch.fold(f);
                SyncNode::If {
                    cond,
                    then_branch,
                    else_branch,
                    span: *span,
                }
            }
            SyncProto::For {
                var,
                range,
                body,
                span,
            } => SyncNode::For {
                var,
                range,
                body: body.fold(f),
                span: *span,
            },
        };
        f(node)
    }

    /// The spans of the `sync`s, in protocol order.
    pub fn barriers(&self) -> Vec<Span> {
        let mut out = Vec::new();
        self.collect_barriers(&mut out);
        out
    }

    fn collect_barriers(&self, out: &mut Vec<Span>) {
        match self {
            SyncProto::U(_) | SyncProto::SyncWarp(_) => {}
            SyncProto::Sync(span) => out.push(*span),
            SyncProto::Seq(parts) => parts.iter().for_each(|p| p.collect_barriers(out)),
            SyncProto::If {
                then_branch,
                else_branch,
                ..
            } => {
                then_branch.collect_barriers(out);
                else_branch.collect_barriers(out);
            }
            SyncProto::For { body, .. } => body.collect_barriers(out),
        }
    }
}

/// One node of a synchronised protocol whose children were folded into `T`
/// ([`SyncProto::fold`]); the leaves are the protocol's own.
#[derive(Clone, Debug)]
pub enum SyncNode<'a, T> {
    U(&'a Proto),
    Sync(Span),
    SyncWarp(Span),
    Seq(Vec<T>),
    If {
        cond: &'a Cond,
        then_branch: T,
        else_branch: T,
        span: Span,
    },
    For {
        var: &'a Ident,
        range: &'a Range,
        body: T,
        span: Span,
    },
}

impl SyncNode<'_, SyncProto> {
    /// The node as it was, with its children's results in their places (a sequence is not
    /// normalised again).
    pub fn rebuild(self) -> SyncProto {
        match self {
            SyncNode::U(u) => SyncProto::U(u.clone()),
            SyncNode::Sync(span) => SyncProto::Sync(span),
            SyncNode::SyncWarp(span) => SyncProto::SyncWarp(span),
            SyncNode::Seq(parts) => SyncProto::Seq(parts),
            SyncNode::If {
                cond,
                then_branch,
                else_branch,
                span,
            } => SyncProto::If {
                cond: cond.clone(),
                then_branch: Box::new(then_branch),
                else_branch: Box::new(else_branch),
                span,
            },
            SyncNode::For {
                var,
                range,
                body,
                span,
            } => SyncProto::For {
                var: var.clone(),
                range: range.clone(),
                body: Box::new(body),
                span,
            },
        }
    }
}

impl SyncNode<'_, Proto> {
    /// The node as an unsynchronised protocol, with `barrier` in place of a `sync` or
    /// `syncwarp`.
    pub fn into_unsync(self, barrier: Proto) -> Proto {
        match self {
            SyncNode::U(u) => u.clone(),
            SyncNode::Sync(_) | SyncNode::SyncWarp(_) => barrier,
            SyncNode::Seq(parts) => Proto::seq(parts),
            SyncNode::If {
                cond,
                then_branch,
                else_branch,
                span,
            } => Proto::If {
                cond: cond.clone(),
                then_branch: Box::new(then_branch),
                else_branch: Box::new(else_branch),
                span,
            },
            SyncNode::For {
                var,
                range,
                body,
                span,
            } => Proto::For {
                var: var.clone(),
                range: range.clone(),
                body: Box::new(body),
                span,
            },
        }
    }
}

impl SyncNode<'_, Fragment> {
    /// The node as a fragment: unsynchronised when its children are (a conditional or loop
    /// whose blocks lost their barriers is typed as the type checker types it without them).
    pub fn into_fragment(self) -> Fragment {
        match self {
            SyncNode::U(u) => Fragment::U(u.clone()),
            SyncNode::Sync(span) => Fragment::P(SyncProto::Sync(span)),
            SyncNode::SyncWarp(span) => Fragment::P(SyncProto::SyncWarp(span)),
            SyncNode::Seq(parts) => Fragment::seq(parts),
            SyncNode::If {
                cond,
                then_branch,
                else_branch,
                span,
            } => match (then_branch, else_branch) {
                (Fragment::U(a), Fragment::U(b)) => Fragment::U(
                    SyncNode::If {
                        cond,
                        then_branch: a,
                        else_branch: b,
                        span,
                    }
                    .into_unsync(Proto::Skip),
                ),
                (a, b) => Fragment::P(
                    SyncNode::If {
                        cond,
                        then_branch: a.into_sync(),
                        else_branch: b.into_sync(),
                        span,
                    }
                    .rebuild(),
                ),
            },
            SyncNode::For {
                var,
                range,
                body,
                span,
            } => match body {
                Fragment::U(u) => Fragment::U(
                    SyncNode::For {
                        var,
                        range,
                        body: u,
                        span,
                    }
                    .into_unsync(Proto::Skip),
                ),
                Fragment::P(p) => Fragment::P(
                    SyncNode::For {
                        var,
                        range,
                        body: p,
                        span,
                    }
                    .rebuild(),
                ),
            },
        }
    }
}

impl Fragment {
    pub fn skip() -> Fragment {
        Fragment::U(Proto::Skip)
    }

    /// The fragment as a synchronised protocol: rule TS-U (Coq `Mapcheck.Typing.TS_U`)
    /// when it is unsynchronised.
    pub fn into_sync(self) -> SyncProto {
        match self {
            Fragment::U(u) => SyncProto::U(u),
            Fragment::P(p) => p,
        }
    }

    /// Sequencing of fragments: unsynchronised when every part is.
    pub fn seq(parts: Vec<Fragment>) -> Fragment {
        if parts.iter().all(|f| matches!(f, Fragment::U(_))) {
            Fragment::U(Proto::seq(parts.into_iter().filter_map(|f| match f {
                Fragment::U(u) => Some(u),
                Fragment::P(_) => None,
            })))
        } else {
            Fragment::P(SyncProto::seq(parts.into_iter().map(Fragment::into_sync)))
        }
    }
}

/// What a per-thread unknown stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownOrigin {
    /// The value `let x = A[...]` read.
    Read { var: String, array: String },
    /// `let x = ?`.
    Havoc { var: String },
    /// The old contents `let x = atomic A[...]` returned.
    Atomic { var: String, array: String },
    /// A bitwise operation that `int` arithmetic cannot encode exactly (SPEC §4); `text` is
    /// the operation as written.
    Inexact { text: String },
    /// A pure `let x = e` whose substituted value grew too large to keep
    /// ([`crate::infer::MAX_SUBSTITUTED`]).
    TooLarge { var: String },
}

/// A per-thread unknown of a data-dependent kernel's MAP.
///
/// An unknown is a value each thread chooses freely, independently of every other thread.
/// Introduced inside loops, it is chosen afresh at every iteration: it is a function of the
/// thread (`tid`, `bid`) and of the variables of the enclosing loops ([`Unknown::loop_vars`]),
/// which is what an SMT encoding must make it (one uninterpreted function per thread copy,
/// applied to those loop variables, or a fresh constant per thread copy when there are none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// Which unknown: [`UnknownId::Of`] the variable a read, `?`, atomic or inexact `let`
    /// binds (printed `?x`), or [`UnknownId::Anonymous`] for an inexact operation no `let`
    /// names (printed `?1`, `?2`, ...).
    pub id: UnknownId,
    pub origin: UnknownOrigin,
    /// Where it is introduced: the binding statement, or the inexact operation.
    pub span: Span,
    /// Variables of the loops enclosing the introduction, outermost first.
    pub loop_vars: Vec<String>,
}

/// A kernel's memory access protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub kernel: Ident,
    pub params: Vec<Param>,
    pub arrays: Vec<ArrayDecl>,
    pub body: SyncProto,
    /// Every unknown the body mentions, in order of introduction.
    pub unknowns: Vec<Unknown>,
    /// The geometry built-ins the kernel reads: whether the decision needs the components of
    /// the thread and block ids or only their linear forms.
    pub builtins: std::collections::BTreeSet<mapcheck_core::ast::Builtin>,
    /// The built-ins the kernel's code reads, an assumption that only bounds the threads of a
    /// block left out (`Kernel::builtins_read_by_code`): the dimensions the launch conventions
    /// treat as read.
    pub read_by_code: std::collections::BTreeSet<mapcheck_core::ast::Builtin>,
    /// The largest literal the code multiplies `bid.x`, `bid.y`, `bid.z` by
    /// (`Block::block_id_strides`): a block size written in the code, which the launch
    /// conventions read as one.
    pub block_id_strides: [i128; 3],
    /// The kernel bounds the threads of its block itself (`__launch_bounds__`, an `assume`
    /// that `Cond::is_block_size_bound`): the launch conventions then add no bound of theirs.
    pub bounds_its_block: bool,
}

impl Map {
    pub fn unknown(&self, id: &UnknownId) -> Option<&Unknown> {
        self.unknowns.iter().find(|u| u.id == *id)
    }

    /// Every access of the kernel, in protocol order.
    pub fn accesses(&self) -> Vec<&Acc> {
        self.body.accesses()
    }

    /// Whether the printer must name arrays: more than one array is declared.
    pub fn names_arrays(&self) -> bool {
        self.arrays.len() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(mode: Mode) -> Proto {
        Proto::Acc(Acc {
            mode,
            array: Ident::new("A", Span::default()),
            space: Space::Shared,
            index: vec![Expr::int(0, Span::default())],
            span: Span::default(),
            value: None,
            binds: None,
            bounds: Vec::new(),
        })
    }

    #[test]
    fn sequencing_has_skip_as_unit_and_flattens() {
        assert_eq!(Proto::seq([Proto::Skip, Proto::Skip]), Proto::Skip);
        assert_eq!(Proto::seq([Proto::Skip, acc(Mode::Rd)]), acc(Mode::Rd));
        let inner = Proto::seq([acc(Mode::Rd), acc(Mode::Wr)]);
        assert_eq!(
            Proto::seq([inner, acc(Mode::At)]),
            Proto::Seq(vec![acc(Mode::Rd), acc(Mode::Wr), acc(Mode::At)])
        );
    }

    #[test]
    fn synchronised_sequencing_groups_unsynchronised_runs() {
        let p = SyncProto::seq([
            SyncProto::U(acc(Mode::Wr)),
            SyncProto::U(acc(Mode::Rd)),
            SyncProto::Sync(Span::default()),
            SyncProto::U(Proto::Skip),
            SyncProto::Seq(vec![
                SyncProto::Sync(Span::default()),
                SyncProto::U(acc(Mode::Rd)),
            ]),
        ]);
        assert_eq!(
            p,
            SyncProto::Seq(vec![
                SyncProto::U(Proto::Seq(vec![acc(Mode::Wr), acc(Mode::Rd)])),
                SyncProto::Sync(Span::default()),
                SyncProto::Sync(Span::default()),
                SyncProto::U(acc(Mode::Rd)),
            ])
        );
        assert_eq!(p.accesses().len(), 3);
        assert_eq!(p.barriers().len(), 2);
    }

    #[test]
    fn fragments_stay_unsynchronised_without_sync() {
        let f = Fragment::seq(vec![Fragment::U(acc(Mode::Wr)), Fragment::skip()]);
        assert_eq!(f, Fragment::U(acc(Mode::Wr)));
        let g = Fragment::seq(vec![
            Fragment::U(acc(Mode::Wr)),
            Fragment::P(SyncProto::Sync(Span::default())),
        ]);
        assert!(matches!(g, Fragment::P(SyncProto::Seq(_))));
    }
}
