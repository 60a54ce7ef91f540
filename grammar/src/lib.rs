//! `mapcheck-grammar`: the front ends that turn source text into `mapcheck-core`'s tree.
//!
//! * [`bcu`] — the `.bcu` language of SPEC §3 (logos lexer, lalrpop grammar).
//! * [`clang`] — the CUDA front end on clang's typed AST.
//! * [`cuda`] — what the CUDA front end shares with its callers: [`cuda::Options`], the
//!   [`cuda::header`] reader of GPUVerify headers, [`cuda::Lowered`].
//! * [`scope`] — the scope checks that run right after parsing.
//!
//! [`parse`] is the entry point for `.bcu` text: syntax, then scope, every error reported.
//! Limits on input shape ([`Limits`]) keep every later recursive pass on the tree within a
//! small stack, so no input makes mapcheck crash.
#![forbid(unsafe_code)]

pub mod bcu;
pub mod clang;
pub mod cuda;
pub mod scope;

use bcu::lexer::{self, Token};
use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;

/// Shape limits checked on the token stream before parsing.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Deepest nesting of `(`, `[` and `{`.
    pub max_nesting: usize,
    /// Most tokens in one statement (between `;`, `{` and `}`), which bounds expression depth.
    pub max_statement_tokens: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nesting: 200,
            max_statement_tokens: 2000,
        }
    }
}

/// Parses and scope-checks `.bcu` text. On failure, every syntax error is reported; scope is
/// only checked on a tree that parsed.
pub fn parse(source: &str) -> Result<Program, Vec<Diagnostic>> {
    parse_with(source, Limits::default())
}

pub fn parse_with(source: &str, limits: Limits) -> Result<Program, Vec<Diagnostic>> {
    if let Some(error) = check_limits(source, limits) {
        return Err(vec![error]);
    }
    let program = bcu::parse_syntax(source).map_err(|errors| {
        errors
            .iter()
            .map(bcu::SyntaxError::to_diagnostic)
            .collect::<Vec<_>>()
    })?;
    if program.kernels.is_empty() {
        return Err(vec![Diagnostic::error("no kernel in the file")
            .with_primary(
                Span::new(0, 0),
                "expected `kernel NAME(PARAMS) { ... }`",
            )]);
    }
    let errors = scope::check(&program);
    if errors.is_empty() {
        Ok(program)
    } else {
        Err(errors
            .iter()
            .map(scope::ScopeError::to_diagnostic)
            .collect())
    }
}

/// Decodes file contents, or says where they stop being UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
        Diagnostic::error(format!(
            "the file is not valid UTF-8: invalid byte at offset {at} (line {line})"
        ))
    })
}

fn check_limits(source: &str, limits: Limits) -> Option<Diagnostic> {
    let mut depth = 0usize;
    let mut in_statement = 0usize;
    for (l, token, r) in lexer::tokens(source).filter_map(Result::ok) {
        match token {
            Token::LParen | Token::LBracket | Token::LBrace => {
                depth += 1;
                if depth > limits.max_nesting {
                    return Some(
                        Diagnostic::error("nesting too deep")
                            .with_primary(
                                Span::new(l, r),
                                format!("more than {} levels of brackets here", limits.max_nesting),
                            )
                            .with_help("split the kernel or the expression"),
                    );
                }
            }
            Token::RParen | Token::RBracket | Token::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
        if matches!(token, Token::Semi | Token::LBrace | Token::RBrace) {
            in_statement = 0;
        } else {
            in_statement += 1;
            if in_statement > limits.max_statement_tokens {
                return Some(
                    Diagnostic::error("statement too long")
                        .with_primary(
                            Span::new(l, r),
                            format!(
                                "more than {} tokens without `;`",
                                limits.max_statement_tokens
                            ),
                        )
                        .with_help("bind parts of the expression with `let`"),
                );
            }
        }
    }
    None
}
