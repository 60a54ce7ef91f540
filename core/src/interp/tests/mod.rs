//! Unit tests of the interpreter on trees built by hand (core cannot depend on the parser; the
//! parse-based corpus test lives in `tests/tests/run_corpus.rs`).

use super::*;
use crate::arith::Arith;
use crate::ast::*;
use crate::span::Span;

// ---- tree builders -------------------------------------------------------------------------

/// Distinct spans for statements, so that tests can tell accesses apart by position.
fn at(n: usize) -> Span {
    Span::new(n * 10, n * 10 + 5)
}

fn id(name: &str) -> Ident {
    Ident::new(name, Span::default())
}

fn v(name: &str) -> Expr {
    Expr::var(name, Span::default())
}

fn n(value: i64) -> Expr {
    Expr::int(value, Span::default())
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

fn cmp(op: CmpOp, a: Expr, b: Expr) -> Cond {
    Cond::new(CondKind::Cmp(op, a, b), Span::default())
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt {
        kind,
        span,
        ann: (),
    }
}

fn block(stmts: Vec<Stmt>) -> Block {
    Block {
        stmts,
        span: Span::default(),
    }
}

fn access(array: &str, index: Vec<Expr>, span: Span) -> Access {
    Access {
        array: id(array),
        index,
        span,
        bounds: Vec::new(),
    }
}

fn write(array: &str, index: Expr, value: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Write {
            target: access(array, vec![index], span),
            value,
        },
        span,
    )
}

fn read(var: &str, array: &str, index: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Read {
            var: id(var),
            source: access(array, vec![index], span),
        },
        span,
    )
}

fn atomic(
    var: Option<&str>,
    array: &str,
    index: Expr,
    op: AtomicOp,
    value: Expr,
    span: Span,
) -> Stmt {
    stmt(
        StmtKind::Atomic {
            var: var.map(id),
            target: access(array, vec![index], span),
            op,
            value,
        },
        span,
    )
}

fn sync(span: Span) -> Stmt {
    stmt(StmtKind::Sync, span)
}

fn if_(cond: Cond, then: Vec<Stmt>, otherwise: Option<Vec<Stmt>>) -> Stmt {
    stmt(
        StmtKind::If {
            cond,
            then_branch: block(then),
            else_branch: otherwise.map(block),
        },
        Span::default(),
    )
}

fn range(start: Expr, bound: Expr, dir: Direction, op: StepOp, amount: i64) -> Range {
    Range {
        start,
        bound,
        dir,
        step: Step {
            op,
            amount: n(amount),
            span: Span::default(),
        },
    }
}

fn for_(var: &str, start: Expr, bound: Expr, body: Vec<Stmt>) -> Stmt {
    for_range(
        var,
        range(start, bound, Direction::Up, StepOp::Add, 1),
        body,
    )
}

fn for_range(var: &str, range: Range, body: Vec<Stmt>) -> Stmt {
    stmt(
        StmtKind::For {
            var: id(var),
            range,
            body: block(body),
        },
        Span::default(),
    )
}

fn kernel(params: &[&str], arrays: &[(&str, Space)], body: Vec<Stmt>) -> Kernel {
    Kernel {
        name: id("k"),
        params: params
            .iter()
            .map(|p| Param::natural(*p, Span::default()))
            .collect(),
        arrays: arrays
            .iter()
            .map(|(a, space)| ArrayDecl {
                name: id(a),
                space: *space,
                span: Span::default(),
                layout: None,
            })
            .collect(),
        body: block(body),
        span: Span::default(),
        ann: (),
        names: Default::default(),
    }
}

const SHARED_A: &[(&str, Space)] = &[("A", Space::Shared)];

fn go(k: &Kernel, config: Config<'_>) -> Run {
    match run(k, &config) {
        Ok(r) => r,
        Err(e) => panic!("run failed: {e}"),
    }
}

/// The values read by `tid` of block 0 in phase `phase`, in program order.
fn reads_of(run: &Run, phase: usize, tid: Value) -> Vec<Value> {
    run.blocks[0].phases[phase]
        .threads
        .iter()
        .filter(|t| t.tid == tid)
        .flat_map(|t| t.events.iter())
        .filter_map(|e| match e.kind {
            EventKind::Read { value } => Some(value),
            _ => None,
        })
        .collect()
}

fn phase_names(run: &Run, bid: usize) -> Vec<String> {
    run.blocks[bid]
        .phases
        .iter()
        .map(|p| p.name.to_string())
        .collect()
}

mod blocks;
mod inputs;
mod paper;
mod phases;
mod races;
