//! `mapcheck oracle FILE.cu`: runs the C++ of a CUDA file itself, not mapcheck's lowering of
//! it — the execution oracle of `mapcheck-oracle` (the file compiled as host C++ with a
//! runtime of mapcheck's, one host thread per CUDA thread, under ThreadSanitizer) — and prints
//! the races and the barrier divergence that run showed.
//!
//! Exit code: `0` every kernel ran to its end and no race was observed (which is not a proof);
//! `1` a race or barrier divergence was observed; `2` the file could not be read, parsed or
//! compiled, or names no such kernel; `4` a kernel could not be run to an answer (a construct
//! the emulation does not support, a crash, the time limit, a false precondition).

use clap::Args;
use mapcheck_grammar::cuda::header::{parse_define, read_header};
use mapcheck_oracle::{Init, Launch, Oracle, Outcome};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args, Clone)]
pub struct OracleArgs {
    /// The `.cu` file
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Threads per block (default: the file's GPUVerify header, else 64)
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_dim)]
    pub block_dim: Option<[u32; 3]>,

    /// Blocks in the grid (default: the file's GPUVerify header, else 1)
    #[arg(long, value_name = "X[,Y,Z]", value_parser = parse_dim)]
    pub grid_dim: Option<[u32; 3]>,

    /// The value of a scalar parameter: `-p n=64`, `-p alpha=1.5` (repeatable); the others are
    /// the number of threads of the grid
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, String)>,

    /// Only this kernel (as mapcheck names it: `k`, `k<float, 128>`)
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    /// Define a macro: `-D N=4` (repeatable; added to the header's)
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,

    /// Contents of the parameters' buffers: `zero`, or small values `random:SEED`
    #[arg(long, value_name = "zero|random:SEED", default_value = "zero", value_parser = parse_init)]
    pub init: Init,

    /// Elements of each pointer parameter's buffer
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    pub elems: u64,

    /// Bytes of dynamic shared memory (`extern __shared__`)
    #[arg(long, value_name = "BYTES", default_value_t = 48 * 1024)]
    pub dynamic_shared: u64,

    /// Wall-clock limit of each run, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
}

fn parse_dim(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err("expected X, X,Y or X,Y,Z".into());
    }
    let mut d = [1u32; 3];
    for (slot, p) in d.iter_mut().zip(&parts) {
        *slot = p
            .parse()
            .ok()
            .filter(|v| *v >= 1)
            .ok_or_else(|| format!("`{p}` is not a positive number"))?;
    }
    Ok(d)
}

fn parse_param(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() && !v.trim().is_empty() => {
            Ok((n.trim().to_string(), v.trim().to_string()))
        }
        _ => Err("expected NAME=VALUE".into()),
    }
}

fn parse_init(text: &str) -> Result<Init, String> {
    if text == "zero" {
        return Ok(Init::Zero);
    }
    text.strip_prefix("random:")
        .and_then(|s| s.parse().ok())
        .map(Init::Random)
        .ok_or_else(|| "expected `zero` or `random:SEED`".into())
}

/// Runs `mapcheck oracle`; the exit code of the module doc.
pub fn oracle(args: &OracleArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "error: cannot read `{}`: {e}", args.file.display());
            return 2;
        }
    };
    let header = read_header(&text);
    let mut defines = header.defines.clone();
    defines.extend(args.defines.iter().map(|d| parse_define(d)));
    let dim = |given: Option<[u32; 3]>, header: Option<[u64; 3]>, default: u32| {
        given
            .or_else(|| header.map(|h| h.map(|v| u32::try_from(v).unwrap_or(u32::MAX))))
            .unwrap_or([default, 1, 1])
    };
    let mut launch = Launch::new(
        dim(args.grid_dim, header.grid_dim, 1),
        dim(args.block_dim, header.block_dim, 64),
    );
    launch.params = args.params.iter().cloned().collect();
    launch.init = args.init;
    launch.elems = args.elems;
    launch.dynamic_shared = args.dynamic_shared;
    let mut oracle = match Oracle::new() {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return 2;
        }
    };
    oracle.timeout = Duration::from_secs_f64(args.timeout.max(0.1));
    let prepared = match oracle.prepare(&args.file, &defines) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "error: {}: {e}", args.file.display());
            return 2;
        }
    };
    let kernels: Vec<&str> = match &args.kernel {
        Some(k) if prepared.kernel(k).is_none() => {
            let _ = writeln!(err, "error: no kernel `{k}` in `{}`", args.file.display());
            return 2;
        }
        Some(k) => vec![k.as_str()],
        None => prepared.kernels.iter().map(|k| k.name.as_str()).collect(),
    };
    let (g, b) = (launch.grid, launch.block);
    let mut code = 0u8;
    for name in kernels {
        let _ = writeln!(
            out,
            "kernel `{name}` (grid {}x{}x{}, block {}x{}x{}; init {})",
            g[0],
            g[1],
            g[2],
            b[0],
            b[1],
            b[2],
            match launch.init {
                Init::Zero => "zero".to_string(),
                Init::Random(s) => format!("random:{s}"),
            }
        );
        let obs = match prepared.run(name, &launch) {
            Ok(o) => o,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                code = code.max(2);
                continue;
            }
        };
        for r in &obs.races {
            let _ = writeln!(out, "  data race: {r}");
        }
        if !obs.stray.is_empty() {
            let _ = writeln!(
                out,
                "  ({} race(s) on memory outside the kernel's buffers: out-of-bounds accesses, not counted)",
                obs.stray.len()
            );
        }
        for n in &obs.notes {
            let _ = writeln!(out, "  note: {n}");
        }
        let (result, c) = match &obs.outcome {
            Outcome::Completed if obs.races.is_empty() => ("no race observed".to_string(), 0),
            Outcome::Completed => ("racy".to_string(), 1),
            Outcome::Divergence(d) => (format!("barrier divergence: {d}"), 1),
            Outcome::NotARun(why) => (format!("not a run: {why}"), 4),
            Outcome::Unsupported(why) => (format!("not run: {why}"), 4),
            Outcome::Crashed(why) => (format!("crashed: {why}"), 4),
            Outcome::TimedOut => ("stopped by the time limit".to_string(), 4),
        };
        // A race observed before the run stopped is still a race.
        let c = if obs.races.is_empty() { c } else { 1 };
        let _ = writeln!(out, "result: {result}");
        code = match (code, c) {
            (2, _) | (_, 2) => 2,
            (1, _) | (_, 1) => 1,
            (a, b) => a.max(b),
        };
    }
    code
}
