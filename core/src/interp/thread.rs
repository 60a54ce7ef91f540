//! The single-thread evaluator (BabyCUDA paper, Section 3, the judgment `A, b ↓_{H,i} B`),
//! made resumable so that a thread stops at each `sync` and continues after it in the next
//! phase, inside loops too.
//!
//! The paper evaluates `b[x := n]` by substitution; here a thread keeps an environment with one
//! slot per variable instead (binders are distinct in the whole kernel, so a flat environment
//! means the same thing). What is left to do is an explicit stack of frames: a statement list
//! with the position of the next statement, or a running loop with its variable's value and its
//! bound and step (evaluated once, on entry: nothing a loop header mentions can change while the
//! loop runs, since variables are immutable). Reaching `sync` returns the barrier event with the
//! stack intact; calling [`Thread::run_phase`] again resumes right after it.
//!
//! Memory is read as rule READ says: the thread's own last write in this phase, else `lastwrite`
//! over earlier phases, else the initial contents. Writes go to the thread's own write map,
//! invisible to the other threads until the phase ends (rule PAR).

use super::config::{Config, UnknownSite};
use super::divergence::Reached;
use super::error::{RunError, ThreadId};
use super::history::{
    AccessKind, BarrierEvent, BlockMemory, Cell, Event, EventKind, FastMap, Index,
};
use super::layout::{stmt_key, Layout};
use super::race::GridAccesses;
use super::touches::PhaseAccesses;
use crate::arith::{Arith, Value};
use crate::ast::{
    Access, BinOp, Block, Builtin, CmpOp, Cond, CondKind, Direction, Expr, ExprKind, Space, Stmt,
    StmtKind,
};
use crate::span::Span;

/// The step budget of the whole run, shared by all threads.
#[derive(Debug)]
pub(super) struct Steps {
    pub used: u64,
    pub budget: u64,
}

impl Steps {
    pub(super) fn charge(&mut self, span: Span, thread: ThreadId) -> Result<(), RunError> {
        if self.used >= self.budget {
            return Err(RunError::StepBudget {
                budget: self.budget,
                span,
                thread,
            });
        }
        self.used += 1;
        Ok(())
    }
}

/// How many more events the history keeps, and how many it dropped.
#[derive(Debug)]
pub(super) struct HistoryRoom {
    pub room: usize,
    pub dropped: u64,
}

/// Everything outside a thread that its evaluation reads or updates during one phase.
pub(super) struct World<'w, 'k> {
    pub layout: &'w Layout<'k>,
    pub config: &'w Config<'w>,
    pub bid: Value,
    pub memory: &'w mut BlockMemory,
    pub phase: &'w mut PhaseAccesses,
    pub grid: &'w mut GridAccesses,
    pub steps: &'w mut Steps,
    pub history: &'w mut HistoryRoom,
    pub out_of_bounds: &'w mut super::bounds::OutOfBoundsLog,
    /// Per array (declaration position): whether its accesses are checked for races
    /// ([`Config::watch_arrays`]).
    pub watched: &'w [bool],
}

/// Work left to do, innermost last.
#[derive(Debug)]
enum Frame<'k, T> {
    /// The statements of a block; `next` is the first one not started yet.
    Seq { stmts: &'k [Stmt<T>], next: usize },
    /// A loop whose current iteration's body is the frame above it (or has just finished).
    Loop {
        /// `for x in a..b step s` without the body, where errors about the loop point.
        header: Span,
        var: &'k str,
        slot: usize,
        value: Value,
        bound: Value,
        dir: Direction,
        op: BinOp,
        amount: Value,
        body: &'k Block<T>,
    },
}

/// Why an expression could not be evaluated, before it is tied to a thread.
enum Fault {
    Overflow(Span, String),
    Unbound(String, Span),
}

#[derive(Debug)]
pub(super) struct Thread<'k, T> {
    pub tid: Value,
    /// One slot per variable (see [`Layout::slots`]); `None` until bound.
    env: Vec<Option<Value>>,
    stack: Vec<Frame<'k, T>>,
    /// This thread's last write to each cell in the current phase (the paper's `W`).
    pub writes: FastMap<Cell, Value>,
    /// This phase's accesses, in program order.
    pub events: Vec<Event>,
    /// The `syncwarp` events this thread passed in the current phase: their number is the
    /// thread's warp epoch, which orders its accesses against those of its warp's lanes.
    pub warp_events: Vec<BarrierEvent>,
    /// How many times each `let x = ?;` (by statement position) was evaluated.
    occurrences: FastMap<usize, u64>,
}

impl<'k, T> Thread<'k, T> {
    /// A thread about to run `body`, with the built-ins and parameters bound. `params` holds the
    /// slot and value of each parameter.
    pub(super) fn new(
        layout: &Layout<'k>,
        body: &'k Block<T>,
        geometry: [(Builtin, Value); 16],
        params: &[(usize, Value)],
    ) -> Self {
        let mut env = vec![None; layout.slot_count()];
        for (b, v) in geometry {
            env[Layout::builtin_slot(b)] = Some(v);
        }
        for &(slot, v) in params {
            env[slot] = Some(v);
        }
        let tid = env[Layout::builtin_slot(Builtin::Tid)].unwrap_or_default();
        Thread {
            tid,
            env,
            stack: vec![Frame::Seq {
                stmts: &body.stmts,
                next: 0,
            }],
            writes: FastMap::default(),
            events: Vec::new(),
            warp_events: Vec::new(),
            occurrences: FastMap::default(),
        }
    }

    /// Starts a new phase: what this thread wrote is now in the block's history.
    pub(super) fn begin_phase(&mut self) {
        self.writes.clear();
        self.events.clear();
        self.warp_events.clear();
    }

    fn id(&self, w: &World<'_, '_>) -> ThreadId {
        ThreadId {
            bid: w.bid,
            tid: self.tid,
        }
    }

    /// Runs this thread until it reaches a `sync` (returning the barrier event) or the end of
    /// the kernel.
    pub(super) fn run_phase(&mut self, w: &mut World<'_, 'k>) -> Result<Reached, RunError> {
        loop {
            let Some(frame) = self.stack.last_mut() else {
                return Ok(Reached::End);
            };
            match frame {
                Frame::Seq { stmts, next } => {
                    let stmts: &'k [Stmt<T>] = stmts;
                    let Some(stmt) = stmts.get(*next) else {
                        self.stack.pop();
                        continue;
                    };
                    *next += 1;
                    w.steps.charge(stmt.span, self.id(w))?;
                    if let Some(event) = self.exec(stmt, w)? {
                        return Ok(Reached::Barrier(event));
                    }
                }
                Frame::Loop {
                    header,
                    var,
                    value,
                    bound,
                    dir,
                    op,
                    amount,
                    body,
                    slot,
                } => {
                    // The body of the current iteration has finished: step, then test.
                    let (header, var, body, slot): (Span, &'k str, &'k Block<T>, usize) =
                        (*header, var, body, *slot);
                    let current = *value;
                    let arith = w.config.arith;
                    let id = ThreadId {
                        bid: w.bid,
                        tid: self.tid,
                    };
                    let stepped =
                        arith
                            .bin(*op, current, *amount)
                            .map_err(|_| RunError::Overflow {
                                expr: format!("{var} {} {amount}", op_symbol(*op)),
                                span: header,
                                thread: id,
                            })?;
                    if !in_range(arith, *dir, stepped, *bound) {
                        self.stack.pop();
                        continue;
                    }
                    if stepped == current {
                        return Err(RunError::LoopStuck {
                            var: var.to_string(),
                            value: current,
                            span: header,
                            thread: id,
                        });
                    }
                    *value = stepped;
                    w.steps.charge(header, id)?;
                    self.env[slot] = Some(stepped);
                    self.stack.push(Frame::Seq {
                        stmts: &body.stmts,
                        next: 0,
                    });
                }
            }
        }
    }

    /// Executes one statement; returns the barrier event when it is a `sync`.
    fn exec(
        &mut self,
        stmt: &'k Stmt<T>,
        w: &mut World<'_, 'k>,
    ) -> Result<Option<BarrierEvent>, RunError> {
        let arith = w.config.arith;
        match &stmt.kind {
            StmtKind::Skip => {}
            StmtKind::Sync => return Ok(Some(self.barrier(stmt, w, false))),
            // A warp barrier does not end the block's phase: it starts a new warp epoch of
            // this thread, which orders its later accesses after the earlier ones of its
            // warp's lanes (`race`), and is checked for alignment within the warp when the
            // phase ends (`divergence::align_warps`).
            StmtKind::SyncWarp => {
                let event = self.barrier(stmt, w, true);
                self.warp_events.push(event);
            }
            StmtKind::Write { target, value } => {
                let cell = self.cell(target, w)?;
                self.check_bounds(target, w);
                let value = self.eval(value, w)?;
                self.writes.insert(cell.clone(), value);
                self.record(w, stmt, cell, EventKind::Write { value });
            }
            StmtKind::Read { var, source } => {
                let cell = self.cell(source, w)?;
                self.check_bounds(source, w);
                let value = self.view(&cell, w);
                self.bind(&var.name, var.span, value, w)?;
                self.record(w, stmt, cell, EventKind::Read { value });
            }
            StmtKind::Let { var, value } => {
                let value = self.eval(value, w)?;
                self.bind(&var.name, var.span, value, w)?;
            }
            StmtKind::Unknown { var } => {
                let ordinal = ordinal(w, stmt);
                let count = self.occurrences.entry(ordinal).or_insert(0);
                let occurrence = *count;
                *count += 1;
                let site = UnknownSite {
                    bid: w.bid,
                    tid: self.tid,
                    var: &var.name,
                    ordinal,
                    span: stmt.span,
                    occurrence,
                };
                let value = arith.value(w.config.unknowns.value(&site));
                self.bind(&var.name, var.span, value, w)?;
            }
            StmtKind::Atomic {
                var,
                target,
                op,
                value,
            } => {
                let cell = self.cell(target, w)?;
                self.check_bounds(target, w);
                let operand = self.eval(value, w)?;
                // The thread's own write of this phase comes first (it is the most recent thing
                // the thread did to the cell); else the running result of the atomics of the
                // threads that ran before it in this phase; else `lastwrite`/initial contents.
                let old = match self.writes.get(&cell) {
                    Some(v) => *v,
                    None => w
                        .memory
                        .atomic(&cell)
                        .unwrap_or_else(|| self.view(&cell, w)),
                };
                let new = match op.bin_op() {
                    Some(bin) => arith
                        .bin(bin, old, operand)
                        .map_err(|_| RunError::Overflow {
                            expr: format!("{old} {} {operand}", op_symbol(bin)),
                            span: stmt.span,
                            thread: self.id(w),
                        })?,
                    None => operand,
                };
                w.memory.set_atomic(cell.clone(), new);
                self.writes.insert(cell.clone(), new);
                if let Some(var) = var {
                    self.bind(&var.name, var.span, old, w)?;
                }
                self.record(
                    w,
                    stmt,
                    cell,
                    EventKind::Atomic {
                        op: *op,
                        operand,
                        old,
                        new,
                    },
                );
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let branch = if self.test(cond, w)? {
                    Some(then_branch)
                } else {
                    else_branch.as_ref()
                };
                if let Some(block) = branch {
                    self.stack.push(Frame::Seq {
                        stmts: &block.stmts,
                        next: 0,
                    });
                }
            }
            StmtKind::For { var, range, body } => {
                let start = self.eval(&range.start, w)?;
                let bound = self.eval(&range.bound, w)?;
                let amount = self.eval(&range.step.amount, w)?;
                if in_range(arith, range.dir, start, bound) {
                    let slot = self.bind(&var.name, var.span, start, w)?;
                    self.stack.push(Frame::Loop {
                        header: Span::new(stmt.span.start, body.span.start.max(stmt.span.start)),
                        var: &var.name,
                        slot,
                        value: start,
                        bound,
                        dir: range.dir,
                        op: range.step.op.bin_op(),
                        amount,
                        body,
                    });
                    self.stack.push(Frame::Seq {
                        stmts: &body.stmts,
                        next: 0,
                    });
                }
            }
            StmtKind::Assume { cond } => {
                if !self.test(cond, w)? {
                    return Err(RunError::AssumeFalse {
                        cond: cond.to_string(),
                        span: cond.span,
                        thread: self.id(w),
                    });
                }
            }
        }
        Ok(None)
    }

    /// The barrier event of the `sync` (or, with `warp`, the `syncwarp`) `stmt` at this point.
    fn barrier(&self, stmt: &'k Stmt<T>, w: &World<'_, 'k>, warp: bool) -> BarrierEvent {
        let iters = self
            .stack
            .iter()
            .filter_map(|f| match f {
                Frame::Loop { var, value, .. } => Some((var.to_string(), *value)),
                Frame::Seq { .. } => None,
            })
            .collect();
        let numbers = if warp {
            &w.layout.warp_syncs
        } else {
            &w.layout.syncs
        };
        // INVARIANT: the layout numbered every `sync` and `syncwarp` of this kernel.
        let sync = numbers.get(&stmt_key(stmt)).copied().unwrap_or_default();
        BarrierEvent {
            sync,
            span: stmt.span,
            iters,
            warp,
        }
    }

    /// The warp epoch of this thread: `syncwarp`s passed in the current phase.
    fn epoch(&self) -> u32 {
        u32::try_from(self.warp_events.len()).unwrap_or(u32::MAX)
    }

    /// What this thread reads from `cell`: its own last write of this phase, else `lastwrite`
    /// over earlier phases, else the initial contents.
    fn view(&self, cell: &Cell, w: &World<'_, '_>) -> Value {
        if let Some(v) = self.writes.get(cell) {
            return *v;
        }
        if let Some(v) = w.memory.committed(cell) {
            return v;
        }
        let name = w
            .layout
            .arrays
            .get(cell.array)
            .map(|a| a.0.as_str())
            .unwrap_or("");
        w.config
            .arith
            .value(w.config.memory.value(name, &cell.index))
    }

    fn record(&mut self, w: &mut World<'_, '_>, stmt: &Stmt<T>, cell: Cell, kind: EventKind) {
        let ordinal = ordinal(w, stmt);
        let access: AccessKind = kind.access();
        let stored = match kind {
            EventKind::Write { value } => Some(value),
            _ => None,
        };
        if w.watched.get(cell.array).copied().unwrap_or(true) {
            w.phase
                .record(&cell, self.tid, self.epoch(), access, ordinal, stored);
            if w.layout.arrays.get(cell.array).map(|a| a.1) == Some(Space::Global) {
                w.grid
                    .record(&cell, w.bid, self.tid, access, ordinal, stored);
            }
        }
        if w.history.room > 0 {
            w.history.room -= 1;
            self.events.push(Event {
                cell,
                kind,
                stmt: ordinal,
                span: w.layout.spans.get(ordinal).copied().unwrap_or(stmt.span),
            });
        } else {
            w.history.dropped += 1;
        }
    }

    /// Records each bound of `access` that this thread's indices break. A bound whose index
    /// cannot be evaluated (an overflow the flat index escaped) is not judged: the flat index
    /// was, and it decides what the access touches.
    fn check_bounds(&self, access: &Access, w: &mut World<'_, '_>) {
        for b in &access.bounds {
            if let Ok(index) = self.eval(&b.index, w) {
                if !b.holds(index) {
                    w.out_of_bounds.record(super::bounds::OutOfBounds {
                        thread: ThreadId {
                            bid: w.bid,
                            tid: self.tid,
                        },
                        span: access.span,
                        dim: b.dim,
                        extent: b.extent,
                        index,
                    });
                }
            }
        }
    }

    fn cell(&self, access: &Access, w: &World<'_, '_>) -> Result<Cell, RunError> {
        let Some(array) = w.layout.array_id(&access.array.name) else {
            return Err(RunError::UndeclaredArray {
                name: access.array.name.clone(),
                span: access.array.span,
            });
        };
        // Every access builds its cell: filled in place for the usual one to three
        // dimensions, rather than collected through a fallible iterator.
        let index = match access.index.as_slice() {
            [x] => Index::from(&[self.eval(x, w)?][..]),
            [x, y] => Index::from(&[self.eval(x, w)?, self.eval(y, w)?][..]),
            [x, y, z] => Index::from(&[self.eval(x, w)?, self.eval(y, w)?, self.eval(z, w)?][..]),
            more => more
                .iter()
                .map(|e| self.eval(e, w))
                .collect::<Result<Index, _>>()?,
        };
        Ok(Cell { array, index })
    }

    fn bind(
        &mut self,
        name: &str,
        span: Span,
        value: Value,
        w: &World<'_, '_>,
    ) -> Result<usize, RunError> {
        match w.layout.slot(name) {
            Some(slot) => {
                self.env[slot] = Some(value);
                Ok(slot)
            }
            None => Err(RunError::UnboundVariable {
                name: name.to_string(),
                span,
            }),
        }
    }

    fn eval(&self, e: &Expr, w: &World<'_, '_>) -> Result<Value, RunError> {
        eval_expr(e, &self.env, w.layout, w.config.arith).map_err(|f| self.fault(f, w))
    }

    fn test(&self, c: &Cond, w: &World<'_, '_>) -> Result<bool, RunError> {
        eval_cond(c, &self.env, w.layout, w.config.arith).map_err(|f| self.fault(f, w))
    }

    fn fault(&self, f: Fault, w: &World<'_, '_>) -> RunError {
        match f {
            Fault::Overflow(span, expr) => RunError::Overflow {
                expr,
                span,
                thread: self.id(w),
            },
            Fault::Unbound(name, span) => RunError::UnboundVariable { name, span },
        }
    }
}

/// The pre-order position of a statement.
fn ordinal<T>(w: &World<'_, '_>, stmt: &Stmt<T>) -> usize {
    // INVARIANT: the layout numbered every statement of this kernel.
    w.layout
        .ordinals
        .get(&stmt_key(stmt))
        .copied()
        .unwrap_or_default()
}

/// Whether a loop continues with its variable at `x` (ascending loops exclude the bound from
/// above, descending ones from below).
fn in_range(arith: Arith, dir: Direction, x: Value, bound: Value) -> bool {
    match dir {
        Direction::Up => arith.cmp(CmpOp::Lt, x, bound),
        Direction::Down => arith.cmp(CmpOp::Gt, x, bound),
    }
}

fn op_symbol(op: BinOp) -> &'static str {
    match op.notation() {
        crate::ast::Notation::Infix(s, _) | crate::ast::Notation::Call(s) => s,
    }
}

fn eval_expr(
    e: &Expr,
    env: &[Option<Value>],
    layout: &Layout<'_>,
    arith: Arith,
) -> Result<Value, Fault> {
    match &e.kind {
        ExprKind::Int(v) => Ok(arith.value(i128::from(*v))),
        ExprKind::Var(name) => layout
            .slot(name)
            .and_then(|slot| env.get(slot).copied().flatten())
            .ok_or_else(|| Fault::Unbound(name.clone(), e.span)),
        ExprKind::Neg(inner) => {
            let v = eval_expr(inner, env, layout, arith)?;
            arith
                .neg(v)
                .map_err(|_| Fault::Overflow(e.span, e.to_string()))
        }
        ExprKind::Bin(op, a, b) => {
            let a = eval_expr(a, env, layout, arith)?;
            let b = eval_expr(b, env, layout, arith)?;
            arith
                .bin(*op, a, b)
                .map_err(|_| Fault::Overflow(e.span, e.to_string()))
        }
        // Only the chosen branch is evaluated, like C's `?:`: `select(d != 0, n / d, 0)` is
        // no division by zero.
        ExprKind::Select(c, a, b) => {
            if eval_cond(c, env, layout, arith)? {
                eval_expr(a, env, layout, arith)
            } else {
                eval_expr(b, env, layout, arith)
            }
        }
    }
}

fn eval_cond(
    c: &Cond,
    env: &[Option<Value>],
    layout: &Layout<'_>,
    arith: Arith,
) -> Result<bool, Fault> {
    match &c.kind {
        CondKind::Bool(b) => Ok(*b),
        CondKind::Cmp(op, a, b) => {
            let a = eval_expr(a, env, layout, arith)?;
            let b = eval_expr(b, env, layout, arith)?;
            Ok(arith.cmp(*op, a, b))
        }
        CondKind::Not(inner) => Ok(!eval_cond(inner, env, layout, arith)?),
        CondKind::And(a, b) => {
            Ok(eval_cond(a, env, layout, arith)? && eval_cond(b, env, layout, arith)?)
        }
        CondKind::Or(a, b) => {
            Ok(eval_cond(a, env, layout, arith)? || eval_cond(b, env, layout, arith)?)
        }
    }
}
