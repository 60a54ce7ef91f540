//! Print → parse round trip of `.bcu` (issue 6, item 2f; issue 2, item 3): for generated
//! programs, `parse(print(p))` is `p` but for its spans (`Structural::without_spans`) and the
//! printed text is a fixed point, `print(parse(print(p))) == print(p)`. A hand-built program
//! holding every statement form, operator, comparison, step and literal edge makes sure the
//! property covers what random programs might miss.
//!
//! Case counts: `PROPTEST_CASES` (default 256 per property here); the seed and the regression
//! file as `mapcheck_tests::proptest_config` says.

// Helpers outside `#[test]` functions fail the test they serve by panicking, as tests do.
#![allow(clippy::panic)]

use mapcheck_core::ast::*;
use mapcheck_core::span::Span;
use mapcheck_core::Structural;
use mapcheck_grammar::parse;
use mapcheck_tests::gen::{program, GenSettings};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config() -> Config {
    mapcheck_tests::proptest_config(256, "proptest-regressions/roundtrip.txt")
}

/// The property itself, shared by the random and the hand-built programs.
fn round_trips(p: &Program) -> Result<(), TestCaseError> {
    let text = p.to_string();
    match parse(&text) {
        Ok(back) => {
            prop_assert_eq!(
                back.without_spans(),
                p.without_spans(),
                "the tree changed; printed text:\n{}",
                text
            );
            prop_assert_eq!(
                back.to_string(),
                text.clone(),
                "the text is not a fixed point"
            );
            Ok(())
        }
        Err(errors) => Err(TestCaseError::fail(format!(
            "the printed program does not parse: {errors:#?}\n{text}"
        ))),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_programs_round_trip(p in program(&GenSettings::any())) {
        round_trips(&p)?;
    }

    #[test]
    fn programs_with_edge_literals_and_deep_trees_round_trip(p in program(&GenSettings::syntax())) {
        round_trips(&p)?;
    }

    #[test]
    fn exact_programs_round_trip(p in program(&GenSettings::exact_divergent())) {
        round_trips(&p)?;
    }
}

fn sp() -> Span {
    Span::default()
}
fn n(v: i64) -> Expr {
    Expr::int(v, sp())
}
fn v(name: &str) -> Expr {
    Expr::var(name, sp())
}
fn id(name: &str) -> Ident {
    Ident::new(name, sp())
}
fn neg(e: Expr) -> Expr {
    Expr::new(ExprKind::Neg(Box::new(e)), sp())
}
fn cmp(op: CmpOp, a: Expr, b: Expr) -> Cond {
    Cond::new(CondKind::Cmp(op, a, b), sp())
}
fn s(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: sp(),
        ann: (),
    }
}
fn block(stmts: Vec<Stmt>) -> Block {
    Block { stmts, span: sp() }
}
fn cell(array: &str, index: Vec<Expr>) -> Access {
    Access {
        array: id(array),
        index,
        span: sp(),
        bounds: Vec::new(),
    }
}

/// Every statement form, every operator and call, every comparison, every step and direction,
/// nested negations and operators of each precedence on either side of each other, and the
/// literals `0` and `2^63 - 1`.
fn every_form() -> Program {
    let mut stmts = vec![
        s(StmtKind::Assume {
            cond: Cond::new(
                CondKind::And(
                    Box::new(cmp(CmpOp::Gt, v("P"), n(0))),
                    Box::new(Cond::new(
                        CondKind::Or(
                            Box::new(Cond::new(CondKind::Bool(true), sp())),
                            Box::new(Cond::new(
                                CondKind::Not(Box::new(Cond::new(CondKind::Bool(false), sp()))),
                                sp(),
                            )),
                        ),
                        sp(),
                    )),
                ),
                sp(),
            ),
        }),
        s(StmtKind::Skip),
        s(StmtKind::Sync),
        s(StmtKind::Unknown { var: id("u") }),
        s(StmtKind::Read {
            var: id("r"),
            source: cell("A", vec![v("tid"), n(0)]),
        }),
        // An access with bounds (`A[e] in [0: i < 32, 1: j < 33]`).
        s(StmtKind::Read {
            var: id("rb"),
            source: Access {
                bounds: vec![
                    Bound {
                        dim: 0,
                        index: v("tid"),
                        extent: 32,
                    },
                    Bound {
                        dim: 1,
                        index: Expr::bin(BinOp::Add, v("tid"), n(1)),
                        extent: 33,
                    },
                ],
                ..cell("A", vec![Expr::bin(BinOp::Mul, v("tid"), n(33)), n(0)])
            },
        }),
    ];
    // One `let` per operator, each with operands that need (or do not need) parentheses.
    let sum = Expr::bin(BinOp::Add, v("tid"), n(1));
    for (i, op) in BinOp::ALL.into_iter().enumerate() {
        let value = Expr::bin(
            op,
            Expr::bin(op, sum.clone(), neg(v("r"))),
            Expr::bin(BinOp::Mul, neg(neg(n(i64::MAX))), sum.clone()),
        );
        stmts.push(s(StmtKind::Let {
            var: id(&format!("e{i}")),
            value,
        }));
    }
    // One `if` per comparison, each negated, the last with `else if` and `else`.
    for (i, op) in CmpOp::ALL.into_iter().enumerate() {
        let c = Cond::new(
            CondKind::Not(Box::new(cmp(op, v(&format!("e{i}")), n(0)))),
            sp(),
        );
        let else_branch = (i == 0).then(|| {
            block(vec![s(StmtKind::If {
                cond: cmp(op, n(0), v("u")),
                then_branch: block(vec![]),
                else_branch: Some(block(vec![s(StmtKind::Skip), s(StmtKind::Skip)])),
            })])
        });
        stmts.push(s(StmtKind::If {
            cond: c,
            then_branch: block(vec![s(StmtKind::Write {
                target: cell("A", vec![v("r"), n(i as i64)]),
                value: v("u"),
            })]),
            else_branch,
        }));
    }
    for (i, op) in [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Exch,
    ]
    .into_iter()
    .enumerate()
    {
        stmts.push(s(StmtKind::Atomic {
            var: (i % 2 == 0).then(|| id(&format!("a{i}"))),
            target: cell("G", vec![n(i as i64)]),
            op,
            value: n(1),
        }));
    }
    let steps = [
        (Direction::Up, StepOp::Add, n(1)),
        (
            Direction::Up,
            StepOp::Add,
            Expr::bin(BinOp::Mul, v("ntid"), v("nbid")),
        ),
        (Direction::Up, StepOp::Mul, n(2)),
        (Direction::Up, StepOp::Shl, n(1)),
        (Direction::Down, StepOp::Sub, n(1)),
        (Direction::Down, StepOp::Sub, n(3)),
        (Direction::Down, StepOp::Div, n(2)),
        (Direction::Down, StepOp::Shr, neg(n(1))),
    ];
    for (i, (dir, op, amount)) in steps.into_iter().enumerate() {
        stmts.push(s(StmtKind::For {
            var: id(&format!("i{i}")),
            range: Range {
                start: Expr::bin(BinOp::Sub, v("P"), n(0)),
                bound: Expr::bin(BinOp::Max, n(0), v("Q")),
                dir,
                step: Step {
                    op,
                    amount,
                    span: sp(),
                },
            },
            body: block(vec![s(StmtKind::Sync)]),
        }));
    }
    let first = Kernel {
        name: id("every_form"),
        params: vec![
            Param::natural("P", sp()),
            Param {
                name: "Q".into(),
                span: sp(),
                ty: ParamType::INT,
            },
            Param {
                name: "R".into(),
                span: sp(),
                ty: ParamType::Int {
                    bits: 16,
                    signed: false,
                },
            },
        ],
        arrays: vec![
            ArrayDecl {
                name: id("A"),
                space: Space::Shared,
                span: sp(),
                layout: None,
            },
            ArrayDecl {
                name: id("G"),
                space: Space::Global,
                span: sp(),
                layout: None,
            },
        ],
        body: block(stmts),
        span: sp(),
        ann: (),
        names: Default::default(),
    };
    let empty = Kernel {
        name: id("empty"),
        params: vec![],
        arrays: vec![],
        body: block(vec![]),
        span: sp(),
        ann: (),
        names: Default::default(),
    };
    Program {
        kernels: vec![first, empty],
    }
}

#[test]
fn every_form_round_trips() {
    let p = every_form();
    if let Err(e) = round_trips(&p) {
        panic!("{e}");
    }
}

#[test]
fn short_forms_parse_to_the_long_forms_the_printer_writes() {
    // `atomic A[i];` is `+= 1`; a default step is `+1` / `-1`; `shared A, B;` is two
    // declarations; `else if` is `else { if }`; parentheses leave no trace.
    let short = "kernel k(n) { shared A, B; atomic A[0]; for i in 0..n { } \
                 for j in n downto 0 { } if ((n) < 1) { } else if n > 2 { skip; } \
                 let x = ((n) + (1)); B[x] := x; }";
    let long = "kernel k(n) {\n  shared A;\n  shared B;\n  atomic A[0] += 1;\n  \
                for i in 0..n step +1 {\n  }\n  for j in n downto 0 step -1 {\n  }\n  \
                if n < 1 {\n  } else {\n    if n > 2 {\n      skip;\n    }\n  }\n  \
                let x = n + 1;\n  B[x] := x;\n}\n";
    let (Ok(a), Ok(b)) = (parse(short), parse(long)) else {
        panic!("{:?} / {:?}", parse(short).err(), parse(long).err());
    };
    assert_eq!(a.without_spans(), b.without_spans());
    let printed = a.to_string();
    assert_eq!(
        parse(&printed).ok().map(|p| p.without_spans()),
        Some(a.without_spans())
    );
    assert!(printed.contains("atomic A[0] += 1;"), "{printed}");
    assert!(printed.contains("} else if n > 2 {"), "{printed}");
}
