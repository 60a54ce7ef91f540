//! The `mapcheck` command: a thin layer over the library crates that parses the command line,
//! runs the pipeline, and turns its results into a report, a JSON document and an exit code
//! (SPEC §7). Diagnostics of every stage are rendered here, once.
#![forbid(unsafe_code)]

mod bench;
mod check;
mod cli;
mod emit;
mod fix;
mod input;
mod render;
mod report;
mod run;
mod show;

use clap::{CommandFactory, FromArgMatches};
use cli::{Cli, Command};
use std::process::ExitCode;

/// Analyses recurse over the syntax tree; the parser bounds its depth, and this stack leaves
/// ample room for the deepest tree it accepts.
const STACK_BYTES: usize = 256 << 20;

fn main() -> ExitCode {
    let worker = std::thread::Builder::new()
        .name("mapcheck".into())
        .stack_size(STACK_BYTES)
        .spawn(run);
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(_)) => {
            eprintln!("internal error: mapcheck crashed; please report this with the input file");
            ExitCode::from(70)
        }
        Err(e) => {
            eprintln!("internal error: cannot start the analysis thread: {e}");
            ExitCode::from(70)
        }
    }
}

fn run() -> u8 {
    let version = format!(
        "{} (z3 {})",
        env!("CARGO_PKG_VERSION"),
        mapcheck_smt::z3_version()
    );
    let matches = Cli::command().version(version).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let style = render::Style::detect();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    match &cli.command {
        Some(Command::Check(args)) => check::check(args, &mut out, &mut err, style),
        None => check::check(&cli.check, &mut out, &mut err, style),
        Some(Command::Run(args)) => run::run(args, &mut out, &mut err, style),
        Some(Command::Bench(args)) => bench::bench(args, &mut out, &mut err),
        Some(Command::Fix(args)) => fix::fix(args, &mut out, &mut err, style),
    }
}
