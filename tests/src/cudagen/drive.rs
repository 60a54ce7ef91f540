//! One generated kernel through both tools, and what their answers say together.
//!
//! mapcheck decides the file as `mapcheck FILE` does (the library of the command line: the
//! header's geometry, C's integers, the launch conventions); the oracle runs the same launch
//! (the header's geometry, each scalar parameter the value its `__requires` fixes, zeroed
//! buffers). The families of disagreement ([`Family`]):
//!
//! * **missed race / missed divergence** — the oracle observed a race (both accesses in the
//!   file) or barrier divergence, mapcheck says `drf` (benign write-write races excepted, see
//!   `oracle_compare`): a soundness failure of mapcheck;
//! * **false proven** — an exact kernel with a `proven` race whose run, three times, showed no
//!   race at all (a hint only: TSan can miss a race, but the kernel is exact, so its accesses
//!   do not depend on memory and the witness's launch is this one);
//! * **front end** — mapcheck refused the well-defined C++ the generator printed (exit 2),
//!   counted by message; **panic**; **internal error** (a witness of an exact kernel that did
//!   not replay in mapcheck's own interpreter);
//! * **not a run** — an assertion the generator printed failed in the oracle: a bug of the
//!   generator's range check, never of mapcheck;
//! * **missed out-of-bounds** — the oracle's bounds run (AddressSanitizer, for the shapes
//!   that may leave their arrays) saw an access out of bounds, mapcheck says `drf`; **false
//!   out-of-bounds** — an exact kernel with a `proven` out-of-bounds finding whose bounds run
//!   completed in bounds;
//! * **false proven divergence** — an exact kernel with a `proven` barrier divergence whose
//!   run completed with every barrier reached by the whole block at the same line (the
//!   runtime reports a block whose threads wait at different lines or return while others
//!   wait);
//! * **equal values** — the stale-value shapes record, in the oracle's run only, the values
//!   each store site stored: a benign race mapcheck claims where the run stored two values is
//!   a missed race; a proven (or confirmed) write-write race at sites where the run stored
//!   one value, with no other race observed, is a **false proven race of equal values**.

use super::ast::{Kernel, KERNEL};
use super::shapes::Shaped;
use crate::corpus::{cli_settings, load_cuda};
use crate::oracle_compare::{describe_observation, describe_report, judge, Judgement};
use mapcheck::check::check_file;
use mapcheck::report::KernelReport;
use mapcheck_oracle::{AccessKind, Bounds, Init, Launch, Observation, Oracle, Outcome};
use mapcheck_smt::{Certainty, Conflict, Kind, Verdict};
use mapcheck_typeck::Class;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A family of disagreement (or of trouble) between the tools on one kernel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    MissedRace,
    MissedDivergence,
    FalseProven,
    /// mapcheck refused the file; the message without its position.
    FrontEnd(String),
    Panic(String),
    Internal(String),
    /// The generator's fault: an assertion it printed failed.
    NotARun(String),
    /// The bounds run saw an access out of bounds, mapcheck says `drf`.
    MissedOutOfBounds,
    /// An exact kernel's proven out-of-bounds finding, the bounds run in bounds.
    FalseOutOfBounds,
    /// A proven or confirmed write-write race at store sites where the run stored one value.
    FalseProvenEqualValues,
    /// An exact kernel's proven barrier divergence, the run completed without any.
    FalseDivergence,
}

impl Family {
    pub fn name(&self) -> String {
        match self {
            Family::MissedRace => "missed race".into(),
            Family::MissedDivergence => "missed divergence".into(),
            Family::FalseProven => "false proven race".into(),
            Family::FrontEnd(m) => format!("front end: {m}"),
            Family::Panic(m) => format!("panic: {m}"),
            Family::Internal(m) => format!("internal error: {m}"),
            Family::NotARun(m) => format!("not a run: {m}"),
            Family::MissedOutOfBounds => "missed out-of-bounds".into(),
            Family::FalseOutOfBounds => "false proven out-of-bounds".into(),
            Family::FalseProvenEqualValues => "false proven race (equal values)".into(),
            Family::FalseDivergence => "false proven divergence".into(),
        }
    }

    /// Whether it is a soundness failure of mapcheck (a missed race, divergence or access
    /// out of bounds).
    pub fn unsound(&self) -> bool {
        matches!(
            self,
            Family::MissedRace | Family::MissedDivergence | Family::MissedOutOfBounds
        )
    }
}

/// What both tools said about one kernel.
#[derive(Clone, Debug, Default)]
pub struct Run {
    pub family: Option<Family>,
    /// mapcheck's class and verdict names (`exact drf`), when it decided the kernel.
    pub mapcheck: Option<String>,
    pub oracle_racy: bool,
    pub oracle_divergent: bool,
    /// The oracle's races were write-write ones mapcheck reports as a benign race.
    pub benign: bool,
    /// Why the oracle gave no answer (crash, time limit, unsupported, compile error).
    pub unanswered: Option<String>,
    /// The bounds run saw an access out of bounds (shapes that may leave their arrays).
    pub oracle_oob: bool,
    /// mapcheck reported an out-of-bounds finding.
    pub mapcheck_oob: bool,
    /// Both reports, for a person.
    pub detail: String,
}

/// The tools and a directory for the generated files.
#[derive(Debug)]
pub struct Driver {
    pub oracle: Oracle,
    pub dir: PathBuf,
}

/// A message with its numbers and generated names blurred, so that one front-end gap counts
/// once however many kernels hit it.
fn blur(message: &str) -> String {
    let m = message
        .split_once(": ")
        .filter(|(pos, _)| pos.chars().all(|c| c.is_ascii_digit() || c == ':'))
        .map_or(message, |(_, m)| m);
    let mut out = String::new();
    let mut last_digit = false;
    for c in m.chars().take(120) {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
        } else {
            out.push(c);
            last_digit = false;
        }
    }
    out
}

impl Driver {
    /// The oracle with a shorter wall-clock limit than the corpus's (generated loops are
    /// short: a run that takes long is stuck).
    pub fn new(dir: &Path) -> Result<Driver, String> {
        let mut oracle = Oracle::new().map_err(|e| e.to_string())?;
        oracle.timeout = Duration::from_secs(20);
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Driver {
            oracle,
            dir: dir.to_path_buf(),
        })
    }

    /// The launch of `k` in the oracle.
    pub fn launch(k: &Kernel) -> Launch {
        let mut launch = Launch::new([k.grid, 1, 1], [k.block, 1, 1]);
        // Generated indices into global buffers are masked below 256.
        launch.elems = 1024;
        for (n, _, v) in &k.scalars {
            launch.params.insert(n.clone(), v.to_string());
        }
        launch
    }

    /// mapcheck's report of kernel `k` of the file, or the family of its failure.
    fn mapcheck(path: &Path, text: &str) -> Result<KernelReport, Family> {
        let result = catch_unwind(AssertUnwindSafe(|| {
            let (source, program) = load_cuda(path, text)?;
            let settings = cli_settings();
            let report = check_file(&source, &program, &settings)
                .map(|d| d.report)
                .find(|r| r.name == KERNEL);
            report.ok_or_else(|| vec![format!("no kernel `{KERNEL}`")])
        }));
        match result {
            Err(p) => {
                let m = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(Family::Panic(blur(&m)))
            }
            Ok(Err(errors)) => Err(Family::FrontEnd(blur(
                errors.first().map_or("", String::as_str),
            ))),
            Ok(Ok(r)) => Ok(r),
        }
    }

    /// Writes `text` as `name.cu`, runs both tools and judges; with `bounds`, the oracle's
    /// bounds run first (an access out of bounds is undefined behaviour: the race run of such
    /// a kernel is not ground truth, and is not made).
    pub fn run_text(&self, name: &str, text: &str, launch: &Launch, bounds: bool) -> Run {
        let path = self.dir.join(format!("{name}.cu"));
        let mut run = Run::default();
        if let Err(e) = std::fs::write(&path, text) {
            run.unanswered = Some(format!("cannot write {}: {e}", path.display()));
            return run;
        }
        let report = match Self::mapcheck(&path, text) {
            Ok(r) => r,
            Err(f) => {
                run.detail = f.name();
                run.family = Some(f);
                return run;
            }
        };
        run.mapcheck = Some(format!("{} {}", report.class.name(), report.verdict.name()));
        run.detail = describe_report(&report);
        run.mapcheck_oob = report.findings.iter().any(|f| f.kind == Kind::OutOfBounds);
        if let Some(e) = report.internal_errors.first() {
            run.family = Some(Family::Internal(blur(e)));
            return run;
        }
        let prepared = match self.oracle.prepare(&path, &[]) {
            Ok(p) => p,
            Err(e) => {
                run.unanswered = Some(format!("oracle: {e}"));
                return run;
            }
        };
        let observe = |run: &mut Run| -> Option<Observation> {
            match prepared.run(KERNEL, launch) {
                Ok(o) => Some(o),
                Err(e) => {
                    run.unanswered = Some(format!("oracle: {e}"));
                    None
                }
            }
        };
        if bounds {
            match prepared.check_bounds(KERNEL, launch) {
                Ok(Bounds::OutOfBounds(o)) => {
                    run.oracle_oob = true;
                    run.detail = format!(
                        "oracle's bounds run: {} ({}) at line {:?}:{:?}\n{}",
                        o.kind,
                        match o.write {
                            Some(true) => "write",
                            Some(false) => "read",
                            None => "access",
                        },
                        o.line,
                        o.column,
                        run.detail
                    );
                    if report.verdict == Verdict::Drf {
                        run.family = Some(Family::MissedOutOfBounds);
                    }
                    prepared.forget();
                    return run;
                }
                Ok(Bounds::InBounds) => {
                    let proven_oob = report.class == Class::Exact
                        && report.findings.iter().any(|f| {
                            f.kind == Kind::OutOfBounds && f.certainty == Certainty::Proven
                        });
                    if proven_oob {
                        run.family = Some(Family::FalseOutOfBounds);
                        run.detail = format!("oracle's bounds run: in bounds\n{}", run.detail);
                        prepared.forget();
                        return run;
                    }
                }
                Ok(Bounds::NoAnswer(_)) => {}
                Err(e) => {
                    run.unanswered = Some(format!("oracle's bounds run: {e}"));
                    prepared.forget();
                    return run;
                }
            }
        }
        let Some(obs) = observe(&mut run) else {
            prepared.forget();
            return run;
        };
        run.detail = format!("{}\n{}", describe_observation(&obs), run.detail);
        run.oracle_racy = obs.located_races().next().is_some();
        run.oracle_divergent = matches!(obs.outcome, Outcome::Divergence(_));
        match &obs.outcome {
            Outcome::Completed | Outcome::Divergence(_) | Outcome::NotARun(_) => {}
            Outcome::Unsupported(w) => run.unanswered = Some(format!("unsupported: {w}")),
            Outcome::Crashed(w) => run.unanswered = Some(format!("crashed: {}", blur(w))),
            Outcome::TimedOut => run.unanswered = Some("timed out".into()),
        }
        run.family = match judge(&report, &obs) {
            Judgement::MissedRace => Some(Family::MissedRace),
            Judgement::MissedDivergence => Some(Family::MissedDivergence),
            Judgement::NotARun => match &obs.outcome {
                Outcome::NotARun(w) => Some(Family::NotARun(blur(w))),
                _ => None,
            },
            Judgement::Benign => {
                run.benign = true;
                None
            }
            Judgement::Agree => None,
        };
        if run.family.is_none() {
            run.family = equal_values(text, &report, &obs);
        }
        // The barriers an exact kernel's threads reach do not depend on memory, and the run's
        // launch is the one decided: a proven divergence the run did not show is false.
        if run.family.is_none()
            && report.class == Class::Exact
            && matches!(obs.outcome, Outcome::Completed)
            && report
                .findings
                .iter()
                .any(|f| f.kind == Kind::BarrierDivergence && f.certainty == Certainty::Proven)
        {
            run.family = Some(Family::FalseDivergence);
        }
        let proven = report.class == Class::Exact
            && report
                .findings
                .iter()
                .any(|f| f.kind == Kind::DataRace && f.certainty == Certainty::Proven);
        if run.family.is_none()
            && proven
            && !run.oracle_racy
            && matches!(obs.outcome, Outcome::Completed)
        {
            // TSan's one interleaving and bounded history can miss a race: two more runs.
            let again = (0..2)
                .any(|_| observe(&mut run).is_some_and(|o| o.located_races().next().is_some()));
            if !again {
                run.family = Some(Family::FalseProven);
            }
        }
        prepared.forget();
        run
    }

    /// Kernel `k` through both tools; its file is kept only when they disagree (or when
    /// `MAPCHECK_GEN_KEEP` is set).
    pub fn run(&self, k: &Kernel) -> Run {
        let name = format!("gen_{}", k.seed);
        let text = k.print("//pass", &comment(k));
        let run = self.run_text(&name, &text, &Self::launch(k), false);
        // `MAPCHECK_GEN_KEEP` keeps every file.
        if run.family.is_none() && std::env::var_os("MAPCHECK_GEN_KEEP").is_none() {
            let _ = std::fs::remove_file(self.dir.join(format!("{name}.cu")));
        }
        run
    }

    /// The launch of shape `k` in the oracle.
    pub fn shape_launch(k: &Shaped) -> Launch {
        let mut launch = Launch::new([k.grid, 1, 1], [k.block, 1, 1]);
        launch.elems = 1024;
        if k.random_init {
            launch.init = Init::Random(k.seed);
        }
        for (n, v) in &k.scalars {
            launch.params.insert(n.clone(), v.to_string());
        }
        launch
    }

    /// Shape `k` through both tools; its file is kept as [`Driver::run`] keeps one.
    pub fn run_shape(&self, k: &Shaped) -> Run {
        let name = format!("gen_{}", k.seed);
        let run = self.run_text(&name, &k.text, &Self::shape_launch(k), k.bounds);
        if run.family.is_none() && std::env::var_os("MAPCHECK_GEN_KEEP").is_none() {
            let _ = std::fs::remove_file(self.dir.join(format!("{name}.cu")));
        }
        run
    }
}

/// The store sites of a stale-value shape whose values the oracle's run recorded: their
/// lines, from the `mc_same(SITE, LINE, ...)` calls only the oracle compiles.
fn value_sites(text: &str) -> Vec<usize> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("mc_same("))
        .filter_map(|rest| rest.split(',').nth(1)?.trim().parse().ok())
        .collect()
}

/// The judgement of equal values (module doc) for a run that agreed so far.
fn equal_values(text: &str, report: &KernelReport, obs: &Observation) -> Option<Family> {
    let sites = value_sites(text);
    if sites.is_empty() {
        return None;
    }
    let differ: Vec<usize> = obs
        .notes
        .iter()
        .filter_map(|n| n.strip_prefix("values differ at line "))
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let races: Vec<_> = obs.located_races().collect();
    let line_of = |a: &mapcheck_oracle::Access| a.line.map_or(0, |l| l as usize);
    let write_write = |r: &&mapcheck_oracle::Race| {
        r.first.kind == AccessKind::Write && r.second.kind == AccessKind::Write
    };
    let benign = report.findings.iter().any(|f| f.kind == Kind::BenignRace);
    // A benign race claimed where the run stored two values at a racing site.
    if report.verdict == Verdict::Drf
        && benign
        && races.iter().any(|r| {
            write_write(r)
                && differ.contains(&line_of(&r.first))
                && line_of(&r.first) == line_of(&r.second)
        })
    {
        return Some(Family::MissedRace);
    }
    // A proven race of equal values: every observed race write-write at one equal-valued
    // site, and every proven or confirmed data race of mapcheck write-write at such sites.
    let equal = |line: usize| sites.contains(&line) && !differ.contains(&line);
    let claimed: Vec<_> = report
        .findings
        .iter()
        .filter(|f| {
            f.kind == Kind::DataRace
                && matches!(f.certainty, Certainty::Proven | Certainty::Confirmed)
        })
        .collect();
    let false_proven = !claimed.is_empty()
        && !races.is_empty()
        && races
            .iter()
            .all(|r| write_write(r) && equal(line_of(&r.first)) && equal(line_of(&r.second)))
        && claimed.iter().all(|f| {
            f.access == Some(Conflict::WriteWrite) && f.locations.iter().all(|l| equal(l.line))
        });
    false_proven.then_some(Family::FalseProvenEqualValues)
}

/// The comment a generated file carries.
pub fn comment(k: &Kernel) -> String {
    format!(
        "Generated by mapcheck-tests' cudagen from seed {} (line 1 is not a claim: the truth\n\
         is the oracle's run of this launch).",
        k.seed
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_sites_are_the_lines_of_the_oracle_only_calls() {
        let text =
            "g[0] = v1;\n#ifdef __MAPCHECK_ORACLE__\n  mc_same(0, 25, 0u, (long long)(v1));\n\
                    #endif\n  mc_same(1, 31, blockIdx.x, (long long)(v2));\n";
        assert_eq!(value_sites(text), vec![25, 31]);
        assert!(value_sites("g[0] = 1;\n").is_empty());
    }
}
