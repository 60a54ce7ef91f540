//! The `.bcu` front end: lexer ([`lexer`]), LR(1) grammar (`parser.lalrpop`), the typing of
//! the grammar's terms (`surface`), and the translation of parser failures into located
//! messages in plain words ("expected `;` after the write").
//!
//! Parsing never panics and never stops at the first error: the grammar recovers at statement
//! level, so a file with three broken statements gets three messages.

pub mod lexer;
mod surface;

use lalrpop_util::{lalrpop_mod, ErrorRecovery, ParseError};
use lexer::{LexError, LexFailure, Token};
use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;

lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        clippy::restriction,
        unused,
        missing_debug_implementations
    )]
    parser,
    "/bcu/parser.rs"
);

/// A syntax error of a `.bcu` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
    /// What the primary label under `span` says.
    pub label: String,
    pub help: Option<String>,
    /// A second place the message refers to, with its label.
    pub secondary: Option<(Span, String)>,
}

impl SyntaxError {
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d =
            Diagnostic::error(self.message.clone()).with_primary(self.span, self.label.clone());
        if let Some(help) = &self.help {
            d = d.with_help(help.clone());
        }
        if let Some((span, label)) = &self.secondary {
            d = d.with_secondary(*span, label.clone());
        }
        d
    }
}

/// What the grammar's actions collect while parsing.
#[derive(Debug)]
pub struct Ctx<'s> {
    pub recovered: Vec<ErrorRecovery<usize, Token<'s>, LexFailure>>,
    pub errors: Vec<SyntaxError>,
}

/// Parses `.bcu` text into a tree, or reports every syntax error found (sorted by position).
pub fn parse_syntax(source: &str) -> Result<Program, Vec<SyntaxError>> {
    let mut ctx = Ctx {
        recovered: Vec::new(),
        errors: Vec::new(),
    };
    let result = parser::ProgramParser::new().parse(&mut ctx, lexer::tokens(source));
    let tokens: Vec<(usize, Token<'_>, usize)> =
        lexer::tokens(source).filter_map(Result::ok).collect();
    let mut errors = std::mem::take(&mut ctx.errors);
    for recovery in ctx.recovered {
        errors.push(describe(recovery.error, &tokens, source));
    }
    let program = match result {
        Ok(program) => Some(program),
        Err(error) => {
            errors.push(describe(error, &tokens, source));
            None
        }
    };
    match program {
        Some(program) if errors.is_empty() => Ok(program),
        _ => {
            errors.sort_by_key(|e| (e.span.start, e.span.end));
            Err(first_per_statement(errors, &tokens))
        }
    }
}

/// Keeps the first error of each statement: after recovery, the rest of a broken statement
/// mostly yields echoes of the first error.
fn first_per_statement(
    errors: Vec<SyntaxError>,
    tokens: &[(usize, Token<'_>, usize)],
) -> Vec<SyntaxError> {
    let mut kept: Vec<SyntaxError> = Vec::new();
    for error in errors {
        // A statement boundary — `;`, a brace, or a keyword that starts a statement — after
        // the previous error means this one is about a new statement.
        let echo = kept.last().is_some_and(|prev| {
            !tokens.iter().any(|(l, t, _)| {
                *l > prev.span.start
                    && *l < error.span.start
                    && matches!(
                        t,
                        Token::Semi
                            | Token::LBrace
                            | Token::RBrace
                            | Token::Let
                            | Token::If
                            | Token::For
                            | Token::Sync
                            | Token::SyncWarp
                            | Token::Skip
                            | Token::Assume
                            | Token::Atomic
                            | Token::Kernel
                    )
            })
        });
        if !echo {
            kept.push(error);
        }
    }
    kept
}

/// Turns a parser failure into a message that names what was being written.
fn describe(
    error: ParseError<usize, Token<'_>, LexFailure>,
    tokens: &[(usize, Token<'_>, usize)],
    source: &str,
) -> SyntaxError {
    match error {
        ParseError::InvalidToken { location } => SyntaxError {
            span: Span::new(location, location + char_len(source, location)),
            message: "unexpected character".into(),
            label: "not part of the language".into(),
            help: None,
            secondary: None,
        },
        ParseError::User { error } => lex_error(error, source),
        ParseError::UnrecognizedEof { location, expected } => {
            let context = Context::at(tokens, location);
            let span = Span::new(location, location);
            if let Some((what, brace)) = unclosed(tokens) {
                return SyntaxError {
                    span,
                    message: format!("unexpected end of file: {what} is not closed"),
                    label: "expected `}` before the end of the file".into(),
                    help: None,
                    secondary: Some((brace, "this `{` has no matching `}`".into())),
                };
            }
            SyntaxError {
                span,
                message: format!("unexpected end of file in {}", context.phrase()),
                label: format!("expected {}", expected_list(&expected)),
                help: None,
                secondary: None,
            }
        }
        ParseError::UnrecognizedToken {
            token: (l, token, r),
            expected,
        } => unrecognized(source, l, &token, r, &expected, tokens),
        ParseError::ExtraToken {
            token: (l, token, r),
        } => SyntaxError {
            span: Span::new(l, r),
            message: format!("unexpected {token} after the last kernel"),
            label: "expected `kernel` or the end of the file".into(),
            help: None,
            secondary: None,
        },
    }
}

fn char_len(source: &str, at: usize) -> usize {
    source
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8)
}

fn lex_error(failure: LexFailure, source: &str) -> SyntaxError {
    let LexFailure { error, start, end } = failure;
    match error {
        LexError::UnterminatedComment => SyntaxError {
            span: Span::new(start, (start + 2).min(source.len())),
            message: "unterminated block comment".into(),
            label: "this `/*` has no matching `*/`".into(),
            help: None,
            secondary: None,
        },
        LexError::IntTooLarge => SyntaxError {
            span: Span::new(start, end),
            message: "number too large".into(),
            label: "literals must be below 2^63".into(),
            help: None,
            secondary: None,
        },
        LexError::Unexpected => {
            let ch = source.get(start..).and_then(|rest| rest.chars().next());
            SyntaxError {
                span: Span::new(start, start + char_len(source, start)),
                message: match ch {
                    Some(c) if !c.is_control() => format!("unexpected character `{c}`"),
                    Some(c) => format!("unexpected character U+{:04X}", c as u32),
                    None => "unexpected character".into(),
                },
                label: "not part of the language".into(),
                help: None,
                secondary: None,
            }
        }
    }
}

fn unrecognized(
    source: &str,
    l: usize,
    token: &Token<'_>,
    r: usize,
    expected: &[String],
    tokens: &[(usize, Token<'_>, usize)],
) -> SyntaxError {
    let context = Context::at(tokens, l);
    let previous = tokens.iter().rev().find(|(_, _, end)| *end <= l);
    let wants = |t: &str| expected.iter().any(|e| e == &format!("\"{t}\""));
    // A `;` was possible and what came instead starts a new line or a new statement: the
    // statement before it is missing its `;`.
    let on_new_line =
        previous.is_some_and(|&(_, _, pr)| source.get(pr..l).is_some_and(|gap| gap.contains('\n')));
    let starts_statement = matches!(
        token,
        Token::Let
            | Token::If
            | Token::For
            | Token::Sync
            | Token::SyncWarp
            | Token::Skip
            | Token::Assume
            | Token::Atomic
            | Token::RBrace
    );
    if wants(";") && (on_new_line || starts_statement) {
        let span = previous.map_or(Span::new(l, r), |&(pl, _, pr)| Span::new(pl, pr));
        return SyntaxError {
            span,
            message: format!("expected `;` after {}", context.phrase()),
            label: format!("add `;` after this (found {token} next)"),
            help: None,
            secondary: None,
        };
    }
    if matches!(token, Token::Shared | Token::Global) {
        return SyntaxError {
            span: Span::new(l, r),
            message: format!("unexpected {token}: array declarations come first in a kernel"),
            label: "declared after a statement".into(),
            help: Some("move the declaration before the kernel's first statement".into()),
            secondary: None,
        };
    }
    if wants("true") && expected.iter().any(|e| e == "Int") {
        return SyntaxError {
            span: Span::new(l, r),
            message: format!(
                "expected an expression in {}, found {token}",
                context.phrase()
            ),
            label: "a number, a name, a call or `(` was expected here".into(),
            help: None,
            secondary: None,
        };
    }
    if matches!(context, Context::Kernel) && wants("kernel") {
        return SyntaxError {
            span: Span::new(l, r),
            message: format!("expected `kernel`, found {token}"),
            label: "a file is a list of `kernel NAME(PARAMS) { ... }`".into(),
            help: None,
            secondary: None,
        };
    }
    SyntaxError {
        span: Span::new(l, r),
        message: format!("unexpected {token} in {}", context.phrase()),
        label: format!("expected {}", expected_list(expected)),
        help: context.help(token),
        secondary: None,
    }
}

/// What the user was writing where an error was found, for messages in plain words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    Kernel,
    Declaration,
    Write,
    Read,
    Binding,
    Unknown,
    Atomic,
    Condition,
    Loop,
    Assume,
    Sync,
    SyncWarp,
    Skip,
    Statement,
}

impl Context {
    /// Looks back from `at` to the start of the statement being written.
    fn at(tokens: &[(usize, Token<'_>, usize)], at: usize) -> Context {
        let before: Vec<&Token<'_>> = tokens
            .iter()
            .take_while(|(l, _, _)| *l < at)
            .map(|(_, t, _)| t)
            .collect();
        // The statement starts after the last `;` or brace, or at the last keyword that
        // begins a statement, whichever is later (a missing `;` leaves no boundary behind).
        let after_boundary = before
            .iter()
            .rposition(|t| matches!(t, Token::Semi | Token::LBrace | Token::RBrace))
            .map_or(0, |i| i + 1);
        let at_keyword = before
            .iter()
            .rposition(|t| {
                matches!(
                    t,
                    Token::Let
                        | Token::If
                        | Token::For
                        | Token::Sync
                        | Token::SyncWarp
                        | Token::Skip
                        | Token::Assume
                )
            })
            .unwrap_or(0);
        let start = after_boundary.max(at_keyword);
        let stmt = &before[start..];
        let header_brace = stmt.is_empty()
            && before.last().is_some_and(|t| matches!(t, Token::LBrace))
            && before.len() >= 2;
        let Some(first) = stmt.first() else {
            return if before.is_empty()
                || (!header_brace && before.iter().all(|t| !matches!(t, Token::LBrace)))
            {
                Context::Kernel
            } else {
                Context::Statement
            };
        };
        match first {
            Token::Kernel => Context::Kernel,
            Token::Shared | Token::Global => Context::Declaration,
            Token::Let => {
                if stmt.iter().any(|t| matches!(t, Token::Atomic)) {
                    Context::Atomic
                } else if stmt.iter().any(|t| matches!(t, Token::Question)) {
                    Context::Unknown
                } else if stmt.len() >= 4
                    && matches!(stmt[3], Token::Ident(_))
                    && stmt.get(4).is_some_and(|t| matches!(t, Token::LBracket))
                {
                    Context::Read
                } else {
                    Context::Binding
                }
            }
            Token::Atomic => Context::Atomic,
            Token::If | Token::Else => Context::Condition,
            Token::For => Context::Loop,
            Token::Assume => Context::Assume,
            Token::Sync => Context::Sync,
            Token::SyncWarp => Context::SyncWarp,
            Token::Skip => Context::Skip,
            Token::Ident(_) => Context::Write,
            _ => Context::Statement,
        }
    }

    fn phrase(self) -> &'static str {
        match self {
            Context::Kernel => "the kernel header",
            Context::Declaration => "the array declaration",
            Context::Write => "the write",
            Context::Read => "the read",
            Context::Binding => "the binding",
            Context::Unknown => "the unknown value `?`",
            Context::Atomic => "the atomic access",
            Context::Condition => "the condition",
            Context::Loop => "the loop header",
            Context::Assume => "the assumption",
            Context::Sync => "`sync`",
            Context::SyncWarp => "`syncwarp`",
            Context::Skip => "`skip`",
            Context::Statement => "the statement",
        }
    }

    fn help(self, found: &Token<'_>) -> Option<String> {
        match (self, found) {
            (Context::Write, Token::Eq) => Some("writes use `:=`: `A[i] := v;`".into()),
            (Context::Binding | Context::Read, Token::Assign) => {
                Some("bindings use `=`: `let x = e;`".into())
            }
            (Context::Loop, Token::LBrace) => Some(
                "a loop header is `for x in a..b` or `for x in a downto b`, with an optional `step`"
                    .into(),
            ),
            (Context::Statement | Context::Kernel, Token::Shared | Token::Global) => {
                Some("array declarations come first in a kernel, before any statement".into())
            }
            _ => None,
        }
    }
}

/// The innermost `{` left open at the end of the input: what it opens, and where it is.
fn unclosed(tokens: &[(usize, Token<'_>, usize)]) -> Option<(String, Span)> {
    let mut open: Vec<usize> = Vec::new();
    for (i, (_, t, _)) in tokens.iter().enumerate() {
        match t {
            Token::LBrace => open.push(i),
            Token::RBrace => {
                open.pop();
            }
            _ => {}
        }
    }
    let innermost = *open.last()?;
    let (l, _, r) = tokens[innermost];
    let what = if open.len() == 1 {
        // The outermost brace opens a kernel's body: name the kernel.
        tokens[..innermost]
            .iter()
            .rposition(|(_, t, _)| matches!(t, Token::Kernel))
            .and_then(|k| match tokens.get(k + 1) {
                Some((_, Token::Ident(name), _)) => Some(format!("the body of kernel `{name}`")),
                _ => None,
            })
            .unwrap_or_else(|| "a block".into())
    } else {
        "a block".into()
    };
    Some((what, Span::new(l, r)))
}

/// lalrpop's expected-token names, in words.
fn expected_list(expected: &[String]) -> String {
    let mut words: Vec<String> = expected
        .iter()
        .map(|e| match e.as_str() {
            "Ident" => "a name".to_string(),
            "Int" => "a number".to_string(),
            quoted => format!("`{}`", quoted.trim_matches('"')),
        })
        .collect();
    words.dedup();
    match words.len() {
        0 => "something else".into(),
        1 => words.remove(0),
        n if n > 8 => format!("{} or another token", words[..6].join(", ")),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} or {last}", words.join(", "))
        }
    }
}

/// Words of `.bcu` that cannot name a variable in a printed kernel: the keywords of [`lexer`]
/// and the names of the operators written as calls (`min`, `umax`, `select`, ...).
pub fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "kernel"
            | "shared"
            | "global"
            | "let"
            | "if"
            | "else"
            | "for"
            | "in"
            | "downto"
            | "step"
            | "sync"
            | "syncwarp"
            | "skip"
            | "assume"
            | "atomic"
            | "true"
            | "false"
    ) || mapcheck_core::ast::BinOp::from_call_name(name).is_some()
        || mapcheck_core::ast::CmpOp::from_call_name(name).is_some()
}
