//! The printer of MAPs, in the paper's notation or in ASCII.
//!
//! The paper's notation (Figures 2–4): `rd[x]`, `wr[0]`, `skip`, sequencing `u; u`,
//! `if tid = 0 {wr[0]} else {skip}` (equality is `=`, as in the paper), `for x ∈ 0..M {u}`,
//! `sync`. What `.bcu` adds is printed in the same spirit:
//!
//! * atomics: `at[i]`;
//! * strided and descending loops with their step, as `.bcu` writes them:
//!   `for s ∈ 1..ntid step *2 {…}`, `for s ∈ ntid / 2 downto 0 step /2 {…}`;
//! * `assume c`;
//! * when more than one array is in play, each access names its array after the mode:
//!   `wr A[tid]`, `rd B[i][j]`, `at C[0]` (one array: `wr[tid]`, as in the paper);
//! * unknowns are variables written `?x` (see [`crate::map::Unknown`]).
//!
//! The Unicode form writes `∈ ≠ ≤ ≥ ∧ ∨ ¬`; the ASCII form writes `in != <= >= && || !`.
//! [`Style::width`] breaks protocols that do not fit on a line into an indented layout, one
//! element of a sequence per line.

use crate::map::term::{Cond, CondKind, Expr, ExprKind, Range};
use crate::map::{Acc, Map, Proto, SyncProto};
use mapcheck_core::ast::{CmpOp, Direction, Notation, StepOp};
use std::collections::BTreeSet;
use std::fmt;

/// How to print a protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ASCII symbols only (`in` instead of `∈`, ...).
    pub ascii: bool,
    /// Break lines to fit this many columns; `None` prints everything on one line.
    pub width: Option<usize>,
    /// Name the array of each access; `None` decides by the number of arrays in play.
    pub array_names: Option<bool>,
}

impl Style {
    /// The paper's notation on one line.
    pub const PAPER: Style = Style {
        ascii: false,
        width: None,
        array_names: None,
    };
    /// ASCII on one line.
    pub const ASCII: Style = Style {
        ascii: true,
        width: None,
        array_names: None,
    };

    pub fn with_width(self, width: usize) -> Style {
        Style {
            width: Some(width),
            ..self
        }
    }
}

impl Default for Style {
    fn default() -> Self {
        Style::PAPER
    }
}

/// A protocol ready to print in a style; build it with [`Proto::display`],
/// [`SyncProto::display`] or [`Map::display`].
#[derive(Debug)]
pub struct Display<'a> {
    body: Body<'a>,
    style: Style,
    names: bool,
}

#[derive(Debug)]
enum Body<'a> {
    U(&'a Proto),
    P(&'a SyncProto),
}

impl Proto {
    pub fn display(&self, style: Style) -> Display<'_> {
        let names = style
            .array_names
            .unwrap_or_else(|| distinct_arrays(self.accesses()) > 1);
        Display {
            body: Body::U(self),
            style,
            names,
        }
    }
}

impl SyncProto {
    pub fn display(&self, style: Style) -> Display<'_> {
        let names = style
            .array_names
            .unwrap_or_else(|| distinct_arrays(self.accesses()) > 1);
        Display {
            body: Body::P(self),
            style,
            names,
        }
    }
}

impl Map {
    /// The kernel's protocol; arrays are named when the kernel declares more than one.
    pub fn display(&self, style: Style) -> Display<'_> {
        Display {
            body: Body::P(&self.body),
            style,
            names: style.array_names.unwrap_or_else(|| self.names_arrays()),
        }
    }
}

fn distinct_arrays(accesses: Vec<&Acc>) -> usize {
    accesses
        .iter()
        .map(|a| a.array.name.as_str())
        .collect::<BTreeSet<_>>()
        .len()
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = Printer {
            ascii: self.style.ascii,
            width: self.style.width,
            names: self.names,
        };
        let text = match self.body {
            Body::U(u) => p.u(u, 0),
            Body::P(s) => p.p(s, 0),
        };
        f.write_str(&text)
    }
}

impl Style {
    /// The paper's notation, or ASCII for the alternate form `{:#}`.
    fn of(f: &fmt::Formatter<'_>) -> Style {
        if f.alternate() {
            Style::ASCII
        } else {
            Style::PAPER
        }
    }
}

/// `{u}` prints in the paper's notation; `{u:#}` in ASCII.
impl fmt::Display for Proto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(Style::of(f)))
    }
}

/// `{p}` prints in the paper's notation; `{p:#}` in ASCII.
impl fmt::Display for SyncProto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(Style::of(f)))
    }
}

/// `{map}` prints the kernel's protocol in the paper's notation; `{map:#}` in ASCII.
impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(Style::of(f)))
    }
}

/// A comparison operand; bitwise operations are bracketed, since C, unlike `.bcu`, binds
/// `==` tighter than `&`, and `(tid & k) = 0` then reads the same to everyone.
fn operand(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Bin(op, ..) if matches!(op.notation(), Notation::Infix(_, p) if p <= 4) => {
            format!("({e})")
        }
        _ => e.to_string(),
    }
}

struct Printer {
    ascii: bool,
    width: Option<usize>,
    names: bool,
}

/// A compound protocol, as the layout sees it.
enum Shape<'a> {
    Leaf(String),
    Seq(Vec<Node<'a>>),
    /// `head {body}` then optionally ` else {body}`.
    Block {
        head: String,
        body: Node<'a>,
        else_body: Option<Node<'a>>,
    },
}

#[derive(Clone, Copy)]
enum Node<'a> {
    U(&'a Proto),
    P(&'a SyncProto),
}

impl Printer {
    fn u(&self, u: &Proto, indent: usize) -> String {
        self.node(Node::U(u), indent)
    }

    fn p(&self, p: &SyncProto, indent: usize) -> String {
        self.node(Node::P(p), indent)
    }

    /// Prints `node` as if starting at column `indent`: on one line when it fits.
    fn node(&self, node: Node<'_>, indent: usize) -> String {
        let flat = self.flat(node);
        match self.width {
            Some(width) if indent + flat.chars().count() > width => self.broken(node, indent),
            _ => flat,
        }
    }

    fn flat(&self, node: Node<'_>) -> String {
        match self.shape(node) {
            Shape::Leaf(text) => text,
            Shape::Seq(parts) => parts
                .into_iter()
                .map(|n| self.flat(n))
                .collect::<Vec<_>>()
                .join("; "),
            Shape::Block {
                head,
                body,
                else_body,
            } => {
                let mut out = format!("{head} {{{}}}", self.flat(body));
                if let Some(e) = else_body {
                    out.push_str(&format!(" else {{{}}}", self.flat(e)));
                }
                out
            }
        }
    }

    fn broken(&self, node: Node<'_>, indent: usize) -> String {
        let pad = " ".repeat(indent);
        let inner = " ".repeat(indent + 2);
        match self.shape(node) {
            Shape::Leaf(text) => text,
            Shape::Seq(parts) => parts
                .into_iter()
                .map(|n| self.node(n, indent))
                .collect::<Vec<_>>()
                .join(&format!(";\n{pad}")),
            Shape::Block {
                head,
                body,
                else_body,
            } => {
                let mut out = format!("{head} {{\n{inner}{}\n{pad}}}", self.node(body, indent + 2));
                if let Some(e) = else_body {
                    out.push_str(&format!(
                        " else {{\n{inner}{}\n{pad}}}",
                        self.node(e, indent + 2)
                    ));
                }
                out
            }
        }
    }

    fn shape<'a>(&self, node: Node<'a>) -> Shape<'a> {
        match node {
            Node::U(u) => match u {
                Proto::Skip => Shape::Leaf("skip".into()),
                Proto::Acc(a) => Shape::Leaf(self.acc(a)),
                Proto::Seq(parts) => Shape::Seq(parts.iter().map(Node::U).collect()),
                Proto::If {
                    cond,
                    then_branch,
                    else_branch,
                    ..
                } => Shape::Block {
                    head: format!("if {}", self.cond(cond, 0)),
                    body: Node::U(then_branch),
                    else_body: Some(Node::U(else_branch)),
                },
                Proto::For {
                    var, range, body, ..
                } => Shape::Block {
                    head: self.for_head(&var.name, range),
                    body: Node::U(body),
                    else_body: None,
                },
                Proto::Assume { cond, .. } => Shape::Leaf(format!("assume {}", self.cond(cond, 0))),
            },
            Node::P(p) => match p {
                SyncProto::U(u) => self.shape(Node::U(u)),
                SyncProto::Sync(_) => Shape::Leaf("sync".into()),
                SyncProto::SyncWarp(_) => Shape::Leaf("syncwarp".into()),
                // The unsynchronised runs of a synchronised sequence are spliced in, so that a
                // broken layout puts every element on its own line.
                SyncProto::Seq(parts) => Shape::Seq(
                    parts
                        .iter()
                        .flat_map(|part| match part {
                            SyncProto::U(Proto::Seq(items)) => items.iter().map(Node::U).collect(),
                            other => vec![Node::P(other)],
                        })
                        .collect(),
                ),
                SyncProto::If {
                    cond,
                    then_branch,
                    else_branch,
                    ..
                } => Shape::Block {
                    head: format!("if {}", self.cond(cond, 0)),
                    body: Node::P(then_branch),
                    else_body: Some(Node::P(else_branch)),
                },
                SyncProto::For {
                    var, range, body, ..
                } => Shape::Block {
                    head: self.for_head(&var.name, range),
                    body: Node::P(body),
                    else_body: None,
                },
            },
        }
    }

    fn acc(&self, a: &Acc) -> String {
        let mut out = a.mode.keyword().to_string();
        if self.names {
            out.push(' ');
            out.push_str(&a.array.name);
        }
        for i in &a.index {
            out.push_str(&format!("[{i}]"));
        }
        out
    }

    fn for_head(&self, var: &str, range: &Range) -> String {
        let (sep, default) = match range.dir {
            Direction::Up => ("..", StepOp::Add),
            Direction::Down => (" downto ", StepOp::Sub),
        };
        let elem = if self.ascii { "in" } else { "∈" };
        let mut out = format!("for {var} {elem} {}{sep}{}", range.start, range.bound);
        if range.step.op != default || range.step.amount.kind != ExprKind::Int(1) {
            out.push_str(&format!(
                " step {}{}",
                range.step.op.symbol(),
                range.step.amount
            ));
        }
        out
    }

    /// Conditions with the precedence of `mapcheck-core`'s printer (`∨` 1, `∧` 2, `¬` 3,
    /// atoms 4) and the paper's symbols.
    fn cond(&self, c: &Cond, min: u8) -> String {
        let own = match &c.kind {
            CondKind::Or(..) => 1,
            CondKind::And(..) => 2,
            CondKind::Not(_) => 3,
            CondKind::Bool(_) | CondKind::Cmp(..) => 4,
        };
        if own < min {
            return format!("({})", self.cond(c, 0));
        }
        let (and, or, not) = if self.ascii {
            ("&&", "||", "!")
        } else {
            ("∧", "∨", "¬")
        };
        match &c.kind {
            CondKind::Bool(b) => b.to_string(),
            CondKind::Cmp(op, a, b) => match op.notation() {
                Notation::Call(name) => format!("{name}({a}, {b})"),
                Notation::Infix(..) => {
                    format!("{} {} {}", operand(a), self.cmp(*op), operand(b))
                }
            },
            CondKind::Not(inner) => {
                let bare = matches!(&inner.kind, CondKind::Bool(_) | CondKind::Not(_));
                if bare {
                    format!("{not}{}", self.cond(inner, 3))
                } else {
                    format!("{not}({})", self.cond(inner, 0))
                }
            }
            CondKind::And(a, b) => format!("{} {and} {}", self.cond(a, 2), self.cond(b, 3)),
            CondKind::Or(a, b) => format!("{} {or} {}", self.cond(a, 1), self.cond(b, 2)),
        }
    }

    fn cmp(&self, op: CmpOp) -> &'static str {
        match (op, self.ascii) {
            (CmpOp::Eq, _) => "=",
            (CmpOp::Ne, false) => "≠",
            (CmpOp::Ne, true) => "!=",
            (CmpOp::Lt, _) => "<",
            (CmpOp::Le, false) => "≤",
            (CmpOp::Le, true) => "<=",
            (CmpOp::Gt, _) => ">",
            (CmpOp::Ge, false) => "≥",
            (CmpOp::Ge, true) => ">=",
            // Unsigned comparisons are printed as calls by the caller.
            (CmpOp::ULt, _) => "ult",
            (CmpOp::ULe, _) => "ule",
            (CmpOp::UGt, _) => "ugt",
            (CmpOp::UGe, _) => "uge",
        }
    }
}
