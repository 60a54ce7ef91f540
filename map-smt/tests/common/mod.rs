//! What the decision tests of `map-smt/tests/` share: the first kernel of a `.bcu` text,
//! type-checked in the arithmetic of the options and decided with them, and options that fix
//! the arithmetic and geometry. Each test file uses some of it (hence `dead_code`).
#![allow(dead_code, clippy::unwrap_used)]

use mapcheck_core::ast::Kernel;
use mapcheck_core::Arith;
use mapcheck_smt::{decide, decide_keeping_queries, Decision, Fixed, Options, Query};

/// The first kernel of the `.bcu` text `src`.
pub fn kernel(src: &str) -> Kernel {
    mapcheck_grammar::parse(src).unwrap().kernels.remove(0)
}

/// The decision on the first kernel of `src`, typed in `options`' arithmetic.
pub fn decided(src: &str, options: &Options) -> Decision {
    let kernel = kernel(src);
    let checked = mapcheck_typeck::check(&kernel, options.arith);
    decide(&kernel, &checked, options)
}

/// [`decided`], with the queries it asked (`decide_keeping_queries`).
pub fn decided_keeping_queries(src: &str, options: &Options) -> (Decision, Vec<Query>) {
    let kernel = kernel(src);
    let checked = mapcheck_typeck::check(&kernel, options.arith);
    decide_keeping_queries(&kernel, &checked, options)
}

/// The default options in `arith`, with the block and grid dimensions fixed where given.
pub fn fixed(arith: Arith, block: Option<[i128; 3]>, grid: Option<[i128; 3]>) -> Options {
    Options {
        arith,
        fixed: Fixed {
            block,
            grid,
            ..Fixed::default()
        },
        ..Options::default()
    }
}
