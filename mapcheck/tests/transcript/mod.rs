//! What the CLI's snapshot tests share: the inputs of one directory of the repository, in name
//! order, and a run of `mapcheck` as the text a snapshot holds (exit code, stdout, stderr).

// Test support: a missing directory of the repository fails the test that asked for it.
#![allow(clippy::panic)]

use std::path::Path;
use std::process::Output;

/// The names of the files of `root/dir` that end in `extension`, sorted.
pub fn inputs(root: &Path, dir: &str, extension: &str) -> Vec<String> {
    let mut files: Vec<String> = match std::fs::read_dir(root.join(dir)) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(extension))
            .collect(),
        Err(e) => panic!("cannot read {dir}/: {e}"),
    };
    files.sort();
    files
}

/// `output` as one text: `exit: CODE` (or `signal`), then stdout and stderr under their names.
pub fn transcript(output: &Output) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".into(), |c| c.to_string()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
