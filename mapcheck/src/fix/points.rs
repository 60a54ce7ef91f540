//! Where a barrier can go in CUDA text, from clang's source ranges
//! ([`mapcheck_grammar::clang::ranges`]).
//!
//! The CUDA lowering turns one CUDA statement into several core statements (`a[i] += a[i+1];`
//! is two reads and a write) whose spans point inside the CUDA statement. A barrier can only
//! go between statements of the text, so the repair's candidate points are restricted
//! ([`boundary`]): the point between two lowered statements of a block is admitted when a
//! statement boundary — just after the `{` of a compound statement, just after one of its
//! statements with its `;`, or after a branch of an `if` that is one statement — lies
//! between them, with the text between them inside one function's body (a lowered statement
//! of an inlined function lies elsewhere), and, at the end of the block, before the block's
//! end (a branch that is one statement has no point after its last statement) or just after
//! a statement of a compound's list that ends the block; the barrier
//! goes at the last such boundary, next to the statement it precedes. A statement produced by a macro has no end of
//! its own in the text, so there is no boundary after it; a barrier produced by a macro is not
//! deleted (the edit is refused with the macro's location).

use super::edit::{delete, Edit, EditKind};
use super::error::{FixError, Pos};
use mapcheck_core::ast::Block;
use mapcheck_core::Span;
use mapcheck_grammar::clang::ranges::{Place, Ranges};

/// Whether a barrier may go before statement `index` of the lowered `block`, in the first
/// `editable` bytes of the text (the file `fix` was given, not a file it includes).
pub fn boundary(ranges: &Ranges, block: &Block, index: usize, editable: usize) -> bool {
    cut(ranges, block, index).is_some_and(|c| c <= editable)
}

/// The spans of `block`'s statements that are text, and how many of them precede statement
/// `index`: the index counts every statement, but empty-span statements (inserted barriers)
/// are not text.
pub fn text_statements(block: &Block, index: usize) -> (Vec<Span>, usize) {
    let real = block
        .stmts
        .iter()
        .map(|s| s.span)
        .filter(|s| s.start < s.end)
        .collect();
    let before = block.stmts[..index.min(block.stmts.len())]
        .iter()
        .filter(|s| s.span.start < s.span.end)
        .count();
    (real, before)
}

/// The byte offset where a barrier before statement `index` of `block` goes, if any.
pub fn cut(ranges: &Ranges, block: &Block, index: usize) -> Option<usize> {
    let (real, before) = text_statements(block, index);
    // The function whose body holds the block; a lowered statement of a function it calls
    // stands for the call (when one call reaches it).
    let home = ranges.bodies.iter().find(|b| {
        (b.start <= block.span.start && block.span.end <= b.end)
            || (block.span.start <= b.start && b.end <= block.span.end)
    })?;
    let anchor = |s: Span| {
        ranges
            .anchor(s.start..s.end, home)
            .map(|r| Span::new(r.start, r.end))
    };
    let prev = match before.checked_sub(1) {
        None => None,
        Some(i) => Some(anchor(*real.get(i)?)?),
    };
    let next = match real.get(before) {
        None => None,
        Some(s) => Some(anchor(*s)?),
    };
    let lo = prev.map_or(block.span.start, |p| p.end);
    let hi = next.map_or(block.span.end, |n| n.start);
    if lo > hi {
        return None;
    }
    ranges
        .boundaries()
        .filter(|&b| {
            lo <= b
                && b <= hi
                // The text between the two statements lies in one function's body (a lowered
                // statement of an inlined function lies in another).
                && ranges.body_at(b).is_some_and(|f| {
                    prev.is_none_or(|_| f.start < lo) && next.is_none_or(|_| hi < f.end)
                })
                // At the end of a block, inside it: not after a branch that is one statement,
                // but after a statement of a compound's list that ends the block (a loop body
                // whose text continues with the step the lowering moved into the loop).
                && (next.is_some()
                    || b < block.span.end
                    || ranges.ends_listed_statement(block.span.start..b))
        })
        .max()
}

/// Whether the two spans lie in one CUDA statement that holds no other statement (no barrier
/// can go between them).
pub fn one_statement(ranges: &Ranges, [a, b]: [Span; 2]) -> bool {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    // Overlapping spans (a write whose span holds its own read) are one statement.
    if first.end > second.start {
        return true;
    }
    ranges
        .innermost(first.start..second.end.max(first.end))
        .is_some_and(|s| !s.kind.holds_statements())
}

/// Deletes the barrier statement the lowering placed at `span`: its whole line when it stands
/// alone there in a block, else the call and its `;`, or only the call where C requires a
/// statement (the branch of an `if`, the body of a loop).
pub fn removal(text: &str, ranges: &Ranges, span: Span, what: EditKind) -> Result<Edit, FixError> {
    let at = Pos::of(text, span.start);
    let stmt = ranges
        .lowered_stmt(span.start, span.end)
        .ok_or(FixError::BarrierNotText(at, "__syncthreads"))?;
    match &stmt.place {
        Place::Text(r) => Ok(delete(text, r.start, r.end, span.end, stmt.in_list, what)),
        Place::Macro(used) => Err(FixError::BarrierInMacro {
            at,
            used: Pos::of(text, *used),
        }),
        Place::Unknown => Err(FixError::BarrierNotText(at, "__syncthreads")),
    }
}
