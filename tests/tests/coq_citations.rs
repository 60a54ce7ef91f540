//! Every Coq name cited in a Rust comment exists (issue 17, item 5).
//!
//! Rust code that mirrors the mechanisation says so in comments (STYLE.md, "Proofs"): it cites
//! Coq names fully qualified in backticks (`` `Mapcheck.Typing.T_Write` ``), unqualified after
//! the word Coq (`` Coq `proto` ``), the branch of the checker it mirrors (`` branch T-WRITE of
//! `Mapcheck.Infer.infer` ``, a `(* T-WRITE *)` comment in `proofs/Infer.v`), and proof files
//! by path (`` `proofs/Typing.v` ``). This test collects the comments of every `.rs` file of
//! the workspace, asks `coqc` to `Locate` every name (after `make -C proofs build`), and fails
//! on a name Coq does not know, a branch `Infer.v` does not have, or a file `proofs/` does not
//! hold — so renaming a constructor or a file in `proofs/` without the Rust comments that cite
//! it fails CI.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_tests::coq::proofs_dir;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the comments of the workspace cite.
#[derive(Debug, Default)]
struct Citations {
    /// Qualified names (Mapcheck.File.name), each with the file citing it.
    qualified: BTreeSet<(String, String)>,
    /// Names written after the word Coq, unqualified.
    short: BTreeSet<(String, String)>,
    /// Branches (WORD of Mapcheck.Infer.F, in backticks): the comment (* WORD *) of Infer.v.
    branches: BTreeSet<(String, String)>,
    /// Paths of proof files (proofs/FILE.v, in backticks).
    files: BTreeSet<(String, String)>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !(name.starts_with('.') || name == "target" || name.starts_with("target-")) {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The comment text of a file: runs of `//`, `///` and `//!` lines joined by spaces, so that
/// a citation wrapped over two lines is read whole.
fn comments(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut run: Option<String> = None;
    for line in source.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("//") {
            let text = rest.trim_start_matches(['/', '!']).trim();
            let r = run.get_or_insert_with(String::new);
            r.push(' ');
            r.push_str(text);
        } else if let Some(r) = run.take() {
            out.push(r);
        }
    }
    out.extend(run);
    out
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

/// The backticked spans of `text`.
fn backticked(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == '`' {
            match start.take() {
                Some(s) => out.push((s, &text[s + 1..i])),
                None => start = Some(i),
            }
        }
    }
    out
}

fn collect(text: &str, place: &str, c: &mut Citations) {
    for (at, span) in backticked(text) {
        let at_place = || (span.to_string(), place.to_string());
        let qualified = span.strip_prefix("Mapcheck.").is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .split('.')
                    .all(|p| !p.is_empty() && p.chars().all(is_name_char))
        });
        if qualified {
            c.qualified.insert(at_place());
            // WORD of (backticked) Mapcheck.Infer.F: a branch of the checker.
            if span.starts_with("Mapcheck.Infer.") {
                if let Some(before) = text[..at].trim_end().strip_suffix(" of") {
                    let word = before
                        .rsplit(|ch: char| ch.is_whitespace() || ch == ',')
                        .next()
                        .unwrap_or("");
                    if word.chars().any(|ch| ch.is_ascii_uppercase()) {
                        c.branches.insert((word.to_string(), place.to_string()));
                    }
                }
            }
        } else if text[..at].ends_with("Coq ") && span.chars().all(is_name_char) {
            c.short.insert(at_place());
        } else if span.starts_with("proofs/") && span.ends_with(".v") {
            c.files.insert(at_place());
        }
    }
}

fn citations() -> Citations {
    let root = proofs_dir().parent().unwrap().to_path_buf();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut c = Citations::default();
    for f in files {
        let source = std::fs::read_to_string(&f).unwrap();
        let place = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
        for text in comments(&source) {
            collect(&text, &place, &mut c);
        }
    }
    c
}

/// The full names `Locate` finds for each of `names`, from one `coqc` run.
fn locate(names: &[&str]) -> BTreeSet<String> {
    let proofs = proofs_dir();
    let built = Command::new("make")
        .args(["-s", "-C"])
        .arg(&proofs)
        .arg("build")
        .output()
        .expect("make runs");
    assert!(
        built.status.success(),
        "`make -C proofs build` failed (Coq is needed: `cargo xtask setup` installs it):\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let dir = std::env::temp_dir().join(format!("mapcheck-coq-citations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut script = String::from("From Mapcheck Require All.\n");
    for n in names {
        script.push_str(&format!("Locate {n}.\n"));
    }
    std::fs::write(dir.join("Citations.v"), script).unwrap();
    let out = Command::new("coqc")
        .arg("-Q")
        .arg(&proofs)
        .arg("Mapcheck")
        .arg("Citations.v")
        .current_dir(&dir)
        .output()
        .expect("coqc runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "coqc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // `Locate` prints `KIND FULL.NAME` for each object it finds, `No object ...` otherwise.
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let kind = words.next()?;
            let name = words.next()?;
            (kind.chars().next()?.is_ascii_uppercase() && kind != "No").then(|| name.to_string())
        })
        .collect()
}

#[test]
fn every_coq_name_cited_in_rust_exists() {
    let c = citations();
    // Not vacuous: the type checker alone cites a few dozen names.
    assert!(c.qualified.len() >= 20, "only {:?}", c.qualified);
    assert!(!c.short.is_empty() && !c.branches.is_empty() && !c.files.is_empty());

    const CANARY: &str = "Mapcheck.Typing.T_No_Such_Rule";
    let mut names: BTreeSet<&str> = c.qualified.iter().map(|(n, _)| n.as_str()).collect();
    names.extend(c.short.iter().map(|(n, _)| n.as_str()));
    names.insert(CANARY);
    let names: Vec<&str> = names.into_iter().collect();
    let found = locate(&names);
    eprintln!(
        "coq citations: {} qualified, {} unqualified, {} branches, {} files",
        c.qualified.len(),
        c.short.len(),
        c.branches.len(),
        c.files.len()
    );
    assert!(!found.contains(CANARY), "the check cannot fail: {found:?}");

    let mut missing = Vec::new();
    for (name, place) in &c.qualified {
        if !found.contains(name) {
            missing.push(format!("{place}: `{name}` is not a Coq name"));
        }
    }
    for (name, place) in &c.short {
        let suffix = format!(".{name}");
        if !found
            .iter()
            .any(|f| f.starts_with("Mapcheck.") && f.ends_with(&suffix))
        {
            missing.push(format!("{place}: Coq `{name}` is not a name of `proofs/`"));
        }
    }
    let infer = std::fs::read_to_string(proofs_dir().join("Infer.v")).unwrap();
    for (word, place) in &c.branches {
        if !infer.contains(&format!("(* {word} *)")) {
            missing.push(format!(
                "{place}: `proofs/Infer.v` has no branch `(* {word} *)`"
            ));
        }
    }
    let root = proofs_dir().parent().unwrap().to_path_buf();
    for (file, place) in &c.files {
        if !root.join(file).is_file() {
            missing.push(format!("{place}: no file `{file}`"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn citations_are_read_across_wrapped_comment_lines() {
    let source = "    /// Coq: `Mapcheck.Typing.T_For`; branches T-FOR of\n    /// \
                  `Mapcheck.Infer.infer` and TS_For of `Mapcheck.Infer.sinfer` (Coq `proto`,\n\
                  \x20   /// `proofs/Typing.v`).\nfn f() {}\n";
    let mut c = Citations::default();
    for text in comments(source) {
        collect(&text, "f.rs", &mut c);
    }
    let names = |s: &BTreeSet<(String, String)>| -> Vec<String> {
        s.iter().map(|(n, _)| n.clone()).collect()
    };
    assert_eq!(
        names(&c.qualified),
        [
            "Mapcheck.Infer.infer",
            "Mapcheck.Infer.sinfer",
            "Mapcheck.Typing.T_For"
        ]
    );
    assert_eq!(names(&c.branches), ["T-FOR", "TS_For"]);
    assert_eq!(names(&c.short), ["proto"]);
    assert_eq!(names(&c.files), ["proofs/Typing.v"]);
}
