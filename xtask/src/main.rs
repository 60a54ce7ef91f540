//! `cargo xtask` — the project's automation, so that a fresh machine needs no hand steps.
//!
//! * `cargo xtask setup` installs what the build and the tests need when it is missing: the
//!   pinned Z3 (the PyPI wheel `z3-solver`, unpacked into the git-ignored `.z3/`, which
//!   `.cargo/config.toml` links against), Coq (Debian's `coq`, for `proofs/`) and OCaml
//!   (Debian's `ocaml`, which compiles the type checker extracted from `proofs/` for the
//!   differential test `tests/tests/coq_differential.rs`); and clang (Debian's `clang-19`, the
//!   CUDA parser of mapcheck's front end; any `clang-14` … `clang-19` or `MAPCHECK_CLANG` will do);
//!   g++ (Debian's `g++`: the host truths of the CUDA corpus); clang's ThreadSanitizer runtime
//!   and `llvm-symbolizer` (Debian's `libclang-rt-19-dev`, `llvm-19`: the execution oracle
//!   `oracle/`); and Chromium (Debian's `chromium`, the headless
//!   browser of the test of `--html` pages, `mapcheck/tests/html_page.rs`;
//!   `MAPCHECK_CHROMIUM` names another).
//! * `cargo xtask mapcheck ARGS...` runs setup for Z3, then the `mapcheck` binary with ARGS.
//! * `cargo xtask test [--long] [ARGS...]` runs setup, every Rust test of the workspace
//!   (`--no-fail-fast`: one failing target does not hide the others), then `make -C proofs`.
//!   The default is the fast tier: every property test with the fixed seed of
//!   `mapcheck_tests::SEED`, so that a commit passes or fails the same way on every run.
//!   `--long` is the long tier: a fresh random seed (printed, and taken from
//!   `PROPTEST_RNG_SEED` when that is set), four times the cases, and the tests marked
//!   `#[ignore = "long tier: ..."]`.
//!
//! The Z3 version is pinned here and in `.cargo/config.toml` (`Z3_SYS_Z3_VERSION`), so that
//! models, witnesses and snapshots stay the same on every machine.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The PyPI release of `z3-solver` whose `libz3.so` the project links against.
const Z3_WHEEL_VERSION: &str = "5.4.0.0";
/// Where the wheel is unpacked, relative to the workspace root (git-ignored).
const Z3_DIR: &str = ".z3/pip";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup(),
        Some("test") => test(&args[1..]),
        Some("mapcheck") => run_mapcheck(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <command>\n\n\
                 commands:\n  \
                 setup              install the pinned Z3, Coq, OCaml, clang, g++, TSan and Chromium when missing\n  \
                 mapcheck ARGS...   run mapcheck (installs Z3, and clang for CUDA inputs, when missing)\n  \
                 test [--long] [ARGS...]\n                    \
                    run every Rust test and check the Coq proofs; --long: random\n                    \
                    seed, more cases, and the slow tests"
            );
            Err("no command given".into())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

type Result<T = ()> = std::result::Result<T, String>;

fn root() -> PathBuf {
    // xtask lives one level below the workspace root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn z3_lib_dir() -> PathBuf {
    root().join(Z3_DIR).join("z3").join("lib")
}

fn stamp_file() -> PathBuf {
    root().join(Z3_DIR).join("mapcheck-z3-version")
}

/// Installs the pinned Z3 wheel into `.z3/pip` unless that exact version is already there.
fn setup_z3() -> Result {
    let stamp = stamp_file();
    let installed = std::fs::read_to_string(&stamp).unwrap_or_default();
    if installed.trim() == Z3_WHEEL_VERSION && z3_lib_dir().join("libz3.so").exists() {
        return Ok(());
    }
    eprintln!("xtask: installing Z3 (PyPI z3-solver=={Z3_WHEEL_VERSION}) into {Z3_DIR}");
    let target = root().join(Z3_DIR);
    if target.exists() {
        std::fs::remove_dir_all(&target).map_err(|e| format!("cannot clear {Z3_DIR}: {e}"))?;
    }
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| Command::new(p).arg("--version").output().is_ok())
        .ok_or("Python 3 with pip is needed to install Z3 (the PyPI wheel `z3-solver`)")?;
    run(Command::new(python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--disable-pip-version-check",
            "--root-user-action=ignore",
        ])
        .arg("--target")
        .arg(&target)
        .arg(format!("z3-solver=={Z3_WHEEL_VERSION}")))?;
    if !z3_lib_dir().join("libz3.so").exists() {
        return Err(format!(
            "the z3-solver wheel did not contain {}",
            z3_lib_dir().join("libz3.so").display()
        ));
    }
    std::fs::write(&stamp, Z3_WHEEL_VERSION).map_err(|e| format!("cannot write stamp: {e}"))
}

fn setup() -> Result {
    setup_z3()?;
    setup_proofs()?;
    setup_clang()?;
    setup_gxx()?;
    setup_oracle()?;
    setup_chromium()
}

/// The execution oracle (`oracle/`) compiles with `clang++-19 -fsanitize=thread` when clang's
/// ThreadSanitizer runtime is installed (Debian's `libclang-rt-19-dev`) and reads the reports
/// through `llvm-symbolizer` (Debian's `llvm-19` when no `llvm-symbolizer` is there); without
/// them it falls back to g++.
fn setup_oracle() -> Result {
    if std::env::var_os("MAPCHECK_ORACLE_CXX").is_some() || !have("clang++-19") {
        return Ok(());
    }
    let runtime = Path::new("/usr/lib/llvm-19/lib/clang/19/lib");
    let has_tsan = |dir: &Path| {
        std::fs::read_dir(dir).is_ok_and(|subs| {
            subs.filter_map(|e| e.ok()).any(|sub| {
                std::fs::read_dir(sub.path()).is_ok_and(|files| {
                    files.filter_map(|f| f.ok()).any(|f| {
                        f.file_name()
                            .to_string_lossy()
                            .starts_with("libclang_rt.tsan")
                    })
                })
            })
        })
    };
    let symbolizer = have("llvm-symbolizer")
        || have("llvm-symbolizer-19")
        || Path::new("/usr/lib/llvm-19/bin/llvm-symbolizer").is_file();
    let mut packages = Vec::new();
    if !has_tsan(runtime) {
        packages.push("libclang-rt-19-dev");
    }
    if !symbolizer {
        packages.push("llvm-19");
    }
    if packages.is_empty() {
        return Ok(());
    }
    eprintln!(
        "xtask: installing Debian package(s) {}",
        packages.join(", ")
    );
    apt(&["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(&packages);
    apt(&install)
}

/// Installs Debian's `g++` when it is missing: the host truths of the CUDA corpus
/// (`tests/tests/cuda_host_truth.rs`) compile with it, and the execution oracle (`oracle/`)
/// falls back to it (Debian's `g++` brings ThreadSanitizer's `libtsan`).
fn setup_gxx() -> Result {
    if std::env::var_os("MAPCHECK_ORACLE_CXX").is_some() || have("g++") {
        return Ok(());
    }
    eprintln!("xtask: installing g++ (Debian package `g++`)");
    apt(&["update", "-qq"])?;
    apt(&["install", "-y", "-qq", "--no-install-recommends", "g++"])?;
    if have("g++") {
        Ok(())
    } else {
        Err("`apt-get install g++` finished but `g++` is still not on PATH".into())
    }
}

/// `apt-get ARGS`, non-interactive, through `sudo` unless this runs as root.
fn apt(args: &[&str]) -> Result {
    let mut cmd = if is_root() {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    run(&mut cmd)
}

/// Installs Debian's `chromium` when neither `MAPCHECK_CHROMIUM` nor `chromium` is found. With
/// its recommended packages: they bring the fonts the pages are drawn with.
fn setup_chromium() -> Result {
    if std::env::var_os("MAPCHECK_CHROMIUM").is_some() || have("chromium") {
        return Ok(());
    }
    eprintln!("xtask: installing Chromium (Debian package `chromium`)");
    apt(&["update", "-qq"])?;
    apt(&["install", "-y", "-qq", "chromium"])?;
    if have("chromium") {
        Ok(())
    } else {
        Err("`apt-get install chromium` finished but `chromium` is still not on PATH".into())
    }
}

/// The clang versions mapcheck's CUDA front end accepts, newest first (the list of
/// `mapcheck_grammar::clang::driver`).
const CLANGS: [&str; 6] = [
    "clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang-14",
];

/// Installs Debian's `clang-19` when neither `MAPCHECK_CLANG` nor a suitable clang is found.
fn setup_clang() -> Result {
    if std::env::var_os("MAPCHECK_CLANG").is_some() || CLANGS.iter().any(|c| have(c)) {
        return Ok(());
    }
    eprintln!("xtask: installing clang (Debian package `clang-19`)");
    apt(&["update", "-qq"])?;
    apt(&[
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        "clang-19",
    ])?;
    if have("clang-19") {
        Ok(())
    } else {
        Err("`apt-get install clang-19` finished but `clang-19` is still not on PATH".into())
    }
}

/// Installs Debian's `coq` when `coqc` is missing, and `ocaml` when no OCaml compiler is,
/// if the project has proofs to check (and a checker to extract from them).
fn setup_proofs() -> Result {
    if !root().join("proofs").join("Makefile").exists() {
        return Ok(());
    }
    let have_ocaml = || have("ocamlopt") || have("ocamlc");
    let mut packages = Vec::new();
    if !have("coqc") {
        packages.push("coq");
    }
    if !have_ocaml() {
        packages.push("ocaml");
    }
    if !packages.is_empty() {
        eprintln!(
            "xtask: installing Debian package(s) {}",
            packages.join(", ")
        );
        apt(&["update", "-qq"])?;
        let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
        install.extend(&packages);
        apt(&install)?;
    }
    if !have("coqc") {
        return Err("`apt-get install coq` finished but `coqc` is still not on PATH".into());
    }
    if !have_ocaml() {
        return Err("`apt-get install ocaml` finished but `ocamlopt` is still not on PATH".into());
    }
    build_coq_checker()
}

/// `make -C proofs driver`: the type checker extracted from Coq, which the `mechanised`
/// certificate of `mapcheck FILE` asks (`mapcheck::coq::certify`) and the differential test
/// compares with mapcheck's. Incremental: nothing is rebuilt when the proofs did not change.
fn build_coq_checker() -> Result {
    run(Command::new("make")
        .args(["-s", "-C"])
        .arg(root().join("proofs"))
        .arg("driver"))
}

/// What `mapcheck_tests` reads to know the tier (`mapcheck_tests::TIER_VAR`).
const TIER_VAR: &str = "MAPCHECK_TEST_TIER";

fn test(args: &[String]) -> Result {
    // The differential test of `mapcheck-tests` builds the extracted checker itself
    // (`make -C proofs driver`); the full `make -C proofs` below checks the proofs.
    setup()?;
    let long = args.iter().any(|a| a == "--long");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--long").collect();
    // Arguments after `--` go to the test binaries; the long tier adds its own there.
    let split = args.iter().position(|a| *a == "--").unwrap_or(args.len());
    let (cargo_args, harness_args) = args.split_at(split);
    let harness_args = harness_args.iter().skip(1);
    let mut cmd = Command::new(cargo());
    cmd.current_dir(root())
        .args(["test", "--workspace", "--locked", "--no-fail-fast"])
        .args(cargo_args)
        .arg("--")
        .args(harness_args);
    if long {
        let seed = match std::env::var("PROPTEST_RNG_SEED") {
            Ok(seed) => seed,
            Err(_) => random_seed().to_string(),
        };
        eprintln!(
            "xtask: long tier, proptest seed {seed} \
             (replay with PROPTEST_RNG_SEED={seed} cargo xtask test --long)"
        );
        cmd.arg("--include-ignored")
            .env(TIER_VAR, "long")
            .env("PROPTEST_RNG_SEED", seed);
    } else {
        cmd.env_remove(TIER_VAR);
    }
    // The proofs are checked even when a Rust test failed, so that one failure hides nothing.
    let rust = run(&mut cmd);
    let proofs = if root().join("proofs").join("Makefile").exists() {
        run(Command::new("make").arg("-C").arg(root().join("proofs")))
    } else {
        Ok(())
    };
    match (rust, proofs) {
        (Ok(()), Ok(())) => Ok(()),
        (Err(a), Err(b)) => Err(format!("{a}; {b}")),
        (Err(e), Ok(())) | (Ok(()), Err(e)) => Err(e),
    }
}

/// A seed nobody chose: std's hasher keys are drawn from the system's randomness.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.finish()
}

fn run_mapcheck(args: &[String]) -> Result {
    setup_z3()?;
    // A CUDA input needs clang; a directory may hold CUDA files.
    let cuda =
        |a: &String| a.ends_with(".cu") || a.ends_with(".cuh") || std::path::Path::new(a).is_dir();
    if args.iter().any(cuda) {
        setup_clang()?;
    }
    // The `mechanised` certificate asks the checker extracted from Coq: built when Coq and
    // OCaml are there (`cargo xtask setup` installs them); without it the label is `exact`.
    if have("coqc") && have("ocamlopt") {
        let _ = build_coq_checker();
    }
    let status = Command::new(cargo())
        .current_dir(root())
        .args(["run", "--quiet", "--locked", "--package", "mapcheck", "--"])
        .args(args)
        .status()
        .map_err(|e| format!("cannot start cargo: {e}"))?;
    // mapcheck's exit code is its verdict (SPEC §7): pass it on unchanged.
    std::process::exit(status.code().unwrap_or(2));
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn run(cmd: &mut Command) -> Result {
    let status = cmd
        .status()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{:?} failed with {status}", cmd.get_program()))
    }
}
