//! The pretty-printer for `.bcu`: the canonical text of a tree, which `mapcheck-grammar` parses
//! back to the same tree (tested there, under proptest).
//!
//! Parentheses are printed only where precedence needs them; an ascending loop with step `+1`
//! and a descending loop with step `-1` are printed without their `step`; the short form
//! `atomic A[i];` is printed in full as `atomic A[i] += 1;`. A negative literal (only lowering
//! makes them) is printed as a negation, which parses back as one.

use crate::ast::*;
use std::fmt::{self, Display, Formatter, Write};

/// Binding strength of unary minus, above every binary operator.
const UNARY: u8 = 7;
/// Binding strength of literals, variables, calls and parenthesised expressions.
const ATOM: u8 = 8;
/// The least binding strength a comparison's operand is printed without brackets at: shifts
/// and tighter (`& ^ |` get brackets).
const BITWISE_OPERAND: u8 = 4;

impl<T> Display for Program<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, kernel) in self.kernels.iter().enumerate() {
            if i > 0 {
                f.write_char('\n')?;
            }
            write!(f, "{kernel}")?;
        }
        Ok(())
    }
}

impl<T> Display for Kernel<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "kernel {}(", self.name)?;
        comma_list(f, self.params.iter())?;
        f.write_str(") {\n")?;
        for array in &self.arrays {
            writeln!(f, "  {} {};", array.space.keyword(), array.name)?;
        }
        stmts(f, &self.body.stmts, 1)?;
        f.write_str("}\n")
    }
}

fn comma_list<I: Display>(f: &mut Formatter<'_>, items: impl Iterator<Item = I>) -> fmt::Result {
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

fn indent(f: &mut Formatter<'_>, depth: usize) -> fmt::Result {
    for _ in 0..depth {
        f.write_str("  ")?;
    }
    Ok(())
}

fn stmts<T>(f: &mut Formatter<'_>, list: &[Stmt<T>], depth: usize) -> fmt::Result {
    list.iter().try_for_each(|s| stmt(f, s, depth))
}

fn block<T>(f: &mut Formatter<'_>, b: &Block<T>, depth: usize) -> fmt::Result {
    f.write_str("{\n")?;
    stmts(f, &b.stmts, depth + 1)?;
    indent(f, depth)?;
    f.write_char('}')
}

/// Prints one statement into a string (for `else if`, whose `if` must not be indented).
fn write_stmt<T>(out: &mut String, s: &Stmt<T>, depth: usize) -> fmt::Result {
    struct One<'a, T>(&'a Stmt<T>, usize);
    impl<T> Display for One<'_, T> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            stmt(f, self.0, self.1)
        }
    }
    write!(out, "{}", One(s, depth))
}

fn stmt<T>(f: &mut Formatter<'_>, s: &Stmt<T>, depth: usize) -> fmt::Result {
    indent(f, depth)?;
    match &s.kind {
        StmtKind::Skip => f.write_str("skip;")?,
        StmtKind::Sync => f.write_str("sync;")?,
        StmtKind::SyncWarp => f.write_str("syncwarp;")?,
        StmtKind::Write { target, value } => write!(f, "{target} := {value};")?,
        StmtKind::Read { var, source } => write!(f, "let {var} = {source};")?,
        StmtKind::Let { var, value } => write!(f, "let {var} = {value};")?,
        StmtKind::Unknown { var } => write!(f, "let {var} = ?;")?,
        StmtKind::Atomic {
            var,
            target,
            op,
            value,
        } => {
            if let Some(var) = var {
                write!(f, "let {var} = ")?;
            }
            write!(f, "atomic {target} {} {value};", op.symbol())?;
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            write!(f, "if {cond} ")?;
            block(f, then_branch, depth)?;
            if let Some(else_branch) = else_branch {
                f.write_str(" else ")?;
                // `else { if ... }` and `else if ...` are the same tree: print the short form.
                match else_branch.stmts.as_slice() {
                    [only @ Stmt {
                        kind: StmtKind::If { .. },
                        ..
                    }] => {
                        let mut nested = String::new();
                        write_stmt(&mut nested, only, depth)?;
                        f.write_str(nested.trim_start().trim_end_matches('\n'))?;
                    }
                    _ => block(f, else_branch, depth)?,
                }
            }
        }
        StmtKind::For { var, range, body } => {
            write!(f, "for {var} in {range} ")?;
            block(f, body, depth)?;
        }
        StmtKind::Assume { cond } => write!(f, "assume {cond};")?,
    }
    f.write_char('\n')
}

impl Display for Access {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.array)?;
        self.index.iter().try_for_each(|i| write!(f, "[{i}]"))?;
        if !self.bounds.is_empty() {
            f.write_str(" in [")?;
            for (k, b) in self.bounds.iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                write!(f, "{sep}{}: {} < {}", b.dim, b.index, b.extent)?;
            }
            f.write_char(']')?;
        }
        Ok(())
    }
}

impl<V: Display> Display for Range<V> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (sep, default) = match self.dir {
            Direction::Up => ("..", StepOp::Add),
            Direction::Down => (" downto ", StepOp::Sub),
        };
        write!(f, "{}{sep}{}", self.start, self.bound)?;
        if self.step.op != default || !matches!(self.step.amount.kind, ExprKind::Int(1)) {
            write!(f, " step {}{}", self.step.op.symbol(), self.step.amount)?;
        }
        Ok(())
    }
}

impl<V: Display> Display for Expr<V> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        expr(f, self, 0)
    }
}

fn strength<V>(e: &Expr<V>) -> u8 {
    match &e.kind {
        ExprKind::Int(v) if *v < 0 => UNARY,
        ExprKind::Int(_) | ExprKind::Var(_) => ATOM,
        ExprKind::Neg(_) => UNARY,
        ExprKind::Select(..) => ATOM,
        ExprKind::Bin(op, _, _) => match op.notation() {
            Notation::Infix(_, p) => p,
            Notation::Call(_) => ATOM,
        },
    }
}

/// Prints `e`, in parentheses when it binds more loosely than `min` requires.
fn expr<V: Display>(f: &mut Formatter<'_>, e: &Expr<V>, min: u8) -> fmt::Result {
    let own = strength(e);
    if own < min {
        f.write_char('(')?;
        expr(f, e, 0)?;
        return f.write_char(')');
    }
    match &e.kind {
        ExprKind::Int(v) if *v < 0 => {
            f.write_char('-')?;
            write!(f, "{}", v.unsigned_abs())
        }
        ExprKind::Int(v) => write!(f, "{v}"),
        ExprKind::Var(name) => write!(f, "{name}"),
        ExprKind::Neg(inner) => {
            // A chain of negations without a stack frame each: a statement may hold
            // `Limits::max_statement_tokens` of them, and a debug build's frames are large.
            let mut inner = inner;
            f.write_char('-')?;
            while let ExprKind::Neg(next) = &inner.kind {
                f.write_char('-')?;
                inner = next;
            }
            expr(f, inner, UNARY)
        }
        ExprKind::Bin(op, a, b) => match op.notation() {
            Notation::Infix(symbol, p) => {
                expr(f, a, p)?;
                write!(f, " {symbol} ")?;
                expr(f, b, p + 1)
            }
            Notation::Call(name) => write!(f, "{name}({a}, {b})"),
        },
        ExprKind::Select(c, a, b) => select(f, c, a, b),
    }
}

/// Apart from [`expr`] so that its formatting state does not grow the frame of every level of
/// a deep expression (the printer runs on ordinary stacks).
#[inline(never)]
fn select<V: Display>(f: &mut Formatter<'_>, c: &Cond<V>, a: &Expr<V>, b: &Expr<V>) -> fmt::Result {
    write!(f, "select({c}, {a}, {b})")
}

impl<V: Display> Display for Cond<V> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        cond(f, self, 0)
    }
}

/// Binding strengths of conditions: `||` 1, `&&` 2, `!` 3, atoms 4.
fn cond_strength<V>(c: &Cond<V>) -> u8 {
    match &c.kind {
        CondKind::Or(..) => 1,
        CondKind::And(..) => 2,
        CondKind::Not(_) => 3,
        CondKind::Bool(_) | CondKind::Cmp(..) => 4,
    }
}

fn cond<V: Display>(f: &mut Formatter<'_>, c: &Cond<V>, min: u8) -> fmt::Result {
    if cond_strength(c) < min {
        f.write_char('(')?;
        cond(f, c, 0)?;
        return f.write_char(')');
    }
    match &c.kind {
        CondKind::Bool(b) => write!(f, "{b}"),
        CondKind::Cmp(op, a, b) => match op.notation() {
            // `.bcu` binds comparisons more loosely than `& ^ |`, C the other way round:
            // bracket bitwise operands so the text reads the same to both.
            Notation::Infix(symbol, _) => {
                expr(f, a, BITWISE_OPERAND)?;
                write!(f, " {symbol} ")?;
                expr(f, b, BITWISE_OPERAND)
            }
            Notation::Call(name) => write!(f, "{name}({a}, {b})"),
        },
        CondKind::Not(inner) => {
            // A chain of `!` without a stack frame each, as for negations.
            let mut inner = inner;
            f.write_char('!')?;
            while let CondKind::Not(next) = &inner.kind {
                f.write_char('!')?;
                inner = next;
            }
            // `!a < b` would parse, but reads as if `!` applied to `a`: always bracket a
            // comparison written with an infix operator.
            let bare = match &inner.kind {
                CondKind::Bool(_) | CondKind::Not(_) => true,
                CondKind::Cmp(op, ..) => matches!(op.notation(), Notation::Call(_)),
                _ => false,
            };
            if bare {
                cond(f, inner, 3)
            } else {
                f.write_char('(')?;
                cond(f, inner, 0)?;
                f.write_char(')')
            }
        }
        CondKind::And(a, b) => {
            cond(f, a, 2)?;
            f.write_str(" && ")?;
            cond(f, b, 3)
        }
        CondKind::Or(a, b) => {
            cond(f, a, 1)?;
            f.write_str(" || ")?;
            cond(f, b, 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn v(name: &str) -> Expr {
        Expr::var(name, Span::default())
    }
    fn n(value: i64) -> Expr {
        Expr::int(value, Span::default())
    }

    #[test]
    fn parentheses_only_where_needed() {
        let sum = Expr::bin(BinOp::Add, v("a"), v("b"));
        assert_eq!(
            Expr::bin(BinOp::Mul, sum.clone(), v("c")).to_string(),
            "(a + b) * c"
        );
        assert_eq!(
            Expr::bin(BinOp::Add, v("c"), sum.clone()).to_string(),
            "c + (a + b)"
        );
        assert_eq!(
            Expr::bin(BinOp::Sub, sum.clone(), v("c")).to_string(),
            "a + b - c"
        );
        assert_eq!(
            Expr::bin(BinOp::Min, sum.clone(), n(-3)).to_string(),
            "min(a + b, -3)"
        );
        let neg = Expr::new(ExprKind::Neg(Box::new(sum)), Span::default());
        assert_eq!(neg.to_string(), "-(a + b)");
    }

    #[test]
    fn conditions_bracket_negated_comparisons() {
        let lt = Cond::new(CondKind::Cmp(CmpOp::Lt, v("a"), v("b")), Span::default());
        let not = Cond::new(CondKind::Not(Box::new(lt.clone())), Span::default());
        assert_eq!(not.to_string(), "!(a < b)");
        let or = Cond::new(
            CondKind::Or(Box::new(lt.clone()), Box::new(lt.clone())),
            Span::default(),
        );
        let and = Cond::new(CondKind::And(Box::new(or), Box::new(lt)), Span::default());
        assert_eq!(and.to_string(), "(a < b || a < b) && a < b");
    }
}
