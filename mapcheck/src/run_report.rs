//! The JSON document of `mapcheck run --json` (SPEC §7) as types: what one run of the reference
//! interpreter observed — its history per block and phase, its races and barrier divergences —
//! and the input errors. `crate::run` fills these in; [`json_schema`] is the committed
//! `mapcheck/mapcheck-run-1.schema.json`. Field names and values are a stable contract.

use crate::report::{ErrorReport, SCHEMA};
use mapcheck_core::Value;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The JSON Schema of the document `mapcheck run --json` prints ([`Document`]), generated from
/// the types that print it; committed as `mapcheck/mapcheck-run-1.schema.json`, which a test
/// keeps equal to this and validates every example's run against.
pub fn json_schema() -> serde_json::Value {
    let mut schema = crate::report::strict_schema_for::<Document>();
    if let Some(object) = schema.as_object_mut() {
        object.insert("title".into(), format!("{SCHEMA} (mapcheck run)").into());
        object.insert(
            "description".into(),
            "The report of `mapcheck run --json` (SPEC §7): per kernel run of the reference \
             interpreter its setting, its history per block and phase, its races and barrier \
             divergences, and the input errors."
                .into(),
        );
    }
    schema
}

/// A value of the interpreter: an integer when it fits in 64 signed bits, else its decimal
/// text (a JSON reader may not hold wider integers exactly).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Num {
    Int(i64),
    Text(String),
}

impl From<Value> for Num {
    fn from(v: Value) -> Num {
        i64::try_from(v)
            .map(Num::Int)
            .unwrap_or_else(|_| Num::Text(v.to_string()))
    }
}

pub fn nums(vs: &[Value]) -> Vec<Num> {
    vs.iter().map(|v| Num::from(*v)).collect()
}

/// The whole document. It is printed with its object keys sorted (see `crate::run`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Document {
    /// `mapcheck/1`.
    pub schema: &'static str,
    /// The version of mapcheck that wrote the document.
    pub version: &'static str,
    pub runs: Vec<RunReport>,
    pub errors: Vec<ErrorReport>,
}

/// One kernel run on one configuration.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RunReport {
    pub file: String,
    pub kernel: String,
    /// The `-p` parameters the kernel declares.
    pub params: BTreeMap<String, Num>,
    pub block_dim: [u64; 3],
    pub grid_dim: [u64; 3],
    /// Threads per block.
    pub ntid: Num,
    /// Blocks.
    pub nbid: Num,
    /// `zero` or `random:SEED`.
    pub init: String,
    /// The arithmetic, as `--arith` names it.
    pub arith: &'static str,
    /// No data race observed: no race, or only benign ones (two writes of the same value)
    /// where CUDA's convention applies (`.cu` without `--strict`, `.bcu` with `--benign`), as
    /// for the exit code.
    pub drf: bool,
    /// No barrier divergence observed.
    pub aligned: bool,
    pub steps: u64,
    /// Accesses left out of `blocks` (they were still checked for races).
    pub history_cut: u64,
    pub blocks: Vec<BlockReport>,
    pub races: Vec<RaceReport>,
    pub divergences: Vec<DivergenceReport>,
    /// Accesses outside a dimension of fixed size the run observed (the first of each place
    /// and dimension; `notes/out-of-bounds.md`); absent when there are none. They change
    /// neither `drf` nor the exit code, which are about races and divergence.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_bounds: Vec<OutOfBoundsReport>,
}

/// One access outside a dimension of fixed size: the thread, the access, the dimension (0 the
/// outermost of the declared array), its extent and the index the thread computed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OutOfBoundsReport {
    pub bid: Num,
    pub tid: Num,
    pub line: usize,
    pub column: usize,
    /// The file the position is in when it is one of the user's that the input includes
    /// (`#include "kernels.cuh"`); absent for the input itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub dimension: usize,
    pub extent: i64,
    pub index: Num,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct BlockReport {
    pub bid: Num,
    pub phases: Vec<PhaseReport>,
}

/// A barrier interval of one block.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PhaseReport {
    /// The sync that ends it with its iteration, `end` or `diverged`.
    pub name: String,
    /// The sync that ends it; null if the kernel's end or a divergence does.
    pub barrier: Option<SyncPoint>,
    /// The threads that accessed arrays in it.
    pub threads: Vec<ThreadReport>,
}

/// A `sync` reached in given iterations of its enclosing loops.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SyncPoint {
    /// The sync's number in the kernel.
    pub sync: usize,
    pub line: usize,
    pub column: usize,
    /// The file the position is in when it is one of the user's that the input includes
    /// (`#include "kernels.cuh"`); absent for the input itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The enclosing loops' variables and their values.
    pub iterations: BTreeMap<String, Num>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ThreadReport {
    pub tid: Num,
    pub events: Vec<EventReport>,
}

/// One array access of a thread, in program order.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum EventReport {
    Plain(PlainEvent),
    Atomic(AtomicEvent),
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlainKind {
    Read,
    Write,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AtomicKind {
    Atomic,
}

/// A read, with the value read, or a write, with the value written.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PlainEvent {
    pub kind: PlainKind,
    pub array: String,
    pub index: Vec<Num>,
    pub value: Num,
    pub line: usize,
    pub column: usize,
    /// The file the position is in when it is one of the user's that the input includes
    /// (`#include "kernels.cuh"`); absent for the input itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// An atomic update: `old` became `new` by `op` with `operand`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AtomicEvent {
    pub kind: AtomicKind,
    pub array: String,
    pub index: Vec<Num>,
    /// The operator, as written (`+=`, `:=`, ...).
    pub op: &'static str,
    pub operand: Num,
    pub old: Num,
    pub new: Num,
    pub line: usize,
    pub column: usize,
    /// The file the position is in when it is one of the user's that the input includes
    /// (`#include "kernels.cuh"`); absent for the input itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RaceScopeName {
    /// Between blocks.
    Grid,
    /// Within one phase of one block.
    Phase,
}

/// A data race the run observed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RaceReport {
    /// `write-write`, `read-write` or `atomic-write`.
    pub access: &'static str,
    pub array: String,
    /// `global` or `shared`.
    pub space: &'static str,
    pub index: Vec<Num>,
    pub scope: RaceScopeName,
    /// The phase's name if `scope` is `phase`, else null.
    pub phase: Option<String>,
    pub threads: [RacingAccess; 2],
    /// How many pairs of accesses race on this cell like this.
    pub instances: usize,
    /// A write-write race whose threads stored the same value.
    pub benign: bool,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RacingAccess {
    pub bid: Num,
    pub tid: Num,
    /// `read`, `write` or `atomic`.
    pub access: &'static str,
    pub line: usize,
    pub column: usize,
    /// The file the position is in when it is one of the user's that the input includes
    /// (`#include "kernels.cuh"`); absent for the input itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// Two threads of one block that disagree on the barrier ending a phase.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DivergenceReport {
    pub bid: Num,
    /// The phase's position in the block's `phases`.
    pub phase: usize,
    pub threads: [DivergentThread; 2],
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct DivergentThread {
    pub tid: Num,
    pub reached: Reached,
}

/// Where a thread stopped: the kernel's end or a sync.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Reached {
    End(EndMark),
    Sync(SyncPoint),
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EndMark {
    /// The end of the kernel.
    End,
}
