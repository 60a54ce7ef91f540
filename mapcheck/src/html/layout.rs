//! The drawing's layout, computed once per picture: which threads, blocks, phases and accesses
//! are drawn (the racing ones always, the first ones up to the limits), the columns and bands
//! they sit in, and the pixel position of every drawn access.

use super::words::{label, limits_text, thread_text};
use super::{Picture, MAX_BLOCKS, MAX_EVENTS, MAX_PHASES, MAX_THREADS};
use mapcheck_core::interp::{PhaseName, Race, RaceScope, RacingAccess, Run};
use mapcheck_core::{Span, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Pixel sizes of the drawing; integers, so the page is the same on every machine.
const GUTTER: i64 = 170;
pub(super) const HEADER: i64 = 64;
pub(super) const ROW: i64 = 20;
pub(super) const BAND_PAD: i64 = 10;
const BLOCK_GAP: i64 = 16;
const GAP_BAND: i64 = 22;

/// One drawn column.
pub(super) struct Column {
    pub(super) bid: Value,
    pub(super) tid: Value,
    pub(super) x: i64,
}

/// Where a drawn access sits: its centre.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) x: i64,
    pub(super) y: i64,
    pub(super) line: usize,
}

/// One access of the history, located: block position, phase, thread, event.
pub(super) type EventKey = (usize, usize, Value, usize);

/// A band: one phase (of every drawn block), or the phases left out between two drawn ones.
pub(super) struct Band {
    /// The phase's position in each block's history; `None` for a gap.
    pub(super) phase: Option<usize>,
    /// The name of the phase in the first drawn block that has it.
    pub(super) name: Option<PhaseName>,
    /// Blocks whose phase at this position is named otherwise (after a divergence).
    pub(super) others: Vec<(Value, PhaseName)>,
    pub(super) skipped: usize,
    pub(super) y: i64,
    pub(super) height: i64,
}

/// The layout of one picture, computed once: columns, bands, where each drawn access sits.
pub(super) struct Drawing<'p> {
    pub(super) p: &'p Picture<'p>,
    /// The kernel's names as its source spells them (a CUDA kernel's loop variables).
    pub(super) words: crate::names::Words,
    pub(super) cuda: bool,
    pub(super) nbid: Value,
    pub(super) columns: Vec<Column>,
    pub(super) col_width: i64,
    pub(super) bands: Vec<Band>,
    pub(super) marks: BTreeMap<EventKey, At>,
    /// Each race's two accesses, where found in the history.
    pub(super) race_events: Vec<[Option<EventKey>; 2]>,
    /// Accesses of a thread in a phase that are not drawn: (block pos, phase, tid) → count.
    pub(super) hidden: BTreeMap<(usize, usize, Value), usize>,
    pub(super) limits: String,
    pub(super) divergences: Vec<String>,
    pub(super) width: i64,
    pub(super) height: i64,
}

impl<'p> Drawing<'p> {
    pub(super) fn new(p: &'p Picture<'p>) -> Drawing<'p> {
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
                    let line = p.source.main_line(thread.events[e].span).unwrap_or(0);
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
        let words = crate::names::Words::new(p.kernel, p.source);
        let divergences = run
            .divergences
            .iter()
            .map(|dv| {
                let name = |(tid, _): &(Value, _)| {
                    thread_text(cuda, p.block_dim, p.grid_dim, nbid, dv.bid, *tid)
                };
                format!(
                    "Barrier divergence in phase {}: {} {}, but {} {}.",
                    words.text(&dv.phase.to_string()),
                    name(&dv.first),
                    crate::run::reached_text(p.source, &words, &dv.first.1),
                    name(&dv.second),
                    crate::run::reached_text(p.source, &words, &dv.second.1)
                )
            })
            .collect();
        Drawing {
            words,
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

    /// The line of the source pane (the input's text) a span is on; 0, which no line has,
    /// for a span in a file the input includes, which the pane does not show.
    pub(super) fn line(&self, span: Span) -> usize {
        self.p.source.main_line(span).unwrap_or(0)
    }

    /// Whether race `i` of the run is drawn as a link: both its accesses are drawn marks.
    pub(super) fn link_drawn(&self, i: usize) -> bool {
        self.race_events.get(i).is_some_and(|[a, b]| {
            a.is_some_and(|k| self.marks.contains_key(&k))
                && b.is_some_and(|k| self.marks.contains_key(&k))
        })
    }

    pub(super) fn column(&self, bid: Value, tid: Value) -> Option<&Column> {
        self.columns.iter().find(|c| c.bid == bid && c.tid == tid)
    }

    pub(super) fn band_of(&self, phase: usize) -> Option<&Band> {
        self.bands.iter().find(|b| b.phase == Some(phase))
    }

    pub(super) fn rows_drawn(&self, b: usize, ph: usize, tid: Value) -> i64 {
        self.marks
            .keys()
            .filter(|k| k.0 == b && k.1 == ph && k.2 == tid)
            .count() as i64
    }
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
            e.span == side.span
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
