//! Fuzz target `parse_cu`: arbitrary bytes through the CUDA front end (clang, then the lowering
//! of its AST) and the type checker. Nothing may panic, overflow its stack or hang; every error
//! must be located inside the input; every kernel that lowered must type check (the lowering
//! checks scoping itself). The first byte picks the options: a fixed 2-D block or symbolic
//! geometry, a fixed grid, and a `-D` flag. Each input runs clang once (about 60 ms), so this
//! target is slow; seed it with the files of `tests/cuda/`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapcheck_core::Arith;
use mapcheck_grammar::cuda::Options;
use mapcheck_grammar::decode;
use std::path::Path;

fuzz_target!(|bytes: &[u8]| {
    let Some((&flags, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = decode(rest) else {
        return;
    };
    let options = Options {
        defines: if flags & 2 != 0 {
            vec![("N".to_string(), Some("4".to_string()))]
        } else {
            Vec::new()
        },
        block_dim: (flags & 1 != 0).then_some([16, 16, 1]),
        grid_dim: (flags & 4 != 0).then_some([2, 1, 1]),
    };
    let lowered = mapcheck_grammar::clang::parse(Path::new("fuzz.cu"), text, &options);
    for e in &lowered.errors {
        let d = &e.diagnostic;
        if let Some(span) = d.span() {
            assert!(
                span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end),
                "span {span:?} outside the input: {d:?}"
            );
        }
        assert!(
            !d.message.starts_with("internal error"),
            "the lowering failed its own check: {d:?}"
        );
    }
    for kernel in &lowered.program.kernels {
        let _ = mapcheck_typeck::check(kernel, Arith::Int);
    }
});
