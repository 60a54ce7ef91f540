//! The corpus test of the whole pipeline: every `examples/*.bcu` and `examples/cuda/*.cu` is
//! checked with `mapcheck --json` under each of its `// check: FLAGS => OUTCOME` header lines,
//! and the class, the verdict, barrier divergence, the `approximate` flag and the exit code
//! must be what the header says; a `// findings: FLAGS => ITEMS` line with the same flags lists
//! the kernel's findings (kind, certainty, access, grid, warp-only) exactly. The JSON
//! document is checked against the schema the README documents, and no witness of an exact
//! kernel may fail to replay (an internal error). A GPUVerify header (`//pass`,
//! `//xfail:data-race`) must agree with the verdict of the file's flag-less check line.
//!
//! Certainty (SPEC §7, issue 16 item 3): every `proven` or `confirmed` finding of the JSON is
//! replayed here, independently of the pipeline's own replay — the file loaded again, the
//! witness's configuration, memory and `?` values given to the reference interpreter — and the
//! run must finish and show the same defect at the same locations.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck::input::{load_with, LoadOptions, Loaded, SourceFile};
use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::{self, Config, InitialMemory, RaceScope, RandomMemory, UnknownSite};
use mapcheck_core::Arith;
use mapcheck_tests::corpus::header;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn files(dir: &str, extension: &str) -> Vec<PathBuf> {
    mapcheck_tests::corpus::files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), extension)
}

/// `// check: FLAGS => WORDS` lines of a file, with their line numbers (the corpus header
/// reader of `mapcheck_tests::corpus`).
fn checks(text: &str) -> Vec<(usize, Vec<String>, Vec<String>)> {
    lines_of(text, "check")
}

/// `// KEY: FLAGS => WORDS` lines of a file, with their line numbers.
fn lines_of(text: &str, wanted: &str) -> Vec<(usize, Vec<String>, Vec<String>)> {
    header(text)
        .into_iter()
        .filter(|(_, key, _)| key == wanted)
        .map(|(line, _, rest)| {
            let (flags, outcome) = rest.split_once("=>").expect("`=>` in a check line");
            (
                line,
                flags.split_whitespace().map(String::from).collect(),
                outcome.split_whitespace().map(String::from).collect(),
            )
        })
        .collect()
}

fn check_schema(doc: &Value) {
    assert_eq!(doc["schema"], "mapcheck/1");
    assert_eq!(doc["version"], env!("CARGO_PKG_VERSION"));
    let invalid: Vec<String> = validator()
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        invalid.is_empty(),
        "not valid against the schema:\n{}",
        invalid.join("\n")
    );
    for k in doc["kernels"].as_array().unwrap() {
        for key in ["file", "name", "class", "verdict", "findings", "time_ms"] {
            assert!(k.get(key).is_some(), "kernel without `{key}`: {k}");
        }
        assert_eq!(k["location"]["file"], k["file"]);
        check_range(&k["location"]);
        assert!(["exact", "data-dependent"].contains(&k["class"].as_str().unwrap()));
        assert!(
            ["drf", "racy", "possibly-racy", "unknown"].contains(&k["verdict"].as_str().unwrap())
        );
        // Issue 19 item 2: a data-dependent kernel says why, located, with the values its
        // reasons depend on and where they come from; an exact kernel has no reasons.
        let reasons = k["reasons"].as_array().map_or(&[][..], Vec::as_slice);
        assert_eq!(
            k["class"] == "data-dependent",
            !reasons.is_empty(),
            "class and reasons disagree: {k}"
        );
        for r in reasons {
            let kind = r["kind"].as_str().unwrap();
            assert!([
                "index",
                "condition",
                "loop-start",
                "loop-bound",
                "loop-step",
                "assume",
                "assume-per-thread",
                "barrier-placement"
            ]
            .contains(&kind));
            assert_eq!(r["array"].is_string(), kind == "index", "{r}");
            assert_eq!(r["variable"].is_string(), kind.starts_with("loop-"), "{r}");
            assert!(r["location"]["line"].as_u64().unwrap() >= 1, "{r}");
            assert!(r["message"].is_string() && r["text"].is_string(), "{r}");
            assert!(r["depends_on"].is_array(), "{r}");
            for src in r["sources"].as_array().unwrap() {
                assert!(
                    [
                        "read",
                        "havoc",
                        "atomic",
                        "inexact",
                        "too-large",
                        "let",
                        "control"
                    ]
                    .contains(&src["kind"].as_str().unwrap()),
                    "{src}"
                );
                assert!(src["location"]["line"].as_u64().unwrap() >= 1, "{src}");
            }
        }
        for f in k["findings"].as_array().unwrap() {
            let kind = f["kind"].as_str().unwrap();
            assert!([
                "data-race",
                "barrier-divergence",
                "redundant-barrier",
                "benign-race",
                "out-of-bounds"
            ]
            .contains(&kind));
            if kind == "out-of-bounds" {
                // One thread leaves its array: its dimension, extent and index.
                let b = &f["bound"];
                let index = b["index"].as_i64().unwrap();
                assert!(index < 0 || index >= b["extent"].as_i64().unwrap(), "{f}");
                assert_eq!(f["witness"]["threads"].as_array().unwrap().len(), 1, "{f}");
                assert_eq!(f["witness"]["index"][0], b["index"], "{f}");
                continue;
            }
            assert!(
                ["proven", "confirmed", "potential"].contains(&f["certainty"].as_str().unwrap())
            );
            if kind == "benign-race" {
                // SPEC §7: only a write-write race can be benign, and it says why.
                assert_eq!(f["access"], "write-write");
                assert!(f["notes"].as_array().is_some_and(|n| !n.is_empty()));
            }
            if kind == "data-race" || kind == "benign-race" {
                assert!(f["array"].is_string());
                assert!(["write-write", "read-write", "atomic-write"]
                    .contains(&f["access"].as_str().unwrap()));
                assert_eq!(f["locations"].as_array().unwrap().len(), 2);
                assert!(f["witness"]["index"].is_array());
            }
            let locations = f["locations"].as_array().unwrap();
            for loc in locations {
                assert!(loc["line"].as_u64().unwrap() >= 1);
                assert!(loc["column"].as_u64().unwrap() >= 1);
                assert!(loc["file"].is_string());
                check_range(loc);
            }
            // Issue 35 item 5: each location says whose it is and what it does there.
            let roles: Vec<(&str, &str)> = locations
                .iter()
                .map(|l| {
                    let role = &l["role"];
                    (
                        role["thread"].as_str().unwrap_or("-"),
                        role["access"]
                            .as_str()
                            .unwrap_or_else(|| panic!("no role: {f}")),
                    )
                })
                .collect();
            match kind {
                "data-race" | "benign-race" => {
                    assert_eq!(roles[0].0, "A", "{f}");
                    assert_eq!(roles[1].0, "B", "{f}");
                    let mut accesses = [roles[0].1, roles[1].1];
                    accesses.sort_unstable();
                    let fits = match f["access"].as_str().unwrap() {
                        "write-write" => accesses == ["write", "write"],
                        "read-write" => accesses == ["read", "write"],
                        _ => accesses.contains(&"atomic") && accesses != ["atomic", "atomic"],
                    };
                    assert!(fits, "roles {roles:?} of a {} race: {f}", f["access"]);
                }
                "barrier-divergence" => assert_eq!(roles, [("A", "barrier")], "{f}"),
                _ => assert_eq!(roles, [("-", "barrier")], "{f}"),
            }
            if f["certainty"] == "potential" && kind != "redundant-barrier" {
                // SPEC §7: a finding that was not replayed says why.
                assert!(
                    f["notes"].as_array().is_some_and(|n| !n.is_empty()),
                    "a potential finding without a note: {f}"
                );
            }
            if kind == "redundant-barrier" {
                // Advice about every run: one barrier, no witness.
                assert_eq!(f["locations"].as_array().unwrap().len(), 1);
                assert!(f.get("witness").is_none());
                continue;
            }
            let w = &f["witness"];
            assert!(w["params"].is_object());
            assert_eq!(w["block_dim"].as_array().unwrap().len(), 3);
            assert_eq!(w["grid_dim"].as_array().unwrap().len(), 3);
            let threads = w["threads"].as_array().unwrap();
            assert_eq!(threads.len(), 2);
            for t in threads {
                assert_eq!(t["tid"].as_array().unwrap().len(), 3);
                assert_eq!(t["bid"].as_array().unwrap().len(), 3);
                assert!(t["vars"].is_object());
            }
        }
    }
    assert!(doc["errors"].is_array());
    for e in doc["errors"].as_array().unwrap() {
        // The end of an error's range is null exactly when its start is.
        assert_eq!(e["line"].is_null(), e["end_line"].is_null(), "{e}");
        if !e["line"].is_null() {
            check_range(e);
        }
    }
}

/// The range of a location (or a located error): an end that is not before its start.
fn check_range(loc: &Value) {
    let start = (
        loc["line"].as_u64().unwrap(),
        loc["column"].as_u64().unwrap(),
    );
    let end = (
        loc["end_line"].as_u64().unwrap(),
        loc["end_column"].as_u64().unwrap(),
    );
    assert!(end >= start, "a range that ends before it starts: {loc}");
}

/// One `// check:` line of `file` (`text`): `mapcheck FLAGS --json FILE` must give the class,
/// verdict, divergence and exit code `words` name, a document valid against the schema, no
/// internal error, and every certain finding must replay; a `racy` verdict must rest on at
/// least one replayed finding. The flag-less line must also agree with a GPUVerify header.
fn check_line(file: &Path, text: &str, flags: &[String], words: &[String]) -> Result<(), Failed> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mapcheck"));
    command.args(flags);
    // The answer must not change with the machine's load: z3's deterministic resource limit
    // bounds every query, and the wall-clock backstop is set far above what it allows here.
    if !flags.iter().any(|f| f == "--timeout") {
        command.args(["--timeout", "120"]);
    }
    let output = command
        .arg("--json")
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run mapcheck: {e}"))?;
    let doc: Value =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("not JSON ({e})"))?;
    check_schema(&doc);
    for f in doc["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|k| k["findings"].as_array().unwrap())
    {
        let cuda = file.extension().is_some_and(|e| e == "cu");
        phase_bounds_say_the_phase(f, cuda)?;
    }
    let k = &doc["kernels"][0];
    let divergent = k["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["kind"] == "barrier-divergence");
    let mut got = vec![
        k["class"].as_str().unwrap().to_string(),
        k["verdict"].as_str().unwrap().to_string(),
    ];
    if divergent {
        got.push("divergent".into());
    }
    // SPEC §7 / issue 16 item 3: the phase split's over-approximation is a kernel-level flag.
    if k["approximate"] == true {
        got.push("approximate".into());
    }
    got.push(format!("exit={}", output.status.code().unwrap_or(-1)));
    if got != words {
        return Err(format!("expected {words:?}, got {got:?}").into());
    }
    if let Some(errors) = k.get("internal_errors") {
        return Err(format!("internal errors {errors}").into());
    }
    let mut replayed = 0;
    for kernel in doc["kernels"].as_array().unwrap() {
        replayed += certain_findings_replay(file, flags, kernel)?;
    }
    if words.iter().any(|w| w == "racy") && replayed == 0 {
        return Err("a `racy` verdict whose findings were not replayed here".into());
    }
    // `// findings: FLAGS => ITEMS`, for the same flags: the kernel's findings, exactly.
    for (_, fflags, items) in lines_of(text, "findings") {
        if fflags == flags {
            findings_match(&items, &findings_of(k))?;
        }
    }
    // A GPUVerify header's expectation must agree with the default check's verdict.
    if flags.is_empty() {
        let verdict = words.get(1).map(String::as_str);
        if text.starts_with("//pass") && verdict != Some("drf") {
            return Err(format!("`//pass` but {words:?}").into());
        }
        if text.starts_with("//xfail:data-race")
            && !matches!(verdict, Some("racy" | "possibly-racy"))
        {
            return Err(format!("`//xfail:data-race` but {words:?}").into());
        }
    }
    Ok(())
}

/// The findings of a JSON kernel as a `// findings:` line writes them:
/// `KIND/CERTAINTY[/ACCESS][/grid][/warp-only]`.
fn findings_of(k: &Value) -> Vec<String> {
    k["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let mut item = format!(
                "{}/{}",
                f["kind"].as_str().unwrap(),
                f["certainty"].as_str().unwrap()
            );
            if let Some(access) = f["access"].as_str() {
                item += &format!("/{access}");
            }
            if f["scope"] == "grid" {
                item += "/grid";
            }
            if f["warp_only"] == true {
                item += "/warp-only";
            }
            item
        })
        .collect()
}

/// `have` (the findings of a kernel) is what the items of a `// findings:` line say: each item
/// is one finding, and an item ending in `+` is one or more findings alike (a kernel whose many
/// racing statement pairs share one description).
fn findings_match(items: &[String], have: &[String]) -> Result<(), String> {
    let mut left: BTreeMap<&str, usize> = BTreeMap::new();
    for h in have {
        *left.entry(h.as_str()).or_default() += 1;
    }
    for item in items {
        let (base, many) = match item.strip_suffix('+') {
            Some(base) => (base, true),
            None => (item.as_str(), false),
        };
        match left.get_mut(base) {
            Some(n) if *n > 0 => *n = if many { 0 } else { *n - 1 },
            _ => {
                return Err(format!(
                    "no finding `{base}` left for `{item}`; findings: {have:?}"
                ))
            }
        }
    }
    let extra: Vec<&&str> = left
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(f, _)| f)
        .collect();
    if extra.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "findings the `// findings:` line does not list: {extra:?}; findings: {have:?}"
        ))
    }
}

/// The trials of one file: one per check line (`NAME:LINE`), or one that fails saying why
/// there is none.
fn trials_of(prefix: &str, file: PathBuf) -> Vec<Trial> {
    let name = format!(
        "{prefix}{}",
        file.file_name().unwrap_or_default().to_string_lossy()
    );
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => Arc::new(t),
        Err(e) => {
            let why = format!("cannot read: {e}");
            return vec![Trial::test(name, move || Err(why.into()))];
        }
    };
    let lines = checks(&text);
    if lines.is_empty() {
        return vec![Trial::test(name, || Err("no `// check:` line".into()))];
    }
    if let Some((line, ..)) = lines_of(&text, "findings")
        .into_iter()
        .find(|(_, flags, _)| !lines.iter().any(|(_, f, _)| f == flags))
    {
        let why = format!("the `// findings:` line {line} has no `// check:` line of its flags");
        return vec![Trial::test(name, move || Err(why.into()))];
    }
    let file = Arc::new(file);
    lines
        .into_iter()
        .map(|(line, flags, words)| {
            let (file, text) = (Arc::clone(&file), Arc::clone(&text));
            Trial::test(format!("{name}:{line}"), move || {
                check_line(&file, &text, &flags, &words)
            })
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let bcu = files("../examples", "bcu");
    let cuda = files("../examples/cuda", "cu");
    let (nb, nc) = (bcu.len(), cuda.len());
    let mut trials = vec![
        Trial::test("the corpora are all there", move || {
            if nb < 20 || nc < 10 {
                return Err(format!("only {nb} .bcu and {nc} .cu examples").into());
            }
            Ok(())
        }),
        Trial::test("the json says why a kernel is data dependent", || {
            the_json_says_why_a_kernel_is_data_dependent();
            Ok(())
        }),
        Trial::test(
            "the committed schema is the report's and holds for errors",
            || {
                the_committed_schema_is_the_reports_and_holds_for_errors();
                Ok(())
            },
        ),
        Trial::test("an error names the kernel it belongs to", || {
            an_error_names_the_kernel_it_belongs_to();
            Ok(())
        }),
    ];
    trials.extend(bcu.into_iter().flat_map(|f| trials_of("", f)));
    trials.extend(cuda.into_iter().flat_map(|f| trials_of("cuda/", f)));
    libtest_mimic::run(&args, trials).exit();
}

/// The value of `--NAME VALUE` flags in `flags`, in order.
fn flag_values<'a>(flags: &'a [String], names: &[&str]) -> Vec<&'a str> {
    flags
        .windows(2)
        .filter(|w| names.contains(&w[0].as_str()))
        .map(|w| w[1].as_str())
        .collect()
}

fn dims(text: &str) -> [u64; 3] {
    let mut d = [1; 3];
    for (slot, part) in d.iter_mut().zip(text.split(',')) {
        *slot = part.trim().parse().unwrap();
    }
    d
}

/// A JSON triple as numbers.
fn triple(v: &Value) -> [i128; 3] {
    let a = v.as_array().unwrap();
    [0, 1, 2].map(|i| i128::from(a[i].as_i64().unwrap()))
}

/// The linear id of a thread or block given as a triple, with `dim` the extent per axis.
fn linear(id: [i128; 3], dim: [i128; 3]) -> i128 {
    id[0] + dim[0] * (id[1] + dim[1] * id[2])
}

/// `"A[3][1]"` → `("A", [3, 1])`.
/// A finding's `phase_bounds`, worded as README says `phase` words a phase (`the start`, `the
/// end`, ``the `sync` at 13:5 (i = 0)``; in a CUDA kernel's words, ``the `__syncthreads()` at
/// 13:5 (i = 0, j = i / 2)``), is its `phase`; both are present or neither is.
fn phase_bounds_say_the_phase(f: &Value, cuda: bool) -> Result<(), String> {
    let boundary = |b: &Value| -> String {
        let event = b["event"].as_str().unwrap();
        if matches!(event, "start" | "end") {
            return format!("the {event}");
        }
        let at = &b["location"];
        let barrier = match (cuda, event) {
            (true, "sync") => "__syncthreads()",
            (true, "syncwarp") => "__syncwarp()",
            (_, event) => event,
        };
        let mut s = format!("the `{barrier}` at {}:{}", at["line"], at["column"]);
        if let Some(its) = b.get("iteration").and_then(Value::as_array) {
            let its: Vec<String> = its
                .iter()
                .map(|it| {
                    let var = it["variable"].as_str().unwrap();
                    match (it.get("value"), it.get("start").and_then(Value::as_str)) {
                        (Some(v), _) => format!("{var} = {v}"),
                        (None, Some(start)) if cuda => format!("{var} = {start}"),
                        (None, Some(start)) => format!("{var}={start}"),
                        (None, None) => var.to_string(),
                    }
                })
                .collect();
            s.push_str(&format!(" ({})", its.join(", ")));
        }
        s
    };
    let worded = f
        .get("phase_bounds")
        .map(|p| format!("{} → {}", boundary(&p["from"]), boundary(&p["to"])));
    let phase = f.get("phase").and_then(Value::as_str);
    if worded.as_deref() == phase {
        Ok(())
    } else {
        Err(format!(
            "`phase` is {phase:?}, `phase_bounds` say {worded:?}: {f}"
        ))
    }
}

/// The initial memory witness `w` gives, cell by cell, from its `memory_cells`; which must
/// say what its `memory` says, whose keys name the cells as `A[1][2]` (the form of SPEC §7's
/// first documents, which stays).
fn initial_memory(w: &Value) -> Result<BTreeMap<(String, Vec<i128>), i128>, String> {
    let number = |v: &Value| i128::from(v.as_i64().unwrap());
    let cells: BTreeMap<(String, Vec<i128>), i128> = w
        .get("memory_cells")
        .and_then(Value::as_array)
        .map(|cells| {
            cells
                .iter()
                .map(|c| {
                    let array = c["cell"]["array"].as_str().unwrap().to_string();
                    let index = c["index"].as_array().unwrap().iter().map(number).collect();
                    ((array, index), number(&c["value"]))
                })
                .collect()
        })
        .unwrap_or_default();
    let keyed: BTreeMap<String, i128> = w
        .get("memory")
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| (k.clone(), number(v))).collect())
        .unwrap_or_default();
    let named: BTreeMap<String, i128> = cells
        .iter()
        .map(|((array, index), v)| {
            let index: String = index.iter().map(|i| format!("[{i}]")).collect();
            (format!("{array}{index}"), *v)
        })
        .collect();
    if named != keyed {
        return Err(format!(
            "`memory` and `memory_cells` disagree: {keyed:?} and {named:?}\n{w}"
        ));
    }
    Ok(cells)
}

/// Every `proven` or `confirmed` finding of `kernel` (a JSON kernel of `file` checked with
/// `flags`) replayed in the interpreter: the run must end and show the finding. The number of
/// findings replayed.
fn certain_findings_replay(file: &Path, flags: &[String], kernel: &Value) -> Result<usize, String> {
    let certain: Vec<&Value> = kernel["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| matches!(f["certainty"].as_str(), Some("proven" | "confirmed")))
        // Advice (`redundant-barrier`) is a claim about every run, with no witness.
        .filter(|f| {
            matches!(
                f["kind"].as_str(),
                Some("data-race" | "barrier-divergence" | "benign-race")
            )
        })
        .collect();
    if certain.is_empty() {
        return Ok(0);
    }
    let options = LoadOptions {
        defines: flag_values(flags, &["-D"])
            .into_iter()
            .map(String::from)
            .collect(),
        block_dim: flag_values(flags, &["--block-dim"])
            .first()
            .map(|d| dims(d)),
        grid_dim: flag_values(flags, &["--grid-dim"]).first().map(|d| dims(d)),
    };
    // The arithmetic the kernel was decided in (`.cu` kernels choose theirs, SPEC §4).
    let arith = match kernel["arith"].as_str() {
        Some("bv32") => Arith::Bv32,
        Some("bv64") => Arith::Bv64,
        _ => Arith::Int,
    };
    let Loaded::Parsed {
        source, program, ..
    } = load_with(file, &options)
    else {
        return Err("the file does not load again".into());
    };
    let name = kernel["name"].as_str().unwrap();
    let k = program
        .kernels
        .iter()
        .find(|k| k.name.name == name)
        .ok_or_else(|| format!("no kernel `{name}`"))?;
    // The execution model the kernel was decided in: lockstep warps (`--warp-sync[=N]`, also
    // from the header) and the warps `syncwarp;` orders (`--warp-size N`).
    let warp_sync = flags
        .iter()
        .find_map(|f| match f.split_once('=') {
            None if f == "--warp-sync" => Some(32),
            Some(("--warp-sync", n)) => n.parse().ok(),
            _ => None,
        })
        .or(source.header_warp_sync);
    let warp_size = flag_values(flags, &["--warp-size"])
        .first()
        .map(|n| n.parse().unwrap());
    for f in &certain {
        replay_finding(&source, k, arith, (warp_sync, warp_size), f)?;
    }
    Ok(certain.len())
}

fn replay_finding<T>(
    source: &SourceFile,
    k: &Kernel<T>,
    arith: Arith,
    (warp_sync, warp_size): (Option<u32>, Option<u32>),
    f: &Value,
) -> Result<(), String> {
    let w = &f["witness"];
    let (block, grid) = (triple(&w["block_dim"]), triple(&w["grid_dim"]));
    let threads: Vec<(i128, i128, BTreeMap<String, i128>)> = w["threads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let vars = t["vars"]
                .as_object()
                .unwrap()
                .iter()
                .filter(|(n, _)| n.starts_with('?'))
                .map(|(n, v)| (n.clone(), i128::from(v.as_i64().unwrap())))
                .collect();
            (
                linear(triple(&t["tid"]), block),
                linear(triple(&t["bid"]), grid),
                vars,
            )
        })
        .collect();
    let memory = initial_memory(w)?;
    // `"init": "random:SEED"`: the random memory of `mapcheck run --init random:SEED`.
    let random = w["init"]
        .as_str()
        .and_then(|i| i.strip_prefix("random:"))
        .map(|seed| RandomMemory {
            seed: seed.parse().unwrap(),
        });
    let initial = |array: &str, index: &[i128]| match &random {
        Some(r) => r.value(array, index),
        None => memory
            .get(&(array.to_string(), index.to_vec()))
            .copied()
            .unwrap_or(0),
    };
    let unknowns = |site: &UnknownSite<'_>| {
        threads
            .iter()
            .find(|(tid, bid, _)| *tid == site.tid && *bid == site.bid)
            .and_then(|(_, _, vars)| vars.get(&format!("?{}", site.var)).copied())
            .unwrap_or(0)
    };
    let mut blocks: Vec<i128> = threads.iter().map(|t| t.1).collect();
    blocks.sort_unstable();
    blocks.dedup();
    let mut config = Config::with_dims(block, grid)
        .with_arith(arith)
        .with_warp_sync(warp_sync)
        .with_warp_size(warp_size)
        .with_memory(&initial)
        .with_unknowns(&unknowns)
        .with_only_blocks(blocks);
    for (name, v) in w["params"].as_object().unwrap() {
        config = config.with_param(name.clone(), i128::from(v.as_i64().unwrap()));
    }
    let run = interp::run(k, &config).map_err(|e| {
        format!(
            "a {} finding whose witness does not finish: {e}\n{f}",
            f["certainty"]
        )
    })?;
    let at = |span| {
        let lc = source.line_col(span);
        (lc.line as u64, lc.column as u64)
    };
    let expected: Vec<(u64, u64)> = f["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["line"].as_u64().unwrap(), l["column"].as_u64().unwrap()))
        .collect();
    let ours = |r: &&interp::Race| {
        let got = [at(r.first.span), at(r.second.span)];
        let same = (got[0] == expected[0] && got[1] == expected[1])
            || (got[0] == expected[1] && got[1] == expected[0]);
        same && matches!(r.scope, RaceScope::Grid) == (f["scope"] == "grid")
    };
    let shown = match f["kind"].as_str() {
        Some("data-race") => run.races.iter().any(|r| ours(&r)),
        // The interpreter must agree that the two threads stored the same value.
        Some("benign-race") => {
            let mine: Vec<&interp::Race> = run.races.iter().filter(ours).collect();
            !mine.is_empty() && mine.iter().all(|r| r.benign)
        }
        _ => !run.is_aligned(),
    };
    if shown {
        Ok(())
    } else {
        Err(format!(
            "a {} finding whose witness does not replay to it: {f}",
            f["certainty"]
        ))
    }
}

/// The reasons of Equation (2) of the BabyCUDA paper: the index `x` of the write on line 12
/// is the value read from `A` on line 11.
fn the_json_says_why_a_kernel_is_data_dependent() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(&root)
        .args(["--json", "examples/babycuda_eq2_data_index.bcu"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    let reasons = doc["kernels"][0]["reasons"].as_array().unwrap();
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    let r = &reasons[0];
    assert_eq!(r["kind"], "index");
    assert_eq!(r["array"], "A");
    assert_eq!(r["location"]["line"], 12);
    assert_eq!(r["text"], "x");
    assert_eq!(r["depends_on"], serde_json::json!(["x"]));
    assert_eq!(r["sources"][0]["kind"], "read");
    assert_eq!(r["sources"][0]["location"]["line"], 11);
}

/// The committed JSON Schema (`mapcheck/mapcheck-1.schema.json`) is the one the report's types
/// give (`MAPCHECK_UPDATE_SCHEMA=1` rewrites it); [`check_schema`] validates every example's
/// document against it, and this test a document with input errors.
fn the_committed_schema_is_the_reports_and_holds_for_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let path = root.join("mapcheck/mapcheck-1.schema.json");
    let text = serde_json::to_string_pretty(&mapcheck::report::json_schema()).unwrap() + "\n";
    if std::env::var_os("MAPCHECK_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{} differs from the report's types: rerun with MAPCHECK_UPDATE_SCHEMA=1 and commit it",
        path.display()
    );
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(&root)
        .args(["--json", "tests/broken/missing_semi_let.bcu"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(!doc["errors"].as_array().unwrap().is_empty(), "{doc}");
    check_schema(&doc);
}

/// Issue 35 item 5: a CUDA kernel that cannot be lowered fails the file (exit 2) with an error
/// that names it, located from its start to its end, and its neighbour is still checked.
fn an_error_names_the_kernel_it_belongs_to() {
    let dir = std::env::temp_dir().join(format!("mapcheck-kernel-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.cu");
    std::fs::write(
        &file,
        "__global__ void jumps(int *a) {\n  if (threadIdx.x) goto out;\n  a[0] = 1;\nout:\n  \
         return;\n}\n\n__global__ void copies(int *a, int *b) { a[threadIdx.x] = b[threadIdx.x]; }\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["--json", file.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    check_schema(&doc);
    let errors = doc["errors"].as_array().unwrap();
    assert!(!errors.is_empty(), "{doc}");
    for e in errors {
        assert_eq!(e["kernel"], "jumps", "{e}");
        assert_eq!(e["line"], 2, "{e}");
    }
    let kernels: Vec<&Value> = doc["kernels"].as_array().unwrap().iter().collect();
    assert_eq!(kernels.len(), 1, "{doc}");
    assert_eq!(kernels[0]["name"], "copies");
}

/// The validator of the committed schema, built once.
fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let text = std::fs::read_to_string(root.join("mapcheck/mapcheck-1.schema.json")).unwrap();
        strict_validator(&serde_json::from_str(&text).unwrap())
    })
}

/// A validator of `schema` that checks formats and refuses those it does not know, as strict
/// validators do (issue 35, item 5): schemars' own `format`s (`uint`, `int128`) must not reach
/// the committed schemas.
fn strict_validator(schema: &Value) -> jsonschema::Validator {
    assert_eq!(non_standard_formats(schema), Vec::<String>::new());
    jsonschema::options()
        .should_validate_formats(true)
        .should_ignore_unknown_formats(false)
        .build(schema)
        .unwrap()
}

/// The `format`s of `schema` that JSON Schema (draft 2020-12) does not define.
fn non_standard_formats(schema: &Value) -> Vec<String> {
    const STANDARD: [&str; 19] = [
        "date-time",
        "date",
        "time",
        "duration",
        "email",
        "idn-email",
        "hostname",
        "idn-hostname",
        "ipv4",
        "ipv6",
        "uri",
        "uri-reference",
        "iri",
        "iri-reference",
        "uuid",
        "uri-template",
        "json-pointer",
        "relative-json-pointer",
        "regex",
    ];
    match schema {
        Value::Object(map) => map
            .iter()
            .flat_map(|(key, value)| match (key.as_str(), value) {
                ("format", Value::String(f)) if !STANDARD.contains(&f.as_str()) => {
                    vec![f.clone()]
                }
                _ => non_standard_formats(value),
            })
            .collect(),
        Value::Array(items) => items.iter().flat_map(non_standard_formats).collect(),
        _ => Vec::new(),
    }
}
