//! Questions about clang's AST nodes that need no lowering state: the children of a node, the
//! declaration a callee names, side effects, `continue`s, the ids a function declares, and
//! whether a file is one of mapcheck's own headers.

use super::*;

/// The `i`-th child of `n` that is an expression or statement.
pub(super) fn child(n: &Node, i: usize) -> Option<&Node> {
    n.exprs().nth(i)
}

/// The declaration a callee expression names, through casts and parentheses.
pub(super) fn callee_decl(n: &Node) -> Option<&crate::clang::ast::DeclRef> {
    match n.kind {
        Kind::DeclRefExpr => n.referenced_decl.as_deref(),
        Kind::ImplicitCastExpr | Kind::ParenExpr | Kind::CStyleCastExpr => {
            n.exprs().next().and_then(callee_decl)
        }
        _ => None,
    }
}

/// GPUVerify's access predicates and pure helpers, declared as functions by the prelude
/// (`__write(p)`, `__is_pow2(x)`).
const GPUVERIFY_PREDICATES: [&str; 14] = [
    "__no_read",
    "__no_write",
    "__read",
    "__write",
    "__atomic",
    "__read_offset",
    "__write_offset",
    "__read_offset_bytes",
    "__write_offset_bytes",
    "__ptr_offset_bytes",
    "__ptr_base",
    "__ptr_offset",
    "__is_pow2",
    "__mod_pow2",
];

/// Whether evaluating `n` may change memory or a variable (an annotation's argument must
/// not).
pub(super) fn has_side_effects(n: &Node) -> bool {
    let here = match n.kind {
        Kind::BinaryOperator => n.opcode == Some("="),
        Kind::CompoundAssignOperator => true,
        Kind::UnaryOperator => matches!(n.opcode, Some("++" | "--")),
        Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => n
            .exprs()
            .next()
            .and_then(callee_decl)
            .and_then(|d| d.name.as_deref())
            .is_none_or(|name| {
                // mapcheck's own predicates and GPUVerify's postcondition helpers and access
                // predicates (functions of the prelude) are pure.
                !(name.starts_with("__mapcheck_")
                    || name.starts_with("__return_val")
                    || name == "__old"
                    || GPUVERIFY_PREDICATES.contains(&name))
            }),
        _ => false,
    };
    here || n.inner.iter().any(has_side_effects)
}

/// Whether `n` or an expression in it has a `volatile` type (two reads of such an object are
/// two accesses, whose values may differ).
pub(super) fn mentions_volatile(n: &Node) -> bool {
    n.qual_type().contains("volatile") || n.inner.iter().any(mentions_volatile)
}

/// Whether `n` reads `this` anywhere.
pub(super) fn mentions_this(n: &Node) -> bool {
    n.kind == Kind::CXXThisExpr || n.inner.iter().any(mentions_this)
}

pub(super) fn strip_parens(n: &Node) -> &Node {
    match n.kind {
        Kind::ParenExpr => n.exprs().next().map_or(n, strip_parens),
        _ => n,
    }
}

/// Whether a file is one of mapcheck's headers whose functions have bodies meant to be
/// inlined like the user's own (`helper_math.h`: the CUDA samples' vector code, spelled out).
pub(super) fn is_inlined_header(file: &str) -> bool {
    std::path::Path::new(file)
        .file_name()
        .is_some_and(|n| n == "helper_math.h")
}

/// Whether a file is one of mapcheck's own headers.
pub(super) fn is_prelude_file(file: &str) -> bool {
    let name = std::path::Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    crate::clang::driver::HEADERS
        .iter()
        .any(|(h, _)| h.rsplit('/').next() == Some(name))
        && file.contains("mapcheck")
}

/// The ids of the parameters and local variables a function declares.
/// Whether `n` has a `continue` of the loop around it (not of a loop nested in it).
pub(super) fn has_continue(n: &Node) -> bool {
    match n.kind {
        Kind::ContinueStmt => true,
        Kind::ForStmt | Kind::WhileStmt | Kind::DoStmt => false,
        _ => n.inner.iter().any(has_continue),
    }
}

pub(super) fn collect_decl_ids(n: &Node, out: &mut Vec<String>) {
    if matches!(n.kind, Kind::ParmVarDecl | Kind::VarDecl) {
        out.push(n.id.clone());
    }
    for c in &n.inner {
        collect_decl_ids(c, out);
    }
}

/// Whether `n` may leave or restart the statement around it: a `return` anywhere, or a
/// `break` or `continue` not inside a loop (or, for `break`, a `switch`) nested in `n`.
pub(super) fn has_exit(n: &Node) -> bool {
    fn walk(n: &Node, in_loop: bool, in_switch: bool) -> bool {
        match n.kind {
            Kind::ReturnStmt => true,
            Kind::BreakStmt => !(in_loop || in_switch),
            Kind::ContinueStmt => !in_loop,
            Kind::ForStmt | Kind::WhileStmt | Kind::DoStmt => {
                n.inner.iter().any(|c| walk(c, true, in_switch))
            }
            Kind::SwitchStmt => n.inner.iter().any(|c| walk(c, in_loop, true)),
            _ => n.inner.iter().any(|c| walk(c, in_loop, in_switch)),
        }
    }
    walk(n, false, false)
}
