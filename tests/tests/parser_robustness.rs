//! The parser on bad input (issue 2, "Bad input"; issue 6, item 5): random bytes, random
//! sequences of `.bcu` tokens, and valid programs with one token deleted, inserted or swapped.
//! The parser must never panic (a panic fails the test; no `catch_unwind`), and must answer
//! either `Ok` or a non-empty list of diagnostics, each with a primary span inside the input
//! on character boundaries. When a mutant parses, its tree must round-trip through the
//! printer. Deeply nested inputs must give an error, not a stack overflow.
//!
//! Case counts: `PROPTEST_CASES` (default 256 per property); the seed and the regression file
//! as `mapcheck_tests::proptest_config` says.

// Helpers outside `#[test]` functions fail the test they serve by panicking, as tests do.
#![allow(clippy::panic)]

use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::Structural;
use mapcheck_grammar::bcu::lexer;
use mapcheck_grammar::{decode, parse};
use mapcheck_tests::gen::{program, GenSettings};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::Config;

fn config() -> Config {
    mapcheck_tests::proptest_config(256, "proptest-regressions/parser_robustness.txt")
}

/// What every answer of the parser must satisfy.
fn sound_answer(
    text: &str,
    result: &Result<Program, Vec<Diagnostic>>,
) -> Result<(), TestCaseError> {
    match result {
        Ok(p) => {
            let printed = p.to_string();
            let back = parse(&printed);
            prop_assert_eq!(
                back.as_ref().ok().map(Structural::without_spans),
                Some(p.without_spans()),
                "no round trip of\n{}\nprinted as\n{}",
                text,
                printed
            );
        }
        Err(errors) => {
            prop_assert!(
                !errors.is_empty(),
                "an error without diagnostics for {:?}",
                text
            );
            for d in errors {
                let Some(span) = d.span() else {
                    return Err(TestCaseError::fail(format!(
                        "no position: {d:?} for {text:?}"
                    )));
                };
                prop_assert!(
                    span.start <= span.end
                        && span.end <= text.len()
                        && text.is_char_boundary(span.start)
                        && text.is_char_boundary(span.end),
                    "span {:?} outside the input of length {}: {:?} for {:?}",
                    span,
                    text.len(),
                    d,
                    text
                );
                prop_assert!(!d.message.is_empty());
            }
        }
    }
    Ok(())
}

fn check(text: &str) -> Result<(), TestCaseError> {
    sound_answer(text, &parse(text))
}

/// Every token of the language, identifiers that mean something (built-ins, call names) and
/// some that do not, literals at the edge of the range, comments and stray characters.
const VOCABULARY: &[&str] = &[
    "kernel",
    "shared",
    "global",
    "let",
    "if",
    "else",
    "for",
    "in",
    "downto",
    "step",
    "sync",
    "skip",
    "assume",
    "atomic",
    "true",
    "false",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ",",
    ";",
    ":=",
    "=",
    "?",
    "..",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&",
    "|",
    "^",
    "!",
    "&&",
    "||",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "+=",
    "-=",
    "&=",
    "|=",
    "^=",
    "tid",
    "ntid",
    "bid",
    "nbid",
    "min",
    "max",
    "udiv",
    "urem",
    "ushr",
    "umin",
    "umax",
    "ult",
    "ule",
    "ugt",
    "uge",
    "A",
    "B",
    "x",
    "y",
    "n",
    "k",
    "foo",
    "0",
    "1",
    "42",
    "9223372036854775807",
    "9223372036854775808",
    "// comment\n",
    "/* block */",
    "/*",
    "*/",
    "$",
    "é",
    "\u{0}",
    ".",
    ":",
];

fn token_soup() -> impl Strategy<Value = String> {
    let token = select(VOCABULARY);
    let sep = select(&[" ", "\n", "", "\t"][..]);
    (any::<bool>(), vec((token, sep), 0..120)).prop_map(|(header, tokens)| {
        // Half of the inputs start inside a kernel body, to reach the statement grammar.
        let mut s = if header {
            "kernel k(n) { shared A; ".to_string()
        } else {
            String::new()
        };
        for (t, sep) in tokens {
            s.push_str(t);
            s.push_str(sep);
        }
        s
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Insert(usize, &'static str),
    Swap(usize, usize),
    Replace(usize, &'static str),
}

fn mutate(text: &str, m: &Mutation) -> String {
    let spans: Vec<(usize, usize)> = lexer::tokens(text)
        .filter_map(Result::ok)
        .map(|(l, _, r)| (l, r))
        .collect();
    if spans.is_empty() {
        return text.to_string();
    }
    let at = |i: usize| spans[i % spans.len()];
    match m {
        Mutation::Delete(i) => {
            let (l, r) = at(*i);
            format!("{}{}", &text[..l], &text[r..])
        }
        Mutation::Insert(i, t) => {
            let (l, _) = at(*i);
            format!("{}{} {}", &text[..l], t, &text[l..])
        }
        Mutation::Replace(i, t) => {
            let (l, r) = at(*i);
            format!("{}{}{}", &text[..l], t, &text[r..])
        }
        Mutation::Swap(i, j) => {
            let (a, b) = (at(*i), at(*j));
            let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if a == b {
                return text.to_string();
            }
            format!(
                "{}{}{}{}{}",
                &text[..a.0],
                &text[b.0..b.1],
                &text[a.1..b.0],
                &text[a.0..a.1],
                &text[b.1..]
            )
        }
    }
}

fn mutation() -> impl Strategy<Value = Vec<Mutation>> {
    let one = prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), select(VOCABULARY)).prop_map(|(i, t)| Mutation::Insert(i, t)),
        (any::<usize>(), select(VOCABULARY)).prop_map(|(i, t)| Mutation::Replace(i, t)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::Swap(i, j)),
    ];
    vec(one, 1..=3)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..400)) {
        match decode(&bytes) {
            Ok(text) => check(text)?,
            Err(d) => prop_assert!(!d.message.is_empty()),
        }
    }

    #[test]
    fn random_tokens_never_panic(text in token_soup()) {
        check(&text)?;
    }

    #[test]
    fn mutated_programs_never_panic(p in program(&GenSettings::syntax()), ms in mutation()) {
        let mut text = p.to_string();
        for m in &ms {
            text = mutate(&text, m);
        }
        check(&text)?;
    }
}

fn expect_error(text: &str, message: &str) {
    match parse(text) {
        Ok(_) => panic!("accepted an input of {} bytes", text.len()),
        Err(errors) => assert!(
            errors.iter().any(|e| e.message.contains(message)),
            "expected `{message}`, got {errors:?}"
        ),
    }
}

#[test]
fn deep_parentheses_are_an_error_not_a_stack_overflow() {
    let text = format!(
        "kernel k() {{ shared A; A[0] := {}1; }}",
        "(".repeat(100_000)
    );
    expect_error(&text, "nesting too deep");
}

#[test]
fn deep_blocks_are_an_error_not_a_stack_overflow() {
    let text = format!("kernel k() {{ {}", "{".repeat(100_000));
    expect_error(&text, "nesting too deep");
    let text = format!("kernel k() {{ {} }}", "if true {".repeat(100_000));
    expect_error(&text, "nesting too deep");
}

#[test]
fn long_statements_are_an_error_not_a_stack_overflow() {
    let text = format!("kernel k(a) {{ let x = a{}; }}", "+a".repeat(100_000));
    expect_error(&text, "statement too long");
    let text = format!("kernel k(a) {{ let x = {}a; }}", "-".repeat(100_000));
    expect_error(&text, "statement too long");
    let text = format!("kernel k(a) {{ if {}true {{ }} }}", "!".repeat(100_000));
    expect_error(&text, "statement too long");
}

fn round_trips_all(inputs: &[String]) {
    for text in inputs {
        match parse(text) {
            Ok(p) => assert_eq!(
                parse(&p.to_string()).ok().map(|b| b.without_spans()),
                Some(p.without_spans())
            ),
            Err(e) => panic!("rejected {}...: {:?}", &text[..60.min(text.len())], e),
        }
    }
}

/// Deep trees inside the limits: the parser, the scope checker and the printer (all
/// recursive on trees) must handle them on an ordinary test thread's stack (2 MiB).
#[test]
fn deep_accepted_trees_round_trip() {
    let depth = 190;
    round_trips_all(&[
        format!(
            "kernel k(a) {{ let x = {}a{}; }}",
            "(".repeat(depth),
            ")".repeat(depth)
        ),
        format!("kernel k(a) {{ let x = {}a; }}", "-".repeat(1000)),
        format!("kernel k(a) {{ let x = a{}; }}", "+a".repeat(990)),
        format!("kernel k(a) {{ let x = a{}; }}", " - a * a".repeat(490)),
        format!("kernel k(a) {{ if {}true {{ }} }}", "!".repeat(500)),
        format!(
            "kernel k(a) {{ if a < 1{} {{ }} }}",
            " && a < 1".repeat(490)
        ),
        format!(
            "kernel k(a) {{ let x = {}a{}; }}",
            "min(a, ".repeat(depth),
            ")".repeat(depth)
        ),
        format!(
            "kernel k(a) {{ {}{} }}",
            "if a < 1 { ".repeat(depth),
            "}".repeat(depth)
        ),
        format!(
            "kernel k(a) {{ shared A; {}A[0] := 1;{} }}",
            (0..depth)
                .map(|i| format!("for i{i} in 0..a {{ "))
                .collect::<String>(),
            "}".repeat(depth)
        ),
    ]);
}

/// The same at the very edge of `Limits::max_statement_tokens` (2000): 1990 prefix operators
/// in one statement, which the converter peels off without a stack frame each.
#[test]
fn prefix_operators_at_the_statement_limit_round_trip() {
    round_trips_all(&[
        format!("kernel k(a) {{ let x = {}a; }}", "-".repeat(1990)),
        format!("kernel k(a) {{ if {}true {{ }} }}", "!".repeat(1990)),
    ]);
}

/// A large file of random tokens: an error, in reasonable time, not a hang.
#[test]
fn a_megabyte_of_tokens_is_rejected() {
    let mut text = String::from("kernel k(n) { shared A; ");
    let mut i = 0usize;
    while text.len() < 1 << 20 {
        // A fixed walk through the vocabulary; `;` often enough that statements stay short.
        text.push_str(VOCABULARY[(i * 7919) % VOCABULARY.len()]);
        text.push(if i.is_multiple_of(13) { ';' } else { ' ' });
        i += 1;
    }
    let started = std::time::Instant::now();
    let result = parse(&text);
    if let Err(e) = sound_answer(&text, &result) {
        panic!("{e}");
    }
    assert!(result.is_err());
    eprintln!("1 MiB of tokens: {:?}", started.elapsed());
}
