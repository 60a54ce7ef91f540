//! The example corpus against the reference interpreter: every `examples/*.bcu` states, in its
//! header, what `mapcheck run` observes for several configurations (`// run: FLAGS => OUTCOME`,
//! documented in `examples/README.md`), and this test runs each configuration and checks it:
//! each line is its own trial, `NAME.bcu:LINE` (`cargo test -p mapcheck-tests --test
//! run_corpus -- NAME` runs one example's lines).
//!
//! The header reader ignores keys it does not know (later stages add `// verdict:` and the
//! like), so the corpus can grow new expectations without breaking this test.

use libtest_mimic::{Arguments, Trial};
use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::{
    self, Config, RaceScope, RandomMemory, RandomUnknowns, Run, RunError, ZeroMemory, ZeroUnknowns,
};
use mapcheck_core::{Arith, Value};
use mapcheck_tests::corpus::header;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One `// run:` line: the flags of `mapcheck run` and the expected outcome.
#[derive(Debug)]
struct Expectation {
    line: usize,
    flags: Flags,
    outcome: Outcome,
}

/// The subset of `mapcheck run`'s flags that decide a configuration.
#[derive(Debug, Default)]
struct Flags {
    block: Vec<Value>,
    grid: Vec<Value>,
    params: BTreeMap<String, Value>,
    init: Option<u64>,
    arith: Arith,
    kernel: Option<String>,
    /// `--warp-sync[=N]`: the lanes of each warp of N (32) run in lockstep.
    warp_sync: Option<u32>,
    /// `--warp-size N`: the lanes `syncwarp;` orders.
    warp_size: Option<u32>,
}

/// What a run must show: exactly these defects. `kinds`, when given, is the exact set of race
/// kinds (`write-write`, `read-write`, `atomic-write`); `grid` says whether some race is
/// between blocks; `benign` whether every race of the run stored equal values.
#[derive(Debug, Default, PartialEq, Eq)]
struct Outcome {
    error: bool,
    racy: bool,
    divergent: bool,
    kinds: Option<BTreeSet<String>>,
    grid: bool,
    benign: bool,
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn dims(text: &str) -> Result<Vec<Value>, String> {
    text.split(',')
        .map(|d| {
            d.trim()
                .parse::<Value>()
                .map_err(|e| format!("bad dimension `{d}`: {e}"))
        })
        .collect()
}

fn parse_flags(text: &str) -> Result<Flags, String> {
    let mut flags = Flags::default();
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        // `--warp-sync` and `--warp-sync=N` are one word, as on `mapcheck run`'s command line.
        if let Some(rest) = words[i].strip_prefix("--warp-sync") {
            flags.warp_sync = Some(match rest.strip_prefix('=') {
                Some(n) => n.parse().map_err(|e| format!("bad `{}`: {e}", words[i]))?,
                None if rest.is_empty() => 32,
                None => return Err(format!("unknown flag `{}`", words[i])),
            });
            i += 1;
            continue;
        }
        let arg = words
            .get(i + 1)
            .copied()
            .ok_or(format!("`{}` needs a value", words[i]))?;
        match words[i] {
            "--block-dim" => flags.block = dims(arg)?,
            "--grid-dim" => flags.grid = dims(arg)?,
            "-p" | "--param" => {
                let (name, value) = arg
                    .split_once('=')
                    .ok_or(format!("bad parameter `{arg}`"))?;
                let value = value
                    .parse()
                    .map_err(|e| format!("bad value in `{arg}`: {e}"))?;
                flags.params.insert(name.to_string(), value);
            }
            "--init" => {
                flags.init = match arg {
                    "zero" => None,
                    _ => Some(
                        arg.strip_prefix("random:")
                            .and_then(|s| s.parse().ok())
                            .ok_or(format!("bad `--init {arg}`"))?,
                    ),
                }
            }
            "--arith" => flags.arith = arg.parse::<Arith>().map_err(|e| e.to_string())?,
            "--kernel" => flags.kernel = Some(arg.to_string()),
            "--warp-size" => {
                flags.warp_size = Some(arg.parse().map_err(|e| format!("bad `{arg}`: {e}"))?);
            }
            other => return Err(format!("unknown flag `{other}`")),
        }
        i += 2;
    }
    if flags.block.is_empty() {
        return Err("every run needs `--block-dim`".into());
    }
    Ok(flags)
}

fn parse_outcome(text: &str) -> Result<Outcome, String> {
    let mut outcome = Outcome::default();
    let mut kinds = BTreeSet::new();
    let mut drf = false;
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        match word {
            "drf" => drf = true,
            "racy" => outcome.racy = true,
            "divergent" => outcome.divergent = true,
            "error" => outcome.error = true,
            "grid" => outcome.grid = true,
            "benign" => outcome.benign = true,
            "write-write" | "read-write" | "atomic-write" => {
                kinds.insert(word.to_string());
            }
            other => return Err(format!("unknown outcome `{other}`")),
        }
    }
    if drf && (outcome.racy || outcome.divergent || outcome.error) {
        return Err("`drf` excludes `racy`, `divergent` and `error`".into());
    }
    if !drf && !outcome.racy && !outcome.divergent && !outcome.error {
        return Err("no outcome: say `drf`, `racy`, `divergent` or `error`".into());
    }
    if !kinds.is_empty() || outcome.grid || outcome.benign {
        if !outcome.racy {
            return Err("race kinds, `grid` and `benign` go with `racy`".into());
        }
        outcome.kinds = Some(kinds);
    }
    Ok(outcome)
}

fn expectations(source: &str) -> Result<Vec<Expectation>, String> {
    header(source)
        .into_iter()
        .filter(|(_, key, _)| key == "run")
        .map(|(line, _, value)| {
            let (flags, outcome) = value
                .split_once("=>")
                .ok_or(format!("line {line}: expected `FLAGS => OUTCOME`"))?;
            Ok(Expectation {
                line,
                flags: parse_flags(flags).map_err(|e| format!("line {line}: {e}"))?,
                outcome: parse_outcome(outcome).map_err(|e| format!("line {line}: {e}"))?,
            })
        })
        .collect()
}

fn run_config(kernel: &Kernel, flags: &Flags) -> Result<Run, RunError> {
    // Per dimension, as `mapcheck run` launches it: `--block-dim 4,2` is threadIdx.y in 0..2.
    let dims = |d: &[Value]| {
        let mut all = [1; 3];
        all[..d.len().min(3)].copy_from_slice(&d[..d.len().min(3)]);
        all
    };
    let (zero_memory, zero_unknowns) = (ZeroMemory, ZeroUnknowns);
    let seed = flags.init.unwrap_or_default();
    let (random_memory, random_unknowns) = (RandomMemory { seed }, RandomUnknowns { seed });
    let mut config = Config::with_dims(dims(&flags.block), dims(&flags.grid))
        .with_arith(flags.arith)
        .with_warp_sync(flags.warp_sync)
        .with_warp_size(flags.warp_size);
    config.params = flags.params.clone();
    let config = match flags.init {
        None => config
            .with_memory(&zero_memory)
            .with_unknowns(&zero_unknowns),
        Some(_) => config
            .with_memory(&random_memory)
            .with_unknowns(&random_unknowns),
    };
    interp::run(kernel, &config)
}

fn observed(result: &Result<Run, RunError>) -> Outcome {
    match result {
        Err(_) => Outcome {
            error: true,
            ..Outcome::default()
        },
        Ok(run) => Outcome {
            error: false,
            racy: !run.is_drf(),
            divergent: !run.is_aligned(),
            kinds: Some(
                run.races
                    .iter()
                    .map(|r| r.kind.name().to_string())
                    .collect(),
            ),
            grid: run.races.iter().any(|r| r.scope == RaceScope::Grid),
            benign: !run.races.is_empty() && run.races.iter().all(|r| r.benign),
        },
    }
}

fn matches(expected: &Outcome, got: &Outcome) -> bool {
    expected.error == got.error
        && expected.racy == got.racy
        && expected.divergent == got.divergent
        && expected.kinds.as_ref().is_none_or(|kinds| {
            Some(kinds) == got.kinds.as_ref()
                && expected.grid == got.grid
                && expected.benign == got.benign
        })
}

fn describe(result: &Result<Run, RunError>) -> String {
    match result {
        Err(e) => format!("error: {e}"),
        Ok(run) => {
            let mut lines: Vec<String> = run.races.iter().map(|r| r.to_string()).collect();
            lines.extend(run.divergences.iter().map(|d| d.to_string()));
            if lines.is_empty() {
                "drf and aligned".into()
            } else {
                lines.join("\n    ")
            }
        }
    }
}

/// The trials of one example: one per `// run:` line (`NAME.bcu:LINE`), or one that fails
/// saying why the file cannot be run.
fn trials_of(path: &Path) -> Vec<Trial> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let broken = |why: String| vec![Trial::test(name.clone(), move || Err(why.into()))];
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => return broken(format!("cannot read: {e}")),
    };
    let program = match mapcheck_grammar::parse(&source) {
        Ok(p) => Arc::new(p),
        Err(errors) => {
            let messages: Vec<_> = errors.iter().map(|e| e.message.clone()).collect();
            return broken(format!("does not parse: {}", messages.join("; ")));
        }
    };
    let expected = match expectations(&source) {
        Ok(e) if e.len() >= 2 => e,
        Ok(_) => return broken("needs at least two `// run:` lines".into()),
        Err(e) => return broken(e),
    };
    expected
        .into_iter()
        .map(|exp| {
            let program = Arc::clone(&program);
            Trial::test(format!("{name}:{}", exp.line), move || {
                let kernels: Vec<&Kernel> = program
                    .kernels
                    .iter()
                    .filter(|k| exp.flags.kernel.as_ref().is_none_or(|n| &k.name.name == n))
                    .collect();
                if kernels.is_empty() {
                    return Err("no kernel to run".into());
                }
                for kernel in kernels {
                    let result = run_config(kernel, &exp.flags);
                    if !matches(&exp.outcome, &observed(&result)) {
                        return Err(format!(
                            "kernel `{}`: expected {:?}\n    got {}",
                            kernel.name.name,
                            exp.outcome,
                            describe(&result)
                        )
                        .into());
                    }
                }
                Ok(())
            })
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let files = mapcheck_tests::corpus::files(&examples_dir(), "bcu");
    let count = files.len();
    let mut trials = vec![
        Trial::test("the corpus is all there", move || {
            if count < 20 {
                return Err(format!("expected at least 20 examples, found {count}").into());
            }
            Ok(())
        }),
        Trial::test(
            "the header reader tolerates unknown keys and rejects bad outcomes",
            || {
                the_header_reader_tolerates_unknown_keys_and_rejects_bad_outcomes();
                Ok(())
            },
        ),
    ];
    trials.extend(files.iter().flat_map(|f| trials_of(f)));
    libtest_mimic::run(&args, trials).exit();
}

fn the_header_reader_tolerates_unknown_keys_and_rejects_bad_outcomes() {
    let source = "// a description: with a colon\n// verdict: racy\n// class: exact\n\
                  // run: --block-dim 4 -p M=2 => racy write-write\n\
                  // run: --block-dim 1 => drf\nkernel k(M) { shared A; }\n// run: --block-dim 9 => drf\n";
    let runs = expectations(source);
    assert_eq!(runs.as_ref().map(|r| r.len()), Ok(2));
    assert!(parse_outcome("drf racy").is_err());
    assert!(parse_outcome("maybe").is_err());
    assert!(parse_outcome("").is_err());
    assert!(parse_outcome("grid").is_err());
    assert!(parse_flags("--block-dim 4 --frobnicate 2").is_err());
    let flags = parse_flags("--block-dim 4,2 --grid-dim 3 --init random:5 --arith bv32");
    assert_eq!(
        flags.map(|f| (f.block, f.grid, f.init, f.arith)),
        Ok((vec![4, 2], vec![3], Some(5), Arith::Bv32))
    );
}
