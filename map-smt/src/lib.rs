//! `mapcheck-smt`: decides data-race freedom of memory access protocols with z3 (SPEC §6).
//!
//! The passes of the decision procedure land with issue 5; this crate already owns the link
//! to Z3 and reports the version it runs against.
#![forbid(unsafe_code)]

/// The version of the Z3 library mapcheck is linked against, e.g. `5.4.0.0`.
pub fn z3_version() -> String {
    z3::full_version().to_string()
}

#[cfg(test)]
mod tests {
    use z3::ast::Int;
    use z3::{SatResult, Solver};

    /// Smoke test of the toolchain: the pinned Z3 links, loads and answers a query with a model.
    #[test]
    fn z3_answers_a_query() {
        let solver = Solver::new();
        let x = Int::new_const("x");
        let y = Int::new_const("y");
        solver.assert((&x + &y).eq(Int::from_i64(10)));
        solver.assert(x.gt(Int::from_i64(7)));
        solver.assert(y.gt(Int::from_i64(0)));
        assert_eq!(solver.check(), SatResult::Sat);
        let model = solver.get_model().unwrap();
        let xv = model.eval(&x, true).unwrap().as_i64().unwrap();
        let yv = model.eval(&y, true).unwrap().as_i64().unwrap();
        assert_eq!(xv + yv, 10);
        assert!(xv > 7 && yv > 0);
        assert!(
            super::z3_version().starts_with("5.4"),
            "{}",
            super::z3_version()
        );
    }
}
