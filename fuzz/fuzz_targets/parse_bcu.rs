//! Fuzz target `parse_bcu`: arbitrary bytes through `decode` and `parse`. The parser must not
//! panic, overflow its stack or hang; an error must come with diagnostics located inside the
//! input; and a program that parses must print to text that parses back to the same tree, a
//! text that is a fixed point of printing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapcheck_grammar::{decode, parse};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = decode(bytes) else {
        return;
    };
    match parse(text) {
        Ok(program) => {
            let printed = program.to_string();
            let back = parse(&printed);
            assert_eq!(back.as_ref().ok(), Some(&program), "no round trip:\n{printed}");
            if let Ok(back) = back {
                assert_eq!(back.to_string(), printed, "printing is not a fixed point");
            }
        }
        Err(errors) => {
            assert!(!errors.is_empty(), "an error without diagnostics");
            for d in &errors {
                let span = d.span().expect("every parse error has a position");
                assert!(
                    span.start <= span.end
                        && span.end <= text.len()
                        && text.is_char_boundary(span.start)
                        && text.is_char_boundary(span.end),
                    "span {span:?} outside the input: {d:?}"
                );
            }
        }
    }
});
