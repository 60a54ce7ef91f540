//! The generated kernels' tree and its printing as CUDA C++.
//!
//! The tree is small on purpose: it has exactly the constructs the generator emits, each with
//! the facts the range check (`range.rs`) needs to prove the printed C++ free of undefined
//! behaviour. Names are kept as strings (the generator never reuses one in a kernel), so the
//! minimiser can drop a statement and let the range check reject a candidate whose later uses
//! dangle, instead of re-resolving names.
//!
//! Printing parenthesises every binary operation and every cast operand, so precedence is never
//! a question; each statement is on its own line, so a race's line names one statement.

use std::fmt::Write;

/// The integer types of C++ the generator uses (LP64 host and NVPTX64 device agree on all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    SChar,
    UChar,
    /// Plain `char`: signed on x86-64 and on NVPTX.
    Char,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LLong,
    ULLong,
}

impl Ty {
    pub const ALL: [Ty; 11] = [
        Ty::SChar,
        Ty::UChar,
        Ty::Char,
        Ty::Short,
        Ty::UShort,
        Ty::Int,
        Ty::UInt,
        Ty::Long,
        Ty::ULong,
        Ty::LLong,
        Ty::ULLong,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Ty::SChar => "signed char",
            Ty::UChar => "unsigned char",
            Ty::Char => "char",
            Ty::Short => "short",
            Ty::UShort => "unsigned short",
            Ty::Int => "int",
            Ty::UInt => "unsigned",
            Ty::Long => "long",
            Ty::ULong => "unsigned long",
            Ty::LLong => "long long",
            Ty::ULLong => "unsigned long long",
        }
    }

    pub fn bits(self) -> u32 {
        match self {
            Ty::SChar | Ty::UChar | Ty::Char => 8,
            Ty::Short | Ty::UShort => 16,
            Ty::Int | Ty::UInt => 32,
            Ty::Long | Ty::ULong | Ty::LLong | Ty::ULLong => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            Ty::SChar | Ty::Char | Ty::Short | Ty::Int | Ty::Long | Ty::LLong
        )
    }

    /// C++'s integer conversion rank, as an order.
    fn rank(self) -> u8 {
        match self {
            Ty::SChar | Ty::UChar | Ty::Char => 1,
            Ty::Short | Ty::UShort => 2,
            Ty::Int | Ty::UInt => 3,
            Ty::Long | Ty::ULong => 4,
            Ty::LLong | Ty::ULLong => 5,
        }
    }

    pub fn min_value(self) -> i128 {
        if self.signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    pub fn max_value(self) -> i128 {
        if self.signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// The integral promotion: every type of rank below `int` becomes `int` (all their
    /// values fit).
    pub fn promoted(self) -> Ty {
        if self.rank() < 3 {
            Ty::Int
        } else {
            self
        }
    }

    pub fn unsigned_of(self) -> Ty {
        match self {
            Ty::SChar | Ty::Char | Ty::UChar => Ty::UChar,
            Ty::Short | Ty::UShort => Ty::UShort,
            Ty::Int | Ty::UInt => Ty::UInt,
            Ty::Long | Ty::ULong => Ty::ULong,
            Ty::LLong | Ty::ULLong => Ty::ULLong,
        }
    }

    /// The usual arithmetic conversions ([expr.arith.conv]).
    pub fn common(a: Ty, b: Ty) -> Ty {
        let (a, b) = (a.promoted(), b.promoted());
        if a == b {
            return a;
        }
        if a.signed() == b.signed() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (u, s) = if a.signed() { (b, a) } else { (a, b) };
        if u.rank() >= s.rank() {
            u
        } else if s.bits() > u.bits() {
            s
        } else {
            s.unsigned_of()
        }
    }

    /// A literal of this type, as C++ spells one.
    pub fn literal(self, v: i128) -> String {
        let digits = v.to_string();
        match self {
            Ty::Int => digits,
            Ty::UInt => format!("{digits}u"),
            Ty::Long => format!("{digits}l"),
            Ty::ULong => format!("{digits}ul"),
            Ty::LLong => format!("{digits}ll"),
            Ty::ULLong => format!("{digits}ull"),
            _ => format!("({})({digits})", self.name()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Tid,
    Bid,
    BDim,
    GDim,
}

impl Builtin {
    pub fn text(self) -> &'static str {
        match self {
            Builtin::Tid => "threadIdx.x",
            Builtin::Bid => "blockIdx.x",
            Builtin::BDim => "blockDim.x",
            Builtin::GDim => "gridDim.x",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub const ALL: [BinOp; 10] = [
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
    ];

    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    pub const ALL: [CmpOp; 6] = [
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::Eq,
        CmpOp::Ne,
    ];

    pub fn text(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastStyle {
    C,
    Static,
}

/// A call of a value-returning helper: `h(a)`, `ns::h(a)`, `h<3>(a)`, `S::h(a)`, `o.h(a)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub helper: usize,
    /// The template argument of a `template <int K>` helper.
    pub targ: Option<i128>,
    /// The object a method is called on (a local of the helper's struct type).
    pub object: Option<String>,
    pub args: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Lit(i128, Ty),
    Builtin(Builtin),
    Var(String),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cast(Ty, CastStyle, Box<Expr>),
    Cond(Box<Cond>, Box<Expr>, Box<Expr>),
    Load(Box<Place>),
    Call(Box<Call>),
    /// A named constant: item `item` of [`Kernel::constants`], with `arg` (the enumerator's
    /// index, the template argument, the constexpr function's argument).
    Const {
        item: usize,
        arg: i128,
    },
    /// A read of a lookup table of [`Kernel::tables`] (file scope or a local array with an
    /// initialiser list): `T[i]`, `T[i][j]`.
    Table {
        table: usize,
        index: Vec<Index>,
    },
    /// A field of a `Cfg` object ([`Stmt::CfgObj`], or `c` in a helper with a `Cfg`):
    /// `obj.mul` (`mul: true`) or `obj.off`.
    Field {
        obj: String,
        mul: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Lit(bool),
    Cmp(CmpOp, Expr, Expr),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

/// How an index is kept in the bounds of its dimension `n` (a power of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// Printed as is: its range lies in `0..n`.
    None,
    /// `(e) & (n - 1)`: always in bounds (also for a negative `e`: two's complement).
    Mask,
    /// `(e) % n`: in bounds when `e` is not negative.
    Mod,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Index {
    pub expr: Expr,
    pub wrap: Wrap,
}

/// A cell: `A[i]`, `A[i][j]`, `A[i].f`, `A[i].h[j]`, or `acc(A, i)` through an accessor
/// helper returning a reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub array: usize,
    pub index: Vec<Index>,
    /// Field of a record element, and the index into it when the field is an array.
    pub field: Option<(usize, Option<Index>)>,
    /// An accessor helper of [`Kernel::accessors`] (arrays of integers only): the last
    /// index is its argument, the rest select the row passed (`acc(A[i], j)`).
    pub via: Option<usize>,
    /// A reference local of the kernel ([`Stmt::Ref`]) the access goes through: `r[i]` for a
    /// reference to the whole array, `row[j]` (indices of the dimensions after the first) for
    /// a reference to a row.
    pub alias: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Shared,
    /// A pointer parameter of the kernel.
    Global,
    /// A `__device__` variable.
    Device,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    Int(Ty),
    Record(usize),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    pub name: String,
    pub space: Space,
    pub elem: Elem,
    /// Powers of two.
    pub dims: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub ty: Ty,
    /// Elements of an array field (a power of two).
    pub count: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub name: String,
    pub union: bool,
    pub fields: Vec<Field>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// `constexpr T name = value;` (at namespace scope).
    Var { name: String, ty: Ty, value: i128 },
    /// `enum [class] name : under { name_0 = v0, ... };` — a scoped one is used as
    /// `static_cast<int>(E::M)`, an unscoped one by its enumerator, of the underlying type.
    Enum {
        name: String,
        scoped: bool,
        under: Ty,
        values: Vec<i128>,
    },
    /// `template <int N> struct name { static constexpr int value = N * mul + add; };`
    Member { name: String, mul: i128, add: i128 },
    /// `__host__ __device__ constexpr int name(int x) { return x * mul + add; }`
    Func { name: String, mul: i128, add: i128 },
    /// A class template defined recursively, with its specialisation for 0:
    /// `template <int N> struct name { static const int value = base * name<N - 1>::value; };
    /// template <> struct name<0> { static const int value = 1; };` (`constexpr`: `static
    /// constexpr` members) — `name<N>::value` is `base` to the `N`.
    Pow {
        name: String,
        base: i128,
        constexpr: bool,
    },
}

impl Constant {
    /// The type and value of a use with `arg`.
    pub fn value(&self, arg: i128) -> (Ty, i128) {
        match self {
            Constant::Var { ty, value, .. } => (*ty, *value),
            Constant::Enum {
                scoped,
                under,
                values,
                ..
            } => {
                let v = usize::try_from(arg)
                    .ok()
                    .and_then(|i| values.get(i))
                    .copied()
                    .unwrap_or(0);
                (if *scoped { Ty::Int } else { *under }, v)
            }
            Constant::Member { mul, add, .. } | Constant::Func { mul, add, .. } => {
                (Ty::Int, arg * mul + add)
            }
            Constant::Pow { base, .. } => {
                let e = u32::try_from(arg).unwrap_or(0).min(20);
                (Ty::Int, base.pow(e))
            }
        }
    }
}

/// Where a lookup table is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableHome {
    /// `const T name[..] = {...};` at namespace scope.
    Const,
    /// `constexpr T name[..] = {...};`
    Constexpr,
    /// `static const T name[..] = {...};`
    StaticConst,
    /// A local array of the kernel, `[const] T name[..] = {...};` at the top of its body
    /// (never written).
    Local { konst: bool },
}

/// A lookup table: an array of integers with an initialiser list, read only. The list may be
/// shorter than the array (and a 2-D one's rows shorter than a row, or fewer): C++ makes the
/// elements left out zero.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub name: String,
    pub ty: Ty,
    pub home: TableHome,
    /// One or two dimensions, powers of two.
    pub dims: Vec<u32>,
    /// The initialiser: one list for a 1-D table, a list of rows for a 2-D one.
    pub init: Vec<Vec<i128>>,
}

impl Table {
    /// Cells of the table.
    pub fn size(&self) -> u32 {
        self.dims.iter().product()
    }

    /// The value of cell `flat` (row-major), zero where the initialiser leaves it out.
    pub fn value(&self, flat: usize) -> i128 {
        let (r, c) = if self.dims.len() == 2 {
            let w = self.dims[1] as usize;
            (flat / w, flat % w)
        } else {
            (0, flat)
        };
        self.init
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .unwrap_or(0)
    }

    /// Every value of the table (the elements left out included).
    pub fn values(&self) -> Vec<i128> {
        (0..self.size() as usize).map(|i| self.value(i)).collect()
    }

    /// Whether the values are a permutation of `0..size`.
    pub fn is_permutation(&self) -> bool {
        let mut v = self.values();
        v.sort_unstable();
        v.iter().enumerate().all(|(i, x)| *x == i as i128)
    }
}

/// Where a helper lives and how it is called.
#[derive(Clone, Debug, PartialEq)]
pub enum Home {
    /// A free function (`ns` empty) or one in namespace `ns`.
    Free { ns: String },
    /// `template <int K> __device__ ...`: `K` is a name in the body.
    Template,
    /// A static member function of struct `record`.
    Static { record: String },
    /// A const member function of struct `record`, whose field `base` (`unsigned`) is a name
    /// in the body; called on an object ([`Stmt::Object`]).
    Method { record: String },
}

/// A value-returning `__device__` helper: `ret name(params..., [Ty& out]) { [out = out_body;]
/// return body; }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Helper {
    pub name: String,
    pub home: Home,
    pub params: Vec<(String, Ty)>,
    pub ret: Ty,
    /// A reference parameter the helper assigns, with the value it assigns.
    pub out: Option<(String, Ty, Expr)>,
    pub body: Expr,
    /// Declared before the kernel, defined after it.
    pub out_of_line: bool,
    /// The body starts with `const Cfg c{...};` (the file-scope `struct Cfg { int mul; int
    /// off; }`, or — `local` — a local `struct Cfg { int off; int mul; }` of the helper's
    /// own): `(local, mul, off)`; `c.mul` and `c.off` are names in the body.
    pub cfg: Option<(bool, i128, i128)>,
}

/// `__device__ T& name(T* a, unsigned i) { return a[i]; }` (`store: false`), or
/// `__device__ void name(T* a, unsigned i, T v) { a[i] = v; }` (`store: true`).
#[derive(Clone, Debug, PartialEq)]
pub struct Accessor {
    pub name: String,
    pub elem: Ty,
    pub store: bool,
    /// Takes a reference to an array, `T (&a)[N]`, instead of a pointer.
    pub by_ref: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Xor,
    Or,
    And,
}

impl AssignOp {
    pub fn text(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Xor => "^=",
            AssignOp::Or => "|=",
            AssignOp::And => "&=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    Add,
    Sub,
    Exch,
    Min,
    Max,
    And,
    Or,
    Xor,
    Inc,
    Dec,
    Cas,
}

impl AtomicOp {
    pub const ALL: [AtomicOp; 11] = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Exch,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Inc,
        AtomicOp::Dec,
        AtomicOp::Cas,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "atomicAdd",
            AtomicOp::Sub => "atomicSub",
            AtomicOp::Exch => "atomicExch",
            AtomicOp::Min => "atomicMin",
            AtomicOp::Max => "atomicMax",
            AtomicOp::And => "atomicAnd",
            AtomicOp::Or => "atomicOr",
            AtomicOp::Xor => "atomicXor",
            AtomicOp::Inc => "atomicInc",
            AtomicOp::Dec => "atomicDec",
            AtomicOp::Cas => "atomicCAS",
        }
    }

    /// Whether CUDA has it for `int` (all have it for `unsigned`).
    pub fn signed_ok(self) -> bool {
        !matches!(self, AtomicOp::Inc | AtomicOp::Dec)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardKind {
    Assert,
    Assume,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoopShape {
    /// `for (T i = from; i < to; i += step)`
    Up { from: Expr, to: Expr, step: i128 },
    /// `for (T i = from; i > to; i -= step)`
    Down { from: Expr, to: Expr, step: i128 },
    /// `for (T i = 1; i < to; i *= 2)`
    Double { to: Expr },
    /// `for (T i = from; i > 0; i >>= 1)`
    Halve { from: Expr },
    /// `for (T i = from; i != to; ++i)` over an unsigned type, wrapping through its maximum.
    Wrapping { from: i128, to: i128 },
    /// `{ T i = from; while (i < to) { body; i += step; } }`
    While { from: Expr, to: Expr, step: i128 },
    /// `{ T i = from; do { body; i += step; } while (i < to); }`
    DoWhile { from: Expr, to: Expr, step: i128 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    pub var: String,
    pub ty: Ty,
    pub shape: LoopShape,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub value: i128,
    pub body: Vec<Stmt>,
    /// Ends with `break;` (else it falls through, with `[[fallthrough]]`).
    pub breaks: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `[const] T name = init;`
    Decl {
        name: String,
        ty: Ty,
        init: Expr,
        mutable: bool,
    },
    /// `name op value;` on a mutable local.
    Assign {
        name: String,
        op: AssignOp,
        value: Expr,
    },
    /// `place op value;`
    Store {
        place: Place,
        op: AssignOp,
        value: Expr,
    },
    /// `[T r =] atomicX(&place, value[, value2]);`
    Atomic {
        op: AtomicOp,
        place: Place,
        value: Expr,
        value2: Option<Expr>,
        result: Option<String>,
    },
    /// `put(A, index, value);` through a storing accessor.
    Put {
        accessor: usize,
        array: usize,
        index: Index,
        value: Expr,
    },
    If {
        cond: Cond,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    Loop(Box<Loop>),
    /// `switch (scrut) { case ...: ... default: ... }`
    Switch {
        scrut: Expr,
        cases: Vec<Case>,
        default: Vec<Stmt>,
    },
    Sync,
    Break,
    Continue,
    Guard {
        kind: GuardKind,
        cond: Cond,
    },
    /// `Rec name{base};` — an object of a method helper's struct.
    Object {
        name: String,
        helper: usize,
        base: Expr,
    },
    /// `T name = h(args..., out);` — a helper with a reference parameter.
    CallOut {
        name: String,
        call: Call,
        out: String,
    },
    /// A reference to an array (`T (&name)[N] = A;`, or `auto &name = A;`), or to a row of a
    /// 2-D one (`T (&name)[M] = A[row];`).
    Ref {
        name: String,
        array: usize,
        row: Option<Index>,
        auto: bool,
    },
    /// `const Cfg name{...};` brace-initialised: with the kernel's local `struct Cfg { int
    /// off; int mul; }` when `local` (printed at the top of the body), else the file-scope
    /// `struct Cfg { int mul; int off; }` — same name, other field order.
    CfgObj {
        name: String,
        local: bool,
        mul: i128,
        off: i128,
    },
}

/// A kernel `k` and everything it uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The seed it was generated from (printed in its comment).
    pub seed: u64,
    pub block: u32,
    pub grid: u32,
    /// Scalar parameters, each fixed by `__requires(name == value)`.
    pub scalars: Vec<(String, Ty, i128)>,
    pub records: Vec<Record>,
    pub constants: Vec<Constant>,
    pub helpers: Vec<Helper>,
    pub accessors: Vec<Accessor>,
    pub arrays: Vec<Array>,
    /// Lookup tables: file scope, and local arrays of the kernel with initialiser lists.
    pub tables: Vec<Table>,
    pub body: Vec<Stmt>,
}

/// The name of the generated kernel.
pub const KERNEL: &str = "k";

impl Kernel {
    /// The whole `.cu` file: a GPUVerify header with the launch (line 1 is `header`), the
    /// declarations, the kernel and the out-of-line definitions.
    pub fn print(&self, header: &str, comment: &str) -> String {
        let mut p = Printer {
            k: self,
            out: String::new(),
        };
        p.file(header, comment);
        p.out
    }

    /// Whether a `Cfg` object is declared (so the file-scope `struct Cfg` is printed).
    pub fn uses_cfg(&self) -> bool {
        self.helpers.iter().any(|h| h.cfg.is_some())
            || self.body.iter().any(|s| matches!(s, Stmt::CfgObj { .. }))
    }

    /// Statements of the body, nested ones included.
    pub fn size(&self) -> usize {
        fn count(b: &[Stmt]) -> usize {
            b.iter()
                .map(|s| {
                    1 + match s {
                        Stmt::If { then, els, .. } => count(then) + count(els),
                        Stmt::Loop(l) => count(&l.body),
                        Stmt::Switch { cases, default, .. } => {
                            cases.iter().map(|c| count(&c.body)).sum::<usize>() + count(default)
                        }
                        _ => 0,
                    }
                })
                .sum()
        }
        count(&self.body)
    }
}

struct Printer<'a> {
    k: &'a Kernel,
    out: String,
}

fn indent(depth: usize) -> String {
    "    ".repeat(depth)
}

impl Printer<'_> {
    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{}{}", indent(depth), text);
    }

    fn file(&mut self, header: &str, comment: &str) {
        let k = self.k;
        self.line(0, header);
        self.line(0, &format!("//--blockDim={} --gridDim={}", k.block, k.grid));
        for l in comment.lines() {
            self.line(0, format!("// {l}").trim_end());
        }
        self.line(0, "");
        self.line(0, "#include <cassert>");
        self.line(0, "");
        for r in &k.records {
            let kw = if r.union { "union" } else { "struct" };
            let fields: Vec<String> = r
                .fields
                .iter()
                .map(|f| match f.count {
                    Some(n) => format!("{} {}[{n}];", f.ty.name(), f.name),
                    None => format!("{} {};", f.ty.name(), f.name),
                })
                .collect();
            self.line(0, &format!("{kw} {} {{ {} }};", r.name, fields.join(" ")));
        }
        if k.uses_cfg() {
            self.line(0, "struct Cfg { int mul; int off; };");
        }
        for c in &k.constants {
            let text = match c {
                Constant::Var { name, ty, value } => {
                    format!("constexpr {} {name} = {};", ty.name(), ty.literal(*value))
                }
                Constant::Enum {
                    name,
                    scoped,
                    under,
                    values,
                } => {
                    let members: Vec<String> = values
                        .iter()
                        .enumerate()
                        .map(|(i, v)| format!("{name}_{i} = {v}"))
                        .collect();
                    format!(
                        "enum {}{name} : {} {{ {} }};",
                        if *scoped { "class " } else { "" },
                        under.name(),
                        members.join(", ")
                    )
                }
                Constant::Member { name, mul, add } => format!(
                    "template <int N> struct {name} {{ static constexpr int value = N * {mul} + {add}; }};"
                ),
                Constant::Func { name, mul, add } => format!(
                    "__host__ __device__ constexpr int {name}(int x) {{ return x * {mul} + {add}; }}"
                ),
                Constant::Pow {
                    name,
                    base,
                    constexpr,
                } => {
                    let q = if *constexpr { "constexpr" } else { "const" };
                    format!(
                        "template <int N> struct {name} {{ static {q} int value = {base} * {name}<N - 1>::value; }}; template <> struct {name}<0> {{ static {q} int value = 1; }};"
                    )
                }
            };
            self.line(0, &text);
        }
        for t in k
            .tables
            .iter()
            .filter(|t| !matches!(t.home, TableHome::Local { .. }))
        {
            let text = self.table(t);
            self.line(0, &text);
        }
        for (i, _) in k.helpers.iter().enumerate() {
            self.helper_before(i);
        }
        for a in &k.accessors {
            let t = a.elem.name();
            if let Some(n) = a.by_ref {
                let text = if a.store {
                    format!(
                        "__device__ void {}({t} (&a)[{n}], unsigned i, {t} v) {{ a[i] = v; }}",
                        a.name
                    )
                } else {
                    format!(
                        "__device__ {t} &{}({t} (&a)[{n}], unsigned i) {{ return a[i]; }}",
                        a.name
                    )
                };
                self.line(0, &text);
            } else if a.store {
                self.line(
                    0,
                    &format!(
                        "__device__ void {}({t} *a, unsigned i, {t} v) {{ a[i] = v; }}",
                        a.name
                    ),
                );
            } else {
                self.line(
                    0,
                    &format!(
                        "__device__ {t} &{}({t} *a, unsigned i) {{ return a[i]; }}",
                        a.name
                    ),
                );
            }
        }
        for a in k.arrays.iter().filter(|a| a.space == Space::Device) {
            self.line(0, &format!("__device__ {};", self.declarator(a)));
        }
        self.line(0, "");
        let mut params: Vec<String> = k
            .arrays
            .iter()
            .filter(|a| a.space == Space::Global)
            .map(|a| format!("{} *{}", self.elem_name(a.elem), a.name))
            .collect();
        params.extend(
            k.scalars
                .iter()
                .map(|(n, t, _)| format!("{} {n}", t.name())),
        );
        self.line(
            0,
            &format!("__global__ void {KERNEL}({}) {{", params.join(", ")),
        );
        for (n, t, v) in &k.scalars {
            self.line(1, &format!("__requires({n} == {});", t.literal(*v)));
        }
        for a in k.arrays.iter().filter(|a| a.space == Space::Shared) {
            self.line(1, &format!("__shared__ {};", self.declarator(a)));
        }
        if k.body
            .iter()
            .any(|s| matches!(s, Stmt::CfgObj { local: true, .. }))
        {
            self.line(1, "struct Cfg { int off; int mul; };");
        }
        for t in k
            .tables
            .iter()
            .filter(|t| matches!(t.home, TableHome::Local { .. }))
        {
            let text = self.table(t);
            self.line(1, &text);
        }
        self.block(&k.body, 1);
        self.line(0, "}");
        let late: Vec<usize> = (0..k.helpers.len())
            .filter(|i| k.helpers[*i].out_of_line)
            .collect();
        if !late.is_empty() {
            self.line(0, "");
        }
        for i in late {
            self.helper_after(i);
        }
    }

    /// A lookup table's declaration with its initialiser list.
    fn table(&self, t: &Table) -> String {
        let q = match t.home {
            TableHome::Const => "const ",
            TableHome::Constexpr => "constexpr ",
            TableHome::StaticConst => "static const ",
            TableHome::Local { konst: true } => "const ",
            TableHome::Local { konst: false } => "",
        };
        let dims: String = t.dims.iter().map(|d| format!("[{d}]")).collect();
        let list = |row: &[i128]| {
            let v: Vec<String> = row.iter().map(|x| x.to_string()).collect();
            format!("{{{}}}", v.join(", "))
        };
        let init = if t.dims.len() == 2 {
            let rows: Vec<String> = t.init.iter().map(|r| list(r)).collect();
            format!("{{{}}}", rows.join(", "))
        } else {
            list(t.init.first().map_or(&[][..], |r| &r[..]))
        };
        format!("{q}{} {}{dims} = {init};", t.ty.name(), t.name)
    }

    fn elem_name(&self, e: Elem) -> String {
        match e {
            Elem::Int(t) => t.name().to_string(),
            Elem::Record(r) => self
                .k
                .records
                .get(r)
                .map_or("int".to_string(), |r| r.name.clone()),
        }
    }

    fn declarator(&self, a: &Array) -> String {
        let dims: String = a.dims.iter().map(|d| format!("[{d}]")).collect();
        format!("{} {}{dims}", self.elem_name(a.elem), a.name)
    }

    fn signature(&self, h: &Helper, qualified: bool) -> String {
        let mut params: Vec<String> = h
            .params
            .iter()
            .map(|(n, t)| format!("{} {n}", t.name()))
            .collect();
        if let Some((n, t, _)) = &h.out {
            params.push(format!("{} &{n}", t.name()));
        }
        let name = match (&h.home, qualified) {
            (Home::Static { record } | Home::Method { record }, true) => {
                format!("{record}::{}", h.name)
            }
            _ => h.name.clone(),
        };
        let konst = if matches!(h.home, Home::Method { .. }) {
            " const"
        } else {
            ""
        };
        format!("{} {name}({}){konst}", h.ret.name(), params.join(", "))
    }

    fn helper_body(&self, h: &Helper) -> String {
        let mut s = String::from("{ ");
        match h.cfg {
            Some((true, mul, off)) => {
                let _ = write!(
                    s,
                    "struct Cfg {{ int off; int mul; }}; const Cfg c{{{off}, {mul}}}; "
                );
            }
            Some((false, mul, off)) => {
                let _ = write!(s, "const Cfg c{{{mul}, {off}}}; ");
            }
            None => {}
        }
        if let Some((n, _, e)) = &h.out {
            let _ = write!(s, "{n} = {}; ", self.expr(e));
        }
        let _ = write!(s, "return {}; }}", self.expr(&h.body));
        s
    }

    /// The declaration (or inline definition) of helper `i` before the kernel.
    fn helper_before(&mut self, i: usize) {
        let h = &self.k.helpers[i];
        let sig = self.signature(h, false);
        let def = if h.out_of_line {
            ";".to_string()
        } else {
            format!(" {}", self.helper_body(h))
        };
        let text = match &h.home {
            Home::Free { ns } if ns.is_empty() => format!("__device__ {sig}{def}"),
            Home::Free { ns } => format!("namespace {ns} {{ __device__ {sig}{def} }}"),
            Home::Template => format!("template <int K> __device__ {sig}{def}"),
            Home::Static { record } => {
                format!("struct {record} {{ __device__ static {sig}{def} }};")
            }
            Home::Method { record } => format!(
                "struct {record} {{ unsigned base; __device__ unsigned get_base() const {{ return base; }} __device__ {sig}{def} }};"
            ),
        };
        self.line(0, &text);
    }

    /// The out-of-line definition of helper `i`, after the kernel.
    fn helper_after(&mut self, i: usize) {
        let h = &self.k.helpers[i];
        let body = self.helper_body(h);
        let text = match &h.home {
            Home::Free { ns } if ns.is_empty() => {
                format!("__device__ {} {body}", self.signature(h, false))
            }
            Home::Free { ns } => format!(
                "namespace {ns} {{ __device__ {} {body} }}",
                self.signature(h, false)
            ),
            Home::Template => {
                format!(
                    "template <int K> __device__ {} {body}",
                    self.signature(h, false)
                )
            }
            Home::Static { .. } | Home::Method { .. } => {
                format!("__device__ {} {body}", self.signature(h, true))
            }
        };
        self.line(0, &text);
    }

    fn block(&mut self, stmts: &[Stmt], depth: usize) {
        for s in stmts {
            self.stmt(s, depth);
        }
    }

    fn stmt(&mut self, s: &Stmt, d: usize) {
        match s {
            Stmt::Decl {
                name,
                ty,
                init,
                mutable,
            } => {
                let c = if *mutable { "" } else { "const " };
                let text = format!("{c}{} {name} = {};", ty.name(), self.expr(init));
                self.line(d, &text);
            }
            Stmt::Assign { name, op, value } => {
                let text = format!("{name} {} {};", op.text(), self.expr(value));
                self.line(d, &text);
            }
            Stmt::Store { place, op, value } => {
                let text = format!("{} {} {};", self.place(place), op.text(), self.expr(value));
                self.line(d, &text);
            }
            Stmt::Atomic {
                op,
                place,
                value,
                value2,
                result,
            } => {
                let t = self.place_ty(place);
                let mut args = vec![
                    format!("&{}", self.place(place)),
                    format!("({})({})", t.name(), self.expr(value)),
                ];
                if let Some(v2) = value2 {
                    args.push(format!("({})({})", t.name(), self.expr(v2)));
                }
                let call = format!("{}({})", op.name(), args.join(", "));
                let text = match result {
                    Some(r) => format!("{} {r} = {call};", t.name()),
                    None => format!("{call};"),
                };
                self.line(d, &text);
            }
            Stmt::Put {
                accessor,
                array,
                index,
                value,
            } => {
                let name = self
                    .k
                    .accessors
                    .get(*accessor)
                    .map_or("put", |a| a.name.as_str());
                let a = self.k.arrays.get(*array).map_or("A", |a| a.name.as_str());
                let text = format!(
                    "{name}({a}, {}, {});",
                    self.index(index, *array, 0),
                    self.expr(value)
                );
                self.line(d, &text);
            }
            Stmt::If { cond, then, els } => {
                let text = format!("if ({}) {{", self.cond(cond));
                self.line(d, &text);
                self.block(then, d + 1);
                if els.is_empty() {
                    self.line(d, "}");
                } else {
                    self.line(d, "} else {");
                    self.block(els, d + 1);
                    self.line(d, "}");
                }
            }
            Stmt::Loop(l) => self.looped(l, d),
            Stmt::Switch {
                scrut,
                cases,
                default,
            } => {
                let text = format!("switch ({}) {{", self.expr(scrut));
                self.line(d, &text);
                for c in cases {
                    self.line(d, &format!("case {}: {{", c.value));
                    self.block(&c.body, d + 1);
                    if c.breaks {
                        self.line(d + 1, "break;");
                        self.line(d, "}");
                    } else {
                        self.line(d, "}");
                        self.line(d + 1, "[[fallthrough]];");
                    }
                }
                self.line(d, "default: {");
                self.block(default, d + 1);
                self.line(d + 1, "break;");
                self.line(d, "}");
                self.line(d, "}");
            }
            Stmt::Sync => self.line(d, "__syncthreads();"),
            Stmt::Break => self.line(d, "break;"),
            Stmt::Continue => self.line(d, "continue;"),
            Stmt::Guard { kind, cond } => {
                let f = match kind {
                    GuardKind::Assert => "assert",
                    GuardKind::Assume => "__builtin_assume",
                };
                let text = format!("{f}({});", self.cond(cond));
                self.line(d, &text);
            }
            Stmt::Object { name, helper, base } => {
                let rec = match self.k.helpers.get(*helper).map(|h| &h.home) {
                    Some(Home::Method { record }) => record.clone(),
                    _ => "Obj".into(),
                };
                let text = format!("const {rec} {name}{{(unsigned)({})}};", self.expr(base));
                self.line(d, &text);
            }
            Stmt::CallOut { name, call, out } => {
                let ret = self.k.helpers.get(call.helper).map_or(Ty::Int, |h| h.ret);
                let text = format!("{} {name} = {};", ret.name(), self.call(call, Some(out)));
                self.line(d, &text);
            }
            Stmt::Ref {
                name,
                array,
                row,
                auto,
            } => {
                let Some(a) = self.k.arrays.get(*array) else {
                    return;
                };
                let (target, dims) = match row {
                    Some(ix) => (
                        format!("{}[{}]", a.name, self.index(ix, *array, 0)),
                        &a.dims[1.min(a.dims.len())..],
                    ),
                    None => (a.name.clone(), &a.dims[..]),
                };
                let text = if *auto {
                    format!("auto &{name} = {target};")
                } else {
                    let dims: String = dims.iter().map(|d| format!("[{d}]")).collect();
                    format!("{} (&{name}){dims} = {target};", self.elem_name(a.elem))
                };
                self.line(d, &text);
            }
            Stmt::CfgObj {
                name,
                local,
                mul,
                off,
            } => {
                let text = if *local {
                    format!("const Cfg {name}{{{off}, {mul}}};")
                } else {
                    format!("const Cfg {name}{{{mul}, {off}}};")
                };
                self.line(d, &text);
            }
        }
    }

    fn looped(&mut self, l: &Loop, d: usize) {
        let (t, i) = (l.ty.name(), &l.var);
        let lit = |v: i128| l.ty.literal(v);
        match &l.shape {
            LoopShape::Up { from, to, step } => {
                let text = format!(
                    "for ({t} {i} = {}; {i} < {}; {i} += {step}) {{",
                    self.expr(from),
                    self.expr(to)
                );
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d, "}");
            }
            LoopShape::Down { from, to, step } => {
                let text = format!(
                    "for ({t} {i} = {}; {i} > {}; {i} -= {step}) {{",
                    self.expr(from),
                    self.expr(to)
                );
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d, "}");
            }
            LoopShape::Double { to } => {
                let text = format!("for ({t} {i} = 1; {i} < {}; {i} *= 2) {{", self.expr(to));
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d, "}");
            }
            LoopShape::Halve { from } => {
                let text = format!("for ({t} {i} = {}; {i} > 0; {i} >>= 1) {{", self.expr(from));
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d, "}");
            }
            LoopShape::Wrapping { from, to } => {
                let text = format!(
                    "for ({t} {i} = {}; {i} != {}; ++{i}) {{",
                    lit(*from),
                    lit(*to)
                );
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d, "}");
            }
            LoopShape::While { from, to, step } => {
                let text = format!("{{ {t} {i} = {};", self.expr(from));
                self.line(d, &text);
                let text = format!("while ({i} < {}) {{", self.expr(to));
                self.line(d, &text);
                self.block(&l.body, d + 1);
                self.line(d + 1, &format!("{i} += {step};"));
                self.line(d, "} }");
            }
            LoopShape::DoWhile { from, to, step } => {
                let text = format!("{{ {t} {i} = {};", self.expr(from));
                self.line(d, &text);
                self.line(d, "do {");
                self.block(&l.body, d + 1);
                self.line(d + 1, &format!("{i} += {step};"));
                let text = format!("}} while ({i} < {}); }}", self.expr(to));
                self.line(d, &text);
            }
        }
    }

    fn place_ty(&self, p: &Place) -> Ty {
        place_ty(self.k, p).unwrap_or(Ty::Int)
    }

    fn index(&self, ix: &Index, array: usize, dim: usize) -> String {
        let n = self
            .k
            .arrays
            .get(array)
            .and_then(|a| a.dims.get(dim))
            .copied()
            .unwrap_or(1);
        self.wrapped(ix, n)
    }

    fn wrapped(&self, ix: &Index, n: u32) -> String {
        let e = self.expr(&ix.expr);
        match ix.wrap {
            Wrap::None => e,
            Wrap::Mask => format!("({e}) & {}", n - 1),
            Wrap::Mod => format!("({e}) % {n}"),
        }
    }

    fn place(&self, p: &Place) -> String {
        let Some(a) = self.k.arrays.get(p.array) else {
            return "A[0]".into();
        };
        // Through a reference to a row, the indices are those of the dimensions after the
        // first.
        let (mut s, skip) = match &p.alias {
            Some(r) => (r.clone(), usize::from(p.index.len() < a.dims.len())),
            None => (a.name.clone(), 0),
        };
        let n = p.index.len();
        let last = if p.via.is_some() && n > 0 { n - 1 } else { n };
        for (d, ix) in p.index[..last].iter().enumerate() {
            let _ = write!(s, "[{}]", self.index(ix, p.array, d + skip));
        }
        if let (Some(v), Some(ix)) = (p.via, p.index.last()) {
            let acc = self.k.accessors.get(v).map_or("acc", |a| a.name.as_str());
            s = format!("{acc}({s}, {})", self.index(ix, p.array, last + skip));
        }
        if let (Some((f, ix)), Elem::Record(r)) = (&p.field, a.elem) {
            if let Some(field) = self.k.records.get(r).and_then(|r| r.fields.get(*f)) {
                let _ = write!(s, ".{}", field.name);
                if let (Some(ix), Some(n)) = (ix, field.count) {
                    let _ = write!(s, "[{}]", self.wrapped(ix, n));
                }
            }
        }
        s
    }

    fn call(&self, c: &Call, out: Option<&str>) -> String {
        let Some(h) = self.k.helpers.get(c.helper) else {
            return "0".into();
        };
        let mut args: Vec<String> = c.args.iter().map(|a| self.expr(a)).collect();
        if let Some(o) = out {
            args.push(o.to_string());
        }
        let args = args.join(", ");
        match &h.home {
            Home::Free { ns } if ns.is_empty() => format!("{}({args})", h.name),
            Home::Free { ns } => format!("{ns}::{}({args})", h.name),
            Home::Template => format!("{}<{}>({args})", h.name, c.targ.unwrap_or(1)),
            Home::Static { record } => format!("{record}::{}({args})", h.name),
            Home::Method { .. } => format!(
                "{}.{}({args})",
                c.object.as_deref().unwrap_or("obj"),
                h.name
            ),
        }
    }

    pub fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Lit(v, t) => t.literal(*v),
            Expr::Builtin(b) => b.text().to_string(),
            Expr::Var(n) => n.clone(),
            Expr::Bin(op, a, b) => format!("({} {} {})", self.expr(a), op.text(), self.expr(b)),
            Expr::Cast(t, CastStyle::C, a) => format!("(({})({}))", t.name(), self.expr(a)),
            Expr::Cast(t, CastStyle::Static, a) => {
                format!("static_cast<{}>({})", t.name(), self.expr(a))
            }
            Expr::Cond(c, a, b) => {
                format!("({} ? {} : {})", self.cond(c), self.expr(a), self.expr(b))
            }
            Expr::Load(p) => self.place(p),
            Expr::Call(c) => self.call(c, None),
            Expr::Const { item, arg } => match self.k.constants.get(*item) {
                Some(Constant::Var { name, .. }) => name.clone(),
                Some(Constant::Enum { name, scoped, .. }) => {
                    if *scoped {
                        format!("static_cast<int>({name}::{name}_{arg})")
                    } else {
                        format!("{name}_{arg}")
                    }
                }
                Some(Constant::Member { name, .. }) => format!("{name}<{arg}>::value"),
                Some(Constant::Func { name, .. }) => format!("{name}({arg})"),
                Some(Constant::Pow { name, .. }) => format!("{name}<{arg}>::value"),
                None => "0".into(),
            },
            Expr::Table { table, index } => {
                let Some(t) = self.k.tables.get(*table) else {
                    return "0".into();
                };
                let mut s = t.name.clone();
                for (ix, n) in index.iter().zip(&t.dims) {
                    let _ = write!(s, "[{}]", self.wrapped(ix, *n));
                }
                s
            }
            Expr::Field { obj, mul } => {
                format!("{obj}.{}", if *mul { "mul" } else { "off" })
            }
        }
    }

    fn cond(&self, c: &Cond) -> String {
        match c {
            Cond::Lit(b) => b.to_string(),
            Cond::Cmp(op, a, b) => format!("{} {} {}", self.expr(a), op.text(), self.expr(b)),
            Cond::And(a, b) => format!("({}) && ({})", self.cond(a), self.cond(b)),
            Cond::Or(a, b) => format!("({}) || ({})", self.cond(a), self.cond(b)),
            Cond::Not(a) => format!("!({})", self.cond(a)),
        }
    }
}

/// The integer type of a cell (`None` for a whole record, which is never accessed as one).
pub fn place_ty(k: &Kernel, p: &Place) -> Option<Ty> {
    let a = k.arrays.get(p.array)?;
    match (a.elem, &p.field) {
        (Elem::Int(t), None) => Some(t),
        (Elem::Record(r), Some((f, _))) => k.records.get(r)?.fields.get(*f).map(|f| f.ty),
        _ => None,
    }
}
