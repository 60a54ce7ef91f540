//! `mapcheck bench DIR_OR_FILE... [--family N,...]`: how long each stage takes per kernel of
//! each `.bcu` or `.cu` file —
//! parsing, typing, and the whole decision (phase split, every solver query, witness search
//! and replay) — and how many solver queries the decision ran (issue 5, item 8); then what
//! `mapcheck FILE` does with the parsed kernel ([`check::decide`]: typing, the decision, the
//! advice on redundant barriers, the report), in `check ms` and `check cpu`, with the advice's
//! queries (`adv q`) and the barriers it reports (`redund`) (issue 15). Parsing is not in
//! `check ms`/`check cpu`: it is `parse ms` (wall clock; for a `.cu` file the clang process,
//! reading its AST and the lowering) and `parse cpu` (this thread's CPU time of it, without the
//! clang process's), shown once per file. Neither includes the process's start (loading the z3
//! library: under 10 ms of user and about 30 ms of system CPU time for a one-line `.bcu` file,
//! papers/benchmarks.md), which `mapcheck FILE` also pays.
//!
//! Besides files, `--family N` generates in memory a kernel with exactly `N` phases (see
//! [`family`]; `--pattern N` the kernel of issue 15, [`pattern`]), so that the cost per phase can be read off a run with 10, 100 and 1000
//! phases. Fixing `--block-dim` shows that the cost does not depend on the thread count: the
//! decision is symbolic in the thread ids, so `ntid = 32` and `ntid = 1024` are the same
//! queries with a different constant.
//!
//! `--cuda N` times the CUDA front end alone (the clang process, reading its AST and the
//! lowering of every kernel) on a generated `.cu` file of about `N` lines of realistic kernels
//! ([`cuda_file`]): one row per file, whose parse column is that time (the goal of issue 7,
//! under 20 ms for 500 lines, was the hand-written front end's; clang's process alone takes
//! more).
//!
//! Each kernel runs `--repeat` times and the stage columns show the median wall-clock time,
//! which keeps a stray slow run (a page fault, another process) out of the numbers. On Linux
//! the `cpu ms` column adds the thread's on-CPU time of the three stages
//! (`/proc/thread-self/schedstat`, the mean over the runs): on a loaded machine wall-clock
//! time also measures waiting for a core, CPU time does not. The scheduler updates that
//! counter at its tick (a few milliseconds), so `cpu ms` is only meaningful for kernels that
//! take longer than that. Times vary between machines; `papers/benchmarks.md` records one set
//! of them. Nothing here is a test: no time is ever asserted.

use crate::check;
use crate::cli::{BenchArgs, CheckArgs, Common};
use crate::input::{self, Loaded, SourceFile};
use mapcheck_core::ast::{Block, Kernel, Program, StmtKind};
use mapcheck_smt::Options;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub fn bench(args: &BenchArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if let Some(problem) = problem(args) {
        let _ = writeln!(err, "error: {problem}");
        return 2;
    }
    let options = options(args);
    let repeat = args.repeat.max(1);
    let mut failed = false;
    let mut inputs: Vec<(String, String)> = Vec::new();
    for path in &args.paths {
        match files(path) {
            Ok(found) => {
                for file in found {
                    match std::fs::read(&file)
                        .map_err(|e| e.to_string())
                        .and_then(|b| {
                            mapcheck_grammar::decode(&b)
                                .map(str::to_string)
                                .map_err(|d| d.message)
                        }) {
                        Ok(text) => inputs.push((file.display().to_string(), text)),
                        Err(why) => {
                            let _ = writeln!(err, "error: cannot read `{}`: {why}", file.display());
                            failed = true;
                        }
                    }
                }
            }
            Err(why) => {
                let _ = writeln!(err, "error: {why}");
                failed = true;
            }
        }
    }
    for &n in &args.family {
        inputs.push((format!("<family {n}>"), family(n)));
    }
    for &n in &args.pattern {
        inputs.push((format!("<pattern {n}>"), pattern(n)));
    }

    let _ = writeln!(
        out,
        "mapcheck bench: {repeat} run(s) per kernel; block {}, grid {}, arith {}; stage times: median wall-clock; cpu ms: {}",
        dims_text(options.fixed.block),
        dims_text(options.fixed.grid),
        args.arith.map_or("default", |a| a.name()),
        if thread_cpu().is_some() {
            "mean on-CPU time of the three stages"
        } else {
            "not available here"
        }
    );
    let _ = writeln!(out, "{}", Row::header());
    let mut total = Row::total();
    let load = input::LoadOptions {
        defines: Vec::new(),
        block_dim: args.block_dim,
        grid_dim: args.grid_dim,
    };
    for (name, text) in &inputs {
        // Read as `mapcheck FILE` reads it: the loader picks the front end and records the
        // language on the source, which says how the file is decided (for a `.cu` file its
        // header's geometry, its `?`s approximations). The parse column is the front end.
        let path = Path::new(name);
        let (parse_time, parsed) = timed(repeat, || {
            match input::parse_text(path, text.clone(), &load) {
                Loaded::Parsed {
                    source,
                    program,
                    errors,
                } => Ok((program, source, errors)),
                Loaded::Failed { diagnostics, .. } => Err(diagnostics),
            }
        });
        let (program, source, errors): (Program, SourceFile, _) = match parsed {
            Ok(parsed) => parsed,
            Err(diagnostics) => {
                for d in diagnostics {
                    let _ = writeln!(err, "error: {name}: {}", d.message);
                }
                failed = true;
                continue;
            }
        };
        for e in &errors {
            let _ = writeln!(err, "error: {name}: {}", e.diagnostic.message);
            failed = true;
        }
        let file_options = check::options_for(&options, &source);
        total.parse += parse_time;
        for (i, kernel) in program.kernels.iter().enumerate() {
            if args.kernel.as_ref().is_some_and(|k| *k != kernel.name.name) {
                continue;
            }
            let row = measure(kernel, &source, &file_options, repeat);
            total.add(&row);
            // A file is parsed once: its time is shown on its first kernel's row.
            let parse = (i == 0).then_some(parse_time);
            let _ = writeln!(out, "{}", row.line(name, &kernel.name.name, parse));
        }
    }
    for &lines in &args.cuda {
        let text = cuda_file(lines);
        let options = mapcheck_grammar::cuda::Options::default();
        let (time, lowered) = timed(repeat, || {
            mapcheck_grammar::clang::parse(Path::new("bench.cu"), &text, &options)
        });
        for e in &lowered.errors {
            let _ = writeln!(err, "error: <cuda {lines}>: {}", e.diagnostic.message);
            failed = true;
        }
        let row = Row {
            statements: lowered
                .program
                .kernels
                .iter()
                .map(|k| statements(&k.body))
                .sum(),
            typing: Time::ZERO,
            solving: Time::ZERO,
            verdict: format!(
                "front end only: {} lines, {} kernels",
                text.lines().count(),
                lowered.program.kernels.len()
            ),
            ..Row::default()
        };
        total.parse += time;
        let _ = writeln!(
            out,
            "{}",
            row.line(
                &format!("<cuda {lines} lines>"),
                "(all, lowered)",
                Some(time)
            )
        );
    }
    let _ = writeln!(out, "{}", total.total_line());
    if failed {
        2
    } else {
        0
    }
}

/// One stage's time: the median wall-clock time, and the mean on-CPU time of this thread
/// where the platform tells it.
#[derive(Clone, Copy, Debug, Default)]
struct Time {
    wall: Duration,
    cpu: Option<Duration>,
}

impl std::ops::AddAssign for Time {
    fn add_assign(&mut self, other: Time) {
        self.wall += other.wall;
        self.cpu = self.cpu.zip(other.cpu).map(|(a, b)| a + b);
    }
}

impl Time {
    const ZERO: Time = Time {
        wall: Duration::ZERO,
        cpu: Some(Duration::ZERO),
    };

    fn shown(self) -> String {
        ms(self.wall)
    }
}

/// One kernel's measurements, or the sum of several.
#[derive(Debug, Default)]
struct Row {
    kernels: usize,
    statements: usize,
    phases: usize,
    parse: Time,
    typing: Time,
    solving: Time,
    queries: usize,
    /// Race pairs the fast path settled without a query.
    settled: usize,
    /// `mapcheck FILE` without parsing and printing: typing, deciding, the advice.
    check: Time,
    advice_queries: usize,
    /// Barriers the advice calls redundant.
    redundant: usize,
    verdict: String,
}

impl Row {
    fn total() -> Row {
        Row {
            parse: Time::ZERO,
            typing: Time::ZERO,
            solving: Time::ZERO,
            check: Time::ZERO,
            ..Row::default()
        }
    }

    fn add(&mut self, other: &Row) {
        self.kernels += 1;
        self.statements += other.statements;
        self.phases += other.phases;
        self.typing += other.typing;
        self.solving += other.solving;
        self.queries += other.queries;
        self.settled += other.settled;
        self.check += other.check;
        self.advice_queries += other.advice_queries;
        self.redundant += other.redundant;
    }

    /// On-CPU time of the three stages, `parse` given apart (a file is parsed once).
    fn cpu(&self, parse: Time) -> String {
        cpu_sum(&[parse, self.typing, self.solving])
    }

    /// On-CPU time of what `mapcheck FILE` does with the parsed kernel ([`check::decide`]).
    fn check_cpu(&self) -> String {
        cpu_sum(&[self.check])
    }

    fn header() -> String {
        format!(
            "{:<46} {:<24} {:>6} {:>6} {:>9} {:>9} {:>9} {:>10} {:>7} {:>7} {:>9} {:>10} {:>9} {:>5} {:>6}  verdict",
            "file",
            "kernel",
            "stmts",
            "phases",
            "parse ms",
            "parse cpu",
            "typing ms",
            "solving ms",
            "queries",
            "settled",
            "cpu ms",
            "check ms",
            "check cpu",
            "adv q",
            "redund"
        )
    }

    fn line(&self, file: &str, kernel: &str, parse: Option<Time>) -> String {
        format!(
            "{:<46} {:<24} {:>6} {:>6} {:>9} {:>9} {:>9} {:>10} {:>7} {:>7} {:>9} {:>10} {:>9} {:>5} {:>6}  {}",
            file,
            kernel,
            self.statements,
            self.phases,
            parse.map_or("·".to_string(), Time::shown),
            parse.map_or("·".to_string(), |p| cpu_sum(&[p])),
            self.typing.shown(),
            self.solving.shown(),
            self.queries,
            self.settled,
            self.cpu(parse.unwrap_or(Time::ZERO)),
            self.check.shown(),
            self.check_cpu(),
            self.advice_queries,
            self.redundant,
            self.verdict
        )
    }

    fn total_line(&self) -> String {
        format!(
            "{:<46} {:<24} {:>6} {:>6} {:>9} {:>9} {:>9} {:>10} {:>7} {:>7} {:>9} {:>10} {:>9} {:>5} {:>6}",
            format!("total ({} kernels)", self.kernels),
            "",
            self.statements,
            self.phases,
            self.parse.shown(),
            cpu_sum(&[self.parse]),
            self.typing.shown(),
            self.solving.shown(),
            self.queries,
            self.settled,
            self.cpu(self.parse),
            self.check.shown(),
            self.check_cpu(),
            self.advice_queries,
            self.redundant
        )
    }
}

/// The sum of on-CPU times, when all are known.
fn cpu_sum(times: &[Time]) -> String {
    times
        .iter()
        .try_fold(Duration::ZERO, |acc, t| t.cpu.map(|c| acc + c))
        .map_or("-".to_string(), ms)
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// Runs `f` `repeat` times; its times and the last result.
fn timed<R>(repeat: usize, mut f: impl FnMut() -> R) -> (Time, R) {
    let mut walls = Vec::with_capacity(repeat);
    let mut result = None;
    // CPU time is read around all the runs together: the counter moves in scheduler ticks,
    // and one span of `repeat` runs divides that granularity by `repeat`.
    let cpu_before = thread_cpu();
    for _ in 0..repeat {
        let started = Instant::now();
        result = Some(f());
        walls.push(started.elapsed());
    }
    let cpu = cpu_before
        .zip(thread_cpu())
        .map(|(a, b)| b.saturating_sub(a) / repeat.max(1) as u32);
    walls.sort();
    let time = Time {
        wall: walls.get(walls.len() / 2).copied().unwrap_or_default(),
        cpu,
    };
    match result {
        Some(r) => (time, r),
        // `repeat` is at least 1, so `f` ran.
        None => (time, f()),
    }
}

/// Time the calling thread has spent on a CPU: the first field of Linux's
/// `/proc/thread-self/schedstat`, in nanoseconds. `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// One kernel's row: typing and deciding timed apart, then the whole of what `mapcheck FILE`
/// does with a parsed kernel (typing, deciding, the advice on redundant barriers, the report).
fn measure(kernel: &Kernel, source: &SourceFile, options: &Options, repeat: usize) -> Row {
    // Typing and deciding in the first arithmetic tried; `check` includes any second one.
    let first = &check::first_theory(kernel, options);
    let (typing, checked) = timed(repeat, || mapcheck_typeck::check(kernel, first.arith));
    let (solving, decision) = timed(repeat, || mapcheck_smt::decide(kernel, &checked, first));
    let (check, decided) = timed(repeat, || check::decide(kernel, source, options, true));
    Row {
        kernels: 1,
        statements: statements(&kernel.body),
        // The decision's split at every barrier.
        phases: decision.split.block.phases.len(),
        parse: Time::default(),
        typing,
        solving,
        queries: decision.queries,
        settled: decision.settled,
        check,
        advice_queries: decided.advice_queries,
        redundant: decided
            .decision
            .findings
            .iter()
            .filter(|f| f.kind == mapcheck_smt::Kind::RedundantBarrier)
            .count(),
        verdict: format!(
            "{}{}",
            decision.verdict.name(),
            if decision.split.block.approximate {
                " (approximate split)"
            } else {
                ""
            }
        ),
    }
}

/// Statements of a block, nested ones included (an `if` counts once, plus its branches).
fn statements<T>(block: &Block<T>) -> usize {
    block
        .stmts
        .iter()
        .map(|s| {
            1 + match &s.kind {
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => statements(then_branch) + else_branch.as_ref().map_or(0, statements),
                StmtKind::For { body, .. } => statements(body),
                _ => 0,
            }
        })
        .sum()
}

/// A generated kernel with exactly `n` phases (`n - 1` barriers in sequence). Phase `i` reads
/// its right neighbour's and its own cell of one array and writes its own cell of the other,
/// under a thread-dependent condition too; the arrays swap roles at every barrier, so each
/// barrier orders the writes of one phase before the neighbour reads of the next and the
/// kernel is race free. Six statements per phase: with 3 phases, 20 statements in all.
pub fn family(n: usize) -> String {
    let n = n.max(1);
    let mut s = format!("kernel family_{n}() {{\n  shared A, B;\n");
    for i in 0..n {
        let (src, dst) = if i % 2 == 0 { ("A", "B") } else { ("B", "A") };
        if i > 0 {
            s.push_str("  sync;\n");
        }
        s.push_str(&format!(
            "  let a{i} = {src}[(tid + 1) % ntid];\n  let b{i} = {src}[tid];\n  let c{i} = a{i} + b{i};\n  {dst}[tid] := c{i};\n  if tid % 2 == 0 {{ {dst}[tid] := b{i}; }}\n"
        ));
    }
    s.push_str("}\n");
    s
}

/// The kernel of issue 15 with `n` phases: `A[tid] := i; sync; let y = A[(tid + 1) % ntid];
/// B[tid] := y; sync;` repeated `n / 2` times (at least once), so `n` barriers, each needed
/// but the last (the phase after it is empty). DRF; every barrier but the last orders a write
/// of `A` before a neighbour's read or a read before the next write.
pub fn pattern(n: usize) -> String {
    let reps = (n / 2).max(1);
    let mut s = format!("kernel pattern_{n}() {{\n  shared A, B;\n");
    for i in 0..reps {
        s.push_str(&format!(
            "  A[tid] := {i};\n  sync;\n  let y{i} = A[(tid + 1) % ntid];\n  B[tid] := y{i};\n  sync;\n"
        ));
    }
    s.push_str("}\n");
    s
}

/// Kernels of the kinds GPU benchmark suites and the CUDA samples are made of, each about 20
/// lines, with `NAME` for the kernel's name: what [`cuda_file`] repeats.
const CUDA_KERNELS: [&str; 6] = [
    "template <class T, unsigned int blockSize>
__global__ void NAME(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
",
    "__global__ void NAME(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  }
}
",
    "__global__ void NAME(const float *in, float *out, int n) {
  __shared__ float s[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = in[g];
  if (threadIdx.x < RADIUS) {
    s[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    s[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.0f;
  }
  __syncthreads();
  float sum = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; k++) {
    sum += s[l + k];
  }
  if (g < n) out[g] = sum;
}
",
    "__global__ void NAME(const int *data, unsigned int *bins, int n, Particle *p) {
  __shared__ unsigned int local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int v = data[i];
    switch (v % 3) {
    case 0: atomicAdd(&local[v % NBINS], 1); break;
    case 1: p[i].x += 1.0f;
    default: p[i].id = v;
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
",
    "__global__ void NAME(const float *A, const float *B, float *C, int wA, int wB) {
  __shared__ float As[TILE_DIM][TILE_DIM];
  __shared__ float Bs[TILE_DIM][TILE_DIM];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  float Csub = 0;
  for (int a = wA * TILE_DIM * by, b = TILE_DIM * bx; a < wA * TILE_DIM * by + wA;
       a += TILE_DIM, b += TILE_DIM * wB) {
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < TILE_DIM; ++k) Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * TILE_DIM * by + TILE_DIM * bx + wB * ty + tx] = Csub;
}
",
    "__device__ int NAME_offset(int i, int s) { return i + s; }
__global__ void NAME(int *data, int n) {
  extern __shared__ int temp[];
  int tid = threadIdx.x;
  temp[tid] = tid < n ? data[tid] : 0;
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    int v = 0;
    if (tid >= s) v = temp[NAME_offset(tid, -s)];
    __syncthreads();
    temp[tid] += v;
    __syncthreads();
  }
  if (tid < n) data[tid] = temp[tid];
}
",
];

/// A `.cu` file of at least `lines` lines: a preamble of macros, a struct and the
/// `SharedMemory<T>` idiom, then the kernels of [`CUDA_KERNELS`] in turn under fresh names,
/// with a little host code that the front end skips.
pub fn cuda_file(lines: usize) -> String {
    let mut s = String::from(
        "#include <cuda_runtime.h>
#define TILE_DIM 32
#define BLOCK_ROWS 8
#define BLOCK 256
#define RADIUS 3
#define NBINS 64
struct Particle { float x, y; int id; float4 colour; };
template <class T> struct SharedMemory {
  __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
};
",
    );
    let mut k = 0;
    while s.lines().count() < lines {
        let name = format!("kernel_{k}");
        s.push_str(&CUDA_KERNELS[k % CUDA_KERNELS.len()].replace("NAME", &name));
        if k % CUDA_KERNELS.len() == 0 {
            s.push_str(&format!(
                "template __global__ void {name}<float, 256>(float *, float *, unsigned int);\n"
            ));
        }
        k += 1;
    }
    s.push_str("int main() { return 0; }\n");
    s
}

/// The `.bcu` and `.cu` files of a directory (sorted), or the path itself when it is a file.
fn files(path: &Path) -> Result<Vec<PathBuf>, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| format!("cannot list `{}`: {e}", path.display()))?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bcu" || e == "cu"))
        .collect();
    found.sort();
    Ok(found)
}

fn problem(args: &BenchArgs) -> Option<String> {
    if args.paths.is_empty()
        && args.family.is_empty()
        && args.pattern.is_empty()
        && args.cuda.is_empty()
    {
        return Some(
            "nothing to benchmark: give files, directories, `--family N` or `--pattern N`".into(),
        );
    }
    if let Some(n) = args.family.iter().find(|n| **n == 0) {
        return Some(format!("a family needs at least one phase, not {n}"));
    }
    None
}

/// The options `mapcheck check` would use with the same flags.
fn options(args: &BenchArgs) -> Options {
    check::options(&CheckArgs {
        files: Vec::new(),
        common: Common {
            params: args.params.clone(),
            block_dim: args.block_dim,
            grid_dim: args.grid_dim,
            kernel: args.kernel.clone(),
            arith: args.arith,
            ..Common::default()
        },
        timeout: args.timeout,
        ..CheckArgs::default()
    })
}

/// A fixed geometry as `--block-dim` takes it (`16,16,1`), or `symbolic`.
fn dims_text(dim: Option<[i128; 3]>) -> String {
    dim.map_or("symbolic".to_string(), |[x, y, z]| format!("{x},{y},{z}"))
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_family_has_the_phases_and_statements_it_promises() {
        for n in [1, 2, 3, 10] {
            let program = mapcheck_grammar::parse(&family(n)).unwrap_or_else(|e| {
                panic!("family {n} does not parse: {:?}", e[0].message);
            });
            let kernel = &program.kernels[0];
            assert_eq!(statements(&kernel.body), 6 * n + (n - 1));
            let options = Options::default();
            let source = SourceFile::new(Path::new("family.bcu"), family(n), input::Language::Core);
            let row = measure(kernel, &source, &options, 1);
            assert_eq!(row.phases, n);
            assert_eq!(row.verdict, "drf");
            // Each barrier orders a phase's writes before the next phase's neighbour reads.
            assert_eq!(row.redundant, 0);
        }
    }

    #[test]
    fn the_generated_cuda_file_lowers_without_errors() {
        let text = cuda_file(500);
        assert!(text.lines().count() >= 500);
        let options = mapcheck_grammar::cuda::Options::default();
        let lowered = mapcheck_grammar::clang::parse(Path::new("b.cu"), &text, &options);
        let errors: Vec<&str> = lowered
            .errors
            .iter()
            .map(|e| e.diagnostic.message.as_str())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert!(lowered.program.kernels.len() >= 20);
    }
}
