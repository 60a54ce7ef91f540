//! Structural comparison of syntax trees: equality that ignores where the nodes came from.
//!
//! `==` on a tree compares its spans too (a [`Span`] is a real byte range). What a parse, a
//! print or a rewrite should preserve is the tree's *shape*, so those comparisons go through
//! [`Structural::same_shape`]: both trees with every span erased, then compared with `==`.
//! Erasing destructures every node in full, so a field added to a node is a compile error
//! here until it is said whether it holds spans.

use crate::ast::{
    Access, ArrayDecl, Block, Cond, CondKind, Expr, ExprKind, Ident, Kernel, Param, Program, Range,
    Step, Stmt, StmtKind,
};
use crate::span::Span;

/// A tree whose spans can be erased, and so compared by shape.
pub trait Structural: Clone + PartialEq {
    /// Sets every span in the tree to [`Span::default`].
    fn erase_spans(&mut self);

    /// A copy of the tree with every span erased.
    fn without_spans(&self) -> Self {
        let mut t = self.clone();
        t.erase_spans();
        t
    }

    /// The two trees are equal but for their spans.
    fn same_shape(&self, other: &Self) -> bool {
        self.without_spans() == other.without_spans()
    }
}

impl Structural for Span {
    fn erase_spans(&mut self) {
        *self = Span::default();
    }
}

impl Structural for () {
    fn erase_spans(&mut self) {}
}

impl<T: Structural> Structural for Vec<T> {
    fn erase_spans(&mut self) {
        self.iter_mut().for_each(T::erase_spans);
    }
}

impl<T: Structural> Structural for Option<T> {
    fn erase_spans(&mut self) {
        if let Some(t) = self {
            t.erase_spans();
        }
    }
}

impl<T: Structural> Structural for Box<T> {
    fn erase_spans(&mut self) {
        (**self).erase_spans();
    }
}

impl<A: Structural, B: Structural> Structural for (A, B) {
    fn erase_spans(&mut self) {
        self.0.erase_spans();
        self.1.erase_spans();
    }
}

impl<K, V, S> Structural for std::collections::HashMap<K, V, S>
where
    K: Clone + Eq + std::hash::Hash,
    V: Structural,
    S: Clone + std::hash::BuildHasher,
{
    fn erase_spans(&mut self) {
        self.values_mut().for_each(V::erase_spans);
    }
}

impl<T: Structural> Structural for Program<T> {
    fn erase_spans(&mut self) {
        let Program { kernels } = self;
        kernels.erase_spans();
    }
}

impl<T: Structural> Structural for Kernel<T> {
    fn erase_spans(&mut self) {
        let Kernel {
            name,
            params,
            arrays,
            body,
            span,
            ann,
            names,
        } = self;
        name.erase_spans();
        params.erase_spans();
        arrays.erase_spans();
        body.erase_spans();
        span.erase_spans();
        ann.erase_spans();
        // The source names are what reports print, not the kernel's shape (a lowered kernel
        // and its `.bcu` text read back have the same shape, and only the first has them).
        *names = crate::ast::SourceNames::default();
    }
}

impl Structural for Ident {
    fn erase_spans(&mut self) {
        let Ident { name: _, span } = self;
        span.erase_spans();
    }
}

impl Structural for Param {
    fn erase_spans(&mut self) {
        let Param {
            name: _,
            span,
            ty: _,
        } = self;
        span.erase_spans();
    }
}

impl Structural for ArrayDecl {
    fn erase_spans(&mut self) {
        let ArrayDecl {
            name,
            space: _,
            span,
            layout: _,
        } = self;
        name.erase_spans();
        span.erase_spans();
    }
}

impl<T: Structural> Structural for Block<T> {
    fn erase_spans(&mut self) {
        let Block { stmts, span } = self;
        stmts.erase_spans();
        span.erase_spans();
    }
}

impl<T: Structural> Structural for Stmt<T> {
    fn erase_spans(&mut self) {
        let Stmt { kind, span, ann } = self;
        kind.erase_spans();
        span.erase_spans();
        ann.erase_spans();
    }
}

impl<T: Structural> Structural for StmtKind<T> {
    fn erase_spans(&mut self) {
        match self {
            StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp => {}
            StmtKind::Write { target, value } => {
                target.erase_spans();
                value.erase_spans();
            }
            StmtKind::Read { var, source } => {
                var.erase_spans();
                source.erase_spans();
            }
            StmtKind::Let { var, value } => {
                var.erase_spans();
                value.erase_spans();
            }
            StmtKind::Unknown { var } => var.erase_spans(),
            StmtKind::Atomic {
                var,
                target,
                op: _,
                value,
            } => {
                var.erase_spans();
                target.erase_spans();
                value.erase_spans();
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                cond.erase_spans();
                then_branch.erase_spans();
                else_branch.erase_spans();
            }
            StmtKind::For { var, range, body } => {
                var.erase_spans();
                range.erase_spans();
                body.erase_spans();
            }
            StmtKind::Assume { cond } => cond.erase_spans(),
        }
    }
}

impl Structural for Access {
    fn erase_spans(&mut self) {
        let Access {
            array,
            index,
            span,
            bounds,
        } = self;
        array.erase_spans();
        index.erase_spans();
        span.erase_spans();
        for b in bounds {
            b.index.erase_spans();
        }
    }
}

impl<V: Clone + PartialEq> Structural for Range<V> {
    fn erase_spans(&mut self) {
        let Range {
            start,
            bound,
            dir: _,
            step,
        } = self;
        start.erase_spans();
        bound.erase_spans();
        step.erase_spans();
    }
}

impl<V: Clone + PartialEq> Structural for Step<V> {
    fn erase_spans(&mut self) {
        let Step {
            op: _,
            amount,
            span,
        } = self;
        amount.erase_spans();
        span.erase_spans();
    }
}

impl<V: Clone + PartialEq> Structural for Expr<V> {
    fn erase_spans(&mut self) {
        let Expr { kind, span } = self;
        match kind {
            ExprKind::Int(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(a) => a.erase_spans(),
            ExprKind::Bin(_, a, b) => {
                a.erase_spans();
                b.erase_spans();
            }
            ExprKind::Select(c, a, b) => {
                c.erase_spans();
                a.erase_spans();
                b.erase_spans();
            }
        }
        span.erase_spans();
    }
}

impl<V: Clone + PartialEq> Structural for Cond<V> {
    fn erase_spans(&mut self) {
        let Cond { kind, span } = self;
        match kind {
            CondKind::Bool(_) => {}
            CondKind::Cmp(_, a, b) => {
                a.erase_spans();
                b.erase_spans();
            }
            CondKind::Not(c) => c.erase_spans(),
            CondKind::And(a, b) | CondKind::Or(a, b) => {
                a.erase_spans();
                b.erase_spans();
            }
        }
        span.erase_spans();
    }
}
