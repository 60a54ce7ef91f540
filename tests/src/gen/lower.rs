//! Lowering: shape → program. Names binders by position and resolves each variable use
//! against the variables allowed at its place (the module doc of [`super`] says how).

use super::shape::*;
use super::*;

/// What a value depends on, as the type checker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Facts {
    /// Depends on a read, `?`, an atomic, or a bitwise operation `int` mode cannot encode.
    pub(super) data: bool,
    /// The same for every thread of a block: no `tid`, no data.
    pub(super) uniform: bool,
}

impl Facts {
    pub(super) const CONST: Facts = Facts {
        data: false,
        uniform: true,
    };
    const DATA: Facts = Facts {
        data: true,
        uniform: false,
    };

    fn join(self, other: Facts) -> Facts {
        Facts {
            data: self.data || other.data,
            uniform: self.uniform && other.uniform,
        }
    }
}

/// Which variables a place may mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    /// Any variable in scope.
    Any,
    /// No variable that depends on data.
    Exact,
    /// Only variables uniform within a block (and not data).
    Uniform,
    /// Parameters, `ntid` and `nbid` (what an `assume` may constrain).
    Pre,
}

/// A variable that can be used, with what it depends on.
#[derive(Clone, Debug)]
pub(super) struct Cand {
    pub(super) name: String,
    pub(super) facts: Facts,
}

pub(super) struct Lower<'s> {
    pub(super) s: &'s GenSettings,
    pub(super) params: Vec<String>,
    /// Name and arity of each array.
    pub(super) arrays: Vec<(String, usize)>,
    /// `let` and loop variables in scope, innermost last.
    pub(super) locals: Vec<Cand>,
    pub(super) next_let: usize,
    pub(super) next_loop: usize,
    /// The kernel being lowered reads the geometry's components, not its linear forms.
    pub(super) components: bool,
}

pub(super) fn sp() -> Span {
    Span::default()
}

pub(super) fn int(v: i64) -> Expr {
    Expr::int(v, sp())
}

pub(super) fn var(name: &str) -> Expr {
    Expr::var(name, sp())
}

pub(super) fn call(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

/// A literal operand's value, as `int_exact` wants it.
pub(super) fn lit_value(g: &GExpr) -> Option<i64> {
    match g {
        GExpr::Lit(v) => Some(*v),
        _ => None,
    }
}

/// Lowers an expression, mentioning only `cands`; with `exact_ops`, rewrites every bitwise
/// operation `int` mode cannot encode exactly into one it can (see the module doc).
pub(super) fn lower_expr(g: &GExpr, cands: &[Cand], exact_ops: bool) -> (Expr, Facts) {
    match g {
        GExpr::Lit(v) => (int(*v), Facts::CONST),
        GExpr::Var(k) => match cands.get(usize::from(*k) % cands.len().max(1)) {
            Some(c) => (var(&c.name), c.facts),
            None => (int(i64::from(*k)), Facts::CONST),
        },
        GExpr::Neg(a) => {
            let (a, f) = lower_expr(a, cands, exact_ops);
            (Expr::new(ExprKind::Neg(Box::new(a)), sp()), f)
        }
        GExpr::Bin(op, a, b) => {
            let (op, b) = if exact_ops {
                let amount = lit_value(b).unwrap_or(1).rem_euclid(64);
                match op {
                    BinOp::Or => (BinOp::Add, (**b).clone()),
                    BinOp::Xor => (BinOp::Sub, (**b).clone()),
                    // `x & (2^k - 1)` is `x mod 2^k`.
                    BinOp::And => (BinOp::And, GExpr::Lit((1i64 << (amount % 9)) - 1)),
                    BinOp::Shl | BinOp::Shr | BinOp::UShr => (*op, GExpr::Lit(amount % 5)),
                    other => (*other, (**b).clone()),
                }
            } else {
                (*op, (**b).clone())
            };
            let exact = int_exact(op, lit_value(a), lit_value(&b));
            let (a, fa) = lower_expr(a, cands, exact_ops);
            let (b, fb) = lower_expr(&b, cands, exact_ops);
            let mut facts = fa.join(fb);
            if !exact {
                facts = facts.join(Facts::DATA);
            }
            (call(op, a, b), facts)
        }
        GExpr::Select(op, parts) => {
            let mut facts = Facts::CONST;
            let [a, b, c, d] = (**parts).clone().map(|g| {
                let (e, f) = lower_expr(&g, cands, exact_ops);
                facts = facts.join(f);
                e
            });
            let cond = Cond::new(CondKind::Cmp(*op, a, b), sp());
            let e = ExprKind::Select(Box::new(cond), Box::new(c), Box::new(d));
            (Expr::new(e, sp()), facts)
        }
    }
}

impl<'s> Lower<'s> {
    pub(super) fn new(s: &'s GenSettings) -> Self {
        Lower {
            s,
            params: Vec::new(),
            arrays: Vec::new(),
            locals: Vec::new(),
            next_let: 0,
            next_loop: 0,
            components: false,
        }
    }

    pub(super) fn kernel(mut self, index: usize, g: &GKernel) -> Kernel {
        self.components = g.components;
        self.params = (0..g.params.len()).map(|i| format!("p{i}")).collect();
        self.arrays = g
            .arrays
            .iter()
            .enumerate()
            .map(|(i, (space, dims))| {
                let prefix = match space {
                    Space::Shared => "S",
                    Space::Global => "G",
                };
                (format!("{prefix}{i}"), *dims)
            })
            .collect();
        let mut stmts: Vec<Stmt> = g
            .assumes
            .iter()
            .map(|c| {
                let cond = self.cond(c, Class::Pre).0;
                stmt(StmtKind::Assume { cond })
            })
            .collect();
        stmts.extend(self.block(&g.body, true).stmts);
        Kernel {
            name: Ident::new(format!("k{index}"), sp()),
            params: self
                .params
                .iter()
                .zip(&g.params)
                .map(|(p, signed)| Param {
                    name: p.clone(),
                    span: sp(),
                    ty: if *signed {
                        ParamType::INT
                    } else {
                        ParamType::Natural
                    },
                })
                .collect(),
            arrays: g
                .arrays
                .iter()
                .zip(&self.arrays)
                .map(|((space, _), (name, _))| ArrayDecl {
                    name: Ident::new(name, sp()),
                    space: *space,
                    span: sp(),
                    layout: None,
                })
                .collect(),
            body: Block { stmts, span: sp() },
            span: sp(),
            ann: (),
            names: Default::default(),
        }
    }

    /// The variables `class` allows here: parameters, then built-ins, then locals.
    fn cands(&self, class: Class) -> Vec<Cand> {
        let mut out: Vec<Cand> = self
            .params
            .iter()
            .map(|p| Cand {
                name: p.clone(),
                facts: Facts::CONST,
            })
            .collect();
        for b in Builtin::ALL {
            // A kernel reads the linear forms or the components, as a CUDA kernel reads only
            // components: a kernel that mixes them has its linear ids defined by products of
            // symbolic sizes, which `bv32` queries bit-blast (one such generated kernel took
            // 240 s). Mixing is covered by the examples and the interpreter's tests.
            if b.dim.is_some() != self.components {
                continue;
            }
            let allowed = match class {
                Class::Any | Class::Exact => true,
                Class::Uniform => !b.is_thread_id(),
                Class::Pre => matches!(b.geometry, Geometry::Ntid | Geometry::Nbid),
            };
            if allowed {
                out.push(Cand {
                    name: b.name().to_string(),
                    facts: Facts {
                        data: false,
                        uniform: !b.is_thread_id(),
                    },
                });
            }
        }
        out.extend(
            self.locals
                .iter()
                .filter(|l| match class {
                    Class::Any => true,
                    Class::Exact => !l.facts.data,
                    Class::Uniform => l.facts.uniform && !l.facts.data,
                    Class::Pre => false,
                })
                .cloned(),
        );
        out
    }

    fn expr(&self, g: &GExpr, class: Class) -> (Expr, Facts) {
        let exact_ops = self.s.exact_only || matches!(class, Class::Uniform | Class::Pre);
        lower_expr(g, &self.cands(class), exact_ops)
    }

    fn cond(&self, g: &GCond, class: Class) -> (Cond, Facts) {
        let (kind, facts) = match g {
            GCond::Bool(b) => (CondKind::Bool(*b), Facts::CONST),
            GCond::Cmp(op, a, b) => {
                let (a, fa) = self.expr(a, class);
                let (b, fb) = self.expr(b, class);
                (CondKind::Cmp(*op, a, b), fa.join(fb))
            }
            GCond::Not(c) => {
                let (c, f) = self.cond(c, class);
                (CondKind::Not(Box::new(c)), f)
            }
            GCond::And(a, b) | GCond::Or(a, b) => {
                let (a, fa) = self.cond(a, class);
                let (b, fb) = self.cond(b, class);
                let (a, b) = (Box::new(a), Box::new(b));
                let kind = match g {
                    GCond::And(..) => CondKind::And(a, b),
                    _ => CondKind::Or(a, b),
                };
                (kind, fa.join(fb))
            }
        };
        (Cond::new(kind, sp()), facts)
    }

    /// The class of indices, and of control that need not be uniform.
    fn plain(&self) -> Class {
        if self.s.exact_only {
            Class::Exact
        } else {
            Class::Any
        }
    }

    /// The class of a condition or loop range around `body`.
    fn control(&self, want_uniform: bool, body: &[&[GStmt]]) -> Class {
        let must =
            self.s.barriers && !self.s.divergent_barriers && body.iter().any(|b| contains_sync(b));
        if want_uniform || must {
            Class::Uniform
        } else {
            self.plain()
        }
    }

    fn access(&self, g: &GAccess) -> Option<Access> {
        let (name, dims) = self
            .arrays
            .get(usize::from(g.array) % self.arrays.len().max(1))?;
        let class = self.plain();
        let index = (0..*dims)
            .map(|i| match g.index.get(i) {
                Some(e) => self.expr(e, class).0,
                None => int(0),
            })
            .collect();
        Some(Access {
            array: Ident::new(name, sp()),
            index,
            span: sp(),
            bounds: Vec::new(),
        })
    }

    fn bind_let(&mut self, facts: Facts) -> Ident {
        let name = format!("x{}", self.next_let);
        self.next_let += 1;
        self.locals.push(Cand {
            name: name.clone(),
            facts,
        });
        Ident::new(name, sp())
    }

    fn block(&mut self, stmts: &[GStmt], uniform_ctx: bool) -> Block {
        let mark = self.locals.len();
        let stmts = stmts
            .iter()
            .map(|g| stmt(self.stmt(g, uniform_ctx)))
            .collect();
        self.locals.truncate(mark);
        Block { stmts, span: sp() }
    }

    fn stmt(&mut self, g: &GStmt, uniform_ctx: bool) -> StmtKind {
        match g {
            GStmt::Skip => StmtKind::Skip,
            GStmt::Sync => {
                if self.s.barriers && (uniform_ctx || self.s.divergent_barriers) {
                    StmtKind::Sync
                } else {
                    StmtKind::Skip
                }
            }
            GStmt::SyncWarp => {
                if self.s.barriers
                    && self.s.warp_barriers
                    && (uniform_ctx || self.s.divergent_barriers)
                {
                    StmtKind::SyncWarp
                } else {
                    StmtKind::Skip
                }
            }
            GStmt::Write(target, value) => match self.access(target) {
                Some(target) => StmtKind::Write {
                    target,
                    value: self.expr(value, Class::Any).0,
                },
                None => StmtKind::Skip,
            },
            GStmt::Read(source) => match self.access(source) {
                Some(source) => StmtKind::Read {
                    var: self.bind_let(Facts::DATA),
                    source,
                },
                None => StmtKind::Skip,
            },
            GStmt::Let(value) => {
                let (value, facts) = self.expr(value, Class::Any);
                StmtKind::Let {
                    var: self.bind_let(facts),
                    value,
                }
            }
            GStmt::Unknown => StmtKind::Unknown {
                var: self.bind_let(Facts::DATA),
            },
            GStmt::Assume(cond) => StmtKind::Assume {
                cond: self.cond(cond, Class::Uniform).0,
            },
            GStmt::Atomic {
                bind,
                target,
                op,
                value,
            } => match self.access(target) {
                Some(target) => {
                    let value = self.expr(value, Class::Any).0;
                    StmtKind::Atomic {
                        var: bind.then(|| self.bind_let(Facts::DATA)),
                        target,
                        op: *op,
                        value,
                    }
                }
                None => StmtKind::Skip,
            },
            GStmt::If {
                uniform,
                cond,
                then_branch,
                else_branch,
            } => {
                let mut bodies: Vec<&[GStmt]> = vec![then_branch];
                if let Some(e) = else_branch {
                    bodies.push(e);
                }
                let class = self.control(*uniform, &bodies);
                let (cond, facts) = self.cond(cond, class);
                let inner = uniform_ctx && facts.uniform;
                StmtKind::If {
                    cond,
                    then_branch: self.block(then_branch, inner),
                    else_branch: else_branch.as_ref().map(|b| self.block(b, inner)),
                }
            }
            GStmt::For {
                uniform,
                range,
                body,
            } => {
                let class = self.control(*uniform, &[body]);
                let (range, facts) = self.range(range, class);
                let name = format!("i{}", self.next_loop);
                self.next_loop += 1;
                let mark = self.locals.len();
                self.locals.push(Cand {
                    name: name.clone(),
                    facts,
                });
                let body = self.block(body, uniform_ctx && facts.uniform);
                self.locals.truncate(mark);
                StmtKind::For {
                    var: Ident::new(name, sp()),
                    range,
                    body,
                }
            }
        }
    }

    fn low(&self, g: &GLow, class: Class) -> (Expr, Facts) {
        match g {
            GLow::Lit(v) => (int(i64::from(*v % 5)), Facts::CONST),
            GLow::Tid if matches!(class, Class::Uniform) => (int(0), Facts::CONST),
            GLow::Tid => (
                var("tid"),
                Facts {
                    data: false,
                    uniform: false,
                },
            ),
            GLow::Max0(e) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Max, e, int(0)), f)
            }
        }
    }

    fn param_or_lit(&self, k: u8) -> Expr {
        match self.params.get(usize::from(k) % self.params.len().max(1)) {
            Some(p) => var(p),
            None => int(i64::from(k % 5)),
        }
    }

    fn high(&self, g: &GHigh, class: Class) -> (Expr, Facts) {
        match g {
            GHigh::Lit(v) => (int(i64::from(*v % 5)), Facts::CONST),
            GHigh::Param(k) => (self.param_or_lit(*k), Facts::CONST),
            GHigh::Ntid => (var("ntid"), Facts::CONST),
            GHigh::MinLit(e, c) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Min, e, int(i64::from(*c % 5))), f)
            }
            GHigh::MinParam(e, k) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Min, e, self.param_or_lit(*k)), f)
            }
        }
    }

    /// A range and what its variable depends on.
    fn range(&self, g: &GLoop, class: Class) -> (Range, Facts) {
        let step = |op: StepOp, amount: i64| Step {
            op,
            amount: int(amount),
            span: sp(),
        };
        let (start, bound, dir, step) = match g {
            GLoop::Up {
                start,
                bound,
                step: k,
            } => (
                self.low(start, class),
                self.high(bound, class),
                Direction::Up,
                step(StepOp::Add, i64::from((*k).clamp(1, 3))),
            ),
            GLoop::Down {
                start,
                bound,
                step: k,
            } => (
                self.high(start, class),
                self.low(bound, class),
                Direction::Down,
                step(StepOp::Sub, i64::from((*k).clamp(1, 3))),
            ),
            GLoop::Mul {
                start,
                bound,
                shl,
                amount,
            } => (
                (int(i64::from((*start).clamp(1, 4))), Facts::CONST),
                self.high(bound, class),
                Direction::Up,
                if *shl {
                    step(StepOp::Shl, i64::from(amount % 2 + 1))
                } else {
                    step(StepOp::Mul, i64::from(amount % 2 + 2))
                },
            ),
            GLoop::Div {
                start,
                bound,
                shr,
                amount,
            } => (
                self.high(start, class),
                (int(i64::from(*bound % 2)), Facts::CONST),
                Direction::Down,
                if *shr {
                    step(StepOp::Shr, i64::from(amount % 2 + 1))
                } else {
                    step(StepOp::Div, i64::from(amount % 2 + 2))
                },
            ),
            GLoop::Grid { bound, grid } => {
                let uniform = matches!(class, Class::Uniform);
                let (start, facts) = match (uniform, grid) {
                    (true, _) => (int(0), Facts::CONST),
                    (false, false) => (var("tid"), self.tid_facts()),
                    (false, true) => (
                        call(
                            BinOp::Add,
                            var("tid"),
                            call(BinOp::Mul, var("bid"), var("ntid")),
                        ),
                        self.tid_facts(),
                    ),
                };
                let amount = if *grid {
                    call(BinOp::Mul, var("ntid"), var("nbid"))
                } else {
                    var("ntid")
                };
                (
                    (start, facts),
                    self.high(bound, class),
                    Direction::Up,
                    Step {
                        op: StepOp::Add,
                        amount,
                        span: sp(),
                    },
                )
            }
        };
        let facts = start.1.join(bound.1);
        (
            Range {
                start: start.0,
                bound: bound.0,
                dir,
                step,
            },
            facts,
        )
    }

    fn tid_facts(&self) -> Facts {
        Facts {
            data: false,
            uniform: false,
        }
    }
}

pub(super) fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: sp(),
        ann: (),
    }
}

pub(super) fn contains_sync(stmts: &[GStmt]) -> bool {
    stmts.iter().any(|s| match s {
        GStmt::Sync | GStmt::SyncWarp => true,
        GStmt::If {
            then_branch,
            else_branch,
            ..
        } => contains_sync(then_branch) || else_branch.as_deref().is_some_and(contains_sync),
        GStmt::For { body, .. } => contains_sync(body),
        _ => false,
    })
}
