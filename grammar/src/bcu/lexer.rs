//! The `.bcu` lexer (logos), feeding the lalrpop parser through `extern { enum Token }`.
//!
//! Comments and whitespace are skipped here. Built-in names (`tid`, ...) and the call names
//! (`min`, `ult`, ...) are plain identifiers: the scope checker and the grammar's actions give
//! them meaning, so a misspelt call gets a message that names it.

use logos::{FilterResult, Logos};
use std::fmt;

/// Why a piece of input is not a token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LexError {
    /// A character that starts no token (the message shows it).
    #[default]
    Unexpected,
    /// A literal that does not fit in 63 bits.
    IntTooLarge,
    /// `/*` with no `*/` after it.
    UnterminatedComment,
}

#[derive(Logos, Clone, Debug, PartialEq, Eq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Token<'s> {
    #[token("/*", block_comment)]
    BlockComment,

    #[token("kernel")]
    Kernel,
    #[token("shared")]
    Shared,
    #[token("global")]
    Global,
    #[token("let")]
    Let,
    #[token("if")]
    If,
    #[token("else")]
    Else,
    #[token("for")]
    For,
    #[token("in")]
    In,
    #[token("downto")]
    Downto,
    #[token("step")]
    Step,
    #[token("sync")]
    Sync,
    #[token("syncwarp")]
    SyncWarp,
    #[token("skip")]
    Skip,
    #[token("assume")]
    Assume,
    #[token("atomic")]
    Atomic,
    #[token("true")]
    True,
    #[token("false")]
    False,

    // A built-in's component (`tid.x`, `nbid.z`) is one name: `.` occurs nowhere else.
    #[regex("[A-Za-z_][A-Za-z0-9_]*", |lex| lex.slice())]
    #[regex("n?[tb]id\\.[xyz]", |lex| lex.slice())]
    Ident(&'s str),
    #[regex("[0-9]+", |lex| lex.slice().parse::<i64>().map_err(|_| LexError::IntTooLarge))]
    Int(i64),

    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(":=")]
    Assign,
    #[token(":")]
    Colon,
    #[token("=")]
    Eq,
    #[token("?")]
    Question,
    #[token("..")]
    DotDot,

    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("!")]
    Bang,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("==")]
    EqEq,
    #[token("!=")]
    Ne,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("+=")]
    PlusEq,
    #[token("-=")]
    MinusEq,
    #[token("&=")]
    AmpEq,
    #[token("|=")]
    PipeEq,
    #[token("^=")]
    CaretEq,
}

/// Skips a block comment, or reports that it never ends.
fn block_comment<'s>(lex: &mut logos::Lexer<'s, Token<'s>>) -> FilterResult<(), LexError> {
    match lex.remainder().find("*/") {
        Some(end) => {
            lex.bump(end + 2);
            FilterResult::Skip
        }
        None => {
            lex.bump(lex.remainder().len());
            FilterResult::Error(LexError::UnterminatedComment)
        }
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Ident(name) => write!(f, "`{name}`"),
            Token::Int(value) => write!(f, "`{value}`"),
            other => write!(f, "`{}`", other.text()),
        }
    }
}

impl Token<'_> {
    /// The fixed text of a keyword or punctuation token.
    pub fn text(&self) -> &'static str {
        match self {
            Token::BlockComment => "/*",
            Token::Kernel => "kernel",
            Token::Shared => "shared",
            Token::Global => "global",
            Token::Let => "let",
            Token::If => "if",
            Token::Else => "else",
            Token::For => "for",
            Token::In => "in",
            Token::Downto => "downto",
            Token::Step => "step",
            Token::Sync => "sync",
            Token::SyncWarp => "syncwarp",
            Token::Skip => "skip",
            Token::Assume => "assume",
            Token::Atomic => "atomic",
            Token::True => "true",
            Token::False => "false",
            Token::Ident(_) => "identifier",
            Token::Int(_) => "number",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBrace => "{",
            Token::RBrace => "}",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::Comma => ",",
            Token::Semi => ";",
            Token::Colon => ":",
            Token::Assign => ":=",
            Token::Eq => "=",
            Token::Question => "?",
            Token::DotDot => "..",
            Token::Plus => "+",
            Token::Minus => "-",
            Token::Star => "*",
            Token::Slash => "/",
            Token::Percent => "%",
            Token::Shl => "<<",
            Token::Shr => ">>",
            Token::Amp => "&",
            Token::Pipe => "|",
            Token::Caret => "^",
            Token::Bang => "!",
            Token::AndAnd => "&&",
            Token::OrOr => "||",
            Token::EqEq => "==",
            Token::Ne => "!=",
            Token::Lt => "<",
            Token::Le => "<=",
            Token::Gt => ">",
            Token::Ge => ">=",
            Token::PlusEq => "+=",
            Token::MinusEq => "-=",
            Token::AmpEq => "&=",
            Token::PipeEq => "|=",
            Token::CaretEq => "^=",
        }
    }
}

/// A lexical error and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexFailure {
    pub error: LexError,
    pub start: usize,
    pub end: usize,
}

/// A token with its byte range, or a lexical error.
pub type Spanned<'s> = Result<(usize, Token<'s>, usize), LexFailure>;

/// Tokens of `source` as lalrpop wants them.
pub fn tokens(source: &str) -> impl Iterator<Item = Spanned<'_>> + '_ {
    Token::lexer(source)
        .spanned()
        .map(|(token, span)| match token {
            Ok(token) => Ok((span.start, token, span.end)),
            Err(error) => Err(LexFailure {
                error,
                start: span.start,
                end: span.end,
            }),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<Result<Token<'_>, LexError>> {
        tokens(source)
            .map(|t| t.map(|(_, t, _)| t).map_err(|f| f.error))
            .collect()
    }

    #[test]
    fn comments_and_operators() {
        assert_eq!(
            kinds("a /* x */ := b // c\n<<= 0..n"),
            vec![
                Ok(Token::Ident("a")),
                Ok(Token::Assign),
                Ok(Token::Ident("b")),
                Ok(Token::Shl),
                Ok(Token::Eq),
                Ok(Token::Int(0)),
                Ok(Token::DotDot),
                Ok(Token::Ident("n")),
            ]
        );
    }

    #[test]
    fn keywords_are_not_prefixes_of_identifiers() {
        assert_eq!(
            kinds("for format sync_ in"),
            vec![
                Ok(Token::For),
                Ok(Token::Ident("format")),
                Ok(Token::Ident("sync_")),
                Ok(Token::In),
            ]
        );
    }

    #[test]
    fn lexical_errors() {
        assert_eq!(
            kinds("/* never ends"),
            vec![Err(LexError::UnterminatedComment)]
        );
        assert_eq!(
            kinds("99999999999999999999"),
            vec![Err(LexError::IntTooLarge)]
        );
        assert_eq!(
            kinds("a $"),
            vec![Ok(Token::Ident("a")), Err(LexError::Unexpected)]
        );
    }
}
