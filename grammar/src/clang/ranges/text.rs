//! Positions of clang's locations in the main file, and the one lexical step of the ranges:
//! the blanks and comments between a node's last token and the token C requires after it (the
//! `;` of an expression statement, an `if`'s parentheses and `else`), which the JSON dump does
//! not place. A location in a macro expansion is [`Place::Macro`] where the macro is used.

use super::super::ast::{Kind, Node, Pos, SrcRange};
use super::super::driver::STDIN_NAME;
use super::Place;

/// The offset just after the blanks and comments that start at `at`.
pub fn skip_trivia(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(at) {
            Some(b) if b.is_ascii_whitespace() => at += 1,
            Some(b'\\') if matches!(bytes.get(at + 1), Some(b'\n')) => at += 2,
            Some(b'/') if bytes.get(at + 1) == Some(&b'/') => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            Some(b'/') if bytes.get(at + 1) == Some(&b'*') => match text[at + 2..].find("*/") {
                Some(i) => at += 2 + i + 2,
                None => return text.len(),
            },
            _ => return at,
        }
    }
}

/// The offset after the token `want` that follows `at` after blanks and comments, if it does.
pub(super) fn token_after(text: &str, at: usize, want: &str) -> Option<usize> {
    let t = skip_trivia(text, at);
    let word = want.bytes().all(|b| b.is_ascii_alphabetic());
    let after = t + want.len();
    let ends = !word
        || text
            .as_bytes()
            .get(after)
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
    (text[t..].starts_with(want) && ends).then_some(after)
}

/// The offset of the `)` that is the last token before `to`, scanning from `from` with
/// comments and string and character literals skipped; none when anything but blanks and
/// comments follows the `)`, or when a literal is one this scan does not read (a raw string, a
/// digit separator, a prefixed character literal).
pub(super) fn last_paren_before(text: &str, from: usize, to: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut last = None;
    let mut i = from;
    while i < to {
        let skipped = skip_trivia(text, i);
        if skipped > i {
            i = skipped;
            continue;
        }
        match bytes[i] {
            q @ (b'"' | b'\'') => {
                if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                    return None;
                }
                i += 1;
                while i < to && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b')' => last = Some(i),
            _ => {}
        }
        i += 1;
    }
    last.filter(|&c| skip_trivia(text, c + 1) == to)
}

pub(super) fn in_main(p: &Pos) -> bool {
    p.file.as_deref() == Some(STDIN_NAME)
}

/// Where a position is: `Ok(offset)` of its token in the text with the token's length, or
/// `Err` with the place of the macro expansion it belongs to.
pub(super) fn position(p: &Pos) -> Result<(usize, usize), Place> {
    match (&p.spelling, &p.expansion) {
        (_, Some(e)) => match e.at() {
            Some(o) if in_main(e) => Err(Place::Macro(o)),
            _ => Err(Place::Unknown),
        },
        _ => match p.at() {
            Some(o) if in_main(p) => Ok((o, p.token_len())),
            _ => Err(Place::Unknown),
        },
    }
}

/// The offset where a range's last token ends: its own, or that of an object-like macro whose
/// name ends the range (no `(` after it).
pub(super) fn end_of(text: &str, p: &Pos) -> Result<usize, Place> {
    match position(p) {
        Ok((o, len)) => Ok(o + len),
        Err(Place::Macro(at)) => {
            let name = identifier_at(text, at).ok_or(Place::Macro(at))?;
            let after = at + name.len();
            if text[skip_trivia(text, after)..].starts_with('(') {
                Err(Place::Macro(at))
            } else {
                Ok(after)
            }
        }
        Err(other) => Err(other),
    }
}

pub(super) fn identifier_at(text: &str, at: usize) -> Option<&str> {
    let rest = text.get(at..)?;
    let len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    (len > 0 && !rest.as_bytes()[0].is_ascii_digit()).then(|| &rest[..len])
}

/// The text a range covers (the end of its last token included), or where a macro makes it
/// unknown. A range that begins in a macro expansion begins where the macro is used only when
/// its end lies after that use (the expansion begins the range); begin and end in one
/// expansion is [`Place::Macro`].
pub(super) fn place_of(text: &str, r: &SrcRange) -> Place {
    let begin = match position(&r.begin) {
        Ok((o, _)) => Ok(o),
        Err(Place::Macro(at)) => Err(at),
        Err(other) => return other,
    };
    match (begin, end_of(text, &r.end)) {
        (Ok(b), Ok(e)) if b <= e => Place::Text(b..e),
        (Err(a), Ok(e)) if a < e && !matches!(position(&r.end), Err(Place::Macro(x)) if x == a) => {
            Place::Text(a..e)
        }
        (Err(a), _) => Place::Macro(a),
        (Ok(_), Err(p)) => p,
        _ => Place::Unknown,
    }
}

/// Whether a statement's text ends with a `;` that clang's range leaves out.
pub(super) fn needs_semicolon(n: &Node) -> bool {
    match n.kind {
        Kind::CompoundStmt | Kind::DeclStmt | Kind::NullStmt => false,
        Kind::IfStmt
        | Kind::ForStmt
        | Kind::WhileStmt
        | Kind::SwitchStmt
        | Kind::LabelStmt
        | Kind::CaseStmt
        | Kind::DefaultStmt
        | Kind::AttributedStmt => last_statement(n).is_some_and(needs_semicolon),
        _ => true,
    }
}

/// The sub-statement that ends a statement (the else-branch, a loop's body, a label's
/// statement).
pub(super) fn last_statement(n: &Node) -> Option<&Node> {
    n.inner.iter().rev().find(|c| !c.is_meta() && !c.is_null())
}

/// The statement with its `;`.
pub(super) fn extent(text: &str, n: &Node) -> Place {
    let Some(r) = &n.range else {
        return Place::Unknown;
    };
    match place_of(text, r) {
        Place::Text(t) if needs_semicolon(n) => match token_after(text, t.end, ";") {
            Some(end) => Place::Text(t.start..end),
            None => match position(&r.end) {
                Err(p @ Place::Macro(_)) => p,
                _ => Place::Unknown,
            },
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trivia_is_blanks_and_comments() {
        let t = "a /* } */ // ;\n  ; b";
        assert_eq!(skip_trivia(t, 1), 17);
        assert_eq!(token_after(t, 1, ";"), Some(18));
        assert_eq!(token_after("x else_y", 1, "else"), None);
        assert_eq!(token_after("x else{", 1, "else"), Some(6));
    }
}
