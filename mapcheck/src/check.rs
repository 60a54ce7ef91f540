//! `mapcheck [check] FILE...`: load every input, type and decide every kernel, report, and
//! derive the exit code (SPEC §7). Inputs that fail to load are reported and the others still
//! analysed.

use crate::cli::CheckArgs;
use crate::input::{self, Loaded, SourceFile};
use crate::render::{self, Style};
use crate::report::{Defects, Document, ErrorReport, FindingReport, KernelReport};
use crate::show;
use mapcheck_core::ast::Kernel;
use mapcheck_core::diag::Diagnostic;
use mapcheck_smt::{Fixed, Limits, Options};
use std::io::Write;
use std::time::Instant;

pub fn check(args: &CheckArgs, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let mut doc = Document::default();
    let options = options(args);
    let load_options = input::LoadOptions::of(&args.common);
    let loaded: Vec<Loaded> = args
        .files
        .iter()
        .map(|p| input::load_with(p, &load_options))
        .collect();
    let mut report_error =
        |d: &Diagnostic, name: &str, source: Option<&SourceFile>, doc: &mut Document| {
            if !args.common.json {
                let _ = render::render(d, name, source, style, err);
            }
            doc.errors.push(ErrorReport::new(name, source, d));
        };
    for problem in command_line_problems(args, &loaded) {
        report_error(&problem, "", None, &mut doc);
    }
    if !doc.errors.is_empty() {
        return finish(args, &doc, out, err);
    }
    for input in &loaded {
        match input {
            Loaded::Failed {
                name,
                source,
                diagnostics,
            } => {
                for d in diagnostics {
                    report_error(d, name, source.as_ref(), &mut doc);
                }
            }
            Loaded::Parsed {
                source,
                program,
                errors,
            } => {
                for d in input::errors_for(errors, args.common.kernel.as_deref()) {
                    report_error(d, &source.name, Some(source), &mut doc);
                }
                let options = Options {
                    fixed: input::fixed_for(&options.fixed, source),
                    unknowns_approximate: source.is_cuda(),
                    ..options.clone()
                };
                for kernel in &program.kernels {
                    if args
                        .common
                        .kernel
                        .as_ref()
                        .is_some_and(|k| *k != kernel.name.name)
                    {
                        continue;
                    }
                    if let Some(form) = args.emit {
                        crate::emit::emit(form, kernel, source, &options, style, out);
                        continue;
                    }
                    let report = decide(kernel, source, &options, args.common.json, style, out);
                    doc.kernels.push(report);
                }
            }
        }
    }
    finish(args, &doc, out, err)
}

/// Flags that do not fit the inputs: a `-p` no kernel has, a `--kernel` no file defines,
/// geometry beyond CUDA's limits (SPEC §3).
fn command_line_problems(args: &CheckArgs, loaded: &[Loaded]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let kernels: Vec<&Kernel> = loaded
        .iter()
        .filter_map(|l| match l {
            Loaded::Parsed { program, .. } => Some(program.kernels.iter()),
            Loaded::Failed { .. } => None,
        })
        .flatten()
        .filter(|k| {
            args.common
                .kernel
                .as_ref()
                .is_none_or(|name| *name == k.name.name)
        })
        .collect();
    // Only when every item of every input was read can a name be said to be missing.
    let all_parsed = loaded
        .iter()
        .all(|l| matches!(l, Loaded::Parsed { errors, .. } if errors.is_empty()));
    if let Some(name) = &args.common.kernel {
        // A kernel that failed to lower exists (its errors are reported); an error of a whole
        // file or an unreadable file may hide the kernel.
        let known = loaded.iter().any(|l| match l {
            Loaded::Parsed { errors, .. } => errors
                .iter()
                .any(|e| e.kernel.as_ref().is_none_or(|k| k == name)),
            Loaded::Failed { .. } => true,
        });
        if kernels.is_empty() && !known {
            problems.push(Diagnostic::error(format!(
                "no kernel named `{name}` in the input"
            )));
        }
    }
    if all_parsed {
        for (param, _) in &args.common.params {
            if !kernels
                .iter()
                .any(|k| k.params.iter().any(|p| p.name == *param))
            {
                let known: Vec<String> = kernels
                    .iter()
                    .flat_map(|k| k.params.iter().map(|p| format!("`{}`", p.name)))
                    .collect();
                let d = Diagnostic::error(format!("unknown parameter `{param}`"));
                problems.push(if known.is_empty() {
                    d.with_help("the kernels have no parameters")
                } else {
                    d.with_help(format!("the parameters are {}", known.join(", ")))
                });
            }
        }
    }
    let product = |d: [u64; 3]| d.iter().map(|x| u128::from(*x)).product::<u128>();
    if let Some(dim) = args.common.block_dim {
        if product(dim) > 1024 {
            problems.push(Diagnostic::error(format!(
                "a block of {} threads is beyond CUDA's limit of 1024",
                product(dim)
            )));
        }
    }
    if let Some(dim) = args.common.grid_dim {
        if product(dim) >= 1 << 31 {
            problems.push(Diagnostic::error(format!(
                "a grid of {} blocks is beyond CUDA's limit of 2^31 - 1",
                product(dim)
            )));
        }
    }
    problems
}

fn finish(args: &CheckArgs, doc: &Document, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if args.common.json && args.emit.is_none() {
        let _ = serde_json::to_writer_pretty(&mut *out, doc);
        let _ = writeln!(out);
    }
    for k in &doc.kernels {
        for e in &k.internal_errors {
            let _ = writeln!(err, "internal error: {}: kernel `{}`: {e}", k.file, k.name);
        }
    }
    if args.emit.is_some() {
        return if doc.errors.is_empty() { 0 } else { 2 };
    }
    doc.exit_code()
}

pub fn options(args: &CheckArgs) -> Options {
    let product = |d: [u64; 3]| d.iter().map(|x| i128::from(*x)).product::<i128>();
    Options {
        arith: args.common.arith,
        fixed: Fixed {
            params: args.common.params.iter().cloned().collect(),
            ntid: args.common.block_dim.map(product),
            nbid: args.common.grid_dim.map(product),
        },
        limits: Limits {
            timeout_ms: (args.timeout.max(0.001) * 1000.0).min(f64::from(u32::MAX)) as u32,
            ..Limits::default()
        },
        mutation: None,
        unknowns_approximate: false,
    }
}

fn decide(
    kernel: &Kernel,
    source: &SourceFile,
    options: &Options,
    json: bool,
    style: Style,
    out: &mut dyn Write,
) -> KernelReport {
    let started = Instant::now();
    let checked = mapcheck_typeck::check(kernel, options.arith);
    let mut decision = mapcheck_smt::decide(kernel, &checked, options);
    // Advice comes after the defects it never coexists with: only a DRF kernel free of
    // divergence is examined for redundant barriers, and they leave the verdict as it is.
    let advice = mapcheck_smt::redundant::redundant_barriers(kernel, &decision, options);
    decision.findings.extend(advice);
    let time_ms = started.elapsed().as_millis() as u64;
    if !json {
        let _ = writeln!(
            out,
            "{}: kernel `{}`: {} ({})",
            source.name,
            kernel.name.name,
            decision.verdict.name(),
            checked.class
        );
        for reason in checked.diagnostics() {
            let _ = render::render(&reason, &source.name, Some(source), style, out);
        }
        for f in &decision.findings {
            let _ = show::finding(f, source, style, out);
        }
        for why in decision
            .undecided_races
            .iter()
            .chain(&decision.undecided_divergence)
        {
            let _ = writeln!(out, "  a solver query was undecided: {why}");
        }
    }
    KernelReport {
        file: source.name.clone(),
        name: kernel.name.name.clone(),
        class: checked.class,
        verdict: decision.verdict,
        findings: decision
            .findings
            .iter()
            .map(|f| FindingReport::new(source, f))
            .collect(),
        undecided: decision
            .undecided_races
            .iter()
            .chain(&decision.undecided_divergence)
            .cloned()
            .collect(),
        time_ms,
        internal_errors: decision
            .findings
            .iter()
            .filter_map(|f| f.internal_error.clone())
            .collect(),
        defects: Defects::of(&decision),
    }
}
