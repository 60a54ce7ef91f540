//! Fuzz target `parse_cu`: arbitrary bytes through the CUDA front end (preprocessor, lexer
//! hack, parser, lowering) and the type checker. Nothing may panic, overflow its stack or
//! hang; every error must be located inside the input; every kernel that lowered must type
//! check (the lowering checks scoping itself). The first byte picks the options: a fixed 2-D
//! block or symbolic geometry, and a `-D` flag.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapcheck_core::Arith;
use mapcheck_grammar::cuda::{self, Options};
use mapcheck_grammar::decode;
use std::path::Path;

fn no_files(_: &Path) -> Result<String, String> {
    Err("no such file".into())
}

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
    let lowered = cuda::parse(Path::new("fuzz.cu"), text, &options, &no_files);
    for e in &lowered.errors {
        let d = &e.diagnostic;
        let span = d.span().expect("every CUDA error has a position");
        assert!(
            span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end),
            "span {span:?} outside the input: {d:?}"
        );
        assert!(
            !d.message.starts_with("internal error"),
            "the lowering failed its own check: {d:?}"
        );
    }
    for kernel in &lowered.program.kernels {
        let _ = mapcheck_typeck::check(kernel, Arith::Int);
    }
});
