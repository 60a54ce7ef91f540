//! S-expressions, as the driver prints them.

use super::CoqError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    /// The constructor and its arguments: `(C a b)` or the bare atom `C`.
    pub(super) fn split(&self) -> (&str, &[Sexp]) {
        match self {
            Sexp::Atom(a) => (a, &[]),
            Sexp::List(items) => match &items[..] {
                [Sexp::Atom(head), args @ ..] => (head, args),
                _ => ("", &[]),
            },
        }
    }

    pub(super) fn atom(&self) -> Result<&str, CoqError> {
        match self {
            Sexp::Atom(a) => Ok(a),
            Sexp::List(_) => Err(CoqError(format!("expected an atom, got {self:?}"))),
        }
    }
}

pub(super) fn parse_sexp(text: &str) -> Result<Sexp, CoqError> {
    let mut tokens = Vec::new();
    let mut atom = String::new();
    for c in text.chars() {
        if c == '(' || c == ')' || c.is_whitespace() {
            if !atom.is_empty() {
                tokens.push(std::mem::take(&mut atom));
            }
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
        } else {
            atom.push(c);
        }
    }
    if !atom.is_empty() {
        tokens.push(atom);
    }
    let mut pos = 0;
    let sexp = parse_tokens(&tokens, &mut pos)?;
    if pos != tokens.len() {
        return Err(CoqError(format!("trailing input in `{text}`")));
    }
    Ok(sexp)
}

pub(super) fn parse_tokens(tokens: &[String], pos: &mut usize) -> Result<Sexp, CoqError> {
    let tok = tokens.get(*pos).ok_or("unexpected end of input")?;
    *pos += 1;
    match tok.as_str() {
        "(" => {
            let mut items = Vec::new();
            loop {
                match tokens.get(*pos).map(String::as_str) {
                    Some(")") => {
                        *pos += 1;
                        return Ok(Sexp::List(items));
                    }
                    Some(_) => items.push(parse_tokens(tokens, pos)?),
                    None => return Err("unclosed parenthesis".into()),
                }
            }
        }
        ")" => Err("unexpected `)`".into()),
        atom => Ok(Sexp::Atom(atom.to_string())),
    }
}
