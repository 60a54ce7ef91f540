//! Random CUDA kernels through mapcheck and through the execution oracle (issue 36, item 3).
//!
//! Each trial is one kernel of `mapcheck_tests::cudagen` (kernel `n` is generated from seed
//! `SEED + n`), decided by mapcheck as `mapcheck FILE` decides it and run by the oracle for the
//! same launch (`cudagen::drive`). A trial fails on a soundness failure (the oracle observed a
//! race or barrier divergence that mapcheck calls `drf`), a panic, an internal error, a false
//! proven race of an exact kernel (the run showed no race three times) and on an assertion of
//! the generator's that failed (its own bug). A file mapcheck refuses (exit 2) is counted by
//! message in the summary, not failed: the generator prints only C++ the front end claims, so
//! each such message is a gap to look at, listed with its seeds.
//!
//! On a failure the kernel is minimised (`cudagen::shrink`, while the same family persists)
//! and both files are kept in `MAPCHECK_GEN_OUT` (default `target/cudagen/`): `gen_SEED.cu`
//! and `min_SEED.cu`. A seed may make a shape (`cudagen::shapes`: thread-start barrier loops,
//! out of bounds, stale same-value stores, constructs) instead of a tree kernel; a shape is
//! kept whole (it is small), and fails also on an access out of bounds the oracle's bounds
//! run saw where mapcheck says `drf`, on a false proven out-of-bounds finding and on a proven
//! race of equal values (`cudagen::drive`). `MAPCHECK_GEN_SHAPES` sets the chance of a shape
//! in the long tier (`1` for shapes only); `MAPCHECK_GEN_VARIANTS=1` prints the shapes'
//! variants in the summary.
//!
//! Tiers: the fast tier (CI) runs [`FAST`] kernels from the fixed seed [`SEED`]; the long tier
//! (`cargo xtask test --long`, or `MAPCHECK_TEST_TIER=long`, or `-- --include-ignored`) runs
//! `MAPCHECK_GEN_COUNT` more (default [`LONG`]) from `MAPCHECK_GEN_SEED` (default: after the
//! fast tier's). The same seed gives the same kernels and the same verdicts.

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck_tests::cudagen::drive::{Driver, Family, Run};
use mapcheck_tests::cudagen::generate::generate;
use mapcheck_tests::cudagen::shapes;
use mapcheck_tests::cudagen::shrink::shrink;
use mapcheck_tests::cudagen::Settings;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The first seed of the fast tier.
const SEED: u64 = 0x6375_6461_0000;
/// Kernels of the fast tier (about 40% of them shapes, `cudagen::shapes`).
const FAST: u64 = 60;
/// Kernels of the long tier, unless `MAPCHECK_GEN_COUNT` says otherwise.
const LONG: u64 = 1000;
/// Calls of the tools the minimiser may make for one disagreement (`MAPCHECK_GEN_SHRINK`
/// replaces it).
const SHRINK_BUDGET: usize = 150;

#[derive(Debug, Default)]
struct Stats {
    kernels: usize,
    /// mapcheck's `class verdict` → count; with how many the oracle saw race.
    answers: BTreeMap<String, (usize, usize)>,
    oracle_racy: usize,
    oracle_divergent: usize,
    benign: Vec<u64>,
    unanswered: BTreeMap<String, Vec<u64>>,
    families: BTreeMap<String, Vec<u64>>,
    /// Per kind of kernel (`tree` or a shape): kernels, decided by mapcheck, racy in the
    /// oracle, divergent, out of bounds in the bounds run.
    kinds: BTreeMap<String, [usize; 5]>,
    /// Per shape family and variant: kernels.
    variants: BTreeMap<String, usize>,
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| {
        let v = v.trim();
        v.strip_prefix("0x")
            .map_or_else(|| v.parse().ok(), |h| u64::from_str_radix(h, 16).ok())
    })
}

fn out_dir() -> PathBuf {
    std::env::var_os("MAPCHECK_GEN_OUT").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/cudagen"),
        PathBuf::from,
    )
}

/// Whether a family fails its trial (front-end gaps are counted, not failed). A refusal of a
/// namesake record is not a gap but a defect since the resolve stage decides records by
/// declaration (issue 32 item 1): every `Cfg` the generator writes is read through its members,
/// which name their record by id.
fn fails(f: &Family) -> bool {
    match f {
        Family::FrontEnd(m) => m.contains("several definitions"),
        _ => true,
    }
}

fn one(seed: u64, long: bool, driver: &Driver, stats: &Mutex<Stats>) -> Result<(), Failed> {
    let mut settings = Settings::default();
    // `MAPCHECK_GEN_SHAPES` (the long tier's): the chance that a seed makes a shape.
    if let Some(p) = std::env::var("MAPCHECK_GEN_SHAPES")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|_| long)
    {
        settings.shapes = p;
    }
    let shaped = shapes::pick(seed, &settings).map(|s| shapes::generate(seed, s));
    let k = generate(seed, &settings);
    let run: Run = match &shaped {
        Some(s) => driver.run_shape(s),
        None => driver.run(&k),
    };
    let kind = shaped.as_ref().map_or("tree", |s| s.shape.name());
    if let Ok(mut st) = stats.lock() {
        st.kernels += 1;
        let e = st.kinds.entry(kind.to_string()).or_default();
        e[0] += 1;
        e[1] += usize::from(run.mapcheck.is_some());
        e[2] += usize::from(run.oracle_racy);
        e[3] += usize::from(run.oracle_divergent);
        e[4] += usize::from(run.oracle_oob);
        if let Some(s) = &shaped {
            for v in &s.variants {
                *st.variants.entry(format!("{}: {v}", kind)).or_default() += 1;
            }
        }
        if let Some(m) = &run.mapcheck {
            let e = st.answers.entry(m.clone()).or_default();
            e.0 += 1;
            e.1 += usize::from(run.oracle_racy);
        }
        st.oracle_racy += usize::from(run.oracle_racy);
        st.oracle_divergent += usize::from(run.oracle_divergent);
        if run.benign {
            st.benign.push(seed);
        }
        if let Some(u) = &run.unanswered {
            let key: String = u.chars().take(100).collect();
            st.unanswered.entry(key).or_default().push(seed);
        }
        if let Some(f) = &run.family {
            st.families.entry(f.name()).or_default().push(seed);
        }
    }
    // One line per kernel in `runs.tsv` beside the files: the figures survive a long run
    // that is stopped before its summary.
    let line = format!(
        "{seed}\t{kind}\t{}\t{}\t{}\t{}\t{}\n",
        run.mapcheck.as_deref().unwrap_or("-"),
        if run.oracle_oob {
            "out-of-bounds"
        } else if run.oracle_racy {
            "racy"
        } else if run.oracle_divergent {
            "divergent"
        } else {
            "quiet"
        },
        u8::from(run.benign),
        run.family.as_ref().map_or("-".to_string(), Family::name),
        run.unanswered.as_deref().unwrap_or("-"),
    );
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(driver.dir.join("runs.tsv"))
    {
        use std::io::Write;
        let _ = f.write_all(line.as_bytes());
    }
    let Some(family) = run.family.clone().filter(fails) else {
        return Ok(());
    };
    if let Some(s) = &shaped {
        // A shape is small already: kept whole, not minimised.
        return Err(format!(
            "{} on seed {seed} (shape: {}; kept in {}):\n{}\n\n{}",
            family.name(),
            s.shape.name(),
            driver.dir.display(),
            run.detail,
            s.text
        )
        .into());
    }
    let budget = env_u64("MAPCHECK_GEN_SHRINK").map_or(SHRINK_BUDGET, |b| b as usize);
    let minimal = shrink(&k, budget, &mut |c| {
        driver.run(c).family.as_ref() == Some(&family)
    });
    let text = minimal.print("//pass", &mapcheck_tests::cudagen::drive::comment(&minimal));
    let path = driver.dir.join(format!("min_{seed}.cu"));
    let _ = std::fs::write(&path, &text);
    let again = driver.run(&minimal);
    Err(format!(
        "{} on seed {seed} (kept in {}):\n{}\n\nminimised ({} statements, {}):\n{text}\n{}",
        family.name(),
        driver.dir.display(),
        run.detail,
        minimal.size(),
        path.display(),
        again.detail
    )
    .into())
}

fn summary(st: &Stats, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    println!("\ngenerated kernels summary");
    println!(
        "  kernels: {} in {:.0} s ({:.2} s each)",
        st.kernels,
        secs,
        secs / st.kernels.max(1) as f64
    );
    println!(
        "  oracle: racy {}, divergent {}",
        st.oracle_racy, st.oracle_divergent
    );
    println!(
        "  benign (write-write races of equal values, mapcheck: benign race): {} {:?}",
        st.benign.len(),
        &st.benign[..st.benign.len().min(8)]
    );
    println!("  mapcheck's answers (count, of which the oracle saw a race):");
    for (a, (n, r)) in &st.answers {
        println!("    {a}: {n} ({r})");
    }
    println!("  oracle gave no answer:");
    for (why, seeds) in &st.unanswered {
        println!(
            "    {} × {why}: {:?}",
            seeds.len(),
            &seeds[..seeds.len().min(8)]
        );
    }
    println!("  per kind (kernels, decided by mapcheck, oracle racy, divergent, out of bounds):");
    for (k, n) in &st.kinds {
        println!("    {k}: {n:?}");
    }
    if std::env::var_os("MAPCHECK_GEN_VARIANTS").is_some() {
        println!("  shape variants:");
        for (v, n) in &st.variants {
            println!("    {v}: {n}");
        }
    }
    println!("  families:");
    for (f, seeds) in &st.families {
        println!(
            "    {} × {f}: {:?}",
            seeds.len(),
            &seeds[..seeds.len().min(12)]
        );
    }
}

fn main() {
    let args = Arguments::from_args();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let long = mapcheck_tests::long_tier();
    let count = env_u64("MAPCHECK_GEN_COUNT").unwrap_or(LONG);
    let long_seed = env_u64("MAPCHECK_GEN_SEED").unwrap_or(SEED + FAST);
    let started = Instant::now();
    let trials: Vec<Trial> = match Driver::new(&out_dir()) {
        Err(e) => vec![Trial::test("the oracle is available", move || {
            Err(e.clone().into())
        })],
        Ok(driver) => {
            let driver = Arc::new(driver);
            let fast = (SEED..SEED + FAST).map(|s| (s, false));
            let slow = (long_seed..long_seed + count).map(|s| (s, true));
            fast.chain(slow)
                .map(|(seed, ignored)| {
                    let (driver, stats) = (Arc::clone(&driver), Arc::clone(&stats));
                    let name = format!("{}::seed_{seed}", if ignored { "long" } else { "fast" });
                    Trial::test(name, move || one(seed, ignored, &driver, &stats))
                        .with_ignored_flag(ignored && !long)
                })
                .collect()
        }
    };
    let conclusion = libtest_mimic::run(&args, trials);
    if let Ok(st) = stats.lock() {
        summary(&st, started);
    }
    conclusion.exit();
}
