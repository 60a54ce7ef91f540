//! Typedef names inside the types clang prints. clang's JSON gives a type's canonical form
//! (`desugaredQualType`) only when the type itself is a typedef (`uint`), not when one is
//! inside it: `uint *`, `const real *`, `size_t *` and `uint32_t *` come as written. Read as
//! they come, `uint` is a struct nobody declared, and every access through such a pointer an
//! access of an unknown cell: a race-free kernel that indexes a `uint *` by the thread id was
//! `possibly-racy (data-dependent)`. This pass fills in the canonical form of such types
//! from the typedefs of the translation unit (the file's and the headers').
//!
//! Enumerations are integers of their underlying type, and are expanded as typedefs of it are
//! (`enum class Lane : unsigned char` makes `Lane` an `unsigned char`). A class's name makes a
//! typedef or enumeration of the same name in another scope ambiguous (left alone) rather than
//! taken for the class.
//!
//! Only typedefs of scalars, `void`, structs by name and pointers to them (through other such
//! typedefs) are expanded (`typedef struct Q_ {...} Q;` makes `Q *` a `Q_ *`; a struct without
//! a name is known by its typedef's name, `Globals::records`); one of an array is not spliced
//! into another type's text (`vec3 v[4]`, 4 arrays of 3, would read as 3 arrays of 4), nor one
//! of a template or a function type. A name typedef'd twice to different types (in two scopes) is left
//! alone.

use super::ast::{Kind, Node, Type};
use super::types::{identifiers, CType};
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
        for t in [n.ty.as_mut(), decl].into_iter().flatten() {
            fill(t, &table);
        }
        if let Some(r) = n.rare_mut() {
            for t in [
                r.compute_lhs_type.as_mut(),
                r.arg_type.as_mut(),
                r.ctor_type.as_mut(),
            ]
            .into_iter()
            .flatten()
            {
                fill(t, &table);
            }
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
/// name declared twice with different types; one declared in a namespace or a struct also by
/// its qualified name (`ns::idx`, `Grid::index_t`).
fn typedefs(root: &Node) -> BTreeMap<String, Option<String>> {
    let mut found: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut add = |name: String, text: &str| {
        found
            .entry(name)
            .and_modify(|t| {
                if t.as_deref() != Some(text) {
                    *t = None;
                }
            })
            .or_insert_with(|| Some(text.to_string()));
    };
    let mut stack: Vec<(&Node, String)> = vec![(root, String::new())];
    while let Some((n, scope)) = stack.pop() {
        let declared = match (&n.kind, &n.name) {
            (Kind::TypedefDecl | Kind::TypeAliasDecl, Some(name)) => {
                n.ty.as_ref().map(|ty| (name, ty.canonical().to_string()))
            }
            // An enumeration is an integer of its underlying type (C++ [dcl.enum]).
            (Kind::EnumDecl, Some(name)) if !name.is_empty() => Some((name, underlying(n))),
            // A class's name stands for the class: the same name declared as a typedef or an
            // enumeration elsewhere is ambiguous, and left alone.
            (Kind::CXXRecordDecl | Kind::RecordDecl, Some(name))
                if !name.is_empty() && n.complete_definition == Some(true) =>
            {
                Some((name, CLASS.to_string()))
            }
            _ => None,
        };
        if let Some((name, text)) = declared {
            add(name.clone(), &text);
            if !scope.is_empty() {
                add(format!("{scope}{name}"), &text);
            }
        }
        let inner = match (&n.kind, n.name.as_deref()) {
            (Kind::NamespaceDecl | Kind::CXXRecordDecl | Kind::RecordDecl, Some(name))
                if !name.is_empty() =>
            {
                format!("{scope}{name}::")
            }
            _ => scope,
        };
        stack.extend(n.inner.iter().map(|c| (c, inner.clone())));
    }
    // A class's name only makes a typedef or enumeration of the same name ambiguous.
    found.retain(|_, text| text.as_deref() != Some(CLASS));
    found
}

/// Stands for "a class of this name" in [`typedefs`]' table: no type's text.
const CLASS: &str = "\0class";

/// The underlying type of an enumeration: the one written after `:`, else (C++ [dcl.enum]
/// 7, as clang and GCC choose it) `int` when every enumerator fits in it, then `unsigned
/// int`, `long long` and `unsigned long long`.
fn underlying(n: &Node) -> String {
    if let Some(t) = &n.fixed_underlying_type {
        return t.canonical().to_string();
    }
    let (lo, hi) = n
        .enumerators()
        .iter()
        .fold((0i128, 0i128), |(lo, hi), (_, v)| (lo.min(*v), hi.max(*v)));
    let fits = |bits: u32, signed: bool| {
        let (min, max) = if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        };
        min <= lo && hi <= max
    };
    match () {
        _ if fits(32, true) => "int",
        _ if fits(32, false) => "unsigned int",
        _ if fits(64, true) => "long long",
        _ => "unsigned long long",
    }
    .to_string()
}

/// The typedefs whose text, with the typedefs inside it expanded in turn, is a scalar, `void`,
/// a struct or pointers to one: each with that text.
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
        CType::Scalar(_) | CType::Void | CType::Record(_) => true,
        CType::Pointer(p) => plain(p),
        CType::Reference(_) | CType::Array(..) | CType::Other(_) => false,
    }
}

/// `text` with each name that `table` holds replaced by its text: an identifier or a
/// qualified name (`ns::idx`, `::idx`), not a tag's name (`struct S`), not a member of a
/// template's instance (`Box<T>::value_type`), not a template's name (`Box<int>`).
fn substitute(text: &str, table: &BTreeMap<String, String>) -> String {
    let ids = identifiers(text);
    let mut out = String::with_capacity(text.len());
    let (mut last, mut previous, mut k) = (0, "", 0);
    while k < ids.len() {
        let (start, mut end) = ids[k];
        k += 1;
        // The whole path `a::b::c`.
        while k < ids.len() && &text[end..ids[k].0] == "::" {
            end = ids[k].1;
            k += 1;
        }
        let (before, path) = (&text[last..start], &text[start..end]);
        let global = before.ends_with("::");
        let member = global && text[..start - 2].ends_with('>');
        // `enum E` names the enumeration E, an integer like `E` alone.
        let tag = matches!(previous, "struct" | "class" | "union");
        match table.get(path) {
            Some(t) if !tag && !member && !text[end..].starts_with('<') => {
                out.push_str(before.strip_suffix("::").unwrap_or(before));
                out.push_str(t);
            }
            _ => {
                out.push_str(before);
                out.push_str(path);
            }
        }
        previous = path;
        last = end;
    }
    out.push_str(&text[last..]);
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
    fn scalars_structs_and_pointers_expand_arrays_and_templates_do_not() {
        let t = table(&[
            ("uint", "unsigned int"),
            ("word", "uint"),
            ("wordp", "word *"),
            ("Q", "Q_"),
            ("vec3", "float[3]"),
            ("IntBox", "Box<int>"),
        ]);
        assert_eq!(substitute("uint *", &t), "unsigned int *");
        assert_eq!(substitute("const word *", &t), "const unsigned int *");
        assert_eq!(substitute("wordp *", &t), "unsigned int * *");
        assert_eq!(substitute("Q *", &t), "Q_ *");
        assert_eq!(substitute("vec3[4]", &t), "vec3[4]");
        assert_eq!(substitute("IntBox *", &t), "IntBox *");
        // A tag's name is not a typedef name; a qualified one is when declared so.
        let t = table(&[("T", "int"), ("ns::idx", "long")]);
        assert_eq!(substitute("struct T *", &t), "struct T *");
        assert_eq!(substitute("ns::T *", &t), "ns::T *");
        assert_eq!(substitute("ns::idx *", &t), "long *");
        assert_eq!(substitute("::ns::idx *const", &t), "long *const");
        assert_eq!(substitute("Tx *", &t), "Tx *");
        assert_eq!(substitute("Box<T>::T *", &t), "Box<int>::T *");
    }
}
