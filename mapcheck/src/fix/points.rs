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
//! goes at the last such boundary, next to the statement it precedes. A lowered statement of a
//! function the kernel calls stands for its call; of a function called at several places, for
//! the first of those calls in the block's text after the statement before it ([`placed`]).
//! No point follows a statement that holds text after its own (the rest of a block after a
//! `continue` or `return`, which the lowering guards with an `if` placed at the jump): every
//! position of the text there is inside the rest. A statement produced by a macro has no end of
//! its own in the text, so there is no boundary after it; a barrier produced by a macro is not
//! deleted (the edit is refused with the macro's location).

use super::edit::{delete, Edit, EditKind};
use super::error::{FixError, Pos};
use mapcheck_core::ast::{walk_stmts, Block};
use mapcheck_core::Span;
use mapcheck_grammar::clang::ranges::{Place, Ranges};
use std::ops::Range;

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
    // stands for the call.
    let home = ranges.bodies.iter().find(|b| {
        (b.start <= block.span.start && block.span.end <= b.end)
            || (block.span.start <= b.start && b.end <= block.span.end)
    })?;
    let anchor = |s: Span| {
        ranges
            .anchor(s.start..s.end, home)
            .map(|r| Span::new(r.start, r.end))
    };
    let placed = placed(
        ranges,
        &real[..(before + 1).min(real.len())],
        block.span,
        home,
    );
    let prev = match before.checked_sub(1) {
        None => None,
        Some(i) => Some((*placed.get(i)?)?),
    };
    let next = match real.get(before) {
        None => None,
        Some(_) => Some((*placed.get(before)?)?),
    };
    // The statement before the point must hold no statement whose text lies after its own:
    // the lowering writes the rest of a block after a `continue`, `return` or `break` (or an
    // `assert`, or a `case` falling through) as an `if` with the span of the jump, holding
    // the statements that follow it in the text. A point after that `if` is reached by every
    // thread, but every position of the text after the jump is inside the rest, reached only
    // by the threads that did not jump; no position of the text is the point. Likewise, the
    // statement after the point must hold no statement whose text lies before its own.
    let texts = |i: usize| {
        let stmt = block
            .stmts
            .iter()
            .filter(|s| s.span.start < s.span.end)
            .nth(i);
        let mut inner = Vec::new();
        if let Some(stmt) = stmt {
            walk_stmts(std::slice::from_ref(stmt), &mut |s| {
                if s.span.start < s.span.end && s.span != stmt.span {
                    inner.extend(anchor(s.span));
                }
            });
        }
        inner
    };
    if let (Some(p), Some(i)) = (prev, before.checked_sub(1)) {
        if texts(i).iter().any(|s| s.end > p.end) {
            return None;
        }
    }
    if let Some(n) = next {
        if texts(before).iter().any(|s| s.start < n.start) {
            return None;
        }
    }
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

/// Where each of the statements at `real` (of one block, whose span is `block`, in order) runs
/// in the text of the function body `home`: its span, or the call that reaches it when it
/// is a statement of a function `home` calls. A function called at several places has a
/// statement per call, each with the function's span; the statements of a block run in the
/// order of its text (C++ sequences statements, and a barrier can go only between them), so a
/// statement of such a function is placed at the first of its calls within the block's text
/// that starts where the statement before it ends, or after. `None` where that does not
/// settle it.
fn placed(ranges: &Ranges, real: &[Span], block: Span, home: &Range<usize>) -> Vec<Option<Span>> {
    let mut out: Vec<Option<Span>> = Vec::with_capacity(real.len());
    // Where the last statement placed ends: the block's start at first.
    let mut after = block.start;
    for s in real {
        let anchors = ranges.anchors(s.start..s.end, home);
        let here = match anchors.as_slice() {
            [one] => Some(Span::new(one.start, one.end)),
            _ => anchors
                .iter()
                .find(|r| after <= r.start && block.start <= r.start && r.end <= block.end)
                .map(|r| Span::new(r.start, r.end)),
        };
        if let Some(h) = here {
            after = h.end;
        }
        out.push(here);
    }
    out
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
