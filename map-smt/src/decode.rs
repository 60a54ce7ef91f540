//! Pass 5 — decoding: a model of a satisfiable query becomes a [`Witness`] a person can read
//! and the interpreter can replay: the parameters and geometry, each thread's ids, loop
//! variables and unknowns, the iteration of the barrier loops, and the cell; and [`Cell`], an
//! array cell by name, as the witness's initial memory names its cells.

use crate::encode::{value_of, Encoder, Side, Symbol, Val};
use crate::query::KernelFacts;
use mapcheck_core::ast::{Builtin, Dim, Geometry};
use mapcheck_core::geometry;
use mapcheck_typeck::Var;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use z3::Model;

/// A cell of the analysed (core) kernel: an array by name and one index per dimension. Cells
/// order by array, then by their indices as numbers (`A[2]` before `A[10]`). As text, and as a
/// key of JSON (`Witness::memory`), it is `A[1][2]`. (The interpreter's own cells,
/// `interp::Cell`, name their array by position instead.)
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub array: String,
    pub index: Vec<i128>,
}

impl Cell {
    pub fn new(array: impl Into<String>, index: Vec<i128>) -> Cell {
        Cell {
            array: array.into(),
            index,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.array)?;
        self.index.iter().try_for_each(|i| write!(f, "[{i}]"))
    }
}

/// As its text (`"A[1][2]"`): the form `memory`'s keys have always had in JSON.
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One thread of a witness.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ThreadWitness {
    /// The linear thread id (`tid`); its components follow from the witness's `block_dim`.
    pub tid: i128,
    /// The linear block id (`bid`); its components follow from the witness's `grid_dim`.
    pub bid: i128,
    /// Loop variables and per-thread unknowns, in the order of their names.
    pub vars: BTreeMap<Var, i128>,
}

/// A concrete configuration and two threads that show a finding.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Witness {
    pub params: BTreeMap<String, i128>,
    /// Threads per block in x, y and z.
    pub block_dim: [i128; 3],
    /// Blocks in x, y and z.
    pub grid_dim: [i128; 3],
    pub threads: [ThreadWitness; 2],
    /// Barrier-loop variables: which iteration the phase belongs to.
    pub shared: BTreeMap<Var, i128>,
    /// The cell, one value per dimension (empty for barrier divergence).
    pub index: Vec<i128>,
    /// Initial contents the witness needs (cell → value); all other cells are zero.
    /// Empty unless the race of a data-dependent kernel was confirmed with a chosen memory.
    pub memory: BTreeMap<Cell, i128>,
    /// The seed of the random initial memory (`mapcheck run --init random:SEED`) on which the
    /// replay showed the finding; `None` when the zero memory (or `memory`) did.
    pub random_memory: Option<u64>,
}

impl Witness {
    /// Threads per block.
    pub fn ntid(&self) -> i128 {
        self.block_dim.iter().product()
    }

    /// Blocks in the grid.
    pub fn nbid(&self) -> i128 {
        self.grid_dim.iter().product()
    }

    /// `threadIdx` of thread `i` (0 or 1) as (x, y, z).
    pub fn thread_idx(&self, i: usize) -> [i128; 3] {
        geometry::components(self.threads[i].tid, self.block_dim)
    }

    /// `blockIdx` of thread `i` (0 or 1) as (x, y, z).
    pub fn block_idx(&self, i: usize) -> [i128; 3] {
        geometry::components(self.threads[i].bid, self.grid_dim)
    }
}

/// Reads the witness off `model`. `index` holds the first thread's index terms.
pub fn witness(model: &Model, enc: &Encoder, facts: &KernelFacts<'_>, index: &[Val]) -> Witness {
    let get = |v: Option<&Val>| v.and_then(|v| value_of(model, v)).unwrap_or(0);
    let shared_value = |name: &str| get(enc.get_shared(name));
    let params = &facts.params;
    let mut shared = BTreeMap::new();
    for var in &enc.shared {
        let named = matches!(var, Var::Source(name)
            if Builtin::from_name(name).is_some() || params.iter().any(|p| &p.name == name));
        let symbol = Symbol {
            var: var.clone(),
            side: None,
        };
        if let (false, Some(v)) = (named, enc.declared(&symbol)) {
            shared.insert(var.clone(), get(Some(v)));
        }
    }
    // One side of the geometry: its dimensions and the linear id of each copy.
    let side = |id: Geometry, components: bool, fixed: Option<[i128; 3]>| {
        let size = id.partner();
        if components {
            let dim = Dim::ALL.map(|d| shared_value(Builtin::component(size, d).name()).max(1));
            let linear = [Side::One, Side::Two].map(|side| {
                let c =
                    Dim::ALL.map(|d| get(enc.get_source(Builtin::component(id, d).name(), side)));
                geometry::linear(c, dim)
            });
            (dim, linear)
        } else {
            let dim = fixed.unwrap_or([shared_value(size.name()).max(1), 1, 1]);
            let linear = [Side::One, Side::Two].map(|side| get(enc.get_source(id.name(), side)));
            (dim, linear)
        }
    };
    let (block_dim, tids) = side(Geometry::Tid, facts.components.threads, facts.fixed.block);
    let (grid_dim, bids) = side(Geometry::Bid, facts.components.blocks, facts.fixed.grid);
    let thread = |side: Side| {
        let vars: BTreeMap<Var, i128> = enc
            .per_thread(side)
            .map(|(var, v)| (var.clone(), get(Some(v))))
            .collect();
        let i = usize::from(side == Side::Two);
        ThreadWitness {
            tid: tids[i],
            bid: bids[i],
            vars,
        }
    };
    Witness {
        // As C reads them: an `unsigned` parameter held as a negative `bv32` word is large.
        params: params
            .iter()
            .map(|p| {
                (
                    p.name.clone(),
                    p.ty.c_value(facts.arith, shared_value(&p.name)),
                )
            })
            .collect(),
        block_dim,
        grid_dim,
        threads: [thread(Side::One), thread(Side::Two)],
        shared,
        index: index.iter().filter_map(|v| value_of(model, v)).collect(),
        memory: BTreeMap::new(),
        random_memory: None,
    }
}

#[cfg(test)]
mod tests {
    use super::Cell;

    #[test]
    fn a_cell_reads_as_c_writes_it_and_orders_by_number() {
        assert_eq!(Cell::new("A", vec![1, 2]).to_string(), "A[1][2]");
        // As numbers, not as text: `A[10]` after `A[2]`; arrays first.
        let mut cells = [
            Cell::new("B", vec![0]),
            Cell::new("A", vec![10]),
            Cell::new("A", vec![2]),
        ];
        cells.sort();
        let shown: Vec<String> = cells.iter().map(Cell::to_string).collect();
        assert_eq!(shown, ["A[2]", "A[10]", "B[0]"]);
    }
}
