//! The declarations that move when a split `if` is written into CUDA text ([`super::split`]):
//! a local declared in a first half and used after the barrier point would leave scope, so its
//! declaration moves before the outermost split `if` — whole when every initialiser is pure
//! (no memory, no call, no assignment; it reads only locals and the thread coordinates, and
//! nothing it reads is assigned between that `if` and the declaration), else as a declaration
//! there and an assignment in place (the front end then sees an unknown value after the first
//! half, as the repair search assumed with `Carry::Unknown`). A declaration in a loop body is
//! always split so (its assignment is made anew in every iteration).
//!
//! Declarations, their declarators and initialisers, and where each name is declared, read and
//! assigned come from clang's ranges ([`mapcheck_grammar::clang::ranges`]). Refused with the
//! declaration's location: `auto`/`static`/`extern`/`__shared__`/`register`, a reference, an
//! initialiser that is not `= e`, an initialised array, a declaration written by a macro, and a
//! moved name that also names something else in the kernel.

use super::edit::{line_end, line_start, rest_is_blank, Edit, EditKind};
use super::error::FixError;
use super::split::{interior, At, Cut, IfText, Side};
use mapcheck_grammar::clang::ranges::{Decl, Use};
use std::collections::BTreeSet;
use std::ops::Range;

/// A declaration moved before the outermost split `if`: the text that goes there, and the
/// edit where it was.
pub(super) struct Hoist {
    pub before: String,
    pub in_place: Edit,
}

/// The thread and block coordinates, which a pure initialiser may read.
const COORDINATES: [&str; 5] = ["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

/// The declarations of the first halves that the text after a cut uses, as moved declarations.
pub(super) fn hoisted(at: &At<'_>, ifs: &[IfText], cuts: &[Cut]) -> Result<Vec<Hoist>, FixError> {
    let (text, ranges) = (at.text, at.ranges);
    let outer = &ifs[0];
    // The declarations to move, with the end of the scope they had, and whether they are
    // declared in a loop body (made anew in every iteration).
    let mut moving: Vec<(&Decl, usize, bool)> = Vec::new();
    let mut consider = |braces: Range<usize>,
                        from: usize,
                        upto: usize,
                        after: Range<usize>,
                        in_loop: bool|
     -> Result<(), FixError> {
        let Some(block) = ranges.compound(braces) else {
            return Ok(());
        };
        let used = |name: &str| ranges.uses(name, after.start, after.end).next().is_some();
        let (decls, odd) = ranges.decls_in(block, from, upto);
        if let Some(o) = odd.iter().find(|o| o.names.iter().any(|n| used(n))) {
            return Err(FixError::OddDeclaration(at_pos(text, o.at)));
        }
        for d in decls {
            let needed = d.declarators.iter().any(|v| used(&v.name));
            if needed && !moving.iter().any(|(m, _, _)| m.range == d.range) {
                moving.push((d, after.end, in_loop));
            }
        }
        Ok(())
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
            let inner = interior(branch);
            let next = cut
                .levels
                .get(n + 1)
                .map_or(cut.at, |&(j, _)| ifs[j].range.start);
            match &cut.loops[n] {
                None => consider(
                    branch.range.clone(),
                    inner.start,
                    next,
                    cut.at..inner.end,
                    false,
                )?,
                Some(l) => {
                    // The loop now runs outside the branch: its header, too, uses what the
                    // branch declared before it.
                    consider(
                        branch.range.clone(),
                        inner.start,
                        l.range.start,
                        l.range.start..inner.end,
                        false,
                    )?;
                    let body = l.interior();
                    consider(l.body.clone(), body.start, next, cut.at..body.end, true)?;
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
        let pos = at_pos(text, d.range.start);
        let specs = text[d.specs.clone()].trim_end();
        let spec_words: Vec<&str> = specs.split_whitespace().collect();
        let storage = d.declarators.iter().any(|v| v.storage.is_some());
        if storage
            || spec_words
                .iter()
                .any(|w| matches!(*w, "auto" | "static" | "extern" | "__shared__" | "register"))
        {
            return Err(FixError::Unmovable {
                at: pos,
                specs: specs.to_string(),
            });
        }
        if d.declarators.iter().any(|v| v.is_reference || v.odd_init) {
            return Err(FixError::UnmovableInit(pos));
        }
        for v in &d.declarators {
            let name = v.name.as_str();
            let elsewhere = ranges
                .uses(name, at.kernel.start, d.range.start)
                .next()
                .is_some()
                || ranges
                    .uses(name, *scope_end, at.kernel.end)
                    .next()
                    .is_some();
            let twice = ranges
                .uses(name, outer.range.start, outer.range.end)
                .filter(|n| n.what == Use::Declared)
                .count()
                > 1;
            if elsewhere || twice {
                return Err(FixError::Capture {
                    name: name.to_string(),
                    at: pos,
                });
            }
        }
        // Whole, when every initialiser is pure and what it reads is unchanged since `I0`.
        let local = |w: &str| {
            COORDINATES.contains(&w)
                || ranges
                    .uses(w, at.kernel.start, d.range.start)
                    .any(|n| n.what == Use::Declared)
        };
        let pure = !in_loop
            && d.declarators.iter().all(|v| {
                v.init.is_none()
                    || (v.pure_init
                        && v.reads.iter().all(|w| {
                            local(w)
                                && (!moved_names.contains(w) || whole.contains(w))
                                && !ranges
                                    .uses(w, outer.range.start, d.range.start)
                                    .any(|n| n.what == Use::Written)
                        }))
            });
        let has_array_init = d.declarators.iter().any(|v| v.init.is_some() && v.is_array);
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
            return Err(FixError::ArrayInit(pos));
        }
        let kept: Vec<&str> = spec_words
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "const" | "constexpr"))
            .collect();
        let bare: Vec<&str> = d
            .declarators
            .iter()
            .map(|v| text[v.bare.clone()].trim_end())
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

fn at_pos(text: &str, offset: usize) -> super::error::Pos {
    super::error::Pos::of(text, offset)
}
