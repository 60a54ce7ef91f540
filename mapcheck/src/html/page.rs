//! The page and its sections: the HTML shell around the pictures (title, legend, styles and
//! script), one section per picture with the kernel's source beside the drawing and the list
//! of the run's races, and the section that only says something.

use super::assets::{CSS, SCRIPT};
use super::layout::Drawing;
use super::witness::is_race;
use super::words::scope_key;
use super::Picture;
use crate::input::SourceFile;
use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::{PhaseName, Race};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::collections::BTreeSet;

/// The whole page: `title` and the sections, in order ([`section`] draws each).
pub fn page(title: &str, sections: &[Markup]) -> String {
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                h1 { (title) }
                p.legend {
                    svg width="400" height="20" role="img" aria-label="legend" {
                        circle.read cx="8" cy="10" r="5" {}
                        text x="18" y="14" { "read" }
                        rect.write x="63" y="5" width="10" height="10" {}
                        text x="78" y="14" { "write" }
                        path.atomic d="M 133 4 L 139 10 L 133 16 L 127 10 Z" {}
                        text x="144" y="14" { "atomic" }
                        path.race-link d="M 200 10 L 230 10" {}
                        text x="236" y="14" { "race" }
                        path.barrier d="M 280 10 L 310 10" {}
                        text x="316" y="14" { "barrier" }
                    }
                    " Hover or click a mark, a link or a source line."
                }
                @if sections.is_empty() {
                    p { "Nothing to draw." }
                }
                @for s in sections {
                    (s)
                }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    markup.into_string()
}

/// A section of the page that says something other than a run (a kernel without findings, a
/// witness that could not be replayed).
pub fn note_section(source: &SourceFile, kernel: &Kernel, title: &str, notes: &[String]) -> Markup {
    html! {
        section.picture.empty data-file=(source.name) data-kernel=(kernel.name.name) {
            h2 { (title) }
            @for n in notes { p.note { (n) } }
        }
    }
}

/// Draws one picture as a section of the page.
pub fn section(p: &Picture<'_>) -> Markup {
    let d = Drawing::new(p);
    let races = &p.run.races;
    let focus_race = p.witness.as_ref().and_then(|w| w.race);
    let is_focus = |r: &Race| focus_race.is_some_and(|focus| is_race(r, focus));
    let mut race_lines: BTreeSet<usize> = BTreeSet::new();
    for r in races {
        race_lines.insert(d.line(r.first.span));
        race_lines.insert(d.line(r.second.span));
    }
    let access_lines: BTreeSet<usize> = d.marks.values().map(|m| m.line).collect();
    let sync_lines: BTreeSet<usize> = d
        .bands
        .iter()
        .filter_map(|b| match &b.name {
            Some(PhaseName::Barrier(e)) => Some(d.line(e.span)),
            _ => None,
        })
        .collect();
    let src = source_lines(&p.source.text);
    html! {
        section.picture data-file=(p.source.name) data-kernel=(p.kernel.name.name)
            data-drf=(p.run.is_drf()) data-aligned=(p.run.is_aligned()) {
            h2 { (p.title) }
            @if !p.facts.is_empty() {
                pre.facts { @for f in &p.facts { (f) "\n" } }
            }
            @for n in &p.notes { p.note { (n) } }
            p.limits { (d.limits) }
            div.row {
                div.run {
                    (d.svg(p, &is_focus))
                    p.info aria-live="polite" { "Hover a mark for the access it stands for." }
                }
                div.source {
                    div.filename { (p.source.name) }
                    pre.src {
                        @for (i, text) in src.iter().enumerate() {
                            @let n = i + 1;
                            @let class = if race_lines.contains(&n) {
                                "ln race"
                            } else if access_lines.contains(&n) {
                                "ln acc"
                            } else if sync_lines.contains(&n) {
                                "ln sync"
                            } else {
                                "ln"
                            };
                            span class=(class) data-line=(n) {
                                span.no { (n) } (text) "\n"
                            }
                        }
                    }
                }
            }
            @if races.is_empty() {
                p.verdict { "No data race in this run." }
            } @else {
                h3 { "Data races (" (races.len()) ")" }
                ol.races {
                    @for (i, r) in races.iter().enumerate() {
                        li.race.focus[is_focus(r)] data-race=(d.race_key(r))
                            data-kind=(r.kind.name()) data-scope=(scope_key(r))
                            data-lines=(lines_attr(&[d.line(r.first.span), d.line(r.second.span)]))
                            data-text=(d.race_text(r)) data-link=(i) {
                            (d.race_text(r))
                            @if !d.link_drawn(i) { " (not drawn: the history was cut before it)" }
                        }
                    }
                }
            }
            @for text in &d.divergences { p.divergence { (text) } }
        }
    }
}

/// The lines of a text, as the line index numbers them.
fn source_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    lines
}

pub(super) fn lines_attr(lines: &[usize]) -> String {
    let set: BTreeSet<usize> = lines.iter().copied().collect();
    let v: Vec<String> = set.iter().map(|l| l.to_string()).collect();
    v.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_lines_are_numbered_as_the_line_index_numbers_them() {
        assert_eq!(source_lines("a\r\nb\n"), ["a", "b"]);
        assert_eq!(source_lines("a\n\nc"), ["a", "", "c"]);
        assert_eq!(source_lines(""), [""]);
    }
}
