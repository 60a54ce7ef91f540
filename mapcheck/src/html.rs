//! A picture of a run (`--html OUT.html`): one self-contained HTML page — inline CSS, SVG and
//! a little script, nothing fetched — that shows what the reference interpreter observed, for
//! a classroom to read at a glance.
//!
//! The page owns the drawing: `mapcheck run` hands it the runs it made, each as a
//! [`Picture`]; for `mapcheck FILE`, [`witnesses`] replays each finding's witness with its
//! history kept (`mapcheck_smt::replay::witness_run`) and draws that run. A picture is
//!
//! * one column per thread, grouped by block; one band per phase, closed by the barrier that
//!   ends it (`file:line` of the `sync`);
//! * each access a mark in its thread's column and phase, in program order: a hollow circle
//!   for a read, a filled square for a write, a diamond for an atomic, labelled with the cell
//!   as the source declares it and the value, with a tooltip naming the thread, the access and
//!   its `file:line:column`;
//! * each race a red link between its two accesses (the representative pair of the
//!   interpreter's record: `mapcheck_core::interp::Race`), the witness's own race thicker;
//! * the kernel's source beside it, the lines of the drawn accesses shaded, the racing ones
//!   red; hovering or clicking a mark or a link highlights its lines, clicking a line its marks
//!   (and a link to the page ending in `#line=N` opens it with line N picked).
//!
//! A `.cu` kernel is drawn in CUDA's terms as the text report words it: `threadIdx` and
//! `blockIdx` as (x, y, z), cells as declared (`tile[0][1]`, via [`CellReport`]).
//!
//! Big launches stay legible: at most [`MAX_THREADS`] threads per block, [`MAX_BLOCKS`]
//! blocks, [`MAX_PHASES`] phases and [`MAX_EVENTS`] accesses per thread and phase are drawn,
//! always with every racing thread, block, phase and access besides; the page says what it
//! left out.
//!
//! Machine-readable attributes, for tests and tools: every race is an element with
//! `data-race="CELL A B"` (the cell as declared, then the two threads as `tN` — `bMtN` when the
//! grid has several blocks, and `(x,y,z)` triples for a `.cu` kernel), `data-kind` (its access
//! kind) and `data-scope` (`phase` or `grid`); every mark has `data-kind`, `data-cell`,
//! `data-thread` and `data-line`. The script sets `data-mapcheck-ready` on the root element
//! once it has wired every mark, so a headless browser can tell the page loaded.
//!
//! Output is deterministic: the same runs give a byte-identical page (no time, no hash
//! order). Every text from the input — source, names, messages — goes through maud's
//! escaping.

use crate::check::Decided;
use crate::input::SourceFile;
use crate::report::{CellReport, THREAD_NAMES};
use mapcheck_core::ast::Kernel;
use mapcheck_core::geometry::components;
use mapcheck_core::interp::{Event, EventKind, PhaseName, Race, RaceScope, RacingAccess, Run};
use mapcheck_core::{Arith, Span, Value};
use mapcheck_smt::{replay, Certainty, Finding, Kind};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::collections::{BTreeMap, BTreeSet};

/// Threads drawn per block, besides the racing ones: the first ones by id.
pub const MAX_THREADS: usize = 8;
/// Blocks drawn, besides those of racing threads: the first ones run.
pub const MAX_BLOCKS: usize = 2;
/// Phases drawn, besides those with a racing access: the first ones.
pub const MAX_PHASES: usize = 24;
/// Accesses drawn per thread and phase, besides the racing ones: the first in program order.
pub const MAX_EVENTS: usize = 12;

/// One run to draw, with what the page says about it.
#[derive(Debug)]
pub struct Picture<'a> {
    pub source: &'a SourceFile,
    pub kernel: &'a Kernel,
    /// The section's heading (`kernel `k` run with ...`, or the finding it witnesses).
    pub title: String,
    /// Lines of preformatted text under the heading: the setting, a witness table.
    pub facts: Vec<String>,
    /// Remarks in prose (why a finding is potential, a replay that did not show it).
    pub notes: Vec<String>,
    pub run: &'a Run,
    pub block_dim: [Value; 3],
    pub grid_dim: [Value; 3],
    /// For a finding's witness: its threads A and B, and its race, if any.
    pub witness: Option<Focus>,
}

/// What a witness adds to its run's picture.
#[derive(Clone, Debug)]
pub struct Focus {
    /// `(bid, tid)` of threads A and B.
    pub threads: [(Value, Value); 2],
    /// The two accesses of the finding's race, and whether it is between blocks.
    pub race: Option<(Span, Span, bool)>,
}

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

/// The sections of `mapcheck FILE --html` for one decided kernel: for each data race, benign
/// race and barrier divergence, the run its witness replays
/// ([`mapcheck_smt::replay::witness_run`]), the witness's threads named A and B and its race
/// drawn thicker; a short note for a kernel without such findings.
pub fn witnesses(source: &SourceFile, decided: &Decided<'_>) -> Vec<Markup> {
    let kernel = decided.kernel;
    let arith: Arith = decided.report.arith.parse().unwrap_or_default();
    let cuda = source.is_cuda();
    let drawn: Vec<&Finding> = (decided.decision.findings.iter())
        .filter(|f| {
            matches!(
                f.kind,
                Kind::DataRace | Kind::BenignRace | Kind::BarrierDivergence
            )
        })
        .collect();
    let verdict = format!(
        "kernel `{}`: {} ({})",
        kernel.name.name,
        decided.decision.verdict.name(),
        decided.checked.class
    );
    if drawn.is_empty() {
        return vec![note_section(
            source,
            kernel,
            &verdict,
            &["No race or barrier divergence, so no witness to draw.".to_string()],
        )];
    }
    let total = drawn.len();
    drawn
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let certainty = match f.certainty {
                Certainty::Proven => "proven",
                Certainty::Confirmed => "confirmed",
                Certainty::Potential => "potential",
            };
            let what = match f.kind {
                Kind::BarrierDivergence => "barrier divergence".to_string(),
                Kind::BenignRace => format!(
                    "benign write-write race on `{}`",
                    f.array.as_deref().unwrap_or("?")
                ),
                _ => format!(
                    "{} race on `{}`",
                    f.access.map_or("data", |a| a.name()),
                    f.array.as_deref().unwrap_or("?")
                ),
            };
            let title = format!(
                "{verdict} — finding {} of {total}: {certainty} {what}{}, its witness replayed",
                i + 1,
                if f.grid { " between blocks" } else { "" }
            );
            let mut notes: Vec<String> = f.note.iter().cloned().collect();
            let facts: Vec<String> = crate::show::witness_table(f, kernel, cuda)
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            let race = match f.kind {
                Kind::BarrierDivergence => None,
                _ => f
                    .locations
                    .first()
                    .map(|a| (*a, f.locations.get(1).copied().unwrap_or(*a), f.grid)),
            };
            let w = &f.witness;
            match replay::witness_run(kernel, arith, w, replay::LONG_STEP_BUDGET) {
                Ok(run) => {
                    let shown = match race {
                        Some(focus) => run.races.iter().any(|r| is_race(r, focus)),
                        None => !run.is_aligned(),
                    };
                    if !shown {
                        notes.push(
                            "This run does not show the finding: the witness did not replay it."
                                .to_string(),
                        );
                    }
                    section(&Picture {
                        source,
                        kernel,
                        title,
                        facts,
                        notes,
                        run: &run,
                        block_dim: w.block_dim,
                        grid_dim: w.grid_dim,
                        witness: Some(Focus {
                            threads: [0, 1].map(|i| (w.threads[i].bid, w.threads[i].tid)),
                            race,
                        }),
                    })
                }
                Err(e) => {
                    notes.push(format!("The witness could not be run: {e}."));
                    note_section(source, kernel, &title, &notes)
                }
            }
        })
        .collect()
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

/// Pixel sizes of the drawing; integers, so the page is the same on every machine.
const GUTTER: i64 = 170;
const HEADER: i64 = 64;
const ROW: i64 = 20;
const BAND_PAD: i64 = 10;
const BLOCK_GAP: i64 = 16;
const GAP_BAND: i64 = 22;

/// One drawn column.
struct Column {
    bid: Value,
    tid: Value,
    x: i64,
}

/// Where a drawn access sits: its centre.
#[derive(Clone, Copy)]
struct At {
    x: i64,
    y: i64,
    line: usize,
}

/// One access of the history, located: block position, phase, thread, event.
type EventKey = (usize, usize, Value, usize);

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

/// Whether `r` is the race between the accesses at `a` and `b` (either way round) at grid
/// level or not, as `replay` matches a finding's race.
fn is_race(r: &Race, (a, b, grid): (Span, Span, bool)) -> bool {
    let same = (r.first.span.same_range(a) && r.second.span.same_range(b))
        || (r.first.span.same_range(b) && r.second.span.same_range(a));
    same && matches!(r.scope, RaceScope::Grid) == grid
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

fn lines_attr(lines: &[usize]) -> String {
    let set: BTreeSet<usize> = lines.iter().copied().collect();
    let v: Vec<String> = set.iter().map(|l| l.to_string()).collect();
    v.join(" ")
}

fn scope_key(r: &Race) -> &'static str {
    match r.scope {
        RaceScope::Grid => "grid",
        RaceScope::Phase(_) => "phase",
    }
}

/// A band: one phase (of every drawn block), or the phases left out between two drawn ones.
struct Band {
    /// The phase's position in each block's history; `None` for a gap.
    phase: Option<usize>,
    /// The name of the phase in the first drawn block that has it.
    name: Option<PhaseName>,
    /// Blocks whose phase at this position is named otherwise (after a divergence).
    others: Vec<(Value, PhaseName)>,
    skipped: usize,
    y: i64,
    height: i64,
}

/// The layout of one picture, computed once: columns, bands, where each drawn access sits.
struct Drawing<'p> {
    p: &'p Picture<'p>,
    cuda: bool,
    nbid: Value,
    columns: Vec<Column>,
    col_width: i64,
    bands: Vec<Band>,
    marks: BTreeMap<EventKey, At>,
    /// Each race's two accesses, where found in the history.
    race_events: Vec<[Option<EventKey>; 2]>,
    /// Accesses of a thread in a phase that are not drawn: (block pos, phase, tid) → count.
    hidden: BTreeMap<(usize, usize, Value), usize>,
    limits: String,
    divergences: Vec<String>,
    width: i64,
    height: i64,
}

impl<'p> Drawing<'p> {
    fn new(p: &'p Picture<'p>) -> Drawing<'p> {
        let run = p.run;
        let cuda = p.source.is_cuda();
        let ntid: Value = p.block_dim.iter().product();
        let nbid: Value = p.grid_dim.iter().product();
        let race_events: Vec<[Option<EventKey>; 2]> = run
            .races
            .iter()
            .map(|r| [find(run, r, &r.first), find(run, r, &r.second)])
            .collect();
        // The threads that must be drawn: both sides of every race, the witness's two.
        let mut wanted: BTreeSet<(Value, Value)> = BTreeSet::new();
        for r in &run.races {
            wanted.insert((r.first.bid, r.first.tid));
            wanted.insert((r.second.bid, r.second.tid));
        }
        if let Some(w) = &p.witness {
            wanted.extend(w.threads);
        }
        let blocks: Vec<usize> = (0..run.blocks.len())
            .filter(|&i| i < MAX_BLOCKS || wanted.iter().any(|(b, _)| *b == run.blocks[i].bid))
            .collect();
        let first = Value::try_from(MAX_THREADS).unwrap_or(Value::MAX).min(ntid);
        // Columns get their x once the widest label is known.
        let mut columns = Vec::new();
        let mut col_chars = 10usize;
        for &b in &blocks {
            let bid = run.blocks[b].bid;
            let mut tids: BTreeSet<Value> = (0..first).collect();
            tids.extend(wanted.iter().filter(|(wb, _)| *wb == bid).map(|(_, t)| *t));
            columns.extend(tids.into_iter().map(|tid| Column { bid, tid, x: 0 }));
        }
        let drawn_threads = columns.len();
        // Phases: the first ones and those with a racing access.
        let phases = blocks
            .iter()
            .map(|&b| run.blocks[b].phases.len())
            .max()
            .unwrap_or(0);
        let mut drawn_phases: BTreeSet<usize> = (0..phases.min(MAX_PHASES)).collect();
        drawn_phases.extend(race_events.iter().flatten().flatten().map(|k| k.1));
        let mut keep: BTreeSet<EventKey> =
            race_events.iter().flatten().flatten().copied().collect();
        keep.retain(|k| blocks.contains(&k.0));
        // Which events of each drawn column and phase are drawn.
        let mut visible: BTreeMap<(usize, usize, Value), Vec<usize>> = BTreeMap::new();
        let mut hidden = BTreeMap::new();
        for &b in &blocks {
            for &ph in &drawn_phases {
                let Some(phase) = run.blocks[b].phases.get(ph) else {
                    continue;
                };
                for t in &phase.threads {
                    if !columns
                        .iter()
                        .any(|c| c.bid == run.blocks[b].bid && c.tid == t.tid)
                    {
                        continue;
                    }
                    let shown: Vec<usize> = (0..t.events.len())
                        .filter(|&e| e < MAX_EVENTS || keep.contains(&(b, ph, t.tid, e)))
                        .collect();
                    for &e in &shown {
                        col_chars = col_chars.max(label(p, run, &t.events[e]).chars().count());
                    }
                    if shown.len() < t.events.len() {
                        hidden.insert((b, ph, t.tid), t.events.len() - shown.len());
                    }
                    visible.insert((b, ph, t.tid), shown);
                }
            }
        }
        let col_width = (26 + 7 * col_chars as i64).clamp(90, 280);
        // Now the columns' x, block by block.
        let mut x = GUTTER;
        let mut last_bid = None;
        for c in &mut columns {
            if last_bid.is_some_and(|b| b != c.bid) {
                x += BLOCK_GAP;
            }
            last_bid = Some(c.bid);
            c.x = x;
            x += col_width;
        }
        let width = x + 20;
        // Bands, top to bottom, with gaps for the phases left out.
        let mut bands = Vec::new();
        let mut y = HEADER;
        let mut next = 0usize;
        for &ph in &drawn_phases {
            if ph > next {
                bands.push(Band {
                    phase: None,
                    name: None,
                    others: Vec::new(),
                    skipped: ph - next,
                    y,
                    height: GAP_BAND,
                });
                y += GAP_BAND;
            }
            next = ph + 1;
            let rows = blocks
                .iter()
                .flat_map(|&b| {
                    let hidden = &hidden;
                    visible
                        .iter()
                        .filter(move |((vb, vp, _), _)| *vb == b && *vp == ph)
                        .map(move |((vb, vp, t), v)| {
                            v.len() + usize::from(hidden.contains_key(&(*vb, *vp, *t)))
                        })
                })
                .max()
                .unwrap_or(0)
                .max(1);
            let height = rows as i64 * ROW + 2 * BAND_PAD;
            let mut name = None;
            let mut others = Vec::new();
            for &b in &blocks {
                if let Some(phase) = run.blocks[b].phases.get(ph) {
                    match &name {
                        None => name = Some(phase.name.clone()),
                        Some(n) if *n != phase.name => {
                            others.push((run.blocks[b].bid, phase.name.clone()))
                        }
                        Some(_) => {}
                    }
                }
            }
            bands.push(Band {
                phase: Some(ph),
                name,
                others,
                skipped: 0,
                y,
                height,
            });
            y += height;
        }
        let height = y + 12;
        // Where each drawn access sits.
        let mut marks = BTreeMap::new();
        for band in &bands {
            let Some(ph) = band.phase else { continue };
            for c in &columns {
                let Some(b) = blocks.iter().copied().find(|&b| run.blocks[b].bid == c.bid) else {
                    continue;
                };
                let Some(shown) = visible.get(&(b, ph, c.tid)) else {
                    continue;
                };
                let Some(thread) = run.blocks[b].phases[ph]
                    .threads
                    .iter()
                    .find(|t| t.tid == c.tid)
                else {
                    continue;
                };
                for (row, &e) in shown.iter().enumerate() {
                    let line = p.source.line_col(thread.events[e].span).line;
                    marks.insert(
                        (b, ph, c.tid, e),
                        At {
                            x: c.x + 12,
                            y: band.y + BAND_PAD + row as i64 * ROW + ROW / 2,
                            line,
                        },
                    );
                }
            }
        }
        let total_threads = ntid.saturating_mul(Value::try_from(blocks.len()).unwrap_or(1));
        let limits = limits_text(
            drawn_threads,
            total_threads,
            ntid,
            blocks.len(),
            run.blocks.len(),
            nbid,
            drawn_phases.len(),
            phases,
            !hidden.is_empty(),
            run.dropped_events,
        );
        let divergences = run
            .divergences
            .iter()
            .map(|dv| {
                let name = |(tid, _): &(Value, _)| {
                    thread_text(cuda, p.block_dim, p.grid_dim, nbid, dv.bid, *tid)
                };
                format!(
                    "Barrier divergence in phase {}: {} {}, but {} {}.",
                    dv.phase,
                    name(&dv.first),
                    crate::run::reached_text(p.source, &dv.first.1),
                    name(&dv.second),
                    crate::run::reached_text(p.source, &dv.second.1)
                )
            })
            .collect();
        Drawing {
            p,
            cuda,
            nbid,
            columns,
            col_width,
            bands,
            marks,
            race_events,
            hidden,
            limits,
            divergences,
            width,
            height,
        }
    }

    fn line(&self, span: Span) -> usize {
        self.p.source.line_col(span).line
    }

    /// A thread as the data attributes name it: `t3`, `b1t3`, `t(1,0,0)`, `b(0,1,0)t(1,0,0)`.
    fn token(&self, bid: Value, tid: Value) -> String {
        let id = |v: Value, dim: [Value; 3]| {
            if self.cuda {
                let [x, y, z] = components(v, dim);
                format!("({x},{y},{z})")
            } else {
                v.to_string()
            }
        };
        let t = id(tid, self.p.block_dim);
        if self.nbid > 1 {
            format!("b{}t{t}", id(bid, self.p.grid_dim))
        } else {
            format!("t{t}")
        }
    }

    /// `CELL A B` of a race ([`Drawing::token`]).
    fn race_key(&self, r: &Race) -> String {
        format!(
            "{} {} {}",
            CellReport::new(self.p.kernel, &r.array, &r.cell).text,
            self.token(r.first.bid, r.first.tid),
            self.token(r.second.bid, r.second.tid)
        )
    }

    fn race_text(&self, r: &Race) -> String {
        let p = self.p;
        let side = |a: &RacingAccess| {
            let at = p.source.line_col(a.span);
            format!(
                "{} by {} at line {}:{}",
                a.kind.name(),
                thread_text(self.cuda, p.block_dim, p.grid_dim, self.nbid, a.bid, a.tid),
                at.line,
                at.column
            )
        };
        let scope = match &r.scope {
            RaceScope::Grid => "between blocks".to_string(),
            RaceScope::Phase(name) => format!("in phase `{name}`"),
        };
        let more = match r.instances {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        let benign = if r.benign {
            " (benign: both stored the same value)"
        } else {
            ""
        };
        format!(
            "{} race{benign} on {} {scope}: {} and {}{more}",
            r.kind.name(),
            CellReport::new(p.kernel, &r.array, &r.cell).text,
            side(&r.first),
            side(&r.second)
        )
    }

    /// Whether race `i` of the run is drawn as a link: both its accesses are drawn marks.
    fn link_drawn(&self, i: usize) -> bool {
        self.race_events.get(i).is_some_and(|[a, b]| {
            a.is_some_and(|k| self.marks.contains_key(&k))
                && b.is_some_and(|k| self.marks.contains_key(&k))
        })
    }

    fn svg(&self, p: &Picture<'_>, is_focus: &dyn Fn(&Race) -> bool) -> Markup {
        let run = p.run;
        let witness_name = |bid: Value, tid: Value| {
            p.witness.as_ref().and_then(|w| {
                w.threads
                    .iter()
                    .position(|t| *t == (bid, tid))
                    .map(|i| THREAD_NAMES[i])
            })
        };
        let ids = if self.cuda {
            ("blockIdx", "threadIdx")
        } else {
            ("block", "tid")
        };
        let triple = |v: Value, dim: [Value; 3]| {
            let [x, y, z] = components(v, dim);
            format!("({x},{y},{z})")
        };
        // The block headers: one per run of columns of one block.
        let mut block_heads: Vec<(Value, i64, i64)> = Vec::new();
        for c in &self.columns {
            match block_heads.last_mut() {
                Some((bid, _, end)) if *bid == c.bid => *end = c.x + self.col_width,
                _ => block_heads.push((c.bid, c.x, c.x + self.col_width)),
            }
        }
        let right = self.width - 20;
        html! {
            svg.runpic xmlns="http://www.w3.org/2000/svg" width=(self.width) height=(self.height)
                viewBox={ "0 0 " (self.width) " " (self.height) } role="img"
                aria-label={ "run of kernel " (p.kernel.name.name) } {
                text.head x="8" y="20" { (ids.0) }
                text.head x="8" y="44" { (ids.1) }
                @for (bid, x0, x1) in &block_heads {
                    rect.blockhead x=(x0) y="6" width=(x1 - x0 - 4) height="20" rx="3" {}
                    text.head x=(x0 + 6) y="20" {
                        @if self.cuda { (triple(*bid, p.grid_dim)) } @else { "block " (bid) }
                    }
                }
                @for c in &self.columns {
                    @let name = witness_name(c.bid, c.tid);
                    g.colhead.witness[name.is_some()] data-thread=(self.token(c.bid, c.tid)) {
                        title { (thread_text(self.cuda, p.block_dim, p.grid_dim, self.nbid, c.bid, c.tid)) }
                        text.head x=(c.x + 6) y="44" {
                            @if self.cuda { (triple(c.tid, p.block_dim)) } @else { (c.tid) }
                            @if let Some(n) = name { tspan.tname { " " (n) } }
                        }
                    }
                    line.lane x1=(c.x + 12) y1=(HEADER - 10) x2=(c.x + 12) y2=(self.height - 12) {}
                }
                @for (i, band) in self.bands.iter().enumerate() {
                    @if let Some(ph) = band.phase {
                        rect class=(if i % 2 == 0 { "band even" } else { "band odd" })
                            x="4" y=(band.y) width=(right - 4) height=(band.height) {}
                        text.phase x="8" y=(band.y + 16) { "phase " (ph) }
                        @let (what, at) = self.band_title(band.name.as_ref());
                        text.phasename x="8" y=(band.y + 30) { (what) }
                        @if let Some(at) = &at { text.phasename x="8" y=(band.y + 44) { (at) } }
                        @for (bid, name) in &band.others {
                            @let (what, _) = self.band_title(Some(name));
                            text.phasename x="8" y=(band.y + 58) { "block " (bid) ": " (what) }
                        }
                        @let lines = match &band.name {
                            Some(PhaseName::Barrier(e)) => lines_attr(&[self.line(e.span)]),
                            _ => String::new(),
                        };
                        path class=(if matches!(band.name, Some(PhaseName::Barrier(_))) { "barrier" } else { "end" })
                            d={ "M 4 " (band.y + band.height) " L " (right) " " (band.y + band.height) }
                            data-lines=(lines) data-text={ (what) " " (at.clone().unwrap_or_default()) } {
                            title { (what) " " (at.unwrap_or_default()) }
                        }
                    } @else {
                        rect.gap x="4" y=(band.y) width=(right - 4) height=(band.height) {}
                        text.phasename x="8" y=(band.y + 15) {
                            "… " (band.skipped) " phase(s) not drawn"
                        }
                    }
                }
                @for (&(b, ph, tid, e), at) in &self.marks {
                    @let event = &run.blocks[b].phases[ph].threads.iter().find(|t| t.tid == tid).map(|t| &t.events[e]);
                    @if let Some(event) = event {
                        (self.mark(p, run.blocks[b].bid, tid, event, *at))
                    }
                }
                @for (&(b, ph, tid), n) in &self.hidden {
                    @let row = self.rows_drawn(b, ph, tid);
                    @if let (Some(c), Some(band)) = (self.column(run.blocks[b].bid, tid), self.band_of(ph)) {
                        text.more x=(c.x + 4) y=(band.y + BAND_PAD + row * ROW + 14) {
                            "+" (n) " more"
                        }
                    }
                }
                @for (i, r) in run.races.iter().enumerate() {
                    @if let [Some(a), Some(b)] = self.race_events[i] {
                        @if let (Some(a), Some(b)) = (self.marks.get(&a), self.marks.get(&b)) {
                            path.race-link.focus[is_focus(r)].benign[r.benign] d=(link_path(*a, *b))
                                data-race=(self.race_key(r)) data-kind=(r.kind.name())
                                data-scope=(scope_key(r)) data-lines=(lines_attr(&[a.line, b.line]))
                                data-text=(self.race_text(r)) {
                                title { (self.race_text(r)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What a band's label says: what ends the phase, and where (`file:line`).
    fn band_title(&self, name: Option<&PhaseName>) -> (String, Option<String>) {
        match name {
            Some(PhaseName::Barrier(e)) => {
                let mut what = format!("ends at sync #{}", e.sync);
                for (var, value) in &e.iters {
                    what.push_str(&format!(", {var} = {value}"));
                }
                let at = self.p.source.line_col(e.span);
                (what, Some(format!("{}:{}", self.p.source.name, at.line)))
            }
            Some(PhaseName::End) | None => ("ends at the kernel's end".into(), None),
            Some(PhaseName::Diverged) => ("cut by divergence".into(), None),
        }
    }

    fn column(&self, bid: Value, tid: Value) -> Option<&Column> {
        self.columns.iter().find(|c| c.bid == bid && c.tid == tid)
    }

    fn band_of(&self, phase: usize) -> Option<&Band> {
        self.bands.iter().find(|b| b.phase == Some(phase))
    }

    fn rows_drawn(&self, b: usize, ph: usize, tid: Value) -> i64 {
        self.marks
            .keys()
            .filter(|k| k.0 == b && k.1 == ph && k.2 == tid)
            .count() as i64
    }

    fn mark(&self, p: &Picture<'_>, bid: Value, tid: Value, e: &Event, at: At) -> Markup {
        let run = p.run;
        let cell = CellReport::new(p.kernel, run.array_name(&e.cell), &e.cell.index).text;
        let lc = p.source.line_col(e.span);
        let who = thread_text(self.cuda, p.block_dim, p.grid_dim, self.nbid, bid, tid);
        let (kind, value, what) = match e.kind {
            EventKind::Read { value } => ("read", value, format!("read {cell} = {value}")),
            EventKind::Write { value } => ("write", value, format!("write {cell} := {value}")),
            EventKind::Atomic {
                op,
                operand,
                old,
                new,
            } => (
                "atomic",
                new,
                format!("atomic {cell} {} {operand}: {old} → {new}", op.symbol()),
            ),
        };
        let text = format!(
            "{who}: {what} at {}:{}:{}",
            p.source.name, lc.line, lc.column
        );
        let (x, y) = (at.x, at.y);
        html! {
            g class={ "mark " (kind) } data-kind=(kind) data-cell=(cell) data-value=(value)
                data-thread=(self.token(bid, tid)) data-line=(at.line) data-lines=(at.line)
                data-text=(text) tabindex="0" {
                title { (text) }
                @match kind {
                    "read" => { circle cx=(x) cy=(y) r="5" {} }
                    "write" => { rect x=(x - 5) y=(y - 5) width="10" height="10" {} }
                    _ => { path d={ "M " (x) " " (y - 7) " L " (x + 7) " " (y) " L " (x) " " (y + 7) " L " (x - 7) " " (y) " Z" } {} }
                }
                text x=(x + 11) y=(y + 4) { (label(p, run, e)) }
            }
        }
    }
}

/// The text beside a mark: the cell and the value.
fn label(p: &Picture<'_>, run: &Run, e: &Event) -> String {
    let cell = CellReport::new(p.kernel, run.array_name(&e.cell), &e.cell.index).text;
    match e.kind {
        EventKind::Read { value } => format!("{cell} = {value}"),
        EventKind::Write { value } => format!("{cell} := {value}"),
        EventKind::Atomic {
            op, operand, new, ..
        } => format!("{cell} {} {operand} → {new}", op.symbol()),
    }
}

/// A thread in words: `thread 3`, `thread 3 of block 1`; `threadIdx (1, 0, 0)`,
/// `threadIdx (1, 0, 0) of blockIdx (0, 1, 0)` for a CUDA kernel.
fn thread_text(
    cuda: bool,
    block_dim: [Value; 3],
    grid_dim: [Value; 3],
    nbid: Value,
    bid: Value,
    tid: Value,
) -> String {
    if cuda {
        let [x, y, z] = components(tid, block_dim);
        let [bx, by, bz] = components(bid, grid_dim);
        format!("threadIdx ({x}, {y}, {z}) of blockIdx ({bx}, {by}, {bz})")
    } else if nbid > 1 {
        format!("thread {tid} of block {bid}")
    } else {
        format!("thread {tid}")
    }
}

/// A curve from one mark to another, bowing to the right of the leftmost so that it does not
/// run over the marks of the columns it crosses.
fn link_path(a: At, b: At) -> String {
    let (a, b) = if (a.x, a.y) <= (b.x, b.y) {
        (a, b)
    } else {
        (b, a)
    };
    // Low enough to stay inside the band of the higher mark's row.
    let lift = (10 + (b.x - a.x).abs() / 20).min(20);
    let top = a.y.min(b.y) - lift;
    format!(
        "M {} {} C {} {} {} {} {} {}",
        a.x,
        a.y,
        a.x + 20,
        top,
        b.x - 20,
        top,
        b.x,
        b.y
    )
}

/// The access of the history that is `side` of race `r`: its block position, phase, thread
/// and position; the first such in program order.
fn find(run: &Run, r: &Race, side: &RacingAccess) -> Option<EventKey> {
    let (b, block) = run
        .blocks
        .iter()
        .enumerate()
        .find(|(_, b)| b.bid == side.bid)?;
    for (ph, phase) in block.phases.iter().enumerate() {
        if let RaceScope::Phase(name) = &r.scope {
            if phase.name != *name {
                continue;
            }
        }
        let Some(thread) = phase.threads.iter().find(|t| t.tid == side.tid) else {
            continue;
        };
        let found = thread.events.iter().position(|e| {
            e.span.same_range(side.span)
                && e.kind.access() == side.kind
                && *e.cell.index == *r.cell
                && run.array_name(&e.cell) == r.array
        });
        if let Some(e) = found {
            return Some((b, ph, side.tid, e));
        }
    }
    None
}

/// What the picture leaves out, in words.
#[allow(clippy::too_many_arguments)]
fn limits_text(
    threads: usize,
    threads_of_blocks: Value,
    ntid: Value,
    blocks: usize,
    blocks_run: usize,
    nbid: Value,
    phases: usize,
    phases_run: usize,
    events_cut: bool,
    dropped: u64,
) -> String {
    let count = |n: usize| Value::try_from(n).unwrap_or(Value::MAX);
    let mut s = String::from("Drawn: ");
    if count(threads) < threads_of_blocks {
        s.push_str(&format!(
            "{threads} of the {threads_of_blocks} threads of the blocks drawn ({ntid} per block; \
             the first {MAX_THREADS} of each and every racing one)"
        ));
    } else {
        s.push_str(&format!("all {ntid} thread(s) per block"));
    }
    if count(blocks) < nbid {
        s.push_str(&format!("; {blocks} of the {nbid} blocks"));
        if blocks < blocks_run {
            s.push_str(&format!(
                " (the first {MAX_BLOCKS} and those of racing threads)"
            ));
        } else if count(blocks_run) < nbid {
            s.push_str(" (the blocks the run was limited to)");
        }
    } else {
        s.push_str(&format!("; all {nbid} block(s)"));
    }
    if phases < phases_run {
        s.push_str(&format!(
            "; {phases} of the {phases_run} phases (the first {MAX_PHASES} and those with a racing \
             access)"
        ));
    } else {
        s.push_str(&format!("; all {phases_run} phase(s)"));
    }
    s.push('.');
    if events_cut {
        s.push_str(&format!(
            " At most {MAX_EVENTS} accesses per thread and phase are drawn, and every racing one."
        ));
    }
    if dropped > 0 {
        s.push_str(&format!(
            " The interpreter's history was cut: {dropped} later accesses are not shown (races \
             were checked over all)."
        ));
    }
    s
}

const CSS: &str = r#"
body { font-family: system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
h1 { font-size: 20px; margin: 0 0 6px; }
h2 { font-size: 17px; margin: 0 0 6px; }
h3 { font-size: 15px; margin: 10px 0 4px; }
section.picture { border-top: 2px solid #ccc; padding: 10px 0 16px; }
pre.facts { background: #f6f6f6; padding: 6px 8px; margin: 4px 0; font-size: 13px; }
p.note, p.limits, p.divergence { margin: 4px 0; font-size: 13px; }
p.limits { color: #555; }
p.divergence { color: #a00; font-weight: 600; }
p.legend svg { vertical-align: middle; }
div.row { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
div.run { overflow-x: auto; flex: 0 1 auto; max-width: 100%; }
div.source { flex: 1 1 420px; min-width: 320px; max-width: 900px; }
div.filename { font: 600 12px monospace; color: #555; }
pre.src { font: 13px/1.45 monospace; margin: 0; border: 1px solid #ddd; padding: 4px 0; overflow-x: auto; }
pre.src .ln { display: block; padding: 0 8px 0 0; cursor: pointer; }
pre.src .no { display: inline-block; width: 3.2em; color: #999; text-align: right; margin-right: 10px; user-select: none; }
pre.src .acc { background: #eef4ff; }
pre.src .sync { background: #f0f0f0; }
pre.src .race { background: #ffe3e3; }
pre.src .hover, pre.src .picked { background: #ffd84d; outline: 1px solid #c90; }
p.info { font: 13px monospace; min-height: 1.4em; color: #333; }
svg text { font: 11px monospace; fill: #222; }
svg text.head { font: 600 12px monospace; }
svg text.phase { font: 600 12px sans-serif; }
svg text.phasename { font: 11px sans-serif; fill: #555; }
svg text.more { fill: #777; font-style: italic; }
svg tspan.tname { fill: #b00; font-weight: 700; }
svg rect.blockhead { fill: #e8e8f4; }
svg rect.band.even { fill: #fafafa; }
svg rect.band.odd { fill: #f1f3f7; }
svg rect.gap { fill: #fff; stroke: #ccc; stroke-dasharray: 2 3; }
svg line.lane { stroke: #d6d6d6; }
svg path.barrier { stroke: #444; stroke-width: 2; stroke-dasharray: 8 4; fill: none; }
svg path.end { stroke: #bbb; stroke-width: 1; fill: none; }
svg .mark { cursor: pointer; }
svg .mark.read circle, svg circle.read { fill: #fff; stroke: #1f5fbf; stroke-width: 2; }
svg .mark.write rect, svg rect.write { fill: #d9480f; }
svg .mark.atomic path, svg path.atomic { fill: #7b2fbf; }
svg .mark.hover text, svg .mark.picked text { font-weight: 700; fill: #000; }
svg .mark.hover circle, svg .mark.picked circle, svg .mark.hover rect, svg .mark.picked rect,
svg .mark.hover path, svg .mark.picked path { stroke: #c90; stroke-width: 3; }
svg path.race-link { stroke: #d00; stroke-width: 2; fill: none; opacity: 0.8; cursor: pointer; }
svg path.race-link.benign { stroke: #e08a00; stroke-dasharray: 6 3; }
svg path.race-link.focus { stroke-width: 4; opacity: 1; }
svg path.race-link.hover, svg path.race-link.picked { stroke: #c90; stroke-width: 4; }
ol.races li { font-size: 13px; margin: 2px 0; cursor: pointer; }
ol.races li.focus { font-weight: 700; }
ol.races li.hover, ol.races li.picked { background: #fff3c4; }
"#;

/// Wires hovering and clicking; marks the page loaded (`data-mapcheck-ready` on the root).
const SCRIPT: &str = r#"
(function () {
  "use strict";
  var wired = 0;
  var sections = document.querySelectorAll("section.picture");
  for (var s = 0; s < sections.length; s++) {
    (function (sec) {
      var info = sec.querySelector("p.info");
      function clear(cls) {
        var on = sec.querySelectorAll("." + cls);
        for (var i = 0; i < on.length; i++) { on[i].classList.remove(cls); }
      }
      function lit(el, cls) {
        clear(cls);
        el.classList.add(cls);
        var lines = (el.getAttribute("data-lines") || "").split(" ");
        var first = null;
        for (var i = 0; i < lines.length; i++) {
          if (!lines[i]) { continue; }
          var ln = sec.querySelector('pre.src .ln[data-line="' + lines[i] + '"]');
          if (ln) { ln.classList.add(cls); first = first || ln; }
        }
        if (info && el.getAttribute("data-text")) { info.textContent = el.getAttribute("data-text"); }
        return first;
      }
      var items = sec.querySelectorAll("[data-lines]");
      for (var i = 0; i < items.length; i++) {
        (function (el) {
          if (!el.getAttribute("data-lines")) { return; }
          el.addEventListener("mouseenter", function () { lit(el, "hover"); });
          el.addEventListener("mouseleave", function () { clear("hover"); });
          el.addEventListener("click", function () {
            var ln = lit(el, "picked");
            if (ln && ln.scrollIntoView) { ln.scrollIntoView({ block: "nearest" }); }
          });
          wired++;
        })(items[i]);
      }
      function pickLine(ln) {
        clear("picked");
        ln.classList.add("picked");
        var n = ln.getAttribute("data-line");
        var marks = sec.querySelectorAll('.mark[data-line="' + n + '"]');
        for (var k = 0; k < marks.length; k++) { marks[k].classList.add("picked"); }
        if (info) { info.textContent = marks.length + " access(es) drawn for line " + n; }
      }
      var lines = sec.querySelectorAll("pre.src .ln");
      for (var j = 0; j < lines.length; j++) {
        (function (ln) {
          ln.addEventListener("click", function () { pickLine(ln); });
        })(lines[j]);
      }
      // A link to the page ending in `#line=N` opens it with line N and its accesses picked.
      var wanted = /^#line=([0-9]+)$/.exec(window.location.hash);
      if (wanted) {
        var ln = sec.querySelector('pre.src .ln[data-line="' + wanted[1] + '"]');
        if (ln) { pickLine(ln); }
      }
    })(sections[s]);
  }
  document.documentElement.setAttribute("data-mapcheck-ready", String(wired));
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_lines_are_numbered_as_the_line_index_numbers_them() {
        assert_eq!(source_lines("a\r\nb\n"), ["a", "b"]);
        assert_eq!(source_lines("a\n\nc"), ["a", "", "c"]);
        assert_eq!(source_lines(""), [""]);
    }

    #[test]
    fn a_link_bows_at_most_twenty_pixels_above_its_higher_end() {
        let at = |x, y| At { x, y, line: 1 };
        // Either end first: the same curve.
        let p = link_path(at(500, 80), at(100, 60));
        assert_eq!(p, link_path(at(100, 60), at(500, 80)));
        assert_eq!(p, "M 100 60 C 120 40 480 40 500 80");
        assert_eq!(
            link_path(at(0, 50), at(40, 50)),
            "M 0 50 C 20 38 20 38 40 50"
        );
    }

    #[test]
    fn what_is_left_out_is_said() {
        let all = limits_text(4, 4, 4, 1, 1, 1, 2, 2, false, 0);
        assert_eq!(
            all,
            "Drawn: all 4 thread(s) per block; all 1 block(s); all 2 phase(s)."
        );
        let cut = limits_text(9, 512, 256, 2, 4, 4, 24, 30, true, 7);
        assert!(
            cut.starts_with("Drawn: 9 of the 512 threads of the blocks drawn (256 per block;"),
            "{cut}"
        );
        assert!(cut.contains("2 of the 4 blocks (the first 2"), "{cut}");
        assert!(cut.contains("24 of the 30 phases"), "{cut}");
        assert!(cut.contains("At most 12 accesses"), "{cut}");
        assert!(cut.contains("7 later accesses"), "{cut}");
    }

    #[test]
    fn a_thread_is_named_in_the_terms_of_its_language() {
        let (b, g) = ([16, 16, 1], [4, 4, 1]);
        assert_eq!(thread_text(false, b, g, 1, 0, 3), "thread 3");
        assert_eq!(thread_text(false, b, g, 2, 1, 3), "thread 3 of block 1");
        assert_eq!(
            thread_text(true, b, g, 16, 5, 17),
            "threadIdx (1, 1, 0) of blockIdx (1, 1, 0)"
        );
    }
}
