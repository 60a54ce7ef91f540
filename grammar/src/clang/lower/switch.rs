//! `switch`: each case's statements run when the scrutinee matches one of its labels or
//! control falls through from the case before; `break` leaves the switch.

use super::*;

/// A label of a `switch`: the values `lo..=hi` of a `case` (a GNU range `case lo ... hi:`, or
/// one value), `None` for `default`.
type Label = Option<(i128, i128)>;

impl Lower<'_, '_> {
    /// `switch`: each case's statements run when the scrutinee matches one of its labels or
    /// control falls through from the case before; `break` leaves the switch.
    pub(super) fn switch(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n
            .inner
            .iter()
            .filter(|c| !c.is_meta() && !c.is_null())
            .collect();
        let (Some(scrut), Some(body)) = (kids.first(), kids.last()) else {
            return tt(span);
        };
        let v = self.rvalue(scrut, out);
        let (x, _) = self.as_expr(v, span, out);
        let x = self.bound("switch", x, out);
        // Segments: the labels that enter each, and its statements.
        let mut segments: Vec<(Vec<Label>, Vec<&Node>)> = Vec::new();
        let items: Vec<&Node> = if body.kind == Kind::CompoundStmt {
            body.exprs().collect()
        } else {
            vec![body]
        };
        for item in items {
            let mut s = item;
            let mut labels = Vec::new();
            loop {
                match s.kind {
                    Kind::CaseStmt => {
                        let value = |k: usize| {
                            s.exprs()
                                .nth(k)
                                .and_then(Node::constant_value)
                                .unwrap_or(i128::MIN)
                        };
                        let range = s.is_gnu_range == Some(true);
                        let lo = value(0);
                        let hi = if range { value(1) } else { lo };
                        labels.push(Some((lo, hi)));
                        match s.exprs().nth(if range { 2 } else { 1 }) {
                            Some(next) => s = next,
                            None => break,
                        }
                    }
                    Kind::DefaultStmt => {
                        labels.push(None);
                        match s.exprs().next() {
                            Some(next) => s = next,
                            None => break,
                        }
                    }
                    _ => break,
                }
            }
            let is_label_only = matches!(s.kind, Kind::CaseStmt | Kind::DefaultStmt);
            if !labels.is_empty() {
                segments.push((labels, if is_label_only { Vec::new() } else { vec![s] }));
            } else if let Some(last) = segments.last_mut() {
                last.1.push(s);
            } else {
                // Statements before the first label never run.
            }
        }
        if segments
            .iter()
            .flat_map(|(l, _)| l)
            .any(|l| matches!(l, Some((lo, hi)) if *lo == i128::MIN || *hi == i128::MIN))
        {
            self.error(
                span,
                "a `case` label mapcheck cannot evaluate",
                "in this switch",
            );
            return tt(span);
        }
        let values: Vec<(i128, i128)> = segments
            .iter()
            .flat_map(|(l, _)| l.iter().flatten().copied())
            .collect();
        let lit = |v: i128| int(i64::try_from(v).unwrap_or(i64::MAX), span);
        // The scrutinee is one of `lo..=hi` (an empty GNU range, `hi < lo`, matches nothing).
        let within = |(lo, hi): (i128, i128), x: &Expr| -> Cond {
            if lo == hi {
                cmp(CmpOp::Eq, x.clone(), lit(lo))
            } else if hi < lo {
                ff(span)
            } else {
                and(
                    cmp(CmpOp::Ge, x.clone(), lit(lo)),
                    cmp(CmpOp::Le, x.clone(), lit(hi)),
                )
            }
        };
        let matches = |labels: &[Label], x: &Expr| -> Cond {
            let mut c = ff(span);
            for l in labels {
                let one = match l {
                    Some(range) => within(*range, x),
                    None => {
                        let mut none = tt(span);
                        for &(lo, hi) in &values {
                            let outside = if lo == hi {
                                cmp(CmpOp::Ne, x.clone(), lit(lo))
                            } else {
                                not(within((lo, hi), x))
                            };
                            none = and(none, outside);
                        }
                        none
                    }
                };
                c = or(c, one);
            }
            c
        };
        self.loop_exits.push(HashSet::new());
        let mut fell = ff(span);
        for (labels, stmts) in &segments {
            let enter = simplify(or(fell.clone(), matches(labels, &x)));
            let before = self.env.clone();
            let mut inner = Vec::new();
            let stay = self.block(stmts, &mut inner);
            let bound = bound_names(&inner);
            let lets = branch_lets(&top_lets(&inner));
            let after = std::mem::replace(&mut self.env, before.clone());
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: enter.clone(),
                        then_branch: Block { stmts: inner, span },
                        else_branch: None,
                    },
                    span,
                ),
            );
            // Whether the segment breaks or falls through, its end reaches what follows: a
            // local it assigns is the selection of its value there and the value before
            // (a phi, as for an `if` without `else`), exact where `join_if` can build it.
            let branches = [(after, &lets), (before, &HashMap::new())];
            self.join_if(&enter, branches, &bound, span, out);
            fell = if cond_uses(&stay, &bound) {
                let u = self.unknown("fell_through", Some((0, 1)), span, out);
                and(enter, cmp(CmpOp::Ne, u, int(0, span)))
            } else {
                simplify(and(enter, stay))
            };
        }
        let exits = self.loop_exits.pop().unwrap_or_default();
        // `continue` belongs to the enclosing loop, `return` to the function.
        if let Some(outer) = self.loop_exits.last_mut() {
            if exits.contains(&ExitKind::Continue) {
                outer.insert(ExitKind::Continue);
            }
        }
        if exits.contains(&ExitKind::Return) || exits.contains(&ExitKind::Continue) {
            let u = self.unknown("left_switch", Some((0, 1)), span, out);
            cmp(CmpOp::Eq, u, int(0, span))
        } else {
            tt(span)
        }
    }
}
