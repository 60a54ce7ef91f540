//! What the picture says in words: threads named in their language's terms, races described
//! and keyed for the data attributes, the text beside a mark, and what the picture leaves out.

use super::layout::Drawing;
use super::{Picture, MAX_BLOCKS, MAX_EVENTS, MAX_PHASES, MAX_THREADS};
use crate::report::CellReport;
use mapcheck_core::geometry::components;
use mapcheck_core::interp::{Event, EventKind, Race, RaceScope, RacingAccess, Run};
use mapcheck_core::Value;

impl Drawing<'_> {
    /// A thread as the data attributes name it: `t3`, `b1t3`, `t(1,0,0)`, `b(0,1,0)t(1,0,0)`.
    pub(super) fn token(&self, bid: Value, tid: Value) -> String {
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
    pub(super) fn race_key(&self, r: &Race) -> String {
        format!(
            "{} {} {}",
            CellReport::new(self.p.kernel, &r.array, &r.cell).text,
            self.token(r.first.bid, r.first.tid),
            self.token(r.second.bid, r.second.tid)
        )
    }

    pub(super) fn race_text(&self, r: &Race) -> String {
        let p = self.p;
        let side = |a: &RacingAccess| {
            format!(
                "{} by {} at line {}",
                a.kind.name(),
                thread_text(self.cuda, p.block_dim, p.grid_dim, self.nbid, a.bid, a.tid),
                p.source.at(a.span)
            )
        };
        let scope = match &r.scope {
            RaceScope::Grid => "between blocks".to_string(),
            RaceScope::Phase(name) => {
                format!("in phase `{}`", self.words.text(&name.to_string()))
            }
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
}

pub(super) fn scope_key(r: &Race) -> &'static str {
    match r.scope {
        RaceScope::Grid => "grid",
        RaceScope::Phase(_) => "phase",
    }
}

/// The text beside a mark: the cell and the value.
pub(super) fn label(p: &Picture<'_>, run: &Run, e: &Event) -> String {
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
pub(super) fn thread_text(
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

/// What the picture leaves out, in words.
#[allow(clippy::too_many_arguments)]
pub(super) fn limits_text(
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

#[cfg(test)]
mod tests {
    use super::*;

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
