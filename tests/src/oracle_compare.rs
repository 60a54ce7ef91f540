//! mapcheck's report of a CUDA kernel held against the execution oracle's run of it
//! (`mapcheck-oracle`): the judgement the corpus test (`tests/oracle_corpus.rs`) and the
//! kernel generator (`cudagen::drive`) share, and the printing of both sides.
//!
//! A run in which the oracle observed a race (both accesses in the file) is a soundness
//! disagreement when mapcheck says `drf` — unless every observed race is write-write and
//! mapcheck reports a benign race (both threads store the same value: advice for CUDA,
//! SPEC §7). A run that diverged is one when mapcheck says `drf` and has no
//! barrier-divergence finding.

use mapcheck::report::KernelReport;
use mapcheck_oracle::{AccessKind, Launch, Observation, Outcome};
use mapcheck_smt::{Kind, Verdict};

/// What one run says about one report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// No disagreement (the run may or may not have raced).
    Agree,
    /// The oracle observed write-write races only, which mapcheck reports as a benign race.
    Benign,
    /// The oracle observed a race, mapcheck says `drf`.
    MissedRace,
    /// The oracle observed barrier divergence, mapcheck says `drf` and found none.
    MissedDivergence,
    /// A precondition failed: what the threads did is not a run of the kernel.
    NotARun,
}

/// Judges `obs` against `report`.
pub fn judge(report: &KernelReport, obs: &Observation) -> Judgement {
    if matches!(obs.outcome, Outcome::NotARun(_)) {
        return Judgement::NotARun;
    }
    let races: Vec<_> = obs.located_races().collect();
    let divergent = matches!(obs.outcome, Outcome::Divergence(_));
    let has = |k: Kind| report.findings.iter().any(|f| f.kind == k);
    let drf = report.verdict == Verdict::Drf;
    if drf && !races.is_empty() {
        let benign = has(Kind::BenignRace)
            && races
                .iter()
                .all(|r| r.first.kind == AccessKind::Write && r.second.kind == AccessKind::Write);
        return if benign {
            Judgement::Benign
        } else {
            Judgement::MissedRace
        };
    }
    if divergent && drf && !has(Kind::BarrierDivergence) {
        return Judgement::MissedDivergence;
    }
    Judgement::Agree
}

/// mapcheck's report of one kernel, in a few lines.
pub fn describe_report(r: &KernelReport) -> String {
    let mut s = format!("mapcheck: {} {}", r.class.name(), r.verdict.name());
    for f in &r.findings {
        let at: Vec<String> = f
            .locations
            .iter()
            .map(|l| format!("{}:{}", l.line, l.column))
            .collect();
        s.push_str(&format!(
            "\n  {:?} {:?} at {}",
            f.kind,
            f.certainty,
            at.join(", ")
        ));
    }
    s
}

/// The oracle's run, in a few lines.
pub fn describe_observation(o: &Observation) -> String {
    let mut s = format!("oracle: {:?}", o.outcome);
    for r in &o.races {
        s.push_str(&format!("\n  race: {r}"));
    }
    if !o.stray.is_empty() {
        s.push_str(&format!(
            "\n  ({} race(s) outside the kernel's memory, not counted)",
            o.stray.len()
        ));
    }
    s
}

/// Whether the run answered (it may still have raced before it stopped), else why not.
pub fn answered(o: &Observation) -> Result<(), String> {
    match &o.outcome {
        Outcome::Completed | Outcome::Divergence(_) => Ok(()),
        Outcome::NotARun(why) => Err(format!("not a run: {why}")),
        Outcome::Unsupported(why) => Err(format!("unsupported: {why}")),
        Outcome::Crashed(why) => Err(format!("crashed: {why}")),
        Outcome::TimedOut => Err("timed out".into()),
    }
}

/// The launch of a witness: its geometry and its parameter values.
pub fn witness_launch(w: &mapcheck::report::WitnessReport) -> Launch {
    let dim = |d: [i128; 3]| d.map(|v| u32::try_from(v).unwrap_or(u32::MAX));
    let mut launch = Launch::new(dim(w.grid_dim), dim(w.block_dim));
    for (name, value) in &w.params {
        launch.params.insert(name.clone(), value.to_string());
    }
    launch
}
