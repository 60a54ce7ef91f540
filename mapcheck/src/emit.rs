//! `--emit map|phases|smt|core`: the intermediate forms, for teaching and debugging — each
//! kernel's class and MAP, its synchronisation phases, the SMT-LIB text of every query its
//! decision sends (feasibility, race at block and grid level, divergence), or
//! the kernel itself in `.bcu` syntax (for CUDA, what the front end lowered it to).

use crate::cli::Emit;
use crate::input::SourceFile;
use crate::render::Style;
use mapcheck_core::ast::Kernel;
use mapcheck_core::Span;
use mapcheck_smt::phases::Boundary;
use mapcheck_smt::{Again, Asked, Conflict, Options};
use std::io::Write;

pub fn emit(
    form: Emit,
    kernel: &Kernel,
    source: &SourceFile,
    options: &Options,
    style: Style,
    out: &mut dyn Write,
) {
    let options = &crate::check::first_theory(kernel, options);
    let checked = mapcheck_typeck::check(kernel, options.arith);
    let map_style = if style.ascii {
        mapcheck_typeck::Style::ASCII
    } else {
        mapcheck_typeck::Style::PAPER
    };
    match form {
        Emit::Core => {
            let _ = writeln!(out, "{}", core_text(kernel, &options.fixed));
        }
        Emit::Map => {
            let _ = write!(out, "{}", checked.display(map_style));
            for reason in checked.diagnostics() {
                let _ = crate::render::render(&reason, &source.name, Some(source), style, out);
            }
        }
        Emit::Phases => {
            // The decision's first stage alone: the split at every barrier.
            let split = mapcheck_smt::stage::split(&checked, options).block;
            let _ = writeln!(
                out,
                "kernel {}: {} phase(s)",
                kernel.name,
                split.phases.len()
            );
            if split.approximate {
                let _ = writeln!(
                    out,
                    "  (a barrier loop may finish an iteration without a barrier: its barriers are dropped)"
                );
            }
            for (i, p) in split.phases.iter().enumerate() {
                let _ = writeln!(out, "phase {i}: {} → {}", p.from, p.to);
                for g in &p.guard {
                    let _ = writeln!(out, "  when {g}");
                }
                if !p.shared.is_empty() {
                    let shared: Vec<String> = p.shared.iter().map(|v| v.to_string()).collect();
                    let _ = writeln!(out, "  shared by the block: {}", shared.join(", "));
                }
                let _ = writeln!(out, "  {}", p.body.display(map_style));
            }
        }
        Emit::Smt => {
            // The queries the decision sends, in its order: it runs, since the split's
            // feasibility answers decide the phases, and a pair found racy is not asked again.
            let (_, queries) = mapcheck_smt::decide_keeping_queries(kernel, &checked, options);
            let at = |s: Span| source.at(s);
            for q in &queries {
                let what = described(&q.asked, &at);
                let _ = writeln!(out, "; kernel {}, {what}\n{}", kernel.name, q.smtlib);
            }
        }
    }
}

/// The comment line of a kept query: what it asks. `at` places a span.
fn described(asked: &Asked, at: &dyn Fn(Span) -> String) -> String {
    // A race pair: its level (phase or grid), access kind, array and places.
    let pair = |phase: &Option<(usize, Boundary, Boundary)>,
                array: &str,
                conflict: Conflict,
                (a, b): (Span, Span)| {
        let level = match phase {
            Some((n, from, to)) => format!("phase {n} ({from} → {to})"),
            None => "grid level (threads of different blocks)".to_string(),
        };
        format!(
            "{level}: {} on `{array}` between {} and {}",
            conflict.name(),
            at(a),
            at(b)
        )
    };
    match asked {
        Asked::Feasibility { conditions } => format!(
            "feasibility (phase split): can a thread satisfy {}?",
            if conditions.is_empty() {
                "true".to_string()
            } else {
                conditions
                    .iter()
                    .map(|c| shortened(c))
                    .collect::<Vec<_>>()
                    .join(" && ")
            }
        ),
        Asked::Race {
            phase,
            array,
            conflict,
            locations,
        } => pair(phase, array, *conflict, *locations),
        // No query: the comment line only, naming the rule.
        Asked::Settled {
            phase,
            array,
            conflict,
            locations,
            rule,
        } => format!(
            "{}: settled without the solver (rule {})",
            pair(phase, array, *conflict, *locations),
            rule.name()
        ),
        Asked::OutOfBounds {
            array,
            location,
            dim,
            extent,
        } => format!(
            "out of bounds: a thread reaches the access of `{array}` at {} with its index of dimension {dim} outside 0..{extent}",
            at(*location)
        ),
        Asked::Divergence { sync } => format!(
            "divergence: one thread of a block reaches the `sync` at {} and another does not",
            at(*sync)
        ),
        Asked::Differ {
            array,
            locations: (a, b),
        } => format!(
            "benign?: the write-write race on `{array}` between {} and {} with the two stored values different",
            at(*a),
            at(*b)
        ),
        Asked::Finishing { subject, tried } => format!(
            "witness search, try {tried}: {} again, without the configurations whose runs did not finish",
            described(subject, at)
        ),
        Asked::Confirm {
            array,
            locations: (a, b),
        } => format!(
            "confirmation: the race on `{array}` between {} and {} with every read tied to the initial memory",
            at(*a),
            at(*b)
        ),
        Asked::Again { subject, how } => format!(
            "{} again, {}",
            described(subject, at),
            match how {
                Again::DistinctLinear => "with the two threads distinct in the linear form of their ids",
                Again::BlockLimit => "under CUDA's limit of 1024 threads per block (the first model broke it)",
            }
        ),
        Asked::Pin {
            var,
            value,
            from,
            to,
        } => match value {
            None => format!(
                "pin (phase {from} → {to}): which value can the barrier-loop variable `{var}` take?"
            ),
            Some(v) => format!(
                "pin (phase {from} → {to}): can `{var}` be other than {v}? (if not, the phase's race queries name {v} for it)"
            ),
        },
        Asked::ApartWarps {
            array,
            locations: (a, b),
            warp,
        } => format!(
            "warp-only?: the race on `{array}` between {} and {} with the two threads in different warps of {warp}",
            at(*a),
            at(*b)
        ),
    }
}

/// The kernel as `.bcu` text that the `.bcu` parser reads back (`--emit core`): for a CUDA
/// kernel, what the front end lowered it to, with the geometry the analysis fixed (`fixed`:
/// the command line's, else the GPUVerify header's) as an `assume`. A template instance
/// (`reduce<float, 128>`) is not a `.bcu` name: it is printed as one (`reduce_float_128`)
/// after a comment that says what it was.
pub fn core_text(kernel: &Kernel, fixed: &mapcheck_smt::Fixed) -> String {
    let name = &kernel.name.name;
    let mut plain: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while plain.contains("__") {
        plain = plain.replace("__", "_");
    }
    let plain = plain.trim_matches('_').to_string();
    let shown = with_geometry(kernel, fixed);
    if plain == *name {
        shown.to_string()
    } else {
        let mut renamed = shown;
        renamed.name.name = plain;
        format!("// lowered from `{name}`\n{renamed}")
    }
}

/// A condition for a comment line: whole when short, else its start (a geometric loop's
/// iteration predicate is unrolled 64 times; the query below the comment has all of it).
fn shortened(c: &str) -> String {
    const MAX: usize = 120;
    match c.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &c[..cut]),
        None => c.to_string(),
    }
}

/// `kernel` with the geometry the analysis fixes (flags, or a CUDA file's GPUVerify header)
/// stated as its first `assume`, so that the printed kernel means alone what it meant with
/// those options.
fn with_geometry(kernel: &Kernel, fixed: &mapcheck_smt::Fixed) -> Kernel {
    use mapcheck_core::ast::{Builtin, CmpOp, Cond, CondKind, Dim, Expr, Geometry, Stmt, StmtKind};
    let span = kernel.body.span;
    let mut conds = Vec::new();
    for (size, dim) in [(Geometry::Ntid, fixed.block), (Geometry::Nbid, fixed.grid)] {
        for (d, value) in Dim::ALL.into_iter().zip(dim.into_iter().flatten()) {
            let name = Builtin::component(size, d).name();
            let value = Expr::int(i64::try_from(value).unwrap_or(i64::MAX), span);
            conds.push(Cond::new(
                CondKind::Cmp(CmpOp::Eq, Expr::var(name, span), value),
                span,
            ));
        }
    }
    let mut shown = kernel.clone();
    if let Some(cond) = conds
        .into_iter()
        .reduce(|a, b| Cond::new(CondKind::And(Box::new(a), Box::new(b)), span))
    {
        let assume = Stmt {
            kind: StmtKind::Assume { cond },
            span,
            ann: (),
        };
        shown.body.stmts.insert(0, assume);
    }
    shown
}
