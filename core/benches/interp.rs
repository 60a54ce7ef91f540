//! Speed of the reference interpreter (issue 3: a 1024-thread block running a 100-statement
//! kernel takes well under a second). Run with `cargo bench -p mapcheck-core --bench interp`;
//! prints the median of several runs per configuration.
//!
//! The kernels are built by hand (core cannot depend on the parser) and mimic real ones: reads
//! of a neighbour's cell, arithmetic, two-dimensional writes, barriers between rounds, a loop.

use mapcheck_core::ast::*;
use mapcheck_core::interp::{run, Config, RandomMemory};
use mapcheck_core::Span;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn sp() -> Span {
    Span::default()
}

fn v(name: &str) -> Expr {
    Expr::var(name, sp())
}

fn n(value: i64) -> Expr {
    Expr::int(value, sp())
}

fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: sp(),
        ann: (),
    }
}

fn access(array: &str, index: Vec<Expr>) -> Access {
    Access {
        array: Ident::new(array, sp()),
        index,
        span: sp(),
        bounds: Vec::new(),
    }
}

fn block(stmts: Vec<Stmt>) -> Block {
    Block { stmts, span: sp() }
}

fn kernel(arrays: &[&str], params: &[&str], body: Vec<Stmt>) -> Kernel {
    Kernel {
        name: Ident::new("bench", sp()),
        params: params.iter().map(|p| Param::natural(*p, sp())).collect(),
        arrays: arrays
            .iter()
            .map(|a| ArrayDecl {
                name: Ident::new(*a, sp()),
                space: Space::Shared,
                span: sp(),
                layout: None,
            })
            .collect(),
        body: block(body),
        span: sp(),
        ann: (),
        names: Default::default(),
    }
}

/// 100 straight-line statements in 25 rounds: read a neighbour, compute, write a row of `B`,
/// and a barrier after every fifth round.
fn straight_line() -> Kernel {
    let mut body = Vec::new();
    for k in 0..25i64 {
        let a = format!("a{k}");
        let b = format!("b{k}");
        let neighbour = Expr::bin(
            BinOp::Rem,
            Expr::bin(BinOp::Add, v("tid"), n(k + 1)),
            v("ntid"),
        );
        body.push(stmt(StmtKind::Read {
            var: Ident::new(a.clone(), sp()),
            source: access("A", vec![neighbour]),
        }));
        body.push(stmt(StmtKind::Let {
            var: Ident::new(b.clone(), sp()),
            value: Expr::bin(BinOp::Add, Expr::bin(BinOp::Mul, v(&a), n(3)), n(k)),
        }));
        body.push(stmt(StmtKind::Write {
            target: access("B", vec![v("tid"), n(k)]),
            value: v(&b),
        }));
        if k % 5 == 4 {
            body.push(stmt(StmtKind::Sync));
        } else {
            body.push(stmt(StmtKind::Write {
                target: access("A", vec![v("tid")]),
                value: v(&b),
            }));
        }
    }
    kernel(&["A", "B"], &[], body)
}

/// `for i in 0..M { let x = A[tid]; A[tid] := x + i; sync; }`: 3·M statements per thread.
fn barrier_loop() -> Kernel {
    let body = vec![
        stmt(StmtKind::Read {
            var: Ident::new("x", sp()),
            source: access("A", vec![v("tid")]),
        }),
        stmt(StmtKind::Write {
            target: access("A", vec![v("tid")]),
            value: Expr::bin(BinOp::Add, v("x"), v("i")),
        }),
        stmt(StmtKind::Sync),
    ];
    let range = Range {
        start: n(0),
        bound: v("M"),
        dir: Direction::Up,
        step: Step {
            op: StepOp::Add,
            amount: n(1),
            span: sp(),
        },
    };
    kernel(
        &["A"],
        &["M"],
        vec![stmt(StmtKind::For {
            var: Ident::new("i", sp()),
            range,
            body: block(body),
        })],
    )
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let memory = RandomMemory { seed: 1 };
    let cases: Vec<(&str, Kernel, Config<'_>)> = vec![
        (
            "straight line, 100 stmts",
            straight_line(),
            Config::new(1024, 1).with_memory(&memory),
        ),
        (
            "straight line, 100 stmts, 8 blocks",
            straight_line(),
            Config::new(1024, 8).with_memory(&memory),
        ),
        (
            "barrier loop, M = 33 (99 stmts)",
            barrier_loop(),
            Config::new(1024, 1).with_param("M", 33),
        ),
        (
            "barrier loop, M = 1000",
            barrier_loop(),
            Config::new(256, 1).with_param("M", 1000),
        ),
    ];
    println!(
        "{:<38} {:>6} {:>6} {:>10} {:>8} {:>12}",
        "kernel", "ntid", "nbid", "steps", "races", "median"
    );
    for (name, k, config) in &cases {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..7 {
            let start = Instant::now();
            let result = black_box(run(black_box(k), config)?);
            times.push(start.elapsed());
            last = Some(result);
        }
        let (steps, races) = last.map(|r| (r.steps, r.races.len())).unwrap_or_default();
        println!(
            "{:<38} {:>6} {:>6} {:>10} {:>8} {:>9.1} ms",
            name,
            config.ntid(),
            config.nbid(),
            steps,
            races,
            median(times).as_secs_f64() * 1e3
        );
    }
    Ok(())
}
