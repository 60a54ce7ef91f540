//! Benign write-write races (SPEC §7, kind `benign-race`): a write-write race in which both
//! threads provably store the same value, which GPUVerify, Faial and GKLEE do not count as a
//! defect. `--strict` (the BabyCUDA definition) skips this question.
//!
//! Once the race query of a write-write pair is satisfiable, it is asked again with the two
//! stored values apart (`v1 != v2`): `unsat` proves them equal in every run that reaches the
//! race, and the race is benign; `sat` gives a witness whose values differ, a data race; an
//! undecided answer leaves it a data race (a race is never hidden on an `unknown`).
//!
//! The payloads are the MAP's ([`mapcheck_typeck::Acc::value`]): parameters, geometry, loop
//! variables, and per-thread unknowns, which are free in each thread copy. A payload that
//! stores a value read from memory is tied to the memory both threads share — one
//! uninterpreted function per array, the contents at the start of the phase — when the read is
//! *stable*, so that two threads reading one cell provably see one value:
//!
//! * the read is in the phase itself, before the write, and is the only read of the phase that
//!   binds that unknown (a read of an earlier phase, or of the next iteration of a barrier loop,
//!   stays free);
//! * no access of the phase writes its array (for a `shared` array; the thread itself and every
//!   other thread of the block then read the phase's starting contents), and for a `global`
//!   array no access of the kernel writes it at all (another block could otherwise change the
//!   cell between the two reads); a `shared` array is never stable at grid level (each block
//!   has its own copy).
//!
//! Anything else — a read of a written array, `?`, an atomic's result, a payload the type
//! checker could not translate — is a free value per thread, which can only make the values
//! differ, so this errs towards a data race, never towards hiding one.

use crate::encode::{eq, Side, Val};
use crate::pairs::PathAccess;
use crate::query::Built;
use mapcheck_core::ast::Space;
use mapcheck_core::Arith;
use mapcheck_typeck::term::Expr;
use mapcheck_typeck::{Acc, Mode, Var};
use std::collections::{BTreeSet, HashMap};
use z3::ast::{Ast, Bool};
use z3::{FuncDecl, Sort};

/// The stored values of a write-write pair, as terms of the race query.
#[derive(Debug)]
pub struct Stored {
    /// The value the first thread stores (through the first access), and the second's.
    pub values: [Val; 2],
    /// Each stable read's unknown tied to the shared memory: `?y@k == mem!B(index@k)`.
    pub links: Vec<Bool>,
    /// The stable reads, for an initial memory to replay with: array, index terms and the
    /// value read, per copy.
    pub reads: Vec<(String, Vec<Val>, Val)>,
}

impl Stored {
    /// What the race query is asked again with: the links of the stable reads and `v1 != v2`
    /// (`unsat`: the race is benign).
    pub fn apart(&self) -> Vec<Bool> {
        let mut extra = self.links.clone();
        extra.push(eq(&self.values[0], &self.values[1]).not());
        extra
    }
}

/// The stored values of the write-write pair `a` (first thread), `b` (second) in the query
/// `q`, whose accesses are among `scope` (the phase's accesses in order; at grid level the
/// whole kernel's). `kernel` holds every access of the kernel, `grid` says which level the
/// query is at. `None` when a payload is not known.
pub fn stored(
    q: &mut Built,
    arith: Arith,
    scope: &[PathAccess],
    kernel: &[&Acc],
    grid: bool,
    a: &PathAccess,
    b: &PathAccess,
) -> Option<Stored> {
    let (va, vb) = (a.acc.value.as_ref()?, b.acc.value.as_ref()?);
    let sort = match arith {
        Arith::Int => Sort::int(),
        Arith::Bv32 | Arith::Bv64 => Sort::bitvector(arith.bits().unwrap_or(32)),
    };
    let mut functions: HashMap<(String, usize), FuncDecl> = HashMap::new();
    let mut links = Vec::new();
    let mut reads = Vec::new();
    for (side, w, value) in [(Side::One, a, va), (Side::Two, b, vb)] {
        let Some(at) = scope
            .iter()
            .position(|x| x.acc.mode == Mode::Wr && x.acc.span == w.acc.span)
        else {
            continue;
        };
        let mut unknowns = BTreeSet::new();
        unknowns_of(value, &mut unknowns);
        for var in unknowns {
            let Var::Unknown(id) = &var else { continue };
            let binding: Vec<usize> = (0..scope.len())
                .filter(|&i| scope[i].acc.binds.as_ref() == Some(id))
                .collect();
            let [r] = binding[..] else { continue };
            if r >= at {
                continue;
            }
            let read = &scope[r].acc;
            let stable = match read.space {
                Space::Shared => !grid && !writes(scope.iter().map(|x| &x.acc), &read.array.name),
                Space::Global => !writes(kernel.iter().copied(), &read.array.name),
            };
            if !stable {
                continue;
            }
            let index: Vec<Val> = read.index.iter().map(|e| q.enc.expr(e, side)).collect();
            let f = functions
                .entry((read.array.name.clone(), index.len()))
                .or_insert_with(|| {
                    let domain: Vec<&Sort> = index.iter().map(|_| &sort).collect();
                    FuncDecl::new(format!("mem!{}", read.array.name), &domain, &sort)
                });
            let args: Vec<&dyn Ast> = index
                .iter()
                .map(|v| match v {
                    Val::I(x) => x as &dyn Ast,
                    Val::B(x) => x as &dyn Ast,
                })
                .collect();
            let applied = f.apply(&args);
            let contents = match arith {
                Arith::Int => applied.as_int().map(Val::I),
                Arith::Bv32 | Arith::Bv64 => applied.as_bv().map(Val::B),
            }?;
            let v = q.enc.var(&var, side);
            links.push(eq(&v, &contents));
            reads.push((read.array.name.clone(), index, v));
        }
    }
    let values = [q.enc.expr(va, Side::One), q.enc.expr(vb, Side::Two)];
    Some(Stored {
        values,
        links,
        reads,
    })
}

/// Whether one of `accs` writes `array` (plainly or atomically).
fn writes<'a>(mut accs: impl Iterator<Item = &'a Acc>, array: &str) -> bool {
    accs.any(|x| x.array.name == array && x.mode != Mode::Rd)
}

/// The per-thread unknowns (`?x`) a term mentions (also in a selection's condition), in the
/// order of their names.
fn unknowns_of(e: &Expr, out: &mut BTreeSet<Var>) {
    e.visit_vars(&mut |var, _| {
        if matches!(var, Var::Unknown(_)) {
            out.insert(var.clone());
        }
    });
}
