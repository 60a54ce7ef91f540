//! Typedef names inside the types clang prints. clang's JSON gives a type's canonical form
//! (`desugaredQualType`) only when the type itself is a typedef (`uint`), not when one is
//! inside it: `uint *`, `const real *`, `size_t *` and `uint32_t *` come as written. Read as
//! they come, `uint` is a struct nobody declared, and every access through such a pointer an
//! access of an unknown cell: a race-free kernel that indexes a `uint *` by the thread id was
//! `possibly-racy (data-dependent)`. This pass fills in the canonical form of such types
//! from the typedefs of the translation unit (the file's and the headers').
//!
//! Only typedefs of scalars, `void` and pointers to them (through other such typedefs) are
//! expanded: a typedef of a struct keeps its name, which the lowering already resolves, and
//! one of an array is not spliced into another type's text (`vec3 v[4]`, 4 arrays of 3, would
//! read as 3 arrays of 4). A name typedef'd twice to different types (in two scopes) is left
//! alone.

use super::ast::{Kind, Node, Type};
use super::types::CType;
use std::collections::BTreeMap;

/// Gives every type of the tree that names an expandable typedef its canonical form.
pub fn desugar(root: &mut Node) {
    let table = expandable(typedefs(root));
    if table.is_empty() {
        return;
    }
    let mut stack: Vec<&mut Node> = vec![root];
    while let Some(n) = stack.pop() {
        let decl = n.referenced_decl.as_mut().and_then(|d| d.ty.as_mut());
        for t in [
            n.ty.as_mut(),
            n.compute_lhs_type.as_mut(),
            n.arg_type.as_mut(),
            n.ctor_type.as_mut(),
            decl,
        ]
        .into_iter()
        .flatten()
        {
            fill(t, &table);
        }
        stack.extend(n.inner.iter_mut());
    }
}

fn fill(t: &mut Type, table: &BTreeMap<String, String>) {
    let text = t.canonical();
    let expanded = substitute(text, table);
    if expanded != text {
        t.desugared = Some(expanded);
    }
}

/// Every typedef and alias declaration's name with its type's canonical text, `None` for a
/// name declared twice with different types.
fn typedefs(root: &Node) -> BTreeMap<String, Option<String>> {
    let mut found: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut stack: Vec<&Node> = vec![root];
    while let Some(n) = stack.pop() {
        if matches!(n.kind, Kind::TypedefDecl | Kind::TypeAliasDecl) {
            if let (Some(name), Some(ty)) = (&n.name, &n.ty) {
                let text = ty.canonical().to_string();
                found
                    .entry(name.clone())
                    .and_modify(|t| {
                        if t.as_deref() != Some(text.as_str()) {
                            *t = None;
                        }
                    })
                    .or_insert(Some(text));
            }
        }
        stack.extend(n.inner.iter());
    }
    found
}

/// The typedefs whose text, with the typedefs inside it expanded in turn, is a scalar, `void`
/// or pointers to one: each with that text.
fn expandable(found: BTreeMap<String, Option<String>>) -> BTreeMap<String, String> {
    let known: BTreeMap<String, String> = found
        .into_iter()
        .filter_map(|(name, text)| Some((name, text?)))
        .collect();
    let mut table = BTreeMap::new();
    for (name, text) in &known {
        // A chain of typedefs is short; a cycle (impossible in C) stops at the bound.
        let mut t = text.clone();
        for _ in 0..8 {
            let next = substitute(&t, &known);
            if next == t {
                break;
            }
            t = next;
        }
        if plain(&CType::parse(&t)) {
            table.insert(name.clone(), t);
        }
    }
    table
}

fn plain(t: &CType) -> bool {
    match t {
        CType::Scalar(_) | CType::Void => true,
        CType::Pointer(p) => plain(p),
        CType::Reference(_) | CType::Array(..) | CType::Record(_) | CType::Other(_) => false,
    }
}

/// `text` with each identifier that `table` names replaced by its text, except a tag's name
/// (`struct S`) and a part of a qualified name (`ns::T`).
fn substitute(text: &str, table: &BTreeMap<String, String>) -> String {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut previous = "";
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if !(c.is_ascii_alphabetic() || c == '_') {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let qualified = out.ends_with("::") || after.starts_with("::");
        let tag = matches!(previous, "struct" | "class" | "union" | "enum");
        match table.get(word) {
            Some(t) if !qualified && !tag => out.push_str(t),
            _ => out.push_str(word),
        }
        previous = word;
        rest = after;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        expandable(
            pairs
                .iter()
                .map(|(n, t)| (n.to_string(), Some(t.to_string())))
                .collect(),
        )
    }

    #[test]
    fn scalars_and_pointers_expand_records_and_arrays_do_not() {
        let t = table(&[
            ("uint", "unsigned int"),
            ("word", "uint"),
            ("wordp", "word *"),
            ("S", "struct S"),
            ("vec3", "float[3]"),
        ]);
        assert_eq!(substitute("uint *", &t), "unsigned int *");
        assert_eq!(substitute("const word *", &t), "const unsigned int *");
        assert_eq!(substitute("wordp *", &t), "unsigned int * *");
        assert_eq!(substitute("S *", &t), "S *");
        assert_eq!(substitute("vec3[4]", &t), "vec3[4]");
        // A tag and a qualified name are not typedef names.
        let t = table(&[("T", "int")]);
        assert_eq!(substitute("struct T *", &t), "struct T *");
        assert_eq!(substitute("ns::T *", &t), "ns::T *");
        assert_eq!(substitute("Tx *", &t), "Tx *");
    }
}
