//! Deciding the kernels of loaded inputs, and `mapcheck [check] FILE...`.
//!
//! The pipeline of one loaded input, for any caller: [`check_file`] types and decides each
//! kernel the caller's [`CheckOptions`] select ([`decide`]: the type checker, the SMT stage,
//! the advice on redundant barriers) into a [`Decided`] with its [`KernelReport`], with the
//! analysis options [`options_for`] gives the input (a CUDA file's header geometry, its `?`
//! values). The caller chooses the analysis options, the solver's limits included.
//!
//! The command loads every input, reports, and derives the exit code (SPEC §7). Inputs that
//! fail to load are reported and the others still analysed.

use crate::cli::{CheckArgs, Format};
use crate::input::{self, Loaded, SourceFile};
use crate::names;
use crate::render::{self, Style};
use crate::report::{Defects, Document, ErrorReport, FindingReport, KernelReport, ReasonReport};
use crate::show;
use mapcheck_core::ast::{Kernel, Program};
use mapcheck_core::diag::Diagnostic;
use mapcheck_smt::{Decision, Fixed, Limits, Options};
use mapcheck_typeck::Checked;
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

pub(crate) fn check(
    args: &CheckArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    style: Style,
) -> u8 {
    let started = Instant::now();
    let mut doc = Document::default();
    let settings = CheckOptions {
        kernel: args.common.kernel.clone(),
        ..CheckOptions::new(options(args))
    };
    let human = args.report_format() == Format::Human;
    let mut report_error =
        |d: &Diagnostic, name: &str, source: Option<&SourceFile>, doc: &mut Document| {
            if human {
                let _ = render::render(d, name, source, style, err);
            }
            doc.errors.push(ErrorReport::new(name, source, d));
        };
    let (files, problems, headers) = input::expand(&args.files);
    for (name, d) in &problems {
        report_error(d, name, None, &mut doc);
    }
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            let d = Diagnostic::error(format!("cannot start {jobs} threads: {e}"));
            report_error(&d, "", None, &mut doc);
            return finish(args, &doc, out, err);
        }
    };
    let load_options = input::LoadOptions::of(&args.common);
    let loaded: Vec<Loaded> = pool.install(|| {
        files
            .par_iter()
            .map(|p| input::load_with(p, &load_options))
            .collect()
    });
    // A header of helpers a directory gave is checked through the files including it.
    let loaded: Vec<Loaded> = (loaded.into_iter().zip(&files))
        .filter(|(l, p)| !input::is_helper_header(l, p, &headers))
        .map(|(l, _)| l)
        .collect();
    let flag_problems = command_line_problems(args, &loaded);
    for problem in &flag_problems {
        report_error(problem, "", None, &mut doc);
    }
    if !flag_problems.is_empty() {
        return finish(args, &doc, out, err);
    }
    // The work is cut into units — each input's own messages, then each kernel it selects —
    // taken in order by `jobs` workers; each unit's output goes into its own buffers, written in
    // the order of the units as soon as every earlier unit is written: the report streams as
    // kernels are decided and does not depend on `--jobs`.
    let units = units(&loaded, args, &settings);
    let kernels = units.iter().filter(|u| u.kernel.is_some()).count();
    let progress = progress_bar(loaded.len(), kernels);
    let mut sections = Vec::new();
    let mut write = |part: Part, doc: &mut Document| {
        progress.suspend(|| {
            let _ = out.write_all(&part.out);
            let _ = err.write_all(&part.err);
            let _ = out.flush();
        });
        doc.errors.extend(part.errors);
        doc.warnings.extend(part.warnings);
        doc.kernels.extend(part.kernels);
        sections.extend(part.sections);
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel::<(usize, Part)>();
        for _ in 0..jobs.min(units.len()).max(1) {
            let done = done.clone();
            let (units, loaded, next, progress) = (&units, &loaded, &next, &progress);
            let settings = &settings;
            scope.spawn(move || loop {
                let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(unit) = units.get(at) else {
                    break;
                };
                let part = check_unit(&loaded[unit.input], unit.kernel, args, settings, style);
                if unit.kernel.is_some() {
                    progress.inc(1);
                }
                if done.send((at, part)).is_err() {
                    break;
                }
            });
        }
        drop(done);
        let mut waiting = std::collections::BTreeMap::new();
        let mut written = 0;
        for (at, part) in finished {
            waiting.insert(at, part);
            while let Some(part) = waiting.remove(&written) {
                write(part, &mut doc);
                written += 1;
            }
        }
    });
    progress.finish_and_clear();
    if mapcheck_smt::solve::deadline_passed() {
        // SPEC §6: a wall-clock limit only stops the whole run, and says so.
        let seconds = args.timeout.unwrap_or_default();
        let d = Diagnostic::warning(format!(
            "the run was stopped by `--timeout {seconds}`: the queries it cut short are `unknown`, and another run may answer them"
        ));
        if human {
            let _ = render::render(&d, "", None, style, err);
        }
        doc.warnings.push(ErrorReport::new("", None, &d));
    }
    let mut html_failed = false;
    if let Some(path) = args.html.as_ref().filter(|_| args.emit.is_none()) {
        let names: Vec<String> = (args.files.iter())
            .map(|f| f.display().to_string())
            .collect();
        let title = format!("mapcheck {}: the witnesses", names.join(" "));
        if let Err(e) = std::fs::write(path, crate::html::page(&title, &sections)) {
            let _ = writeln!(err, "error: cannot write {}: {e}", path.display());
            html_failed = true;
        }
    }
    if human && args.emit.is_none() && files.len() > 1 && !args.quiet {
        summary(&doc, files.len(), out);
        // The time goes to standard error: the report on stdout is the same on every run.
        let _ = writeln!(
            err,
            "checked {} input(s) in {:.1} s with {jobs} job(s)",
            files.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let code = finish(args, &doc, out, err);
    if html_failed {
        2
    } else {
        code
    }
}

/// A single input with fewer kernels than this has no progress bar.
const PROGRESS_KERNELS: usize = 16;

/// What one unit of the work printed and reported.
#[derive(Debug, Default)]
struct Part {
    out: Vec<u8>,
    err: Vec<u8>,
    errors: Vec<ErrorReport>,
    warnings: Vec<ErrorReport>,
    kernels: Vec<KernelReport>,
    /// `--html`: the pictures of the findings' witnesses.
    sections: Vec<maud::Markup>,
}

/// A piece of the work of `mapcheck FILE...`: an input's own messages (its load errors and
/// warnings; with `--emit`, every form it prints), or one kernel of it to decide.
#[derive(Debug)]
struct Unit {
    input: usize,
    kernel: Option<usize>,
}

/// The units of `loaded`, in the order of the report: each input, then the kernels of its
/// program that `settings` select.
fn units(loaded: &[Loaded], args: &CheckArgs, settings: &CheckOptions) -> Vec<Unit> {
    let mut units = Vec::new();
    for (input, l) in loaded.iter().enumerate() {
        units.push(Unit {
            input,
            kernel: None,
        });
        if let (Loaded::Parsed { program, .. }, None) = (l, args.emit) {
            let chosen = settings.kernel.as_deref();
            for (k, kernel) in program.kernels.iter().enumerate() {
                if chosen.is_none_or(|name| name == kernel.name.name) {
                    units.push(Unit {
                        input,
                        kernel: Some(k),
                    });
                }
            }
        }
    }
    units
}

/// One unit of `mapcheck FILE...` on `input`: without `kernel`, the input's errors and warnings
/// (or, with `--emit`, the forms of its kernels); with it, that kernel of its program decided.
fn check_unit(
    input: &Loaded,
    kernel: Option<usize>,
    args: &CheckArgs,
    settings: &CheckOptions,
    style: Style,
) -> Part {
    let human = args.report_format() == Format::Human;
    let mut part = Part::default();
    let mut report_error =
        |d: &Diagnostic, name: &str, source: Option<&SourceFile>, kernel: Option<&str>| {
            if human {
                let _ = render::render(d, name, source, style, &mut part.err);
            }
            part.errors
                .push(ErrorReport::new(name, source, d).in_kernel(kernel));
        };
    match (input, kernel) {
        (
            Loaded::Failed {
                name,
                source,
                diagnostics,
            },
            _,
        ) => {
            for d in diagnostics {
                report_error(d, name, source.as_ref(), None);
            }
        }
        (
            Loaded::Parsed {
                source,
                program,
                errors,
            },
            None,
        ) => {
            for e in input::item_errors_for(errors, args.common.kernel.as_deref()) {
                report_error(
                    &e.diagnostic,
                    &source.name,
                    Some(source),
                    e.kernel.as_deref(),
                );
            }
            for d in &source.warnings {
                if human {
                    let _ = render::render(d, &source.name, Some(source), style, &mut part.err);
                }
                part.warnings
                    .push(ErrorReport::new(&source.name, Some(source), d));
            }
            if let Some(form) = args.emit {
                let options = options_for(&settings.analysis, source);
                for kernel in selected(program, settings.kernel.as_deref()) {
                    crate::emit::emit(form, kernel, source, &options, style, &mut part.out);
                }
            }
        }
        (
            Loaded::Parsed {
                source, program, ..
            },
            Some(k),
        ) => {
            let options = options_for(&settings.analysis, source);
            let decided = decide(&program.kernels[k], source, &options, settings.advice);
            if decided.decision.no_launch {
                let d = no_launch(decided.kernel, &decided.checked.protocol.body, &options);
                report_error(&d, &source.name, Some(source), Some(&decided.report.name));
                return part;
            }
            if human {
                let how = HowToPrint {
                    quiet: args.quiet,
                    verbose: args.verbose,
                    replay: crate::guide::ReplayFlags::of(args),
                };
                decided.print(source, style, &how, &mut part.out);
            }
            if args.html.is_some() {
                part.sections
                    .extend(crate::html::witnesses(source, &decided, &options));
            }
            part.kernels.push(decided.report);
        }
    }
    part
}

/// The error for a kernel whose preconditions no launch satisfies under `options` (SPEC §4: a
/// false `assume` is an input error, not a run): it names the geometry and parameters given
/// and points at each precondition.
pub(crate) fn no_launch(
    kernel: &Kernel,
    protocol: &mapcheck_typeck::SyncProto,
    options: &Options,
) -> Diagnostic {
    let fixed = &options.fixed;
    let mut given = Vec::new();
    let dims = |d: [i128; 3]| format!("({}, {}, {})", d[0], d[1], d[2]);
    if let Some(b) = fixed.block {
        given.push(format!("blockDim = {}", dims(b)));
    }
    if let Some(g) = fixed.grid {
        given.push(format!("gridDim = {}", dims(g)));
    }
    given.extend(fixed.params.iter().map(|(p, v)| format!("{p} = {v}")));
    let with = if given.is_empty() {
        String::new()
    } else {
        format!(" with {}", given.join(", "))
    };
    let mut d = Diagnostic::error(format!(
        "kernel `{}`: no launch satisfies its preconditions{with}",
        kernel.name.name
    ))
    .with_primary(kernel.name.span, "this kernel has no run to check");
    for cond in mapcheck_smt::query::top_assumes(protocol) {
        d = d.with_secondary(cond.span, "a precondition");
    }
    d.with_help(
        "CUDA refuses such a launch, and a verdict on it would be vacuous: give a geometry and parameters the preconditions allow (`mapcheck run` names the one that fails)",
    )
}

/// A bar on standard error over the `kernels` of `inputs` inputs, shown only when standard
/// error is a terminal (never in tests or pipes, where it would be noise) and there are
/// several inputs or enough kernels in one to wait for.
fn progress_bar(inputs: usize, kernels: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if (inputs < 2 && kernels < PROGRESS_KERNELS) || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(kernels as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} kernels, {elapsed}")
    {
        bar.set_style(style);
    }
    bar
}

/// The table after the reports of several inputs: kernels by verdict and class, and the inputs
/// that could not be checked.
fn summary(doc: &Document, inputs: usize, out: &mut dyn Write) {
    use std::collections::BTreeSet;
    let classes = ["exact", "data-dependent"];
    let verdicts = ["drf", "racy", "possibly-racy", "unknown"];
    let count = |verdict: &str, class: &str| {
        doc.kernels
            .iter()
            .filter(|k| k.verdict.name() == verdict && k.class.to_string() == class)
            .count()
    };
    let failed: BTreeSet<&str> = doc.errors.iter().map(|e| e.file.as_str()).collect();
    let _ = writeln!(
        out,
        "\nsummary: {} kernel(s) of {inputs} input(s)",
        doc.kernels.len()
    );
    let _ = writeln!(
        out,
        "  {:<15}{:>8}{:>16}",
        "verdict", classes[0], classes[1]
    );
    for v in verdicts {
        let _ = writeln!(
            out,
            "  {v:<15}{:>8}{:>16}",
            count(v, classes[0]),
            count(v, classes[1])
        );
    }
    if !failed.is_empty() {
        let _ = writeln!(out, "  inputs with errors: {}", failed.len());
    }
}

/// Flags that do not fit the inputs: a `-p` no kernel has, a `--kernel` no file defines,
/// geometry beyond CUDA's limits (SPEC §3).
fn command_line_problems(args: &CheckArgs, loaded: &[Loaded]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let kernels: Vec<&Kernel> = loaded
        .iter()
        .filter_map(|l| match l {
            Loaded::Parsed { program, .. } => {
                Some(selected(program, args.common.kernel.as_deref()))
            }
            Loaded::Failed { .. } => None,
        })
        .flatten()
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
                .any(|k| k.params.iter().any(|p| names::is_param(k, p, param)))
            {
                let known: Vec<String> = kernels
                    .iter()
                    .flat_map(|k| {
                        (k.params.iter()).map(move |p| format!("`{}`", names::param_name(k, p)))
                    })
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
    problems.extend(params_out_of_range(
        &kernels,
        &args.common.params,
        args.common.arith.unwrap_or_default(),
    ));
    problems
}

/// An error for each `-p NAME=VALUE` outside the type of a parameter of that name of one of
/// `kernels` (a natural given a negative value, an `i32` given 2^31): deciding or running the
/// kernel with it would speak of runs that no launch has.
pub fn params_out_of_range(
    kernels: &[&Kernel],
    params: &[(String, i128)],
    arith: mapcheck_core::Arith,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (name, value) in params {
        let declared = kernels
            .iter()
            .flat_map(|k| k.params.iter().map(move |p| (k, p)))
            .filter(|(k, p)| names::is_param(k, p, name));
        for (k, p) in declared {
            let (lo, hi) = p.ty.range(arith);
            if *value < lo || *value > hi {
                problems.push(
                    Diagnostic::error(format!(
                        "parameter `{name}` of kernel `{}` is `{}`: {value} is outside {lo}..={hi}",
                        k.name.name, p.ty
                    ))
                    .with_help(format!("give `-p {name}=V` with V from {lo} to {hi}")),
                );
            }
        }
    }
    problems
}

fn finish(args: &CheckArgs, doc: &Document, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if args.emit.is_none() {
        match args.report_format() {
            Format::Human => {}
            Format::Json => {
                let _ = serde_json::to_writer_pretty(&mut *out, doc);
                let _ = writeln!(out);
            }
            Format::Sarif => {
                let _ = serde_json::to_writer_pretty(&mut *out, &crate::sarif::sarif(doc));
                let _ = writeln!(out);
            }
        }
    }
    if let Some(path) = args.sarif.as_ref().filter(|_| args.emit.is_none()) {
        let written = serde_json::to_string_pretty(&crate::sarif::sarif(doc))
            .map_err(|e| e.to_string())
            .and_then(|text| std::fs::write(path, text + "\n").map_err(|e| e.to_string()));
        if let Err(e) = written {
            let _ = writeln!(err, "error: cannot write {}: {e}", path.display());
            return 2;
        }
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

/// The analysis options the flags of `mapcheck check` give (`-p`, the geometry, `--arith`,
/// `--timeout`), before an input adds its own ([`options_for`]).
// The update below sets `Options::mutation`, a field only in builds with map-smt's
// `mutation` feature (those of the test crate); elsewhere it updates nothing.
#[allow(clippy::needless_update)]
pub fn options(args: &CheckArgs) -> Options {
    Options {
        arith: args.common.arith.unwrap_or_default(),
        // Set for `.cu` inputs only, by `options_for`.
        c_words: args.common.arith.is_none(),
        fixed: Fixed {
            params: args.common.params.iter().cloned().collect(),
            block: args.common.block_dim.map(input::dims),
            grid: args.common.grid_dim.map(input::dims),
        },
        limits: Limits {
            deadline: deadline(args.timeout),
            ..Limits::default()
        },
        unknowns_approximate: false,
        // Set for `.cu` inputs only, by `options_for`.
        conventions: !args.any_launch,
        races: match (args.strict, args.benign) {
            (true, _) => mapcheck_smt::Races::Strict,
            (false, true) => mapcheck_smt::Races::Benign,
            // Resolved by the input's language, in `options_for`.
            (false, false) => mapcheck_smt::Races::Convention,
        },
        warp_sync: args.warp_sync,
        warp_size: args.warp_size,
        // The deliberate defects of the `mutation` feature (a test build's): none.
        ..Options::default()
    }
}

/// The end of a run started now that `--timeout SECONDS` limits (none without it; a limit too
/// large for the clock is none).
pub fn deadline(timeout: Option<f64>) -> Option<Instant> {
    let seconds = std::time::Duration::try_from_secs_f64(timeout?.max(0.0)).ok()?;
    Instant::now().checked_add(seconds)
}

/// The analysis options for one loaded input: `base` (the caller's: the command line's
/// flags, the solver's limits), with the geometry of a CUDA file's GPUVerify header where `base`
/// leaves it open, and a CUDA file's `let x = ?` read as values the front end could not follow.
pub fn options_for(base: &Options, source: &SourceFile) -> Options {
    Options {
        fixed: input::fixed_for(&base.fixed, source),
        unknowns_approximate: source.is_cuda(),
        c_words: base.c_words && source.is_cuda(),
        conventions: base.conventions && source.is_cuda(),
        gpu_atomics: source.is_cuda(),
        // The command line's `--warp-sync` wins over the header's.
        warp_sync: base.warp_sync.or(source.header_warp_sync),
        races: races_for(base.races, source),
        ..base.clone()
    }
}

/// The definition of a race for `source` (SPEC §7): the command line's `--strict` or
/// `--benign`, else the language's convention — the paper's strict races for `.bcu`, CUDA's
/// benign races for `.cu`.
pub fn races_for(chosen: mapcheck_smt::Races, source: &SourceFile) -> mapcheck_smt::Races {
    match chosen {
        mapcheck_smt::Races::Convention if source.is_cuda() => mapcheck_smt::Races::Benign,
        mapcheck_smt::Races::Convention => mapcheck_smt::Races::Strict,
        chosen => chosen,
    }
}

/// The kernels of `program` named `kernel` (all of them when it is `None`).
pub fn selected<'a, 'k>(
    program: &'a Program,
    kernel: Option<&'k str>,
) -> impl Iterator<Item = &'a Kernel> + use<'a, 'k> {
    program
        .kernels
        .iter()
        .filter(move |k| kernel.is_none_or(|name| name == k.name.name))
}

/// What to decide, and how: the caller's side of [`check_file`].
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The analysis options before the input adds its own ([`options_for`]): the arithmetic,
    /// fixed parameters and geometry, the solver's limits.
    pub analysis: Options,
    /// Only the kernel of this name (`--kernel`); all when `None`.
    pub kernel: Option<String>,
    /// Whether a kernel proven clean is examined for redundant barriers: advice, which never
    /// changes a verdict or the exit code, and costs a few solver queries per barrier. The
    /// command line always gives it.
    pub advice: bool,
}

impl CheckOptions {
    /// Every kernel, decided with `analysis`, with advice (as `mapcheck FILE`).
    pub fn new(analysis: Options) -> CheckOptions {
        CheckOptions {
            analysis,
            kernel: None,
            advice: true,
        }
    }
}

/// `mapcheck FILE` on one loaded input, without the printing: each kernel of `program` that
/// `settings` select, decided with the options [`options_for`] gives the input, one at a time
/// as the iterator is advanced (the command prints each before deciding the next).
pub fn check_file<'a>(
    source: &'a SourceFile,
    program: &'a Program,
    settings: &CheckOptions,
) -> impl Iterator<Item = Decided<'a>> + 'a {
    let options = options_for(&settings.analysis, source);
    let advice = settings.advice;
    let kernels: Vec<&'a Kernel> = selected(program, settings.kernel.as_deref()).collect();
    kernels
        .into_iter()
        .map(move |k| decide(k, source, &options, advice))
}

/// One kernel decided: what the type checker said, the decision (advice included), and the
/// report of both.
#[derive(Debug)]
pub struct Decided<'a> {
    pub kernel: &'a Kernel,
    pub checked: Checked,
    pub decision: Decision,
    pub report: KernelReport,
    /// Solver queries the advice on redundant barriers ran (none without advice).
    pub advice_queries: usize,
    /// The launch conventions the verdict assumes (SPEC §8), when it assumes any.
    pub launch: Option<mapcheck_smt::launch::Launch>,
}

/// Types and decides `kernel` of `source` with `options` as they are (see [`options_for`]),
/// then, with `advice`, looks for redundant barriers, whose advice is appended to the findings.
pub fn decide<'a>(
    kernel: &'a Kernel,
    source: &SourceFile,
    options: &Options,
    advice: bool,
) -> Decided<'a> {
    let started = Instant::now();
    // `-p` names a CUDA kernel's parameters as its source does; the decision reads core names.
    let options = &names::with_core_params(kernel, options);
    let (options, checked, mut decision, undecided_in) = decide_in_theories(kernel, options);
    let options = &options;
    // Advice comes after the defects it never coexists with: only a DRF kernel free of
    // divergence is examined for redundant barriers, and they leave the verdict as it is.
    let mut advice_queries = 0;
    if advice {
        let advice = mapcheck_smt::redundant::advise(kernel, &checked, &decision, options);
        decision.findings.extend(advice.findings);
        advice_queries = advice.queries;
    }
    // The real bug first (issue 35): defects before advice, and among each the proven, then
    // the confirmed, then the potential ones. Within each class, races and divergence before
    // indices out of bounds (the verdict is about races, and an index out of bounds often only
    // says that the check allowed a launch larger than the code is written for), each in source
    // order (thread A's location, then thread B's), the decision's order between findings at
    // the same places. JSON, SARIF and HTML list the findings in this order too.
    decision.findings.sort_by_key(|f| {
        let advice = matches!(
            f.kind,
            mapcheck_smt::Kind::BenignRace | mapcheck_smt::Kind::RedundantBarrier
        );
        let bounds = f.kind == mapcheck_smt::Kind::OutOfBounds;
        let place = |i: usize| f.locations.get(i).map(|s| (s.start, s.end));
        (advice, f.certainty, bounds, place(0), place(1))
    });
    let time_ms = started.elapsed().as_millis() as u64;
    let launch = launch_assumptions(&checked, &decision, options);
    let mechanised = (checked.class == mapcheck_typeck::Class::Exact)
        .then(|| mechanised(kernel, &checked, &decision, options));
    let words = crate::names::Words::new(kernel, source);
    let report = KernelReport {
        file: source.name.clone(),
        language: source.language,
        name: kernel.name.name.clone(),
        location: crate::report::Location::new(source, kernel.name.span),
        class: checked.class,
        verdict: decision.verdict,
        arith: options.arith.name().to_string(),
        undecided_in: undecided_in.map(|a| a.name().to_string()),
        reasons: checked
            .reasons
            .iter()
            .map(|r| ReasonReport::new(source, &words, r))
            .collect(),
        findings: decision
            .findings
            .iter()
            .map(|f| FindingReport::new(source, kernel, f))
            .collect(),
        approximate: decision.approximate,
        assumptions: launch.map(|l| l.describe()).unwrap_or_default(),
        mechanised: matches!(mechanised, Some(Ok(()))),
        not_mechanised: mechanised.and_then(Result::err),
        undecided: undecided(&decision).cloned().collect(),
        time_ms,
        internal_errors: decision
            .findings
            .iter()
            .filter_map(|f| f.internal_error.as_ref().map(crate::show::internal_error))
            .collect(),
        defects: Defects::of(&decision),
    };
    Decided {
        kernel,
        checked,
        decision,
        report,
        advice_queries,
        launch,
    }
}

/// The launch conventions `options` make for the kernel typed as `checked` (SPEC §8), in
/// CUDA's words: what the verdict assumes of the launch.
fn launch_assumptions(
    checked: &Checked,
    decision: &Decision,
    options: &Options,
) -> Option<mapcheck_smt::launch::Launch> {
    let options = &decision.options(options);
    let mut launch = mapcheck_smt::launch::Launch::of_map(&checked.protocol, options);
    launch.counters = decision.assumes_counters;
    launch.assumes_anything().then_some(launch)
}

/// `options` for `kernel` in the first arithmetic [`decide`] tries (see
/// [`mapcheck_smt::theories`]): what `--emit`, `bench` and `fix` use.
pub fn first_theory(kernel: &Kernel, options: &Options) -> Options {
    let (_, plan) = plan(kernel, options);
    Options {
        arith: plan.first().copied().unwrap_or(options.arith),
        c_words: false,
        ..options.clone()
    }
}

/// The arithmetics to decide `kernel` in, in order, and (for C's integers, which choose by
/// it) its typing in `int`.
fn plan(kernel: &Kernel, options: &Options) -> (Option<Checked>, Vec<mapcheck_core::Arith>) {
    if !options.c_words {
        return (None, vec![options.arith]);
    }
    let typing = mapcheck_typeck::check(kernel, mapcheck_core::Arith::Int);
    let plan = mapcheck_smt::theories(kernel, &typing, options);
    (Some(typing), plan)
}

/// Types and decides `kernel` in each arithmetic of [`mapcheck_smt::theories`] until one
/// leaves no query undecided: the options of the answer kept (the one with the fewest
/// undecided queries, the first on a tie), its typing and decision, and the arithmetic tried
/// before it that was undecided.
fn decide_in_theories(
    kernel: &Kernel,
    options: &Options,
) -> (Options, Checked, Decision, Option<mapcheck_core::Arith>) {
    let (int_typing, plan) = plan(kernel, options);
    let run = |arith| {
        let here = Options {
            arith,
            c_words: false,
            ..options.clone()
        };
        let checked = match &int_typing {
            Some(typing) if arith == mapcheck_core::Arith::Int => typing.clone(),
            _ => mapcheck_typeck::check(kernel, arith),
        };
        let decision = mapcheck_smt::decide(kernel, &checked, &here);
        (here, checked, decision)
    };
    let mut plan = plan.into_iter();
    let mut best = run(plan.next().unwrap_or(options.arith));
    let mut undecided_in = None;
    for arith in plan {
        let open = undecided(&best.2).count();
        if open == 0 {
            break;
        }
        let next = run(arith);
        if undecided(&next.2).count() < open {
            undecided_in = Some(best.0.arith);
            best = next;
        }
    }
    let (options, checked, decision) = best;
    (options, checked, decision, undecided_in)
}

/// Whether an exact kernel's verdict carries the `mechanised` certificate (SPEC §7), or why
/// not: (a) the verdict is one the mechanised theorems speak about (`papers/proofs.md` §6) —
/// the core language, not the CUDA lowering (`unknowns_approximate` marks a lowered kernel),
/// not lockstep warps, not `syncwarp` (the Coq model has no warps), not a phase split that
/// over-approximated, races counted strictly (the Coq model's `racy` knows no benign race), no
/// barrier-divergence finding (such a kernel has no run in the Coq semantics, so Theorem 1 is
/// vacuous for it), every loop terminating (a loop without a big-step run has none either);
/// and (b) Coq's extracted checker typed this kernel as mapcheck did ([`crate::coq::certify`]).
fn mechanised(
    kernel: &Kernel,
    checked: &Checked,
    decision: &Decision,
    options: &Options,
) -> Result<(), String> {
    let refuse = |why: &str| Err(why.to_string());
    if options.unknowns_approximate {
        return refuse("a lowered CUDA kernel: the lowering is tested, not proved");
    }
    if decision.approximate {
        return refuse("the phase split over-approximated the kernel");
    }
    if options.warp_sync.is_some() || checked.protocol.body.has_syncwarp() {
        return refuse("warps: the Coq model has no warps");
    }
    if !options.strict() {
        return refuse("benign races classified (`--benign`): the Coq model's races are strict");
    }
    if (decision.findings.iter()).any(|f| f.kind == mapcheck_smt::Kind::OutOfBounds) {
        return refuse("an out-of-bounds finding: the Coq model's arrays have no bounds");
    }
    if (decision.findings.iter()).any(|f| f.kind == mapcheck_smt::Kind::BarrierDivergence) {
        return refuse("a barrier-divergence finding: such a kernel has no run in the Coq model");
    }
    if !every_loop_moves(kernel, options.arith) {
        return refuse("a loop that may not terminate: the theorems speak about terminating runs");
    }
    crate::coq::certify(kernel, checked).map_err(|e| e.to_string())
}

/// Whether every loop of `kernel` terminates whatever the parameters, as the theorems'
/// big-step runs need: a unit stride (termination proved in every arithmetic); in `int`, a
/// literal additive step of at least 1, or a multiplicative one (`*k`, `<<k`) from a literal
/// start of at least 1; a dividing step (`/k`, `>>k`) down to a literal bound of at least 0.
/// A symbolic step may be 0, a multiplicative one from 0 stays at 0, and a word may wrap past
/// the bound: such a loop may have no run.
fn every_loop_moves(kernel: &Kernel, arith: mapcheck_core::Arith) -> bool {
    use mapcheck_core::ast::{ExprKind, StepOp, StmtKind};
    let literal =
        |e: &mapcheck_core::ast::Expr, least: i64| matches!(e.kind, ExprKind::Int(k) if k >= least);
    let int = arith == mapcheck_core::Arith::Int;
    let mut moves = true;
    kernel.body.walk(&mut |stmt| {
        if let StmtKind::For { range, .. } = &stmt.kind {
            let amount = &range.step.amount;
            moves &= range.is_unit_stride()
                || match range.step.op {
                    StepOp::Add | StepOp::Sub => int && literal(amount, 1),
                    StepOp::Mul => int && literal(amount, 2) && literal(&range.start, 1),
                    StepOp::Shl => int && literal(amount, 1) && literal(&range.start, 1),
                    StepOp::Div => literal(amount, 2) && literal(&range.bound, 0),
                    StepOp::Shr => literal(amount, 1) && literal(&range.bound, 0),
                };
        }
    });
    moves
}

/// The race, divergence and out-of-bounds queries the solver could not decide.
fn undecided(decision: &Decision) -> impl Iterator<Item = &String> {
    decision
        .undecided_races
        .iter()
        .chain(&decision.undecided_divergence)
        .chain(&decision.undecided_bounds)
}

/// How much of a kernel's human report to print, and the flags its replay commands repeat.
struct HowToPrint {
    /// The verdict line alone (`--quiet`).
    quiet: bool,
    /// Every data-dependence warning and benign race in full (`--verbose`).
    verbose: bool,
    replay: crate::guide::ReplayFlags,
}

impl Decided<'_> {
    /// The human report: the verdict line, the data-dependence reasons (one note unless
    /// `verbose`), each finding with its witness and what to do about it (defects first, the
    /// order of [`decide`]; a benign race in one line unless `verbose`), the undecided queries.
    fn print(&self, source: &SourceFile, style: Style, how: &HowToPrint, out: &mut dyn Write) {
        let quiet = how.quiet;
        // The arithmetic is named when C's integers chose other than `int`, or had to retry.
        let arith = match (&self.report.undecided_in, self.report.arith.as_str()) {
            (Some(first), arith) => format!("; in {arith}, undecided in {first}"),
            (None, "bv64") => "; in 64-bit words".to_string(),
            _ => String::new(),
        };
        // A kernel race free only because its races store equal values says so up front.
        let benign = self
            .decision
            .findings
            .iter()
            .filter(|f| f.kind == mapcheck_smt::Kind::BenignRace)
            .count();
        let benign = match (self.decision.verdict, benign) {
            (mapcheck_smt::Verdict::Drf, 1) => "; its one race is benign".to_string(),
            (mapcheck_smt::Verdict::Drf, n) if n > 1 => format!("; its {n} races are benign"),
            _ => String::new(),
        };
        // The JSON's `approximate`: the phase split's over-approximation is named where the
        // verdict is, not only in the notes of the findings it left unreplayed.
        let approximate = if self.decision.approximate {
            "; approximate phase split"
        } else {
            ""
        };
        // Races are decided among the accesses that stay in bounds: a kernel with accesses
        // out of bounds says so where its verdict is (`unknown`, not `drf`).
        let out_of_bounds = self
            .decision
            .findings
            .iter()
            .filter(|f| f.kind == mapcheck_smt::Kind::OutOfBounds)
            .count();
        let benign = match out_of_bounds {
            0 => benign,
            1 => format!("{benign}; an access out of bounds"),
            n => format!("{benign}; {n} accesses out of bounds"),
        };
        // The verdict is about data races (SPEC §7); a barrier divergence is the other
        // defect, and a `drf` beside one must not read as a clean bill (`-q` prints this line
        // alone).
        let divergence = self
            .decision
            .findings
            .iter()
            .filter(|f| f.kind == mapcheck_smt::Kind::BarrierDivergence)
            .map(|f| f.certainty)
            .min();
        let divergence = match divergence {
            None => "",
            Some(mapcheck_smt::Certainty::Potential) => ", and possible barrier divergence",
            Some(_) => ", and barrier divergence",
        };
        let _ = writeln!(
            out,
            "{}: kernel `{}`: {} ({}{}{approximate}{arith}{benign}){divergence}",
            source.name,
            self.kernel.name.name,
            self.decision.verdict.name(),
            self.checked.class,
            if self.report.mechanised {
                ", mechanised"
            } else {
                ""
            }
        );
        if quiet {
            return;
        }
        if let Some(launch) = &self.launch {
            let _ = writeln!(
                out,
                "  assuming the launch the code is written for: {} (`--any-launch` checks every \
                 launch; `--block-dim`/`--grid-dim` fix it)",
                launch.summary()
            );
        }
        let words = crate::names::Words::new(self.kernel, source);
        if how.verbose {
            for reason in self.checked.diagnostics() {
                let reason = words.diagnostic(&reason);
                let _ = render::render(&reason, &source.name, Some(source), style, out);
            }
        } else {
            // A data-dependent kernel can have dozens of such uses, each a block of source:
            // they would bury the findings, which are what the reader came for (issue 35).
            let _ = out.write_all(
                show::reasons_note(&self.checked.diagnostics(), source, &words).as_bytes(),
            );
        }
        for f in &self.decision.findings {
            if f.kind == mapcheck_smt::Kind::BenignRace && !how.verbose {
                let _ = out.write_all(show::benign_line(f, source, &words).as_bytes());
                continue;
            }
            let _ = show::finding(f, source, self.kernel, style, out);
            let steps = crate::guide::next_steps(
                f,
                source,
                &words,
                &self.kernel.name.name,
                &self.report.arith,
                &how.replay,
            );
            let _ = out.write_all(steps.as_bytes());
        }
        for why in undecided(&self.decision) {
            let _ = writeln!(out, "  a solver query was undecided: {why}");
        }
    }
}
