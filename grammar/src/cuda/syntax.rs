//! The surface tree of the CUDA subset, as the grammar (`parser.lalrpop`) builds it: C
//! declarations, statements and expressions, close to the text. The lowering
//! ([`super::lower`]) turns it into the BabyCUDA core; nothing else reads it.

use mapcheck_core::span::Span;

/// A type as written: specifiers and qualifiers (`const`, `unsigned`, `__shared__`, ...), the
/// base type name if any, and the number of `*`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ty {
    pub specs: Vec<String>,
    pub base: Option<String>,
    pub pointers: usize,
}

impl Ty {
    pub fn has(&self, spec: &str) -> bool {
        self.specs.iter().any(|s| s == spec)
    }

    /// C's `unsigned` types, including the CUDA names of unsigned integers.
    pub fn is_unsigned(&self) -> bool {
        self.has("unsigned")
            || self.base.as_deref().is_some_and(|b| {
                matches!(
                    b,
                    "size_t" | "uint" | "uint32_t" | "uint64_t" | "uint16_t" | "uint8_t"
                )
            })
    }

    /// The width in bits and signedness (`true`: unsigned) of an integer scalar type, for
    /// C's conversions: `char`/`short`/`int`/`long` with `signed`/`unsigned`, and the CUDA and
    /// `<stdint.h>` names. `None` for anything else (`bool`, floats, pointers, template
    /// parameters, typedefs the lowering does not know).
    pub fn int_kind(&self) -> Option<(u32, bool)> {
        if self.pointers > 0 {
            return None;
        }
        let unsigned = self.has("unsigned");
        let longs = self.specs.iter().filter(|s| *s == "long").count();
        let short = self.has("short");
        let sized = |bits: u32| {
            if short {
                Some((16, unsigned))
            } else if longs > 0 {
                Some((64, unsigned))
            } else {
                Some((bits, unsigned))
            }
        };
        match self.base.as_deref() {
            None if unsigned || self.has("signed") || short || longs > 0 => sized(32),
            None => None,
            Some("int") => sized(32),
            Some("char") => Some((8, unsigned)),
            Some("uint" | "uint32_t" | "unsigned") => Some((32, true)),
            Some("int32_t") => Some((32, false)),
            Some("uchar" | "uint8_t") => Some((8, true)),
            Some("int8_t" | "schar") => Some((8, false)),
            Some("ushort" | "uint16_t") => Some((16, true)),
            Some("int16_t") => Some((16, false)),
            Some("size_t" | "uint64_t" | "ulong" | "ulonglong" | "uintptr_t") => Some((64, true)),
            Some("int64_t" | "ptrdiff_t" | "longlong" | "intptr_t" | "ssize_t") => {
                Some((64, false))
            }
            Some("long") => Some((64, unsigned)),
            Some("short") => Some((16, unsigned)),
            Some(_) => None,
        }
    }

    /// The size in bytes of a scalar type (integers, floating point, `bool`), `None` for
    /// pointers, vectors, structs, template parameters and typedefs the lowering does not know.
    /// A pointer cast between scalars of different sizes changes which cells an index reaches.
    pub fn scalar_bytes(&self) -> Option<u64> {
        if self.pointers > 0 {
            return None;
        }
        if let Some((bits, _)) = self.int_kind() {
            return Some(u64::from(bits / 8));
        }
        match self.base.as_deref() {
            Some("float") => Some(4),
            Some("double") => Some(8),
            Some("half" | "__half") => Some(2),
            Some("bool") => Some(1),
            _ => None,
        }
    }

    /// Floating-point scalars, whose values the lowering never follows.
    pub fn is_float(&self) -> bool {
        self.pointers == 0
            && self
                .base
                .as_deref()
                .is_some_and(|b| matches!(b, "float" | "double" | "half" | "__half"))
    }
}

/// A declarator: `*p`, `a[N][M]`, `x = e`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: String,
    pub span: Span,
    pub pointers: usize,
    /// One entry per `[...]`; `None` for `[]`.
    pub dims: Vec<Option<Expr>>,
    pub init: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub ty: Ty,
    pub decl: Option<Declarator>,
    pub span: Span,
}

/// `template <class T, int N>`: type parameters (opaque) and value parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    pub name: String,
    pub is_type: bool,
}

/// A top-level item the front end keeps: a function (kernel or device function) or a global
/// declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Function(Function),
    Decl(Ty, Vec<Declarator>, Span),
    /// A device-side item outside the subset: using it in a kernel is an error (with this
    /// diagnostic), leaving it unused is not.
    Unparsed {
        name: Option<String>,
        error: mapcheck_core::diag::Diagnostic,
    },
    /// `template __global__ void k<int, 128>(int *);`: an explicit instantiation.
    Instantiation {
        name: String,
        args: Vec<TemplateArg>,
        span: Span,
    },
}

/// An argument of a template instantiation: a type (opaque) or a value.
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    Type(Ty),
    Value(Expr),
}

impl TemplateArg {
    /// How an instance's name shows the argument: a type's name, a literal's value, else `?`.
    pub fn show(&self) -> String {
        match self {
            TemplateArg::Type(ty) => format!(
                "{}{}",
                ty.base.as_deref().unwrap_or("?"),
                "*".repeat(ty.pointers)
            ),
            TemplateArg::Value(Expr {
                kind: ExprKind::Int(v, _),
                ..
            }) => v.to_string(),
            TemplateArg::Value(_) => "?".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub template: Vec<TemplateParam>,
    pub ty: Ty,
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Param>,
    /// `None` for a prototype.
    pub body: Option<Vec<Stmt>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Block(Vec<Stmt>),
    Decl(Ty, Vec<Declarator>),
    Expr(Expr),
    Empty,
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    Return(Option<Expr>),
    Break,
    Continue,
    /// `switch (e) body`; the body's `case`/`default` labels are statements of their own.
    Switch(Expr, Box<Stmt>),
    Case(Expr),
    Default,
    /// `goto` and labels: outside the subset, a located error when lowered.
    Goto,
    Label(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
    Comma,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64, bool),
    Float,
    Str,
    Name(String),
    /// A function template's name with explicit arguments, as the callee of a call
    /// (`warpReduce<blockSize>`).
    TemplateName(String, Vec<TemplateArg>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b` (`None`) or `a OP= b`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(Ty, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Member(Box<Expr>, String),
    Sizeof,
    /// `{a, b, ...}` as an initialiser.
    InitList(Vec<Expr>),
}

impl Expr {
    pub fn new(kind: ExprKind, l: usize, r: usize) -> Self {
        Expr {
            kind,
            span: Span::new(l, r),
        }
    }
}

/// Folds a specifier into a type: base type names are kept, the rest are specifiers; a second
/// base type (`long long`, `unsigned int`) keeps the first.
pub fn add_spec(ty: &mut Ty, (is_type, name): (bool, String)) {
    if is_type && ty.base.is_none() {
        ty.base = Some(name);
    } else if !is_type {
        ty.specs.push(name);
    }
}

pub fn bin(op: BinOp, a: Expr, b: Expr, l: usize, r: usize) -> Expr {
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), l, r)
}

pub fn un(op: UnOp, e: Expr, l: usize, r: usize) -> Expr {
    Expr::new(ExprKind::Unary(op, Box::new(e)), l, r)
}

pub fn for_stmt(
    (init, cond, step): (Option<Stmt>, Option<Expr>, Option<Expr>),
    body: Stmt,
    l: usize,
    r: usize,
) -> Stmt {
    Stmt {
        kind: StmtKind::For {
            init: init.map(Box::new),
            cond,
            step,
            body: Box::new(body),
        },
        span: Span::new(l, r),
    }
}
