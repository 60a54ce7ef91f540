//! Shared support of the corpus tests: reading the `// key: value` header lines of an example,
//! listing a directory's examples, and — for the CUDA corpus (`tests/cuda/`) — running a `.cu`
//! file through the pipeline of `mapcheck FILE`, which the `mapcheck` library owns (the
//! GPUVerify header's geometry and `-D` flags, the CUDA front end, the type checker, the SMT
//! stage), and summarising each kernel's report (class, verdict, divergence, exit code of
//! SPEC §7).

use mapcheck::check::{self, CheckOptions};
use mapcheck::input::{self, LoadOptions, Loaded, SourceFile};
use mapcheck::report::{ErrorReport, KernelReport};
use mapcheck_core::ast::{Kernel, Program};
use mapcheck_grammar::cuda;
use mapcheck_smt::{Kind, Limits, Options, Verdict};
use mapcheck_typeck::Class;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The `// key: value` lines of the leading comment block of `source`, with their 1-based line
/// numbers. Keys are single words; other comment lines (prose, GPUVerify's `//pass`) are not
/// key lines, and unknown keys are the reader's to ignore.
pub fn header(source: &str) -> Vec<(usize, String, String)> {
    source
        .lines()
        .enumerate()
        .take_while(|(_, l)| l.trim().is_empty() || l.trim_start().starts_with("//"))
        .filter_map(|(i, l)| {
            let text = l.trim_start().strip_prefix("//")?.trim();
            let (key, value) = text.split_once(':')?;
            let key = key.trim();
            if key.is_empty() || key.contains(' ') {
                return None;
            }
            Some((i + 1, key.to_string(), value.trim().to_string()))
        })
        .collect()
}

/// The files of `dir` with extension `extension`, sorted; none when `dir` does not exist.
pub fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == extension));
    files.sort();
    files
}

/// What a GPUVerify header (line 1) promises about a whole file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `//pass`: every kernel is `drf`, no defect at all, exit 0.
    Pass,
    /// `//xfail:data-race`: some kernel has a data-race finding, exit 1 or 3.
    DataRace,
    /// `//xfail:barrier-divergence`: some kernel has a barrier-divergence finding, exit 1 or 3.
    BarrierDivergence,
    /// `//xfail:out-of-bounds` (mapcheck's, not GPUVerify's): some kernel has an
    /// out-of-bounds finding and no kernel a data-race finding (races are decided among the
    /// accesses in bounds, `notes/out-of-bounds.md`), exit 1 or 3.
    OutOfBounds,
}

impl Expect {
    pub fn name(self) -> &'static str {
        match self {
            Expect::Pass => "pass",
            Expect::DataRace => "data-race",
            Expect::BarrierDivergence => "barrier-divergence",
            Expect::OutOfBounds => "out-of-bounds",
        }
    }
}

/// The expectation of one corpus file: the GPUVerify header's line 1, the class of the
/// `// mapcheck: CLASS` line and an optional known imprecision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub expect: Expect,
    pub class: Class,
    pub imprecision: Option<Known>,
}

/// What a known line documents mapcheck answering instead of the header's truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownAnswer {
    /// The worst verdict of the file's kernels (and the exit code it gives, SPEC §7).
    Verdict(Verdict),
    /// `out-of-bounds`: a possible index out of bounds the lowering cannot rule out (a value it
    /// does not follow, `?`): verdict `unknown`, no race finding, some `out-of-bounds` finding,
    /// all potential (exit 3). A proven or confirmed one in a kernel whose truth is in bounds
    /// is a wrong answer, not an imprecision.
    OutOfBounds,
    /// The file cannot be read, parsed or lowered (exit 2).
    Error,
}

impl KnownAnswer {
    pub fn name(self) -> &'static str {
        match self {
            KnownAnswer::Verdict(v) => v.name(),
            KnownAnswer::OutOfBounds => "out-of-bounds",
            KnownAnswer::Error => "error",
        }
    }
}

/// A documented answer of mapcheck that differs from the header's truth:
/// `// mapcheck: known-imprecision: [CLASS] ANSWER — REASON` (sound but imprecise: never `drf`
/// for a racy kernel, never `racy` for a race-free one; `error` for a file mapcheck refuses;
/// `out-of-bounds` for an index mapcheck cannot keep in bounds, a potential finding).
/// The class is the one every kernel is given; when it is omitted, the header's class. There is
/// no line for a known unsound answer: an unsound answer is a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    pub answer: KnownAnswer,
    pub class: Option<Class>,
    pub reason: String,
}

const KNOWN_IMPRECISION: &str = "known-imprecision:";

fn parse_class(word: &str) -> Option<Class> {
    match word {
        "exact" => Some(Class::Exact),
        "data-dependent" => Some(Class::DataDependent),
        _ => None,
    }
}

/// Reads `[CLASS] ANSWER — REASON`, the rest of a known line.
fn parse_known(rest: &str, what: &str) -> Result<Known, String> {
    let (answer, reason) = rest
        .split_once('—')
        .or_else(|| rest.split_once(" - "))
        .ok_or_else(|| format!("`// mapcheck: {what} [CLASS] ANSWER — REASON` needs a reason"))?;
    let words: Vec<&str> = answer.split_whitespace().collect();
    let (class, answer) = match words.as_slice() {
        [answer] => (None, *answer),
        [class, answer] => (
            Some(parse_class(class).ok_or_else(|| format!("unknown class `{class}` in `{what}`"))?),
            *answer,
        ),
        _ => return Err(format!("`{what}` needs `[CLASS] ANSWER — REASON`")),
    };
    let answer = match answer {
        "drf" => KnownAnswer::Verdict(Verdict::Drf),
        "racy" => KnownAnswer::Verdict(Verdict::Racy),
        "possibly-racy" => KnownAnswer::Verdict(Verdict::PossiblyRacy),
        "unknown" => KnownAnswer::Verdict(Verdict::Unknown),
        "error" => KnownAnswer::Error,
        "out-of-bounds" => KnownAnswer::OutOfBounds,
        other => return Err(format!("unknown answer `{other}` in `{what}`")),
    };
    let reason = reason.trim().to_string();
    if reason.is_empty() {
        return Err(format!("a `{what}` line needs a reason"));
    }
    Ok(Known {
        answer,
        class,
        reason,
    })
}

/// Whether `answer` contradicts the truth `expect`: a proof of race freedom for a kernel that
/// races or diverges, or a proven race for a race-free one.
fn contradicts(answer: KnownAnswer, expect: Expect) -> bool {
    match expect {
        Expect::Pass => answer == KnownAnswer::Verdict(Verdict::Racy),
        _ => answer == KnownAnswer::Verdict(Verdict::Drf),
    }
}

/// Reads the expectation of a corpus file, or says what is wrong with its header.
pub fn expectation(source: &str) -> Result<Expectation, String> {
    let expect = match cuda::header::read_header(source).expect.as_deref() {
        Some("pass") => Expect::Pass,
        Some("data-race") => Expect::DataRace,
        Some("barrier-divergence") => Expect::BarrierDivergence,
        Some("out-of-bounds") => Expect::OutOfBounds,
        Some(other) => return Err(format!("unknown GPUVerify expectation `xfail:{other}`")),
        None => return Err("line 1 must be `//pass` or `//xfail:REASON`".into()),
    };
    if !source.lines().nth(1).is_some_and(|l| l.starts_with("//")) {
        return Err("line 2 must be the `//` line of GPUVerify flags".into());
    }
    let mut imprecision = None;
    let mut classes = Vec::new();
    for (_, key, value) in header(source) {
        if key != "mapcheck" {
            continue;
        }
        if let Some(rest) = value.strip_prefix(KNOWN_IMPRECISION) {
            if imprecision.is_some() {
                return Err("more than one known imprecision".into());
            }
            let known = parse_known(rest.trim(), "known-imprecision:")?;
            if contradicts(known.answer, expect) {
                return Err(format!(
                    "a known imprecision must be sound: `{}` contradicts `{}`",
                    known.answer.name(),
                    expect.name()
                ));
            }
            imprecision = Some(known);
        } else if value.starts_with("known-") {
            return Err(format!("unknown known line `{value}`"));
        } else {
            classes.push(value);
        }
    }
    let class = match classes.as_slice() {
        [value] => parse_class(value)
            .ok_or_else(|| format!("unknown class `{value}` in `// mapcheck:`"))?,
        [] => return Err("no `// mapcheck: CLASS` line".into()),
        _ => return Err("more than one `// mapcheck:` class line".into()),
    };
    Ok(Expectation {
        expect,
        class,
        imprecision,
    })
}

/// What the pipeline said about one kernel of a file.
#[derive(Clone, Debug)]
pub struct KernelResult {
    pub name: String,
    pub class: Class,
    pub verdict: Verdict,
    pub data_race: bool,
    pub divergent: bool,
    pub out_of_bounds: bool,
    /// The exit code `mapcheck FILE` would give for this kernel alone (SPEC §7).
    pub exit: u8,
    /// Internal errors (witnesses of an exact kernel that did not replay).
    pub internal_errors: Vec<String>,
}

impl KernelResult {
    /// The summary of one kernel's report.
    pub fn of(report: KernelReport) -> KernelResult {
        let has = |kind: Kind| report.findings.iter().any(|f| f.kind == kind);
        KernelResult {
            data_race: has(Kind::DataRace),
            divergent: has(Kind::BarrierDivergence),
            out_of_bounds: has(Kind::OutOfBounds),
            exit: report.defects.exit_code(),
            name: report.name,
            class: report.class,
            verdict: report.verdict,
            internal_errors: report.internal_errors,
        }
    }
}

/// What the pipeline said about one file: its kernels, or the input errors (exit 2).
#[derive(Clone, Debug)]
pub enum FileResult {
    Kernels(Vec<KernelResult>),
    Errors(Vec<String>),
}

impl FileResult {
    /// The exit code of `mapcheck FILE` (SPEC §7).
    pub fn exit(&self) -> u8 {
        match self {
            FileResult::Errors(_) => 2,
            FileResult::Kernels(ks) => {
                let has = |code: u8| ks.iter().any(|k| k.exit == code);
                [1, 3, 4].into_iter().find(|c| has(*c)).unwrap_or(0)
            }
        }
    }

    /// One line for a summary table: the class and verdict of each kernel, and the exit code.
    pub fn summary(&self) -> String {
        match self {
            FileResult::Errors(e) => format!("error ({} message(s)) exit=2", e.len()),
            FileResult::Kernels(ks) => {
                let parts: Vec<String> = ks
                    .iter()
                    .map(|k| {
                        format!(
                            "{} {}{}{}",
                            k.class.name(),
                            k.verdict.name(),
                            if k.divergent { " divergent" } else { "" },
                            if k.out_of_bounds {
                                " out-of-bounds"
                            } else {
                                ""
                            }
                        )
                    })
                    .collect();
                format!("{} exit={}", parts.join(", "), self.exit())
            }
        }
    }

    /// Whether the result is exactly the answer `known` documents: for `error`, the file could
    /// not be read, parsed or lowered; otherwise every kernel has the documented class (the
    /// header's, `class`, when the line names none), the worst verdict is the documented one,
    /// and the exit code is the one that verdict gives (SPEC §7). `Err` says why not.
    pub fn matches_known(&self, known: &Known, class: Class) -> Result<(), String> {
        let (verdict, ks) = match (known.answer, self) {
            (KnownAnswer::Error, FileResult::Errors(_)) => return Ok(()),
            (KnownAnswer::Error, FileResult::Kernels(_)) => {
                return Err("the known line says error, but the file was read".into())
            }
            (KnownAnswer::Verdict(_) | KnownAnswer::OutOfBounds, FileResult::Errors(_)) => {
                return Err("the file could not be read, parsed or lowered (exit 2)".into())
            }
            (KnownAnswer::Verdict(v), FileResult::Kernels(ks)) => (v, ks),
            (KnownAnswer::OutOfBounds, FileResult::Kernels(ks)) => {
                if !ks.iter().any(|k| k.out_of_bounds) {
                    return Err("the known line says out-of-bounds, but no kernel has one".into());
                }
                if ks.iter().any(|k| k.data_race) {
                    return Err("the known line says out-of-bounds, but a kernel races".into());
                }
                (Verdict::Unknown, ks)
            }
        };
        let class = known.class.unwrap_or(class);
        if let Some(k) = ks.iter().find(|k| k.class != class) {
            return Err(format!("kernel `{}` is {}", k.name, k.class.name()));
        }
        if let Some(k) = ks.iter().find(|k| !k.internal_errors.is_empty()) {
            return Err(format!("kernel `{}`: internal errors", k.name));
        }
        let rank = |v: Verdict| match v {
            Verdict::Drf => 0,
            Verdict::Unknown => 1,
            Verdict::PossiblyRacy => 2,
            Verdict::Racy => 3,
        };
        let worst = ks.iter().map(|k| k.verdict).max_by_key(|v| rank(*v));
        if worst != Some(verdict) {
            return Err(format!(
                "the known line says {}, got {}",
                verdict.name(),
                worst.map_or("nothing", |v| v.name())
            ));
        }
        let want = match verdict {
            Verdict::Drf => 0,
            Verdict::Racy => 1,
            Verdict::PossiblyRacy => 3,
            // A potential out-of-bounds finding is a potential defect.
            Verdict::Unknown if known.answer == KnownAnswer::OutOfBounds => 3,
            Verdict::Unknown => 4,
        };
        let exit = self.exit();
        if exit != want {
            return Err(format!("exit {exit}, expected {want}"));
        }
        Ok(())
    }

    /// Whether the result is the known imprecision `expected` documents
    /// ([`FileResult::matches_known`]). `Err` says why not (or that there is none).
    pub fn agrees_imprecisely(&self, expected: &Expectation) -> Result<(), String> {
        let Some(known) = &expected.imprecision else {
            return Err("no known imprecision".into());
        };
        self.matches_known(known, expected.class)
    }

    /// Whether the result is what `expected` promises; `Err` says why not.
    pub fn agrees(&self, expected: &Expectation) -> Result<(), String> {
        let FileResult::Kernels(ks) = self else {
            return Err("the file could not be read, parsed or lowered (exit 2)".into());
        };
        if ks.is_empty() {
            return Err("no kernel in the file".into());
        }
        if let Some(k) = ks.iter().find(|k| k.class != expected.class) {
            return Err(format!(
                "kernel `{}` is {}, expected {}",
                k.name,
                k.class.name(),
                expected.class.name()
            ));
        }
        if let Some(k) = ks.iter().find(|k| !k.internal_errors.is_empty()) {
            return Err(format!(
                "kernel `{}`: internal errors {:?}",
                k.name, k.internal_errors
            ));
        }
        let exit = self.exit();
        match expected.expect {
            Expect::Pass => {
                if let Some(k) = ks
                    .iter()
                    .find(|k| k.verdict != Verdict::Drf || k.divergent || k.exit != 0)
                {
                    return Err(format!(
                        "kernel `{}` is not drf and free of divergence",
                        k.name
                    ));
                }
            }
            Expect::DataRace => {
                if !ks.iter().any(|k| {
                    k.data_race
                        && match k.class {
                            Class::Exact => k.verdict == Verdict::Racy,
                            Class::DataDependent => {
                                matches!(k.verdict, Verdict::Racy | Verdict::PossiblyRacy)
                            }
                        }
                }) {
                    return Err("no kernel with a data-race finding".into());
                }
                if !matches!(exit, 1 | 3) {
                    return Err(format!("exit {exit}, expected 1 or 3"));
                }
            }
            Expect::BarrierDivergence => {
                if !ks.iter().any(|k| k.divergent) {
                    return Err("no barrier-divergence finding".into());
                }
                if !matches!(exit, 1 | 3) {
                    return Err(format!("exit {exit}, expected 1 or 3"));
                }
            }
            Expect::OutOfBounds => {
                if !ks.iter().any(|k| k.out_of_bounds) {
                    return Err("no out-of-bounds finding".into());
                }
                if let Some(k) = ks.iter().find(|k| k.data_race) {
                    return Err(format!(
                        "kernel `{}` has a data-race finding: races are decided among the \
                         accesses in bounds",
                        k.name
                    ));
                }
                if !matches!(exit, 1 | 3) {
                    return Err(format!("exit {exit}, expected 1 or 3"));
                }
            }
        }
        Ok(())
    }
}

/// Reads a CUDA file as `mapcheck FILE` does with no flags (`mapcheck::input`): the GPUVerify
/// header fixes the geometry and adds its `-D` flags, `#include "..."` reads files next to the
/// includer. Gives the loaded file and its program, or the error messages (`LINE:COLUMN:
/// message`) when any item could not be read, parsed or lowered.
pub fn load_cuda(path: &Path, text: &str) -> Result<(SourceFile, Program), Vec<String>> {
    load_cuda_with(path, text, &LoadOptions::default())
}

/// [`load_cuda`] with the given load options (the front end, say).
pub fn load_cuda_with(
    path: &Path,
    text: &str,
    options: &LoadOptions,
) -> Result<(SourceFile, Program), Vec<String>> {
    loaded_program(input::parse_text(path, text.to_string(), options))
}

/// The program of a loaded file, or the error messages (`LINE:COLUMN: message`) when any item
/// could not be read, parsed or lowered.
pub fn loaded_program(loaded: Loaded) -> Result<(SourceFile, Program), Vec<String>> {
    let (name, source, diagnostics) = match loaded {
        Loaded::Parsed {
            source,
            program,
            errors,
        } => {
            if errors.is_empty() {
                return Ok((source, program));
            }
            let diagnostics = errors.into_iter().map(|e| e.diagnostic).collect();
            (source.name.clone(), Some(source), diagnostics)
        }
        Loaded::Failed {
            name,
            source,
            diagnostics,
        } => (name, source, diagnostics),
    };
    // Any error makes `mapcheck FILE` exit 2, whatever the file's other kernels say.
    Err(diagnostics
        .iter()
        .map(|d| {
            let e = ErrorReport::new(&name, source.as_ref(), d);
            match e.line.zip(e.column) {
                Some((line, column)) => format!("{line}:{column}: {}", e.message),
                None => e.message,
            }
        })
        .collect())
}

/// What `mapcheck --emit core FILE.cu` prints for a loaded file: each kernel the clang front
/// end lowered, as `.bcu` text with the geometry its header fixes, then the located errors of
/// what did not lower. The text of the `--emit core` snapshots.
pub fn emit_core_text(loaded: &Loaded) -> String {
    let mut out = String::new();
    match loaded {
        Loaded::Parsed {
            source,
            program,
            errors,
        } => {
            let options = check::options_for(&Options::default(), source);
            for kernel in &program.kernels {
                let _ = writeln!(out, "{}", mapcheck::core_text(kernel, &options.fixed));
            }
            for e in errors {
                let lc = e
                    .diagnostic
                    .primary
                    .as_ref()
                    .map(|l| source.line_col(l.span));
                let at = lc.map_or(String::new(), |lc| format!("{}:{}: ", lc.line, lc.column));
                let _ = writeln!(out, "error: {at}{}", e.diagnostic.message);
            }
        }
        Loaded::Failed { diagnostics, .. } => {
            for d in diagnostics {
                let _ = writeln!(out, "error: {}", d.message);
            }
        }
    }
    out
}

/// The options a corpus file's kernels are decided with when they are decided twice (lowered
/// and read back from `--emit core`): the file's header geometry, the default resource limit.
pub fn read_back_options(source: &SourceFile) -> Options {
    let base = Options {
        limits: corpus_limits(),
        conventions: true,
        ..Options::default()
    };
    check::options_for(&base, source)
}

/// The default resource limit, as the command line's; no deadline.
fn corpus_limits() -> Limits {
    Limits {
        deadline: None,
        ..Limits::default()
    }
}

/// `kernel`'s `--emit core` text read back by the `.bcu` parser: one kernel of the same
/// parameters, or why not. `options` are the file's ([`read_back_options`]), whose fixed
/// geometry the text states.
pub fn read_back(kernel: &Kernel, options: &Options) -> Result<Kernel, String> {
    let core = mapcheck::core_text(kernel, &options.fixed);
    let name = &kernel.name.name;
    let back = mapcheck_grammar::parse(&core).map_err(|d| {
        let why: Vec<String> = d.iter().map(|d| d.message.clone()).collect();
        format!(
            "kernel `{name}` does not read back ({}):\n{core}",
            why.join("; ")
        )
    })?;
    let mut kernels = back.kernels;
    if kernels.len() != 1 {
        return Err(format!(
            "kernel `{name}` reads back as {} kernels",
            kernels.len()
        ));
    }
    let again = kernels.remove(0);
    let params = |k: &Kernel| k.params.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    if params(kernel) != params(&again) {
        return Err(format!(
            "kernel `{name}` reads back with parameters {:?}, not {:?}",
            params(&again),
            params(kernel)
        ));
    }
    Ok(again)
}

/// Decides `kernel` and `again` (its [`read_back`]) and compares class, verdict, and whether
/// each has a race, a divergence and an out-of-bounds finding: the printed text must be what
/// was analysed.
pub fn decides_alike(
    kernel: &Kernel,
    again: &Kernel,
    source: &SourceFile,
    options: &Options,
) -> Result<(), String> {
    let outcome = |k: &Kernel| {
        let d = check::decide(k, source, options, false);
        let has = |kind: Kind| d.report.findings.iter().any(|f| f.kind == kind);
        let text = format!(
            "{} {}{}{}{}",
            d.report.class.name(),
            d.report.verdict.name(),
            if has(Kind::DataRace) { " race" } else { "" },
            if has(Kind::BarrierDivergence) {
                " divergence"
            } else {
                ""
            },
            if has(Kind::OutOfBounds) {
                " out-of-bounds"
            } else {
                ""
            }
        );
        (text, d.report.class, d.report.verdict, d.report.approximate)
    };
    let ((a, class, _, approximate), (b, class_back, verdict_back, _)) =
        (outcome(kernel), outcome(again));
    if a == b {
        return Ok(());
    }
    // Barriers told apart by their place in the source (a function with a barrier inlined
    // several times) over-approximate the phases as lowered; the text read back gives each
    // copy a place of its own, so it may decide them exactly: more precise, never less.
    if approximate && class == class_back && verdict_back == Verdict::Drf {
        return Ok(());
    }
    Err(format!(
        "kernel `{}` is `{a}` as lowered, `{b}` read back:\n{}",
        kernel.name.name,
        mapcheck::core_text(kernel, &options.fixed)
    ))
}

/// The settings of `mapcheck FILE` without flags — z3's resource limit alone, no wall-clock
/// limit, as the command line without `--timeout` — and no search for redundant barriers
/// (advice, which never changes a verdict and would double the time).
pub fn cli_settings() -> CheckOptions {
    CheckOptions {
        advice: false,
        ..CheckOptions::new(Options {
            limits: Limits::default(),
            // C's integers, as the command line without `--arith`.
            c_words: true,
            // The launch conventions, as the command line without `--any-launch`.
            conventions: true,
            ..Options::default()
        })
    }
}

/// Runs every kernel of a CUDA file through the pipeline of `mapcheck FILE`
/// (`mapcheck::check::check_file`: C's integers and the default resource limit, as the
/// command line without flags, which has no wall-clock limit; no search
/// for redundant barriers, advice that never changes what is compared here and would double
/// the time); the result and the time it took.
pub fn check_cuda(path: &Path, text: &str) -> (FileResult, Duration) {
    check_cuda_with(path, text, &LoadOptions::default())
}

/// [`check_cuda`] with the given load options (the front end, say).
pub fn check_cuda_with(path: &Path, text: &str, options: &LoadOptions) -> (FileResult, Duration) {
    let started = Instant::now();
    let result = match load_cuda_with(path, text, options) {
        Err(errors) => FileResult::Errors(errors),
        Ok((source, program)) => check_program(&source, &program),
    };
    (result, started.elapsed())
}

/// Every kernel of a loaded program through the pipeline of `mapcheck FILE` (see
/// [`check_cuda`]).
pub fn check_program(source: &SourceFile, program: &Program) -> FileResult {
    let settings = cli_settings();
    FileResult::Kernels(
        check::check_file(source, program, &settings)
            .map(|decided| KernelResult::of(decided.report))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(lines: &[&str]) -> String {
        let mut s = lines.join("\n");
        s.push_str("\n__global__ void k(int *a) { a[threadIdx.x] = 0; }\n");
        s
    }

    #[test]
    fn only_sound_answers_can_be_documented() {
        // An unsound answer has no line of its own: it is a failure of the corpus.
        assert!(expectation(&file(&[
            "//xfail:data-race",
            "//--blockDim=64",
            "// mapcheck: exact",
            "// mapcheck: known-unsound (legacy front end): drf — x",
        ]))
        .is_err());
        // And a known imprecision can never be unsound.
        assert!(expectation(&file(&[
            "//xfail:data-race",
            "//--blockDim=64",
            "// mapcheck: exact",
            "// mapcheck: known-imprecision: drf — x",
        ]))
        .is_err());
        // A reason is required.
        assert!(expectation(&file(&[
            "//pass",
            "//--blockDim=64",
            "// mapcheck: exact",
            "// mapcheck: known-imprecision: possibly-racy",
        ]))
        .is_err());
    }

    #[test]
    fn known_imprecisions_may_name_a_class_or_an_error() {
        let e = expectation(&file(&[
            "//pass",
            "//--blockDim=64",
            "// mapcheck: exact",
            "// mapcheck: known-imprecision: data-dependent possibly-racy — `__brev` is unknown",
        ]))
        .unwrap_or_else(|e| panic!("{e}"));
        let i = e
            .imprecision
            .unwrap_or_else(|| panic!("no imprecision read"));
        assert_eq!(i.class, Some(Class::DataDependent));
        assert_eq!(i.answer, KnownAnswer::Verdict(Verdict::PossiblyRacy));
        assert_eq!(e.class, Class::Exact);

        let e = expectation(&file(&[
            "//pass",
            "//--blockDim=64",
            "// mapcheck: exact",
            "// mapcheck: known-imprecision: error — `curandState` is unknown",
        ]))
        .unwrap_or_else(|e| panic!("{e}"));
        let i = e
            .imprecision
            .unwrap_or_else(|| panic!("no imprecision read"));
        assert_eq!(i.answer, KnownAnswer::Error);
        assert!(FileResult::Errors(vec!["1:1: no".into()])
            .matches_known(&i, e.class)
            .is_ok());
        assert!(FileResult::Kernels(vec![])
            .matches_known(&i, e.class)
            .is_err());
    }

    #[test]
    fn a_known_answer_must_match_class_and_verdict() {
        let known = Known {
            answer: KnownAnswer::Verdict(Verdict::Drf),
            class: None,
            reason: "r".into(),
        };
        let kernel = |class, verdict, exit| KernelResult {
            name: "k".into(),
            class,
            verdict,
            data_race: false,
            divergent: false,
            out_of_bounds: false,
            exit,
            internal_errors: vec![],
        };
        let drf = FileResult::Kernels(vec![kernel(Class::Exact, Verdict::Drf, 0)]);
        assert!(drf.matches_known(&known, Class::Exact).is_ok());
        assert!(drf.matches_known(&known, Class::DataDependent).is_err());
        let racy = FileResult::Kernels(vec![kernel(Class::Exact, Verdict::Racy, 1)]);
        assert!(racy.matches_known(&known, Class::Exact).is_err());
        assert!(FileResult::Errors(vec![])
            .matches_known(&known, Class::Exact)
            .is_err());
    }
}
