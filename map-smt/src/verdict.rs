//! What a decision says (SPEC §7): findings with their kind and certainty, and the kernel's
//! verdict. (The exit code the command line derives from them is `mapcheck`'s
//! `report::Defects`.)

use crate::replay::{Missed, Unfinished};
use crate::{phases, Conflict, Decision, Witness};
use mapcheck_core::Span;
use serde::Serialize;

/// A kernel's verdict about data races (SPEC §7).
#[derive(schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Drf,
    Racy,
    PossiblyRacy,
    Unknown,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Drf => "drf",
            Verdict::Racy => "racy",
            Verdict::PossiblyRacy => "possibly-racy",
            Verdict::Unknown => "unknown",
        }
    }
}

#[derive(schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    DataRace,
    BarrierDivergence,
    /// Advice, not a defect: a `sync` whose removal keeps the kernel DRF and free of
    /// divergence (see `redundant.rs`).
    RedundantBarrier,
    /// Advice, not a defect: a write-write race in which both threads provably store the same
    /// value (see `benign.rs`). `Options::strict` reports it as a data race instead.
    BenignRace,
    /// A defect: an index outside a dimension of fixed size (`bounds.rs`).
    OutOfBounds,
}

/// How far a finding can be trusted (SPEC §7).
#[derive(schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Certainty {
    /// Decided on an exact kernel (and replayed).
    Proven,
    /// Replayed by the interpreter on a data-dependent kernel.
    Confirmed,
    /// Found on an over-approximation, not reproduced.
    Potential,
}

/// One finding: a racing pair of source locations, or a barrier threads disagree on.
#[derive(Clone, Debug)]
pub struct Finding {
    pub kind: Kind,
    pub certainty: Certainty,
    pub array: Option<String>,
    pub access: Option<Conflict>,
    /// The two accesses of a race (thread A's, then thread B's); the `sync` of a divergence.
    pub locations: Vec<Span>,
    /// What each of `locations` does, in the same order: the modes of a race's two accesses
    /// (the reports say which is the read, the write or the atomic — `access` alone cannot:
    /// `read-write` does not say which thread reads). Empty for a finding about a barrier.
    pub modes: Vec<mapcheck_typeck::map::Mode>,
    /// A race between threads of different blocks (global memory), not within one block.
    pub grid: bool,
    /// The phase of a block-level race: the barrier events that start and end it.
    pub phase: Option<(phases::Boundary, phases::Boundary)>,
    pub witness: Witness,
    /// Set when an exact kernel's witness did not replay: a bug in mapcheck. What the replay
    /// showed instead.
    pub internal_error: Option<Missed>,
    /// Why a potential finding stayed potential; why a benign race is benign.
    pub note: Option<Note>,
    /// A block-level race every witness of which has its two threads in one warp ([`crate::warp`]):
    /// safe only under warp-synchronous execution.
    pub warp_only: bool,
    /// An out-of-bounds finding's dimension; the index its thread (the witness's first)
    /// computes is the witness's `index`.
    pub bound: Option<BoundBroken>,
}

/// The dimension an `out-of-bounds` finding's access leaves: its number in the declared array
/// (0 the outermost) and its extent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundBroken {
    pub dim: usize,
    pub extent: i64,
    /// The subscript as the MAP has it (`tid.y`), for the reports to word.
    pub text: String,
}

/// Why a finding stayed `potential`, or why a race is benign: the facts, which the command
/// line words ([`Note`] carries no prose of its own, nor do the replay's reasons it holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Both threads store the same value in every run that reaches the race, proven by the
    /// solver: a benign race.
    SameValue,
    /// The witness of an exact kernel whose phase split over-approximated did not replay.
    SplitNotReplayed(Missed),
    /// The witness of a data-dependent kernel did not replay.
    MapNotReplayed(Missed),
    /// An exact kernel's two threads store different values only in runs that use values the
    /// front end could not follow (`?`).
    StoresThroughUnknowns,
    /// A data-dependent kernel's witness replays only in runs that use `?` values.
    ThroughUnknowns,
    /// The two threads store values returned by atomics; the replay, which takes the atomics
    /// in one order, showed them equal.
    StoresAtomicValues,
    /// The two threads store values the solver tells apart through reads it does not tie to
    /// one memory; every replay showed them equal.
    StoresEqualInReplays,
    /// A race between blocks reached or indexed through atomics' old values, which the
    /// interpreter's blocks (each seeing only its own writes) cannot show.
    BlocksAtomicValues,
    /// An exact kernel's witness whose run does not finish.
    Unfinished(Unfinished),
    /// A data-dependent kernel's witness that could not be replayed to the end.
    NotReplayed(Unfinished),
    /// The witness's configuration stops at a barrier divergence before the race.
    Diverged,
}

/// SPEC §7: racy if a race is proven or confirmed, else possibly-racy if one is potential,
/// else unknown if a race query was undecided, else drf. Races are decided among the accesses
/// that stay in bounds (`bounds.rs`); an access that may leave its array touches a cell no
/// race query asked about, so a kernel with an `out-of-bounds` finding, or whose bounds
/// question was undecided, is `unknown` rather than `drf` (`notes/out-of-bounds.md`).
pub(crate) fn verdict(d: &Decision) -> Verdict {
    let races = || d.findings.iter().filter(|f| f.kind == Kind::DataRace);
    let out_of_bounds = d.findings.iter().any(|f| f.kind == Kind::OutOfBounds);
    if races().any(|f| f.certainty != Certainty::Potential) {
        Verdict::Racy
    } else if races().next().is_some() {
        Verdict::PossiblyRacy
    } else if !d.undecided_races.is_empty() || !d.undecided_bounds.is_empty() || out_of_bounds {
        Verdict::Unknown
    } else {
        Verdict::Drf
    }
}
