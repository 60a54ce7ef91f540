//! The parser's intermediate form of expressions and conditions, and its conversion to core's
//! typed [`Expr`] and [`Cond`].
//!
//! The grammar parses numbers and conditions with one precedence ladder (`||` < `&&` <
//! comparisons < `|` < `^` < `&` < shifts < `+ -` < `* / %` < unary), as C does, and decides
//! afterwards what each piece must be. One ladder keeps the LR(1) grammar free of conflicts
//! between `(a) < b` and `(a < b)`, and between the call forms `min(a, b)` and `ult(a, b)`; and
//! deciding afterwards gives better messages than a parser could ("a read cannot appear inside
//! an expression", "expected a condition, found `x`").
//!
//! Unlike C, comparisons bind more loosely than the bitwise operators: `a & 1 == 0` is
//! `(a & 1) == 0`.

use super::SyntaxError;
use mapcheck_core::ast::*;
use mapcheck_core::span::Span;

#[derive(Clone, Debug)]
pub struct Term {
    pub kind: TermKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TermKind {
    Int(i64),
    Name(String),
    Bool(bool),
    Neg(Box<Term>),
    Not(Box<Term>),
    Bin(SOp, Box<Term>, Box<Term>),
    Call(Ident, Vec<Term>),
    /// `A[i][j]`: only meaningful as the source of a read or the target of a write.
    Index(Ident, Vec<Term>),
}

/// The name of the selection expression `select(c, a, b)`.
const SELECT: &str = "select";
/// A binary operator of the surface ladder.
#[derive(Clone, Copy, Debug)]
pub enum SOp {
    Arith(BinOp),
    Cmp(CmpOp),
    And,
    Or,
}

impl Term {
    pub fn new(kind: TermKind, l: usize, r: usize) -> Term {
        Term {
            kind,
            span: Span::new(l, r),
        }
    }

    pub fn bin(op: SOp, a: Term, b: Term, l: usize, r: usize) -> Term {
        Term::new(TermKind::Bin(op, Box::new(a), Box::new(b)), l, r)
    }

    /// What the term is, in words, for messages that say what was found instead.
    fn describe(&self) -> &'static str {
        match &self.kind {
            TermKind::Int(_) | TermKind::Name(_) | TermKind::Neg(_) => "a number",
            TermKind::Bool(_) | TermKind::Not(_) => "a condition",
            TermKind::Bin(SOp::Arith(_), ..) => "a number",
            TermKind::Bin(..) => "a condition",
            TermKind::Call(name, _) => {
                if CmpOp::from_call_name(&name.name).is_some() {
                    "a condition"
                } else {
                    "a number"
                }
            }
            TermKind::Index(..) => "an array read",
        }
    }
}

/// Converts terms to core's tree, collecting every error (the result is then a placeholder).
pub struct Converter<'e> {
    pub errors: &'e mut Vec<SyntaxError>,
}

impl Converter<'_> {
    fn error(&mut self, span: Span, message: String, label: &str, help: Option<String>) {
        self.errors.push(SyntaxError {
            span,
            message,
            label: label.to_string(),
            help,
            secondary: None,
        });
    }

    pub fn expr(&mut self, t: Term) -> Expr {
        // A chain of prefix minus signs is peeled off in a loop: the limits allow long ones,
        // and recursion would spend a stack frame per sign.
        let mut t = t;
        let mut negations = Vec::new();
        while let TermKind::Neg(inner) = t.kind {
            negations.push(t.span);
            t = *inner;
        }
        let mut e = self.expr_core(t);
        for span in negations.into_iter().rev() {
            e = Expr::new(ExprKind::Neg(Box::new(e)), span);
        }
        e
    }

    /// One level of conversion; binary operands recurse here directly, so a long chain of
    /// `+` costs one frame per operator, not two.
    fn expr_core(&mut self, t: Term) -> Expr {
        let span = t.span;
        let kind = match t.kind {
            TermKind::Int(v) => ExprKind::Int(v),
            TermKind::Name(n) => ExprKind::Var(n),
            TermKind::Neg(inner) => ExprKind::Neg(Box::new(self.expr(*inner))),
            TermKind::Bin(SOp::Arith(op), a, b) => ExprKind::Bin(
                op,
                Box::new(self.expr_core(*a)),
                Box::new(self.expr_core(*b)),
            ),
            other => self.expr_other(other, span),
        };
        Expr::new(kind, span)
    }

    /// The terms [`Self::expr_core`] does not convert itself: calls and the errors. Apart from it
    /// so that their locals do not grow the frame of every level of a deep expression (a chain
    /// of 990 `+` is converted on an ordinary 2 MiB stack).
    #[inline(never)]
    fn expr_other(&mut self, kind: TermKind, span: Span) -> ExprKind {
        match kind {
            TermKind::Call(name, args) if name.name == SELECT => self.select(&name, args),
            TermKind::Call(name, args) => match BinOp::from_call_name(&name.name) {
                Some(op) => match self.two_args(&name, args) {
                    Some((a, b)) => {
                        ExprKind::Bin(op, Box::new(self.expr(a)), Box::new(self.expr(b)))
                    }
                    None => ExprKind::Int(0),
                },
                None => {
                    self.unknown_call(&name, true);
                    ExprKind::Int(0)
                }
            },
            TermKind::Index(array, _) => {
                self.error(
                    span,
                    "a read cannot appear inside an expression".into(),
                    "this reads an array",
                    Some(format!(
                        "hoist it into its own binding first: `let v = {}[...];`",
                        array.name
                    )),
                );
                ExprKind::Int(0)
            }
            // Converted by `expr_core`; here only for completeness.
            TermKind::Int(v) => ExprKind::Int(v),
            TermKind::Name(n) => ExprKind::Var(n),
            TermKind::Neg(inner) => ExprKind::Neg(Box::new(self.expr(*inner))),
            TermKind::Bin(SOp::Arith(op), a, b) => {
                ExprKind::Bin(op, Box::new(self.expr(*a)), Box::new(self.expr(*b)))
            }
            TermKind::Bool(_) | TermKind::Not(_) | TermKind::Bin(..) => {
                self.error(
                    span,
                    "expected a number, found a condition".into(),
                    "this is a condition",
                    None,
                );
                ExprKind::Int(0)
            }
        }
    }

    /// `select(c, a, b)`. Apart from [`Self::expr_core`] so that its locals do not grow the
    /// frame of every level of a deep expression.
    #[inline(never)]
    fn select(&mut self, name: &Ident, args: Vec<Term>) -> ExprKind {
        let count = args.len();
        let mut it = args.into_iter();
        match (it.next(), it.next(), it.next(), it.next()) {
            (Some(c), Some(a), Some(b), None) => ExprKind::Select(
                Box::new(self.cond(c)),
                Box::new(self.expr(a)),
                Box::new(self.expr(b)),
            ),
            _ => {
                self.error(
                    name.span,
                    format!("`{SELECT}` takes 3 arguments, found {count}"),
                    "called here",
                    Some("`select(c, a, b)` is `a` where `c` holds, else `b`".into()),
                );
                ExprKind::Int(0)
            }
        }
    }

    pub fn cond(&mut self, t: Term) -> Cond {
        // As for minus signs in `expr`: a chain of `!` without a frame per `!`.
        let mut t = t;
        let mut negations = Vec::new();
        while let TermKind::Not(inner) = t.kind {
            negations.push(t.span);
            t = *inner;
        }
        let mut c = self.cond_core(t);
        for span in negations.into_iter().rev() {
            c = Cond::new(CondKind::Not(Box::new(c)), span);
        }
        c
    }

    /// One level of conversion; `&&`/`||` operands recurse here directly.
    fn cond_core(&mut self, t: Term) -> Cond {
        let span = t.span;
        let kind = match t.kind {
            TermKind::Bool(b) => CondKind::Bool(b),
            TermKind::Not(inner) => CondKind::Not(Box::new(self.cond(*inner))),
            TermKind::Bin(SOp::And, a, b) => {
                CondKind::And(Box::new(self.cond_core(*a)), Box::new(self.cond_core(*b)))
            }
            TermKind::Bin(SOp::Or, a, b) => {
                CondKind::Or(Box::new(self.cond_core(*a)), Box::new(self.cond_core(*b)))
            }
            TermKind::Bin(SOp::Cmp(op), a, b) => CondKind::Cmp(op, self.expr(*a), self.expr(*b)),
            TermKind::Call(name, args) if CmpOp::from_call_name(&name.name).is_some() => {
                match (
                    CmpOp::from_call_name(&name.name),
                    self.two_args(&name, args),
                ) {
                    (Some(op), Some((a, b))) => CondKind::Cmp(op, self.expr(a), self.expr(b)),
                    _ => CondKind::Bool(false),
                }
            }
            TermKind::Call(name, _) if BinOp::from_call_name(&name.name).is_none() => {
                self.unknown_call(&name, false);
                CondKind::Bool(false)
            }
            _ => {
                let what = t.kind_for_message();
                self.error(
                    span,
                    format!("expected a condition, found {what}"),
                    "this is not a condition",
                    Some("compare it, for example `x != 0`".into()),
                );
                CondKind::Bool(false)
            }
        };
        Cond::new(kind, span)
    }

    /// The cell of a read or write: `A[i]...`, with at least one index.
    pub fn access(&mut self, t: Term, what: &str) -> Access {
        let span = t.span;
        match t.kind {
            TermKind::Index(array, index) => Access {
                array,
                index: index.into_iter().map(|i| self.expr(i)).collect(),
                span,
                bounds: Vec::new(),
            },
            _ => {
                let found = Term { kind: t.kind, span }.describe();
                self.error(
                    span,
                    format!("{what} needs an array cell such as `A[i]`, found {found}"),
                    "not an array cell",
                    (what == "a write").then(|| {
                        "local variables cannot be changed: bind a new name with `let`".into()
                    }),
                );
                Access {
                    array: Ident::new("_", span),
                    index: Vec::new(),
                    span,
                    bounds: Vec::new(),
                }
            }
        }
    }

    /// [`Converter::access`] with the bounds written after it (`A[e] in [0: i < 32]`, what
    /// the CUDA lowering prints for an array of declared size): each `DIM: INDEX < EXTENT`,
    /// the extent a positive literal.
    pub fn access_within(
        &mut self,
        t: Term,
        bounds: Option<Vec<(i64, Term)>>,
        what: &str,
    ) -> Access {
        let mut access = self.access(t, what);
        for (dim, t) in bounds.unwrap_or_default() {
            let span = t.span;
            let cond = self.cond(t);
            let bound = match (usize::try_from(dim), cond.kind) {
                (Ok(dim), CondKind::Cmp(CmpOp::Lt, index, extent)) => match extent.kind {
                    ExprKind::Int(extent) if extent > 0 => Some(Bound { dim, index, extent }),
                    _ => None,
                },
                _ => None,
            };
            match bound {
                Some(b) => access.bounds.push(b),
                None => self.error(
                    span,
                    "a bound reads `DIM: INDEX < EXTENT`".to_string(),
                    "not a bound",
                    Some("the extent is a positive literal, for example `0: i < 32`".into()),
                ),
            }
        }
        access
    }

    /// Bounds written after something that is not an array cell.
    pub fn no_bounds(&mut self, bounds: Option<Vec<(i64, Term)>>) {
        if let Some((_, t)) = bounds.and_then(|b| b.into_iter().next()) {
            self.error(
                t.span,
                "bounds follow an array cell such as `A[i]`".to_string(),
                "bounds of no access",
                None,
            );
        }
    }

    fn two_args(&mut self, name: &Ident, args: Vec<Term>) -> Option<(Term, Term)> {
        let count = args.len();
        let mut it = args.into_iter();
        match (it.next(), it.next(), it.next()) {
            (Some(a), Some(b), None) => Some((a, b)),
            _ => {
                self.error(
                    name.span,
                    format!("`{}` takes 2 arguments, found {count}", name.name),
                    "called here",
                    None,
                );
                None
            }
        }
    }

    fn unknown_call(&mut self, name: &Ident, want_number: bool) {
        let known: Vec<&str> = if want_number {
            BinOp::ALL
                .iter()
                .filter_map(|op| match op.notation() {
                    Notation::Call(n) => Some(n),
                    Notation::Infix(..) => None,
                })
                .chain([SELECT])
                .collect()
        } else {
            CmpOp::ALL
                .iter()
                .filter_map(|op| match op.notation() {
                    Notation::Call(n) => Some(n),
                    Notation::Infix(..) => None,
                })
                .collect()
        };
        self.error(
            name.span,
            format!("unknown function `{}`", name.name),
            "not a function of the language",
            Some(format!(
                "the functions here are {}",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        );
    }
}

impl Term {
    fn kind_for_message(&self) -> String {
        match &self.kind {
            TermKind::Name(n) => format!("`{n}`"),
            TermKind::Int(v) => format!("`{v}`"),
            _ => self.describe().to_string(),
        }
    }
}
