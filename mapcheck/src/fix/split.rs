//! AuCS's if-conversion written into CUDA text. The repair search (`mapcheck_repair::ifconvert`)
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
//! Every position comes from clang's source ranges ([`mapcheck_grammar::clang::ranges`]): the
//! `if`'s head, condition, branches and `else`, the statements of each branch and loop body,
//! the jumps; the declarations that move are [`super::hoist`]'s.
//!
//! Refused with the obstacle named: a cut inside a `while`/`do` loop, a nested block or two
//! loops of a branch, a `return`/`break`/`continue`/`goto` in `I0`, an `if` a part of which is
//! written by a macro (with the macro's location), an `if` that declares in its head, a
//! declaration that cannot move (`auto`, `static`, references, initialiser lists). The result
//! is read again by the CUDA front end and decided before it is printed (`fix::reverify`), so a
//! mistake here shows as a refusal, not as a wrong kernel.

use super::edit::{indent_of, line_end, line_start, rest_is_blank, Edit, EditKind};
use super::error::{FixError, Pos};
use mapcheck_core::Span;
use mapcheck_grammar::clang::ranges::{Branch, IfProblem, Ranges};
use std::collections::BTreeSet;
use std::ops::Range;

/// The CUDA text with its ranges, and the text of the kernel being repaired.
pub(super) struct At<'a> {
    pub text: &'a str,
    pub ranges: &'a Ranges,
    pub kernel: Range<usize>,
}

impl At<'_> {
    fn pos(&self, offset: usize) -> Pos {
        Pos::of(self.text, offset)
    }

    /// Whether no statement starts in `from..to` (blanks, comments, closing braces).
    pub(super) fn blank(&self, from: usize, to: usize) -> bool {
        from >= to || !self.ranges.starts_in(from, to)
    }

    /// Whether `at` lies strictly inside a statement of `branch` (not between two of them).
    fn nested(&self, branch: &Branch, at: usize) -> bool {
        if !branch.braced {
            return branch.range.start < at && at < branch.range.end;
        }
        self.ranges
            .compound(branch.range.clone())
            .is_none_or(|c| self.ranges.child_around(c, at).is_some())
    }
}

/// An `if` statement of the text, with its indentation.
#[derive(Clone, Debug)]
pub(super) struct IfText {
    pub range: Range<usize>,
    /// The `if (c)` head, up to and including its `)`.
    pub head: Range<usize>,
    pub cond: Range<usize>,
    pub then: Branch,
    /// The `else` keyword and the else-branch.
    pub els: Option<(Range<usize>, Branch)>,
    pub indent: String,
    /// Not a statement of a braced block (the body of a loop or of an `else`, after a label):
    /// the statements that replace it need braces around them.
    pub wrap: bool,
}

/// The text between a branch's braces (the whole statement when not braced).
pub(super) fn interior(b: &Branch) -> Range<usize> {
    if b.braced {
        b.range.start + 1..b.range.end - 1
    } else {
        b.range.clone()
    }
}

fn holds(b: &Branch, at: usize) -> bool {
    let i = interior(b);
    i.start <= at && at <= i.end
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
pub(super) enum Side {
    Then,
    Else,
    /// Between the branches: the innermost `if` only.
    Between,
}

/// The `if` the lowering placed at `span`, read from clang's ranges.
fn parse_if(at: &At<'_>, span: Span) -> Result<IfText, FixError> {
    let where_ = at.pos(span.start);
    let found = at
        .ranges
        .if_at(span.start)
        .ok_or(FixError::IfNotText(where_))?;
    let parts = match &found.parts {
        Ok(p) => p.clone(),
        Err(IfProblem::Macro(used)) => {
            return Err(FixError::IfInMacro {
                at: where_,
                used: at.pos(*used),
            })
        }
        Err(IfProblem::Declares) => return Err(FixError::IfDeclares(where_)),
        Err(IfProblem::Unplaced) => return Err(FixError::IfNotText(where_)),
    };
    let text = at.text;
    let ls = line_start(text, parts.range.start);
    let indent = indent_of(&text[ls..line_end(text, ls)]).to_string();
    Ok(IfText {
        range: parts.range,
        head: parts.head,
        cond: parts.cond,
        then: parts.then,
        els: parts.els,
        indent,
        wrap: parts.wrap,
    })
}

/// One cut with the split `if`s that hold it, outermost first, and its side in each.
pub(super) struct Cut {
    pub at: usize,
    pub levels: Vec<(usize, Side)>,
    /// Per level, the `for` loop of its branch that holds the next level (or the cut): the
    /// repair pushed the branches around it into its body (AuCS's loop interchange).
    pub loops: Vec<Option<LoopText>>,
}

impl Cut {
    /// The loop that directly holds the cut, if the innermost level's branch has one.
    fn innermost_loop(&self) -> Option<&LoopText> {
        self.loops.last().and_then(Option::as_ref)
    }
}

/// A `for` statement whose braced body holds a barrier point of a split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LoopText {
    pub range: Range<usize>,
    /// The body, `{` to after `}`.
    pub body: Range<usize>,
}

impl LoopText {
    pub(super) fn interior(&self) -> Range<usize> {
        self.body.start + 1..self.body.end - 1
    }
}

/// The `for` loop among the statements of the braced `branch` whose body holds `target`
/// between two of its statements, when `target` is not itself between two statements of the
/// branch.
fn loop_between(at: &At<'_>, branch: &Branch, target: usize) -> Result<Option<LoopText>, FixError> {
    let refuse = || FixError::NestedPoint(at.pos(branch.range.start));
    let ranges = at.ranges;
    let c = ranges.compound(branch.range.clone()).ok_or_else(refuse)?;
    let Some(stmt) = ranges.child_around(c, target) else {
        return Ok(None);
    };
    let range = stmt.place.text().ok_or_else(refuse)?;
    let body = ranges
        .for_at(&range)
        .and_then(|f| f.body.clone())
        .ok_or_else(refuse)?;
    let l = LoopText { range, body };
    let inner = l.interior();
    let body = ranges.compound(l.body.clone()).ok_or_else(refuse)?;
    if !(inner.start <= target && target <= inner.end)
        || ranges.child_around(body, target).is_some()
    {
        return Err(refuse());
    }
    Ok(Some(l))
}

/// The edits of one group: the split `if`s at `spans` (the outermost first once sorted) and the
/// cuts; `fresh` gives out flag names.
pub(super) fn group(
    at: &At<'_>,
    spans: &[Span],
    cuts: &[usize],
    fresh: &mut dyn FnMut() -> String,
) -> Result<Vec<Edit>, FixError> {
    let text = at.text;
    let mut ifs = spans
        .iter()
        .map(|&s| parse_if(at, s))
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
    let where_ = at.pos(outer.range.start);
    if !(at.kernel.start <= outer.range.start && outer.range.end <= at.kernel.end) {
        return Err(FixError::SharedFunction(where_));
    }
    if let Some(j) = at
        .ranges
        .jumps
        .iter()
        .find(|j| outer.range.start <= j.at && j.at < outer.range.end)
    {
        return Err(FixError::Jump {
            at: where_,
            keyword: j.keyword,
            jump: at.pos(j.at),
        });
    }

    // Each cut: the levels that hold it and its side in each.
    let mut placed = Vec::new();
    for &c in cuts {
        placed.push(locate(at, &ifs, c)?);
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
    let hoists = super::hoist::hoisted(at, &ifs, &placed)?;
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
            let at_start = direct.iter().any(|c| at.blank(body.start, c.at));
            let at_end = direct.iter().any(|c| at.blank(c.at, body.end));
            let body_ind = format!("{ind0}  ");
            let alone = n == 0 && outer[0].1 == Side::Then && !ifs[outer[0].0].wrap;
            let then = interior(&ifs[outer[0].0].then);
            let empty_head = alone && at.blank(then.start, l.range.start);
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
                (at.blank(body.start, cut.at), at.blank(cut.at, body.end))
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
fn locate(src: &At<'_>, ifs: &[IfText], at: usize) -> Result<Cut, FixError> {
    let mut at = at;
    loop {
        let mut levels: Vec<(usize, Side)> = Vec::new();
        for (i, it) in ifs.iter().enumerate() {
            if !(it.range.start < at && at < it.range.end) {
                continue;
            }
            let side = if holds(&it.then, at) {
                Side::Then
            } else if it.els.as_ref().is_some_and(|(_, e)| holds(e, at)) {
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
            Some(b) if b.braced => loop_between(src, b, at)?,
            _ => None,
        };
        if let (Some(b), None) = (branch, &innermost_loop) {
            let inner = interior(b);
            if src.blank(at, inner.end) {
                if it.els.is_some() && side == Side::Then {
                    if let Some(l) = levels.last_mut() {
                        l.1 = Side::Between;
                    }
                } else {
                    // The point is after this `if`: it needs no split for this cut.
                    at = it.range.end;
                    continue;
                }
            } else if side == Side::Else && src.blank(inner.start, at) {
                if let Some(l) = levels.last_mut() {
                    l.1 = Side::Between;
                }
            } else if src.nested(b, at) {
                return Err(FixError::NestedInBranch(src.pos(it.range.start)));
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
                    None => return Err(FixError::NoElse),
                },
                Side::Between => return Err(FixError::BetweenHoldsSplit),
            };
            loops.push(if branch.braced {
                loop_between(src, branch, child.range.start)?
            } else {
                None
            });
        }
        loops.push(innermost_loop);
        return Ok(Cut { at, levels, loops });
    }
}
