//! `mapcheck-oracle`: an execution oracle for CUDA kernel files — mapcheck's ground truth for
//! `.cu` that does not go through mapcheck's own lowering (issue 36).
//!
//! A kernel file is compiled *unchanged but for a few text edits* as host C++20 with a small
//! runtime of ours, under ThreadSanitizer (`g++ -fsanitize=thread`), and run for one launch:
//! one host thread per CUDA thread, every block of the grid at once. TSan's happens-before
//! analysis then reports each pair of conflicting accesses that no barrier ordered in that
//! run — a data race of that configuration, with its source lines. A barrier reached by part
//! of a block is reported by the runtime as barrier divergence.
//!
//! 1. [`rewrite`] — clang's AST of the file (mapcheck's driver and CUDA headers) says where
//!    the `__shared__` declarations (one copy per block), the host-only functions (blanked),
//!    and the kernels are; the rewrite edits the text and appends a driver.
//! 2. The runtime (`runtime/mapcheck_host.h`, force-included; `runtime/mapcheck_launch.h`,
//!    the launcher) erases the execution-space keywords, gives each host thread its
//!    `threadIdx`…`gridDim`, and makes the barriers, relaxed atomics, warp functions, math
//!    and GPUVerify's preconditions.
//! 3. [`Prepared::run`] runs the program for a [`Launch`] under a wall-clock limit and reads
//!    its standard error ([`tsan`]) into an [`Observation`].
//! 4. [`Prepared::check_bounds`] compiles the same text with AddressSanitizer instead and
//!    runs the launch once, stopping at the first access out of bounds ([`asan`],
//!    [`Bounds`]): the race runs cannot see one (the runtime gives out-of-bounds indices
//!    memory of the kernel, as mapcheck's cells do).
//!
//! With clang, the runtime's header is precompiled once per compiler and flags and each file
//! is compiled against it (about half of a compile was the runtime's standard headers).
//!
//! What the oracle says is one-sided: a race it reports happened in that run (the two
//! accesses were not ordered by any barrier, in the memory model the runtime emulates); a run
//! without a report is "no race observed", never a proof — TSan keeps a bounded history per
//! memory word, and the run is one interleaving of one launch. What the emulation does not
//! reproduce (warp lockstep, CUDA's memory model beyond barriers and atomics, the behaviour of
//! out-of-bounds accesses, inter-block scheduling) is in `notes/oracle.md`; constructs it
//! cannot run are [`Outcome::Unsupported`] with a reason, never guessed.

#![forbid(unsafe_code)]

pub mod asan;
pub mod rewrite;
pub mod tsan;

pub use asan::{Bounds, OutOfBounds};
pub use rewrite::{KernelInfo, Param};
pub use tsan::{Access, AccessKind, CudaThread, Race};

use mapcheck_grammar::clang::{driver, files};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The runtime's files, by the names the compiled program includes them with.
const RUNTIME: &[(&str, &str)] = &[
    (
        "mapcheck_host.h",
        include_str!("../runtime/mapcheck_host.h"),
    ),
    (
        "mapcheck_launch.h",
        include_str!("../runtime/mapcheck_launch.h"),
    ),
];

/// CUDA's headers, each standing for the runtime (which declares all they would).
const CUDA_HEADERS: &[&str] = &[
    "cuda.h",
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "cooperative_groups.h",
    "curand.h",
    "curand_kernel.h",
    "device_functions.h",
    "device_launch_parameters.h",
    "helper_cuda.h",
    "math_functions.h",
    "sm_20_atomic_functions.h",
    "sm_60_atomic_functions.h",
    "vector_types.h",
];

/// `cuda_fp16.h`: half precision as an opaque 16-bit value (a run only moves halves around;
/// their arithmetic is the runtime's business, not the races').
const FP16_HEADER: &str = "#include \"mapcheck_host.h\"\n#ifndef MAPCHECK_FP16\n#define MAPCHECK_FP16\n\
struct __half { unsigned short __x; };\ntypedef __half half;\n\
struct __half2 { __half x, y; __half2() = default; __half2(__half a, __half b) : x(a), y(b) {} };\n\
typedef __half2 half2;\n\
inline float __half2float(__half h) { return (float)h.__x; }\n\
inline __half __float2half(float f) { return __half{(unsigned short)f}; }\n\
inline __half __float2half_rn(float f) { return __float2half(f); }\n\
inline __half __int2half_rn(int i) { return __half{(unsigned short)i}; }\n\
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }\n\
inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }\n\
inline __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half(a), __float2half(b)); }\n\
inline float __low2float(__half2 h) { return __half2float(h.x); }\n\
inline float __high2float(__half2 h) { return __half2float(h.y); }\n\
#endif\n";

/// `assert.h` and `cassert`: `assert(c)` is a precondition, defined again at each inclusion
/// as C's `<assert.h>` does.
const ASSERT_HEADER: &str = "#include \"mapcheck_host.h\"\n#undef assert\n#ifdef NDEBUG\n\
#define assert(c) ((void)0)\n#else\n\
#define assert(c) ::__mc::precondition((c), \"assert(\" #c \")\", __LINE__)\n#endif\n";

/// ThreadSanitizer's options for every run: keep going after a report, report every pair of
/// locations (also on one address), no exit status of its own, nothing about the runtime's
/// own thread leaks or lock orders.
const TSAN_OPTIONS: &str = "halt_on_error=0 exitcode=0 report_signal_unsafe=0 \
report_thread_leaks=0 suppress_equal_addresses=0 detect_deadlocks=0 history_size=4";

/// AddressSanitizer's options for the bounds run: stop at the first report (an access out of
/// bounds is undefined behaviour: what follows it is not a run), no leak check, the runtime's
/// own poisoning of the shared arena and the buffers' margins honoured.
const ASAN_OPTIONS: &str =
    "halt_on_error=1:detect_leaks=0:allow_user_poisoning=1:detect_stack_use_after_return=0";

/// Why the oracle could not give an answer at all.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("clang cannot read the file: {0}")]
    Clang(String),
    #[error("no C++ compiler with ThreadSanitizer: {0}")]
    NoCompiler(String),
    #[error("cannot write the oracle's files in `{dir}`: {source}")]
    Io {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("the file does not compile as host C++: {0}")]
    Compile(String),
    #[error("the file has no kernel `{0}`")]
    NoKernel(String),
    #[error("cannot run the compiled kernel: {0}")]
    Run(String),
}

/// The initial contents of the buffers the pointer parameters point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Init {
    Zero,
    /// Small seeded values: integers in `0..min(elems, 64)` (so that an index read from
    /// memory stays in bounds), floats in `[0, 1)`.
    Random(u64),
}

/// One launch of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Values of scalar parameters by name (C literals: `64`, `-1`, `1.5`).
    pub params: BTreeMap<String, String>,
    /// The value of a scalar parameter not in `params`.
    pub default_scalar: String,
    pub init: Init,
    /// Bytes of dynamic shared memory (`extern __shared__`).
    pub dynamic_shared: u64,
    /// Elements of each pointer parameter's buffer (as many again are mapped before and
    /// after it).
    pub elems: u64,
}

impl Launch {
    /// A launch of `grid` blocks of `block` threads, every scalar parameter the number of
    /// threads of the grid, zeroed buffers of 1 Mi elements, 48 KiB of dynamic shared memory.
    pub fn new(grid: [u32; 3], block: [u32; 3]) -> Launch {
        let threads: u64 = grid.iter().chain(&block).map(|d| u64::from(*d)).product();
        Launch {
            grid,
            block,
            params: BTreeMap::new(),
            default_scalar: threads.to_string(),
            init: Init::Zero,
            dynamic_shared: 48 * 1024,
            elems: 1 << 20,
        }
    }

    /// Threads in the whole launch.
    pub fn threads(&self) -> u64 {
        self.grid
            .iter()
            .chain(&self.block)
            .map(|d| u64::from(*d))
            .product()
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every thread returned.
    Completed,
    /// A barrier was reached by part of a block (or its threads waited at different lines).
    Divergence(String),
    /// A precondition (`__requires`, `assert`, `__assume`) failed: the launch is not a run.
    NotARun(String),
    /// The emulation cannot run something the kernel does.
    Unsupported(String),
    /// The program crashed (an access far out of bounds, say).
    Crashed(String),
    /// The wall-clock limit stopped it (a loop that never ends, a barrier that never fills).
    TimedOut,
}

/// What one run showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The races TSan reported (each pair of locations once) on the kernel's memory: the
    /// buffers of its parameters, the blocks' shared memory, global variables.
    pub races: Vec<Race>,
    /// Races TSan reported on other memory: an access out of bounds of every buffer (and of
    /// their margins) reached memory that is not the kernel's. Not counted as races of the
    /// kernel: mapcheck's model of memory (a cell at every index) differs there.
    pub stray: Vec<Race>,
    pub outcome: Outcome,
    /// The runtime's remarks (a parameter of class type value-initialised, ...).
    pub notes: Vec<String>,
}

impl Observation {
    /// Races whose both accesses are in the user's file.
    pub fn located_races(&self) -> impl Iterator<Item = &Race> {
        self.races
            .iter()
            .filter(|r| r.first.line.is_some() && r.second.line.is_some())
    }
}

/// The oracle: a C++ compiler with ThreadSanitizer, a directory for its files, and limits.
#[derive(Clone, Debug)]
pub struct Oracle {
    /// The compilers, the preferred first: clang++ (when its TSan runtime is installed), then
    /// g++.
    compilers: Vec<Compiler>,
    /// `llvm-symbolizer`, which clang's TSan runtime needs to print source lines.
    symbolizer: Option<PathBuf>,
    work: PathBuf,
    /// Wall-clock limit of one run.
    pub timeout: Duration,
    /// Largest launch run (threads of the whole grid): every CUDA thread is a host thread.
    pub max_threads: u64,
    /// Largest launch compiled with clang: LLVM's ThreadSanitizer (v3) keeps 256 thread slots
    /// and misses races between threads of larger launches, which g++'s does not.
    pub clang_threads: u64,
}

/// A C++ compiler with ThreadSanitizer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiler {
    pub path: PathBuf,
    pub clang: bool,
}

impl Compiler {
    fn of(path: PathBuf) -> Compiler {
        let clang = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().contains("clang"));
        Compiler { path, clang }
    }
}

/// What compiling a prepared file needs, and its binaries (one per compiler, each compiled
/// when first needed).
#[derive(Clone, Debug)]
struct Build {
    text: String,
    defines: Vec<String>,
    runtime: PathBuf,
    include_dir: Option<PathBuf>,
    bin_dir: PathBuf,
    compilers: Vec<Compiler>,
    binaries: Vec<std::sync::OnceLock<Result<PathBuf, String>>>,
    /// The bounds run's binary (the preferred compiler, AddressSanitizer).
    bounds: std::sync::OnceLock<Result<PathBuf, String>>,
}

/// What a binary is compiled to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sanitizer {
    /// Races (the runs of [`Prepared::run`]).
    Thread,
    /// Accesses out of bounds ([`Prepared::check_bounds`]).
    Address,
}

/// What a failed compile keeps for the next request of its binary: the compiler's message,
/// which [`Error::Compile`] words again (once).
fn compile_message(e: Error) -> String {
    match e {
        Error::Compile(message) => message,
        other => other.to_string(),
    }
}

impl Build {
    /// The binary of compiler `i`, compiled now if it is not yet (or cached on disk).
    fn binary(&self, i: usize) -> Result<PathBuf, Error> {
        let slot = self
            .binaries
            .get(i)
            .ok_or_else(|| Error::NoCompiler("no such compiler".into()))?;
        slot.get_or_init(|| self.compile(i, Sanitizer::Thread).map_err(compile_message))
            .clone()
            .map_err(Error::Compile)
    }

    /// The bounds run's binary, compiled now if it is not yet.
    fn bounds_binary(&self) -> Result<PathBuf, Error> {
        self.bounds
            .get_or_init(|| self.compile(0, Sanitizer::Address).map_err(compile_message))
            .clone()
            .map_err(Error::Compile)
    }

    /// The runtime's header precompiled for `flags` (clang only), built once per runtime and
    /// flags and kept beside the runtime (`host-HASH.pch`): parsing the runtime's standard
    /// headers was about half of each compile. `None` when it cannot be built (the header is
    /// then included as text).
    fn precompiled(&self, compiler: &Compiler, flags: &[String]) -> Option<PathBuf> {
        if !compiler.clang || std::env::var_os("MAPCHECK_ORACLE_NO_PCH").is_some() {
            return None;
        }
        let name = compiler.path.display().to_string();
        let mut parts: Vec<&[u8]> = vec![name.as_bytes()];
        parts.extend(flags.iter().map(|f| f.as_bytes()));
        let pch = self.runtime.join(format!("host-{:016x}.pch", fnv(&parts)));
        if pch.is_file() {
            return Some(pch);
        }
        let partial = self.runtime.join(format!(
            ".host-{:016x}.{}.pch",
            fnv(&parts),
            std::process::id()
        ));
        let ok = Command::new(&compiler.path)
            .args(flags)
            .arg("-I")
            .arg(&self.runtime)
            .arg("-x")
            .arg("c++-header")
            .arg(self.runtime.join("mapcheck_host.h"))
            .arg("-o")
            .arg(&partial)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            let _ = std::fs::remove_file(&partial);
            return None;
        }
        std::fs::rename(&partial, &pch).ok()?;
        Some(pch)
    }

    fn compile(&self, i: usize, sanitizer: Sanitizer) -> Result<PathBuf, Error> {
        let compiler = &self.compilers[i.min(self.compilers.len().saturating_sub(1))];
        let mut flags: Vec<String> = vec![
            "-std=gnu++20".into(),
            match sanitizer {
                Sanitizer::Thread => "-fsanitize=thread".into(),
                Sanitizer::Address => "-fsanitize=address".into(),
            },
            "-g".into(),
            "-O0".into(),
            "-w".into(),
            if compiler.clang {
                "-ferror-limit=3".into()
            } else {
                "-fmax-errors=3".into()
            },
            "-pthread".into(),
        ];
        flags.extend(self.defines.iter().cloned());
        let name = compiler.path.display().to_string();
        let runtime_name = self.runtime.display().to_string();
        let mut parts: Vec<&[u8]> = vec![
            self.text.as_bytes(),
            name.as_bytes(),
            runtime_name.as_bytes(),
        ];
        parts.extend(flags.iter().map(|f| f.as_bytes()));
        let hash = fnv(&parts);
        let bin_dir = &self.bin_dir;
        let io = |source| Error::Io {
            dir: bin_dir.clone(),
            source,
        };
        std::fs::create_dir_all(bin_dir).map_err(io)?;
        let binary = bin_dir.join(format!("k{hash:016x}"));
        if binary.is_file() {
            return Ok(binary);
        }
        let unique = format!("{hash:016x}.{}", std::process::id());
        let source = bin_dir.join(format!("k{unique}.cpp"));
        let partial = bin_dir.join(format!(".k{unique}"));
        std::fs::write(&source, &self.text).map_err(io)?;
        let mut cmd = Command::new(&compiler.path);
        cmd.args(&flags).arg("-I").arg(&self.runtime);
        match self.precompiled(compiler, &flags) {
            Some(pch) => cmd.arg("-include-pch").arg(pch),
            None => cmd.arg("-include").arg("mapcheck_host.h"),
        };
        if let Some(dir) = &self.include_dir {
            cmd.arg("-iquote").arg(dir);
        }
        cmd.arg("-x")
            .arg("c++")
            .arg(&source)
            .arg("-o")
            .arg(&partial);
        let out = cmd
            .output()
            .map_err(|e| Error::NoCompiler(format!("cannot run `{name}`: {e}")))?;
        // `MAPCHECK_ORACLE_KEEP` keeps the rewritten source beside the binary.
        if std::env::var_os("MAPCHECK_ORACLE_KEEP").is_none() {
            let _ = std::fs::remove_file(&source);
        }
        if !out.status.success() {
            let _ = std::fs::remove_file(&partial);
            let stderr = String::from_utf8_lossy(&out.stderr);
            // The compiler's first error, or the linker's first undefined symbol (a function
            // declared without a body), rather than the driver's summary.
            let first = stderr
                .lines()
                .find(|l| {
                    (l.contains("error:") && !l.contains("linker command failed"))
                        && !l.starts_with("collect2")
                        || l.contains("undefined reference")
                })
                .or_else(|| stderr.lines().find(|l| l.contains("error")))
                .unwrap_or("no message")
                .to_string();
            return Err(Error::Compile(first));
        }
        std::fs::rename(&partial, &binary).map_err(io)?;
        Ok(binary)
    }
}

/// A file compiled for the oracle.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub file: PathBuf,
    symbolizer: Option<PathBuf>,
    pub kernels: Vec<KernelInfo>,
    /// Why none of the file's kernels can run, if none can.
    pub unsupported: Option<String>,
    build: Option<Build>,
    source_name: String,
    /// The files of the user's that the file includes: their names in `#line` directives
    /// and as mapcheck reports them.
    included: Vec<(String, String)>,
    timeout: Duration,
    max_threads: u64,
    clang_threads: u64,
}

/// The clang++ drivers tried, newest first (the versions mapcheck's front end accepts).
const CLANGXX: [&str; 7] = [
    "clang++-19",
    "clang++-18",
    "clang++-17",
    "clang++-16",
    "clang++-15",
    "clang++-14",
    "clang++",
];

/// Whether clang's ThreadSanitizer runtime is installed: a `libclang_rt.tsan*` file under its
/// resource directory (Debian puts it in `lib/linux/` or `lib/<triple>/`).
fn has_tsan_runtime(clang: &Path) -> bool {
    let Ok(out) = Command::new(clang).arg("-print-resource-dir").output() else {
        return false;
    };
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join("lib");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return false;
    };
    entries.filter_map(Result::ok).any(|sub| {
        std::fs::read_dir(sub.path()).is_ok_and(|files| {
            files.filter_map(Result::ok).any(|f| {
                f.file_name()
                    .to_string_lossy()
                    .starts_with("libclang_rt.tsan")
            })
        })
    })
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// FNV-1a, stable across Rust versions: the names of cached files.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.iter().chain(&[0u8]) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

impl Oracle {
    /// The oracle with the compiler `MAPCHECK_ORACLE_CXX`, else the first of `clang++-19` …
    /// `clang++-14`, `clang++` whose ThreadSanitizer runtime is installed (Debian's
    /// `libclang-rt-N-dev`), else `g++`; its files in `MAPCHECK_ORACLE_DIR` (else
    /// `mapcheck-oracle` in the system's temporary directory).
    ///
    /// clang is preferred: it is the compiler that parsed the file for mapcheck, and g++ 12
    /// evaluates `A[i] = f(i)` in the wrong order (the left operand first, where C++17
    /// sequences the right one before it), which changes which cell is written.
    pub fn new() -> Result<Oracle, Error> {
        let named = |c: PathBuf| -> Result<PathBuf, Error> {
            if c.components().count() > 1 {
                Ok(c)
            } else {
                on_path(&c.to_string_lossy())
                    .ok_or_else(|| Error::NoCompiler(format!("`{}` is not on `PATH`", c.display())))
            }
        };
        let compilers: Vec<Compiler> = match std::env::var_os("MAPCHECK_ORACLE_CXX") {
            Some(c) => vec![Compiler::of(named(PathBuf::from(c))?)],
            None => CLANGXX
                .iter()
                .filter_map(|n| on_path(n))
                .find(|c| has_tsan_runtime(c))
                .into_iter()
                .chain(on_path("g++"))
                .map(Compiler::of)
                .collect(),
        };
        let Some(first) = compilers.first() else {
            return Err(Error::NoCompiler(
                "neither a clang++ with its ThreadSanitizer runtime (Debian's \
                 `libclang-rt-19-dev`) nor `g++` is on `PATH` (or name a compiler in \
                 `MAPCHECK_ORACLE_CXX`)"
                    .into(),
            ));
        };
        let compiler = first.path.clone();
        let symbolizer = std::env::var_os("MAPCHECK_ORACLE_SYMBOLIZER")
            .map(PathBuf::from)
            .or_else(|| {
                let version = compiler
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .and_then(|n| n.rsplit_once('-').map(|(_, v)| v.to_string()));
                let mut candidates: Vec<PathBuf> = Vec::new();
                if let Some(v) = &version {
                    candidates.push(PathBuf::from(format!(
                        "/usr/lib/llvm-{v}/bin/llvm-symbolizer"
                    )));
                    if let Some(p) = on_path(&format!("llvm-symbolizer-{v}")) {
                        candidates.push(p);
                    }
                }
                candidates.extend(on_path("llvm-symbolizer"));
                candidates.extend(
                    (14..=19)
                        .rev()
                        .map(|v| PathBuf::from(format!("/usr/lib/llvm-{v}/bin/llvm-symbolizer"))),
                );
                candidates.into_iter().find(|c| c.is_file())
            });
        let work = std::env::var_os("MAPCHECK_ORACLE_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join("mapcheck-oracle"));
        Ok(Oracle {
            compilers,
            symbolizer,
            work,
            timeout: Duration::from_secs(60),
            max_threads: 4096,
            clang_threads: 256,
        })
    }

    /// The compilers the oracle compiles with, the preferred first.
    pub fn compilers(&self) -> &[Compiler] {
        &self.compilers
    }

    fn write_runtime(&self) -> Result<PathBuf, Error> {
        let mut parts: Vec<&[u8]> = Vec::new();
        for (name, text) in RUNTIME {
            parts.push(name.as_bytes());
            parts.push(text.as_bytes());
        }
        parts.push(ASSERT_HEADER.as_bytes());
        parts.push(FP16_HEADER.as_bytes());
        let dir = self.work.join(format!("runtime-{:016x}", fnv(&parts)));
        let io = |source| Error::Io {
            dir: dir.clone(),
            source,
        };
        std::fs::create_dir_all(&dir).map_err(io)?;
        let mut files: Vec<(String, String)> = RUNTIME
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        for h in CUDA_HEADERS {
            files.push((h.to_string(), "#include \"mapcheck_host.h\"\n".into()));
        }
        files.push(("cuda_fp16.h".into(), FP16_HEADER.into()));
        files.push(("assert.h".into(), ASSERT_HEADER.into()));
        files.push(("cassert".into(), ASSERT_HEADER.into()));
        for (name, text) in files {
            let target = dir.join(&name);
            if std::fs::read_to_string(&target).is_ok_and(|t| t == text) {
                continue;
            }
            let partial = dir.join(format!(".{name}.{}", std::process::id()));
            std::fs::write(&partial, text).map_err(io)?;
            std::fs::rename(&partial, &target).map_err(io)?;
        }
        Ok(dir)
    }

    /// Reads, rewrites and compiles `path` with the macros `defines` (a GPUVerify header's
    /// `-D` flags, say). A file the rewrite cannot handle is prepared with
    /// [`Prepared::unsupported`] set and nothing compiled.
    pub fn prepare(
        &self,
        path: &Path,
        defines: &[(String, Option<String>)],
    ) -> Result<Prepared, Error> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let clang = driver::find_clang().map_err(|d| Error::Clang(d.message))?;
        let headers = driver::header_dir().map_err(|d| Error::Clang(d.message))?;
        let output = driver::run_clang(&clang, &headers, path, &text, defines, None)
            .map_err(|d| Error::Clang(d.message))?;
        if let Some(e) = output.errors.first() {
            return Err(Error::Clang(e.to_diagnostic().message));
        }
        let mut root = output.root.map_err(Error::Clang)?;
        let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let source_name = absolute.display().to_string();
        // The files of the user's the file includes are rewritten with it, as mapcheck reads
        // them with it (`mapcheck_grammar::clang::files`).
        let joined = files::join(&mut root, path, &text);
        let mut parts = vec![rewrite::Part {
            name: source_name.clone(),
            path: absolute.clone(),
            start: 0,
            end: text.len(),
        }];
        for f in &joined.files {
            let file = std::path::PathBuf::from(&f.name);
            let absolute = std::fs::canonicalize(&file).unwrap_or(file);
            parts.push(rewrite::Part {
                name: absolute.display().to_string(),
                path: absolute,
                start: f.base,
                end: f.base + f.text.len(),
            });
        }
        let rewritten = rewrite::rewrite(&root, &joined.text, &parts);
        let included: Vec<(String, String)> = parts[1..]
            .iter()
            .zip(&joined.files)
            .map(|(p, f)| (p.name.clone(), f.name.clone()))
            .collect();
        let mut prepared = Prepared {
            symbolizer: self.symbolizer.clone(),
            file: path.to_path_buf(),
            kernels: rewritten.kernels,
            unsupported: rewritten.unsupported,
            build: None,
            source_name,
            included,
            timeout: self.timeout,
            max_threads: self.max_threads,
            clang_threads: self.clang_threads,
        };
        if prepared.unsupported.is_some() {
            return Ok(prepared);
        }
        let build = Build {
            text: rewritten.text,
            defines: defines
                .iter()
                .map(|(name, value)| match value {
                    Some(v) => format!("-D{name}={v}"),
                    None => format!("-D{name}"),
                })
                .collect(),
            runtime: self.write_runtime()?,
            include_dir: absolute.parent().map(Path::to_path_buf),
            bin_dir: self.work.join("bin"),
            compilers: self.compilers.clone(),
            binaries: self
                .compilers
                .iter()
                .map(|_| std::sync::OnceLock::new())
                .collect(),
            bounds: std::sync::OnceLock::new(),
        };
        // The preferred compiler now, so that a file that does not compile says so here; the
        // others when a launch needs them.
        build.binary(0)?;
        prepared.build = Some(build);
        Ok(prepared)
    }

    /// [`Oracle::prepare`], then [`Prepared::run`].
    pub fn run(
        &self,
        path: &Path,
        defines: &[(String, Option<String>)],
        kernel: &str,
        launch: &Launch,
    ) -> Result<Observation, Error> {
        self.prepare(path, defines)?.run(kernel, launch)
    }
}

impl Prepared {
    /// Removes the binaries compiled for this file from the disk cache: for callers that run
    /// many files once each (the kernel generator), whose cache would otherwise grow by a
    /// binary per file.
    pub fn forget(&self) {
        let Some(build) = &self.build else { return };
        for slot in build.binaries.iter().chain([&build.bounds]) {
            if let Some(Ok(binary)) = slot.get() {
                let _ = std::fs::remove_file(binary);
            }
        }
    }

    /// The kernel mapcheck names `name`.
    pub fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// Runs kernel `name` for `launch`.
    pub fn run(&self, name: &str, launch: &Launch) -> Result<Observation, Error> {
        let kernel = self
            .kernel(name)
            .ok_or_else(|| Error::NoKernel(name.to_string()))?;
        let unsupported = |why: String| Observation {
            races: Vec::new(),
            stray: Vec::new(),
            outcome: Outcome::Unsupported(why),
            notes: Vec::new(),
        };
        if let Some(why) = self.unsupported.as_ref().or(kernel.unsupported.as_ref()) {
            return Ok(unsupported(why.clone()));
        }
        let Some(build) = &self.build else {
            return Ok(unsupported("the file was not compiled".into()));
        };
        // clang (the preferred compiler) up to `clang_threads` threads; beyond, g++ if there is
        // one (LLVM's TSan misses races among more threads).
        let which = match build.compilers.iter().position(|c| !c.clang) {
            Some(gxx) if launch.threads() > self.clang_threads => gxx,
            _ => 0,
        };
        let binary = &build.binary(which)?;
        if launch.threads() > self.max_threads {
            return Ok(unsupported(format!(
                "a launch of {} threads (the oracle runs at most {})",
                launch.threads(),
                self.max_threads
            )));
        }
        let options = match self
            .symbolizer
            .as_ref()
            .filter(|_| build.compilers[which].clang)
        {
            Some(s) => format!("{TSAN_OPTIONS} external_symbolizer_path={}", s.display()),
            None => TSAN_OPTIONS.to_string(),
        };
        let (status, stderr) = self.execute(binary, kernel, launch, ("TSAN_OPTIONS", options))?;
        let parsed = tsan::parse(&stderr, &self.source_name, &self.included);
        if let Some(u) = parsed.usage {
            return Err(Error::Run(u));
        }
        let outcome = if let Some(u) = parsed.unsupported {
            Outcome::Unsupported(u)
        } else if let Some(p) = parsed.precondition {
            Outcome::NotARun(p)
        } else if let Some(d) = parsed.divergence {
            Outcome::Divergence(d)
        } else if status.is_none() {
            Outcome::TimedOut
        } else if let Some(c) = parsed.crash {
            Outcome::Crashed(c)
        } else if !parsed.done {
            Outcome::Crashed(match status {
                Some(s) => format!("the program ended with {s}"),
                None => "the program did not end".into(),
            })
        } else {
            Outcome::Completed
        };
        Ok(Observation {
            races: parsed.races,
            stray: parsed.stray,
            outcome,
            notes: parsed.notes,
        })
    }

    /// Runs kernel `name` for `launch` compiled with AddressSanitizer instead of
    /// ThreadSanitizer (clang or g++, the preferred compiler), to find accesses out of bounds:
    /// of a local array, a file-scope table or `__device__` array (the sanitizer's red
    /// zones), of a `__shared__` variable (the runtime poisons its slot around it) or of a
    /// parameter's buffer (the margins are poisoned). The run stops at the first one. An index
    /// past the end of one dimension of a multi-dimensional array that stays inside the
    /// array is not seen (it is another element of the same object); neither is an access
    /// that jumps over the red zone into another object.
    pub fn check_bounds(&self, name: &str, launch: &Launch) -> Result<Bounds, Error> {
        let kernel = self
            .kernel(name)
            .ok_or_else(|| Error::NoKernel(name.to_string()))?;
        if let Some(why) = self.unsupported.as_ref().or(kernel.unsupported.as_ref()) {
            return Ok(Bounds::NoAnswer(format!("unsupported: {why}")));
        }
        let Some(build) = &self.build else {
            return Ok(Bounds::NoAnswer("the file was not compiled".into()));
        };
        if launch.threads() > self.max_threads {
            return Ok(Bounds::NoAnswer("too many threads".into()));
        }
        let binary = &build.bounds_binary()?;
        let mut options = ASAN_OPTIONS.to_string();
        if let Some(s) = &self.symbolizer {
            options.push_str(&format!(":external_symbolizer_path={}", s.display()));
        }
        let (status, stderr) = self.execute(binary, kernel, launch, ("ASAN_OPTIONS", options))?;
        Ok(asan::parse(
            &stderr,
            &self.source_name,
            &self.included,
            status.is_none(),
        ))
    }

    /// Runs `binary` for kernel `kernel` and `launch` with the environment variable `env`
    /// under the wall-clock limit: its exit status (`None` when the limit stopped it) and its
    /// standard error.
    fn execute(
        &self,
        binary: &Path,
        kernel: &KernelInfo,
        launch: &Launch,
        env: (&str, String),
    ) -> Result<(Option<std::process::ExitStatus>, String), Error> {
        let name = &kernel.name;
        let dims = |d: [u32; 3]| format!("{},{},{}", d[0], d[1], d[2]);
        let mut args = vec![
            format!("kernel={name}"),
            format!("grid={}", dims(launch.grid)),
            format!("block={}", dims(launch.block)),
            format!("dynamic={}", launch.dynamic_shared),
            format!("elems={}", launch.elems),
            format!("default={}", launch.default_scalar),
        ];
        match launch.init {
            Init::Zero => args.push("init=zero".into()),
            Init::Random(seed) => {
                args.push("init=random".into());
                args.push(format!("seed={seed}"));
            }
        }
        for (i, p) in kernel.params.iter().enumerate() {
            args.push(format!("q{i}={}", p.name));
            if let Some(v) = launch.params.get(&p.name) {
                args.push(format!("p{i}={v}"));
            }
        }
        // Other names may be fields of class-type parameters (`e_width`, as mapcheck names
        // them).
        for (name, v) in &launch.params {
            if !kernel.params.iter().any(|p| p.name == *name) {
                args.push(format!("n:{name}={v}"));
            }
        }
        let log = std::env::temp_dir().join(format!(
            "mapcheck-oracle-run-{}-{}.log",
            std::process::id(),
            next_run()
        ));
        let io = |e: std::io::Error| Error::Run(format!("{}: {e}", log.display()));
        let file = std::fs::File::create(&log).map_err(io)?;
        let mut child = Command::new(binary)
            .args(&args)
            .env(env.0, env.1)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .map_err(|e| Error::Run(format!("cannot start `{}`: {e}", binary.display())))?;
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if started.elapsed() > self.timeout => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => return Err(Error::Run(e.to_string())),
            }
        };
        let stderr = String::from_utf8_lossy(&std::fs::read(&log).map_err(io)?).into_owned();
        let _ = std::fs::remove_file(&log);
        Ok((status, stderr))
    }
}

/// A number for each run of this process, for the names of its log files.
fn next_run() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static RUNS: AtomicU64 = AtomicU64::new(0);
    RUNS.fetch_add(1, Ordering::Relaxed)
}
