//! Fuzz target `pipeline`: arbitrary bytes through the whole `.bcu` pipeline — parse, type
//! check in both arithmetics, decide with z3 (small limits, a small fixed block so that
//! replays stay cheap), and one interpreter run. Nothing may panic, overflow its stack or hang
//! past the limits, and an exact kernel's witness must always replay (an internal error is a
//! crash here).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapcheck_core::interp::{self, Config};
use mapcheck_core::Arith;
use mapcheck_smt::{Fixed, Limits, Options};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = mapcheck_grammar::decode(bytes) else {
        return;
    };
    let Ok(program) = mapcheck_grammar::parse(text) else {
        return;
    };
    for kernel in &program.kernels {
        for arith in [Arith::Int, Arith::Bv32] {
            let checked = mapcheck_typeck::check(kernel, arith);
            let options = Options {
                arith,
                fixed: Fixed {
                    block: Some([3, 1, 1]),
                    grid: Some([2, 1, 1]),
                    params: kernel.params.iter().map(|p| (p.name.clone(), 2)).collect(),
                },
                limits: Limits {
                    rlimit: 2_000_000,
                    deadline: None,
                },
                ..Options::default()
            };
            let decision = mapcheck_smt::decide(kernel, &checked, &options);
            for f in &decision.findings {
                assert!(f.internal_error.is_none(), "{:?}\n{text}", f.internal_error);
            }
            let mut config = Config::new(3, 2).with_arith(arith).with_step_budget(200_000);
            for p in &kernel.params {
                config = config.with_param(p.name.clone(), 2);
            }
            let _ = interp::run(kernel, &config);
        }
    }
});
