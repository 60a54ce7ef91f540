//! What an if-conversion does with the binders of the first half of a split branch that the
//! second half uses (see the parent module's doc): pure `let`s are hoisted before the split,
//! others refused or, on CUDA text, carried as fresh unknowns ([`Carry`]).

use super::Obstacle;
use mapcheck_core::ast::{walk_stmts, Access, Expr, Ident, Kernel, Stmt, StmtKind};
use mapcheck_core::Span;
use std::collections::BTreeSet;

/// What a split does with a variable bound by a read, an atomic or `?` in the first half and
/// used in the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carry {
    /// Refuse the split ([`Obstacle::BoundByRead`]): `.bcu` binders are immutable and
    /// hoisting the binding would add its access to threads that skip the branch.
    Refuse,
    /// Carry it as a per-thread unknown: the second half reads a fresh `let x' = ?;` bound
    /// before the first half. This is what CUDA text does with a local whose declaration moves
    /// before the split `if` while its assignment stays in place: the front end joins the
    /// assigned and the unassigned value into an unknown after the first half.
    Unknown,
}

/// The state of one [`create_point`]: the carry rule and the names in use.
pub(super) struct Step<'a> {
    pub carry: Carry,
    pub names: &'a mut Names,
}

/// Every variable name of a kernel, so that a carried variable gets a fresh one.
pub(super) struct Names(BTreeSet<String>);

impl Names {
    pub fn of(kernel: &Kernel) -> Self {
        let mut names: BTreeSet<String> = kernel.params.iter().map(|p| p.name.clone()).collect();
        names.extend(uses(&kernel.body.stmts));
        kernel
            .body
            .walk(&mut |s| names.extend(s.kind.declared().map(|v| v.name.clone())));
        Names(names)
    }

    /// `var'`, `var''`, ...: the first not in use.
    fn fresh(&mut self, var: &str) -> String {
        let mut name = format!("{var}'");
        while self.0.contains(&name) {
            name.push('\'');
        }
        self.0.insert(name.clone());
        name
    }
}

/// The pure `let`s of `first` that `second` needs (directly or through other such `let`s),
/// in their order, and `first` without them; with [`Carry::Unknown`] also the fresh unknowns
/// that stand for the other binders `second` needs, and `second` reading those.
#[allow(clippy::type_complexity)]
pub(super) fn hoist(
    first: &[Stmt],
    second: &[Stmt],
    step: &mut Step<'_>,
) -> Result<(Vec<Stmt>, Vec<Stmt>, Vec<Stmt>), Obstacle> {
    let bound: Vec<Option<&str>> = first
        .iter()
        .map(|s| s.kind.binder().map(|v| v.name.as_str()))
        .collect();
    let mut needed: BTreeSet<String> = BTreeSet::new();
    let mut carried: Vec<(String, Span)> = Vec::new();
    let mut work: Vec<String> = uses(second)
        .into_iter()
        .filter(|v| bound.contains(&Some(v.as_str())))
        .collect();
    while let Some(var) = work.pop() {
        if needed.contains(&var) || carried.iter().any(|(c, _)| *c == var) {
            continue;
        }
        let Some(stmt) = first
            .iter()
            .find(|s| s.kind.binder().is_some_and(|b| b.name == var))
        else {
            continue;
        };
        match &stmt.kind {
            StmtKind::Let { value, .. } => {
                needed.insert(var.clone());
                value.for_each_var(&mut |v, _| {
                    if bound.contains(&Some(v)) {
                        work.push(v.to_string());
                    }
                });
            }
            _ if step.carry == Carry::Unknown => carried.push((var, stmt.span)),
            other => {
                return Err(Obstacle::BoundByRead {
                    var,
                    binding: stmt.span,
                    what: match other {
                        StmtKind::Atomic { .. } => "an atomic",
                        StmtKind::Unknown { .. } => "`?`",
                        _ => "a read",
                    },
                })
            }
        }
    }
    // A pure `let` that reads a carried binder would change value if hoisted: carry it too.
    let mut more = true;
    while more {
        more = false;
        for var in needed.clone() {
            let reads_carried = first.iter().any(|s| match &s.kind {
                StmtKind::Let { var: v, value } if v.name == var => {
                    let mut hit = false;
                    value.for_each_var(&mut |u, _| {
                        hit |= carried.iter().any(|(c, _)| c == u);
                    });
                    hit
                }
                _ => false,
            });
            if reads_carried {
                needed.remove(&var);
                let span = first
                    .iter()
                    .find(|s| s.kind.binder().is_some_and(|b| b.name == var))
                    .map_or_else(Span::default, |s| s.span);
                carried.push((var, span));
                more = true;
            }
        }
    }
    let (mut hoisted, rest): (Vec<Stmt>, Vec<Stmt>) = first
        .iter()
        .cloned()
        .partition(|s| matches!(&s.kind, StmtKind::Let { var, .. } if needed.contains(&var.name)));
    let mut second = second.to_vec();
    carried.sort_by(|a, b| a.0.cmp(&b.0));
    for (var, span) in carried {
        let fresh = step.names.fresh(&var);
        hoisted.push(Stmt {
            kind: StmtKind::Unknown {
                var: Ident::new(fresh.clone(), span),
            },
            span,
            ann: (),
        });
        let to = Expr::var(fresh, span);
        for s in &mut second {
            rename_stmt(s, &var, &to);
        }
    }
    Ok((hoisted, rest, second))
}

/// `s` with the variable `from` read as `to` (a binder of `from` inside `s` is not possible:
/// binder names are distinct).
fn rename_stmt(s: &mut Stmt, from: &str, to: &Expr) {
    use mapcheck_smt::phases::{subst_cond, subst_expr};
    let access = |a: &mut Access| {
        for e in &mut a.index {
            *e = subst_expr(e, from, to);
        }
    };
    match &mut s.kind {
        StmtKind::Write { target, value } => {
            access(target);
            *value = subst_expr(value, from, to);
        }
        StmtKind::Read { source, .. } => access(source),
        StmtKind::Let { value, .. } => *value = subst_expr(value, from, to),
        StmtKind::Atomic { target, value, .. } => {
            access(target);
            *value = subst_expr(value, from, to);
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            *cond = subst_cond(cond, from, to);
            for b in std::iter::once(then_branch).chain(else_branch.as_mut()) {
                for s in &mut b.stmts {
                    rename_stmt(s, from, to);
                }
            }
        }
        StmtKind::Assume { cond } => *cond = subst_cond(cond, from, to),
        StmtKind::For { range, body, .. } => {
            range.start = subst_expr(&range.start, from, to);
            range.bound = subst_expr(&range.bound, from, to);
            range.step.amount = subst_expr(&range.step.amount, from, to);
            for s in &mut body.stmts {
                rename_stmt(s, from, to);
            }
        }
        StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {}
    }
}

/// Every variable named in `stmts` and the blocks nested in them.
fn uses(stmts: &[Stmt]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |v: &str, _: Span| {
        out.insert(v.to_string());
    };
    walk_stmts(stmts, &mut |s| match &s.kind {
        StmtKind::Write { target, value } => {
            target.index.iter().for_each(|e| e.for_each_var(&mut add));
            value.for_each_var(&mut add);
        }
        StmtKind::Read { source, .. } => {
            source.index.iter().for_each(|e| e.for_each_var(&mut add));
        }
        StmtKind::Let { value, .. } => value.for_each_var(&mut add),
        StmtKind::Atomic { target, value, .. } => {
            target.index.iter().for_each(|e| e.for_each_var(&mut add));
            value.for_each_var(&mut add);
        }
        StmtKind::If { cond, .. } | StmtKind::Assume { cond } => cond.for_each_var(&mut add),
        StmtKind::For { range, .. } => {
            range.start.for_each_var(&mut add);
            range.bound.for_each_var(&mut add);
            range.step.amount.for_each_var(&mut add);
        }
        StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {}
    });
    out
}
