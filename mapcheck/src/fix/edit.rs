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
//! The if-conversion (AuCS) is written into CUDA text for one shape ([`if_split`]): the repair
//! split one thread-dependent `if (c) { S1 S2 }` (with or without `else`) of the source and put
//! a barrier between `S1` and `S2`. The text becomes `const bool mapcheck_cN = (c);`,
//! `if (mapcheck_cN) { S1 }`, `__syncthreads();`, `if (mapcheck_cN) { S2 } else ...`, the
//! condition evaluated once where the original evaluated it (so it may read memory or locals
//! that `S1` writes), with a fresh name. Refused, naming the obstacle: nested splits (AuCS's
//! `if (c && d)` form), a point between the branches, an `if` that is not a statement of a
//! braced block, a `return`/`break`/`continue`/`goto` in it, and a variable declared in `S1`
//! that `S2` uses (C block scoping). The core search keeps the deciding role: which `if` is
//! split and where comes from its [`Change::IfConverted`] and the inserted barrier's position.
//! A `.bcu` repair with a split is printed in canonical form instead of as edits.

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

/// The end of the last statement terminator in `text[g0..g1]`, or `g0` when there is none
/// and the text before it already ends a statement (the last one, so that in `.bcu` a barrier
/// at the start of a kernel goes after the array declarations).
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
    found.filter(|_| depth == 0)
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
    /// A thread-dependent `if` split in two around an inserted barrier ([`if_split`]).
    IfConverted,
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
    // The if-conversions first: each takes the barrier inserted between its halves.
    let splits: Vec<Span> = changes
        .iter()
        .filter_map(|c| match c {
            Change::IfConverted(s) => Some(*s),
            _ => None,
        })
        .collect();
    let mut taken_markers: Vec<Span> = Vec::new();
    let mut names = Vec::new();
    for &span in &splits {
        if barrier != Barrier::Cuda {
            return Err("the if-conversion is written as edits only on CUDA text".to_string());
        }
        if let Some(other) = splits
            .iter()
            .find(|o| !o.same_range(span) && o.start < span.end && span.start < o.end)
        {
            return Err(format!(
                "nested thread-dependent branches (the `if`s at {} and {}) would both be split, into AuCS's `if (c && d)` form, which is not done on CUDA text; only one `if` is split there",
                position(text, span.start.min(other.start)),
                position(text, span.start.max(other.start))
            ));
        }
        let inside: Vec<Span> = changes
            .iter()
            .filter_map(|c| match c {
                Change::Inserted(m) if span.start < m.start && m.start < span.end => Some(*m),
                _ => None,
            })
            .collect();
        let marker = match inside.as_slice() {
            // The barrier the split made room for was not needed in the end: no split.
            [] => continue,
            [one] => *one,
            _ => {
                return Err("several barriers go between the halves of one split branch".to_string())
            }
        };
        let (block, index) =
            find_sync(&repaired.body, marker).ok_or("an inserted barrier was lost".to_string())?;
        let c = cut(text, block, index)
            .ok_or("an inserted barrier is not at a CUDA statement boundary".to_string())?;
        let name = fresh_name(text, &mut names);
        out.push(if_split(text, span, c, &name)?);
        taken_markers.push(marker);
    }
    for change in changes {
        match *change {
            Change::Inserted(marker) if taken_markers.iter().any(|m| m.same_range(marker)) => {}
            Change::Inserted(marker) => {
                let (block, index) = find_sync(&repaired.body, marker)
                    .ok_or("an inserted barrier was lost".to_string())?;
                let c = cut(text, block, index)
                    .ok_or("an inserted barrier is not at a CUDA statement boundary".to_string())?;
                out.push(insertion(text, c, barrier));
            }
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
            Change::IfConverted(_) => {}
        }
    }
    out.sort_by_key(|e| (e.range.start, e.range.end));
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

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i)
}

fn indent_of(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// Whether the rest of a line is blank or a comment.
fn rest_is_blank(rest: &str) -> bool {
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
enum Tok<'a> {
    Word(&'a str),
    Punct(u8),
}

/// The tokens of `text[from..to]` with their start offsets.
fn tokens(text: &str, from: usize, to: usize) -> Vec<(Tok<'_>, usize)> {
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

/// The index of the token that closes the bracket opened by token `open`.
fn matching(toks: &[(Tok<'_>, usize)], open: usize) -> Option<usize> {
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

/// The names that the statements of `toks` declare at their top level (C block scope): a
/// statement that starts with a type or a declaration specifier (or with two names, a
/// user-defined type) declares the names before its `=`, `,`, `[`, `(` or `;`.
fn declared<'a>(toks: &[(Tok<'a>, usize)]) -> Vec<&'a str> {
    use mapcheck_grammar::cuda::names::{is_builtin_type, is_spec};
    let typeish = |w: &str| is_builtin_type(w) || is_spec(w) || w.starts_with("__");
    let mut out = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        // One statement at brace depth 0: up to its `;`, or a whole nested block.
        if toks[k].0 == Tok::Punct(b'{') {
            k = matching(toks, k).map_or(toks.len(), |m| m + 1);
            continue;
        }
        let start = k;
        let mut end = k;
        while end < toks.len() && toks[end].0 != Tok::Punct(b';') {
            if matches!(toks[end].0, Tok::Punct(b'(' | b'[' | b'{')) {
                let brace = toks[end].0 == Tok::Punct(b'{');
                end = matching(toks, end).unwrap_or(toks.len() - 1);
                if brace {
                    // A statement with a block (`if (c) { .. }`) ends with it.
                    break;
                }
            }
            end += 1;
        }
        let stmt = &toks[start..end.min(toks.len())];
        let is_decl = match stmt {
            [(Tok::Word(a), _), (Tok::Word(b), _), ..] => {
                typeish(a) || (!matches!(*a, "return" | "goto" | "else" | "case") && !typeish(b))
            }
            [(Tok::Word(a), _), ..] => typeish(a),
            _ => false,
        };
        if is_decl {
            let mut last: Option<&str> = None;
            let mut in_init = false;
            let mut j = 0;
            while j < stmt.len() {
                match stmt[j].0 {
                    Tok::Punct(b',') => {
                        if !in_init {
                            out.extend(last.take());
                        }
                        in_init = false;
                    }
                    _ if in_init => {
                        if matches!(stmt[j].0, Tok::Punct(b'(' | b'[' | b'{')) {
                            j = matching(stmt, j).unwrap_or(stmt.len());
                        }
                    }
                    Tok::Word(w) if !typeish(w) => last = Some(w),
                    Tok::Punct(b'=') => {
                        out.extend(last.take());
                        in_init = true;
                    }
                    Tok::Punct(b'(' | b'[' | b'{') => {
                        out.extend(last.take());
                        j = matching(stmt, j).unwrap_or(stmt.len());
                    }
                    _ => {}
                }
                j += 1;
            }
            if !in_init {
                out.extend(last);
            }
        }
        k = end + 1;
    }
    out
}

/// `line:column` of a byte offset.
fn position(text: &str, offset: usize) -> String {
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

/// AuCS's if-conversion written into CUDA text: the `if (c) { S1 S2 } [else E]` statement at
/// `span`, with the barrier point at byte `cut` between `S1` and `S2`, becomes
///
/// ```text
/// const bool NAME = (c);
/// if (NAME) { S1 }
/// __syncthreads();
/// if (NAME) { S2 } [else E]
/// ```
///
/// with `S1`, `S2`, `E` and the condition byte for byte. The condition is evaluated once,
/// where the original evaluated it, so it may read memory or locals that `S1` writes. Refused,
/// with the obstacle named: an `if` that is not a statement of a block (the body of a loop or
/// of an `else`, without braces), a then-branch that is not a braced block, a point that is not
/// between two statements of the then-branch, a `return`, `break`, `continue` or `goto` in the
/// statement, and a variable declared in `S1` that `S2` uses (it would leave scope).
fn if_split(text: &str, span: Span, cut: usize, name: &str) -> Result<Edit, String> {
    let toks = tokens(text, span.start, span.end);
    let at = |b: usize| position(text, b);
    let where_ = at(span.start);
    if toks.first().map(|t| t.0) != Some(Tok::Word("if")) || toks[0].1 != span.start {
        return Err(format!(
            "the split branch at {where_} is not written `if` there (a macro?)"
        ));
    }
    let before: Vec<_> = tokens(text, 0, span.start);
    match before.last().map(|t| t.0) {
        None | Some(Tok::Punct(b';' | b'{' | b'}')) => {}
        _ => {
            return Err(format!(
                "the `if` at {where_} is not a statement of a braced block (it is the body of a loop, of an `else` or of another statement without braces), so the statements of the split cannot go in its place"
            ))
        }
    }
    let cond_close = matching(&toks, 1)
        .ok_or_else(|| format!("the condition of the `if` at {where_} is not parenthesised"))?;
    let cond = &text[toks[1].1 + 1..toks[cond_close].1];
    let then_open = cond_close + 1;
    if toks.get(then_open).map(|t| t.0) != Some(Tok::Punct(b'{')) {
        return Err(format!(
            "the then-branch of the `if` at {where_} is not a braced block"
        ));
    }
    let then_close = matching(&toks, then_open)
        .ok_or_else(|| format!("the then-branch of the `if` at {where_} is not closed"))?;
    let (open_at, close_at) = (toks[then_open].1, toks[then_close].1);
    if let Some((Tok::Word(w), b)) = toks
        .iter()
        .find(|(t, _)| matches!(t, Tok::Word("return" | "break" | "continue" | "goto")))
    {
        return Err(format!(
            "the `if` at {where_} holds a `{w}` (at {}), which would jump differently out of the split halves",
            at(*b)
        ));
    }
    if cut > close_at {
        return Err(format!(
            "the barrier would go between the branches of the `if` at {where_}, which is not done on CUDA text"
        ));
    }
    if cut <= open_at + 1 {
        return Err(format!(
            "the barrier would go at the start of the then-branch of the `if` at {where_}"
        ));
    }
    // The first half keeps a comment that ends its last line.
    let end = line_end(text, cut);
    let cut = if end < close_at && rest_is_blank(&text[cut..end]) {
        end
    } else {
        cut
    };
    let first_toks = tokens(text, open_at + 1, cut);
    let second_toks = tokens(text, cut, close_at);
    if second_toks.is_empty() || first_toks.is_empty() {
        return Err(format!(
            "the barrier point is not between two statements of the then-branch of the `if` at {where_}"
        ));
    }
    for var in declared(&first_toks) {
        if let Some((_, b)) = second_toks.iter().find(|(t, _)| *t == Tok::Word(var)) {
            return Err(format!(
                "`{var}`, declared in the then-branch of the `if` at {where_} before the barrier point, is used after it (at {}); split in two blocks, the declaration would leave scope — declare it before the `if`",
                at(*b)
            ));
        }
    }
    let ls = line_start(text, span.start);
    let indent = indent_of(&text[ls..span.start]);
    let indent = if text[ls..span.start].trim().is_empty() {
        indent
    } else {
        indent_of(&text[ls..])
    };
    let mut out = format!("const bool {name} = ({cond});\n{indent}if ({name}) {{");
    out.push_str(&text[open_at + 1..cut]);
    out.push_str(&format!(
        "\n{indent}}}\n{indent}__syncthreads();\n{indent}if ({name}) {{"
    ));
    out.push_str(&text[cut..span.end]);
    Ok(Edit {
        range: span.start..span.end,
        text: out,
        what: EditKind::IfConverted,
        at: span.start,
    })
}
