//! `mapcheck` on a terminal (issue 35, item 1): several inputs with standard error a
//! pseudo-terminal, where the progress bar is shown. A run that redirects its output never
//! draws the bar, which is why the hang this guards against (the report's writer held the
//! terminal's lock while the workers' bar waited for it) went unseen by every other test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use expectrl::process::unix::WaitStatus;
use expectrl::{Eof, Expect, Session};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// How long a run of a few small inputs may take before it is called a hang: they finish in
/// about a second when redirected; the deadline leaves room for a loaded machine.
const DEADLINE: Duration = Duration::from_secs(120);

fn examples() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"))
}

/// Runs mapcheck with `args` on a pseudo-terminal and returns its exit code and everything it
/// printed there, failing if it has not ended by the deadline.
fn on_terminal(args: &[&str]) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mapcheck"));
    command.args(args).current_dir(examples());
    let mut session = Session::spawn(command).expect("cannot start mapcheck on a pseudo-terminal");
    session.set_expect_timeout(Some(DEADLINE));
    let printed = match session.expect(Eof) {
        Ok(found) => String::from_utf8_lossy(found.get(0).unwrap_or_default()).into_owned(),
        Err(e) => {
            let _ = session.get_process_mut().exit(true);
            panic!("mapcheck {args:?} on a terminal did not end within {DEADLINE:?}: {e}");
        }
    };
    let code = match session.get_process().wait() {
        Ok(WaitStatus::Exited(_, code)) => code,
        other => panic!("mapcheck {args:?} on a terminal ended abnormally: {other:?}"),
    };
    (code, printed)
}

#[test]
fn several_inputs_end_on_a_terminal() {
    let inputs = [
        "babycuda_fig3_loop.bcu",
        "grid_stride_loop.bcu",
        "cuda/reduce_sync.cu",
        "cuda/shift_racy.cu",
    ];
    for jobs in ["1", "2"] {
        let mut args = vec!["--jobs", jobs];
        args.extend(inputs);
        let (code, printed) = on_terminal(&args);
        assert_eq!(code, 1, "racy inputs exit 1 (--jobs {jobs}):\n{printed}");
        assert!(
            printed.contains("4 input(s)"),
            "the summary of the four inputs is printed (--jobs {jobs}):\n{printed}"
        );
        let (code, printed) = on_terminal(&[&["--json"], args.as_slice()].concat());
        assert_eq!(code, 1, "--json --jobs {jobs}:\n{printed}");
        assert!(printed.contains("\"kernels\""), "{printed}");
    }
}

#[test]
fn a_directory_ends_on_a_terminal() {
    let (code, printed) = on_terminal(&["--jobs", "2", "cuda"]);
    // The directory holds racy kernels and a file that fails to lower: exit 2 wins.
    assert_eq!(code, 2, "{printed}");
    assert!(printed.contains("input(s)"), "{printed}");
}
