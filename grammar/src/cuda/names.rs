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
use std::collections::{HashMap, HashSet};

/// A field of a struct as declared: its name, its type name (`*` for a pointer) and, for an
/// array field, the number of elements (`None` when it is not a literal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub ty: String,
    pub count: Option<u64>,
}

/// A `struct`, `class` or `union` definition's data members, in order. `opaque` when the
/// definition has members whose layout is not followed (bit-fields, nested definitions).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StructDef {
    pub union: bool,
    pub opaque: bool,
    pub fields: Vec<Field>,
}

/// The struct definitions and simple type aliases (`typedef float4 vec;`) of a file, from
/// classified tokens: what the lowering needs to map fields of array elements to cells.
#[derive(Clone, Debug, Default)]
pub struct Layouts {
    pub structs: HashMap<String, StructDef>,
    pub aliases: HashMap<String, String>,
    /// The values of enumerators (`enum Op { ADD, SUB = 4 }`) given by literals or implied;
    /// an enumerator after one with another initialiser has no known value.
    pub enumerators: HashMap<String, i64>,
}

fn type_word(tok: Option<&Tok>) -> Option<&str> {
    match tok.map(|t| &t.token) {
        Some(Token::TypeName(n) | Token::Ident(n)) => Some(n),
        _ => None,
    }
}

/// The enumerators of the `enum` definition whose keyword is `toks[at]`.
fn enumerators(toks: &[Tok], at: usize, out: &mut HashMap<String, i64>) {
    let Some(open) = toks
        .iter()
        .skip(at)
        .take(8)
        .position(|t| t.token == Token::LBrace)
        .map(|p| p + at)
    else {
        return;
    };
    if toks[at + 1..open]
        .iter()
        .any(|t| matches!(t.token, Token::Semi | Token::LParen))
    {
        return;
    }
    let Some(close) = matching(toks, open) else {
        return;
    };
    let mut next: Option<i64> = Some(0);
    for entry in toks[open + 1..close].split(|t| t.token == Token::Comma) {
        let Some(Token::Ident(name) | Token::TypeName(name)) = entry.first().map(|t| &t.token)
        else {
            continue;
        };
        let value = match entry.get(1..).unwrap_or(&[]) {
            [] => next,
            [eq, lit] if eq.token == Token::Assign => match lit.token {
                Token::Int((v, _)) => Some(v),
                _ => None,
            },
            [eq, minus, lit] if eq.token == Token::Assign && minus.token == Token::Minus => {
                match lit.token {
                    Token::Int((v, _)) => v.checked_neg(),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(v) = value {
            out.insert(name.clone(), v);
        }
        next = value.and_then(|v| v.checked_add(1));
    }
}

/// Collects the struct definitions and aliases of a file (after [`classify`]).
pub fn collect_layouts(toks: &[Tok]) -> Layouts {
    let mut layouts = Layouts::default();
    let spec = |i: usize, words: &[&str]| matches!(toks.get(i).map(|t| &t.token), Some(Token::Spec(s)) if words.contains(&s.as_str()));
    for i in 0..toks.len() {
        if spec(i, &["enum"]) {
            enumerators(toks, i, &mut layouts.enumerators);
            continue;
        }
        if spec(i, &["typedef"]) {
            if let (Some(t), Some(alias), Some(Token::Semi)) = (
                type_word(toks.get(i + 1)).filter(|_| !spec(i + 1, &["struct", "union", "class"])),
                type_word(toks.get(i + 2)),
                toks.get(i + 3).map(|t| &t.token),
            ) {
                layouts.aliases.insert(alias.to_string(), t.to_string());
            }
            continue;
        }
        if !spec(i, &["struct", "union", "class"]) {
            continue;
        }
        let union = spec(i, &["union"]);
        let (name, open) = match type_word(toks.get(i + 1)) {
            Some(n) => (Some(n.to_string()), i + 2),
            None => (None, i + 1),
        };
        if toks.get(open).map(|t| &t.token) != Some(&Token::LBrace) {
            continue;
        }
        let Some(close) = matching(toks, open) else {
            continue;
        };
        let def = struct_body(&toks[open + 1..close], union);
        // `typedef struct { ... } NAME;`
        if i > 0 && spec(i - 1, &["typedef"]) {
            if let Some(alias) = type_word(toks.get(close + 1)) {
                layouts.structs.insert(alias.to_string(), def.clone());
            }
        }
        if let Some(name) = name {
            layouts.structs.insert(name, def);
        }
    }
    layouts
}

/// The data members between a struct's braces.
fn struct_body(body: &[Tok], union: bool) -> StructDef {
    let mut def = StructDef {
        union,
        ..StructDef::default()
    };
    let mut depth = 0usize;
    let mut start = 0;
    for (j, t) in body.iter().enumerate() {
        match t.token {
            Token::LBrace | Token::LParen | Token::LBracket => depth += 1,
            Token::RParen | Token::RBracket => depth = depth.saturating_sub(1),
            // A method's body ends its declaration without a `;`.
            Token::RBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 && body[start..j].iter().any(|t| t.token == Token::LParen) {
                    member(&body[start..=j], &mut def);
                    start = j + 1;
                }
            }
            Token::Semi if depth == 0 => {
                member(&body[start..j], &mut def);
                start = j + 1;
            }
            _ => {}
        }
    }
    def
}

/// One member declaration (up to its `;`): methods and static members have no storage in
/// the element; a nested definition or a bit-field makes the layout opaque.
fn member(mut decl: &[Tok], def: &mut StructDef) {
    // `public:` and its kin.
    while let (Some(Token::Ident(_)), Some(Token::Colon)) = (
        decl.first().map(|t| &t.token),
        decl.get(1).map(|t| &t.token),
    ) {
        decl = &decl[2..];
    }
    let paren = decl.iter().position(|t| t.token == Token::LParen);
    // `int (*f)(int);`: a function pointer, whose storage the lowering does not size.
    if paren.is_some_and(|p| decl.get(p + 1).map(|t| &t.token) == Some(&Token::Star)) {
        def.opaque = true;
        return;
    }
    if decl.is_empty()
        || paren.is_some()
        || decl
            .iter()
            .any(|t| matches!(&t.token, Token::Spec(s) if s == "static" || s == "typedef"))
    {
        // A method, a constructor or a static member: no storage in the element.
        return;
    }
    if decl
        .iter()
        .any(|t| matches!(t.token, Token::LBrace | Token::Colon))
    {
        def.opaque = true;
        return;
    }
    let Some(type_at) = decl
        .iter()
        .position(|t| matches!(t.token, Token::TypeName(_)))
    else {
        // `unsigned x;`, `long y;`: an integer.
        if decl
            .iter()
            .all(|t| matches!(t.token, Token::Spec(_) | Token::Ident(_) | Token::Comma))
        {
            let names = decl.iter().filter_map(|t| match &t.token {
                Token::Ident(n) => Some(n.clone()),
                _ => None,
            });
            for name in names {
                def.fields.push(Field {
                    name,
                    ty: "int".into(),
                    count: Some(1),
                });
            }
        } else {
            def.opaque = true;
        }
        return;
    };
    let base = match &decl[type_at].token {
        Token::TypeName(n) => n.clone(),
        _ => return,
    };
    let rest = &decl[type_at + 1..];
    // A template type (`Foo<int> x;`) is not followed.
    if rest.first().map(|t| &t.token) == Some(&Token::Lt) {
        def.opaque = true;
        return;
    }
    for part in rest.split(|t| t.token == Token::Comma) {
        let pointer = part.iter().any(|t| t.token == Token::Star);
        let Some(name) = part.iter().find_map(|t| match &t.token {
            Token::Ident(n) => Some(n.clone()),
            _ => None,
        }) else {
            def.opaque = true;
            return;
        };
        let mut count = Some(1u64);
        let mut k = 0;
        while k < part.len() {
            if part[k].token == Token::LBracket {
                count = match (
                    part.get(k + 1).map(|t| &t.token),
                    part.get(k + 2).map(|t| &t.token),
                ) {
                    (Some(Token::Int((n, _))), Some(Token::RBracket)) => u64::try_from(*n)
                        .ok()
                        .and_then(|n| count.and_then(|c| c.checked_mul(n))),
                    _ => None,
                };
            }
            k += 1;
        }
        def.fields.push(Field {
            name,
            ty: if pointer { "*".into() } else { base.clone() },
            count,
        });
    }
}

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

/// The names of the function templates of a file: `template <...> [specs] T name(` — the
/// identifier before the first `(` of an item that starts with a template header (and is not
/// a `struct`/`class` template).
pub fn collect_template_functions(toks: &[Tok]) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut i = 0;
    while i < toks.len() {
        if name(toks.get(i)) == Some("template")
            && toks.get(i + 1).map(|t| &t.token) == Some(&Token::Lt)
        {
            // Skip the parameter list.
            let mut depth = 0usize;
            let mut j = i + 1;
            while let Some(t) = toks.get(j) {
                match t.token {
                    Token::Lt => depth += 1,
                    Token::Gt => depth = depth.saturating_sub(1),
                    Token::Shr => depth = depth.saturating_sub(2),
                    _ => {}
                }
                j += 1;
                if depth == 0 {
                    break;
                }
            }
            let mut last = None;
            while let Some(t) = toks.get(j) {
                match &t.token {
                    Token::LParen => {
                        names.extend(last.take());
                        break;
                    }
                    Token::Ident(n) if matches!(n.as_str(), "struct" | "class" | "union") => break,
                    Token::Ident(n) => last = Some(n.clone()),
                    Token::Semi | Token::LBrace | Token::Assign => break,
                    _ => {}
                }
                j += 1;
            }
            i = j;
        }
        i += 1;
    }
    names
}

/// Marks the calls of function templates with explicit arguments inside function bodies
/// (`warpReduce<blockSize>(...)`: the name becomes [`Token::TemplateFn`]) and splits the `>>`
/// that closes two template argument lists at once (`Wrap<Vec<int>>`) into two `>`. Template
/// argument lists are those after a type name, a marked function name, `template` or a cast
/// keyword; inside their brackets `>>` is a shift again.
pub fn template_arguments(toks: Vec<Tok>, functions: &HashSet<String>) -> Vec<Tok> {
    #[derive(PartialEq)]
    enum Open {
        Angle,
        Bracket,
    }
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut open: Vec<Open> = Vec::new();
    let mut braces = 0usize;
    for (i, mut t) in toks.iter().cloned().enumerate() {
        let next_is_lt = toks.get(i + 1).is_some_and(|n| n.token == Token::Lt);
        if let Token::Ident(n) = &t.token {
            if braces > 0 && next_is_lt && functions.contains(n) {
                t.token = Token::TemplateFn(n.clone());
            }
        }
        let opens_arguments = matches!(
            out.last().map(|p| &p.token),
            Some(Token::TypeName(_) | Token::TemplateFn(_) | Token::Template | Token::StaticCast)
        );
        match t.token {
            Token::LBrace => {
                braces += 1;
                open.push(Open::Bracket);
            }
            Token::RBrace => {
                braces = braces.saturating_sub(1);
                while open.pop().is_some_and(|o| o == Open::Angle) {}
            }
            Token::LParen | Token::LBracket => open.push(Open::Bracket),
            Token::RParen | Token::RBracket => {
                while open.pop().is_some_and(|o| o == Open::Angle) {}
            }
            Token::Lt if opens_arguments => open.push(Open::Angle),
            Token::Gt if open.last() == Some(&Open::Angle) => {
                open.pop();
            }
            Token::Shr
                if open.len() >= 2
                    && open[open.len() - 1] == Open::Angle
                    && open[open.len() - 2] == Open::Angle =>
            {
                open.truncate(open.len() - 2);
                let mid = t.start + 1;
                out.push(Tok {
                    token: Token::Gt,
                    start: t.start,
                    end: mid,
                });
                t = Tok {
                    token: Token::Gt,
                    start: mid,
                    end: t.end,
                };
            }
            _ => {}
        }
        out.push(t);
    }
    out
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
