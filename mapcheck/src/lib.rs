//! The `mapcheck` library: what the command `mapcheck` does, as functions a program or a test
//! can call. The binary only parses the command line and exits with [`execute`]'s code.
//!
//! The library owns the per-file pipeline of SPEC §7, the one place it is written:
//!
//! * [`input`] — reading an input by the front end its extension selects; a CUDA file with the
//!   geometry and `-D` flags of its GPUVerify header, the command line's flags winning
//!   ([`input::load_with`], [`input::parse_text`], [`input::LoadOptions`]).
//! * [`check`] — deciding the kernels of a loaded input, kernel by kernel: the type checker,
//!   the SMT stage and the advice on redundant barriers ([`check::check_file`],
//!   [`check::decide`]), with the caller's [`check::CheckOptions`] (the solver's limits
//!   included) and what the input adds to them ([`check::options_for`]).
//! * [`coq`] — the type checker extracted from Coq, asked for each exact kernel's `mechanised`
//!   certificate ([`coq::certify`]), and the translation the differential test uses.
//! * [`report`] — the results as data: the JSON document (`schema: mapcheck/1`) and the exit
//!   code, both derived from the same per-kernel reports; [`sarif`] — the same as SARIF 2.1.0.
//! * [`html`] — a picture of a run, or of a finding's replayed witness, as one self-contained
//!   HTML page (`--html OUT.html`).
//! * [`cli`] and [`execute`] — the commands (`check`, `run`, `fix`, `bench`) on a parsed
//!   command line, which render the diagnostics of every stage, once, with ariadne.
#![forbid(unsafe_code)]

mod bench;
pub mod check;
pub mod cli;
pub mod coq;
mod emit;
mod fix;
mod guide;
pub mod html;
pub mod input;
pub mod names;
pub mod oracle;
mod render;
pub mod report;
mod run;
pub mod run_report;
pub mod sarif;
mod show;

pub use emit::core_text;
pub use render::Style;

use cli::{Cli, Command};
use std::io::Write;

/// Analyses recurse over the syntax tree; the parser bounds its depth, and a thread with this
/// much stack leaves ample room for the deepest tree it accepts. The binary runs [`execute`]
/// on such a thread.
pub const STACK_BYTES: usize = 256 << 20;

/// The version `mapcheck --version` prints: the crate's and the Z3 library's.
pub fn version() -> String {
    format!(
        "{} (z3 {})",
        env!("CARGO_PKG_VERSION"),
        mapcheck_smt::z3_version()
    )
}

/// Runs the command `cli` names, writing its report to `out` and its diagnostics to `err`;
/// the exit code of SPEC §7.
pub fn execute(cli: &Cli, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let color = match &cli.command {
        Some(Command::Check(args)) => Some(args.common.color),
        None => Some(cli.check.common.color),
        Some(Command::Run(args)) => Some(args.common.color),
        Some(Command::Fix(args)) => Some(args.common.color),
        Some(Command::Bench(_) | Command::Oracle(_)) => None,
    };
    let style = match color {
        Some(cli::ColorChoice::Always) => Style {
            color: true,
            ..style
        },
        Some(cli::ColorChoice::Never) => Style {
            color: false,
            ..style
        },
        Some(cli::ColorChoice::Auto) | None => style,
    };
    match &cli.command {
        Some(Command::Check(args)) => check::check(args, out, err, style),
        None => check::check(&cli.check, out, err, style),
        Some(Command::Run(args)) => run::run(args, out, err, style),
        Some(Command::Bench(args)) => bench::bench(args, out, err),
        Some(Command::Fix(args)) => fix::fix(args, out, err, style),
        Some(Command::Oracle(args)) => oracle::oracle(args, out, err),
    }
}
