//! Definitions every query of a z3 context carries: the lookup tables of the encoder
//! (`Encoder::table`), each a fresh function symbol defined by its ground facts, and lemmas
//! about those symbols that hold in every model of every query.
//!
//! A table is what the CUDA lowering writes for a bitwise function of a thread id that
//! `int` cannot express (`select(tid.x == 0, 0, select(tid.x == 1, 4, ...))`, the bank-permuted
//! thread position of the histogram64 kernel). As a chain of 64 `ite`s per thread, z3 case-split
//! on both threads' ids in every query that compared two such positions: 0.5 s and 6 million
//! resource units per query, one query per pair of the kernel's unrolled updates (issue 37:
//! over 200 s for one kernel). As `T(tid.x)`, with `T(k) = v_k` for every id, its range, and,
//! when the table is injective, `Ti(T(x)) = x`, the same query is `unsat` by congruence in 3 ms.
//!
//! **Why adding them to any query is sound.** `T` and `Ti` are fresh symbols that nothing but
//! these lemmas mentions. The ground facts define `T` on the table's domain; the range and
//! inverse lemmas are implications guarded by `lo <= x <= hi`, true of the defined `T` (and of
//! `Ti` defined as its inverse on the table's values, which exists when `T` is injective there)
//! whatever `x` is. So a model of a query extends to a model of the query with the lemmas, and
//! the lemmas change no answer; in a query whose `x` is within the domain, `T(x)` is the
//! table's entry, which the query used to write as the `ite` chain.
//!
//! The store is per context (`scoped`, which [`super::context`] opens): function symbols belong to
//! one context, and a table's name (`table#N`) is unique within it.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use z3::ast::{Bool, Int};
use z3::{FuncDecl, Sort};

/// The lemmas and tables of the current context.
#[derive(Default)]
struct Store {
    lemmas: Vec<Bool>,
    seen: HashSet<Bool>,
    /// The tables by their domain's least value and entries.
    tables: HashMap<(i128, Vec<i128>), Rc<Table>>,
}

/// A table's function and, when it is injective, its inverse.
#[derive(Debug)]
pub struct Table {
    pub f: FuncDecl,
    pub inverse: Option<FuncDecl>,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// Runs `f` with a store of its own (a fresh z3 context), restoring the caller's after.
pub(super) fn scoped<R>(f: impl FnOnce() -> R) -> R {
    let previous = STORE.with(|s| s.replace(Store::default()));
    let answer = f();
    STORE.with(|s| *s.borrow_mut() = previous);
    answer
}

/// Records `lemma` (once) for every later query of this context.
pub fn lemma(lemma: Bool) {
    STORE.with(|s| {
        let mut s = s.borrow_mut();
        if s.seen.insert(lemma.clone()) {
            s.lemmas.push(lemma);
        }
    });
}

/// The table whose entry for `lo + i` is `entries[i]`: its function symbol, defined by its
/// ground facts (recorded as lemmas when the table is made), and its inverse when the entries
/// are distinct.
pub fn table(lo: i128, entries: &[i128]) -> Rc<Table> {
    let key = (lo, entries.to_vec());
    if let Some(t) = STORE.with(|s| s.borrow().tables.get(&key).cloned()) {
        return t;
    }
    let n = STORE.with(|s| s.borrow().tables.len());
    let int = Sort::int();
    let f = FuncDecl::new(format!("table#{n}"), &[&int], &int);
    let distinct = entries.iter().collect::<HashSet<_>>().len() == entries.len();
    let inverse = distinct.then(|| FuncDecl::new(format!("table#{n}-inverse"), &[&int], &int));
    for (i, v) in entries.iter().enumerate() {
        let k = crate::encode::int_lit(lo + i as i128);
        let at = f.apply(&[&k]).as_int();
        if let Some(at) = at {
            lemma(at.eq(crate::encode::int_lit(*v)));
        }
    }
    let t = Rc::new(Table { f, inverse });
    STORE.with(|s| s.borrow_mut().tables.insert(key, Rc::clone(&t)));
    t
}

/// `t` applied to `x`, with its range and (for an injective table) its inverse recorded as
/// lemmas guarded by `x`'s domain `lo..=hi`.
pub fn apply(t: &Table, x: &Int, (lo, hi): (i128, i128), (min, max): (i128, i128)) -> Option<Int> {
    let at = t.f.apply(&[x]).as_int()?;
    let within = Bool::and(&[
        x.ge(crate::encode::int_lit(lo)),
        x.le(crate::encode::int_lit(hi)),
    ]);
    lemma(within.implies(Bool::and(&[
        at.ge(crate::encode::int_lit(min)),
        at.le(crate::encode::int_lit(max)),
    ])));
    if let Some(inverse) = &t.inverse {
        let back = inverse.apply(&[&at]).as_int()?;
        lemma(within.implies(back.eq(x)));
    }
    Some(at)
}

/// `constraints` followed by the lemmas of this context.
pub fn with_lemmas(constraints: &[Bool]) -> Vec<Bool> {
    let mut all = constraints.to_vec();
    STORE.with(|s| all.extend(s.borrow().lemmas.iter().cloned()));
    all
}
