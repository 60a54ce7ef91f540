//! Polynomials over the geometry's symbolic sizes, for the rules of [`super`]: a coefficient
//! or an extent of a left-symbolic geometry is a polynomial in `ntid.x`, `nbid.y`, ... (the
//! grid-stride loop's step `ntid.y * nbid.y`, the block id's weight `ntid.x` in
//! `bid.x * ntid.x + tid.x`), and the rules compare such polynomials for every geometry CUDA
//! allows.
//!
//! [`Poly::at_least`] is sound and incomplete: `p ≥ q` holds when the difference has a
//! non-negative lower bound, each monomial taken at its least or its largest value under
//! CUDA's limits, either as it is or rewritten over `s − 1` for each size `s` (each at least
//! 1). The rewriting proves what cancels symbolically (`8·ntid.y ≥ ntid.y`,
//! `ntid.x·ntid.y ≥ ntid.x`), the bound what only the limits give (`1024 ≥ ntid.x`,
//! `1024 ≥ ntid.x·ntid.y`). A linear size (`ntid`) is a symbol of its own, bounded by the limit
//! on the product, not the product of its components: that keeps `1024 ≥ ntid` provable.

use mapcheck_core::ast::{Builtin, Geometry};
use mapcheck_core::geometry::{MAX_BLOCK_DIM, MAX_GRID_DIM, MAX_THREADS_PER_BLOCK};
use std::collections::BTreeMap;

/// A product of sizes, sorted, a size repeated for its powers; empty for the constant.
type Monomial = Vec<Builtin>;

/// A polynomial with integer coefficients over the sizes (no zero coefficient is kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly(BTreeMap<Monomial, i128>);

impl Poly {
    pub fn constant(k: i128) -> Poly {
        let mut p = Poly::default();
        if k != 0 {
            p.0.insert(Vec::new(), k);
        }
        p
    }

    /// The symbol of a size (`ntid.x`, `nbid`).
    pub fn size(b: Builtin) -> Poly {
        debug_assert!(!b.geometry.is_id());
        Poly(BTreeMap::from([(vec![b], 1)]))
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub fn plus(&self, other: &Poly) -> Option<Poly> {
        let mut sum = self.clone();
        for (m, c) in &other.0 {
            let s = sum.0.get(m).copied().unwrap_or(0).checked_add(*c)?;
            if s == 0 {
                sum.0.remove(m);
            } else {
                sum.0.insert(m.clone(), s);
            }
        }
        Some(sum)
    }

    pub fn minus(&self, other: &Poly) -> Option<Poly> {
        self.plus(&other.negated()?)
    }

    pub fn negated(&self) -> Option<Poly> {
        self.times(&Poly::constant(-1))
    }

    pub fn times(&self, other: &Poly) -> Option<Poly> {
        let mut product = Poly::default();
        for (m1, c1) in &self.0 {
            for (m2, c2) in &other.0 {
                let mut m: Monomial = m1.iter().chain(m2).copied().collect();
                m.sort_unstable();
                let term = Poly(BTreeMap::from([(m, c1.checked_mul(*c2)?)]));
                product = product.plus(&term)?;
            }
        }
        Some(product)
    }

    /// `self` or its negation, whichever is at least `floor` for every geometry CUDA allows;
    /// `None` when neither is (a sign that depends on the geometry, or a magnitude that may be
    /// below `floor`).
    pub fn magnitude(&self, floor: &Poly) -> Option<Poly> {
        if self.at_least(floor) {
            return Some(self.clone());
        }
        self.negated().filter(|m| m.at_least(floor))
    }

    /// The gcd of the coefficients (positive, 1 for the zero polynomial) and `self` divided
    /// by it.
    pub fn primitive(&self) -> (i128, Poly) {
        let g = self.0.values().fold(0i128, |g, &c| gcd(g, c.abs()));
        if g <= 1 {
            return (1, self.clone());
        }
        (
            g,
            Poly(self.0.iter().map(|(m, c)| (m.clone(), c / g)).collect()),
        )
    }

    /// Whether `self ≥ other` for every geometry CUDA allows (the module's method): the
    /// difference has a non-negative lower bound as it is or over the shifted sizes.
    pub fn at_least(&self, other: &Poly) -> bool {
        let Some(d) = self.minus(other) else {
            return false;
        };
        let shifted = d.shifted();
        [Some(d), shifted].iter().enumerate().any(|(shift, p)| {
            p.as_ref()
                .and_then(|p| p.lowest(-(shift as i128)))
                .is_some_and(|low| low >= 0)
        })
    }

    /// A lower bound with each size `s` read as `s + shift` (`shift` 0 or −1): a monomial
    /// with a positive coefficient at its least (1 over the sizes, 0 over the shifted ones),
    /// one with a negative coefficient at its largest.
    fn lowest(&self, shift: i128) -> Option<i128> {
        self.0.iter().try_fold(0i128, |low, (m, &c)| {
            let term = if m.is_empty() {
                c
            } else if c > 0 {
                c.checked_mul(1 + shift)?
            } else {
                c.checked_mul(largest(m, shift)?)?
            };
            low.checked_add(term)
        })
    }

    /// The largest value over every geometry CUDA allows, or `None` when out of range.
    pub fn largest(&self) -> Option<i128> {
        self.0.iter().try_fold(0i128, |sum, (m, &c)| {
            // A product of sizes is at least 1.
            let term = if c > 0 {
                c.checked_mul(largest(m, 0)?)?
            } else {
                c
            };
            sum.checked_add(term)
        })
    }

    /// `self` with every size `s` replaced by `s + 1`: over the shifted sizes (each at least
    /// 0) a non-negative coefficient cannot make the value negative.
    fn shifted(&self) -> Option<Poly> {
        self.0.iter().try_fold(Poly::default(), |sum, (m, &c)| {
            let term = m.iter().try_fold(Poly::constant(c), |t, &s| {
                t.times(&Poly::size(s).plus(&Poly::constant(1))?)
            })?;
            sum.plus(&term)
        })
    }

    /// A value of the polynomial at sizes large and apart (each a distinct power of two), so
    /// that ordering coefficients by it puts a higher degree after a lower one: only an order
    /// to try, every comparison it leads to is made by [`Poly::at_least`].
    pub fn order_key(&self) -> f64 {
        self.0
            .iter()
            .map(|(m, &c)| {
                let v: f64 = m
                    .iter()
                    .map(|b| 2f64.powi(20 + b.ordinal() as i32))
                    .product();
                c as f64 * v
            })
            .sum()
    }
}

pub fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The largest value of the monomial `m` with each of its sizes `s` read as `s + shift`
/// (`shift` 0 or −1). The sizes of the block between them are at most
/// [`MAX_THREADS_PER_BLOCK`]; a size repeated multiplies its bound again.
fn largest(m: &[Builtin], shift: i128) -> Option<i128> {
    let bound = |b: &Builtin| -> Option<i128> {
        match (b.geometry, b.dim) {
            (Geometry::Ntid, None) => Some(MAX_THREADS_PER_BLOCK),
            (Geometry::Ntid, Some(d)) => Some(MAX_BLOCK_DIM[d.index()]),
            (Geometry::Nbid, None) => MAX_GRID_DIM
                .iter()
                .try_fold(1i128, |p, &n| p.checked_mul(n)),
            (Geometry::Nbid, Some(d)) => Some(MAX_GRID_DIM[d.index()]),
            // Ids are not sizes.
            (Geometry::Tid | Geometry::Bid, _) => None,
        }
    };
    let mut block: Vec<Builtin> = Vec::new();
    let mut top = 1i128;
    for b in m {
        // Distinct components of the block multiply to at most the limit on the product.
        if b.geometry == Geometry::Ntid && b.dim.is_some() && !block.contains(b) {
            block.push(*b);
            continue;
        }
        top = top.checked_mul(bound(b)? + shift)?;
    }
    if !block.is_empty() {
        let each: i128 = block
            .iter()
            .try_fold(1i128, |p, b| p.checked_mul(bound(b)?))?;
        let together = each.min(MAX_THREADS_PER_BLOCK);
        // `Π (s − 1) ≤ Π s − 1` for sizes of at least 1.
        top = top.checked_mul(together + shift.min(0))?;
    }
    Some(top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapcheck_core::ast::Dim;

    fn ntid(d: Dim) -> Poly {
        Poly::size(Builtin::component(Geometry::Ntid, d))
    }

    fn k(c: i128) -> Poly {
        Poly::constant(c)
    }

    #[test]
    fn symbolic_cancellation_and_limits() {
        let y = ntid(Dim::Y);
        let eight_y = y.times(&k(8)).unwrap();
        assert!(eight_y.at_least(&y));
        assert!(!y.at_least(&eight_y));
        assert!(eight_y.at_least(&eight_y));
        // ntid.x <= 1024, ntid.z <= 64.
        assert!(k(1024).at_least(&ntid(Dim::X)));
        assert!(!k(1023).at_least(&ntid(Dim::X)));
        assert!(k(64).at_least(&ntid(Dim::Z)));
        assert!(!k(63).at_least(&ntid(Dim::Z)));
        // A size is at least 1, a product of sizes at least each of them.
        assert!(ntid(Dim::X).at_least(&k(1)));
        assert!(!ntid(Dim::X).at_least(&k(2)));
        let xy = ntid(Dim::X).times(&ntid(Dim::Y)).unwrap();
        assert!(xy.at_least(&ntid(Dim::X)));
        assert!(!ntid(Dim::X).at_least(&xy));
        // ntid.x * ntid.y <= 1024 by the limit on the product.
        assert!(k(1024).at_least(&xy));
        assert!(!k(1023).at_least(&xy));
        assert_eq!(xy.largest(), Some(1024));
        assert_eq!(k(3).minus(&ntid(Dim::Z)).unwrap().largest(), Some(2));
    }
}
