//! The CUDA lexer (logos): C tokens with byte spans, owned so that the preprocessor can move
//! them between files and macro bodies.
//!
//! Every word is lexed as [`Token::Ident`]; keywords, type names and declaration specifiers are
//! told apart later, after preprocessing, by [`super::names::classify`] (the "lexer hack": a
//! name-collecting pass decides which identifiers name types, so the LR grammar can tell a
//! cast from a parenthesised expression and a declaration from an expression statement).

use logos::{FilterResult, Logos};
use std::fmt;

/// Why a piece of input is not a token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LexError {
    #[default]
    Unexpected,
    IntTooLarge,
    UnterminatedComment,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LexError::Unexpected => "unexpected character",
            LexError::IntTooLarge => "integer literal too large",
            LexError::UnterminatedComment => "unterminated comment",
        })
    }
}

#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexError)]
// Backslash-newline continues a line; it is whitespace to the lexer (directives find line ends
// from the text between tokens, where a continued newline is preceded by `\`).
#[logos(skip r"([ \t\r\n\f\v]|\\\r?\n)+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Token {
    #[token("/*", block_comment)]
    BlockComment,

    #[regex(r"[A-Za-z_$][A-Za-z0-9_$]*", |lex| lex.slice().to_string())]
    Ident(String),
    /// A name the collector knows as a type (`int`, `float4`, a `typedef`, a template
    /// parameter); produced by classification, never by logos.
    TypeName(String),
    /// A function template's name before explicit template arguments in a call
    /// (`warpReduce<blockSize>(sdata, tid)`); produced by classification.
    TemplateFn(String),
    /// A declaration specifier or qualifier (`const`, `unsigned`, `__shared__`, `static`, ...);
    /// produced by classification.
    Spec(String),

    #[regex(r"(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*", int_literal)]
    Int((i64, bool)),
    #[regex(r"([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fFlL]?", |_| ())]
    #[regex(r"[0-9]+[eE][+-]?[0-9]+[fFlL]?", |_| ())]
    #[regex(r"[0-9]+[fF]", |_| ())]
    Float,
    #[regex(r#""([^"\\\n]|\\.)*""#, |lex| lex.slice().to_string())]
    Str(String),
    #[regex(r"'([^'\\\n]|\\.)+'", |lex| lex.slice().as_bytes().get(1).map_or(0, |b| i64::from(*b)))]
    Char(i64),

    // Keywords, after classification.
    If,
    Else,
    For,
    While,
    Do,
    Return,
    Break,
    Continue,
    Switch,
    Case,
    Default,
    Sizeof,
    Template,
    Typename,
    Goto,
    StaticCast,
    LaunchBounds,

    #[token("#")]
    Hash,
    #[token("##")]
    HashHash,
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
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token("?")]
    Question,
    #[token(".")]
    Dot,
    #[token("...")]
    Ellipsis,
    #[token("->")]
    Arrow,
    #[token("=")]
    Assign,
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
    #[token("~")]
    Tilde,
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
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("+=")]
    PlusEq,
    #[token("-=")]
    MinusEq,
    #[token("*=")]
    StarEq,
    #[token("/=")]
    SlashEq,
    #[token("%=")]
    PercentEq,
    #[token("<<=")]
    ShlEq,
    #[token(">>=")]
    ShrEq,
    #[token("&=")]
    AmpEq,
    #[token("|=")]
    PipeEq,
    #[token("^=")]
    CaretEq,
}

fn block_comment(lex: &mut logos::Lexer<'_, Token>) -> FilterResult<(), LexError> {
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

/// Decimal, octal (leading `0`) and hexadecimal literals with C's `u`/`l` suffixes; the flag
/// says whether the literal is unsigned.
fn int_literal(lex: &mut logos::Lexer<'_, Token>) -> Result<(i64, bool), LexError> {
    let text = lex.slice();
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let unsigned = text[digits.len()..].contains(['u', 'U']);
    let value = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        i64::from_str_radix(hex, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(&digits[1..], 8)
    } else {
        digits.parse::<i64>()
    };
    value
        .map(|v| (v, unsigned))
        .map_err(|_| LexError::IntTooLarge)
}

impl Token {
    /// The text of a punctuation or keyword token, for messages.
    pub fn text(&self) -> String {
        let s = match self {
            Token::Ident(n)
            | Token::TypeName(n)
            | Token::TemplateFn(n)
            | Token::Spec(n)
            | Token::Str(n) => return n.clone(),
            Token::Int((v, _)) | Token::Char(v) => return v.to_string(),
            Token::Float => "floating-point literal",
            Token::BlockComment => "/*",
            Token::If => "if",
            Token::Else => "else",
            Token::For => "for",
            Token::While => "while",
            Token::Do => "do",
            Token::Return => "return",
            Token::Break => "break",
            Token::Continue => "continue",
            Token::Switch => "switch",
            Token::Case => "case",
            Token::Default => "default",
            Token::Sizeof => "sizeof",
            Token::Template => "template",
            Token::Typename => "typename",
            Token::Goto => "goto",
            Token::StaticCast => "static_cast",
            Token::LaunchBounds => "__launch_bounds__",
            Token::Hash => "#",
            Token::HashHash => "##",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBrace => "{",
            Token::RBrace => "}",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::Comma => ",",
            Token::Semi => ";",
            Token::Colon => ":",
            Token::ColonColon => "::",
            Token::Question => "?",
            Token::Dot => ".",
            Token::Ellipsis => "...",
            Token::Arrow => "->",
            Token::Assign => "=",
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
            Token::Tilde => "~",
            Token::Bang => "!",
            Token::AndAnd => "&&",
            Token::OrOr => "||",
            Token::EqEq => "==",
            Token::Ne => "!=",
            Token::Lt => "<",
            Token::Le => "<=",
            Token::Gt => ">",
            Token::Ge => ">=",
            Token::PlusPlus => "++",
            Token::MinusMinus => "--",
            Token::PlusEq => "+=",
            Token::MinusEq => "-=",
            Token::StarEq => "*=",
            Token::SlashEq => "/=",
            Token::PercentEq => "%=",
            Token::ShlEq => "<<=",
            Token::ShrEq => ">>=",
            Token::AmpEq => "&=",
            Token::PipeEq => "|=",
            Token::CaretEq => "^=",
        };
        s.to_string()
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", self.text())
    }
}

/// A token with its byte range in the text it was lexed from.
#[derive(Clone, Debug, PartialEq)]
pub struct Tok {
    pub token: Token,
    pub start: usize,
    pub end: usize,
}

/// A lexical error with its byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexFailure {
    pub error: LexError,
    pub start: usize,
    pub end: usize,
}

/// All tokens of `source`, or the first lexical error.
pub fn lex(source: &str) -> Result<Vec<Tok>, LexFailure> {
    let mut out = Vec::new();
    let mut lexer = Token::lexer(source);
    while let Some(token) = lexer.next() {
        let span = lexer.span();
        match token {
            Ok(token) => out.push(Tok {
                token,
                start: span.start,
                end: span.end,
            }),
            Err(error) => {
                return Err(LexFailure {
                    error,
                    start: span.start,
                    end: span.end,
                })
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_operators() {
        let toks: Vec<Token> = lex("x = 0x10u + 010 + 1.5f >>= 'a'")
            .unwrap()
            .into_iter()
            .map(|t| t.token)
            .collect();
        assert_eq!(
            toks,
            vec![
                Token::Ident("x".into()),
                Token::Assign,
                Token::Int((16, true)),
                Token::Plus,
                Token::Int((8, false)),
                Token::Plus,
                Token::Float,
                Token::ShrEq,
                Token::Char(97),
            ]
        );
    }
}
