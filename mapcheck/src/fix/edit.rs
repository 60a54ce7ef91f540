//! `mapcheck fix` as edits of the original text: the repair is searched on the parsed (or, for
//! CUDA, lowered) kernel, and written back as insertions and deletions of barrier statements
//! — a `__syncthreads();` or `sync;` line inserted, a barrier statement deleted — so that
//! comments, layout and everything else stay byte for byte. The edited text is then parsed
//! again and decided; only a text that re-verifies is printed.
//!
//! This module owns the edits themselves ([`Edit`], [`apply`]), their layout (a barrier on a
//! line of its own, indented like its neighbours; a deleted barrier's line goes with it) and
//! [`edits`], which turns a repair's changes into edits. Where a barrier may go and where a
//! statement ends come from the front end: clang's source ranges for CUDA
//! ([`super::points`], [`mapcheck_grammar::clang::ranges`]), the `.bcu` grammar's spans for
//! `.bcu` ([`super::bcu`]).
//!
//! The if-conversion (AuCS) is written into CUDA text by [`super::split`]: the inserted
//! barriers that lie inside split `if`s are grouped by the outermost of them, and each group
//! becomes edits of the `if` heads, the barrier points and the declarations that move
//! ([`super::hoist`]). A `.bcu` repair with a split is printed in canonical form instead of as
//! edits. No two edits may overlap: [`edits`] refuses rather than lose one.

use super::error::{FixError, Pos};
use mapcheck_core::ast::{Block, Kernel, StmtKind};
use mapcheck_core::Span;
use mapcheck_grammar::clang::ranges::Ranges;
use mapcheck_repair::Change;

/// The text being edited, with what the front end knows of its statements.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// `.bcu`: the grammar's spans; barriers are `sync;`.
    Bcu(&'a str),
    /// CUDA: clang's ranges; barriers are `__syncthreads();`.
    Cuda(&'a str, &'a Ranges),
}

impl<'a> Source<'a> {
    pub fn text(self) -> &'a str {
        match self {
            Source::Bcu(t) | Source::Cuda(t, _) => t,
        }
    }

    fn statement(self) -> &'static str {
        match self {
            Source::Cuda(..) => "__syncthreads();",
            Source::Bcu(_) => "sync;",
        }
    }

    /// Where a barrier before statement `index` of `block` goes: just after the statement
    /// that precedes the point, when the point is a statement boundary of the text.
    pub fn cut(self, block: &Block, index: usize) -> Option<usize> {
        match self {
            Source::Bcu(text) => super::bcu::cut(text, block, index),
            Source::Cuda(_, ranges) => super::points::cut(ranges, block, index),
        }
    }
}

/// One edit of the original text: replace `range` by `text`.
#[derive(Clone, Debug)]
pub struct Edit {
    pub range: std::ops::Range<usize>,
    pub text: String,
    /// What the summary says, with the input position of the edit.
    pub what: EditKind,
    pub at: usize,
}

#[derive(Clone, Copy, Debug)]
pub enum EditKind {
    Inserted,
    RemovedRedundant,
    RemovedDivergent,
    /// A thread-dependent `if` split in two around an inserted barrier ([`super::split`]):
    /// the rewritten head of the `if`.
    IfConverted,
    /// A declaration moved before a split `if` (its use after the barrier would leave scope).
    Hoisted,
    /// The rest of a split: a brace that closes what the head opened.
    Part,
}

/// The text edits that carry out `changes` (which gave `repaired`) on the source; an error
/// names a change that cannot be written back.
///
/// With `original` (`.bcu` only, whose conditions are pure), an `if` whose only statement is a
/// removed barrier goes with it, as the repair's own tree loses it.
pub fn edits(
    source: Source<'_>,
    original: Option<&Kernel>,
    repaired: &Kernel,
    changes: &[Change],
) -> Result<Vec<Edit>, FixError> {
    let text = source.text();
    let mut out = Vec::new();
    let splits: Vec<Span> = changes
        .iter()
        .filter_map(|c| match c {
            Change::IfConverted(s) => Some(*s),
            _ => None,
        })
        .collect();
    let ranges = match source {
        Source::Cuda(_, r) => Some(r),
        Source::Bcu(_) if !splits.is_empty() => return Err(FixError::SplitOnBcu),
        Source::Bcu(_) => None,
    };
    // Each inserted barrier's cut; those inside split `if`s go to the group of the outermost.
    let mut groups: Vec<(Span, Vec<usize>)> = Vec::new();
    for change in changes {
        let Change::Inserted(marker) = *change else {
            continue;
        };
        let (block, index) = find_sync(&repaired.body, marker).ok_or(FixError::LostBarrier)?;
        let c = source.cut(block, index).ok_or(FixError::NotABoundary)?;
        let outer = splits
            .iter()
            .filter(|s| s.start < c && c < s.end)
            .min_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
        match outer {
            None => out.push(insertion(text, c, source.statement())),
            Some(outer) => match groups.iter_mut().find(|g| g.0 == *outer) {
                Some(g) => g.1.push(c),
                None => groups.push((*outer, vec![c])),
            },
        }
    }
    let mut names = Vec::new();
    let mut fresh = || fresh_name(text, &mut names);
    let kernel = repaired.span.start..repaired.span.end;
    if let Some(ranges) = ranges {
        for (outer, cuts) in &groups {
            // The split `if`s of the group that hold a cut (a split whose barrier was not
            // needed in the end is not written).
            let spans: Vec<Span> = splits
                .iter()
                .filter(|s| outer.start <= s.start && s.end <= outer.end)
                .filter(|s| cuts.iter().any(|&c| s.start < c && c < s.end))
                .copied()
                .collect();
            let at = super::split::At {
                text,
                ranges,
                kernel: kernel.clone(),
            };
            out.extend(super::split::group(&at, &spans, cuts, &mut fresh)?);
        }
    }
    for change in changes {
        match *change {
            Change::Inserted(_) | Change::IfConverted(_) => {}
            Change::RemovedRedundant(span) | Change::RemovedDivergent(span) => {
                let kind = if matches!(change, Change::RemovedRedundant(_)) {
                    EditKind::RemovedRedundant
                } else {
                    EditKind::RemovedDivergent
                };
                let edit = match (source, original.and_then(|k| lone_if(&k.body, span))) {
                    (Source::Bcu(_), Some(whole)) => {
                        delete(text, whole.start, whole.end, whole.end, true, kind)
                    }
                    (Source::Bcu(_), None) => super::bcu::removal(text, span, kind)?,
                    (Source::Cuda(_, r), _) => super::points::removal(text, r, span, kind)?,
                };
                out.push(edit);
            }
        }
    }
    out.sort_by_key(|e| (e.range.start, e.range.end));
    // Two edits of one stretch of text would lose one of them.
    for w in out.windows(2) {
        if w[1].range.start < w[0].range.end {
            return Err(FixError::Overlap(
                Pos::of(text, w[0].range.start),
                Pos::of(text, w[1].range.start),
            ));
        }
    }
    Ok(out)
}

/// The span of an `if` without `else` whose then-branch is only the barrier at `sync`.
fn lone_if(block: &Block, sync: Span) -> Option<Span> {
    let mut found = None;
    block.walk(&mut |s| {
        if let StmtKind::If {
            then_branch,
            else_branch: None,
            ..
        } = &s.kind
        {
            if let [only] = then_branch.stmts.as_slice() {
                if matches!(only.kind, StmtKind::Sync) && only.span == sync {
                    found = Some(s.span);
                }
            }
        }
    });
    found
}

/// The block holding the inserted `sync` whose empty span is `marker`, and its index there.
fn find_sync(block: &Block, marker: Span) -> Option<(&Block, usize)> {
    for (i, s) in block.stmts.iter().enumerate() {
        match &s.kind {
            StmtKind::Sync if s.span == marker => return Some((block, i)),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                if let Some(found) = find_sync(then_branch, marker)
                    .or_else(|| else_branch.as_ref().and_then(|e| find_sync(e, marker)))
                {
                    return Some(found);
                }
            }
            StmtKind::For { body, .. } => {
                if let Some(found) = find_sync(body, marker) {
                    return Some(found);
                }
            }
            _ => {}
        }
    }
    None
}

pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

pub(super) fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i)
}

pub(super) fn indent_of(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// Whether the rest of a line is blank or a comment.
pub(super) fn rest_is_blank(rest: &str) -> bool {
    let rest = rest.trim();
    rest.is_empty() || rest.starts_with("//") || (rest.starts_with("/*") && rest.ends_with("*/"))
}

/// A barrier after the statement that ends at `c`: on a line of its own, indented like the
/// statement after it (or, before a closing brace, like the statement before it), unless
/// another statement follows on the same line.
fn insertion(text: &str, c: usize, statement: &str) -> Edit {
    let end = line_end(text, c);
    if !rest_is_blank(&text[c..end]) {
        return Edit {
            range: c..c,
            text: format!(" {statement}"),
            what: EditKind::Inserted,
            at: c,
        };
    }
    let this_line = &text[line_start(text, c)..end];
    let next_line = text[end..]
        .lines()
        .skip(1)
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let indent = if next_line.trim_start().starts_with('}') {
        let base = indent_of(this_line).to_string();
        if text[..c].ends_with('{') {
            base + "  "
        } else {
            base
        }
    } else {
        indent_of(next_line).to_string()
    };
    // After the line's newline; a file without a final newline gets one.
    let (at, prefix) = if end < text.len() {
        (end + 1, "")
    } else {
        (end, "\n")
    };
    Edit {
        range: at..at,
        text: format!("{prefix}{indent}{statement}\n"),
        what: EditKind::Inserted,
        at: c,
    }
}

/// Deletes the statement `start..stmt_end`: its whole line when it stands alone there; up to a
/// comment that follows it on the line; else the statement, or, unless `free` (an element of
/// a block's list), only `start..call_end`, leaving an empty statement where C requires one,
/// as after `if (c)`.
pub(super) fn delete(
    text: &str,
    start: usize,
    stmt_end: usize,
    call_end: usize,
    free: bool,
    what: EditKind,
) -> Edit {
    let ls = line_start(text, start);
    let le = line_end(text, stmt_end);
    let alone = text[ls..start].trim().is_empty() && text[stmt_end..le].trim().is_empty();
    if alone && free {
        let end = if le < text.len() { le + 1 } else { le };
        return Edit {
            range: ls..end,
            text: String::new(),
            what,
            at: start,
        };
    }
    let rest = &text[stmt_end..le];
    if free && text[ls..start].trim().is_empty() && rest_is_blank(rest) {
        // A comment follows on the line: keep it, where the barrier was.
        let comment = stmt_end + (rest.len() - rest.trim_start().len());
        return Edit {
            range: start..comment,
            text: String::new(),
            what,
            at: start,
        };
    }
    Edit {
        range: start..if free { stmt_end } else { call_end },
        text: String::new(),
        what,
        at: start,
    }
}

/// `text` with `edits` (sorted, not overlapping) applied.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len() + 32 * edits.len());
    let mut at = 0;
    for e in edits {
        if e.range.start < at {
            continue;
        }
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.text);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// A fresh name `mapcheck_cN` that no identifier-like word of `text` (comments and macros
/// included) nor an earlier edit uses.
fn fresh_name(text: &str, taken: &mut Vec<String>) -> String {
    let words: std::collections::BTreeSet<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let name = (0usize..)
        .map(|n| format!("mapcheck_c{n}"))
        .find(|n| !words.contains(n.as_str()) && !taken.contains(n))
        .unwrap_or_default();
    taken.push(name.clone());
    name
}
