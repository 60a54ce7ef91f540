//! Pass 5 — decoding: a model of a satisfiable query becomes a [`Witness`] a person can read
//! and the interpreter can replay: the parameters and geometry, each thread's ids, loop
//! variables and unknowns, the iteration of the barrier loops, and the cell.

use crate::encode::{value_of, Copy, Encoder, Val};
use serde::Serialize;
use std::collections::BTreeMap;
use z3::Model;

/// One thread of a witness.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ThreadWitness {
    pub tid: i128,
    pub bid: i128,
    /// Loop variables and per-thread unknowns, by name.
    pub vars: BTreeMap<String, i128>,
}

/// A concrete configuration and two threads that show a finding.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Witness {
    pub params: BTreeMap<String, i128>,
    pub ntid: i128,
    pub nbid: i128,
    pub threads: [ThreadWitness; 2],
    /// Barrier-loop variables: which iteration the phase belongs to.
    pub shared: BTreeMap<String, i128>,
    /// The cell, one value per dimension (empty for barrier divergence).
    pub index: Vec<i128>,
    /// Initial contents the witness needs (cell `A[i]` → value); all other cells are zero.
    /// Empty unless the race of a data-dependent kernel was confirmed with a chosen memory.
    pub memory: BTreeMap<String, i128>,
    /// The seed of the random initial memory (`mapcheck run --init random:SEED`) on which the
    /// replay showed the finding; `None` when the zero memory (or `memory`) did.
    pub random_memory: Option<u64>,
}

/// Reads the witness off `model`. `params` are the kernel's parameters; `index` the first
/// thread's index terms.
pub fn witness(model: &Model, enc: &Encoder, params: &[String], index: &[Val]) -> Witness {
    let get = |full: &str| {
        enc.consts
            .get(full)
            .and_then(|v| value_of(model, v))
            .unwrap_or(0)
    };
    let mut shared = BTreeMap::new();
    for name in &enc.shared {
        let builtin = matches!(name.as_str(), "ntid" | "nbid" | "bid");
        if !builtin && !params.contains(name) && enc.consts.contains_key(name) {
            shared.insert(name.clone(), get(name));
        }
    }
    let thread = |copy: Copy| {
        let suffix = copy.suffix();
        let mut vars = BTreeMap::new();
        for name in enc.consts.keys() {
            if let Some(base) = name.strip_suffix(suffix) {
                if base != "tid" && base != "bid" && !base.starts_with("inexact!") {
                    vars.insert(base.to_string(), get(name));
                }
            }
        }
        ThreadWitness {
            tid: get(&enc.name("tid", copy)),
            bid: get(&enc.name("bid", copy)),
            vars,
        }
    };
    Witness {
        params: params.iter().map(|p| (p.clone(), get(p))).collect(),
        ntid: get("ntid"),
        nbid: get("nbid"),
        threads: [thread(Copy::One), thread(Copy::Two)],
        shared,
        index: index.iter().filter_map(|v| value_of(model, v)).collect(),
        memory: BTreeMap::new(),
        random_memory: None,
    }
}
