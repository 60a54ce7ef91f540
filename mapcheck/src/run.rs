//! `mapcheck run FILE --block-dim X[,Y,Z] ...` (SPEC §7): run the reference interpreter on one
//! concrete configuration and show what it observed — the history per phase, the races and the
//! barrier divergence — as text or as one JSON document.
//!
//! Exit code: 2 if the file could not be loaded or some kernel could not be run (a missing
//! parameter, a false `assume`, bad geometry, the step budget), else 1 if some run observed a
//! race or a divergence, else 0. Every selected kernel of the file is run with the same flags;
//! a `-p` parameter is given to the kernels that declare it.

use crate::cli::RunArgs;
use crate::input::{self, Loaded, SourceFile};
use crate::names::Words;
use crate::render::{self, Style};
use crate::report::{ErrorReport, SCHEMA};
use crate::run_report::{self as doc, nums, Num};
use mapcheck_core::ast::Kernel;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::interp::{
    self, BarrierEvent, Config, Event, EventKind, PhaseName, RaceScope, RandomMemory,
    RandomUnknowns, Reached, Run, ZeroMemory, ZeroUnknowns,
};
use mapcheck_core::{Arith, Span, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

/// `--init`: where the initial array contents and the values of `let x = ?;` come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Init {
    Zero,
    Random(u64),
}

/// An `--init` that is neither `zero` nor `random:SEED`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown `--init {0}`: expected `zero` or `random:SEED`")]
struct UnknownInit(String);

impl Init {
    fn parse(text: &str) -> Result<Init, UnknownInit> {
        match text {
            "zero" => Ok(Init::Zero),
            _ => text
                .strip_prefix("random:")
                .and_then(|seed| seed.parse().ok())
                .map(Init::Random)
                .ok_or_else(|| UnknownInit(text.to_string())),
        }
    }

    fn name(self) -> String {
        match self {
            Init::Zero => "zero".into(),
            Init::Random(seed) => format!("random:{seed}"),
        }
    }
}

/// Everything `run` reports, gathered before printing so JSON and text say the same.
struct Outcome<'a> {
    file: &'a SourceFile,
    kernel: &'a Kernel,
    params: BTreeMap<String, Value>,
    run: Run,
}

pub fn run(args: &RunArgs, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let json = args.json;
    let mut errors = Vec::new();
    // Reports an input error now (as text) or later (in the JSON document).
    let fail = |d: Diagnostic,
                name: &str,
                file: Option<&SourceFile>,
                err: &mut dyn Write,
                errors: &mut Vec<ErrorReport>| {
        if !json {
            let _ = render::render(&d, name, file, style, err);
        }
        errors.push(ErrorReport::new(name, file, &d));
    };

    // A CUDA file is read as `check` reads it: with the `-D` flags, and with the geometry of
    // its GPUVerify header where the command line gives none (the lowering bakes the
    // geometry into the kernel, so the run must use the same).
    let load_options = input::LoadOptions::of(&args.common);
    let loaded = input::load_with(&args.file, &load_options);
    let (file, program) = match &loaded {
        Loaded::Parsed {
            source,
            program,
            errors: failed,
        } => {
            for e in input::item_errors_for(failed, args.common.kernel.as_deref()) {
                if !json {
                    let _ = render::render(&e.diagnostic, &source.name, Some(source), style, err);
                }
                let report = ErrorReport::new(&source.name, Some(source), &e.diagnostic);
                errors.push(report.in_kernel(e.kernel.as_deref()));
            }
            (source, program)
        }
        Loaded::Failed {
            name,
            source,
            diagnostics,
        } => {
            for d in diagnostics {
                fail(d.clone(), name, source.as_ref(), err, &mut errors);
            }
            return finish(json, Vec::new(), &errors, out);
        }
    };
    let mut args = args.clone();
    args.common.block_dim = args.common.block_dim.or(file.header_block_dim);
    args.common.grid_dim = args.common.grid_dim.or(file.header_grid_dim);
    // A `.cu` kernel runs in C's machine words: its lowering reduces narrower types itself.
    args.common.arith = Some(args.common.arith.unwrap_or(if file.is_cuda() {
        Arith::Bv64
    } else {
        Arith::Int
    }));
    // Races as `mapcheck check` counts them for this input (SPEC §7): strict for `.bcu`
    // unless `--benign`, benign for `.cu` unless `--strict`.
    args.strict = args.strict || (!file.is_cuda() && !args.benign);
    let args = &args;
    let arith = args.common.arith.unwrap_or_default();
    // Errors of kernels that failed to lower are reported and the others still run; the
    // problems found from here on stop the run.
    let load_errors = errors.len();
    let init = match Init::parse(&args.init) {
        Ok(init) => init,
        Err(e) => {
            fail(
                Diagnostic::error(e.to_string()),
                &file.name,
                None,
                err,
                &mut errors,
            );
            return finish(json, Vec::new(), &errors, out);
        }
    };
    let Some(block_dim) = args.common.block_dim else {
        let d = Diagnostic::error("`mapcheck run` needs the block geometry")
            .with_help("give it with `--block-dim X[,Y,Z]`");
        fail(d, &file.name, None, err, &mut errors);
        return finish(json, Vec::new(), &errors, out);
    };
    let grid_dim = args.common.grid_dim.unwrap_or([1, 1, 1]);

    let kernels: Vec<&Kernel> = program
        .kernels
        .iter()
        .filter(|k| {
            args.common
                .kernel
                .as_ref()
                .is_none_or(|n| *n == k.name.name)
        })
        .collect();
    if kernels.is_empty() {
        // The kernel may be one that failed to lower: its errors say so already.
        if load_errors == 0 {
            let name = args.common.kernel.as_deref().unwrap_or_default();
            let d = Diagnostic::error(format!("no kernel named `{name}` in the input"));
            fail(d, &file.name, None, err, &mut errors);
        }
        return finish(json, Vec::new(), &errors, out);
    }
    // A parameter no selected kernel declares is a typo, not something to ignore (unless a
    // kernel that failed to lower might declare it).
    for (name, _) in args.common.params.iter().filter(|_| load_errors == 0) {
        if !kernels
            .iter()
            .any(|k| k.params.iter().any(|p| crate::names::is_param(k, p, name)))
        {
            // A pointer parameter is an array of the kernel, not a number `-p` can give.
            let array = kernels.iter().any(|k| {
                (k.arrays.iter())
                    .any(|a| k.names.get(&a.name.name).map_or(&a.name.name, |s| &s.name) == name)
            });
            let d = if array {
                Diagnostic::error(format!(
                    "`{name}` is memory the kernel reads or writes (a pointer or an array), not a number `-p` can give"
                ))
                .with_help("its contents are given by `--init zero` or `--init random:SEED`")
            } else {
                Diagnostic::error(format!("no kernel here has a parameter `{name}`"))
                    .with_help("check the spelling, or pick the kernel with `--kernel NAME`")
            };
            fail(d, &file.name, None, err, &mut errors);
        }
    }
    for d in crate::check::params_out_of_range(&kernels, &args.common.params, arith) {
        fail(d, &file.name, None, err, &mut errors);
    }
    if errors.len() > load_errors {
        return finish(json, Vec::new(), &errors, out);
    }

    let memory: Box<dyn interp::InitialMemory> = match init {
        Init::Zero => Box::new(ZeroMemory),
        Init::Random(seed) => Box::new(RandomMemory { seed }),
    };
    let unknowns: Box<dyn interp::UnknownSource> = match init {
        Init::Zero => Box::new(ZeroUnknowns),
        Init::Random(seed) => Box::new(RandomUnknowns { seed }),
    };
    let mut outcomes = Vec::new();
    for kernel in kernels {
        let params: BTreeMap<String, Value> = args
            .common
            .params
            .iter()
            .filter(|(name, _)| {
                (kernel.params.iter()).any(|p| crate::names::is_param(kernel, p, name))
            })
            .cloned()
            .collect();
        // Per dimension, as CUDA launches it: a `.cu` kernel reads `threadIdx.y` and the like.
        let mut config = Config::with_dims(input::dims(block_dim), input::dims(grid_dim))
            .with_arith(arith)
            .with_warp_sync(args.warp_sync.or(file.header_warp_sync))
            .with_warp_size(args.warp_size)
            .with_memory(memory.as_ref())
            .with_unknowns(unknowns.as_ref());
        // The interpreter reads the core's names (`-p in=2` sets the core's `in_1`).
        config.params = crate::names::core_params(kernel, &params);
        match interp::run(kernel, &config) {
            Ok(run) => outcomes.push(Outcome {
                file,
                kernel,
                params,
                run,
            }),
            Err(e) => {
                let d = e.to_diagnostic();
                let d = Diagnostic {
                    message: format!("kernel `{}`: {}", kernel.name.name, d.message),
                    ..d
                };
                fail(d, &file.name, Some(file), err, &mut errors);
            }
        }
    }

    if let (Some(path), false) = (&args.html, outcomes.is_empty()) {
        let page = html_page(&outcomes, args, block_dim, grid_dim, init);
        if let Err(e) = std::fs::write(path, page) {
            let d = Diagnostic::error(format!("cannot write `{}`: {e}", path.display()));
            fail(d, &file.name, None, err, &mut errors);
        }
    }
    if json {
        let runs = outcomes
            .iter()
            .map(|o| run_json(o, args, block_dim, grid_dim, init))
            .collect();
        finish(true, runs, &errors, out);
        return exit_code(&outcomes, &errors, args.strict);
    }
    for o in &outcomes {
        let _ = print_run(o, args, (block_dim, grid_dim), init, out);
    }
    exit_code(&outcomes, &errors, args.strict)
}

/// SPEC §7's exit code of runs: 1 for a data race or barrier divergence, where a write-write
/// race whose two threads stored the same value is benign (advice) unless `strict`, as for
/// `mapcheck check`.
fn exit_code(outcomes: &[Outcome<'_>], errors: &[ErrorReport], strict: bool) -> u8 {
    let defect = |o: &Outcome<'_>| !o.run.is_aligned() || !drf(&o.run, strict);
    if !errors.is_empty() {
        2
    } else if outcomes.iter().any(defect) {
        1
    } else {
        0
    }
}

/// Ends a run that printed its text already, or prints the JSON document; the exit code of
/// input errors (the runs' own is [`exit_code`]'s).
fn finish(
    json: bool,
    runs: Vec<doc::RunReport>,
    errors: &[ErrorReport],
    out: &mut dyn Write,
) -> u8 {
    if json {
        let document = doc::Document {
            schema: SCHEMA,
            version: crate::report::VERSION,
            runs,
            errors: errors.to_vec(),
        };
        // Through a `serde_json::Value`, whose objects keep their keys sorted: the document's
        // keys have always been printed in that order.
        if let Ok(value) = serde_json::to_value(&document) {
            let _ = serde_json::to_writer_pretty(&mut *out, &value);
            let _ = writeln!(out);
        }
    }
    if errors.is_empty() {
        0
    } else {
        2
    }
}

/// `line:column` of a span.
fn at(file: &SourceFile, span: Span) -> String {
    file.at(span)
}

fn cell(array: &str, index: &[Value]) -> String {
    let mut s = array.to_string();
    for i in index {
        let _ = write!(s, "[{i}]");
    }
    s
}

fn phase_title(file: &SourceFile, words: &Words, name: &PhaseName) -> String {
    match name {
        PhaseName::Barrier(event) => {
            let mut s = format!(
                "ends at {} #{} ({})",
                barrier_word(words, event.warp),
                event.sync,
                at(file, event.span)
            );
            for (var, value) in &event.iters {
                let _ = write!(s, ", {} = {value}", words.name(var));
            }
            s
        }
        PhaseName::End => "ends at the end of the kernel".into(),
        PhaseName::Diverged => "cut short by barrier divergence".into(),
    }
}

/// A barrier as the kernel's language writes it: `sync`, or CUDA's `__syncthreads()`.
pub(crate) fn barrier_word(words: &Words, warp: bool) -> &'static str {
    match (words.is_cuda(), warp) {
        (true, false) => "__syncthreads()",
        (true, true) => "__syncwarp()",
        (false, false) => "sync",
        (false, true) => "syncwarp",
    }
}

fn event_text(o: &Outcome<'_>, w: &RunWords, e: &Event) -> String {
    let target = w.cell(o, o.run.array_name(&e.cell), &e.cell.index);
    let what = match e.kind {
        EventKind::Read { value } => format!("read {target} = {value}"),
        EventKind::Write { value } => format!("write {target} := {value}"),
        EventKind::Atomic {
            op,
            operand,
            old,
            new,
        } => format!("atomic {target} {} {operand}: {old} -> {new}", op.symbol()),
    };
    format!("{what} @{}", at(o.file, e.span))
}

pub(crate) fn reached_text(file: &SourceFile, words: &Words, reached: &Reached) -> String {
    match reached {
        Reached::End => "finished the kernel".into(),
        Reached::Barrier(event) => {
            let keyword = barrier_word(words, event.warp);
            let mut s = format!(
                "waits at {keyword} #{} ({})",
                event.sync,
                at(file, event.span)
            );
            if !event.iters.is_empty() {
                let iters: Vec<String> = event
                    .iters
                    .iter()
                    .map(|(var, value)| format!("{} = {value}", words.name(var)))
                    .collect();
                let _ = write!(s, " in iteration {}", iters.join(", "));
            }
            s
        }
    }
}

/// Names of the run of one kernel in its source's words: a CUDA kernel's threads and blocks
/// by `threadIdx` and `blockIdx`, its cells as declared, its names as the source's
/// ([`Words`]); a `.bcu` kernel's as the core has them.
struct RunWords {
    words: Words,
    /// `blockDim` and `gridDim`, for a CUDA kernel.
    dims: Option<([Value; 3], [Value; 3])>,
}

impl RunWords {
    fn new(o: &Outcome<'_>, (block, grid): ([u64; 3], [u64; 3])) -> RunWords {
        RunWords {
            words: Words::new(o.kernel, o.file),
            dims: o
                .file
                .is_cuda()
                .then(|| (block.map(Value::from), grid.map(Value::from))),
        }
    }

    /// A thread id (or, with `block`, a block id) as the kernel's language names it.
    fn id(&self, v: Value, block: bool) -> String {
        match self.dims {
            Some((b, g)) => {
                let [x, y, z] = mapcheck_core::geometry::components(v, if block { g } else { b });
                format!("({x}, {y}, {z})")
            }
            None => v.to_string(),
        }
    }

    /// The cell `index` of core array `array` of `o`'s kernel.
    fn cell(&self, o: &Outcome<'_>, array: &str, index: &[Value]) -> String {
        if self.dims.is_some() {
            crate::report::CellReport::new(o.kernel, array, index).text
        } else {
            cell(array, index)
        }
    }
}

fn print_run(
    o: &Outcome<'_>,
    args: &RunArgs,
    dims: ([u64; 3], [u64; 3]),
    init: Init,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let run = &o.run;
    let w = RunWords::new(o, dims);
    let mut setting = match w.dims {
        Some((b, g)) => format!(
            "blockDim = ({}, {}, {}), gridDim = ({}, {}, {})",
            b[0], b[1], b[2], g[0], g[1], g[2]
        ),
        None => format!(
            "ntid = {}, nbid = {}",
            run_geometry(args).0,
            run_geometry(args).1
        ),
    };
    for (name, value) in &o.params {
        let _ = write!(setting, ", {name} = {value}");
    }
    writeln!(
        out,
        "kernel `{}` ({}; init {}, arith {})",
        o.kernel.name.name,
        setting,
        init.name(),
        args.common.arith.unwrap_or_default()
    )?;
    for block in &run.blocks {
        writeln!(out, "block {}", w.id(block.bid, true))?;
        for (i, phase) in block.phases.iter().enumerate() {
            writeln!(
                out,
                "  phase {i}: {}",
                phase_title(o.file, &w.words, &phase.name)
            )?;
            if phase.threads.is_empty() {
                writeln!(out, "    (no array accesses)")?;
            }
            for thread in &phase.threads {
                let events: Vec<String> =
                    thread.events.iter().map(|e| event_text(o, &w, e)).collect();
                writeln!(
                    out,
                    "    thread {}: {}",
                    w.id(thread.tid, false),
                    events.join("; ")
                )?;
            }
        }
    }
    if run.dropped_events > 0 {
        writeln!(
            out,
            "(history cut: {} later accesses are not shown, but were checked for races)",
            run.dropped_events
        )?;
    }
    if run.races.is_empty() {
        writeln!(out, "no data race")?;
    } else {
        // Benign races are listed too (marked), under a heading that does not call them data
        // races when the result line does not.
        let heading = if drf(run, args.strict) {
            "races, all benign"
        } else {
            "data races"
        };
        writeln!(out, "{heading} ({}):", run.races.len())?;
        for race in &run.races {
            let scope = match &race.scope {
                RaceScope::Grid => "between blocks".to_string(),
                RaceScope::Phase(name) => {
                    format!("in phase `{}`", w.words.text(&name.to_string()))
                }
            };
            let side = |a: &interp::RacingAccess| {
                format!(
                    "{} by thread {} of block {} @{}",
                    a.kind.name(),
                    w.id(a.tid, false),
                    w.id(a.bid, true),
                    at(o.file, a.span)
                )
            };
            let more = match race.instances {
                1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            let benign = match (race.benign, args.strict) {
                (true, false) => " (benign: the two threads stored the same value)",
                (true, true) => " (the two threads stored the same value)",
                (false, _) => "",
            };
            writeln!(
                out,
                "  {}{benign} on `{}` {scope}: {} and {}{more}",
                race.kind,
                w.cell(o, &race.array, &race.cell),
                side(&race.first),
                side(&race.second),
            )?;
        }
    }
    for d in &run.divergences {
        writeln!(
            out,
            "barrier divergence in block {} (phase {}): thread {} {}, but thread {} {}",
            w.id(d.bid, true),
            w.words.text(&d.phase.to_string()),
            w.id(d.first.0, false),
            reached_text(o.file, &w.words, &d.first.1),
            w.id(d.second.0, false),
            reached_text(o.file, &w.words, &d.second.1)
        )?;
    }
    // Indices out of bounds (`Access::bounds`, notes/out-of-bounds.md), the first of each
    // place and dimension. The result line stays about races and divergence (SPEC §7's
    // `mapcheck run`); the access touched its flat cell, as the history shows.
    for b in &run.out_of_bounds {
        writeln!(
            out,
            "index out of bounds: thread {} of block {} indexes dimension {} with {}, outside 0..{} @{}",
            w.id(b.thread.tid, false),
            w.id(b.thread.bid, true),
            b.dim,
            b.index,
            b.extent,
            at(o.file, b.span)
        )?;
    }
    writeln!(out, "result: {}", verdict(run, args.strict))
}

/// Whether `run` observed no data race: none at all, or (unless `strict`) only benign ones,
/// whose two threads stored the same value — CUDA's convention for `.cu` (SPEC §7). The
/// result line, JSON's `drf` and the exit code all say this one thing.
fn drf(run: &Run, strict: bool) -> bool {
    run.races.iter().all(|r| !strict && r.benign)
}

fn verdict(run: &Run, strict: bool) -> &'static str {
    match (drf(run, strict), run.is_aligned()) {
        (true, true) => "drf",
        (false, true) => "racy",
        (true, false) => "divergent",
        (false, false) => "racy and divergent",
    }
}

/// `--html`: the page of the runs ([`crate::html`]); a CUDA kernel's geometry in CUDA's words.
fn html_page(
    outcomes: &[Outcome<'_>],
    args: &RunArgs,
    block_dim: [u64; 3],
    grid_dim: [u64; 3],
    init: Init,
) -> String {
    let dims = |d: [u64; 3]| d.map(Value::from);
    let sections: Vec<_> = outcomes
        .iter()
        .map(|o| {
            let mut setting = if o.file.is_cuda() {
                let t = |d: [u64; 3]| format!("({}, {}, {})", d[0], d[1], d[2]);
                format!("blockDim = {}, gridDim = {}", t(block_dim), t(grid_dim))
            } else {
                let (ntid, nbid) = run_geometry(args);
                format!("ntid = {ntid}, nbid = {nbid}")
            };
            for (name, value) in &o.params {
                let _ = write!(setting, ", {name} = {value}");
            }
            let _ = write!(
                setting,
                "; init {}, arith {}",
                init.name(),
                args.common.arith.unwrap_or_default()
            );
            crate::html::section(&crate::html::Picture {
                source: o.file,
                kernel: o.kernel,
                title: format!(
                    "kernel `{}`: a run of the reference interpreter",
                    o.kernel.name.name
                ),
                facts: vec![setting, format!("result: {}", verdict(&o.run, args.strict))],
                notes: Vec::new(),
                run: &o.run,
                block_dim: dims(block_dim),
                grid_dim: dims(grid_dim),
                witness: None,
            })
        })
        .collect();
    let name = outcomes.first().map_or("", |o| o.file.name.as_str());
    crate::html::page(&format!("mapcheck run {name}"), &sections)
}

fn run_geometry(args: &RunArgs) -> (Value, Value) {
    let volume = |d: Option<[u64; 3]>| {
        d.unwrap_or([1, 1, 1])
            .iter()
            .map(|&x| Value::from(x))
            .product::<Value>()
    };
    (volume(args.common.block_dim), volume(args.common.grid_dim))
}

/// The line, column and (for a file the input includes) the file of a span.
fn position(file: &SourceFile, span: Span) -> (usize, usize, Option<String>) {
    let at = file.locate(span);
    let lc = at.start();
    let included = (!file.in_main(span)).then(|| at.name.to_string());
    (lc.line, lc.column, included)
}

fn sync_point(file: &SourceFile, words: &Words, event: &BarrierEvent) -> doc::SyncPoint {
    let (line, column, file) = position(file, event.span);
    doc::SyncPoint {
        sync: event.sync,
        line,
        column,
        file,
        iterations: event
            .iters
            .iter()
            .map(|(var, value)| (words.name(var), Num::from(*value)))
            .collect(),
    }
}

fn reached_json(file: &SourceFile, words: &Words, reached: &Reached) -> doc::Reached {
    match reached {
        Reached::End => doc::Reached::End(doc::EndMark::End),
        Reached::Barrier(event) => doc::Reached::Sync(sync_point(file, words, event)),
    }
}

/// A phase's name, and the sync that ends it if one does.
fn phase_json(
    file: &SourceFile,
    words: &Words,
    name: &PhaseName,
) -> (String, Option<doc::SyncPoint>) {
    match name {
        PhaseName::Barrier(event) => (
            words.text(&name.to_string()),
            Some(sync_point(file, words, event)),
        ),
        PhaseName::End => ("end".into(), None),
        PhaseName::Diverged => ("diverged".into(), None),
    }
}

fn run_json(
    o: &Outcome<'_>,
    args: &RunArgs,
    block: [u64; 3],
    grid: [u64; 3],
    init: Init,
) -> doc::RunReport {
    let run = &o.run;
    let words = &Words::new(o.kernel, o.file);
    let (ntid, nbid) = run_geometry(args);
    let blocks = run
        .blocks
        .iter()
        .map(|b| doc::BlockReport {
            bid: b.bid.into(),
            phases: b
                .phases
                .iter()
                .map(|p| {
                    let (name, barrier) = phase_json(o.file, words, &p.name);
                    let threads = p
                        .threads
                        .iter()
                        .map(|t| doc::ThreadReport {
                            tid: t.tid.into(),
                            events: t.events.iter().map(|e| event_json(o, words, e)).collect(),
                        })
                        .collect();
                    doc::PhaseReport {
                        name,
                        barrier,
                        threads,
                    }
                })
                .collect(),
        })
        .collect();
    let races = run
        .races
        .iter()
        .map(|r| {
            let side = |a: &interp::RacingAccess| {
                let (line, column, file) = position(o.file, a.span);
                doc::RacingAccess {
                    bid: a.bid.into(),
                    tid: a.tid.into(),
                    access: a.kind.name(),
                    line,
                    column,
                    file,
                }
            };
            let (scope, phase) = match &r.scope {
                RaceScope::Grid => (doc::RaceScopeName::Grid, None),
                RaceScope::Phase(name) => (
                    doc::RaceScopeName::Phase,
                    Some(phase_json(o.file, words, name).0),
                ),
            };
            doc::RaceReport {
                access: r.kind.name(),
                array: words.name(&r.array),
                space: r.space.keyword(),
                index: nums(&r.cell),
                scope,
                phase,
                threads: [side(&r.first), side(&r.second)],
                instances: r.instances,
                benign: r.benign,
            }
        })
        .collect();
    let divergences = run
        .divergences
        .iter()
        .map(|d| {
            let thread = |(tid, reached): &(Value, Reached)| doc::DivergentThread {
                tid: (*tid).into(),
                reached: reached_json(o.file, words, reached),
            };
            doc::DivergenceReport {
                bid: d.bid.into(),
                phase: d.phase,
                threads: [thread(&d.first), thread(&d.second)],
            }
        })
        .collect();
    doc::RunReport {
        file: o.file.name.clone(),
        kernel: o.kernel.name.name.clone(),
        params: o
            .params
            .iter()
            .map(|(name, value)| (name.clone(), Num::from(*value)))
            .collect(),
        block_dim: block,
        grid_dim: grid,
        ntid: ntid.into(),
        nbid: nbid.into(),
        init: init.name(),
        arith: args.common.arith.unwrap_or_default().name(),
        drf: drf(run, args.strict),
        aligned: run.is_aligned(),
        steps: run.steps,
        history_cut: run.dropped_events,
        blocks,
        races,
        divergences,
        out_of_bounds: run
            .out_of_bounds
            .iter()
            .map(|b| {
                let (line, column, file) = position(o.file, b.span);
                doc::OutOfBoundsReport {
                    bid: b.thread.bid.into(),
                    tid: b.thread.tid.into(),
                    line,
                    column,
                    file,
                    dimension: b.dim,
                    extent: b.extent,
                    index: b.index.into(),
                }
            })
            .collect(),
    }
}

fn event_json(o: &Outcome<'_>, words: &Words, e: &Event) -> doc::EventReport {
    let (line, column, file) = position(o.file, e.span);
    // The array as the source names it; `index` stays the analysed array's flat cell.
    let array = words.name(o.run.array_name(&e.cell));
    let index = nums(&e.cell.index);
    let plain = |kind, value: Value| {
        doc::EventReport::Plain(doc::PlainEvent {
            kind,
            array: array.clone(),
            index: index.clone(),
            value: value.into(),
            line,
            column,
            file: file.clone(),
        })
    };
    match e.kind {
        EventKind::Read { value } => plain(doc::PlainKind::Read, value),
        EventKind::Write { value } => plain(doc::PlainKind::Write, value),
        EventKind::Atomic {
            op,
            operand,
            old,
            new,
        } => doc::EventReport::Atomic(doc::AtomicEvent {
            kind: doc::AtomicKind::Atomic,
            array: array.clone(),
            index: index.clone(),
            op: op.symbol(),
            operand: operand.into(),
            old: old.into(),
            new: new.into(),
            line,
            column,
            file: file.clone(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_flags() {
        assert_eq!(Init::parse("zero"), Ok(Init::Zero));
        assert_eq!(Init::parse("random:42"), Ok(Init::Random(42)));
        assert!(Init::parse("random:").is_err());
        assert!(Init::parse("ones").is_err());
    }

    #[test]
    fn numbers_too_big_for_json_become_text() {
        let json = |v: Value| serde_json::to_value(Num::from(v)).unwrap_or_default();
        assert_eq!(json(5), serde_json::json!(5));
        assert_eq!(json(i128::MAX), serde_json::json!(i128::MAX.to_string()));
    }
}
