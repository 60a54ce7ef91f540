//! Delta debugging over the kernel tree: shrink a kernel while a disagreement persists.
//!
//! Candidates, largest first: drop half of a block, drop one statement, replace an `if`, a
//! loop or a `switch` by one of its blocks, drop an `else`, shrink the launch (one block, 32
//! threads), replace an expression by `0`, `1` or one of its operands (in the kernel and in
//! the helpers' bodies). Each candidate has its unused declarations pruned and must pass the
//! range check (`range.rs`) before the tools see it — so the minimal kernel is as
//! well-defined as the generated one. The first candidate for which the predicate still
//! holds is taken, and the search goes on from there, until no candidate holds or the
//! budget of predicate calls is spent.

use super::ast::*;
use super::range::Checker;

/// A child block of a statement: (index of the statement, which block).
type Path = Vec<(usize, usize)>;

fn children_mut(s: &mut Stmt) -> Vec<&mut Vec<Stmt>> {
    match s {
        Stmt::If { then, els, .. } => vec![then, els],
        Stmt::Loop(l) => vec![&mut l.body],
        Stmt::Switch { cases, default, .. } => {
            let mut v: Vec<&mut Vec<Stmt>> = cases.iter_mut().map(|c| &mut c.body).collect();
            v.push(default);
            v
        }
        _ => Vec::new(),
    }
}

fn children(s: &Stmt) -> Vec<&Vec<Stmt>> {
    match s {
        Stmt::If { then, els, .. } => vec![then, els],
        Stmt::Loop(l) => vec![&l.body],
        Stmt::Switch { cases, default, .. } => {
            let mut v: Vec<&Vec<Stmt>> = cases.iter().map(|c| &c.body).collect();
            v.push(default);
            v
        }
        _ => Vec::new(),
    }
}

fn paths(stmts: &[Stmt], prefix: &Path, out: &mut Vec<Path>) {
    out.push(prefix.clone());
    for (i, s) in stmts.iter().enumerate() {
        for (j, b) in children(s).into_iter().enumerate() {
            let mut p = prefix.clone();
            p.push((i, j));
            paths(b, &p, out);
        }
    }
}

fn block_at<'a>(body: &'a mut Vec<Stmt>, path: &[(usize, usize)]) -> Option<&'a mut Vec<Stmt>> {
    let Some(((i, j), rest)) = path.split_first() else {
        return Some(body);
    };
    let s = body.get_mut(*i)?;
    let b = children_mut(s).into_iter().nth(*j)?;
    block_at(b, rest)
}

// ---------------------------------------------------------------- expressions

/// The number of expression slots reachable for replacement, in a fixed order.
fn count_exprs(k: &Kernel) -> usize {
    let mut n = 0;
    let mut k2 = k.clone();
    visit_exprs(&mut k2, &mut |_| {
        n += 1;
        false
    });
    n
}

/// Calls `f` on every expression of the kernel (helpers' bodies included) in pre-order, until
/// it returns true.
fn visit_exprs(k: &mut Kernel, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
    fn expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        if f(e) {
            return true;
        }
        match e {
            Expr::Lit(..)
            | Expr::Builtin(_)
            | Expr::Var(_)
            | Expr::Const { .. }
            | Expr::Field { .. } => false,
            Expr::Table { index, .. } => index.iter_mut().any(|ix| expr(&mut ix.expr, f)),
            Expr::Bin(_, a, b) => expr(a, f) || expr(b, f),
            Expr::Cast(_, _, a) => expr(a, f),
            Expr::Cond(c, a, b) => cond(c, f) || expr(a, f) || expr(b, f),
            Expr::Load(p) => place(p, f),
            Expr::Call(c) => c.args.iter_mut().any(|a| expr(a, f)),
        }
    }
    fn cond(c: &mut Cond, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        match c {
            Cond::Lit(_) => false,
            Cond::Cmp(_, a, b) => expr(a, f) || expr(b, f),
            Cond::And(a, b) | Cond::Or(a, b) => cond(a, f) || cond(b, f),
            Cond::Not(a) => cond(a, f),
        }
    }
    fn place(p: &mut Place, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        if p.index.iter_mut().any(|ix| expr(&mut ix.expr, f)) {
            return true;
        }
        match &mut p.field {
            Some((_, Some(ix))) => expr(&mut ix.expr, f),
            _ => false,
        }
    }
    fn stmts(b: &mut [Stmt], f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        b.iter_mut().any(|s| stmt(s, f))
    }
    fn stmt(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        match s {
            Stmt::Decl { init, .. } => expr(init, f),
            Stmt::Assign { value, .. } => expr(value, f),
            Stmt::Store {
                place: p, value, ..
            } => place(p, f) || expr(value, f),
            Stmt::Atomic {
                place: p,
                value,
                value2,
                ..
            } => place(p, f) || expr(value, f) || value2.as_mut().is_some_and(|v| expr(v, f)),
            Stmt::Put { index, value, .. } => expr(&mut index.expr, f) || expr(value, f),
            Stmt::If { cond: c, then, els } => cond(c, f) || stmts(then, f) || stmts(els, f),
            Stmt::Loop(l) => {
                let head = match &mut l.shape {
                    LoopShape::Up { from, to, .. }
                    | LoopShape::Down { from, to, .. }
                    | LoopShape::While { from, to, .. }
                    | LoopShape::DoWhile { from, to, .. } => expr(from, f) || expr(to, f),
                    LoopShape::Double { to } => expr(to, f),
                    LoopShape::Halve { from } => expr(from, f),
                    LoopShape::Wrapping { .. } => false,
                };
                head || stmts(&mut l.body, f)
            }
            Stmt::Switch {
                scrut,
                cases,
                default,
            } => {
                expr(scrut, f)
                    || cases.iter_mut().any(|c| stmts(&mut c.body, f))
                    || stmts(default, f)
            }
            Stmt::Sync | Stmt::Break | Stmt::Continue => false,
            Stmt::Guard { cond: c, .. } => cond(c, f),
            Stmt::Object { base, .. } => expr(base, f),
            Stmt::CallOut { call, .. } => call.args.iter_mut().any(|a| expr(a, f)),
            Stmt::Ref { row, .. } => row.as_mut().is_some_and(|ix| expr(&mut ix.expr, f)),
            Stmt::CfgObj { .. } => false,
        }
    }
    for h in &mut k.helpers {
        if expr(&mut h.body, f) {
            return true;
        }
        if let Some((_, _, e)) = &mut h.out {
            if expr(e, f) {
                return true;
            }
        }
    }
    stmts(&mut k.body, f)
}

/// The simpler forms of `e`: `0`, `1`, its operands.
fn simpler(e: &Expr) -> Vec<Expr> {
    let mut v = Vec::new();
    match e {
        Expr::Lit(0, _) => return v,
        Expr::Lit(x, t) => {
            v.push(Expr::Lit(0, Ty::Int));
            if *x != 1 {
                v.push(Expr::Lit(1, Ty::Int));
            }
            if *t != Ty::Int && *x >= Ty::Int.min_value() && *x <= Ty::Int.max_value() {
                v.push(Expr::Lit(*x, Ty::Int));
            }
            return v;
        }
        _ => v.push(Expr::Lit(0, Ty::Int)),
    }
    match e {
        Expr::Bin(_, a, b) | Expr::Cond(_, a, b) => {
            v.push((**a).clone());
            v.push((**b).clone());
        }
        Expr::Cast(_, _, a) => v.push((**a).clone()),
        Expr::Call(c) => v.extend(c.args.iter().cloned()),
        _ => {}
    }
    v
}

// ---------------------------------------------------------------- pruning

fn visit_stmts(b: &mut [Stmt], f: &mut dyn FnMut(&mut Stmt)) {
    for s in b.iter_mut() {
        f(s);
        for c in children_mut(s) {
            visit_stmts(c, f);
        }
    }
}

/// What the kernel uses: arrays, helpers, accessors, constants (by index).
#[derive(Default)]
struct Uses {
    arrays: Vec<usize>,
    helpers: Vec<usize>,
    accessors: Vec<usize>,
    constants: Vec<usize>,
    tables: Vec<usize>,
}

/// Applies `f` to every index of a declaration the kernel holds (`f(kind, &mut index)`, kind
/// 0 arrays, 1 helpers, 2 accessors, 3 constants, 4 tables).
fn each_use(k: &mut Kernel, f: &mut dyn FnMut(u8, &mut usize)) {
    fn place(p: &mut Place, f: &mut dyn FnMut(u8, &mut usize)) {
        f(0, &mut p.array);
        if let Some(v) = &mut p.via {
            f(2, v);
        }
    }
    visit_exprs(k, &mut |e| {
        match e {
            Expr::Load(p) => place(p, f),
            Expr::Call(c) => f(1, &mut c.helper),
            Expr::Const { item, .. } => f(3, item),
            Expr::Table { table, .. } => f(4, table),
            _ => {}
        }
        false
    });
    visit_stmts(&mut k.body, &mut |s| match s {
        Stmt::Store { place: p, .. } | Stmt::Atomic { place: p, .. } => place(p, f),
        Stmt::Put {
            accessor, array, ..
        } => {
            f(2, accessor);
            f(0, array);
        }
        Stmt::Object { helper, .. } => f(1, helper),
        Stmt::CallOut { call, .. } => f(1, &mut call.helper),
        Stmt::Ref { array, .. } => f(0, array),
        _ => {}
    });
}

/// Drops declarations nothing uses any more (arrays, helpers, accessors, constants),
/// renumbering the uses of the rest.
pub fn prune(k: &mut Kernel) {
    let mut uses = Uses::default();
    let mut probe = k.clone();
    each_use(&mut probe, &mut |kind, i| {
        let v = match kind {
            0 => &mut uses.arrays,
            1 => &mut uses.helpers,
            2 => &mut uses.accessors,
            3 => &mut uses.constants,
            _ => &mut uses.tables,
        };
        v.push(*i);
    });
    let keep = |n: usize, used: &[usize]| (0..n).map(|i| used.contains(&i)).collect::<Vec<bool>>();
    let ka = keep(k.arrays.len(), &uses.arrays);
    let kh = keep(k.helpers.len(), &uses.helpers);
    let kc = keep(k.accessors.len(), &uses.accessors);
    let kk = keep(k.constants.len(), &uses.constants);
    let kt = keep(k.tables.len(), &uses.tables);
    let maps = [
        renumber(&ka),
        renumber(&kh),
        renumber(&kc),
        renumber(&kk),
        renumber(&kt),
    ];
    each_use(k, &mut |kind, i| {
        *i = maps[usize::from(kind)]
            .get(*i)
            .copied()
            .flatten()
            .unwrap_or(usize::MAX);
    });
    fn filter<T>(v: &mut Vec<T>, keep: &[bool]) {
        let mut i = 0;
        v.retain(|_| {
            i += 1;
            keep.get(i - 1).copied().unwrap_or(true)
        });
    }
    filter(&mut k.arrays, &ka);
    filter(&mut k.helpers, &kh);
    filter(&mut k.accessors, &kc);
    filter(&mut k.constants, &kk);
    filter(&mut k.tables, &kt);
}

/// Calls `f` on every place of the kernel's body.
fn visit_places(k: &mut Kernel, f: &mut dyn FnMut(&mut Place)) {
    visit_exprs(k, &mut |e| {
        if let Expr::Load(p) = e {
            f(p);
        }
        false
    });
    visit_stmts(&mut k.body, &mut |s| {
        if let Stmt::Store { place, .. } | Stmt::Atomic { place, .. } = s {
            f(place);
        }
    });
}

/// `k` with every access through a reference local made directly on its array (a reference
/// to a row puts its row index first), so the references can be dropped.
fn dealiased(k: &Kernel) -> Option<Kernel> {
    let rows: std::collections::HashMap<String, Option<Index>> = k
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Ref { name, row, .. } => Some((name.clone(), row.clone())),
            _ => None,
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    let mut c = k.clone();
    let mut changed = false;
    visit_places(&mut c, &mut |p| {
        if let Some(r) = p.alias.take() {
            changed = true;
            if let Some(Some(ix)) = rows.get(&r) {
                p.index.insert(0, ix.clone());
            }
        }
    });
    changed.then_some(c)
}

fn renumber(keep: &[bool]) -> Vec<Option<usize>> {
    let mut n = 0;
    keep.iter()
        .map(|k| {
            if *k {
                n += 1;
                Some(n - 1)
            } else {
                None
            }
        })
        .collect()
}

// ---------------------------------------------------------------- the search

/// The candidates one step smaller than `k`, largest steps first.
fn candidates(k: &Kernel) -> Vec<Kernel> {
    let mut out = Vec::new();
    if k.grid > 1 {
        out.push(Kernel {
            grid: 1,
            ..k.clone()
        });
    }
    if k.block > 32 {
        out.push(Kernel {
            block: 32,
            ..k.clone()
        });
    }
    out.extend(dealiased(k));
    let mut all = Vec::new();
    paths(&k.body, &Vec::new(), &mut all);
    for p in &all {
        let mut probe = k.clone();
        let len = block_at(&mut probe.body, p).map_or(0, |b| b.len());
        // Halves, then single statements.
        let mut sizes = Vec::new();
        if len >= 4 {
            sizes.push(len / 2);
        }
        sizes.push(1);
        for size in sizes {
            let mut i = 0;
            while i < len {
                let mut c = k.clone();
                if let Some(b) = block_at(&mut c.body, p) {
                    let end = (i + size).min(b.len());
                    b.drain(i..end);
                    out.push(c);
                }
                i += size;
            }
        }
        // A compound statement replaced by one of its blocks; an else dropped.
        for i in 0..len {
            let blocks = block_at(&mut probe.body, p)
                .and_then(|b| b.get(i))
                .map_or(0, |s| children(s).len());
            for j in 0..blocks {
                let mut c = k.clone();
                if let Some(b) = block_at(&mut c.body, p) {
                    let inner: Vec<Stmt> = children_mut(&mut b[i])
                        .into_iter()
                        .nth(j)
                        .map(std::mem::take)
                        .unwrap_or_default();
                    b.splice(i..=i, inner);
                    out.push(c);
                }
            }
            let mut c = k.clone();
            if let Some(Stmt::If { els, .. }) = block_at(&mut c.body, p).and_then(|b| b.get_mut(i))
            {
                if !els.is_empty() {
                    els.clear();
                    out.push(c);
                }
            }
        }
    }
    let n = count_exprs(k);
    for slot in 0..n {
        let mut seen = 0;
        let mut here = None;
        let mut probe = k.clone();
        visit_exprs(&mut probe, &mut |e| {
            if seen == slot {
                here = Some(e.clone());
                return true;
            }
            seen += 1;
            false
        });
        let Some(e) = here else { continue };
        for s in simpler(&e) {
            let mut c = k.clone();
            let mut seen = 0;
            visit_exprs(&mut c, &mut |e| {
                if seen == slot {
                    *e = s.clone();
                    return true;
                }
                seen += 1;
                false
            });
            out.push(c);
        }
    }
    out
}

/// Shrinks `k` while `still` holds of it, with at most `budget` calls of `still`; the
/// smallest kernel found (`k` itself if nothing smaller holds).
pub fn shrink(k: &Kernel, budget: usize, still: &mut dyn FnMut(&Kernel) -> bool) -> Kernel {
    let mut best = k.clone();
    let mut calls = 0;
    let mut from = 0;
    loop {
        let cands = candidates(&best);
        let mut progress = false;
        let n = cands.len();
        for step in 0..n {
            let i = (from + step) % n;
            let mut c = cands[i].clone();
            prune(&mut c);
            if c == best || Checker::new(&c).kernel().is_err() {
                continue;
            }
            if calls >= budget {
                return best;
            }
            calls += 1;
            if still(&c) {
                best = c;
                from = i;
                progress = true;
                break;
            }
        }
        if !progress {
            return best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cudagen::{generate::generate, Settings};

    /// The mechanics without the tools: shrinking while the text keeps a barrier gives a
    /// well-defined kernel, no larger, that still has one.
    #[test]
    fn shrinks_while_the_predicate_holds() {
        let s = Settings::default();
        for seed in 0..12 {
            let k = generate(seed, &s);
            assert!(
                Checker::new(&k).kernel().is_ok(),
                "seed {seed} is not well-defined"
            );
            let has = |k: &Kernel| k.print("//pass", "").contains("__syncthreads");
            if !has(&k) {
                continue;
            }
            let m = shrink(&k, 400, &mut |c| has(c));
            assert!(has(&m));
            assert!(Checker::new(&m).kernel().is_ok());
            assert!(m.size() <= k.size());
            assert!(m.size() <= 3, "seed {seed}: {} statements left", m.size());
        }
    }
}
