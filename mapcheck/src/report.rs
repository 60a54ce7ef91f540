//! The results of a run as data: the JSON document of SPEC §7 (`schema: mapcheck/1`) and the
//! exit code both are derived from. Field names and values here are a stable contract.

use crate::input::SourceFile;
use crate::names::Words;
use mapcheck_core::ast::Kernel;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::layout::{cell_text, Step};
use mapcheck_core::Span;
use mapcheck_smt::phases::{Boundary, Iteration};
use mapcheck_smt::{Cell, Certainty, Conflict, Decision, Finding, Kind, Verdict, Witness};
use mapcheck_typeck::map::Mode;
use mapcheck_typeck::reason::{LoopPart, Reason, ReasonKind, SourceKind};
use mapcheck_typeck::Class;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

pub const SCHEMA: &str = "mapcheck/1";

/// The version of mapcheck that writes a document (`version` of the JSON, the SARIF driver's
/// `version`): Cargo's package version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JSON Schema of the document `mapcheck --json` prints ([`Document`]), generated from the
/// types that print it; committed as `mapcheck/mapcheck-1.schema.json`, which a test keeps
/// equal to this and validates every example's document against. The schema's name stays
/// `mapcheck/1` while fields are only added (SPEC §7).
pub fn json_schema() -> serde_json::Value {
    let mut schema = strict_schema_for::<Document>();
    if let Some(object) = schema.as_object_mut() {
        object.insert("title".into(), SCHEMA.into());
        object.insert(
            "description".into(),
            "The report of `mapcheck --json` (SPEC §7): per kernel its class, verdict, reasons \
             and findings with witnesses, and the input errors."
                .into(),
        );
    }
    schema
}

/// The JSON Schema (draft 2020-12) of `T` for validators that check formats strictly.
/// schemars marks integers with `format`s of its own (`uint`, `uint64`, `int128`) that JSON
/// Schema does not define, and a validator that refuses unknown formats refuses the schema's
/// documents (issue 35, item 5); only the standard's formats are kept. What they said is still
/// there: an unsigned integer keeps schemars' `minimum: 0`, and the report's widths are not a
/// promise to readers (a JSON reader may not hold an `i128` exactly anyway).
pub fn strict_schema_for<T: JsonSchema>() -> serde_json::Value {
    schemars::generate::SchemaSettings::draft2020_12()
        .with_transform(schemars::transform::RestrictFormats::default())
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value()
}

/// A place in a source file: where a source range starts and where it ends.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Location {
    pub file: String,
    /// 1-based.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// 1-based, in characters.
    #[schemars(range(min = 1))]
    pub column: usize,
    /// The line of the end of the range.
    #[schemars(range(min = 1))]
    pub end_line: usize,
    /// The column just after the range's last character (exclusive, as SARIF's `endColumn`):
    /// `column` again for an empty range.
    #[schemars(range(min = 1))]
    pub end_column: usize,
    /// In a finding: which thread of the witness runs this location and what it does there.
    /// Absent outside findings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
    /// The range's source text: SARIF's `snippet`, and what its fingerprints are computed from
    /// (so that they survive edits elsewhere in the file). Not in the JSON, which promises
    /// positions, not text.
    #[serde(skip)]
    pub text: String,
}

impl Location {
    pub fn new(source: &SourceFile, span: Span) -> Self {
        // The file the span is in: the input, or a file of the user's it includes.
        let at = source.locate(span);
        let (start, end) = (at.start(), at.end());
        Location {
            file: at.name.to_string(),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            role: None,
            text: at.snippet().to_string(),
        }
    }
}

/// What a location of a finding is to it ([`Location::role`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Role {
    /// The thread of the witness that runs it, `A` or `B` as the human report names them: a
    /// race's first location is thread A's access, its second thread B's; a divergent barrier
    /// is the one thread A reaches and thread B does not. Absent for a redundant barrier, which
    /// is every thread's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<&'static str>,
    pub access: AccessRole,
}

/// What a location of a finding does ([`Role::access`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AccessRole {
    /// A plain read of the cell.
    Read,
    /// A plain write of the cell.
    Write,
    /// An atomic read-modify-write of the cell.
    Atomic,
    /// A barrier (`sync`, `__syncthreads()`).
    Barrier,
}

impl AccessRole {
    fn of(mode: Mode) -> AccessRole {
        match mode {
            Mode::Rd => AccessRole::Read,
            Mode::Wr => AccessRole::Write,
            Mode::At => AccessRole::Atomic,
        }
    }

    /// The word the SARIF messages use for it (`read`, `write`, `atomic`, `barrier`).
    pub fn name(self) -> &'static str {
        match self {
            AccessRole::Read => "read",
            AccessRole::Write => "write",
            AccessRole::Atomic => "atomic",
            AccessRole::Barrier => "barrier",
        }
    }
}

/// The role of location `i` of finding `f`; none when the decision did not say (a race whose
/// access modes are missing).
fn role(f: &Finding, i: usize) -> Option<Role> {
    match f.kind {
        Kind::DataRace | Kind::BenignRace => Some(Role {
            thread: Some(*THREAD_NAMES.get(i)?),
            access: AccessRole::of(*f.modes.get(i)?),
        }),
        Kind::BarrierDivergence => Some(Role {
            thread: Some(THREAD_NAMES[0]),
            access: AccessRole::Barrier,
        }),
        // One thread's access out of bounds: thread A's.
        Kind::OutOfBounds => Some(Role {
            thread: Some(THREAD_NAMES[0]),
            access: AccessRole::of(*f.modes.get(i)?),
        }),
        Kind::RedundantBarrier => Some(Role {
            thread: None,
            access: AccessRole::Barrier,
        }),
    }
}

/// The names of a witness's two threads, the one numbering every report uses: the labels
/// under the source, the columns of the witness table, JSON and SARIF.
pub const THREAD_NAMES: [&str; 2] = ["A", "B"];

#[derive(Debug, Serialize, JsonSchema)]
pub struct ThreadReport {
    /// `A` or `B`, as the human report and SARIF name the thread.
    pub name: &'static str,
    /// The thread id as (x, y, z), equal to `thread_idx`.
    pub tid: [i128; 3],
    /// The block id as (x, y, z), equal to `block_idx`.
    pub bid: [i128; 3],
    /// CUDA's `threadIdx` (x, y, z).
    pub thread_idx: [i128; 3],
    /// CUDA's `blockIdx` (x, y, z).
    pub block_idx: [i128; 3],
    pub vars: BTreeMap<String, i128>,
}

/// The cell of a race as the source declares it: a CUDA array the front end flattened is
/// indexed by its declared dimensions and fields (`tile[0][1]`, `p[3].colour.w`); other arrays
/// by their indices as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CellReport {
    pub array: String,
    /// The cell as C writes it.
    pub text: String,
    /// The indices of the declared arrays on the way to the cell, outermost first (`[0, 1]` for
    /// `tile[0][1]`, `[3]` for `p[3].colour.w`).
    pub indices: Vec<i128>,
    /// Every step to the cell: indices and fields, in order.
    pub path: Vec<CellStep>,
}

/// One step of a [`CellReport`]'s path: `{"index": 3}`, `{"field": "colour"}`, or `{"bytes": [8, 12]}`
/// (bytes 8 to 11 of byte-addressed `extern __shared__` memory).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CellStep {
    Index(i128),
    Field(String),
    /// The bytes `[start, end]` (end excluded) of byte-addressed memory.
    Bytes([i128; 2]),
}

impl CellReport {
    /// The cell `index` (the witness's, one value per core dimension) of `array` of `kernel`.
    pub fn new(kernel: &Kernel, array: &str, index: &[i128]) -> CellReport {
        let layout = kernel.array(array).and_then(|a| a.layout.as_ref());
        let steps = match (layout, index) {
            (Some(layout), [flat]) => layout.steps(*flat),
            _ => None,
        }
        .unwrap_or_else(|| index.iter().map(|i| Step::Index(*i)).collect());
        // The array as the source names it (a CUDA parameter `in` is the core's `in_1`).
        let array = kernel.names.get(array).map_or(array, |n| n.name.as_str());
        CellReport {
            array: array.to_string(),
            text: cell_text(array, &steps),
            indices: steps
                .iter()
                .filter_map(|s| match s {
                    Step::Index(i) => Some(*i),
                    Step::Field(_) | Step::Bytes { .. } => None,
                })
                .collect(),
            path: steps
                .into_iter()
                .map(|s| match s {
                    Step::Index(i) => CellStep::Index(i),
                    Step::Field(f) => CellStep::Field(f),
                    Step::Bytes { start, end } => CellStep::Bytes([start, end]),
                })
                .collect(),
        }
    }

    /// The cell `cell` of `kernel`, as its source declares it.
    pub fn at(kernel: &Kernel, cell: &Cell) -> CellReport {
        CellReport::new(kernel, &cell.array, &cell.index)
    }

    /// The cell of finding `f` of `kernel`; none for a finding without a cell (a barrier
    /// divergence, or an access out of bounds, which touches no cell of its array).
    pub fn of(kernel: &Kernel, f: &Finding) -> Option<CellReport> {
        if f.kind == Kind::OutOfBounds {
            return None;
        }
        let array = f.array.as_deref()?;
        (!f.witness.index.is_empty()).then(|| CellReport::new(kernel, array, &f.witness.index))
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct WitnessReport {
    pub params: BTreeMap<String, i128>,
    /// CUDA's `blockDim` (x, y, z): threads per block.
    pub block_dim: [i128; 3],
    /// CUDA's `gridDim` (x, y, z): blocks per grid.
    pub grid_dim: [i128; 3],
    /// Thread `A`, then thread `B`.
    pub threads: Vec<ThreadReport>,
    /// Barrier-loop variables naming the phase's iteration.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub iteration: BTreeMap<String, i128>,
    /// The cell, one flat index per dimension of the analysed (core) array; for an
    /// `out-of-bounds` finding, the index thread A computes in the dimension it leaves
    /// (`bound`).
    pub index: Vec<i128>,
    /// The cell as the source declares it; absent for barrier divergence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellReport>,
    /// Initial contents the witness needs (`"A[3]": 7`, the cell of the analysed array); other
    /// cells start at zero. Only present for races of data-dependent kernels confirmed with a
    /// chosen memory.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub memory: BTreeMap<String, i128>,
    /// The cells of `memory` as data, in the order of their arrays and indices: the analysed
    /// array's `index` and the `cell` as the source declares it, with its `value`. Present when
    /// `memory` is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub memory_cells: Vec<MemoryCellReport>,
    /// `"random:SEED"` when the replay needed the random initial memory of
    /// `mapcheck run --init random:SEED`; absent for the zero memory (or `memory`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init: Option<String>,
}

/// One cell of a witness's initial memory ([`WitnessReport::memory_cells`]).
#[derive(Debug, Serialize, JsonSchema)]
pub struct MemoryCellReport {
    /// One flat index per dimension of the analysed (core) array, as `memory`'s key has it.
    pub index: Vec<i128>,
    /// The cell as the source declares it.
    pub cell: CellReport,
    /// Its initial contents.
    pub value: i128,
}

impl WitnessReport {
    /// The witness `w` of a finding of `kernel` whose cell is `cell`, in `words`.
    pub fn new(kernel: &Kernel, words: &Words, w: &Witness, cell: Option<CellReport>) -> Self {
        // Every variable of the witness named at once, as its table names them.
        let [t1, t2] = &w.threads;
        let labels = words.rows(t1.vars.keys().chain(t2.vars.keys()).chain(w.shared.keys()));
        let vars = |vars: &BTreeMap<mapcheck_typeck::Var, i128>| {
            (vars.iter())
                .filter_map(|(k, v)| Some((labels.get(k)?.clone(), *v)))
                .collect()
        };
        WitnessReport {
            params: (w.params.iter())
                .map(|(k, v)| (words.name(k), *v))
                .collect(),
            block_dim: w.block_dim,
            grid_dim: w.grid_dim,
            threads: w
                .threads
                .iter()
                .enumerate()
                .map(|(i, t)| ThreadReport {
                    name: THREAD_NAMES[i],
                    tid: w.thread_idx(i),
                    bid: w.block_idx(i),
                    thread_idx: w.thread_idx(i),
                    block_idx: w.block_idx(i),
                    vars: vars(&t.vars),
                })
                .collect(),
            iteration: vars(&w.shared),
            // The analysed array's cell, as before, with the array as the source names it.
            memory: (w.memory.iter())
                .map(|(c, v)| {
                    let index: String = c.index.iter().map(|i| format!("[{i}]")).collect();
                    (format!("{}{index}", words.name(&c.array)), *v)
                })
                .collect(),
            memory_cells: w
                .memory
                .iter()
                .map(|(c, v)| MemoryCellReport {
                    index: c.index.clone(),
                    cell: CellReport::at(kernel, c),
                    value: *v,
                })
                .collect(),
            init: w.random_memory.map(|seed| format!("random:{seed}")),
            index: w.index.clone(),
            cell,
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct FindingReport {
    pub kind: Kind,
    pub certainty: Certainty,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub array: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access: Option<Conflict>,
    pub locations: Vec<Location>,
    /// `block` (two threads of one block, in one phase) or `grid` (two blocks).
    pub scope: &'static str,
    /// The phase of a block-level race in words (`"the start → the `sync` at 12:5"`);
    /// `phase_bounds` says the same as data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// The barrier events that start and end the phase of a block-level race; present when
    /// `phase` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase_bounds: Option<PhaseBounds>,
    /// Absent for `redundant-barrier`, a claim about every run rather than one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witness: Option<WitnessReport>,
    /// Why a finding is `potential` (SPEC §7: a finding that was not replayed says why), and
    /// other remarks on it; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// A block-level race whose witnesses all have both threads in one warp (SPEC §7); absent
    /// for other findings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warp_only: Option<bool>,
    /// The dimension an `out-of-bounds` finding's access leaves, and the index its thread
    /// computes there; absent for other findings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<BoundReport>,
}

/// An index outside a dimension of fixed size ([`FindingReport::bound`]): `index` is not in
/// `0..extent`. `dimension` counts the subscripts of the declared array from the outermost
/// (0): the second subscript of `float tile[32][33]` is dimension 1, of extent 33.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BoundReport {
    pub dimension: usize,
    pub extent: i64,
    pub index: i128,
    /// The subscript, in the source's words where the analysed kernel keeps them
    /// (`threadIdx.y`; a lowered local's name otherwise).
    pub expression: String,
}

impl BoundReport {
    fn of(words: &Words, f: &Finding) -> Option<BoundReport> {
        let b = f.bound.as_ref()?;
        Some(BoundReport {
            dimension: b.dim,
            extent: b.extent,
            index: f.witness.index.first().copied()?,
            expression: words.text(&b.text),
        })
    }
}

impl FindingReport {
    pub fn new(source: &SourceFile, kernel: &Kernel, f: &Finding) -> Self {
        let words = &Words::new(kernel, source);
        FindingReport {
            kind: f.kind,
            certainty: f.certainty,
            array: f.array.as_deref().map(|a| words.name(a)),
            access: f.access,
            locations: (f.locations.iter().enumerate())
                .map(|(i, s)| Location {
                    role: role(f, i),
                    ..Location::new(source, *s)
                })
                .collect(),
            scope: if f.grid { "grid" } else { "block" },
            phase: f.phase.as_ref().map(|(from, to)| {
                format!(
                    "{} → {}",
                    crate::show::describe(from, source, words, &f.witness),
                    crate::show::describe(to, source, words, &f.witness)
                )
            }),
            phase_bounds: f.phase.as_ref().map(|(from, to)| PhaseBounds {
                from: BoundaryReport::new(source, words, from, &f.witness),
                to: BoundaryReport::new(source, words, to, &f.witness),
            }),
            witness: (f.kind != Kind::RedundantBarrier).then(|| {
                let mut w =
                    WitnessReport::new(kernel, words, &f.witness, CellReport::of(kernel, f));
                if f.kind == Kind::OutOfBounds {
                    // One thread leaves the array: the second copy of the query is any thread.
                    w.threads.truncate(1);
                }
                w
            }),
            notes: (f.note.iter())
                .map(|n| crate::show::finding_note(f, n, words))
                .collect(),
            warp_only: (matches!(f.kind, Kind::DataRace | Kind::BenignRace) && !f.grid)
                .then_some(f.warp_only),
            bound: BoundReport::of(words, f),
        }
    }
}

/// Where a finding's phase starts and where it ends ([`FindingReport::phase_bounds`]).
#[derive(Debug, Serialize, JsonSchema)]
pub struct PhaseBounds {
    pub from: BoundaryReport,
    pub to: BoundaryReport,
}

/// One end of a phase: the start or the end of the kernel, or a barrier in an iteration of the
/// barrier loops around it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BoundaryReport {
    /// `start`, `end`, `sync` or `syncwarp` (`__syncthreads()` and `__syncwarp()` in CUDA).
    pub event: &'static str,
    /// The barrier; absent for `start` and `end`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// Which iteration of each barrier loop around the barrier, as `phase` lists them; absent
    /// outside barrier loops.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub iteration: Vec<IterationReport>,
}

/// The iteration of one barrier loop a phase boundary is in: its `variable` with the `value`
/// the witness gives it, or, for the loop's first iteration, the variable's `start` value as an
/// expression.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IterationReport {
    pub variable: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl BoundaryReport {
    /// The boundary `b` of a phase of witness `w`, in `source`'s words (CUDA's for a CUDA file).
    pub fn new(source: &SourceFile, words: &Words, b: &Boundary, w: &Witness) -> Self {
        match b {
            Boundary::Start | Boundary::End => BoundaryReport {
                event: if *b == Boundary::Start {
                    "start"
                } else {
                    "end"
                },
                location: None,
                iteration: Vec::new(),
            },
            Boundary::Sync {
                span,
                iteration,
                warp,
            } => BoundaryReport {
                event: if *warp { "syncwarp" } else { "sync" },
                location: Some(Location::new(source, *span)),
                iteration: iteration
                    .iter()
                    .map(|it| match it {
                        Iteration::Var(v) => IterationReport {
                            variable: words.var(v).unwrap_or_else(|| words.text(&v.to_string())),
                            value: w.shared.get(v).copied(),
                            start: None,
                        },
                        Iteration::Start { var, value } => IterationReport {
                            variable: words.name(var),
                            value: None,
                            start: Some(words.text(&value.to_string())),
                        },
                    })
                    .collect(),
            },
        }
    }
}

/// Why a kernel is data-dependent: one use of a value the type system cannot follow (SPEC §5),
/// as the human report's warnings say it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReasonReport {
    /// `index`, `condition`, `loop-start`, `loop-bound`, `loop-step`, `assume` or
    /// `barrier-placement`.
    pub kind: &'static str,
    /// The array of an `index` reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub array: Option<String>,
    /// The loop variable of a `loop-…` reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
    pub message: String,
    /// The use: the access, condition, loop range part, `assume` or `sync`.
    pub location: Location,
    /// The offending expression or condition as written.
    pub text: String,
    /// What it depends on, as written: data variables and inexact operations.
    pub depends_on: Vec<String>,
    /// Where those values come from, nearest first.
    pub sources: Vec<SourceReport>,
}

/// A read, `?`, atomic, inexact operation, `let` or data-dependent control a reason's value
/// flows from.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SourceReport {
    /// `read`, `havoc`, `atomic`, `inexact`, `too-large`, `let` or `control`.
    pub kind: &'static str,
    pub location: Location,
    pub message: String,
}

impl ReasonReport {
    pub fn new(source: &SourceFile, words: &Words, r: &Reason) -> Self {
        let (kind, array, variable) = match &r.kind {
            ReasonKind::Index { array, .. } => ("index", Some(words.name(array)), None),
            ReasonKind::Condition => ("condition", None, None),
            ReasonKind::Loop { var, part } => (
                match part {
                    LoopPart::Start => "loop-start",
                    LoopPart::Bound => "loop-bound",
                    LoopPart::Step => "loop-step",
                },
                None,
                Some(words.name(var)),
            ),
            ReasonKind::Assume => ("assume", None, None),
            ReasonKind::AssumePerThread => ("assume-per-thread", None, None),
            ReasonKind::BarrierPlacement => ("barrier-placement", None, None),
        };
        ReasonReport {
            kind,
            array,
            variable,
            message: words.text(&r.to_diagnostic().message),
            location: Location::new(source, r.span),
            // A CUDA kernel's use as the source writes it, not as the lowering printed it.
            text: match source.locate(r.span).snippet() {
                t if words.is_cuda() && !t.trim().is_empty() => t.to_string(),
                _ => r.text.clone(),
            },
            depends_on: r.culprits.iter().map(|c| words.text(c)).collect(),
            sources: r
                .sources
                .iter()
                .map(|s| SourceReport {
                    kind: match s.kind {
                        SourceKind::Read => "read",
                        SourceKind::Havoc => "havoc",
                        SourceKind::Atomic => "atomic",
                        SourceKind::Inexact => "inexact",
                        SourceKind::TooLarge => "too-large",
                        SourceKind::Let => "let",
                        SourceKind::Control => "control",
                    },
                    location: Location::new(source, s.span),
                    message: words.text(&s.message),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct KernelReport {
    pub file: String,
    /// The front end that read the kernel's file (not in the JSON: its `file` says it).
    #[serde(skip)]
    pub language: crate::input::Language,
    pub name: String,
    /// Where the kernel is defined, as its front end locates it: the kernel's name in a `.bcu`
    /// file, the whole `__global__` function in a CUDA file (SARIF locates results about the
    /// whole kernel there).
    pub location: Location,
    pub class: Class,
    pub verdict: Verdict,
    /// The arithmetic whose answer this is (`int`, `bv32` or `bv64`; SPEC §4).
    pub arith: String,
    /// C's integers (a `.cu` kernel without `--arith`): the arithmetic tried first, which left
    /// solver queries undecided, so that `arith` decided the kernel again. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undecided_in: Option<String>,
    /// Why the kernel is data-dependent (absent for an exact kernel).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<ReasonReport>,
    pub findings: Vec<FindingReport>,
    /// The phase split over-approximated the kernel (barriers of nested loops that may run
    /// zero times were merged with what surrounds them): its alarms are potential until a
    /// replay confirms them, even on an exact kernel (SPEC §7). Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub approximate: bool,
    /// The kernel's exactness is a theorem of `proofs/`, not only a tested property: an exact
    /// `.bcu` kernel decided without `--warp-sync` and without an over-approximated phase split
    /// (Theorem 1 and `grid_theorem1` cover every `.bcu` construct; the CUDA lowering and the
    /// warp model are tested only; `papers/proofs.md` §6). Absent when false.
    /// What the verdict assumes of the launch (SPEC §8, a `.cu` kernel without a geometry and
    /// without `--any-launch`): dimensions the kernel never reads are 1 (`"blockDim.y = 1"`),
    /// and its global ids do not wrap (`"gridDim.x * blockDim.x <= 2^31"`). Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mechanised: bool,
    /// Why an exact kernel is not `mechanised` (SPEC §7): the condition on the verdict that
    /// failed, or what Coq's extracted checker said. Absent when mechanised, and for a
    /// data-dependent kernel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_mechanised: Option<String>,
    /// Solver queries that ended `unknown` (race, divergence and out-of-bounds queries).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undecided: Vec<String>,
    pub time_ms: u64,
    /// Internal errors: witnesses of an exact kernel that did not replay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub internal_errors: Vec<String>,
    #[serde(skip)]
    pub defects: Defects,
}

/// An input error (or, in `warnings`, what reading the inputs passed over).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ErrorReport {
    pub file: String,
    /// 1-based; null when the error has no position (an unreadable file).
    pub line: Option<usize>,
    /// 1-based, in characters; null when `line` is.
    pub column: Option<usize>,
    /// The end of the error's source range, as [`Location::end_line`]; null when `line` is.
    #[serde(default)]
    pub end_line: Option<usize>,
    /// The column just after the range (exclusive), as [`Location::end_column`]; null when
    /// `line` is.
    #[serde(default)]
    pub end_column: Option<usize>,
    /// The kernel the error belongs to (a CUDA kernel that could not be lowered, whose
    /// neighbours are still checked); absent for an error of the whole input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    pub message: String,
}

impl ErrorReport {
    pub fn new(file_name: &str, source: Option<&SourceFile>, diagnostic: &Diagnostic) -> Self {
        let at = source
            .zip(diagnostic.span())
            .map(|(s, span)| (Location::new(s, span), s.in_main(span)));
        // An error inside a file the input includes is located in that file.
        let file = match &at {
            Some((l, false)) => l.file.clone(),
            _ => file_name.to_string(),
        };
        let at = at.map(|(l, _)| l);
        ErrorReport {
            file,
            line: at.as_ref().map(|a| a.line),
            column: at.as_ref().map(|a| a.column),
            end_line: at.as_ref().map(|a| a.end_line),
            end_column: at.as_ref().map(|a| a.end_column),
            kernel: None,
            message: diagnostic.message.clone(),
        }
    }

    /// The error of kernel `kernel`, when it belongs to one.
    pub fn in_kernel(self, kernel: Option<&str>) -> Self {
        ErrorReport {
            kernel: kernel.map(str::to_string),
            ..self
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Document {
    pub schema: &'static str,
    /// The version of mapcheck that wrote the document (`schema` names the document's format,
    /// which stays `mapcheck/1` while fields are only added).
    pub version: &'static str,
    pub kernels: Vec<KernelReport>,
    pub errors: Vec<ErrorReport>,
    /// What reading the inputs passed over without failing them (clang's errors inside
    /// host-only functions, header flags ignored or beyond CUDA's limits): never part of the
    /// exit code. Absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ErrorReport>,
}

impl Default for Document {
    fn default() -> Self {
        Document {
            schema: SCHEMA,
            version: VERSION,
            kernels: Vec::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

impl Document {
    /// The exit code of SPEC §7: 2 input errors; else 1 a proven or confirmed defect; else 3
    /// a potential defect; else 4 an unknown verdict or undecided divergence query; else 0.
    pub fn exit_code(&self) -> u8 {
        if !self.errors.is_empty() {
            return 2;
        }
        let all = self.kernels.iter().map(|k| k.defects);
        all.fold(Defects::default(), Defects::or).exit_code()
    }
}

/// What SPEC §7's exit code needs to know about the findings of one or more decisions.
/// Only data races, barrier divergence and out-of-bounds accesses count: `redundant-barrier`
/// and `benign-race` are advice, which never changes the exit code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defects {
    /// A defect proven or confirmed.
    pub certain: bool,
    /// A defect still potential.
    pub potential: bool,
    /// An unknown verdict, or an undecided divergence query.
    pub undecided: bool,
}

impl Defects {
    pub fn of(d: &Decision) -> Defects {
        let defect = |f: &&Finding| {
            matches!(
                f.kind,
                Kind::DataRace | Kind::BarrierDivergence | Kind::OutOfBounds
            )
        };
        Defects {
            certain: d
                .findings
                .iter()
                .filter(defect)
                .any(|f| f.certainty != Certainty::Potential),
            potential: d
                .findings
                .iter()
                .filter(defect)
                .any(|f| f.certainty == Certainty::Potential),
            undecided: d.verdict == Verdict::Unknown || !d.undecided_divergence.is_empty(),
        }
    }

    /// The defects of both.
    pub fn or(self, other: Defects) -> Defects {
        Defects {
            certain: self.certain || other.certain,
            potential: self.potential || other.potential,
            undecided: self.undecided || other.undecided,
        }
    }

    /// SPEC §7 for inputs that all loaded: 1 for a proven or confirmed defect, else 3 for a
    /// potential one, else 4 for an unknown verdict or undecided divergence query, else 0.
    pub fn exit_code(self) -> u8 {
        if self.certain {
            1
        } else if self.potential {
            3
        } else if self.undecided {
            4
        } else {
            0
        }
    }
}
