//! `mapcheck fix FILE` (SPEC §7): prints the file with barriers inserted, moved or removed so
//! that every kernel is proven data-race free and free of barrier divergence, and says on
//! stderr what changed. The search is `mapcheck_repair`; this module loads the input,
//! prints, locates the changes, and picks the exit code: `0` when every printed kernel is
//! proven clean, `1` when some kernel cannot be fixed by barriers (its reason on stderr; it is
//! printed unchanged beside the others), `2` on input errors.
//!
//! An input whose kernels are all clean already is printed byte for byte, comments included.
//! Otherwise a `.bcu` file is printed as the original text with `sync;` lines inserted and
//! removed ([`edit`]), re-parsed and re-verified; when a repair split a branch (or the edits
//! do not re-verify) it is printed in canonical `.bcu` form instead (the printer keeps no
//! comments). Inserted barriers are located in the output, removed ones in the input. A CUDA file
//! is printed as the original text with edits placed by clang's source ranges ([`points`],
//! [`edit`]): inserted `__syncthreads();` lines, deleted barriers and, when the repair split
//! thread-dependent `if`s (AuCS's if-conversion), those `if`s rewritten in halves around the
//! barriers, each condition evaluated once into a fresh flag ([`split`], [`hoist`]); everything
//! else byte for byte. The edited text is read again by the CUDA front end and decided before
//! it is printed. Why an edit cannot be written is a [`error::FixError`], printed here.

mod bcu;
mod edit;
mod error;
mod hoist;
mod points;
mod split;

use crate::check;
use crate::cli::{CheckArgs, FixArgs};
use crate::input::{self, Loaded, SourceFile};
use crate::render::{self, Style};
use mapcheck_core::ast::{Block, Kernel, Program};
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::LineIndex;
use mapcheck_core::Span;
use mapcheck_grammar::clang::ranges::Ranges;
use mapcheck_repair::ifconvert::{Carry, Obstacle};
use mapcheck_repair::{self as repair, Change, Outcome, Refusal, Settings};
use mapcheck_smt::redundant::{clean, syncs};
use mapcheck_smt::Options;
use std::io::Write;

pub fn fix(args: &FixArgs, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let name = args.file.display().to_string();
    let input_error = |d: Diagnostic, source: Option<&SourceFile>, err: &mut dyn Write| {
        let _ = render::render(&d, &name, source, style, err);
        2
    };
    let load_options = input::LoadOptions::of(&args.common);
    let (source, program) = match input::load_with(&args.file, &load_options) {
        Loaded::Parsed {
            source,
            program,
            errors,
        } => {
            // A kernel of a CUDA file that could not be lowered: the edited file could not be
            // re-verified as a whole, so this is an input error like any other — unless
            // `--kernel` selects another kernel, which is then fixed as `mapcheck --kernel`
            // checks it (the other kernel's text is printed unchanged).
            let kernel = args.common.kernel.as_deref();
            let relevant: Vec<&Diagnostic> = input::errors_for(&errors, kernel).collect();
            if !relevant.is_empty() {
                let others = program.kernels.iter().map(|k| k.name.name.as_str());
                let hint = others.clone().next().filter(|_| kernel.is_none()).map(|first| {
                    format!(
                        "the kernels that lowered ({}) can be fixed one at a time: `--kernel {first}`",
                        others.map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
                    )
                });
                for (i, d) in relevant.iter().enumerate() {
                    let d = match &hint {
                        Some(h) if i + 1 == relevant.len() => (*d).clone().with_help(h.clone()),
                        _ => (*d).clone(),
                    };
                    let _ = render::render(&d, &name, Some(&source), style, err);
                }
                return 2;
            }
            (source, program)
        }
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
        any_launch: args.any_launch,
        ..CheckArgs::default()
    });
    // As `mapcheck` reads the input: a CUDA file's header geometry and its `?` values.
    let options = check::options_for(&options, &source);
    if source.is_cuda() {
        return fix_cuda(args, &source, &program, &options, out, err, style);
    }

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
    let mut no_launch = false;
    for (kernel, outcome) in program.kernels.iter().zip(&outcomes) {
        if let Some(Outcome::NoLaunch) = outcome {
            let d = no_launch_error(kernel, &options);
            let _ = render::render(&d, &name, Some(&source), style, err);
            no_launch = true;
        }
    }
    if no_launch {
        return 2;
    }
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
    let text = if !changed {
        source.text.clone()
    } else {
        // The original text with barrier lines inserted and removed, comments and all, when
        // that can be done and re-verifies; the canonical form otherwise (a split branch).
        edited_bcu(&source.text, &program, &outcomes, &options)
            .unwrap_or_else(|| printed.to_string())
    };
    if !deliver(args, &source.text, &text, out, err) {
        return 2;
    }

    // Where the inserted barriers landed in the printed text.
    let reparsed = mapcheck_grammar::parse(&text).ok();
    let out_index = LineIndex::new(&text);
    let at_input = |s: Span| source.place(s);
    let mut code = 0;
    for (i, (kernel, outcome)) in program.kernels.iter().zip(&outcomes).enumerate() {
        let kname = &kernel.name.name;
        match outcome {
            None | Some(Outcome::NoLaunch) => {}
            Some(Outcome::Clean(decision)) => {
                let _ = writeln!(
                    err,
                    "kernel `{kname}` is already race free and free of divergence"
                );
                for line in redundant_notes(kernel, decision, &options, &at_input) {
                    let _ = writeln!(err, "kernel `{kname}`: {line}");
                }
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
                    .map(|k| syncs(&k.body))
                    .unwrap_or_default();
                let repaired_syncs = syncs(&r.kernel.body);
                for change in &r.changes {
                    let line = match change {
                        Change::Inserted(marker) => {
                            let landed = repaired_syncs
                                .iter()
                                .position(|s| s == marker)
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

/// Notes on the barriers of a clean kernel that are redundant, each alone (Simulee's third
/// kind of bug): a clean input is printed unchanged, so they are advice, as in `mapcheck`.
fn redundant_notes(
    kernel: &Kernel,
    decision: &mapcheck_smt::Decision,
    options: &Options,
    at: &dyn Fn(Span) -> String,
) -> Vec<String> {
    mapcheck_smt::redundant::redundant_barriers(kernel, decision, options)
        .iter()
        .filter_map(|f| f.locations.first())
        .map(|s| {
            format!(
                "note: the barrier at {} is redundant: the kernel stays race free and free of divergence without it (left in place)",
                at(*s)
            )
        })
        .collect()
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
            .any(|k| k.params.iter().any(|p| crate::names::is_param(k, p, param)));
        (!known).then(|| Diagnostic::error(format!("unknown parameter `{param}`")))
    })
}

/// The `.bcu` text with each repair written as edits ([`edit`]), if every repair can be so
/// written (none split a branch) and the edited text parses, keeps the kernels' count and
/// barriers, and is proven clean kernel by kernel.
fn edited_bcu(
    text: &str,
    program: &Program,
    outcomes: &[Option<Outcome>],
    options: &Options,
) -> Option<String> {
    let mut edits = Vec::new();
    for (kernel, outcome) in program.kernels.iter().zip(outcomes) {
        if let Some(Outcome::Repaired(r)) = outcome {
            if r.changes
                .iter()
                .any(|c| matches!(c, Change::IfConverted(_)))
            {
                return None;
            }
            let mine = edit::edits(edit::Source::Bcu(text), Some(kernel), &r.kernel, &r.changes);
            edits.extend(mine.ok()?);
        }
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let edited = edit::apply(text, &edits);
    let program = mapcheck_grammar::parse(&edited).ok()?;
    if program.kernels.len() != outcomes.len() {
        return None;
    }
    for (kernel, outcome) in program.kernels.iter().zip(outcomes) {
        if let Some(Outcome::Repaired(r)) = outcome {
            let same_barriers = syncs(&kernel.body).len() == syncs(&r.kernel.body).len();
            if !same_barriers || !clean(&repair::verify(kernel, options)) {
                return None;
            }
        }
    }
    Some(edited)
}

/// `mapcheck fix` on a CUDA file: the search on the lowered kernels, restricted to CUDA
/// statement boundaries, then edits of the original text (a split `if` included, when
/// [`edit`] can write it soundly), which is read again and decided before it is printed.
fn fix_cuda(
    args: &FixArgs,
    source: &SourceFile,
    program: &Program,
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
    style: Style,
) -> u8 {
    let text = source.text.as_str();
    let load_options = input::LoadOptions::of(&args.common);
    let ranges = match input::cuda_ranges(&args.file, text, &load_options) {
        Ok(r) => r,
        Err(d) => {
            let _ = render::render(&d, &source.name, Some(source), style, err);
            return 2;
        }
    };
    // The ranges index the joined text of the file and the files of the user's it includes
    // (`SourceFile::joined`); only the file's own text is edited, so a barrier goes only there.
    let joined = source.joined();
    let admit = |b: &Block, i: usize| points::boundary(&ranges, b, i, text.len());
    let one_statement = |pair: [Span; 2]| points::one_statement(&ranges, pair);
    let settings = Settings {
        if_conversion: true,
        admit: Some(&admit),
        carry: Carry::Unknown,
        one_statement: Some(&one_statement),
    };
    let at = |s: Span| source.place(s);
    let mut code = 0;
    let mut edits = Vec::new();
    let mut repaired = Vec::new();
    let mut summary: Vec<String> = Vec::new();
    let mut no_launch = false;
    for kernel in &program.kernels {
        let kname = &kernel.name.name;
        if args.common.kernel.as_ref().is_some_and(|n| n != kname) {
            continue;
        }
        // `-p` names the parameters as the source does; the repair reads core names.
        let options = &crate::names::with_core_params(kernel, options);
        match repair::repair_with(kernel, options, &settings) {
            Outcome::NoLaunch => {
                let d = no_launch_error(kernel, options);
                let _ = render::render(&d, &source.name, Some(source), style, err);
                no_launch = true;
            }
            Outcome::Clean(decision) => {
                summary.push(format!(
                    "kernel `{kname}` is already race free and free of divergence"
                ));
                for line in redundant_notes(kernel, &decision, options, &at) {
                    summary.push(format!("kernel `{kname}`: {line}"));
                }
            }
            Outcome::Refused(_) if !source.in_main(kernel.span) => {
                code = 1;
                let file = source.locate(kernel.span).name;
                summary.push(format!(
                    "kernel `{kname}` is defined in `{file}`, which this file includes: `mapcheck fix` edits only the file it is given; run `mapcheck fix {file}`"
                ));
            }
            Outcome::Refused(why) => {
                code = 1;
                summary.push(format!(
                    "kernel `{kname}`: no barrier placement makes it race free and free of divergence: {}",
                    describe_cuda(&why, &ranges, &at)
                ));
            }
            Outcome::Repaired(r) => {
                let written = edit::edits(
                    edit::Source::Cuda(&joined, &ranges),
                    None,
                    &r.kernel,
                    &r.changes,
                )
                .and_then(|mine| {
                    match mine.iter().find(|e| e.range.end > text.len()) {
                        Some(e) => Err(error::FixError::Included(
                            source
                                .locate(Span::new(e.range.start, e.range.end))
                                .name
                                .to_string(),
                        )),
                        None => Ok(mine),
                    }
                });
                match written {
                    Ok(mine) => {
                        for e in &mine {
                            let what = match e.what {
                                edit::EditKind::Inserted => "inserted `__syncthreads();` after",
                                edit::EditKind::RemovedRedundant => {
                                    "removed the redundant barrier at"
                                }
                                edit::EditKind::RemovedDivergent => {
                                    "removed the barrier not every thread of a block reaches, at"
                                }
                                edit::EditKind::IfConverted => {
                                    "split the thread-dependent branch (if-conversion: its condition evaluated once into a `bool`, the halves tested on it around `__syncthreads();`) at"
                                }
                                edit::EditKind::Hoisted => {
                                    "moved before the split branch the declaration (used after the barrier) at"
                                }
                                edit::EditKind::Part => continue,
                            };
                            summary.push(format!(
                                "kernel `{kname}`: {what} {}",
                                at(Span::new(e.at, e.at))
                            ));
                        }
                        edits.extend(mine);
                        repaired.push((kname.clone(), r.decision.class));
                    }
                    Err(why) => {
                        code = 1;
                        summary.push(format!(
                        "kernel `{kname}`: a barrier placement exists, but it cannot be written into the CUDA text: {why}"
                    ));
                    }
                }
            }
        }
    }
    if no_launch {
        return 2;
    }
    let mut printed = text.to_string();
    if !edits.is_empty() {
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        let edited = edit::apply(text, &edits);
        match reverify(args, &edited, &repaired, options) {
            Ok(()) => {
                printed = edited;
                for (kname, class) in &repaired {
                    summary.push(format!(
                        "kernel `{kname}`: repaired; the printed kernel is proven race free and free of divergence ({class})"
                    ));
                }
            }
            Err(why) => {
                code = 1;
                summary.push(format!(
                    "internal error: the edited CUDA text does not re-verify ({why}); the file is printed unchanged"
                ));
            }
        }
    }
    if !deliver(args, &source.text, &printed, out, err) {
        return 2;
    }
    for line in summary {
        let _ = writeln!(err, "{line}");
    }
    code
}

/// The input error `mapcheck check` reports for a kernel no launch satisfying its
/// preconditions can run: repairing it would be as vacuous as its `drf`.
fn no_launch_error(kernel: &Kernel, options: &Options) -> Diagnostic {
    let checked = mapcheck_typeck::check(kernel, options.arith);
    check::no_launch(kernel, &checked.protocol.body, options)
}

/// Hands the repaired `text` of the input `original` to the user as `args` ask: printed whole
/// (SPEC §7, the default), as a unified diff (`--diff`), or written back into the file
/// (`--in-place`, which prints nothing on stdout). `false` when the file cannot be written.
fn deliver(
    args: &FixArgs,
    original: &str,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> bool {
    if args.in_place {
        if text == original {
            return true;
        }
        return match std::fs::write(&args.file, text) {
            Ok(()) => {
                let _ = writeln!(err, "wrote {}", args.file.display());
                true
            }
            Err(e) => {
                let _ = writeln!(err, "error: cannot write `{}`: {e}", args.file.display());
                false
            }
        };
    }
    if args.diff {
        let name = args.file.display().to_string();
        let diff = similar::TextDiff::from_lines(original, text);
        let _ = write!(
            out,
            "{}",
            diff.unified_diff()
                .header(&format!("a/{name}"), &format!("b/{name}"))
        );
        return true;
    }
    let _ = out.write_all(text.as_bytes());
    true
}

/// The reason of a refusal on CUDA text: a race inside one CUDA statement, or between
/// statements a macro wrote, is named as such.
fn describe_cuda(why: &Refusal, ranges: &Ranges, at: &dyn Fn(Span) -> String) -> String {
    // Accesses of statements a macro wrote: no barrier can go between them in the text.
    if let Refusal::NoUniformPoint { locations, .. } = why {
        let used: Vec<Option<usize>> = locations
            .iter()
            .map(|s| ranges.macro_use(s.start, s.end))
            .collect();
        if let [Some(used), Some(_)] = used.as_slice() {
            return format!(
                "the racing accesses at {} and {} are written by the macro used at {}, and no barrier can go inside a macro's expansion; write its statements out and run `mapcheck fix` again",
                at(locations[0]),
                at(locations[1]),
                at(Span::new(*used, *used))
            );
        }
    }
    match why {
        // Two accesses of one CUDA statement (whatever the search's obstacle: the clang
        // lowering gives the accesses of `a[i] += a[j]` spans of their own, not the
        // statement's) have no barrier point between them.
        Refusal::NoUniformPoint { locations, .. } if points::one_statement(ranges, *locations) => format!(
            "the racing accesses at {} and {} are one CUDA statement, and no barrier can go inside a statement; split it (read into a local first) and run `mapcheck fix` again",
            at(locations[0]),
            at(locations[1])
        ),
        Refusal::NoUniformPoint {
            obstacle: Some(Obstacle::Nothing),
            ..
        } => format!(
            "{}; on CUDA text the if-conversion splits thread-dependent `if`s between two statements of a branch, or between the branches, and pushes them into a `for` loop of a branch, but not into a `while` loop or a nested block",
            why.describe(at)
        ),
        _ => why.describe(at),
    }
}

/// Reads the edited text with the CUDA front end (the flags and the file's own header, as
/// `input` reads the original) and decides each repaired kernel again.
fn reverify(
    args: &FixArgs,
    edited: &str,
    repaired: &[(String, mapcheck_typeck::Class)],
    options: &Options,
) -> Result<(), error::Reverify> {
    use error::Reverify;
    let load_options = input::LoadOptions::of(&args.common);
    let kernel = args.common.kernel.as_deref();
    let program = match input::parse_text(&args.file, edited.to_string(), &load_options) {
        Loaded::Parsed {
            program, errors, ..
        } if input::errors_for(&errors, kernel).next().is_none() => program,
        Loaded::Parsed { errors, .. } => {
            return Err(input::errors_for(&errors, kernel)
                .next()
                .map_or(Reverify::DoesNotParse, |d| {
                    Reverify::Front(d.message.clone())
                }))
        }
        Loaded::Failed { diagnostics, .. } => {
            return Err(diagnostics.first().map_or(Reverify::DoesNotParse, |d| {
                Reverify::Front(d.message.clone())
            }))
        }
    };
    for (name, _) in repaired {
        let kernel = program
            .kernels
            .iter()
            .find(|k| k.name.name == *name)
            .ok_or_else(|| Reverify::Missing(name.clone()))?;
        if !clean(&repair::verify(kernel, options)) {
            return Err(Reverify::NotClean(name.clone()));
        }
    }
    Ok(())
}
