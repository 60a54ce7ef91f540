//! The launches a file's host code makes (`k<<<grid, block>>>(...)`), read for one fact: which
//! dimensions of the grid and the block some launch of a kernel may make larger than 1.
//!
//! The launch conventions (SPEC §8) take a dimension the kernel never reads to be 1: a kernel
//! that never reads `blockIdx` is checked for one block. That is the launch its code is
//! written for, unless the file says otherwise — and a whole program does: `main` launching
//! `k<<<4, 64>>>` a kernel that indexes by `threadIdx.x` alone is the classic "forgot
//! `blockIdx`" bug, four blocks writing the same cells, which the convention hid (`drf`). A
//! dimension that a launch of the kernel in the file sets to anything but the literal 1 (a
//! literal, or a value computed at run time) is therefore not assumed 1: the lowering marks it
//! read ([`Launches::opened`]), the way it marks a read the lowered code lost, and the
//! conventions leave it open.
//!
//! Only evidence opens a dimension. A configuration this module cannot see into (a `dim3`
//! parameter of the host function, a variable written after its declaration) shows nothing,
//! and the dimensions it could set stay under the conventions, as they were without host
//! code; the report states those assumptions either way. Nothing here fixes a dimension to a
//! launch's value: the kernel is still checked for every size of the dimensions it reads.

use super::terms::const_int_expr;
use super::*;

/// What one argument of a launch configuration (`grid` or `block`) says of each of its three
/// components: `Some(true)` may be larger than 1, `Some(false)` is the literal 1, `None` not
/// seen.
type Shape = [Option<bool>; 3];

/// The launches of a translation unit, by the kernel each calls.
#[derive(Debug, Default)]
pub(super) struct Launches<'a> {
    /// By the id of the kernel's definition: the shapes of each launch, grid then block.
    by_kernel: HashMap<&'a str, Vec<(Shape, Shape)>>,
}

impl<'a> Launches<'a> {
    /// Every `CUDAKernelCallExpr` of `root` (host code: device code cannot launch, and the
    /// lowering refuses it there), resolved to the kernel's definition through `g`.
    pub(super) fn collect(root: &'a Node, g: &Globals<'a>) -> Launches<'a> {
        let mut launches = Launches::default();
        // (node, the function whose body it is in)
        let mut stack: Vec<(&'a Node, Option<&'a Node>)> = vec![(root, None)];
        while let Some((n, function)) = stack.pop() {
            let here = if matches!(n.kind, Kind::FunctionDecl | Kind::CXXMethodDecl)
                || matches!(&n.kind, Kind::Other(k) if k == "CXXConstructorDecl")
            {
                Some(n)
            } else {
                function
            };
            let found = match n.kind {
                Kind::CUDAKernelCallExpr => launch(n, here, g),
                Kind::CallExpr => runtime_launch(n, here, g),
                _ => None,
            };
            if let Some((kernel, shapes)) = found {
                launches.by_kernel.entry(kernel).or_default().push(shapes);
            }
            stack.extend(n.inner.iter().map(|c| (c, here)));
        }
        launches
    }

    /// The geometry built-ins (`nbid.x`, `ntid.y`, ...) of the dimensions some launch of
    /// `kernel` in the file may make larger than 1.
    pub(super) fn opened(&self, kernel: &Node) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (grid, block) in self.by_kernel.get(kernel.id.as_str()).into_iter().flatten() {
            for (side, shape) in [("nbid", grid), ("ntid", block)] {
                for (d, larger) in ["x", "y", "z"].iter().zip(shape) {
                    if *larger == Some(true) {
                        out.insert(format!("{side}.{d}"));
                    }
                }
            }
        }
        out
    }
}

/// The kernel a launch calls (its definition's id) and the shapes of its grid and block.
fn launch<'a>(
    n: &'a Node,
    function: Option<&'a Node>,
    g: &Globals<'a>,
) -> Option<(&'a str, (Shape, Shape))> {
    let mut exprs = n.exprs();
    let callee = strip_implicit(exprs.next()?);
    let config = strip_implicit(exprs.next()?);
    if config.kind != Kind::CallExpr {
        return None;
    }
    launched(callee, config.exprs().skip(1), function, g)
}

/// The kernel `named` names (its definition's id) and the shapes of the grid and block that are
/// the first two of `args`.
fn launched<'a>(
    named: &'a Node,
    mut args: impl Iterator<Item = &'a Node>,
    function: Option<&'a Node>,
    g: &Globals<'a>,
) -> Option<(&'a str, (Shape, Shape))> {
    let id = named.referenced_decl.as_ref()?.id.as_str();
    let kernel = g.functions.get(id)?.id.as_str();
    let grid = shape(args.next()?, function, g);
    let block = shape(args.next()?, function, g);
    Some((kernel, (grid, block)))
}

/// A launch through the runtime API (`cudaLaunchKernel((void *)k, grid, block, args, ...)`,
/// `cudaLaunchCooperativeKernel`): a call clang resolved to mapcheck's declaration of one of
/// them, whose first argument names a kernel.
fn runtime_launch<'a>(
    n: &'a Node,
    function: Option<&'a Node>,
    g: &Globals<'a>,
) -> Option<(&'a str, (Shape, Shape))> {
    let mut exprs = n.exprs();
    let callee = strip_implicit(exprs.next()?);
    let decl = g.decls.get(callee.referenced_decl.as_ref()?.id.as_str())?;
    let launcher = matches!(
        decl.name.as_deref(),
        Some("cudaLaunchKernel" | "cudaLaunchCooperativeKernel")
    );
    if !launcher || !decl.file().is_some_and(is_prelude_file) {
        return None;
    }
    // Through the casts to `const void *` and the function's decay to a pointer.
    let mut func = strip_implicit(exprs.next()?);
    while matches!(func.kind, Kind::CStyleCastExpr | Kind::CXXStaticCastExpr) {
        func = strip_implicit(func.exprs().next()?);
    }
    launched(func, exprs, function, g)
}

/// What an argument of type `dim3` says of its components.
fn shape(arg: &Node, function: Option<&Node>, g: &Globals<'_>) -> Shape {
    let arg = strip_implicit(arg);
    match arg.kind {
        Kind::CXXConstructExpr | Kind::CXXTemporaryObjectExpr => {
            let parts: Vec<&Node> = arg.exprs().collect();
            // A copy (`dim3 b = block`, or passing `block` by value): the copied one's shape.
            if let [only] = parts.as_slice() {
                if is_dim3(only) {
                    return shape(only, function, g);
                }
            }
            let mut out = [Some(false); 3];
            for (slot, part) in out.iter_mut().zip(&parts) {
                *slot = Some(component(part, g) != Some(1));
            }
            out
        }
        Kind::DeclRefExpr => arg
            .referenced_decl
            .as_ref()
            .and_then(|d| unchanged_init(&d.id, function?))
            .map_or([None; 3], |init| shape(init, function, g)),
        _ => [None; 3],
    }
}

/// The value of one component when it is a constant.
fn component(part: &Node, g: &Globals<'_>) -> Option<i128> {
    let part = match part.kind {
        // The constructor's default (`dim3(64)` leaves `y` and `z` at 1).
        Kind::CXXDefaultArgExpr => part.exprs().next()?,
        _ => part,
    };
    let named = |id: &str| {
        g.constants
            .get(id)
            .or_else(|| g.enumerators.get(id))
            .copied()
    };
    const_int_expr(part, &named)
}

/// The initialiser of the local variable `id` of `function` when nothing in the function can
/// change the variable after it (every use of it a read of its value or a copy): the
/// configuration a launch passes by name is then that initialiser.
fn unchanged_init<'a>(id: &str, function: &'a Node) -> Option<&'a Node> {
    let mut decl = None;
    let mut changed = false;
    let mut stack: Vec<(&Node, Option<&Node>)> = vec![(function, None)];
    while let Some((n, parent)) = stack.pop() {
        if n.kind == Kind::VarDecl && n.id == id {
            decl = Some(n);
        }
        let names_it =
            n.kind == Kind::DeclRefExpr && n.referenced_decl.as_ref().is_some_and(|d| d.id == id);
        if names_it && !read_only_use(parent) {
            changed = true;
        }
        stack.extend(n.inner.iter().map(|c| (c, Some(n))));
    }
    if changed {
        return None;
    }
    decl?.exprs().last()
}

/// Whether a use of a variable whose parent node is `parent` only reads it: its value loaded,
/// a component read, or the whole copied (the copy constructor's argument binds a `const`
/// reference).
fn read_only_use(parent: Option<&Node>) -> bool {
    let Some(p) = parent else {
        return false;
    };
    match p.kind {
        // A load, or the `const` view a copy constructor's argument binds.
        Kind::ImplicitCastExpr => match p.cast_kind {
            Some("LValueToRValue") => true,
            Some("NoOp") => p.qual_type().starts_with("const "),
            _ => false,
        },
        Kind::CXXConstructExpr => is_dim3(p),
        // `block.x` as a value: read through the member, which a parent cast loads.
        _ => false,
    }
}

/// Whether `n` has type `dim3` (or a reference to it; the resolve stage may have written the
/// record's declaration after an `@`).
fn is_dim3(n: &Node) -> bool {
    let ty = n.qual_type().trim_start_matches("const ");
    let ty = ty.trim_start_matches("struct ").trim_end_matches(" &");
    ty.split('@').next() == Some("dim3")
}

/// `n` without the implicit nodes clang wraps a configuration's parts in.
fn strip_implicit(n: &Node) -> &Node {
    match n.kind {
        Kind::ImplicitCastExpr
        | Kind::ParenExpr
        | Kind::MaterializeTemporaryExpr
        | Kind::CXXBindTemporaryExpr
        | Kind::ExprWithCleanups
        | Kind::ConstantExpr
        | Kind::CXXFunctionalCastExpr => n.exprs().next().map_or(n, strip_implicit),
        _ => n,
    }
}
