//! Where a barrier goes in `.bcu` text, and how one is deleted there. The `.bcu` grammar's
//! statements end in `;` or `}` and its blocks open with `{`, and the lalrpop parser gives each
//! statement and block its span; a barrier before statement `index` of a block goes after the
//! last statement end between the two statements' spans. (CUDA text uses clang's ranges
//! instead: [`super::points`].)

use super::edit::{delete, Edit, EditKind};
use super::error::{FixError, Pos};
use mapcheck_core::ast::Block;
use mapcheck_core::Span;

/// The byte offset just after the end of the statement that precedes the point, if the point
/// is a statement boundary.
pub fn cut(text: &str, block: &Block, index: usize) -> Option<usize> {
    let (real, before) = super::points::text_statements(block, index);
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

/// The end of the last statement end (`;`, `{`, `}`) outside brackets in `text[g0..g1]`, or
/// `g0` when there is none and the text before it already ends a statement (so that a barrier
/// at the start of a kernel goes after the array declarations); none when the gap starts
/// inside brackets. `.bcu` has comments and no literals.
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
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            b';' | b'{' | b'}' if depth == 0 => found = Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    found
}

/// Deletes the `sync;` at `span`: its whole line when it stands alone there, else the
/// statement, or `sync` alone where a statement is required.
pub fn removal(text: &str, span: Span, what: EditKind) -> Result<Edit, FixError> {
    if !text
        .get(span.start..span.end)
        .is_some_and(|t| t.starts_with("sync"))
    {
        return Err(FixError::BarrierNotText(Pos::of(text, span.start), "sync"));
    }
    let after = &text[span.end..];
    let semi = after
        .find(|c: char| !c.is_whitespace())
        .filter(|&i| after[i..].starts_with(';'))
        .map(|i| span.end + i + 1);
    let before = text[..span.start].trim_end();
    let free = before.is_empty() || before.ends_with(['{', ';', '}']);
    Ok(delete(
        text,
        span.start,
        semi.unwrap_or(span.end),
        span.end,
        free,
        what,
    ))
}
