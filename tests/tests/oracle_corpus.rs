//! The execution oracle holds mapcheck's verdicts on the CUDA corpus (issue 36, item 2).
//!
//! For every `.cu` file of `tests/cuda/` (one trial each), the oracle (`mapcheck-oracle`:
//! the file compiled as host C++ with our runtime, run under ThreadSanitizer) runs each
//! kernel for the header's launch (`--blockDim`/`--gridDim`, else 2 blocks of 64 threads;
//! every scalar parameter the number of threads of the grid — or 1, 16, the block's size when
//! a `__requires` rules that out —, zeroed buffers), and mapcheck
//! decides the file as `mapcheck FILE` does. A trial fails when the oracle observes a race
//! (both accesses in the file) or barrier divergence in a kernel that mapcheck calls `drf`
//! and free of divergence: a soundness disagreement, printed with both reports. A
//! write-write race of a kernel for which mapcheck reports a benign race (both threads store
//! the same value: advice for CUDA, SPEC §7) is not one.
//!
//! Then each `proven` data race of an `exact` kernel is replayed in the oracle with its
//! witness's launch and parameter values: whether it races there is counted, not required —
//! the oracle can miss a race (TSan's bounded history, one interleaving), and the witness's
//! memory is not the oracle's.
//!
//! What the oracle cannot run (a construct of the emulation's list, a file the rewrite
//! refuses, a launch too large) is counted with its reason. The summary after the trials
//! prints every figure (`notes/oracle.md` keeps them).
//!
//! Tiers: compiling a file under TSan takes about a second, so the fast tier runs a fixed
//! sample (every [`SAMPLE`]-th file and [`ALSO`]); the long tier
//! (`cargo xtask test --long`, or `-- --include-ignored`) runs every file.

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck::check::{check_file, CheckOptions};
use mapcheck::report::KernelReport;
use mapcheck_grammar::cuda::header::read_header;
use mapcheck_oracle::{Launch, Observation, Oracle, Outcome, Prepared};
use mapcheck_smt::{Certainty, Kind, Limits, Options};
use mapcheck_tests::corpus::{files, load_cuda};
use mapcheck_tests::oracle_compare::{
    answered, describe_observation, describe_report, judge, witness_launch, Judgement,
};
use mapcheck_typeck::Class;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The fast tier runs every `SAMPLE`-th file of the sorted corpus.
const SAMPLE: usize = 24;

/// Files the fast tier always runs: each exercises a part of the runtime (shared memory per
/// block, dynamic shared memory, atomics, warp barriers, templates, host code, divergence).
const ALSO: &[&str] = &[
    "scan_hillis_steele_one_barrier.cu",
    "extern_shared_reverse_nosync.cu",
    "histogram_shared_atomics.cu",
    "shared_counter_plain.cu",
    "syncwarp_partner_other_warp.cu",
    "template_reverse_tile_nosync.cu",
    "early_exit_before_barrier.cu",
    "matmul_tiled_missing_second_barrier.cu",
    "transpose_coalesced.cu",
    "reduce_interleaved.cu",
];

/// Everything the trials count, printed after them.
#[derive(Debug, Default)]
struct Stats {
    files: usize,
    /// Kernels run to an answer (completed, or divergence), and how many of them raced.
    kernels_run: usize,
    kernels_racy: usize,
    kernels_divergent: usize,
    /// Kernel runs with no answer, by reason (the reason's first words), with the files.
    unsupported: BTreeMap<String, Vec<String>>,
    /// Oracle race (or divergence), mapcheck `drf`.
    disagreements: Vec<String>,
    /// Oracle write-write race where mapcheck reports a benign race.
    benign: Vec<String>,
    /// mapcheck's answer when the oracle observed a race: verdict name → count.
    racy_verdicts: BTreeMap<String, usize>,
    /// Proven races of exact kernels replayed: raced, did not race (file, kernel, why).
    replays_racy: usize,
    replays_quiet: Vec<String>,
    replays_unrun: Vec<String>,
}

impl Stats {
    fn unsupported(&mut self, reason: &str, file: &str) {
        let key: String = reason.chars().take(90).collect();
        self.unsupported
            .entry(key)
            .or_default()
            .push(file.to_string());
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

/// The settings of `mapcheck FILE` without flags, as the corpus test decides files.
fn settings() -> CheckOptions {
    CheckOptions {
        advice: false,
        ..CheckOptions::new(Options {
            limits: Limits {
                deadline: None,
                ..Limits::default()
            },
            c_words: true,
            ..Options::default()
        })
    }
}

fn dims(d: Option<[u64; 3]>, default: [u32; 3]) -> [u32; 3] {
    d.map_or(default, |d| d.map(|v| u32::try_from(v).unwrap_or(u32::MAX)))
}

/// The kernel's oracle run against mapcheck's report of it: `Err` is a soundness
/// disagreement.
fn compare(
    file: &str,
    report: &KernelReport,
    obs: &Observation,
    stats: &Mutex<Stats>,
) -> Result<(), String> {
    let judgement = judge(report, obs);
    if judgement == Judgement::NotARun {
        // A precondition failed: what the threads did meanwhile is not a run of the kernel.
        return Ok(());
    }
    let racy = obs.located_races().next().is_some();
    let divergent = matches!(obs.outcome, Outcome::Divergence(_));
    let mut st = stats.lock().map_err(|_| "poisoned".to_string())?;
    st.kernels_run += 1;
    if racy {
        st.kernels_racy += 1;
        *st.racy_verdicts
            .entry(report.verdict.name().to_string())
            .or_insert(0) += 1;
    }
    if divergent {
        st.kernels_divergent += 1;
    }
    let what = format!(
        "{file} `{}`:\n{}\n{}",
        report.name,
        describe_observation(obs),
        describe_report(report)
    );
    match judgement {
        Judgement::Agree | Judgement::NotARun => Ok(()),
        Judgement::Benign => {
            st.benign.push(what);
            Ok(())
        }
        Judgement::MissedRace => {
            st.disagreements.push(what.clone());
            Err(format!(
                "the oracle observed a race, mapcheck says drf:\n{what}"
            ))
        }
        Judgement::MissedDivergence => {
            st.disagreements.push(what.clone());
            Err(format!(
                "the oracle observed barrier divergence, mapcheck found none:\n{what}"
            ))
        }
    }
}

/// Replays each proven race of an exact kernel with its witness's launch and values.
fn replay_witnesses(file: &str, prepared: &Prepared, report: &KernelReport, stats: &Mutex<Stats>) {
    if report.class != Class::Exact {
        return;
    }
    for f in &report.findings {
        if f.kind != Kind::DataRace || f.certainty != Certainty::Proven {
            continue;
        }
        let Some(w) = &f.witness else { continue };
        let launch = witness_launch(w);
        let label = format!(
            "{file} `{}` (witness {:?} {:?})",
            report.name, w.grid_dim, w.block_dim
        );
        let result = prepared.run(&report.name, &launch);
        let Ok(mut st) = stats.lock() else { return };
        match result {
            Ok(obs) if obs.located_races().next().is_some() => st.replays_racy += 1,
            Ok(obs) => match answered(&obs) {
                Ok(()) => st.replays_quiet.push(label),
                Err(why) => st.replays_unrun.push(format!("{label}: {why}")),
            },
            Err(e) => st.replays_unrun.push(format!("{label}: {e}")),
        }
    }
}

/// Runs `launch`; when a precondition (`__requires(n <= 16)`) rules its scalars out, runs it
/// again with every scalar 1, then 16, then the block's size, and then gives up.
fn run_some_launch(
    prepared: &Prepared,
    kernel: &str,
    launch: &Launch,
) -> Result<Observation, mapcheck_oracle::Error> {
    let mut obs = prepared.run(kernel, launch)?;
    for default in [
        "1".to_string(),
        "16".to_string(),
        launch.block[0].to_string(),
    ] {
        if !matches!(obs.outcome, Outcome::NotARun(_)) {
            break;
        }
        let again = Launch {
            default_scalar: default,
            ..launch.clone()
        };
        obs = prepared.run(kernel, &again)?;
    }
    Ok(obs)
}

fn check(path: &Path, oracle: &Oracle, stats: &Mutex<Stats>) -> Result<(), Failed> {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let header = read_header(&text);
    if let Ok(mut st) = stats.lock() {
        st.files += 1;
    }
    let unsupported = |why: &str| {
        if let Ok(mut st) = stats.lock() {
            st.unsupported(why, &file);
        }
        Ok(())
    };
    let prepared = match oracle.prepare(path, &header.defines) {
        Ok(p) => p,
        Err(e) => return unsupported(&e.to_string()),
    };
    if let Some(why) = &prepared.unsupported {
        return unsupported(why);
    }
    let (source, program) = match load_cuda(path, &text) {
        Ok(loaded) => loaded,
        Err(errors) => {
            return unsupported(&format!(
                "mapcheck cannot read the file: {}",
                errors.first().map_or("", String::as_str)
            ))
        }
    };
    let launch = Launch::new(
        dims(header.grid_dim, [2, 1, 1]),
        dims(header.block_dim, [64, 1, 1]),
    );
    let mut failures = Vec::new();
    for decided in check_file(&source, &program, &settings()) {
        let report = decided.report;
        if prepared.kernel(&report.name).is_none() {
            unsupported(&format!("the oracle has no kernel `{}`", report.name))?;
            continue;
        }
        match run_some_launch(&prepared, &report.name, &launch) {
            Ok(obs) => {
                if let Err(why) = answered(&obs) {
                    unsupported(&why)?;
                }
                if let Err(why) = compare(&file, &report, &obs, stats) {
                    failures.push(why);
                }
            }
            Err(e) => unsupported(&e.to_string())?,
        }
        replay_witnesses(&file, &prepared, &report, stats);
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

fn summary(st: &Stats) {
    println!("\noracle corpus summary");
    println!("  files tried: {}", st.files);
    println!(
        "  kernels run: {} (racy {}, divergent {})",
        st.kernels_run, st.kernels_racy, st.kernels_divergent
    );
    println!(
        "  mapcheck's verdicts on oracle-racy kernels: {:?}",
        st.racy_verdicts
    );
    let unrun: usize = st.unsupported.values().map(Vec::len).sum();
    println!("  not run: {unrun}");
    for (why, files) in &st.unsupported {
        println!("    {} × {why}: {}", files.len(), files.join(" "));
    }
    println!(
        "  proven witnesses replayed: {} raced, {} did not, {} not run",
        st.replays_racy,
        st.replays_quiet.len(),
        st.replays_unrun.len()
    );
    for q in &st.replays_quiet {
        println!("    no race observed: {q}");
    }
    for q in &st.replays_unrun {
        println!("    not run: {q}");
    }
    println!(
        "  benign (write-write, mapcheck: benign race): {}",
        st.benign.len()
    );
    for b in &st.benign {
        println!("    {}", b.lines().next().unwrap_or(""));
    }
    println!("  soundness disagreements: {}", st.disagreements.len());
    for d in &st.disagreements {
        println!("{d}\n");
    }
}

fn main() {
    let args = Arguments::from_args();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let paths = files(&corpus_dir(), "cu");
    let long = mapcheck_tests::long_tier();
    let trials: Vec<Trial> = match Oracle::new() {
        Err(e) => vec![Trial::test("the oracle is available", move || {
            Err(format!("{e}").into())
        })],
        Ok(oracle) => {
            let oracle = Arc::new(oracle);
            paths
                .into_iter()
                .enumerate()
                .map(|(i, path)| {
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let sampled = i % SAMPLE == 0 || ALSO.contains(&name.as_str());
                    let (oracle, stats) = (Arc::clone(&oracle), Arc::clone(&stats));
                    Trial::test(name, move || check(&path, &oracle, &stats))
                        .with_ignored_flag(!sampled && !long)
                })
                .collect()
        }
    };
    let conclusion = libtest_mimic::run(&args, trials);
    if let Ok(st) = stats.lock() {
        summary(&st);
    }
    conclusion.exit();
}
