//! The C preprocessor of the CUDA front end, on tokens: `#include "local.h"` (relative to the
//! including file; `<...>` headers are ignored, their CUDA built-ins are known to the lowering),
//! object- and function-like `#define` (with `#` and `##`), `#undef`, the conditionals
//! `#if/#ifdef/#ifndef/#elif/#else/#endif` with C constant expressions and `defined`, `-D`
//! definitions; `#pragma`, `#line` and unknown directives are ignored.
//!
//! Every output token keeps a span into the *main* file, so that diagnostics and findings point
//! at CUDA source lines: tokens of an included file carry the span of the `#include` line, and
//! tokens produced by a macro carry the span of the macro's use.
//!
//! Work is bounded (include depth, expansion depth, output size) so adversarial inputs end with
//! a located error, never a hang or a stack overflow.

use super::lexer::{lex, Tok, Token};
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const MAX_INCLUDE_DEPTH: usize = 32;
const MAX_EXPANSION_DEPTH: usize = 64;
const MAX_OUTPUT_TOKENS: usize = 2_000_000;
const MAX_EXPR_DEPTH: usize = 200;

/// Reads an included file; the error is a short reason ("no such file").
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> Result<String, String>;

#[derive(Clone, Debug)]
struct Macro {
    /// `None` for object-like macros.
    params: Option<Vec<String>>,
    body: Vec<Tok>,
}

/// Headers that are part of CUDA or its samples: a missing copy is not an error.
fn is_system_header(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    base.starts_with("cuda")
        || base.starts_with("helper_")
        || base.starts_with("device_")
        || base.starts_with("sm_")
        || base.starts_with("cooperative_groups")
        || base.starts_with("curand")
        || base.starts_with("thrust")
        || base.starts_with("cub")
        || base.starts_with("math")
        || base.starts_with("std")
        || base.starts_with("assert")
}

#[derive(Debug)]
struct CondFrame {
    /// Lines of this branch are emitted.
    active: bool,
    /// Some branch of this conditional was taken already.
    taken: bool,
    /// The enclosing region is active.
    parent: bool,
}

pub struct Preprocessor<'a> {
    macros: HashMap<String, Macro>,
    read: ReadFile<'a>,
    pub errors: Vec<Diagnostic>,
    out: Vec<Tok>,
    overflow: bool,
}

impl std::fmt::Debug for Preprocessor<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Preprocessor")
            .field("macros", &self.macros.len())
            .finish()
    }
}

/// Preprocesses the main file `text` (at `path`) with `-D` definitions `defines`.
pub fn preprocess(
    path: &Path,
    text: &str,
    defines: &[(String, Option<String>)],
    read: ReadFile<'_>,
) -> Result<Vec<Tok>, Vec<Diagnostic>> {
    let mut pp = Preprocessor {
        macros: HashMap::new(),
        read,
        errors: Vec::new(),
        out: Vec::new(),
        overflow: false,
    };
    for (name, value) in [
        ("__CUDACC__", "1"),
        ("__NVCC__", "1"),
        ("__CUDA_ARCH__", "700"),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), Some(v.to_string())))
    .chain(defines.iter().cloned())
    {
        let body = match lex(value.as_deref().unwrap_or("1")) {
            Ok(toks) => toks
                .into_iter()
                .map(|t| Tok {
                    start: 0,
                    end: 0,
                    ..t
                })
                .collect(),
            Err(_) => {
                pp.errors.push(Diagnostic::error(format!(
                    "the value of `-D {name}` is not C tokens"
                )));
                continue;
            }
        };
        pp.macros.insert(name, Macro { params: None, body });
    }
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    pp.file(text, &dir, None, 0);
    if pp.errors.is_empty() {
        Ok(pp.out)
    } else {
        Err(pp.errors)
    }
}

/// Splits tokens into logical lines: a token starts a line when the text before it (since the
/// previous token) holds a newline not escaped by `\`.
fn lines(text: &str, toks: Vec<Tok>) -> Vec<Vec<Tok>> {
    let mut lines: Vec<Vec<Tok>> = Vec::new();
    let mut prev_end = 0;
    for tok in toks {
        let gap = text.get(prev_end..tok.start).unwrap_or("");
        let new_line = lines.is_empty()
            || gap
                .char_indices()
                .any(|(i, c)| c == '\n' && !gap[..i].trim_end_matches('\r').ends_with('\\'));
        prev_end = tok.end;
        match lines.last_mut() {
            Some(line) if !new_line => line.push(tok),
            _ => lines.push(vec![tok]),
        }
    }
    lines
}

fn ident(tok: Option<&Tok>) -> Option<&str> {
    match tok.map(|t| &t.token) {
        Some(Token::Ident(n)) => Some(n),
        _ => None,
    }
}

fn line_span(line: &[Tok]) -> Span {
    match (line.first(), line.last()) {
        (Some(a), Some(b)) => Span::new(a.start, b.end),
        _ => Span::new(0, 0),
    }
}

impl Preprocessor<'_> {
    /// Preprocesses one file; `at` is the span in the main file its tokens get (for included
    /// files), `None` for the main file itself.
    fn file(&mut self, text: &str, dir: &Path, at: Option<Span>, depth: usize) {
        let toks = match lex(text) {
            Ok(toks) => toks,
            Err(failure) => {
                let span = at.unwrap_or(Span::new(failure.start, failure.end));
                self.errors.push(
                    Diagnostic::error(failure.error.to_string())
                        .with_primary(span, "cannot be lexed as C"),
                );
                return;
            }
        };
        let relocate = |mut t: Tok| {
            if let Some(s) = at {
                t.start = s.start;
                t.end = s.end;
            }
            t
        };
        let mut conds: Vec<CondFrame> = Vec::new();
        let mut pending: Vec<Tok> = Vec::new();
        for line in lines(text, toks) {
            let active = conds.last().is_none_or(|c| c.active);
            if !matches!(line.first().map(|t| &t.token), Some(Token::Hash)) {
                if active {
                    pending.extend(line.into_iter().map(relocate));
                }
                continue;
            }
            self.flush(&mut pending);
            // `#define F(` is function-like when the `(` follows the name with no space: decided
            // on the positions in this file's own text, before an included file's tokens all
            // take the span of the `#include`.
            let adjacent = matches!(
                (line.get(2), line.get(3)),
                (Some(n), Some(p)) if p.token == Token::LParen && p.start == n.end
            );
            let line: Vec<Tok> = line.into_iter().map(relocate).collect();
            let span = line_span(&line);
            let directive = ident(line.get(1)).unwrap_or("").to_string();
            let rest = line.get(2..).unwrap_or(&[]);
            match directive.as_str() {
                "if" | "ifdef" | "ifndef" => {
                    let value = if !active {
                        false
                    } else if directive == "if" {
                        self.condition(rest, span)
                    } else {
                        let defined =
                            ident(rest.first()).is_some_and(|n| self.macros.contains_key(n));
                        defined == (directive == "ifdef")
                    };
                    conds.push(CondFrame {
                        active: active && value,
                        taken: value,
                        parent: active,
                    });
                }
                "elif" | "else" => {
                    let Some(frame) = conds.last_mut() else {
                        self.errors.push(
                            Diagnostic::error(format!("`#{directive}` without `#if`"))
                                .with_primary(span, "no open conditional"),
                        );
                        continue;
                    };
                    let (parent, taken) = (frame.parent, frame.taken);
                    let value =
                        !taken && parent && (directive == "else" || self.condition(rest, span));
                    if let Some(frame) = conds.last_mut() {
                        frame.active = value;
                        frame.taken = taken || value;
                    }
                }
                "endif" if conds.pop().is_none() => {
                    self.errors.push(
                        Diagnostic::error("`#endif` without `#if`")
                            .with_primary(span, "no open conditional"),
                    );
                }
                "endif" => {}
                _ if !active => {}
                "define" => self.define(rest, adjacent, span),
                "undef" => {
                    if let Some(name) = ident(rest.first()) {
                        self.macros.remove(name);
                    }
                }
                "include" => self.include(rest, span, dir, at, depth),
                "error" => self.errors.push(
                    Diagnostic::error("`#error` directive reached")
                        .with_primary(span, "the preprocessor stops here"),
                ),
                // `#pragma unroll`, `#line`, `#warning` and unknown directives change nothing
                // mapcheck looks at.
                _ => {}
            }
        }
        self.flush(&mut pending);
        if !conds.is_empty() {
            let span = at.unwrap_or(Span::new(text.len(), text.len()));
            self.errors.push(
                Diagnostic::error("`#if` without `#endif`")
                    .with_primary(span, "the file ends inside a conditional"),
            );
        }
    }

    fn flush(&mut self, pending: &mut Vec<Tok>) {
        let toks = std::mem::take(pending);
        let mut out = std::mem::take(&mut self.out);
        self.expand(&toks, &mut Vec::new(), 0, &mut out);
        self.out = out;
    }

    fn define(&mut self, rest: &[Tok], adjacent: bool, span: Span) {
        let Some(name) = ident(rest.first()) else {
            self.errors.push(
                Diagnostic::error("`#define` without a name").with_primary(span, "expected a name"),
            );
            return;
        };
        let name = name.to_string();
        let function_like = adjacent && matches!(rest.get(1), Some(t) if t.token == Token::LParen);
        if !function_like {
            let body = rest.get(1..).unwrap_or(&[]).to_vec();
            self.macros.insert(name, Macro { params: None, body });
            return;
        }
        let mut params = Vec::new();
        let mut i = 2;
        loop {
            match rest.get(i).map(|t| &t.token) {
                Some(Token::RParen) => break,
                Some(Token::Ident(p)) => params.push(p.clone()),
                Some(Token::Ellipsis) => params.push("__VA_ARGS__".into()),
                Some(Token::Comma) => {}
                _ => {
                    self.errors.push(
                        Diagnostic::error(format!("malformed parameter list of macro `{name}`"))
                            .with_primary(span, "expected `NAME(a, b)`"),
                    );
                    return;
                }
            }
            i += 1;
        }
        let body = rest.get(i + 1..).unwrap_or(&[]).to_vec();
        self.macros.insert(
            name,
            Macro {
                params: Some(params),
                body,
            },
        );
    }

    fn include(&mut self, rest: &[Tok], span: Span, dir: &Path, at: Option<Span>, depth: usize) {
        let Some(Token::Str(quoted)) = rest.first().map(|t| &t.token) else {
            // `#include <...>`: system and CUDA headers; their built-ins are known.
            return;
        };
        let name = quoted.trim_matches('"');
        if depth >= MAX_INCLUDE_DEPTH {
            self.errors.push(
                Diagnostic::error("includes nested too deeply")
                    .with_primary(span, format!("more than {MAX_INCLUDE_DEPTH} levels")),
            );
            return;
        }
        let path: PathBuf = dir.join(name);
        match (self.read)(&path) {
            Ok(text) => {
                let sub = path.parent().map(Path::to_path_buf).unwrap_or_default();
                self.file(&text, &sub, Some(at.unwrap_or(span)), depth + 1);
            }
            Err(_) if is_system_header(name) => {}
            Err(why) => self.errors.push(
                Diagnostic::error(format!("cannot include `{name}`: {why}"))
                    .with_primary(span, "included here"),
            ),
        }
    }

    /// Expands macros in `toks` into `out`. `active` holds the macros being expanded, which are
    /// not expanded again (C's rule against recursive expansion).
    fn expand(&mut self, toks: &[Tok], active: &mut Vec<String>, depth: usize, out: &mut Vec<Tok>) {
        if depth > MAX_EXPANSION_DEPTH {
            if !self.overflow {
                self.overflow = true;
                let span = line_span(toks);
                self.errors.push(
                    Diagnostic::error("macro expansion nested too deeply")
                        .with_primary(span, format!("more than {MAX_EXPANSION_DEPTH} levels")),
                );
            }
            return;
        }
        let mut i = 0;
        while i < toks.len() {
            if out.len() > MAX_OUTPUT_TOKENS {
                if !self.overflow {
                    self.overflow = true;
                    self.errors.push(
                        Diagnostic::error("the preprocessed file is too large")
                            .with_primary(line_span(&toks[i..=i]), "expanding here"),
                    );
                }
                return;
            }
            let tok = &toks[i];
            let Some(name) = ident(Some(tok)) else {
                out.push(tok.clone());
                i += 1;
                continue;
            };
            let Some(mac) = self
                .macros
                .get(name)
                .filter(|_| !active.iter().any(|a| a == name))
            else {
                out.push(tok.clone());
                i += 1;
                continue;
            };
            let mac = mac.clone();
            let name = name.to_string();
            match &mac.params {
                None => {
                    let span = Span::new(tok.start, tok.end);
                    let body = respan(&mac.body, span);
                    active.push(name);
                    self.expand(&body, active, depth + 1, out);
                    active.pop();
                    i += 1;
                }
                Some(params) => {
                    let Some((args, close)) = arguments(toks, i + 1) else {
                        // A function-like macro's name without arguments is just a name.
                        out.push(tok.clone());
                        i += 1;
                        continue;
                    };
                    let span = Span::new(tok.start, toks[close].end);
                    let mut expanded_args = Vec::new();
                    for arg in &args {
                        let mut e = Vec::new();
                        self.expand(arg, active, depth + 1, &mut e);
                        expanded_args.push(e);
                    }
                    let body = substitute(&mac.body, params, &args, &expanded_args, span);
                    active.push(name);
                    self.expand(&body, active, depth + 1, out);
                    active.pop();
                    i = close + 1;
                }
            }
        }
    }

    /// Evaluates the condition of `#if`/`#elif`.
    fn condition(&mut self, toks: &[Tok], span: Span) -> bool {
        // `defined X` and `defined(X)` first, before their operands could be expanded.
        let mut pre = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if ident(toks.get(i)) == Some("defined") {
                let (name, next) = if toks.get(i + 1).map(|t| &t.token) == Some(&Token::LParen) {
                    (ident(toks.get(i + 2)), i + 4)
                } else {
                    (ident(toks.get(i + 1)), i + 2)
                };
                let value = name.is_some_and(|n| self.macros.contains_key(n));
                pre.push(Tok {
                    token: Token::Int((i64::from(value), false)),
                    start: toks[i].start,
                    end: toks[i].end,
                });
                i = next;
            } else {
                pre.push(toks[i].clone());
                i += 1;
            }
        }
        let mut expanded = Vec::new();
        self.expand(&pre, &mut Vec::new(), 0, &mut expanded);
        let mut eval = Eval {
            toks: &expanded,
            pos: 0,
            depth: 0,
        };
        match eval.ternary() {
            Ok(v) if eval.pos == expanded.len() => v != 0,
            Ok(_) | Err(()) => {
                self.errors.push(
                    Diagnostic::error("cannot evaluate the preprocessor condition")
                        .with_primary(span, "expected a C integer constant expression"),
                );
                false
            }
        }
    }
}

fn respan(toks: &[Tok], span: Span) -> Vec<Tok> {
    toks.iter()
        .map(|t| Tok {
            token: t.token.clone(),
            start: span.start,
            end: span.end,
        })
        .collect()
}

/// The arguments of a macro call whose `(` is at `open`, and the index of the closing `)`.
fn arguments(toks: &[Tok], open: usize) -> Option<(Vec<Vec<Tok>>, usize)> {
    if toks.get(open)?.token != Token::LParen {
        return None;
    }
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    for (j, t) in toks.iter().enumerate().skip(open + 1) {
        match t.token {
            Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
            Token::RParen if depth == 0 => {
                if args.len() == 1 && args[0].is_empty() {
                    args.clear();
                }
                return Some((args, j));
            }
            Token::RParen | Token::RBracket | Token::RBrace => depth = depth.saturating_sub(1),
            Token::Comma if depth == 0 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = args.last_mut() {
            last.push(t.clone());
        }
    }
    None
}

/// The body of a function-like macro with its parameters replaced: `#p` by a string, `a ## b`
/// by the pasted token, other uses by the fully expanded argument.
fn substitute(
    body: &[Tok],
    params: &[String],
    raw: &[Vec<Tok>],
    expanded: &[Vec<Tok>],
    span: Span,
) -> Vec<Tok> {
    let param = |t: &Tok| -> Option<usize> {
        match &t.token {
            Token::Ident(n) => params.iter().position(|p| p == n),
            _ => None,
        }
    };
    let empty = Vec::new();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let t = &body[i];
        if t.token == Token::Hash {
            if let Some(k) = body.get(i + 1).and_then(param) {
                let text: Vec<String> = raw
                    .get(k)
                    .unwrap_or(&empty)
                    .iter()
                    .map(|t| t.token.text())
                    .collect();
                out.push(Tok {
                    token: Token::Str(format!("\"{}\"", text.join(" "))),
                    start: span.start,
                    end: span.end,
                });
                i += 2;
                continue;
            }
        }
        if body.get(i + 1).map(|t| &t.token) == Some(&Token::HashHash) {
            let left: Vec<Tok> = match param(t) {
                Some(k) => raw.get(k).unwrap_or(&empty).clone(),
                None => vec![t.clone()],
            };
            let right: Vec<Tok> = match body.get(i + 2) {
                Some(r) => match param(r) {
                    Some(k) => raw.get(k).unwrap_or(&empty).clone(),
                    None => vec![r.clone()],
                },
                None => Vec::new(),
            };
            let text = format!(
                "{}{}",
                left.last().map(|t| t.token.text()).unwrap_or_default(),
                right.first().map(|t| t.token.text()).unwrap_or_default()
            );
            out.extend(respan(
                left.get(..left.len().saturating_sub(1)).unwrap_or(&[]),
                span,
            ));
            if let Ok(pasted) = lex(&text) {
                out.extend(respan(&pasted, span));
            }
            out.extend(respan(right.get(1..).unwrap_or(&[]), span));
            i += 3;
            continue;
        }
        match param(t) {
            Some(k) => out.extend(expanded.get(k).unwrap_or(&empty).iter().cloned()),
            None => out.push(Tok {
                token: t.token.clone(),
                start: span.start,
                end: span.end,
            }),
        }
        i += 1;
    }
    out
}

/// C integer constant expressions of `#if`, by precedence climbing; names left after
/// expansion are 0, as C says.
struct Eval<'t> {
    toks: &'t [Tok],
    pos: usize,
    depth: usize,
}

impl Eval<'_> {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos).map(|t| &t.token)
    }

    fn eat(&mut self, token: &Token) -> bool {
        if self.peek() == Some(token) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ternary(&mut self) -> Result<i64, ()> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            return Err(());
        }
        let c = self.binary(0)?;
        let v = if self.eat(&Token::Question) {
            let a = self.ternary()?;
            if !self.eat(&Token::Colon) {
                return Err(());
            }
            let b = self.ternary()?;
            if c != 0 {
                a
            } else {
                b
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(v)
    }

    fn level(token: &Token) -> Option<u8> {
        Some(match token {
            Token::OrOr => 1,
            Token::AndAnd => 2,
            Token::Pipe => 3,
            Token::Caret => 4,
            Token::Amp => 5,
            Token::EqEq | Token::Ne => 6,
            Token::Lt | Token::Le | Token::Gt | Token::Ge => 7,
            Token::Shl | Token::Shr => 8,
            Token::Plus | Token::Minus => 9,
            Token::Star | Token::Slash | Token::Percent => 10,
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> Result<i64, ()> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek().cloned() {
            let Some(level) = Self::level(&op).filter(|l| *l > min) else {
                break;
            };
            self.pos += 1;
            let rhs = self.binary(level)?;
            lhs = match op {
                Token::OrOr => i64::from(lhs != 0 || rhs != 0),
                Token::AndAnd => i64::from(lhs != 0 && rhs != 0),
                Token::Pipe => lhs | rhs,
                Token::Caret => lhs ^ rhs,
                Token::Amp => lhs & rhs,
                Token::EqEq => i64::from(lhs == rhs),
                Token::Ne => i64::from(lhs != rhs),
                Token::Lt => i64::from(lhs < rhs),
                Token::Le => i64::from(lhs <= rhs),
                Token::Gt => i64::from(lhs > rhs),
                Token::Ge => i64::from(lhs >= rhs),
                Token::Shl => lhs.wrapping_shl(u32::try_from(rhs & 63).unwrap_or(0)),
                Token::Shr => lhs.wrapping_shr(u32::try_from(rhs & 63).unwrap_or(0)),
                Token::Plus => lhs.wrapping_add(rhs),
                Token::Minus => lhs.wrapping_sub(rhs),
                Token::Star => lhs.wrapping_mul(rhs),
                Token::Slash => lhs.checked_div(rhs).ok_or(())?,
                Token::Percent => lhs.checked_rem(rhs).ok_or(())?,
                _ => return Err(()),
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<i64, ()> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            return Err(());
        }
        let token = self.peek().cloned().ok_or(())?;
        self.pos += 1;
        let v = match token {
            Token::Int((v, _)) | Token::Char(v) => v,
            Token::Ident(_) => 0,
            Token::Bang => i64::from(self.unary()? == 0),
            Token::Tilde => !self.unary()?,
            Token::Minus => self.unary()?.wrapping_neg(),
            Token::Plus => self.unary()?,
            Token::LParen => {
                let v = self.ternary()?;
                if !self.eat(&Token::RParen) {
                    return Err(());
                }
                v
            }
            _ => return Err(()),
        };
        self.depth -= 1;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, defines: &[(String, Option<String>)]) -> Vec<String> {
        let read = |_: &Path| -> Result<String, String> { Err("no such file".into()) };
        preprocess(Path::new("k.cu"), text, defines, &read)
            .unwrap()
            .into_iter()
            .map(|t| t.token.text())
            .collect()
    }

    #[test]
    fn macros_and_conditionals() {
        let text = "#define N 16\n#define SQ(x) ((x) * (x))\n#ifdef FAST\nfast\n#elif N > 8\nbig SQ(N)\n#else\nsmall\n#endif\n";
        assert_eq!(run(text, &[]).join(" "), "big ( ( 16 ) * ( 16 ) )");
        assert_eq!(run(text, &[("FAST".into(), None)]).join(" "), "fast");
    }

    #[test]
    fn recursion_is_stopped() {
        assert_eq!(run("#define A A + 1\nA\n", &[]).join(" "), "A + 1");
    }
}

#[cfg(test)]
mod include_tests {
    use super::*;

    /// Function-like macros of an included header expand, although its tokens all carry the
    /// span of the `#include`; a space before `(` still makes an object-like macro.
    #[test]
    fn function_like_macros_of_an_included_header() {
        let read = |p: &Path| -> Result<String, String> {
            if p.ends_with("m.h") {
                Ok("#define IDX(r, c) ((r) * 16 + (c))\n#define PAREN (1)\n".into())
            } else {
                Err("no such file".into())
            }
        };
        let text = "#include \"m.h\"\nIDX(a, b) PAREN\n";
        let out: Vec<String> = preprocess(Path::new("k.cu"), text, &[], &read)
            .unwrap()
            .into_iter()
            .map(|t| t.token.text())
            .collect();
        assert_eq!(out.join(" "), "( ( a ) * 16 + ( b ) ) ( 1 )");
    }
}
