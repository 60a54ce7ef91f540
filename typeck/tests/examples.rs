//! Every kernel of `examples/`: its class is the expected one, and its MAP and located reasons
//! are snapshotted (one insta snapshot per file), in the form `mapcheck --emit map` prints
//! them followed by each reason with its line and column.
//!
//! The expected class comes from a `// class: exact` or `// class: data-dependent` header line
//! when the file has one, else from [`EXPECTED`]. A new example with neither fails the test,
//! so that its class is decided by a person and not by the checker under test.

use mapcheck_core::span::LineIndex;
use mapcheck_core::Arith;
use mapcheck_typeck::{check, Class, Style};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The expected class of the examples whose header does not state one.
const EXPECTED: &[(&str, Class)] = &[
    ("assume_precondition", Class::Exact),
    // The slot an atomic returns indexes `slots`.
    ("atomic_histogram", Class::DataDependent),
    ("atomic_vs_plain", Class::Exact),
    ("aucs_deadlock2", Class::Exact),
    ("aucs_device_global", Class::Exact),
    // The paper's Equation (2).
    ("babycuda_eq2_data_index", Class::DataDependent),
    ("babycuda_fig3_loop", Class::Exact),
    ("babycuda_fig4_single_writer", Class::Exact),
    ("bv32_wraparound", Class::Exact),
    ("global_atomic_counter", Class::Exact),
    ("grid_global_race", Class::Exact),
    ("grid_stride_loop", Class::Exact),
    ("grid_stride_wrong", Class::Exact),
    ("halving_reduction", Class::Exact),
    ("loop_barrier_double", Class::Exact),
    ("loop_barrier_straddle", Class::Exact),
    ("loop_barrier_zero_trips", Class::Exact),
    ("runaway_loop", Class::Exact),
    ("sarkar_parity_barrier", Class::Exact),
    ("sarkar_parity_write", Class::Exact),
    // Compares values read, and `tid ^ j`, `tid & k` are inexact in `int` arithmetic.
    ("sesa_bitonic", Class::DataDependent),
    ("sesa_race", Class::Exact),
    ("sesa_reduction", Class::Exact),
    ("sesa_reduction_no_barrier", Class::Exact),
    ("shared_per_block", Class::Exact),
    ("simulee_barrier_in_branch", Class::Exact),
    ("simulee_barrier_in_branch_fixed", Class::Exact),
    ("simulee_redundant_barrier", Class::Exact),
    ("simulee_redundant_barrier_removed", Class::Exact),
    ("transpose_2d", Class::Exact),
    // `let k = ?` indexes `A`.
    ("unknown_index", Class::DataDependent),
];

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn header_class(source: &str) -> Option<Class> {
    let class = |c: &str| match c.trim() {
        "exact" => Some(Class::Exact),
        "data-dependent" => Some(Class::DataDependent),
        _ => None,
    };
    source
        .lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| {
            let l = l.trim_start_matches('/').trim();
            if let Some(c) = l.strip_prefix("class:") {
                return class(c);
            }
            // `// check: => CLASS VERDICT ...` (flags empty, int arithmetic) states it too.
            let outcome = l.strip_prefix("check:")?.trim().strip_prefix("=>")?;
            class(outcome.split_whitespace().next()?)
        })
}

/// What the snapshot holds for one file.
fn report(source: &str) -> Result<(String, Vec<Class>), String> {
    let program = mapcheck_grammar::parse(source).map_err(|e| format!("{e:?}"))?;
    let index = LineIndex::new(source);
    let at = |offset: usize| {
        let lc = index.line_col(source, offset);
        format!("{}:{}", lc.line, lc.column)
    };
    let mut out = String::new();
    let mut classes = Vec::new();
    for kernel in &program.kernels {
        let checked = check(kernel, Arith::Int);
        classes.push(checked.class);
        let _ = write!(out, "{}", checked.display(Style::PAPER.with_width(80)));
        for d in checked.diagnostics() {
            let _ = writeln!(out, "reason: {}", d.message);
            if let Some(p) = &d.primary {
                let _ = writeln!(out, "  at {}: {}", at(p.span.start), p.message);
            }
            for s in &d.secondary {
                let _ = writeln!(out, "  from {}: {}", at(s.span.start), s.message);
            }
        }
        for b in &checked.barriers {
            let controls: Vec<String> = b.divergent().map(|c| at(c.span.start)).collect();
            let _ = writeln!(
                out,
                "barrier at {} under non-uniform control at {}",
                at(b.sync.start),
                controls.join(", ")
            );
        }
    }
    Ok((out, classes))
}

#[test]
fn every_example_has_its_class_map_and_located_reasons() {
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(examples_dir()) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "bcu"))
            .collect(),
        Err(e) => panic!("cannot read examples/: {e}"),
    };
    paths.sort();
    assert!(!paths.is_empty(), "no examples found");
    for path in paths {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        let expected = header_class(&source)
            .or_else(|| EXPECTED.iter().find(|(n, _)| *n == stem).map(|(_, c)| *c));
        let Some(expected) = expected else {
            panic!("`{stem}.bcu` states no class: add `// class: ...` to its header")
        };
        let (text, classes) = match report(&source) {
            Ok(r) => r,
            Err(e) => panic!("`{stem}.bcu` does not parse: {e}"),
        };
        for class in classes {
            assert_eq!(class, expected, "class of `{stem}.bcu`\n{text}");
        }
        insta::assert_snapshot!(stem.clone(), text);
    }
}
