//! The picture as SVG: block and thread headers, one band per phase closed by its barrier,
//! a mark per drawn access, and a red link per race between its two marks.

use super::layout::{At, Drawing, BAND_PAD, HEADER, ROW};
use super::page::lines_attr;
use super::words::{label, scope_key, thread_text};
use super::Picture;
use crate::report::{CellReport, THREAD_NAMES};
use mapcheck_core::geometry::components;
use mapcheck_core::interp::{Event, EventKind, PhaseName, Race};
use mapcheck_core::Value;
use maud::{html, Markup};

impl Drawing<'_> {
    pub(super) fn svg(&self, p: &Picture<'_>, is_focus: &dyn Fn(&Race) -> bool) -> Markup {
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
                let barrier = crate::run::barrier_word(&self.words, e.warp);
                let mut what = format!("ends at {barrier} #{}", e.sync);
                for (var, value) in &e.iters {
                    what.push_str(&format!(", {} = {value}", self.words.name(var)));
                }
                let at = self.p.source.locate(e.span);
                (what, Some(format!("{}:{}", at.name, at.start().line)))
            }
            Some(PhaseName::End) | None => ("ends at the kernel's end".into(), None),
            Some(PhaseName::Diverged) => ("cut by divergence".into(), None),
        }
    }

    fn mark(&self, p: &Picture<'_>, bid: Value, tid: Value, e: &Event, at: At) -> Markup {
        let run = p.run;
        let cell = CellReport::new(p.kernel, run.array_name(&e.cell), &e.cell.index).text;
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
        let text = format!("{who}: {what} at {}", p.source.place(e.span));
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

/// A curve from one mark to another, bowing to the right of the leftmost so that it does not
/// run over the marks of the columns it crosses.
pub(super) fn link_path(a: At, b: At) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
