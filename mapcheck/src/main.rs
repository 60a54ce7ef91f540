//! The `mapcheck` command (SPEC §7): parses the command line and exits with the code of
//! [`mapcheck::execute`]. Everything else is the library's.
#![forbid(unsafe_code)]

use clap::{CommandFactory, FromArgMatches};
use mapcheck::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    let worker = std::thread::Builder::new()
        .name("mapcheck".into())
        .stack_size(mapcheck::STACK_BYTES)
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
    let matches = Cli::command().version(mapcheck::version()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let style = mapcheck::Style::detect();
    // The handles are not locked here: the progress bar writes to standard error from the
    // worker threads while the report is being built, and a lock held by this thread for the
    // whole run would block it forever (a hang on a terminal, where the bar is shown).
    mapcheck::execute(&cli, &mut std::io::stdout(), &mut std::io::stderr(), style)
}
