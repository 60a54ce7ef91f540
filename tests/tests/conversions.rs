//! C's integer conversions, mapcheck against `g++` (issue 14: "random expressions over mixed C
//! integer types lowered by mapcheck and evaluated by the interpreter agree with the same
//! expressions compiled by g++ on the host").
//!
//! Each case is a batch: random expressions over parameters of every C integer type
//! (`bool`, `signed char`, `unsigned char`, `short`, `unsigned short`, `int`, `unsigned`,
//! `long long`, `unsigned long long`), with casts, literals with suffixes, unary and binary
//! operators, comparisons, `&&`/`||` and `?:`. They become one CUDA kernel, `out[k] = (long
//! long)(e_k);`, lowered by the clang front end and run by the interpreter, and one host
//! program compiled by `g++ -fsanitize=undefined`, run on the same parameter values. The host's
//! values are the truth.
//!
//! * Undefined behaviour (signed overflow, a shift past the width or by a negative amount,
//!   division by zero) is not generated away but detected: the host marks each expression on
//!   standard error before evaluating it, so a sanitizer report names the expression, which
//!   is then left out for that valuation.
//! * An expression the lowering made `?` (a value it cannot follow, such as a literal beyond
//!   64-bit signed range) is not a wrong value: the cells whose value depends on a `?` of the
//!   lowered kernel are left out. The test fails if that leaves too few to compare.
//! * The interpreter runs in `bv64` (C's machine words, the arithmetic `.cu` runs take) and in
//!   `int` (where the lowering's masks and remainders by 2^32 and 2^64 are C's reductions).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck::input::{self, LoadOptions, Loaded};
use mapcheck_core::ast::{Kernel, Program};
use mapcheck_core::interp::{self, Config, EventKind};
use mapcheck_core::Arith;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestRunner;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The C integer types, with their ranges.
const TYPES: [(&str, i128, i128); 9] = [
    ("bool", 0, 1),
    ("signed char", -128, 127),
    ("unsigned char", 0, 255),
    ("short", -32768, 32767),
    ("unsigned short", 0, 65535),
    ("int", -(1 << 31), (1 << 31) - 1),
    ("unsigned", 0, (1 << 32) - 1),
    ("long long", -(1 << 63), (1 << 63) - 1),
    ("unsigned long long", 0, (1 << 64) - 1),
];

const PARAMS: usize = 5;
const EXPRESSIONS: usize = 24;
const VALUATIONS: usize = 3;

fn is_wide(ty: &str) -> bool {
    ty.contains("long")
}

/// A C expression over `p0..p4` (of the types `types`), as text, and whether a 64-bit type
/// appears in it (so that the test can show it compared some in `int`).
fn expr(types: Vec<usize>) -> impl Strategy<Value = (String, bool)> {
    let leaf = prop_oneof![
        3 => (0..PARAMS).prop_map(|i| (format!("p{i}"), false)),
        2 => select(vec![
            "0", "1", "2", "3", "7", "31", "32", "-1", "255", "256", "65535", "1u", "0u",
            "2147483647", "4294967295u", "-2147483647", "1ll", "-1ll", "4294967296ll",
            "1ull", "18446744073709551615ull", "0x80000000", "0x7fffffffu",
        ])
        .prop_map(|l| (l.to_string(), l.contains("ll"))),
    ];
    let types2 = types.clone();
    leaf.prop_map(move |(text, wide)| {
        // A parameter's type decides whether it is wide.
        let wide = wide
            || text
                .strip_prefix('p')
                .and_then(|i| i.parse::<usize>().ok())
                .is_some_and(|i| is_wide(TYPES[types2[i]].0));
        (text, wide)
    })
    .prop_recursive(3, 24, 3, |inner| {
        prop_oneof![
            (
                select(vec![
                    "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "<=", ">", ">=", "==",
                    "!=", "&&", "||",
                ]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, (a, wa), (b, wb))| (format!("({a} {op} {b})"), wa || wb)),
            (select(vec!["-", "~", "!"]), inner.clone())
                .prop_map(|(op, (a, w))| (format!("({op} {a})"), w)),
            (0..TYPES.len(), inner.clone()).prop_map(|(t, (a, w))| {
                let ty = TYPES[t].0;
                (format!("(({ty}) {a})"), w || is_wide(ty))
            }),
            (inner.clone(), inner.clone(), inner).prop_map(|((c, wc), (a, wa), (b, wb))| (
                format!("({c} ? {a} : {b})"),
                wc || wa || wb
            )),
        ]
    })
}

/// Values of a type: its edges, small numbers, and random ones.
fn value(t: usize) -> impl Strategy<Value = i128> {
    let (_, lo, hi) = TYPES[t];
    let edges: Vec<i128> = [lo, hi, 0, 1, 2, lo + 1, hi - 1, 31, 32, -1, -2]
        .into_iter()
        .filter(|v| (lo..=hi).contains(v))
        .collect();
    prop_oneof![2 => select(edges), 1 => lo..=hi]
}

#[derive(Clone, Debug)]
struct Batch {
    types: Vec<usize>,
    exprs: Vec<(String, bool)>,
    valuations: Vec<Vec<i128>>,
}

fn batch() -> impl Strategy<Value = Batch> {
    proptest::collection::vec(0..TYPES.len(), PARAMS).prop_flat_map(|types| {
        let values: Vec<_> = types.iter().map(|&t| value(t)).collect();
        (
            Just(types.clone()),
            proptest::collection::vec(expr(types), EXPRESSIONS),
            proptest::collection::vec(values, VALUATIONS),
        )
            .prop_map(|(types, exprs, valuations)| Batch {
                types,
                exprs,
                valuations,
            })
    })
}

fn params(b: &Batch) -> String {
    (0..PARAMS)
        .map(|i| format!("{} p{i}", TYPES[b.types[i]].0))
        .collect::<Vec<_>>()
        .join(", ")
}

fn kernel_text(b: &Batch) -> String {
    let mut s = format!("__global__ void conv(long long *out, {}) {{\n", params(b));
    for (k, (e, _)) in b.exprs.iter().enumerate() {
        s.push_str(&format!("    out[{k}] = (long long)({e});\n"));
    }
    s.push_str("}\n");
    s
}

/// A C literal of `v` in type `t` (the most negative values need a subtraction).
fn literal(v: i128, t: usize) -> String {
    let ty = TYPES[t].0;
    if v == -(1 << 63) {
        format!("(({ty})(-9223372036854775807ll - 1))")
    } else if ty == "unsigned long long" {
        format!("(({ty}){v}ull)")
    } else {
        format!("(({ty}){v}ll)")
    }
}

/// `e` with every literal passed through an opaque identity, so that `g++` evaluates it at run
/// time, where the sanitizer sees undefined behaviour, and does not fold it away
/// (`1 << 4294967295u` folds to `1 << 31` without a word).
fn opaque_literals(e: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = e.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts = c.is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '_'));
        if starts {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_alphanumeric()) {
                j += 1;
            }
            let literal: String = chars[i..j].iter().collect();
            out.push_str(&format!("id({literal})"));
            i = j;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn host_text(b: &Batch) -> String {
    let mut s = String::from(
        "#include <cstdio>\ntemplate <class T> __attribute__((noinline)) T id(T x) { return x; }\n",
    );
    s.push_str(&format!("static void run(int s, {}) {{\n", params(b)));
    for (k, (e, _)) in b.exprs.iter().enumerate() {
        let e = opaque_literals(e);
        s.push_str(&format!(
            "    std::fprintf(stderr, \"@%d {k}\\n\", s); std::fflush(stderr);\n    \
             {{ long long v = (long long)({e}); std::printf(\"%d {k} %lld\\n\", s, v); }}\n"
        ));
    }
    // One valuation per process (`host S`): the sanitizer reports each source location once.
    s.push_str(
        "}\nint main(int argc, char **argv) {\n    int which = argc > 1 ? argv[1][0] - '0' : 0;\n",
    );
    for (i, vals) in b.valuations.iter().enumerate() {
        let args: Vec<String> = vals
            .iter()
            .enumerate()
            .map(|(p, &v)| literal(v, b.types[p]))
            .collect();
        s.push_str(&format!(
            "    if (which == {i}) run({i}, {});\n",
            args.join(", ")
        ));
    }
    s.push_str("    return 0;\n}\n");
    s
}

/// The host's value of each (valuation, expression) whose evaluation was defined.
fn host_values(dir: &Path, b: &Batch) -> Result<BTreeMap<(usize, usize), i128>, String> {
    let src = dir.join("host.cpp");
    let exe = dir.join("host");
    std::fs::write(&src, host_text(b)).map_err(|e| e.to_string())?;
    let built = Command::new("g++")
        .args(["-std=c++17", "-O0", "-w", "-fsanitize=undefined", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run g++ (it must be on PATH): {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "g++ failed:\n{}\n{}",
            String::from_utf8_lossy(&built.stderr),
            host_text(b)
        ));
    }
    let mut values = BTreeMap::new();
    for which in 0..b.valuations.len() {
        let ran = Command::new(&exe)
            .arg(which.to_string())
            .output()
            .map_err(|e| e.to_string())?;
        let mut undefined = std::collections::BTreeSet::new();
        let mut current = None;
        for line in String::from_utf8_lossy(&ran.stderr).lines() {
            if let Some(at) = line.strip_prefix('@') {
                let mut it = at.split(' ').map(|x| x.parse::<usize>().unwrap());
                current = Some((it.next().unwrap(), it.next().unwrap()));
            } else if line.contains("runtime error") {
                undefined.extend(current);
            }
        }
        for line in String::from_utf8_lossy(&ran.stdout).lines() {
            let f: Vec<&str> = line.split(' ').collect();
            let key = (f[0].parse().unwrap(), f[1].parse().unwrap());
            if !undefined.contains(&key) {
                values.insert(key, f[2].parse::<i128>().unwrap());
            }
        }
    }
    Ok(values)
}

/// The value the interpreter's run stores in `out[k]`, for each k.
fn device_values(k: &Kernel, arith: Arith, vals: &[i128]) -> Result<Vec<i128>, interp::RunError> {
    let mut config = Config::new(1, 1).with_arith(arith);
    for (i, v) in vals.iter().enumerate() {
        config = config.with_param(format!("p{i}"), *v);
    }
    let run = interp::run(k, &config)?;
    let mut out = vec![0; EXPRESSIONS];
    for phase in &run.blocks[0].phases {
        for e in &phase.threads[0].events {
            if let EventKind::Write { value } = e.kind {
                if let Some(&i) = e.cell.index.first() {
                    out[i as usize] = value;
                }
            }
        }
    }
    Ok(out)
}

/// The cells `out[k]` whose stored value depends on a `?` of the lowered kernel (a value the
/// lowering could not follow: any value is then sound), through `let`s and conditions.
fn depends_on_unknowns(k: &Kernel) -> std::collections::BTreeSet<usize> {
    use mapcheck_core::ast::{Stmt, StmtKind};
    fn mentions(text: &str, names: &std::collections::BTreeSet<String>) -> bool {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| names.contains(w))
    }
    fn walk(
        stmts: &[Stmt],
        under: bool,
        names: &mut std::collections::BTreeSet<String>,
        cells: &mut std::collections::BTreeSet<usize>,
    ) {
        for st in stmts {
            match &st.kind {
                StmtKind::Unknown { var } => {
                    names.insert(var.name.clone());
                }
                StmtKind::Let { var, value } => {
                    if under || mentions(&value.to_string(), names) {
                        names.insert(var.name.clone());
                    }
                }
                StmtKind::Write { target, value } => {
                    let index: Vec<String> = target.index.iter().map(|e| e.to_string()).collect();
                    let tainted = under
                        || mentions(&value.to_string(), names)
                        || index.iter().any(|i| mentions(i, names));
                    if let (true, Some(Ok(k))) = (tainted, index.first().map(|i| i.parse())) {
                        cells.insert(k);
                    }
                }
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let under = under || mentions(&cond.to_string(), names);
                    walk(&then_branch.stmts, under, names, cells);
                    if let Some(e) = else_branch {
                        walk(&e.stmts, under, names, cells);
                    }
                }
                // Straight-line kernels: anything else makes every cell suspect.
                _ => cells.extend(0..EXPRESSIONS),
            }
        }
    }
    let mut names = std::collections::BTreeSet::new();
    let mut cells = std::collections::BTreeSet::new();
    walk(&k.body.stmts, false, &mut names, &mut cells);
    cells
}

fn lowered(dir: &Path, text: &str) -> Result<Program, String> {
    match input::parse_text(
        &dir.join("conv.cu"),
        text.to_string(),
        &LoadOptions::default(),
    ) {
        Loaded::Parsed {
            program, errors, ..
        } if errors.is_empty() => Ok(program),
        Loaded::Parsed { errors, .. } => Err(format!("{errors:?}\n{text}")),
        Loaded::Failed { diagnostics, .. } => Err(format!("{diagnostics:?}\n{text}")),
    }
}

#[test]
fn c_conversions_are_gxx_s() {
    let dir = std::env::temp_dir().join(format!("mapcheck-conversions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let compared = std::cell::Cell::new(0usize);
    let skipped = std::cell::Cell::new(0usize);
    let wide_in_int = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(mapcheck_tests::proptest_config(
        32,
        "proptest-regressions/conversions.txt",
    ));
    let result = runner.run(&batch(), |b| {
        let text = kernel_text(&b);
        let program = lowered(&dir, &text).map_err(TestCaseError::fail)?;
        let k = &program.kernels[0];
        let unknown = depends_on_unknowns(k);
        let host = host_values(&dir, &b).map_err(TestCaseError::fail)?;
        for (s, vals) in b.valuations.iter().enumerate() {
            for arith in [Arith::Bv64, Arith::Int] {
                let values = match device_values(k, arith, vals) {
                    Ok(values) => values,
                    // `int` leaves 128 bits where C's undefined shifts go (`x << 4294967295u`).
                    Err(interp::RunError::Overflow { .. }) if arith == Arith::Int => {
                        skipped.set(skipped.get() + EXPRESSIONS);
                        continue;
                    }
                    Err(e) => {
                        return Err(TestCaseError::fail(format!(
                            "the interpreter did not run {arith} on {vals:?}: {e}\n{text}"
                        )))
                    }
                };
                for (e, (expr, wide)) in b.exprs.iter().enumerate() {
                    let Some(&truth) = host.get(&(s, e)) else {
                        continue;
                    };
                    if unknown.contains(&e) {
                        skipped.set(skipped.get() + 1);
                        continue;
                    }
                    compared.set(compared.get() + 1);
                    if *wide && arith == Arith::Int {
                        wide_in_int.set(wide_in_int.get() + 1);
                    }
                    prop_assert_eq!(
                        values[e],
                        truth,
                        "{}: out[{}] = (long long)({}) with {:?} (types {:?})\n{}\n{}",
                        arith,
                        e,
                        expr,
                        vals,
                        b.types.iter().map(|&t| TYPES[t].0).collect::<Vec<_>>(),
                        text,
                        program
                    );
                }
            }
        }
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!(
        "conversions: {} values compared ({} of 64-bit expressions in int), {} left out (`?`)",
        compared.get(),
        wide_in_int.get(),
        skipped.get()
    );
    assert!(compared.get() > skipped.get(), "too few values compared");
    assert!(
        wide_in_int.get() > 0,
        "no 64-bit expression compared in int"
    );
}
