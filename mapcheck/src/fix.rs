//! `mapcheck fix FILE` (SPEC §7): prints the file with barriers inserted, moved or removed so
//! that every kernel is proven data-race free and free of barrier divergence, and says on
//! stderr what changed. The search is `mapcheck_smt::repair`; this module loads the input,
//! prints, locates the changes, and picks the exit code: `0` when every printed kernel is
//! proven clean, `1` when some kernel cannot be fixed by barriers (its reason on stderr; it is
//! printed unchanged beside the others), `2` on input errors.
//!
//! An input whose kernels are all clean already is printed byte for byte, comments included.
//! Otherwise the file is printed in canonical `.bcu` form (the printer keeps no comments), and
//! inserted barriers are located in that output, removed ones in the input. Only `.bcu` is
//! read for now: editing CUDA text at source positions waits for the CUDA front end.

use crate::check;
use crate::cli::{CheckArgs, FixArgs};
use crate::input::{self, Loaded, SourceFile};
use crate::render::{self, Style};
use mapcheck_core::ast::{Kernel, Program};
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::LineIndex;
use mapcheck_core::Span;
use mapcheck_smt::repair::{self, Change, Outcome};
use std::io::Write;

pub fn fix(args: &FixArgs, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let name = args.file.display().to_string();
    let input_error = |d: Diagnostic, source: Option<&SourceFile>, err: &mut dyn Write| {
        let _ = render::render(&d, &name, source, style, err);
        2
    };
    if args.common.json {
        return input_error(
            Diagnostic::error("`mapcheck fix` prints `.bcu` text and has no `--json` form"),
            None,
            err,
        );
    }
    let extension = args
        .file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if matches!(extension.as_deref(), Some("cu" | "cuh" | "h")) {
        return input_error(
            Diagnostic::error(format!(
                "`mapcheck fix` reads only `.bcu` kernels for now, and `{name}` is CUDA"
            ))
            .with_help("write the kernel in `.bcu`, or check the CUDA file with `mapcheck`"),
            None,
            err,
        );
    }
    let (source, program) = match input::load(&args.file) {
        Loaded::Parsed(source, program) => (source, program),
        Loaded::Failed {
            name,
            source,
            diagnostics,
        } => {
            for d in &diagnostics {
                let _ = render::render(d, &name, source.as_ref(), style, err);
            }
            return 2;
        }
    };
    if let Some(problem) = command_line_problem(args, &program) {
        return input_error(problem, None, err);
    }
    let options = check::options(&CheckArgs {
        files: vec![args.file.clone()],
        common: args.common.clone(),
        timeout: args.timeout,
        emit: None,
    });

    let selected = |k: &Kernel| {
        args.common
            .kernel
            .as_ref()
            .is_none_or(|name| *name == k.name.name)
    };
    let outcomes: Vec<Option<Outcome>> = program
        .kernels
        .iter()
        .map(|k| selected(k).then(|| repair::repair(k, &options)))
        .collect();
    let printed = Program {
        kernels: program
            .kernels
            .iter()
            .zip(&outcomes)
            .map(|(k, o)| match o {
                Some(Outcome::Repaired(r)) => r.kernel.clone(),
                _ => k.clone(),
            })
            .collect(),
    };
    let changed = outcomes
        .iter()
        .any(|o| matches!(o, Some(Outcome::Repaired(_))));
    let text = if changed {
        printed.to_string()
    } else {
        source.text.clone()
    };
    let _ = out.write_all(text.as_bytes());

    // Where the inserted barriers landed in the printed text.
    let reparsed = mapcheck_grammar::parse(&text).ok();
    let out_index = LineIndex::new(&text);
    let at_input = |s: Span| {
        let lc = source.line_col(s);
        format!("{}:{}:{}", source.name, lc.line, lc.column)
    };
    let mut code = 0;
    for (i, (kernel, outcome)) in program.kernels.iter().zip(&outcomes).enumerate() {
        let kname = &kernel.name.name;
        match outcome {
            None => {}
            Some(Outcome::Clean(_)) => {
                let _ = writeln!(
                    err,
                    "kernel `{kname}` is already race free and free of divergence"
                );
            }
            Some(Outcome::Refused(why)) => {
                code = 1;
                let _ = writeln!(
                    err,
                    "kernel `{kname}`: no barrier placement makes it race free and free of divergence: {}",
                    why.describe(&at_input)
                );
            }
            Some(Outcome::Repaired(r)) => {
                let output_syncs = reparsed
                    .as_ref()
                    .and_then(|p| p.kernels.get(i))
                    .map(|k| repair::syncs(&k.body))
                    .unwrap_or_default();
                let repaired_syncs = repair::syncs(&r.kernel.body);
                for change in &r.changes {
                    let line = match change {
                        Change::Inserted(marker) => {
                            let landed = repaired_syncs
                                .iter()
                                .position(|s| s.same_range(*marker))
                                .and_then(|j| output_syncs.get(j));
                            match landed {
                                Some(s) => {
                                    let lc = out_index.line_col(&text, s.start);
                                    format!(
                                        "inserted sync at {}:{} of the output",
                                        lc.line, lc.column
                                    )
                                }
                                None => format!("inserted sync at {}", at_input(*marker)),
                            }
                        }
                        Change::RemovedRedundant(s) => {
                            format!("removed redundant sync at {}", at_input(*s))
                        }
                        Change::IfConverted(s) => format!(
                            "split the thread-dependent branch at {} (if-conversion) to make a point every thread reaches",
                            at_input(*s)
                        ),
                        Change::RemovedDivergent(s) => format!(
                            "removed sync at {}, which not every thread of a block reaches",
                            at_input(*s)
                        ),
                    };
                    let _ = writeln!(err, "kernel `{kname}`: {line}");
                }
                let _ = writeln!(
                    err,
                    "kernel `{kname}`: repaired; the printed kernel is proven race free and free of divergence ({})",
                    r.decision.class
                );
            }
        }
    }
    code
}

/// A `--kernel` the file does not define, or a `-p` no kernel has.
fn command_line_problem(args: &FixArgs, program: &Program) -> Option<Diagnostic> {
    if let Some(name) = &args.common.kernel {
        if !program.kernels.iter().any(|k| k.name.name == *name) {
            return Some(Diagnostic::error(format!(
                "no kernel named `{name}` in the input"
            )));
        }
    }
    args.common.params.iter().find_map(|(param, _)| {
        let known = program
            .kernels
            .iter()
            .any(|k| k.params.iter().any(|p| p.name == *param));
        (!known).then(|| Diagnostic::error(format!("unknown parameter `{param}`")))
    })
}
