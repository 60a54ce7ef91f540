//! AuCS's if-conversion written into CUDA text. The repair search (`mapcheck_smt::ifconvert`)
//! split thread-dependent `if`s of the lowered kernel so that a barrier point every thread
//! reaches lies between two racing accesses; this module writes the same splits as edits of
//! the original text, so that comments and layout stay.
//!
//! A group is one outermost split `if` (`I0`) with the barrier points ("cuts") inside it and
//! the split `if`s that hold them (`I1`, `I2`, ... nested in it). For a cut in the
//! then-branch of `I0` and of a nested `I1`:
//!
//! ```text
//! if (c0) {              bool mapcheck_c1 = false;
//!   A0                   const bool mapcheck_c0 = (c0);
//!   if (c1) {            if (mapcheck_c0) {
//!     A1                   A0
//!     ✂                    mapcheck_c1 = (c1);
//!     B1           ==>     if (mapcheck_c1) {
//!   } else {                 A1
//!     E1                   }
//!   }                    }
//!   B0                   __syncthreads();
//! }                      if (mapcheck_c0) {
//!                          if (mapcheck_c1) {
//!                            B1
//!                          } else {
//!                            E1
//!                          }
//!                          B0
//!                        }
//! ```
//!
//! Every condition is evaluated once, where the original evaluated it (after `A0`, which may
//! write what `c1` reads), into a fresh flag; the second half tests the flags. A cut in an
//! else-branch reopens with `if (!flag)`, a cut between the two branches of the innermost
//! `if` drops its `else` (`if (f) { T } __syncthreads(); if (!f) { E }`). This is AuCS's
//! `if (c && d) {..} sync; if (c && !d) {..}` written as nested `if`s.
//!
//! What keeps the text's meaning: each thread runs the statements of the first halves, then
//! those of the second, in the original order, each once, under the values the original
//! conditions had. Locals declared in a first half and used after the cut would leave scope;
//! their declarations move before `I0`: whole when the initialiser is pure (no memory, no
//! call, no assignment, and nothing it names changes between `I0` and the declaration),
//! else as a declaration there and an assignment in place (the front end then sees an
//! unknown value after the first half, as the repair search assumed with
//! `Carry::Unknown`). A moved name that also names something else in the kernel is refused.
//!
//! A cut inside a `for` loop of a branch is AuCS's loop interchange, as the repair search did
//! it: the `if`s around the loop close before it and reopen inside its body (on the same
//! flags), close again at the body's end and reopen after the loop, so the loop runs in every
//! thread and the barrier in its body is reached by all; the loop's header and closing brace
//! move out to the outermost `if`'s indentation, and an `if` part left empty is not written.
//! A declaration of the loop body used after the cut moves before `I0` as a declaration only
//! (its assignment stays in place, made anew in every iteration).
//!
//! Refused with the obstacle named: a cut inside a `while`/`do` loop, a nested block or two
//! loops of a branch, a `return`/`break`/`continue`/`goto` in `I0`, an `if` written by a
//! macro, a declaration that cannot move (`auto`, `static`, references, initialiser lists).
//! The result is read again by the CUDA front end and decided before it is printed
//! (`fix::reverify`), so a mistake here shows as a refusal, not as a wrong kernel.

use super::edit::{
    indent_of, line_end, line_start, matching, position, rest_is_blank, tok_end, tokens, Edit,
    EditKind, Tok,
};
use mapcheck_core::Span;
use std::collections::BTreeSet;
use std::ops::Range;

/// An `if` statement of the text.
#[derive(Clone, Debug)]
struct IfText {
    range: Range<usize>,
    /// The `if (c)` head, up to and including its `)`.
    head: Range<usize>,
    cond: Range<usize>,
    then: Branch,
    /// The `else` keyword and the else-branch.
    els: Option<(Range<usize>, Branch)>,
    indent: String,
    /// Not a statement of a braced block (the body of a loop or of an `else`, after a label):
    /// the statements that replace it need braces around them.
    wrap: bool,
}

/// A branch: a braced block (`range` from `{` to after `}`) or one statement.
#[derive(Clone, Debug)]
struct Branch {
    range: Range<usize>,
    braced: bool,
}

impl Branch {
    /// The text between the braces (the whole statement when not braced).
    fn interior(&self) -> Range<usize> {
        if self.braced {
            self.range.start + 1..self.range.end - 1
        } else {
            self.range.clone()
        }
    }

    fn holds(&self, at: usize) -> bool {
        let i = self.interior();
        i.start <= at && at <= i.end
    }
}

/// An edit that puts `lines` at byte `at`: on lines of their own — before the line of `at`
/// when only blanks precede it there (`before`), else after the line of `at` when only a
/// comment follows it — or, in the middle of a line, separated by spaces.
fn lines_at(text: &str, at: usize, lines: &[String], before: bool) -> Edit {
    let ls = line_start(text, at);
    let le = line_end(text, at);
    let (pos, body) = if before && text[ls..at].trim().is_empty() {
        (ls, format!("{}\n", lines.join("\n")))
    } else if !before && rest_is_blank(&text[at..le]) {
        (le, format!("\n{}", lines.join("\n")))
    } else {
        let flat: Vec<&str> = lines.iter().map(|l| l.trim()).collect();
        (at, format!(" {} ", flat.join(" ")))
    };
    Edit {
        range: pos..pos,
        text: if lines.is_empty() {
            String::new()
        } else {
            body
        },
        what: EditKind::Part,
        at,
    }
}

/// Removes indentation from the line of `at` down to `width` columns, when only blanks precede
/// `at` there.
fn dedent(text: &str, at: usize, width: usize) -> Option<Edit> {
    let ls = line_start(text, at);
    let lead = &text[ls..at];
    (lead.trim().is_empty() && lead.len() > width).then(|| Edit {
        range: ls..ls + lead.len() - width,
        text: String::new(),
        what: EditKind::Part,
        at,
    })
}

/// Where a cut lies in one split `if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Then,
    Else,
    /// Between the branches: the innermost `if` only.
    Between,
}

/// The index of the last token of the statement that starts at token `k`.
fn stmt_extent(toks: &[(Tok<'_>, usize)], k: usize) -> Option<usize> {
    match toks.get(k)?.0 {
        Tok::Punct(b'{') => matching(toks, k),
        Tok::Punct(b';') => Some(k),
        Tok::Word("if") => {
            let close = matching(toks, k + 1)?;
            let end = stmt_extent(toks, close + 1)?;
            match toks.get(end + 1) {
                Some((Tok::Word("else"), _)) => stmt_extent(toks, end + 2),
                _ => Some(end),
            }
        }
        Tok::Word("for" | "while" | "switch") => {
            let close = matching(toks, k + 1)?;
            stmt_extent(toks, close + 1)
        }
        Tok::Word("do") => {
            let body = stmt_extent(toks, k + 1)?;
            let close = matching(toks, body + 2)?;
            (toks.get(close + 1)?.0 == Tok::Punct(b';')).then_some(close + 1)
        }
        _ => {
            let mut j = k;
            while j < toks.len() {
                match toks[j].0 {
                    Tok::Punct(b';') => return Some(j),
                    Tok::Punct(b'(' | b'[' | b'{') => j = matching(toks, j)?,
                    _ => {}
                }
                j += 1;
            }
            None
        }
    }
}

fn parse_if(text: &str, span: Span) -> Result<IfText, String> {
    let toks = tokens(text, span.start, span.end);
    let where_ = position(text, span.start);
    if toks.first().map(|t| t.0) != Some(Tok::Word("if")) || toks[0].1 != span.start {
        return Err(format!(
            "the split branch at {where_} is not written `if` there (a macro?)"
        ));
    }
    let close = matching(&toks, 1)
        .filter(|_| toks.get(1).map(|t| t.0) == Some(Tok::Punct(b'(')))
        .ok_or_else(|| format!("the condition of the `if` at {where_} is not parenthesised"))?;
    let branch = |first: usize| -> Result<(Branch, usize), String> {
        let last = stmt_extent(&toks, first)
            .ok_or_else(|| format!("a branch of the `if` at {where_} does not end in it"))?;
        let braced = toks[first].0 == Tok::Punct(b'{');
        let range = toks[first].1..tok_end(&toks[last]);
        Ok((Branch { range, braced }, last))
    };
    let (then, last) = branch(close + 1)?;
    let els = match toks.get(last + 1) {
        Some(&(Tok::Word("else"), at)) => {
            let (b, _) = branch(last + 2)?;
            Some((at..at + 4, b))
        }
        _ => None,
    };
    let ls = line_start(text, span.start);
    let indent = indent_of(&text[ls..line_end(text, ls)]).to_string();
    let before = tokens(text, 0, span.start);
    let wrap = !matches!(
        before.last().map(|t| t.0),
        None | Some(Tok::Punct(b';' | b'{' | b'}'))
    );
    Ok(IfText {
        range: span.start..span.end,
        head: span.start..toks[close].1 + 1,
        cond: toks[1].1 + 1..toks[close].1,
        then,
        els,
        indent,
        wrap,
    })
}

/// Whether `text[from..to]` holds no token.
fn blank(text: &str, from: usize, to: usize) -> bool {
    from >= to || tokens(text, from, to).is_empty()
}

/// The bracket depth at `to` of the text from `from` (0: at a statement boundary of the block
/// that `from` opens; negative: `to` lies after its end).
fn depth(text: &str, from: usize, to: usize) -> i64 {
    tokens(text, from, to)
        .iter()
        .map(|(t, _)| match t {
            Tok::Punct(b'(' | b'[' | b'{') => 1,
            Tok::Punct(b')' | b']' | b'}') => -1,
            _ => 0,
        })
        .sum()
}

/// One cut with the split `if`s that hold it, outermost first, and its side in each.
struct Cut {
    at: usize,
    levels: Vec<(usize, Side)>,
    /// Per level, the `for` loop of its branch that holds the next level (or the cut): the
    /// repair pushed the branches around it into its body (AuCS's loop interchange).
    loops: Vec<Option<LoopText>>,
}

impl Cut {
    /// The loop that directly holds the cut, if the innermost level's branch has one.
    fn innermost_loop(&self) -> Option<&LoopText> {
        self.loops.last().and_then(Option::as_ref)
    }
}

/// A `for` statement whose braced body holds a barrier point of a split.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LoopText {
    range: Range<usize>,
    /// The body, `{` to after `}`.
    body: Range<usize>,
}

impl LoopText {
    fn interior(&self) -> Range<usize> {
        self.body.start + 1..self.body.end - 1
    }
}

/// The `for` loop at the top level of `branch` whose body holds `target` at its top level, when
/// `target` is not itself at the branch's top level.
fn loop_between(text: &str, branch: &Branch, target: usize) -> Result<Option<LoopText>, String> {
    let inner = branch.interior();
    if depth(text, inner.start, target) == 0 {
        return Ok(None);
    }
    let refuse = || {
        format!(
            "the barrier would go inside a block, a `while` or `do` loop or a second loop nested in the branch at {}; only one `for` loop between the split `if` and the barrier is rewritten on CUDA text",
            position(text, branch.range.start)
        )
    };
    let toks = tokens(text, inner.start, inner.end);
    let mut k = 0;
    while k < toks.len() {
        let last = stmt_extent(&toks, k).ok_or_else(refuse)?;
        let (start, end) = (toks[k].1, tok_end(&toks[last]));
        if start < target && target < end {
            if toks[k].0 != Tok::Word("for") {
                return Err(refuse());
            }
            let close = matching(&toks, k + 1).ok_or_else(refuse)?;
            let open = close + 1;
            if toks.get(open).map(|t| t.0) != Some(Tok::Punct(b'{')) {
                return Err(refuse());
            }
            let body_end = matching(&toks, open).ok_or_else(refuse)?;
            let l = LoopText {
                range: start..end,
                body: toks[open].1..toks[body_end].1 + 1,
            };
            let body = l.interior();
            if !(body.start <= target && target <= body.end) || depth(text, body.start, target) != 0
            {
                return Err(refuse());
            }
            return Ok(Some(l));
        }
        k = last + 1;
    }
    Err(refuse())
}

/// The edits of one group: the outermost split `if` `outer` (an index into `ifs`), the split
/// `if`s nested in it and the cuts. `kernel` is the kernel's text range; `names` the flag names
/// already given out.
pub(super) fn group(
    text: &str,
    kernel: Range<usize>,
    spans: &[Span],
    cuts: &[usize],
    fresh: &mut dyn FnMut() -> String,
) -> Result<Vec<Edit>, String> {
    let mut ifs = spans
        .iter()
        .map(|&s| parse_if(text, s))
        .collect::<Result<Vec<_>, _>>()?;
    ifs.sort_by_key(|i| (i.range.start, std::cmp::Reverse(i.range.end)));
    // A nested `if` that shares its line with its parent's `else` is indented one step in.
    for k in 1..ifs.len() {
        if ifs[k].wrap {
            let parent = (0..k).rev().find(|&p| {
                ifs[p].range.start < ifs[k].range.start && ifs[k].range.end <= ifs[p].range.end
            });
            if let Some(p) = parent {
                ifs[k].indent = format!("{}  ", ifs[p].indent);
            }
        }
    }
    let outer = &ifs[0];
    let where_ = position(text, outer.range.start);
    if !(kernel.start <= outer.range.start && outer.range.end <= kernel.end) {
        return Err(format!(
            "the split branch at {where_} lies in a function the kernel calls, which other callers share"
        ));
    }
    let outer_toks = tokens(text, outer.range.start, outer.range.end);
    if let Some((Tok::Word(w), b)) = outer_toks
        .iter()
        .find(|(t, _)| matches!(t, Tok::Word("return" | "break" | "continue" | "goto")))
    {
        return Err(format!(
            "the `if` at {where_} holds a `{w}` (at {}), which would jump differently out of the split halves",
            position(text, *b)
        ));
    }

    // Each cut: the levels that hold it and its side in each.
    let mut placed = Vec::new();
    for &at in cuts {
        placed.push(locate(text, &ifs, at)?);
    }
    let used: BTreeSet<usize> = placed
        .iter()
        .flat_map(|c| c.levels.iter().map(|l| l.0))
        .collect();
    if !used.contains(&0) {
        // The outermost `if` is not split in the end (no cut needs it): nothing to write.
        return Ok(Vec::new());
    }
    let flags: Vec<Option<String>> = (0..ifs.len())
        .map(|i| used.contains(&i).then(&mut *fresh))
        .collect();
    let flag = |i: usize| flags[i].clone().unwrap_or_default();

    let mut edits = Vec::new();
    let mut prefix = String::new();
    let ind0 = outer.indent.clone();

    // Declarations that would leave scope move before `I0`.
    let hoists = hoisted(text, &kernel, &ifs, &placed)?;
    for h in &hoists {
        prefix.push_str(&h.before);
        prefix.push('\n');
        prefix.push_str(&ind0);
        edits.push(h.in_place.clone());
    }
    for (i, _) in ifs.iter().enumerate().skip(1) {
        if used.contains(&i) {
            prefix.push_str(&format!("bool {} = false;\n{ind0}", flag(i)));
        }
    }
    // The lines that close the split `if`s of `levels` (innermost first) and reopen them on
    // their flags (outermost first), indented by `ind` or, without it, like each `if`.
    let closers = |levels: &[(usize, Side)], ind: Option<&str>| -> Vec<String> {
        levels
            .iter()
            .rev()
            .filter(|l| l.1 != Side::Between)
            .map(|&(i, _)| format!("{}}}", ind.unwrap_or(&ifs[i].indent)))
            .collect()
    };
    let reopeners = |levels: &[(usize, Side)], ind: Option<&str>| -> Vec<String> {
        levels
            .iter()
            .map(|&(i, side)| {
                let name = flag(i);
                let ind = ind.unwrap_or(&ifs[i].indent);
                match side {
                    Side::Then => format!("{ind}if ({name}) {{"),
                    Side::Else => format!("{ind}if (!{name}) {{"),
                    Side::Between => format!("{ind}if (!{name})"),
                }
            })
            .collect()
    };

    // Each loop the splits were pushed into: the `if`s around it close before it and after
    // it, and reopen inside its body — unless a barrier point sits at the very start (end) of
    // the body, where the reopened (closed) `if`s would be empty. The loop's header and closing
    // brace move out to the outermost `if`'s indentation. When the loop is all of the
    // outermost `if`'s then-branch (before it, after it, or both), that part of the `if` goes
    // instead of being written empty.
    let mut loops_done: Vec<Range<usize>> = Vec::new();
    let mut head_taken = false;
    for cut in &placed {
        for (n, l) in cut.loops.iter().enumerate() {
            let Some(l) = l else { continue };
            if loops_done.contains(&l.range) {
                continue;
            }
            loops_done.push(l.range.clone());
            let outer = &cut.levels[..=n];
            let body = l.interior();
            let direct: Vec<&Cut> = placed
                .iter()
                .filter(|c| c.innermost_loop() == Some(l))
                .collect();
            let at_start = direct.iter().any(|c| blank(text, body.start, c.at));
            let at_end = direct.iter().any(|c| blank(text, c.at, body.end));
            let body_ind = format!("{ind0}  ");
            let alone = n == 0 && outer[0].1 == Side::Then && !ifs[outer[0].0].wrap;
            let then = ifs[outer[0].0].then.interior();
            let empty_head = alone && blank(text, then.start, l.range.start);
            let empty_tail = alone
                && ifs[outer[0].0].els.is_none()
                && text[l.range.end..ifs[outer[0].0].then.range.end]
                    .chars()
                    .all(|c| c.is_whitespace() || c == '}');
            if empty_head {
                head_taken = true;
                edits.push(Edit {
                    range: ifs[outer[0].0].head.end..l.range.start,
                    text: format!("\n{ind0}"),
                    what: EditKind::Part,
                    at: l.range.start,
                });
            } else {
                edits.push(lines_at(text, l.range.start, &closers(outer, None), true));
                edits.extend(dedent(text, l.range.start, ind0.len()));
            }
            if !at_start {
                edits.push(lines_at(
                    text,
                    body.start,
                    &reopeners(outer, Some(&body_ind)),
                    false,
                ));
            }
            if !at_end {
                edits.push(lines_at(
                    text,
                    body.end,
                    &closers(outer, Some(&body_ind)),
                    true,
                ));
            }
            edits.extend(dedent(text, body.end, ind0.len()));
            if empty_tail {
                edits.push(Edit {
                    range: l.range.end..ifs[outer[0].0].then.range.end,
                    text: String::new(),
                    what: EditKind::Part,
                    at: l.range.end,
                });
            } else {
                edits.push(lines_at(text, l.range.end, &reopeners(outer, None), false));
            }
        }
    }

    for (i, it) in ifs.iter().enumerate() {
        if !used.contains(&i) {
            continue;
        }
        let cond = &text[it.cond.clone()];
        let name = flag(i);
        let open = if it.wrap { "{ " } else { "" };
        let head = if i == 0 && head_taken {
            format!("{open}{prefix}const bool {name} = ({cond});")
        } else if i == 0 {
            format!("{open}{prefix}const bool {name} = ({cond});\n{ind0}if ({name})")
        } else if it.wrap {
            format!("{{ {name} = ({cond}); if ({name})")
        } else {
            format!("{name} = ({cond});\n{}if ({name})", it.indent)
        };
        edits.push(Edit {
            range: it.head.clone(),
            text: head,
            what: EditKind::IfConverted,
            at: it.range.start,
        });
        if it.wrap {
            edits.push(Edit {
                range: it.range.end..it.range.end,
                text: " }".to_string(),
                what: EditKind::Part,
                at: it.range.end,
            });
        }
    }

    for cut in &placed {
        let innermost = cut.levels.last().map(|l| l.1);
        // Directly in a loop's body, the lines take the body's new indentation.
        let zone = cut.innermost_loop().map(|_| format!("{ind0}  "));
        let (at_start, at_end) = match cut.innermost_loop() {
            Some(l) => {
                let body = l.interior();
                (
                    blank(text, body.start, cut.at),
                    blank(text, cut.at, body.end),
                )
            }
            None => (false, false),
        };
        let mut lines = Vec::new();
        if !at_start {
            lines.extend(closers(&cut.levels, zone.as_deref()));
        }
        lines.push(format!(
            "{}__syncthreads();",
            zone.as_deref().unwrap_or(&ind0)
        ));
        if !at_end {
            lines.extend(reopeners(&cut.levels, zone.as_deref()));
        }
        let edit = if innermost == Some(Side::Between) && cut.innermost_loop().is_none() {
            let (i, _) = cut.levels[cut.levels.len() - 1];
            let then_end = ifs[i].then.range.end;
            let else_kw = ifs[i].els.as_ref().map_or(then_end, |e| e.0.end);
            Edit {
                range: then_end..else_kw,
                text: format!("\n{}", lines.join("\n")),
                what: EditKind::Inserted,
                at: then_end,
            }
        } else {
            let end = line_end(text, cut.at);
            // After a comment that ends the line, which stays with the first half.
            let blank_rest = rest_is_blank(&text[cut.at..end]);
            let at = if blank_rest { end } else { cut.at };
            let text_ = if blank_rest {
                format!("\n{}", lines.join("\n"))
            } else {
                let ls = line_start(text, at);
                if text[ls..at].trim().is_empty() {
                    format!("{}\n", lines.join("\n").trim_start())
                } else {
                    format!(
                        " {} ",
                        lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
                    )
                }
            };
            Edit {
                range: at..at,
                text: text_,
                what: EditKind::Inserted,
                at: cut.at,
            }
        };
        edits.push(edit);
    }
    Ok(edits)
}

/// The split `if`s of `ifs` that hold the cut at `at`, outermost first, and its side in each
/// (a cut at the very end of a branch is after that `if`, and one at the start of an
/// else-branch is between the branches).
fn locate(text: &str, ifs: &[IfText], at: usize) -> Result<Cut, String> {
    let mut at = at;
    loop {
        let mut levels: Vec<(usize, Side)> = Vec::new();
        for (i, it) in ifs.iter().enumerate() {
            if !(it.range.start < at && at < it.range.end) {
                continue;
            }
            let side = if it.then.holds(at) {
                Side::Then
            } else if it.els.as_ref().is_some_and(|(_, e)| e.holds(at)) {
                Side::Else
            } else {
                Side::Between
            };
            levels.push((i, side));
        }
        let Some(&(last, side)) = levels.last() else {
            return Ok(Cut {
                at,
                levels,
                loops: Vec::new(),
            });
        };
        let it = &ifs[last];
        let branch = match side {
            Side::Then => Some(&it.then),
            Side::Else => it.els.as_ref().map(|e| &e.1),
            Side::Between => None,
        };
        let innermost_loop = match branch {
            Some(b) if b.braced => loop_between(text, b, at)?,
            _ => None,
        };
        if let (Some(b), None) = (branch, &innermost_loop) {
            let inner = b.interior();
            if blank(text, at, inner.end) {
                if it.els.is_some() && side == Side::Then {
                    if let Some(l) = levels.last_mut() {
                        l.1 = Side::Between;
                    }
                } else {
                    // The point is after this `if`: it needs no split for this cut.
                    at = it.range.end;
                    continue;
                }
            } else if side == Side::Else && blank(text, inner.start, at) {
                if let Some(l) = levels.last_mut() {
                    l.1 = Side::Between;
                }
            } else if depth(text, inner.start, at) != 0 {
                return Err(format!(
                    "the barrier would go inside a loop or block nested in a branch of the `if` at {} (the loop interchange of `.bcu` is not done on CUDA text)",
                    position(text, it.range.start)
                ));
            }
        }
        // Each nested level is a statement of its parent's branch, at its top level, or of
        // the body of one `for` loop there.
        let mut loops = Vec::new();
        for w in levels.windows(2) {
            let (parent, side) = (&ifs[w[0].0], w[0].1);
            let child = &ifs[w[1].0];
            let branch = match side {
                Side::Then => &parent.then,
                Side::Else => match &parent.els {
                    Some((_, e)) => e,
                    None => return Err("a split branch has no else-branch".into()),
                },
                Side::Between => {
                    return Err("a cut between two branches holds another split".into())
                }
            };
            loops.push(if branch.braced {
                loop_between(text, branch, child.range.start)?
            } else {
                None
            });
        }
        loops.push(innermost_loop);
        return Ok(Cut { at, levels, loops });
    }
}

/// A declaration moved before the outermost split `if`.
struct Hoist {
    before: String,
    in_place: Edit,
}

/// One declarator of a declaration: `* name [N] = init`.
struct Declarator {
    name: String,
    /// The declarator without its initialiser.
    bare: Range<usize>,
    init: Option<Range<usize>>,
}

/// A declaration statement.
struct Declaration {
    range: Range<usize>,
    specs: Range<usize>,
    declarators: Vec<Declarator>,
}

/// The declarations at the top level of `text[from..to]` (statements of one block).
fn declarations(text: &str, from: usize, to: usize) -> Vec<Declaration> {
    let typeish = |w: &str| is_builtin_type(w) || is_spec(w) || w.starts_with("__");
    let toks = tokens(text, from, to);
    let mut out = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        let Some(last) = stmt_extent(&toks, k) else {
            break;
        };
        let stmt = &toks[k..=last];
        let is_decl = match stmt {
            [(Tok::Word(a), _), (Tok::Word(b), _), ..] => {
                typeish(a)
                    || (!matches!(*a, "return" | "goto" | "else" | "case" | "do") && !typeish(b))
            }
            [(Tok::Word(a), _), ..] => typeish(a) && *a != "__syncthreads",
            _ => false,
        };
        if is_decl && stmt.last().map(|t| t.0) == Some(Tok::Punct(b';')) {
            if let Some(d) = declaration(stmt, &typeish) {
                out.push(d);
            }
        }
        k = last + 1;
    }
    out
}

/// Built-in type names: C's and CUDA's (vector types, `dim3`, fixed-width integers).
fn is_builtin_type(name: &str) -> bool {
    const PLAIN: [&str; 22] = [
        "void", "char", "int", "float", "double", "bool", "size_t", "half", "__half", "dim3",
        "uint", "ushort", "uchar", "ulong", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
        "uint16_t", "uint32_t", "uint64_t",
    ];
    if PLAIN.contains(&name) || name == "auto" || name == "ptrdiff_t" {
        return true;
    }
    // float4, uint2, longlong3, ..., and half2
    let half_vector = name
        .strip_prefix("half")
        .is_some_and(|n| matches!(n, "1" | "2" | "3" | "4"));
    mapcheck_grammar::clang::types::is_cuda_vector(name) || half_vector
}

/// Declaration specifiers and qualifiers.
fn is_spec(name: &str) -> bool {
    matches!(
        name,
        "const"
            | "volatile"
            | "static"
            | "inline"
            | "extern"
            | "register"
            | "unsigned"
            | "signed"
            | "long"
            | "short"
            | "constexpr"
            | "__global__"
            | "__device__"
            | "__host__"
            | "__shared__"
            | "__constant__"
            | "__managed__"
            | "__restrict__"
            | "__restrict"
            | "restrict"
            | "__forceinline__"
            | "__noinline__"
            | "__inline__"
            | "struct"
            | "class"
            | "union"
            | "enum"
            | "typedef"
    )
}

fn declaration(stmt: &[(Tok<'_>, usize)], typeish: &dyn Fn(&str) -> bool) -> Option<Declaration> {
    // Specifiers: type words and qualifiers, and one user type name when a declarator follows.
    let mut j = 0;
    let mut has_type = false;
    while let Some((Tok::Word(w), _)) = stmt.get(j) {
        if typeish(w) {
            has_type |= !is_spec(w) || matches!(*w, "unsigned" | "signed" | "long" | "short");
        } else if !has_type && matches!(stmt.get(j + 1), Some((Tok::Word(_) | Tok::Punct(b'*'), _)))
        {
            has_type = true;
        } else {
            break;
        }
        j += 1;
    }
    if j == 0 || !has_type {
        return None;
    }
    let specs = stmt[0].1..tok_end(&stmt[j - 1]);
    let mut declarators = Vec::new();
    let semi = stmt.len() - 1;
    while j < semi {
        let start = stmt[j].1;
        let mut name = None;
        let mut init = None;
        let mut bare_end = start;
        while j < semi && !matches!(stmt[j].0, Tok::Punct(b',')) {
            match stmt[j].0 {
                Tok::Word(w) if name.is_none() => {
                    name = Some(w.to_string());
                    bare_end = tok_end(&stmt[j]);
                }
                Tok::Punct(b'[') => {
                    let close = matching(stmt, j)?;
                    bare_end = tok_end(&stmt[close]);
                    j = close;
                }
                Tok::Punct(b'=') => {
                    // The initialiser runs to the next `,` or `;` at depth 0.
                    let first = j + 1;
                    let mut e = first;
                    while e < semi && !matches!(stmt[e].0, Tok::Punct(b',')) {
                        if matches!(stmt[e].0, Tok::Punct(b'(' | b'[' | b'{')) {
                            e = matching(stmt, e)?;
                        }
                        e += 1;
                    }
                    if e == first {
                        return None;
                    }
                    init = Some(stmt[first].1..tok_end(&stmt[e - 1]));
                    j = e;
                    continue;
                }
                Tok::Punct(b'*') => {}
                // `&` (a reference), `(` (a constructor call or a function declaration), `{`.
                _ => return None,
            }
            j += 1;
        }
        declarators.push(Declarator {
            name: name?,
            bare: start..bare_end,
            init,
        });
        j += 1;
    }
    Some(Declaration {
        range: stmt[0].1..tok_end(&stmt[semi]),
        specs,
        declarators,
    })
}

/// Whether `init` only computes: no memory (`[`, `->`, a unary `*`), no call, no assignment.
fn pure_init(text: &str, init: &Range<usize>) -> bool {
    let toks = tokens(text, init.start, init.end);
    let raw = &text[init.clone()];
    if raw.contains("++") || raw.contains("--") || raw.contains("->") {
        return false;
    }
    for (k, (t, at)) in toks.iter().enumerate() {
        let prev = k.checked_sub(1).map(|p| toks[p].0);
        match t {
            Tok::Punct(b'[') => return false,
            Tok::Punct(b'(') if matches!(prev, Some(Tok::Word(w)) if !matches!(w, "sizeof" | "min" | "max")) => {
                return false
            }
            Tok::Punct(b'*' | b'&')
                if matches!(
                    prev,
                    None | Some(Tok::Punct(
                        b'(' | b'='
                            | b'+'
                            | b'-'
                            | b'*'
                            | b'/'
                            | b'%'
                            | b'<'
                            | b'>'
                            | b'!'
                            | b'&'
                            | b'|'
                            | b'^'
                            | b'?'
                            | b':'
                            | b','
                    ))
                ) =>
            {
                return false
            }
            Tok::Punct(b'=') => {
                // `==`, `<=`, `>=`, `!=` are comparisons; any other `=` assigns.
                let prev_byte = at.checked_sub(1).map(|p| text.as_bytes()[p]);
                let next_byte = text.as_bytes().get(at + 1).copied();
                let comparison = next_byte == Some(b'=')
                    || matches!(prev_byte, Some(b'=' | b'!'))
                    || (matches!(prev_byte, Some(b'<' | b'>'))
                        && at.checked_sub(2).map(|p| text.as_bytes()[p]) != prev_byte);
                if !comparison {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// Whether `name` is assigned (`name = ...`, `name += ...`, `++name`, `name++`) in
/// `text[from..to]`.
fn assigned(text: &str, name: &str, from: usize, to: usize) -> bool {
    let toks = tokens(text, from, to);
    toks.iter().any(|(t, at)| {
        if *t != Tok::Word(name) {
            return false;
        }
        let after = text[at + name.len()..to].trim_start();
        let before = text[from..*at].trim_end();
        let assigns = [
            "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
        ]
        .iter()
        .any(|op| after.starts_with(op) && !after.starts_with("=="));
        assigns
            || after.starts_with("++")
            || after.starts_with("--")
            || before.ends_with("++")
            || before.ends_with("--")
            || before.ends_with('&')
    })
}

/// The declarations of the first halves that the text after a cut uses, as moved declarations.
fn hoisted(
    text: &str,
    kernel: &Range<usize>,
    ifs: &[IfText],
    cuts: &[Cut],
) -> Result<Vec<Hoist>, String> {
    let outer = &ifs[0];
    // The declarations to move, by range, with the branch whose scope they had.
    // (The third field: declared in a loop body, where it is made anew in every iteration.)
    let mut moving: Vec<(Declaration, usize, bool)> = Vec::new();
    let mut consider = |from: usize, upto: usize, after: Range<usize>, in_loop: bool| {
        let used = tokens(text, after.start, after.end);
        for d in declarations(text, from, upto) {
            let needed = d
                .declarators
                .iter()
                .any(|v| used.iter().any(|(t, _)| *t == Tok::Word(&v.name)));
            if needed && !moving.iter().any(|(m, _, _)| m.range == d.range) {
                moving.push((d, after.end, in_loop));
            }
        }
    };
    for cut in cuts {
        for (n, &(i, side)) in cut.levels.iter().enumerate() {
            let branch = match side {
                Side::Then => &ifs[i].then,
                Side::Else => match &ifs[i].els {
                    Some((_, e)) => e,
                    None => continue,
                },
                Side::Between => continue,
            };
            if !branch.braced {
                continue;
            }
            let inner = branch.interior();
            let next = cut
                .levels
                .get(n + 1)
                .map_or(cut.at, |&(j, _)| ifs[j].range.start);
            match &cut.loops[n] {
                None => consider(inner.start, next, cut.at..inner.end, false),
                Some(l) => {
                    // The loop now runs outside the branch: its header, too, uses what the
                    // branch declared before it.
                    consider(inner.start, l.range.start, l.range.start..inner.end, false);
                    let body = l.interior();
                    consider(body.start, next, cut.at..body.end, true);
                }
            }
        }
    }
    moving.sort_by_key(|(d, _, _)| d.range.start);
    let mut out = Vec::new();
    let moved_names: BTreeSet<String> = moving
        .iter()
        .flat_map(|(d, _, _)| d.declarators.iter().map(|v| v.name.clone()))
        .collect();
    let mut whole: BTreeSet<String> = BTreeSet::new();
    for (d, scope_end, in_loop) in &moving {
        let at = position(text, d.range.start);
        let specs = &text[d.specs.clone()];
        let spec_words: Vec<&str> = specs.split_whitespace().collect();
        if spec_words
            .iter()
            .any(|w| matches!(*w, "auto" | "static" | "extern" | "__shared__" | "register"))
        {
            return Err(format!(
                "the declaration at {at} is used after the barrier point and cannot move before the split `if` (`{specs}`)"
            ));
        }
        for v in &d.declarators {
            let name = v.name.as_str();
            let elsewhere = names_in(text, kernel.start, d.range.start, name)
                || names_in(text, *scope_end, kernel.end, name);
            let twice = declarations_named(text, outer.range.start, outer.range.end, name) > 1;
            if elsewhere || twice {
                return Err(format!(
                    "`{name}`, declared at {at} and used after the barrier point, would move before the split `if`, but the kernel has another `{name}`; rename one"
                ));
            }
        }
        // Whole, when every initialiser is pure and what it names is unchanged since `I0`.
        let pure = !in_loop
            && d.declarators.iter().all(|v| {
                v.init.as_ref().is_none_or(|init| {
                    // Each name it reads moves whole before it, or stays, and is not
                    // assigned between the outermost `if` and the declaration.
                    pure_init(text, init)
                        && tokens(text, init.start, init.end)
                            .iter()
                            .all(|(t, _)| match t {
                                Tok::Word(w) => {
                                    (!moved_names.contains(*w) || whole.contains(*w))
                                        && !assigned(text, w, outer.range.start, d.range.start)
                                }
                                _ => true,
                            })
                })
            });
        let has_array_init = d
            .declarators
            .iter()
            .any(|v| v.init.is_some() && text[v.bare.clone()].contains('['));
        let deletion = |replacement: String| -> Edit {
            let ls = line_start(text, d.range.start);
            let le = line_end(text, d.range.end);
            let alone =
                text[ls..d.range.start].trim().is_empty() && rest_is_blank(&text[d.range.end..le]);
            let range = if alone
                && replacement.is_empty()
                && text[d.range.end..le].trim().is_empty()
                && !cuts.iter().any(|c| ls < c.at && c.at <= le)
            {
                ls..(le + 1).min(text.len())
            } else {
                d.range.clone()
            };
            Edit {
                range,
                text: replacement,
                what: EditKind::Hoisted,
                at: d.range.start,
            }
        };
        if pure {
            for v in &d.declarators {
                whole.insert(v.name.clone());
            }
            // A comment that ends the declaration's line goes with it.
            let ls = line_start(text, d.range.start);
            let le = line_end(text, d.range.end);
            let own_line = text[ls..d.range.start].trim().is_empty()
                && rest_is_blank(&text[d.range.end..le])
                && !cuts.iter().any(|c| ls < c.at && c.at <= le);
            let (before, in_place) = if own_line {
                let range = ls..(le + 1).min(text.len());
                (
                    text[d.range.start..le].trim_end().to_string(),
                    Edit {
                        range,
                        text: String::new(),
                        what: EditKind::Hoisted,
                        at: d.range.start,
                    },
                )
            } else {
                (text[d.range.clone()].to_string(), deletion(String::new()))
            };
            out.push(Hoist { before, in_place });
            continue;
        }
        if has_array_init {
            return Err(format!(
                "the array declared at {at} is used after the barrier point, and its initialiser cannot become an assignment before the split `if`"
            ));
        }
        let kept: Vec<&str> = spec_words
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "const" | "constexpr"))
            .collect();
        let bare: Vec<&str> = d
            .declarators
            .iter()
            .map(|v| &text[v.bare.clone()])
            .collect();
        let assignments: Vec<String> = d
            .declarators
            .iter()
            .filter_map(|v| {
                v.init
                    .as_ref()
                    .map(|i| format!("{} = {}", v.name, &text[i.clone()]))
            })
            .collect();
        out.push(Hoist {
            before: format!("{} {};", kept.join(" "), bare.join(", ")),
            in_place: deletion(if assignments.is_empty() {
                String::new()
            } else {
                format!("{};", assignments.join(", "))
            }),
        });
    }
    Ok(out)
}

/// Whether `text[from..to]` names `name` (a member after `.` or `->` is another name).
fn names_in(text: &str, from: usize, to: usize, name: &str) -> bool {
    let toks = tokens(text, from, to);
    toks.iter().enumerate().any(|(k, (t, _))| {
        *t == Tok::Word(name)
            && !matches!(
                k.checked_sub(1).map(|p| toks[p].0),
                Some(Tok::Punct(b'.' | b'>'))
            )
    })
}

/// How many declarations (anywhere, nested blocks included) of `name` `text[from..to]` has.
fn declarations_named(text: &str, from: usize, to: usize, name: &str) -> usize {
    let toks = tokens(text, from, to);
    let mut count = declarations(text, from, to)
        .iter()
        .filter(|d| d.declarators.iter().any(|v| v.name == name))
        .count();
    // The blocks directly inside, outside brackets: deeper ones are counted by recursion.
    let mut k = 0;
    while k < toks.len() {
        let Some(close) = matching(&toks, k) else {
            k += 1;
            continue;
        };
        if toks[k].0 == Tok::Punct(b'{') {
            count += declarations_named(text, toks[k].1 + 1, toks[close].1, name);
        }
        k = close + 1;
    }
    count
}
