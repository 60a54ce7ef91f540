//! `mapcheck fix` as edits of the original text: the repair is searched on the parsed (or, for
//! CUDA, lowered) kernel, and written back as insertions and deletions of barrier statements
//! — a `__syncthreads();` or `sync;` line inserted, a barrier statement deleted — so that
//! comments, layout and everything else stay byte for byte. The edited text is then parsed
//! again and decided; only a text that re-verifies is printed.
//!
//! The CUDA lowering turns one CUDA statement into several core statements (`a[i] += a[i+1];`
//! is two reads and a write) whose spans point inside the CUDA statement. A barrier can only
//! go between statements of the text, so for CUDA the candidate points are restricted
//! ([`boundary`]): a point between two lowered statements is admitted when the text between
//! them holds the end of a statement — a `;`, `{` or `}` outside brackets (comments and
//! literals skipped) — or when the statement before it ends with one; the barrier goes after
//! the last such end, next to the statement it precedes. Text from a macro or an included file
//! has spans that do not spell the barrier, and such a barrier is not edited (the kernel is
//! refused).
//!
//! The if-conversion (AuCS) is written into CUDA text by [`super::split`]: the inserted
//! barriers that lie inside split `if`s are grouped by the outermost of them, and each group
//! becomes edits of the `if` heads, the barrier points and the declarations that move. A
//! `.bcu` repair with a split is printed in canonical form instead of as edits. No two edits
//! may overlap: [`edits`] refuses rather than lose one.

use mapcheck_core::ast::{Block, Kernel, StmtKind};
use mapcheck_core::span::LineIndex;
use mapcheck_core::Span;
use mapcheck_smt::repair::Change;

/// Whether a barrier may go before statement `index` of the lowered `block` (see the module
/// doc): the gap between the two lowered statements holds a CUDA statement boundary.
pub fn boundary(text: &str, block: &Block, index: usize) -> bool {
    cut(text, block, index).is_some()
}

/// The byte offset just after the end of the CUDA statement that precedes the point, if the
/// point is a CUDA statement boundary.
fn cut(text: &str, block: &Block, index: usize) -> Option<usize> {
    let real: Vec<Span> = block
        .stmts
        .iter()
        .map(|s| s.span)
        .filter(|s| s.start < s.end)
        .collect();
    // The index counts every statement; empty-span statements (inserted barriers) are not text.
    let before = block.stmts[..index.min(block.stmts.len())]
        .iter()
        .filter(|s| s.span.start < s.span.end)
        .count();
    let g0 = match before.checked_sub(1) {
        None => block.span.start,
        Some(i) => real.get(i)?.end,
    };
    // At the end of a block, stop before its closing brace: the barrier goes inside.
    let end = block.span.end;
    let closing = end
        .checked_sub(1)
        .filter(|&i| text.as_bytes().get(i) == Some(&b'}'))
        .unwrap_or(end);
    let g1 = real.get(before).map_or(closing, |s| s.start);
    gap_cut(text, g0, g1)
}

/// The end of the last statement terminator outside brackets in `text[g0..g1]`, or `g0` when
/// there is none and the text before it already ends a statement (the last one, so that in
/// `.bcu` a barrier at the start of a kernel goes after the array declarations); none when the
/// gap starts inside brackets.
fn gap_cut(text: &str, g0: usize, g1: usize) -> Option<usize> {
    if g0 > g1 || g1 > text.len() || !text.is_char_boundary(g0) || !text.is_char_boundary(g1) {
        return None;
    }
    let bytes = text.as_bytes();
    let mut found = match g0.checked_sub(1).map(|i| bytes[i]) {
        Some(b';' | b'}') => Some(g0),
        _ => None,
    };
    let mut depth: i64 = 0;
    let mut i = g0;
    while i < g1 {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < g1 && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < g1 && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < g1 && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth < 0 {
                    // The gap starts inside brackets (a `for` header, a call): no boundary.
                    return None;
                }
            }
            b';' | b'{' | b'}' if depth == 0 => found = Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    // A gap that ends inside brackets (the header of a `for`, the condition of an `if`, whose
    // reads the lowering hoists before the statement) still has the boundary before that
    // statement.
    found
}

/// How a barrier is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barrier {
    /// `__syncthreads();`
    Cuda,
    /// `sync;`
    Bcu,
}

impl Barrier {
    fn statement(self) -> &'static str {
        match self {
            Barrier::Cuda => "__syncthreads();",
            Barrier::Bcu => "sync;",
        }
    }

    fn keyword(self) -> &'static str {
        match self {
            Barrier::Cuda => "__syncthreads",
            Barrier::Bcu => "sync",
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
    /// A thread-dependent `if` split in two around an inserted barrier ([`split`]): the
    /// rewritten head of the `if`.
    IfConverted,
    /// A declaration moved before a split `if` (its use after the barrier would leave scope).
    Hoisted,
    /// The rest of a split: a brace that closes what the head opened.
    Part,
}

/// The text edits that carry out `changes` (which gave `repaired`) on `text`, with barriers
/// written as `barrier`; an error names a change that cannot be written back.
///
/// With `original` (`.bcu` only, whose conditions are pure), an `if` whose only statement is a
/// removed barrier goes with it, as the repair's own tree loses it.
pub fn edits(
    text: &str,
    original: Option<&Kernel>,
    repaired: &Kernel,
    changes: &[Change],
    barrier: Barrier,
) -> Result<Vec<Edit>, String> {
    let mut out = Vec::new();
    let splits: Vec<Span> = changes
        .iter()
        .filter_map(|c| match c {
            Change::IfConverted(s) => Some(*s),
            _ => None,
        })
        .collect();
    if !splits.is_empty() && barrier != Barrier::Cuda {
        return Err("the if-conversion is written as edits only on CUDA text".to_string());
    }
    // Each inserted barrier's cut; those inside split `if`s go to the group of the outermost.
    let mut groups: Vec<(Span, Vec<usize>)> = Vec::new();
    for change in changes {
        let Change::Inserted(marker) = *change else {
            continue;
        };
        let (block, index) =
            find_sync(&repaired.body, marker).ok_or("an inserted barrier was lost".to_string())?;
        let c = cut(text, block, index)
            .ok_or("an inserted barrier is not at a CUDA statement boundary".to_string())?;
        let outer = splits
            .iter()
            .filter(|s| s.start < c && c < s.end)
            .min_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
        match outer {
            None => out.push(insertion(text, c, barrier)),
            Some(outer) => match groups.iter_mut().find(|g| g.0.same_range(*outer)) {
                Some(g) => g.1.push(c),
                None => groups.push((*outer, vec![c])),
            },
        }
    }
    let mut names = Vec::new();
    let mut fresh = || fresh_name(text, &mut names);
    let kernel = repaired.span.start..repaired.span.end;
    for (outer, cuts) in &groups {
        // The split `if`s of the group that hold a cut (a split whose barrier was not needed
        // in the end is not written).
        let spans: Vec<Span> = splits
            .iter()
            .filter(|s| outer.start <= s.start && s.end <= outer.end)
            .filter(|s| cuts.iter().any(|&c| s.start < c && c < s.end))
            .copied()
            .collect();
        out.extend(super::split::group(
            text,
            kernel.clone(),
            &spans,
            cuts,
            &mut fresh,
        )?);
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
                match original.and_then(|k| lone_if(&k.body, span)) {
                    Some(whole) => out.push(delete(text, whole.start, whole.end, whole.end, kind)),
                    None => out.push(removal(text, span, kind, barrier)?),
                }
            }
        }
    }
    out.sort_by_key(|e| (e.range.start, e.range.end));
    // Two edits of one stretch of text would lose one of them.
    for w in out.windows(2) {
        if w[1].range.start < w[0].range.end {
            return Err(format!(
                "two edits overlap, at {} and {}",
                position(text, w[0].range.start),
                position(text, w[1].range.start)
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
                if matches!(only.kind, StmtKind::Sync) && only.span.same_range(sync) {
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
            StmtKind::Sync if s.span.same_range(marker) => return Some((block, i)),
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
fn insertion(text: &str, c: usize, barrier: Barrier) -> Edit {
    let end = line_end(text, c);
    if !rest_is_blank(&text[c..end]) {
        return Edit {
            range: c..c,
            text: format!(" {}", barrier.statement()),
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
        text: format!("{prefix}{indent}{}\n", barrier.statement()),
        what: EditKind::Inserted,
        at: c,
    }
}

/// Deletes the barrier at `span`: its whole line when it stands alone there, else the call
/// and its `;` (or the call alone, leaving an empty statement, where a statement is required,
/// as after `if (c)`).
fn removal(text: &str, span: Span, what: EditKind, barrier: Barrier) -> Result<Edit, String> {
    if !text
        .get(span.start..span.end)
        .is_some_and(|t| t.starts_with(barrier.keyword()))
    {
        return Err(format!(
            "the barrier at byte {} is not written `{}` there (a macro or an included file)",
            span.start,
            barrier.keyword()
        ));
    }
    let after = &text[span.end..];
    let semi = after
        .find(|c: char| !c.is_whitespace())
        .filter(|&i| after[i..].starts_with(';'))
        .map(|i| span.end + i + 1);
    Ok(delete(
        text,
        span.start,
        semi.unwrap_or(span.end),
        span.end,
        what,
    ))
}

/// Deletes the statement `start..stmt_end`: its whole line when it stands alone there; up to a
/// comment that follows it on the line; else the statement, or only `start..call_end`
/// (leaving an empty statement) where C requires a statement, as after `if (c)`.
fn delete(text: &str, start: usize, stmt_end: usize, call_end: usize, what: EditKind) -> Edit {
    let ls = line_start(text, start);
    let le = line_end(text, stmt_end);
    let alone = text[ls..start].trim().is_empty() && text[stmt_end..le].trim().is_empty();
    if alone {
        let end = if le < text.len() { le + 1 } else { le };
        return Edit {
            range: ls..end,
            text: String::new(),
            what,
            at: start,
        };
    }
    let rest = &text[stmt_end..le];
    if text[ls..start].trim().is_empty() && rest_is_blank(rest) {
        // A comment follows on the line: keep it, where the barrier was.
        let comment = stmt_end + (rest.len() - rest.trim_start().len());
        return Edit {
            range: start..comment,
            text: String::new(),
            what,
            at: start,
        };
    }
    let before = text[..start].trim_end();
    let free = before.is_empty() || before.ends_with(['{', ';', '}']);
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

/// Whether the two spans lie in one CUDA statement: no statement boundary between them.
pub fn one_statement(text: &str, [a, b]: [Span; 2]) -> bool {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    // Overlapping spans (a write whose span holds its own read) are one statement.
    first.end > second.start || gap_cut(text, first.end, second.start).is_none()
}

/// A token of C text: an identifier (or number, or keyword) or one punctuation byte; comments,
/// string and character literals and whitespace are skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    Word(&'a str),
    Punct(u8),
}

/// The tokens of `text[from..to]` with their start offsets.
pub(super) fn tokens(text: &str, from: usize, to: usize) -> Vec<(Tok<'_>, usize)> {
    let bytes = text.as_bytes();
    let to = to.min(text.len());
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        let b = bytes[i];
        if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < to && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b == b'/' && bytes.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < to && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        if b == b'"' || b == b'\'' {
            i += 1;
            while i < to && bytes[i] != b {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        if b.is_ascii_alphanumeric() || b == b'_' {
            let start = i;
            while i < to && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Word(&text[start..i]), start));
            continue;
        }
        if !b.is_ascii_whitespace() {
            out.push((Tok::Punct(b), i));
        }
        i += 1;
    }
    out
}

/// The byte offset just after token `t`.
pub(super) fn tok_end(t: &(Tok<'_>, usize)) -> usize {
    match t.0 {
        Tok::Word(w) => t.1 + w.len(),
        Tok::Punct(_) => t.1 + 1,
    }
}

/// The index of the token that closes the bracket opened by token `open`.
pub(super) fn matching(toks: &[(Tok<'_>, usize)], open: usize) -> Option<usize> {
    let (o, c) = match toks.get(open)?.0 {
        Tok::Punct(b'(') => (b'(', b')'),
        Tok::Punct(b'{') => (b'{', b'}'),
        Tok::Punct(b'[') => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (k, (t, _)) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct(b) if *b == o => depth += 1,
            Tok::Punct(b) if *b == c => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `line:column` of a byte offset.
pub(super) fn position(text: &str, offset: usize) -> String {
    let lc = LineIndex::new(text).line_col(text, offset);
    format!("line {}, column {}", lc.line, lc.column)
}

/// A fresh name `mapcheck_cN` that no identifier of `text` (nor an earlier edit) uses.
fn fresh_name(text: &str, taken: &mut Vec<String>) -> String {
    let words: std::collections::BTreeSet<&str> = tokens(text, 0, text.len())
        .into_iter()
        .filter_map(|(t, _)| match t {
            Tok::Word(w) => Some(w),
            Tok::Punct(_) => None,
        })
        .collect();
    let name = (0usize..)
        .map(|n| format!("mapcheck_c{n}"))
        .find(|n| !words.contains(n.as_str()) && !taken.contains(n))
        .unwrap_or_default();
    taken.push(name.clone());
    name
}
