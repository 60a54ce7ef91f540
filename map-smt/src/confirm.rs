//! Confirming a potential race of a data-dependent kernel with an initial memory read off a
//! model (SPEC §6, "replay").
//!
//! A data-dependent MAP lets each value read from an array be anything. To replay such an
//! alarm, the race query is solved once more with each read tied to the initial contents of the
//! cell it reads — one uninterpreted function per array, shared by both thread copies — so the
//! model says what memory to start from. The extra constraints *under*-approximate (a read may
//! also see an earlier write), so this query only ever confirms: its `unsat` proves nothing,
//! and the race query itself, without them, is what decides.

use crate::decode::{self, Cell, Witness};
use crate::encode::{eq, value_of, Side, Val};
use crate::kept::{self, Asked};
use crate::pairs::PathAccess;
use crate::phases::Phase;
use crate::query::{self, KernelFacts};
use crate::solve::{Limits, Outcome};
use mapcheck_core::interp::InitialMemory;
use mapcheck_core::Arith;
use mapcheck_typeck::{Map, Mode, UnknownOrigin, Var};
use std::collections::{BTreeMap, HashMap};
use z3::ast::Ast;
use z3::{FuncDecl, Sort};

/// An initial memory given cell by cell; every other cell is zero.
#[derive(Clone, Debug, Default)]
pub struct CellMemory {
    pub cells: BTreeMap<Cell, i128>,
}

impl InitialMemory for CellMemory {
    fn value(&self, array: &str, index: &[i128]) -> i128 {
        self.cells
            .get(&Cell::new(array, index.to_vec()))
            .copied()
            .unwrap_or(0)
    }
}

/// A witness of the race between `a` and `b` whose reads all read initial contents, and that
/// initial memory; `None` when there is none (or the solver does not say).
pub fn with_memory(
    facts: &KernelFacts<'_>,
    map: &Map,
    phase: Option<&Phase>,
    a: &PathAccess,
    b: &PathAccess,
    limits: Limits,
) -> Option<(Witness, CellMemory)> {
    let mut q = query::race(facts, phase, a, b);
    let sort = match facts.arith {
        Arith::Int => Sort::int(),
        Arith::Bv32 | Arith::Bv64 => Sort::bitvector(facts.arith.bits().unwrap_or(32)),
    };
    let mut functions: HashMap<(String, usize), FuncDecl> = HashMap::new();
    let mut reads: Vec<(String, Vec<Val>, Val)> = Vec::new();
    let accesses = map.accesses();
    for side in [Side::One, Side::Two] {
        for unknown in &map.unknowns {
            let UnknownOrigin::Read { array, .. } = &unknown.origin else {
                continue;
            };
            let var = Var::Unknown(unknown.id.clone());
            if q.enc.get(&var, side).is_none() {
                continue;
            }
            // The read that bound the unknown: inside its `let` statement.
            let Some(read) = accesses.iter().find(|acc| {
                acc.mode == Mode::Rd
                    && acc.array.name == *array
                    && unknown.span.start <= acc.span.start
                    && acc.span.end <= unknown.span.end
            }) else {
                continue;
            };
            let index: Vec<Val> = read.index.iter().map(|e| q.enc.expr(e, side)).collect();
            let f = functions
                .entry((array.clone(), index.len()))
                .or_insert_with(|| {
                    let domain: Vec<&Sort> = index.iter().map(|_| &sort).collect();
                    FuncDecl::new(format!("init!{array}"), &domain, &sort)
                });
            let args: Vec<&dyn Ast> = index
                .iter()
                .map(|v| match v {
                    Val::I(x) => x as &dyn Ast,
                    Val::B(x) => x as &dyn Ast,
                })
                .collect();
            let applied = f.apply(&args);
            let contents = match facts.arith {
                Arith::Int => applied.as_int().map(Val::I),
                Arith::Bv32 | Arith::Bv64 => applied.as_bv().map(Val::B),
            }?;
            let value = q.enc.var(&var, side);
            q.constraints.push(eq(&value, &contents));
            reads.push((array.clone(), index, value));
        }
    }
    if reads.is_empty() {
        return None;
    }
    let asked = || Asked::Confirm {
        array: a.acc.array.name.clone(),
        locations: (a.acc.span, b.acc.span),
    };
    kept::keep(asked, &q.constraints);
    let model = match q.solve(limits) {
        Outcome::Sat(model) => model,
        Outcome::Unsat | Outcome::Unknown(_) => return None,
    };
    let index: Vec<Val> = a
        .acc
        .index
        .iter()
        .map(|e| q.enc.expr(e, Side::One))
        .collect();
    let witness = decode::witness(&model, &q.enc, facts, &index);
    let mut memory = CellMemory::default();
    for (array, index, value) in reads {
        let cell: Option<Vec<i128>> = index.iter().map(|v| value_of(&model, v)).collect();
        if let (Some(cell), Some(v)) = (cell, value_of(&model, &value)) {
            memory.cells.insert(Cell::new(array, cell), v);
        }
    }
    Some((witness, memory))
}
