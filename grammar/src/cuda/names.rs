//! The lexer hack and the item split, between preprocessing and parsing.
//!
//! * [`collect_type_names`] finds the names a file declares as types (`typedef`, `struct`,
//!   `class`, `union`, `enum`, `using X =`, template type parameters) before anything is
//!   parsed, because C's grammar cannot tell `(T) * x` (a cast) from `(a) * x` (a product)
//!   without knowing whether `T` names a type.
//! * [`classify`] turns identifiers into keywords, declaration specifiers and type names.
//! * [`split_items`] cuts the token stream into top-level items (a function with its body, a
//!   declaration up to `;`), entering `namespace` and `extern "C"` blocks, so that each item is
//!   parsed alone: host code the grammar does not cover is skipped by the caller without
//!   making the kernels next to it fail.

use super::lexer::{Tok, Token};
use std::collections::HashSet;

/// Built-in type names: C's and CUDA's (vector types, `dim3`, fixed-width integers).
pub fn is_builtin_type(name: &str) -> bool {
    const PLAIN: [&str; 22] = [
        "void", "char", "int", "float", "double", "bool", "size_t", "half", "__half", "dim3",
        "uint", "ushort", "uchar", "ulong", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
        "uint16_t", "uint32_t", "uint64_t",
    ];
    if PLAIN.contains(&name) || name == "auto" || name == "ptrdiff_t" {
        return true;
    }
    // float4, uint2, longlong3, ...
    let base = name.trim_end_matches(['1', '2', '3', '4']);
    base.len() + 1 == name.len()
        && matches!(
            base,
            "char"
                | "uchar"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "longlong"
                | "ulonglong"
                | "float"
                | "double"
                | "half"
        )
}

/// Declaration specifiers and qualifiers.
pub fn is_spec(name: &str) -> bool {
    matches!(
        name,
        "const"
            | "volatile"
            | "static"
            | "inline"
            | "extern"
            | "register"
            | "unsigned"
            | "signed"
            | "long"
            | "short"
            | "constexpr"
            | "__global__"
            | "__device__"
            | "__host__"
            | "__shared__"
            | "__constant__"
            | "__managed__"
            | "__restrict__"
            | "__restrict"
            | "restrict"
            | "__forceinline__"
            | "__noinline__"
            | "__inline__"
            | "struct"
            | "class"
            | "union"
            | "enum"
            | "typedef"
    )
}

fn name(tok: Option<&Tok>) -> Option<&str> {
    match tok.map(|t| &t.token) {
        Some(Token::Ident(n)) => Some(n),
        _ => None,
    }
}

/// The names the file declares as types.
pub fn collect_type_names(toks: &[Tok]) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut i = 0;
    while i < toks.len() {
        match name(toks.get(i)) {
            Some("struct" | "class" | "union" | "enum" | "typename") => {
                if let Some(n) = name(toks.get(i + 1)) {
                    names.insert(n.to_string());
                }
            }
            Some("using") => {
                if let (Some(n), Some(Token::Assign)) =
                    (name(toks.get(i + 1)), toks.get(i + 2).map(|t| &t.token))
                {
                    names.insert(n.to_string());
                }
            }
            Some("typedef") => {
                // The name is the last identifier before the `;` that ends the typedef.
                let mut depth = 0usize;
                let mut last = None;
                let mut j = i + 1;
                while let Some(t) = toks.get(j) {
                    match &t.token {
                        Token::LBrace | Token::LParen | Token::LBracket => depth += 1,
                        Token::RBrace | Token::RParen | Token::RBracket => {
                            depth = depth.saturating_sub(1)
                        }
                        Token::Ident(n) if depth == 0 => last = Some(n.clone()),
                        Token::Semi if depth == 0 => break,
                        _ => {}
                    }
                    j += 1;
                }
                if let Some(n) = last {
                    names.insert(n);
                }
            }
            _ => {}
        }
        i += 1;
    }
    names
}

/// Turns identifiers into keywords, specifiers and type names.
pub fn classify(toks: Vec<Tok>, types: &HashSet<String>) -> Vec<Tok> {
    toks.into_iter()
        .map(|mut t| {
            if let Token::Ident(n) = &t.token {
                let keyword = match n.as_str() {
                    "if" => Some(Token::If),
                    "else" => Some(Token::Else),
                    "for" => Some(Token::For),
                    "while" => Some(Token::While),
                    "do" => Some(Token::Do),
                    "return" => Some(Token::Return),
                    "break" => Some(Token::Break),
                    "continue" => Some(Token::Continue),
                    "switch" => Some(Token::Switch),
                    "case" => Some(Token::Case),
                    "default" => Some(Token::Default),
                    "sizeof" => Some(Token::Sizeof),
                    "template" => Some(Token::Template),
                    "typename" => Some(Token::Typename),
                    "goto" => Some(Token::Goto),
                    "static_cast" | "reinterpret_cast" | "const_cast" => Some(Token::StaticCast),
                    "__launch_bounds__" => Some(Token::LaunchBounds),
                    _ => None,
                };
                t.token = match keyword {
                    Some(k) => k,
                    None if is_spec(n) => Token::Spec(n.clone()),
                    None if is_builtin_type(n) || types.contains(n) => Token::TypeName(n.clone()),
                    None => t.token,
                };
            }
            t
        })
        .collect()
}

/// Cuts classified tokens into top-level items. `namespace N { ... }` and `extern "C" { ... }`
/// are entered; their items are returned in order.
pub fn split_items(toks: &[Tok], out: &mut Vec<Vec<Tok>>, depth: usize) {
    let mut item: Vec<Tok> = Vec::new();
    // The brackets open at this point of the item.
    let mut open: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        // `namespace N {` or `extern "C" {` at top level: split the inside.
        if open.is_empty() && item.is_empty() && depth < 16 {
            let opener = match (&t.token, toks.get(i + 1).map(|t| &t.token)) {
                (Token::Ident(n), Some(Token::Ident(_))) if n == "namespace" => Some(i + 2),
                (Token::Ident(n), Some(Token::LBrace)) if n == "namespace" => Some(i + 1),
                (Token::Spec(n), Some(Token::Str(_))) if n == "extern" => Some(i + 2),
                _ => None,
            };
            if let Some(open) =
                opener.filter(|o| toks.get(*o).map(|t| &t.token) == Some(&Token::LBrace))
            {
                if let Some(close) = matching(toks, open) {
                    split_items(&toks[open + 1..close], out, depth + 1);
                    i = close + 1;
                    continue;
                }
            }
        }
        item.push(t.clone());
        match t.token {
            Token::LBrace | Token::LParen | Token::LBracket => open.push(t.token.clone()),
            // A stray `)` or `]` closes nothing: an unbalanced one inside a body must not
            // make the body swallow the items after it.
            Token::RParen if open.last() == Some(&Token::LParen) => {
                open.pop();
            }
            Token::RBracket if open.last() == Some(&Token::LBracket) => {
                open.pop();
            }
            Token::RBrace => {
                // `}` also closes the `(` and `[` left open inside its braces.
                if open.contains(&Token::LBrace) {
                    while open.pop().is_some_and(|o| o != Token::LBrace) {}
                }
                let nesting = open.len();
                let next = toks.get(i + 1).map(|t| &t.token);
                // A function body ends its item; `struct S { ... };` and `= { ... };` end at
                // the `;`.
                if nesting == 0 && !matches!(next, Some(Token::Semi | Token::Comma)) {
                    out.push(std::mem::take(&mut item));
                }
            }
            Token::Semi if open.is_empty() => out.push(std::mem::take(&mut item)),
            _ => {}
        }
        i += 1;
    }
    if !item.is_empty() {
        out.push(item);
    }
}

/// The index of the `}` matching the `{` at `open`.
fn matching(toks: &[Tok], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, t) in toks.iter().enumerate().skip(open) {
        match t.token {
            Token::LBrace => depth += 1,
            Token::RBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}
