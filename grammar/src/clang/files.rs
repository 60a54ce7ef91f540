//! The user's text: the main file and the files of the user's that it includes, joined into
//! one text, so that a span (one byte range, [`Span`]) can name a statement of any of them.
//!
//! nvcc compiles what a file includes as part of it: the samples' `#include "scan_kernel.cu"`
//! brings kernels and helpers the main file launches. Their statements are checked with the
//! main file's and reported at their own file and line (issue 34 item 5). A file is the
//! user's when clang found it through the main file's directory (the `-iquote` directory
//! [`super::driver`] passes, so its name starts with that directory): mapcheck's own headers,
//! the system's and the empty stand-ins for missing headers are not.
//!
//! The joined text is the main file's, then each included file's after one separating byte,
//! in the order clang first names them; every position clang gave in an included file is
//! moved by its file's base and marked as the main file's ([`super::driver::STDIN_NAME`]), so
//! the resolve stage and the lowering read the user's files as one text. The callers map a
//! span back to its file with [`UserFile`]'s `base`.

use super::ast::{Node, Pos};
use super::driver::{offset_of, ClangError, Position, STDIN_NAME};
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

/// A file of the user's that the main file includes, at `base..base + text.len()` of the
/// joined text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserFile {
    /// The name clang gave it, without a leading `./`: the path from where mapcheck runs.
    pub name: String,
    /// The name as clang gives it, in its diagnostics too.
    pub clang_name: String,
    pub text: String,
    pub base: usize,
    /// The file is not UTF-8: each byte that is not ASCII reads as `?`, one byte for one.
    pub not_utf8: bool,
}

/// The main file's text and the included files of the user's, joined.
#[derive(Clone, Debug)]
pub struct Joined {
    pub text: String,
    pub files: Vec<UserFile>,
}

/// The directory clang searches first for `#include "..."`: the main file's.
pub fn quote_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Joins the files of the user's that the tree names to `main` (the main file's text) and
/// moves their positions into the joined text. A file that cannot be read keeps its
/// positions (its statements are then outside the user's text, as mapcheck's headers are).
pub fn join(root: &mut Node, path: &Path, main: &str) -> Joined {
    let dir = quote_dir(path).to_string_lossy().into_owned();
    let prefix = format!("{}/", dir.trim_end_matches('/'));
    let mut order: Vec<Arc<str>> = Vec::new();
    let mut seen: HashSet<Arc<str>> = HashSet::new();
    visit(root, &mut |p| {
        if let Some(f) = &p.file {
            if f.as_ref() != STDIN_NAME && f.starts_with(&prefix) && seen.insert(f.clone()) {
                order.push(f.clone());
            }
        }
    });
    let mut text = main.to_string();
    let mut files = Vec::new();
    let mut bases: HashMap<Arc<str>, usize> = HashMap::new();
    for f in order {
        let Ok(bytes) = std::fs::read(f.as_ref()) else {
            continue;
        };
        text.push('\n');
        let base = text.len();
        let not_utf8 = std::str::from_utf8(&bytes).is_err();
        text.push_str(&decode(&bytes));
        bases.insert(f.clone(), base);
        let name = f.strip_prefix("./").unwrap_or(&f).to_string();
        files.push(UserFile {
            name,
            clang_name: f.to_string(),
            text: text[base..].to_string(),
            base,
            not_utf8,
        });
    }
    if !bases.is_empty() {
        let main_name: Arc<str> = Arc::from(STDIN_NAME);
        visit(root, &mut |p| {
            let Some(base) = p.file.as_ref().and_then(|f| bases.get(f)) else {
                return;
            };
            let moved = p.offset.and_then(|o| u32::try_from(o as usize + base).ok());
            if let Some(o) = moved {
                p.offset = Some(o);
                p.file = Some(main_name.clone());
            }
        });
    }
    Joined { text, files }
}

impl Joined {
    /// A warning for each included file that is not UTF-8, at its start.
    pub fn warnings(&self) -> Vec<Diagnostic> {
        (self.files.iter().filter(|f| f.not_utf8))
            .map(|f| {
                Diagnostic::warning(format!(
                    "`{}` is not UTF-8: each of its bytes that is not ASCII is read as `?`",
                    f.name
                ))
                .with_primary(Span::new(f.base, f.base), "in this file")
            })
            .collect()
    }

    /// Moves clang's errors in the included files of the user's into the joined text, as
    /// [`join`] moves the tree's positions: their lines and columns are then the joined
    /// text's, in the main file's name, and their spans are set.
    pub fn relocate(&self, errors: &mut [ClangError]) {
        for e in errors {
            for p in e.requested.iter_mut().chain(e.at.as_mut()) {
                self.relocate_position(p);
            }
            if let Some(p) = e.at.as_ref().filter(|p| p.file == STDIN_NAME) {
                if let Some(o) = offset_of(&self.text, p.line, p.column) {
                    e.span = Some(Span::new(o, (o + 1).min(self.text.len()).max(o)));
                    e.elsewhere = None;
                }
            }
        }
    }

    fn relocate_position(&self, p: &mut Position) {
        let Some(f) = self.files.iter().find(|f| f.clang_name == p.file) else {
            return;
        };
        let Some(local) = offset_of(&f.text, p.line, p.column) else {
            return;
        };
        let at = f.base + local;
        let before = &self.text[..at.min(self.text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        p.file = STDIN_NAME.to_string();
        p.line = before.matches('\n').count() + 1;
        p.column = at - line_start + 1;
    }
}

/// An included file's text with its byte offsets kept: clang's positions count the file's
/// bytes, so a byte that is not UTF-8 is read as `?` (one byte), not re-encoded.
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes
            .iter()
            .map(|&b| if b.is_ascii() { char::from(b) } else { '?' })
            .collect(),
    }
}

/// Calls `f` on every position of the tree (locations, range ends, and the spelling and
/// expansion positions of macro locations).
fn visit(root: &mut Node, f: &mut impl FnMut(&mut Pos)) {
    fn pos(p: &mut Pos, f: &mut impl FnMut(&mut Pos)) {
        if let Some(s) = p.spelling.as_deref_mut() {
            pos(s, f);
        }
        if let Some(e) = p.expansion.as_deref_mut() {
            pos(e, f);
        }
        f(p);
    }
    // An explicit stack: the tree may be deep.
    let mut stack: Vec<&mut Node> = vec![root];
    while let Some(n) = stack.pop() {
        if let Some(l) = n.rare_mut().and_then(|r| r.loc.as_mut()) {
            pos(l, f);
        }
        if let Some(r) = n.range.as_mut() {
            pos(&mut r.begin, f);
            pos(&mut r.end, f);
        }
        stack.extend(n.inner.iter_mut().rev());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quote_directory_of_a_bare_name_is_the_current_one() {
        assert_eq!(quote_dir(Path::new("k.cu")), Path::new("."));
        assert_eq!(quote_dir(Path::new("a/b/k.cu")), Path::new("a/b"));
    }

    #[test]
    fn bytes_that_are_not_utf8_keep_their_offsets() {
        assert_eq!(decode(b"a\xe9b"), "a?b");
        assert_eq!(decode("é".as_bytes()), "é");
    }
}
