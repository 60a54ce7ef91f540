//! The command line (SPEC §7): `mapcheck [check] FILE...`, `mapcheck run FILE`,
//! `mapcheck fix FILE`, with the flags whose names are part of the contract; and
//! `mapcheck oracle FILE.cu` (the execution oracle, `oracle.rs`).

use clap::{Args, Parser, Subcommand, ValueEnum};
use mapcheck_core::Arith;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "mapcheck",
    about = "Decides whether GPU kernels are data-race free, and how far the verdict can be trusted",
    long_about = None,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = EXIT_CODES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub check: CheckArgs,
}

/// The exit codes (SPEC §7), shown by `--help`.
pub const EXIT_CODES: &str = "\
Exit codes of `mapcheck [check] FILE...`:
  0  every kernel is drf (advice never changes the code)
  1  a data race or barrier divergence is proven or confirmed
  2  an input could not be read, parsed or lowered (the others are still reported)
  3  a defect is potential only (not replayed)
  4  a solver query was undecided
`mapcheck run`: 0 the run was race free and aligned, 1 it raced or diverged, 2 input error.
`mapcheck fix`: 0 the printed kernel is proven race free, 1 no placement of barriers fixes
it, 2 input error.";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse every kernel of every file (the default command)
    Check(CheckArgs),
    /// Run the reference interpreter on one concrete configuration
    Run(RunArgs),
    /// Time parsing, typing, deciding and all of `mapcheck FILE` per kernel; count the queries
    Bench(BenchArgs),
    /// Insert, move or remove barriers until the kernel is proven race free
    Fix(FixArgs),
    /// Run a `.cu` file's C++ itself (not mapcheck's lowering) under ThreadSanitizer for one
    /// launch, and print the races it observed
    Oracle(crate::oracle::OracleArgs),
}

/// Flags every command shares.
#[derive(Debug, Args, Clone, Default)]
pub struct Common {
    /// Fix a parameter: `-p N=64` (repeatable)
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i128)>,

    /// Fix the block geometry: `--block-dim 256` or `--block-dim 16,16`
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_block_dim)]
    pub block_dim: Option<[u64; 3]>,

    /// Fix the grid geometry: `--grid-dim 4` or `--grid-dim 2,2`
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_grid_dim)]
    pub grid_dim: Option<[u64; 3]>,

    /// Only this kernel
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    /// Define a macro for `.cu` inputs: `-D N=4` (repeatable)
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,

    /// Arithmetic: `int` (mathematical integers; the default for `.bcu`), `bv32` or `bv64`
    /// (machine words). Without it a `.cu` kernel is decided with C's integers: in `int`, or in
    /// `bv64` where `int` cannot encode a bitwise operation, each tried when the other leaves a
    /// query undecided
    #[arg(long, value_name = "MODE")]
    pub arith: Option<Arith>,

    /// Colour in the human report and diagnostics: `auto` (when standard output and standard
    /// error are terminals and `NO_COLOR` is unset), `always` or `never`
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Args, Clone, Default)]
pub struct CheckArgs {
    /// The `.bcu` or `.cu` files to analyse; a directory stands for the `.bcu`, `.cu` and
    /// `.cuh` files under it
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Print one JSON document on stdout instead of the human report
    #[arg(long)]
    pub json: bool,

    /// Print only the verdict line of each kernel (and input errors): no findings, witnesses,
    /// advice or summary
    #[arg(short, long)]
    pub quiet: bool,

    /// Print every data-dependence warning in full (by default one note per kernel counts them
    /// and names the first two) and benign-race advice in full (by default one line each)
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,

    /// Files decided at once (default: the machine's cores); the report is the same, in the
    /// same order, whatever N is
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,

    #[command(flatten)]
    pub common: Common,

    /// Stop the whole run after this many seconds of wall-clock time: the queries left are
    /// `unknown`, and the output is then not reproducible (each query is bounded by z3's
    /// deterministic resource limit whatever this says; default: no limit)
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Print an intermediate form instead of checking
    #[arg(long, value_name = "FORM")]
    pub emit: Option<Emit>,

    /// Count a write-write race in which both threads store the same value as a data race
    /// (BabyCUDA's definition, the default for `.bcu`), not as `benign-race` advice (CUDA's
    /// convention, the default for `.cu`)
    #[arg(long)]
    pub strict: bool,

    /// Count a write-write race in which both threads store the same value as `benign-race`
    /// advice also in `.bcu` inputs, whose default is the paper's strict definition
    #[arg(long, conflicts_with = "strict")]
    pub benign: bool,

    /// Check `.cu` kernels for every launch CUDA allows, not only the launches their code is
    /// written for (by default, dimensions a kernel never reads are 1 and its global ids do not
    /// wrap 32 bits; `--block-dim`/`--grid-dim` replace these assumptions)
    #[arg(long)]
    pub any_launch: bool,

    /// Threads of one warp of N (default 32) run in lockstep: races between threads of one
    /// warp are ordered (the pre-Volta assumption of warp-synchronous code)
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "32", value_parser = clap::value_parser!(u32).range(1..))]
    pub warp_sync: Option<u32>,

    /// Threads per warp (default 32, or the N of `--warp-sync=N`): the lanes a `__syncwarp()`
    /// (`syncwarp;`) orders, and the warps `warp_only` speaks of
    #[arg(long, value_name = "N", conflicts_with = "warp_sync",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub warp_size: Option<u32>,

    /// The report on stdout: `human` (the default), `json` (as `--json`) or `sarif` (SARIF
    /// 2.1.0, for code-scanning tools and editors)
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    pub format: Format,

    /// Also write the results as SARIF 2.1.0 to this file
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,

    /// Also write a picture of each finding's witness — its replayed run: threads, phases,
    /// accesses, the race, the source — as one self-contained HTML page to this file
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
}

impl CheckArgs {
    /// The form of the report on stdout, `--json` being `--format json`.
    pub fn report_format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// Diagnostics with the source underlined, and a witness table per finding
    #[default]
    Human,
    /// One JSON document (SPEC §7, `schema: mapcheck/1`)
    Json,
    /// One SARIF 2.1.0 log
    Sarif,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// Each kernel's class and memory access protocol
    Map,
    /// The synchronisation phases of each kernel
    Phases,
    /// The solver queries, as SMT-LIB text
    Smt,
    /// The kernel in the core language, as `.bcu` text: for a `.cu` file, what the CUDA front
    /// end lowered it to
    Core,
}

#[derive(Debug, Args, Clone)]
pub struct RunArgs {
    /// The kernel file
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Print one JSON document on stdout instead of the runs' text
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub common: Common,

    /// Initial array contents: `zero`, or small random values `random:SEED`
    #[arg(long, value_name = "zero|random:SEED", default_value = "zero")]
    pub init: String,

    /// Count a write-write race in which both threads stored the same value as a data race
    /// (exit 1), as `mapcheck check --strict` does (the default for `.bcu`)
    #[arg(long)]
    pub strict: bool,

    /// Count a write-write race in which both threads stored the same value as benign (exit
    /// 0) also in a `.bcu` input, as `mapcheck check --benign` does (the default for `.cu`)
    #[arg(long, conflicts_with = "strict")]
    pub benign: bool,

    /// Run the lanes of each warp of N (default 32) threads in lockstep: two lanes of one warp
    /// race only by writing one cell in one statement, as `mapcheck check --warp-sync` reads it
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "32", value_parser = clap::value_parser!(u32).range(1..))]
    pub warp_sync: Option<u32>,

    /// Threads per warp (default 32, or the N of `--warp-sync=N`): the lanes a `syncwarp;`
    /// orders, as `mapcheck check --warp-size` reads it
    #[arg(long, value_name = "N", conflicts_with = "warp_sync",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub warp_size: Option<u32>,

    /// Also write a picture of the run — a column per thread, a band per phase, each access a
    /// mark at its cell, races linked, the source beside — as one self-contained HTML page to
    /// this file
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
}

#[derive(Debug, Args, Clone)]
pub struct BenchArgs {
    /// `.bcu` and `.cu` files, and directories whose `.bcu` and `.cu` files are all benchmarked
    #[arg(value_name = "DIR_OR_FILE")]
    pub paths: Vec<PathBuf>,

    /// Also benchmark generated kernels with exactly N phases each: `--family 10,100,1000`
    #[arg(long, value_name = "N[,N...]", value_delimiter = ',')]
    pub family: Vec<usize>,

    /// Also benchmark the kernel of issue 15 with N phases: `A[tid] := i; sync; let y =
    /// A[(tid + 1) % ntid]; B[tid] := y; sync;` repeated N/2 times: `--pattern 100,1000`
    #[arg(long, value_name = "N[,N...]", value_delimiter = ',')]
    pub pattern: Vec<usize>,

    /// Also time the CUDA front end (preprocess, parse, lower) on a generated `.cu` file of
    /// about N lines of realistic kernels: `--cuda 500`
    #[arg(long, value_name = "LINES[,LINES...]", value_delimiter = ',')]
    pub cuda: Vec<usize>,

    /// Runs of each kernel; the table shows the median
    #[arg(long, value_name = "RUNS", default_value_t = 3)]
    pub repeat: usize,

    /// Fix a parameter: `-p N=64` (repeatable)
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i128)>,

    /// Fix the block geometry, e.g. to compare `--block-dim 32` with `--block-dim 1024`
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_block_dim)]
    pub block_dim: Option<[u64; 3]>,

    /// Fix the grid geometry
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_grid_dim)]
    pub grid_dim: Option<[u64; 3]>,

    /// Only this kernel
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    /// Arithmetic, as for `mapcheck check` (default: `int` for `.bcu`, C's integers for `.cu`)
    #[arg(long, value_name = "MODE")]
    pub arith: Option<Arith>,

    /// Stop the whole run after this many seconds of wall-clock time: the queries left are
    /// `unknown`, and the output is then not reproducible (each query is bounded by z3's
    /// deterministic resource limit whatever this says; default: no limit)
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args, Clone)]
pub struct FixArgs {
    /// The `.bcu` or CUDA file to repair
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    #[command(flatten)]
    pub common: Common,

    /// Stop the whole run after this many seconds of wall-clock time: the queries left are
    /// `unknown`, and the output is then not reproducible (each query is bounded by z3's
    /// deterministic resource limit whatever this says; default: no limit)
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Repair `.cu` kernels for every launch CUDA allows, as `mapcheck --any-launch` checks them
    #[arg(long)]
    pub any_launch: bool,

    /// Print the repair as a unified diff of the file instead of the repaired text
    #[arg(long, conflicts_with = "in_place")]
    pub diff: bool,

    /// Write the repaired text back into FILE instead of printing it
    #[arg(long)]
    pub in_place: bool,
}

/// A flag's value that does not parse; clap words it as ``invalid value 'TEXT' for '--FLAG':
/// MESSAGE``.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    #[error("expected NAME=VALUE, found `{0}`")]
    NotNameValue(String),
    #[error("missing parameter name in `{0}`")]
    NoName(String),
    #[error("`{0}` is not an integer")]
    NotInteger(String),
    #[error("expected X, X,Y or X,Y,Z of positive integers, found `{0}`")]
    NotDim(String),
    #[error(transparent)]
    Geometry(#[from] mapcheck_core::geometry::GeometryError),
}

fn parse_param(text: &str) -> Result<(String, i128), ArgError> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| ArgError::NotNameValue(text.to_string()))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(ArgError::NoName(text.to_string()));
    }
    let value: i128 = value
        .trim()
        .parse()
        .map_err(|_| ArgError::NotInteger(value.trim().to_string()))?;
    Ok((name.to_string(), value))
}

/// `X`, `X,Y` or `X,Y,Z` (also `[X,Y]`, GPUVerify's form), each at least 1.
pub fn parse_dim(text: &str) -> Result<[u64; 3], ArgError> {
    mapcheck_grammar::cuda::header::parse_dim(text)
        .ok_or_else(|| ArgError::NotDim(text.to_string()))
}

/// `--block-dim`: [`parse_dim`] within CUDA's limits on a block.
pub fn parse_block_dim(text: &str) -> Result<[u64; 3], ArgError> {
    let dim = parse_dim(text)?;
    // The flag serves `.bcu` (`ntid`) and `.cu` (`blockDim`) inputs alike: its own words.
    mapcheck_core::geometry::check_block(crate::input::dims(dim)).map_err(|e| e.in_flag_words())?;
    Ok(dim)
}

/// `--grid-dim`: [`parse_dim`] within CUDA's limits on a grid.
pub fn parse_grid_dim(text: &str) -> Result<[u64; 3], ArgError> {
    let dim = parse_dim(text)?;
    mapcheck_core::geometry::check_grid(crate::input::dims(dim)).map_err(|e| e.in_flag_words())?;
    Ok(dim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimensions() {
        assert_eq!(parse_dim("16"), Ok([16, 1, 1]));
        assert_eq!(parse_dim("16,16"), Ok([16, 16, 1]));
        assert_eq!(parse_dim("[2, 3, 4]"), Ok([2, 3, 4]));
        assert!(parse_dim("0").is_err());
        assert!(parse_dim("1,2,3,4").is_err());
        assert!(parse_dim("x").is_err());
        // CUDA's limits, per dimension and in all (SPEC §3).
        assert_eq!(parse_block_dim("32,32"), Ok([32, 32, 1]));
        assert!(parse_block_dim("32,33").is_err());
        assert!(parse_block_dim("1,1,65").is_err());
        assert_eq!(parse_grid_dim("2147483647"), Ok([2147483647, 1, 1]));
        assert!(parse_grid_dim("2147483648").is_err());
        assert!(parse_grid_dim("1,65536").is_err());
    }

    #[test]
    fn params() {
        assert_eq!(parse_param("N=64"), Ok(("N".into(), 64)));
        assert!(parse_param("N").is_err());
        assert!(parse_param("=3").is_err());
        assert!(parse_param("N=x").is_err());
    }
}
