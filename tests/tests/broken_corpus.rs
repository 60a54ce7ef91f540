//! The corpus of broken inputs, `tests/broken/*.bcu` (issue 2: "every syntax error in a small
//! corpus of broken inputs is reported at the right line"). Each file starts with one header
//! line per expected error, in source order:
//!
//! ```text
//! // error: LINE:COLUMN: message substring
//! ```
//!
//! and the parser must report exactly those errors: as many as listed, each with its primary
//! span starting at that 1-based line and column (columns count characters, as
//! `mapcheck_core::span::LineIndex` computes them; the header lines count as lines) and a
//! message containing the substring. The one file that cannot carry a header, `empty.bcu`,
//! must be empty and is expected to fail with "no kernel in the file" at 1:1.

// Helpers outside `#[test]` functions fail the test they serve by panicking, as tests do.
#![allow(clippy::panic)]

use mapcheck_core::span::LineIndex;
use mapcheck_grammar::parse;
use std::path::{Path, PathBuf};

#[derive(Debug, PartialEq, Eq)]
struct Expected {
    line: usize,
    column: usize,
    message: String,
}

fn header(text: &str) -> Vec<Expected> {
    text.lines()
        .map_while(|l| l.strip_prefix("// error: "))
        .map(|rest| {
            let mut parts = rest.splitn(3, ':');
            let (Some(line), Some(column), Some(message)) =
                (parts.next(), parts.next(), parts.next())
            else {
                panic!("malformed header line `{rest}`: want `LINE:COLUMN: message`");
            };
            let number = |s: &str| -> usize {
                s.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("`{s}` is not a number in `{rest}`"))
            };
            Expected {
                line: number(line),
                column: number(column),
                message: message.trim().to_string(),
            }
        })
        .collect()
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("broken");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bcu"))
        .collect();
    files.sort();
    files
}

/// The mismatches between what `path` expects and what the parser says, in words.
fn check_file(path: &Path) -> Vec<String> {
    let name = path.display();
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let text = match mapcheck_grammar::decode(&bytes) {
        Ok(text) => text,
        Err(d) => return vec![format!("{name}: not UTF-8: {}", d.message)],
    };
    let mut expected = header(text);
    if expected.is_empty() {
        if !text.is_empty() {
            return vec![format!(
                "{name}: no `// error: LINE:COLUMN: message` header"
            )];
        }
        expected.push(Expected {
            line: 1,
            column: 1,
            message: "no kernel in the file".into(),
        });
    }
    let errors = match parse(text) {
        Ok(_) => return vec![format!("{name}: parsed without error")],
        Err(errors) => errors,
    };
    let index = LineIndex::new(text);
    let found: Vec<(usize, usize, &str)> = errors
        .iter()
        .map(|d| {
            let at = d.span().map(|s| index.line_col(text, s.start));
            (
                at.map_or(0, |a| a.line),
                at.map_or(0, |a| a.column),
                d.message.as_str(),
            )
        })
        .collect();
    let mut problems = Vec::new();
    if found.len() != expected.len() {
        problems.push(format!(
            "{name}: {} errors expected, {} reported: {found:?}",
            expected.len(),
            found.len()
        ));
    }
    for (want, got) in expected.iter().zip(&found) {
        if (want.line, want.column) != (got.0, got.1) || !got.2.contains(&want.message) {
            problems.push(format!(
                "{name}: expected {}:{}: …{}…, reported {}:{}: {}",
                want.line, want.column, want.message, got.0, got.1, got.2
            ));
        }
    }
    problems
}

#[test]
fn every_broken_file_reports_its_errors_where_it_says() {
    let files = corpus();
    assert!(files.len() >= 20, "the corpus shrank: {files:?}");
    let problems: Vec<String> = files.iter().flat_map(|f| check_file(f)).collect();
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn headers_are_read_as_written() {
    assert_eq!(
        header("// error: 3:14: expected `;` after the write\n// error: 5:1: x: y\nkernel"),
        vec![
            Expected {
                line: 3,
                column: 14,
                message: "expected `;` after the write".into()
            },
            Expected {
                line: 5,
                column: 1,
                message: "x: y".into()
            },
        ]
    );
}
