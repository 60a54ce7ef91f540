//! The lowering of clang's typed AST to the BabyCUDA core (SPEC §8): one core kernel per
//! `__global__` function (per instantiation, for templates).
//!
//! The rule of the whole module: every construct is lowered with its exact semantics,
//! over-approximated with a named reason (a `let x = ?;` whose name says what it stands for,
//! which makes the kernel data-dependent), or refused with a located error. Nothing is
//! dropped. What clang resolved is honoured as it resolved it:
//!
//! * **Places.** An lvalue lowers to a `Place`: a local variable (by clang's declaration
//!   id), a cell of an array, any cell of several arrays, thread-private memory, or a
//!   built-in. A reference (`int &r = a[i]`, a reference parameter of an inlined function) is
//!   bound to the place it refers to, so a write through it writes that cell.
//! * **Values.** Integer values carry their C type; `ImplicitCastExpr` applies C's
//!   conversions (to `bool`, truncation, sign changes); unsigned 32-bit `+ - * <<` wrap modulo
//!   2^32 (by a mask, skipped where an interval bound shows the value cannot leave the range),
//!   which is exact in both arithmetic modes. Signed `/` and `%` truncate toward zero. Floats
//!   are values mapcheck does not follow; their literals keep their bit pattern, so that two
//!   writes of the same literal compare equal.
//! * **Pointers** are (array, offset in cells) pairs. A pointer that may point into different
//!   arrays is `Ptr::Many`: its accesses are accesses of an unknown cell of every candidate.
//! * **Locals** are followed in an environment from declaration id to value; a variable whose
//!   value differs between the two branches of an `if` is their `select`; one a counted loop
//!   updates is its closed form in the iteration count where it has one (`closed.rs`: ping-pong
//!   toggles, `+= k`, `*= F`, `/= F`, pointers advanced), else `?` in and after the loop.
//! * **Control.** `if` maps to `if`; canonical `for` loops keep their step; other loops run an
//!   unknown number of times; `return`/`break`/`continue` guard what follows by the condition
//!   under which control reaches it (or by `?` where that condition is not expressible).
//! * **Calls** go to the declaration clang referenced: device functions with a body are
//!   inlined (reference parameters bound to places), the CUDA built-ins of mapcheck's headers
//!   are recognised by name, and any other callee havocs what it can reach.
//!
//! Thread and block ids lower to the components `tid.x` … `nbid.z` directly.

use super::ast::{Kind, Node};
use super::types::{is_cuda_vector, scalar_bytes, CType, Scalar};
use crate::cuda::{ItemError, Options};
use mapcheck_core::arith::Arith;
use mapcheck_core::ast::*;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::layout::Layout;
use mapcheck_core::span::Span;
use std::collections::{BTreeMap, HashMap, HashSet};

const MAX_INLINE_DEPTH: usize = 12;
const MAX_STATEMENTS: usize = 200_000;
const MAX_STRUCT_CELLS: u64 = 256;

/// File-scope facts every kernel sees.
#[derive(Debug, Default)]
pub struct Globals<'a> {
    /// Function definitions (with a body), by declaration id and by (name, type).
    functions: HashMap<&'a str, &'a Node>,
    by_signature: HashMap<(String, String), &'a Node>,
    /// File-scope `__shared__`, `__device__`, `__constant__` and `__managed__` variables.
    memory: HashMap<&'a str, (&'a Node, Space)>,
    /// Records by name: their fields in order.
    records: HashMap<String, &'a Node>,
    /// Enumerators by declaration id.
    enumerators: HashMap<&'a str, i128>,
    /// `const`/`constexpr` file-scope integers with a constant initialiser.
    constants: HashMap<&'a str, i128>,
    /// The kernels, in source order.
    kernels: Vec<&'a Node>,
    /// Every function declaration, with a body or not, by id.
    decls: HashMap<&'a str, &'a Node>,
    /// Template kernels of which clang made no instantiation.
    uninstantiated: Vec<&'a Node>,
}

impl<'a> Globals<'a> {
    pub fn collect(root: &'a Node) -> Globals<'a> {
        let mut g = Globals::default();
        g.scan(&root.inner);
        g
    }

    fn scan(&mut self, nodes: &'a [Node]) {
        for n in nodes {
            match &n.kind {
                Kind::NamespaceDecl | Kind::LinkageSpecDecl => self.scan(&n.inner),
                Kind::FunctionTemplateDecl => {
                    let instances = n
                        .inner
                        .iter()
                        .filter(|f| f.kind == Kind::FunctionDecl && f.mangled_name.is_some())
                        .count();
                    let pattern = n.inner.iter().find(|f| f.kind == Kind::FunctionDecl);
                    if let Some(p) =
                        pattern.filter(|p| p.has_attr("CUDAGlobalAttr") && instances == 0)
                    {
                        self.uninstantiated.push(p);
                    }
                    self.scan(&n.inner)
                }
                Kind::ClassTemplateDecl => self.scan(&n.inner),
                Kind::FunctionDecl | Kind::CXXMethodDecl | Kind::CXXConversionDecl => {
                    self.function(n)
                }
                Kind::CXXRecordDecl | Kind::RecordDecl | Kind::ClassTemplateSpecializationDecl => {
                    if n.complete_definition == Some(true) {
                        if let Some(name) = &n.name {
                            self.records.entry(name.clone()).or_insert(n);
                        }
                    }
                    // Methods defined in the class body.
                    self.scan(&n.inner);
                }
                Kind::EnumDecl => {
                    let mut next = 0i128;
                    for e in n.inner.iter().filter(|e| e.kind == Kind::EnumConstantDecl) {
                        if let Some(v) = e.inner.iter().find_map(const_value) {
                            next = v;
                        }
                        self.enumerators.insert(&e.id, next);
                        next += 1;
                    }
                }
                Kind::VarDecl => {
                    // A `const` integer with a constant initializer is that constant, also
                    // when it lives in `__constant__` memory: clang marks a file-scope `const
                    // int N = 16;` implicitly `__constant__` in device mode, and a `const`
                    // object cannot be written.
                    let ty = CType::parse(n.qual_type());
                    let is_const = n.qual_type().starts_with("const ")
                        || n.is_constexpr == Some(true)
                        || n.constexpr == Some(true);
                    if is_const && matches!(ty, CType::Scalar(Scalar::Int { .. })) {
                        if let Some(v) = n.exprs().find_map(const_value) {
                            self.constants.insert(&n.id, v);
                            continue;
                        }
                    }
                    let space = if n.has_attr("CUDASharedAttr") {
                        Some(Space::Shared)
                    } else if n.has_attr("CUDADeviceAttr")
                        || n.has_attr("CUDAConstantAttr")
                        || n.has_attr("HIPManagedAttr")
                    {
                        Some(Space::Global)
                    } else {
                        None
                    };
                    if let Some(space) = space {
                        self.memory.insert(&n.id, (n, space));
                    }
                }
                _ => {}
            }
        }
    }

    fn function(&mut self, n: &'a Node) {
        self.decls.insert(&n.id, n);
        let has_body = n.inner.iter().any(|c| c.kind == Kind::CompoundStmt);
        if !has_body {
            return;
        }
        // A template's pattern has dependent types and no mangled name; its instantiations
        // (clang's, with the arguments substituted) have both a body and a mangled name.
        if n.mangled_name.is_none() {
            return;
        }
        self.functions.insert(&n.id, n);
        if let Some(name) = &n.name {
            self.by_signature
                .insert((name.clone(), n.qual_type().to_string()), n);
        }
        if n.has_attr("CUDAGlobalAttr") && n.kind == Kind::FunctionDecl {
            self.kernels.push(n);
        }
    }

    /// The definition a call to the declaration `id` (named `name`, of type `ty`) runs.
    fn definition(&self, id: &str, name: &str, ty: &str) -> Option<&'a Node> {
        self.functions.get(id).copied().or_else(|| {
            self.by_signature
                .get(&(name.to_string(), ty.to_string()))
                .copied()
        })
    }

    /// The fields of a record, in order, with their types.
    fn fields(&self, record: &str) -> Option<Vec<(&'a str, &'a str)>> {
        let r = self.records.get(record)?;
        Some(
            r.inner
                .iter()
                .filter(|f| f.kind == Kind::FieldDecl)
                .map(|f| (f.name.as_deref().unwrap_or(""), f.qual_type()))
                .collect(),
        )
    }

    /// The number of core cells a value of `ty` occupies: one per scalar.
    fn cells(&self, ty: &CType, depth: usize) -> Option<u64> {
        if depth > 16 {
            return None;
        }
        match ty {
            CType::Scalar(_) | CType::Pointer(_) => Some(1),
            CType::Array(t, Some(n)) => self.cells(t, depth + 1)?.checked_mul(*n),
            CType::Record(name) => {
                let mut total = 0u64;
                for (_, fty) in self.fields(name)? {
                    total = total.checked_add(self.cells(&CType::parse(fty), depth + 1)?)?;
                }
                (total <= MAX_STRUCT_CELLS).then_some(total.max(1))
            }
            _ => None,
        }
    }

    /// The offset in cells of field `field` of `record`, and its type.
    fn field(&self, record: &str, field: &str) -> Option<(u64, CType)> {
        let mut off = 0u64;
        for (name, fty) in self.fields(record)? {
            let ty = CType::parse(fty);
            if name == field {
                return Some((off, ty));
            }
            off = off.checked_add(self.cells(&ty, 0)?)?;
        }
        None
    }

    /// The size and alignment in bytes of a value of `ty` as CUDA lays it out (C's rules:
    /// each field at the next multiple of its alignment, the size rounded up to the largest
    /// alignment; CUDA's 2- and 4-component vector types aligned to their size). `None` for
    /// what the byte-addressed lowering does not lay out: unions, records with alignment or
    /// packing attributes, pointers (their bytes are never split), unknown types.
    fn byte_size(&self, ty: &CType, depth: usize) -> Option<(u64, u64)> {
        if depth > 16 {
            return None;
        }
        match ty {
            CType::Scalar(s) => {
                let b = scalar_bytes(*s);
                Some((b, b))
            }
            CType::Array(t, Some(n)) => {
                let (size, align) = self.byte_size(t, depth + 1)?;
                Some((size.checked_mul(*n)?, align))
            }
            CType::Record(name) => {
                let (fields, size, align) = self.byte_fields(name, depth)?;
                let _ = fields;
                Some((size, align))
            }
            _ => None,
        }
    }

    /// The byte offset of each field of record `name`, with the record's size and alignment.
    fn byte_fields(&self, name: &str, depth: usize) -> Option<(FieldBytes, u64, u64)> {
        let r = self.records.get(name)?;
        let laid_out_by_c = r.tag_used.as_deref() != Some("union")
            && !r.has_attr("AlignedAttr")
            && !r.has_attr("PackedAttr")
            && !r.has_attr("MaxFieldAlignmentAttr");
        if !laid_out_by_c {
            return None;
        }
        let mut off = 0u64;
        let mut align = 1u64;
        let mut fields = Vec::new();
        for f in r.inner.iter().filter(|f| f.kind == Kind::FieldDecl) {
            // A bit-field (its width is an expression child) or a field of its own alignment
            // is not laid out here.
            if f.has_attr("AlignedAttr") || f.exprs().next().is_some() {
                return None;
            }
            let fty = CType::parse(f.qual_type());
            let (fsize, falign) = self.byte_size(&fty, depth + 1)?;
            off = off.checked_add(falign - 1)? / falign * falign;
            fields.push((off, fty));
            off = off.checked_add(fsize)?;
            align = align.max(falign);
        }
        if fields.is_empty() {
            return None;
        }
        // CUDA's `char2`..`double4` (and their kin) carry `__align__(2 * sizeof(T))` /
        // `__align__(4 * sizeof(T))`; mapcheck's header declares them as plain structs.
        if is_cuda_vector(name) && matches!(fields.len(), 2 | 4) {
            align = align.max(off.min(16));
        }
        let size = off.checked_add(align - 1)? / align * align;
        Some((fields, size, align))
    }

    /// The scalars of a value of `ty`: their byte offsets from its start and types, in order.
    fn byte_scalars(&self, ty: &CType, base: u64, out: &mut Vec<(u64, Scalar)>) -> Option<()> {
        if out.len() > MAX_STRUCT_CELLS as usize {
            return None;
        }
        match ty {
            CType::Scalar(s) => out.push((base, *s)),
            CType::Array(t, Some(n)) => {
                let (size, _) = self.byte_size(t, 0)?;
                for k in 0..*n {
                    self.byte_scalars(t, base.checked_add(size.checked_mul(k)?)?, out)?;
                }
            }
            CType::Record(name) => {
                for (off, fty) in self.byte_fields(name, 0)?.0 {
                    self.byte_scalars(&fty, base.checked_add(off)?, out)?;
                }
            }
            _ => return None,
        }
        Some(())
    }

    /// The shape of a value of `ty` as declared, cell for cell as [`Globals::cells`] counts
    /// them (`None` where it counts none). Carried on the core array for reports only, which
    /// name a cell `tile[0][1]` or `p[3].colour.w` rather than by its flat number.
    fn layout(&self, ty: &CType, depth: usize) -> Option<Layout> {
        if depth > 16 {
            return None;
        }
        match ty {
            CType::Scalar(_) | CType::Pointer(_) => Some(Layout::Cell),
            CType::Array(t, len) => Some(Layout::Array {
                len: *len,
                elem: Box::new(self.layout(t, depth + 1)?),
            }),
            CType::Record(name) => {
                // The same limits as the lowering's count of the cells.
                self.cells(ty, depth)?;
                let fields = self
                    .fields(name)?
                    .into_iter()
                    .map(|(f, fty)| {
                        Some((f.to_string(), self.layout(&CType::parse(fty), depth + 1)?))
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Layout::Record { fields })
            }
            _ => None,
        }
    }
}

/// The template arguments of a function template instantiation as C++ writes them
/// (`float, 128`), from clang's `TemplateArgument` children; none for a plain function, or when
/// an argument is neither a type nor a value (a pack, a template).
fn template_arguments(f: &Node) -> Option<String> {
    let args: Vec<&Node> = f
        .inner
        .iter()
        .filter(|a| matches!(&a.kind, Kind::Other(k) if k == "TemplateArgument"))
        .collect();
    if args.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for a in args {
        let text = match (&a.ty, &a.value) {
            (Some(_), _) => a.qual_type().to_string(),
            (None, Some(serde_json::Value::String(v))) => v.clone(),
            (None, Some(serde_json::Value::Number(v))) => v.to_string(),
            (None, Some(serde_json::Value::Bool(v))) => v.to_string(),
            _ => return None,
        };
        if text.is_empty() {
            return None;
        }
        out.push(text);
    }
    Some(out.join(", "))
}

/// The bytes of a view: its scalars as (offset, size, whether the core value is the bytes),
/// and its size (`Lower::shape`).
type Shape = (Vec<(u64, u64, bool)>, u64);

/// The fields of a record with their byte offsets, in declaration order.
type FieldBytes = Vec<(u64, CType)>;

/// Whether the core value of a scalar of this type is the word of its bytes: integers (as
/// unsigned words in byte-addressed memory) and `float`s (a literal's payload is its bit
/// pattern), not `double`s or `half`s (their literals carry a `float`'s bits).
fn payload_is_bytes(s: Scalar) -> bool {
    matches!(s, Scalar::Int { .. } | Scalar::Bool | Scalar::Float(32))
}

/// The value of an integer literal, negated or not.
fn literal(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(c) => Some(i128::from(*c)),
        ExprKind::Neg(inner) => literal(inner).map(|c| -c),
        _ => None,
    }
}

/// The greatest common divisor.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A constant clang evaluated (`ConstantExpr` with a value) or a literal.
fn const_value(n: &Node) -> Option<i128> {
    match n.kind {
        Kind::ConstantExpr | Kind::IntegerLiteral | Kind::CharacterLiteral => n.int_value(),
        Kind::ImplicitCastExpr | Kind::ParenExpr => n.exprs().next().and_then(const_value),
        Kind::UnaryOperator if n.opcode.as_deref() == Some("-") => {
            n.exprs().next().and_then(const_value).map(|v| -v)
        }
        _ => None,
    }
}

/// A pointer value.
#[derive(Clone, Debug, PartialEq)]
enum Ptr {
    /// Into `array`, `off` cells from its start; the pointee type.
    To {
        array: String,
        off: Expr,
        pointee: CType,
    },
    /// Into one of these arrays, at an offset the lowering does not follow.
    Many(Vec<String>),
    /// Into thread-private memory (a local array or struct).
    Private,
    /// To a followed local scalar (`&i`), by declaration id: a write through it changes the
    /// local.
    Local(String),
    /// Anywhere: a pointer from an unknown source.
    Unknown,
}

/// The value of a C expression.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    Num(Expr, Scalar),
    Bool(Cond),
    Ptr(Ptr),
    /// A struct value, a function, `void`: nothing the lowering computes with.
    Opaque,
}

/// What a C lvalue designates.
#[derive(Clone, Debug)]
enum Place {
    /// A local variable or by-value parameter, by declaration id.
    Local(String, CType),
    /// Cell `off` of `array` (the first cell of a struct or array element), of type `ty`.
    Mem { array: String, off: Expr, ty: CType },
    /// An unknown cell of one of these arrays.
    Many(Vec<String>, CType),
    /// Thread-private memory.
    Private(CType),
    /// A CUDA built-in variable (`threadIdx`, ...): its components are read-only values.
    Builtin,
    /// Memory the lowering cannot name (a pointer from nowhere): refused where written.
    Unknown(CType),
}

impl Place {
    fn ty(&self) -> CType {
        match self {
            Place::Local(_, t)
            | Place::Mem { ty: t, .. }
            | Place::Many(_, t)
            | Place::Private(t)
            | Place::Unknown(t) => t.clone(),
            Place::Builtin => CType::Other("dim3".into()),
        }
    }
}

/// What a local declaration is bound to.
#[derive(Clone, Debug)]
enum Binding {
    Val(Val),
    /// A reference: the place it refers to.
    Ref(Place),
    /// A local array or struct: thread-private memory.
    Private,
}

/// What an exit statement leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ExitKind {
    Return,
    Break,
    Continue,
}

/// The context of an inlined call: where `return e` puts its value.
#[derive(Debug)]
struct Frame {
    /// The values returned so far (one per `return`), with the condition under which each
    /// returned; joined into the call's value.
    returns: Vec<Val>,
    ret_ty: CType,
}

type Env = HashMap<String, Binding>;

/// A loop body lowered by `Lower::loop_body`.
struct LoopBody {
    stmts: Vec<Stmt>,
    /// The locals the body changes (their values at the iteration's start are `?`, or the
    /// closed forms of `presets`).
    carried: HashSet<String>,
    exits: HashSet<ExitKind>,
    /// The environment at the start and at the end of an iteration.
    at_start: Env,
    at_end: Env,
}

#[derive(Debug)]
pub struct Lower<'g, 'a> {
    g: &'g Globals<'a>,
    text: &'g str,
    options: &'g Options,
    kernel_span: Span,
    params: Vec<Param>,
    arrays: BTreeMap<String, ArrayDecl>,
    /// Core array name of each array-like declaration (pointer parameter, shared or device
    /// variable), by declaration id.
    array_names: HashMap<String, String>,
    used: HashSet<String>,
    env: Env,
    /// The C name of each local declaration, for the names of its core `let`s.
    local_names: HashMap<String, String>,
    /// Intervals of core variables (parameters, lets, unknowns) from their C types.
    ranges: HashMap<String, (i128, i128)>,
    errors: Vec<Diagnostic>,
    emitted: usize,
    frames: Vec<Frame>,
    /// The exits seen inside the statement being lowered, innermost loop first.
    loop_exits: Vec<HashSet<ExitKind>>,
    /// The shared core array of `extern __shared__` declarations (all of a kernel's are the
    /// same memory).
    dynamic_shared: Option<String>,
    /// The types through which the kernel views that memory: the element types of its
    /// `extern __shared__` declarations and the pointee types of casts of pointers into it.
    shared_views: Vec<CType>,
    /// Set when the views differ in layout: the dynamic shared memory is byte-addressed, in
    /// cells of this many bytes (the greatest common size of the views' scalars), and every
    /// access covers the cells of its bytes. Unset, a cell is an element of the first view.
    byte_unit: Option<u64>,
    /// `this` of the method being inlined: the object's address.
    this: Option<Val>,
    /// The place the last assignment or increment wrote (for one used as an lvalue).
    last_place: Option<Place>,
    /// The first entry of `loop_exits` that belongs to the function being lowered: a `return`
    /// leaves the loops of its own function, not those of its caller.
    function_base: usize,
    /// The core names bound to closed forms at the start of loop iterations: never tabulated
    /// (see `table`), so that the body's update keeps the shape its closed form was read from.
    closed_starts: HashSet<String>,
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt {
        kind,
        span,
        ann: (),
    }
}

fn int(v: i64, span: Span) -> Expr {
    Expr::int(v, span)
}

fn cmp(op: CmpOp, a: Expr, b: Expr) -> Cond {
    let span = a.span.to(b.span);
    Cond::new(CondKind::Cmp(op, a, b), span)
}

fn not(c: Cond) -> Cond {
    let span = c.span;
    match c.kind {
        CondKind::Bool(b) => Cond::new(CondKind::Bool(!b), span),
        CondKind::Not(inner) => *inner,
        kind => Cond::new(CondKind::Not(Box::new(Cond::new(kind, span))), span),
    }
}

fn and(a: Cond, b: Cond) -> Cond {
    match (&a.kind, &b.kind) {
        (CondKind::Bool(true), _) => b,
        (_, CondKind::Bool(true)) => a,
        _ => {
            let span = a.span.to(b.span);
            Cond::new(CondKind::And(Box::new(a), Box::new(b)), span)
        }
    }
}

fn or(a: Cond, b: Cond) -> Cond {
    match (&a.kind, &b.kind) {
        (CondKind::Bool(false), _) => b,
        (_, CondKind::Bool(false)) => a,
        _ => {
            let span = a.span.to(b.span);
            Cond::new(CondKind::Or(Box::new(a), Box::new(b)), span)
        }
    }
}

/// The names `stmts` bind, in nested blocks too: out of scope after them.
fn bound_names(stmts: &[Stmt]) -> HashSet<String> {
    let mut out = HashSet::new();
    walk_stmts(stmts, &mut |s| {
        out.extend(s.kind.declared().map(|v| v.name.clone()))
    });
    out
}

fn expr_uses(e: &Expr, names: &HashSet<String>) -> bool {
    let mut found = false;
    e.for_each_var(&mut |n, _| found |= names.contains(n));
    found
}

fn cond_uses(c: &Cond, names: &HashSet<String>) -> bool {
    let mut found = false;
    c.for_each_var(&mut |n, _| found |= names.contains(n));
    found
}

/// The pure `let`s a branch runs whenever it runs (those at its top level).
fn top_lets(stmts: &[Stmt]) -> Vec<Stmt> {
    stmts
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Let { .. }))
        .cloned()
        .collect()
}

/// Each top-level pure `let` of a branch with its value in terms of what is bound before the
/// branch (earlier `let`s of the branch substituted).
fn branch_lets(stmts: &[Stmt]) -> HashMap<String, Expr> {
    let mut lets = HashMap::new();
    for s in stmts {
        if let StmtKind::Let { var, value } = &s.kind {
            let value = subst_vars(value, &lets);
            lets.insert(var.name.clone(), value);
        }
    }
    lets
}

/// `e` with the variables of `map` replaced by their values.
fn subst_vars(e: &Expr, map: &HashMap<String, Expr>) -> Expr {
    if map.is_empty() {
        return e.clone();
    }
    let kind = match &e.kind {
        ExprKind::Var(n) => match map.get(n) {
            Some(v) => return v.clone(),
            None => e.kind.clone(),
        },
        ExprKind::Int(_) => e.kind.clone(),
        ExprKind::Neg(x) => ExprKind::Neg(Box::new(subst_vars(x, map))),
        ExprKind::Bin(op, x, y) => ExprKind::Bin(
            *op,
            Box::new(subst_vars(x, map)),
            Box::new(subst_vars(y, map)),
        ),
        ExprKind::Select(c, x, y) => ExprKind::Select(
            Box::new(subst_cond_vars(c, map)),
            Box::new(subst_vars(x, map)),
            Box::new(subst_vars(y, map)),
        ),
    };
    Expr::new(kind, e.span)
}

fn subst_cond_vars(c: &Cond, map: &HashMap<String, Expr>) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, x, y) => CondKind::Cmp(*op, subst_vars(x, map), subst_vars(y, map)),
        CondKind::Not(x) => CondKind::Not(Box::new(subst_cond_vars(x, map))),
        CondKind::And(x, y) => CondKind::And(
            Box::new(subst_cond_vars(x, map)),
            Box::new(subst_cond_vars(y, map)),
        ),
        CondKind::Or(x, y) => CondKind::Or(
            Box::new(subst_cond_vars(x, map)),
            Box::new(subst_cond_vars(y, map)),
        ),
    };
    Cond::new(kind, c.span)
}

/// `select(c, x, y)`.
/// A value of a variable and the values of some expressions there ([`Lower::one_variable`]).
type ValuesAt = (i128, Vec<i128>);

/// `select(x == k0, r0, select(x == k1, r1, ...))` over `rows`, the last row's value the
/// default; `None` when `rows` is empty or a key (but the last) does not fit 64 bits.
fn select_table(x: &Expr, mut rows: Vec<(i128, i64)>, span: Span) -> Option<Expr> {
    let (_, last) = rows.pop()?;
    let mut t = int(last, span);
    for (k, r) in rows.into_iter().rev() {
        let c = cmp(CmpOp::Eq, x.clone(), int(i64::try_from(k).ok()?, span));
        t = select(c, int(r, span), t, span);
    }
    Some(t)
}

fn select(c: Cond, x: Expr, y: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Select(Box::new(c), Box::new(x), Box::new(y)),
        span,
    )
}

/// Whether every value of the integer type `from` is a value of `to`.
fn widens(from: Scalar, to: Scalar) -> bool {
    match (from, to) {
        (
            Scalar::Int {
                bits: fb,
                signed: fs,
            },
            Scalar::Int {
                bits: tb,
                signed: ts,
            },
        ) => (fs == ts && fb <= tb) || (!fs && ts && fb < tb),
        _ => false,
    }
}

/// The number of nodes of an expression.
fn expr_nodes(e: &Expr) -> usize {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => 1,
        ExprKind::Neg(x) => 1 + expr_nodes(x),
        ExprKind::Bin(_, x, y) => 1 + expr_nodes(x) + expr_nodes(y),
        ExprKind::Select(c, x, y) => 1 + cond_size(c) + expr_nodes(x) + expr_nodes(y),
    }
}

/// The number of nodes of a condition (its comparisons' expressions counted as one).
fn cond_size(c: &Cond) -> usize {
    match &c.kind {
        CondKind::Bool(_) | CondKind::Cmp(..) => 1,
        CondKind::Not(x) => 1 + cond_size(x),
        CondKind::And(x, y) | CondKind::Or(x, y) => 1 + cond_size(x) + cond_size(y),
    }
}

fn val_uses(v: &Val, names: &HashSet<String>) -> bool {
    match v {
        Val::Num(e, _) => expr_uses(e, names),
        Val::Bool(c) => cond_uses(c, names),
        Val::Ptr(Ptr::To { off, .. }) => expr_uses(off, names),
        _ => false,
    }
}

use super::closed;
use super::truncdiv::trunc_div;

/// The component names of the geometry built-ins.
fn builtin_component(var: &str, member: &str) -> Option<String> {
    let base = match var {
        "threadIdx" => "tid",
        "blockIdx" => "bid",
        "blockDim" => "ntid",
        "gridDim" => "nbid",
        _ => return None,
    };
    matches!(member, "x" | "y" | "z").then(|| format!("{base}.{member}"))
}

impl<'g, 'a> Lower<'g, 'a> {
    pub fn new(g: &'g Globals<'a>, text: &'g str, options: &'g Options) -> Self {
        Lower {
            g,
            text,
            options,
            kernel_span: Span::default(),
            params: Vec::new(),
            arrays: BTreeMap::new(),
            array_names: HashMap::new(),
            used: HashSet::new(),
            env: HashMap::new(),
            local_names: HashMap::new(),
            ranges: HashMap::new(),
            errors: Vec::new(),
            emitted: 0,
            frames: Vec::new(),
            loop_exits: Vec::new(),
            dynamic_shared: None,
            shared_views: Vec::new(),
            byte_unit: None,
            this: None,
            last_place: None,
            function_base: 0,
            closed_starts: HashSet::new(),
        }
    }

    fn span(&self, n: &Node) -> Span {
        n.span_in_main().unwrap_or(self.kernel_span)
    }

    /// The text of statement `n`, with the `;` that ends it: clang's range of an expression
    /// statement (and of an `if` or loop whose last branch is one) stops at its last token.
    fn statement_span(&self, n: &Node) -> Span {
        let span = self.span(n);
        if n.kind == Kind::CompoundStmt {
            return span;
        }
        let rest = self.text.get(span.end..).unwrap_or("");
        let blank = rest.len() - rest.trim_start().len();
        if rest[blank..].starts_with(';') {
            Span::new(span.start, span.end + blank + 1)
        } else {
            span
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.errors
            .push(Diagnostic::error(message).with_primary(span, label));
    }

    fn fresh(&mut self, base: &str) -> String {
        let mut base: String = base
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base.insert(0, 'v');
        }
        let mut name = base.clone();
        let mut k = 1;
        while self.used.contains(&name)
            || Builtin::from_name(&name).is_some()
            || crate::bcu::is_keyword(&name)
        {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.used.insert(name.clone());
        name
    }

    fn emit(&mut self, out: &mut Vec<Stmt>, s: Stmt) {
        self.emitted += 1;
        if self.emitted == MAX_STATEMENTS {
            self.error(
                s.span,
                "the lowered kernel is too large",
                format!("more than {MAX_STATEMENTS} core statements"),
            );
        }
        out.push(s);
    }

    /// `let NAME = ?;` — a value the lowering does not follow; the name says why.
    fn unknown(
        &mut self,
        why: &str,
        range: Option<(i128, i128)>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let name = self.fresh(why);
        if let Some(r) = range {
            self.ranges.insert(name.clone(), r);
        }
        self.emit(
            out,
            stmt(
                StmtKind::Unknown {
                    var: Ident::new(name.clone(), span),
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    fn unknown_val(&mut self, why: &str, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        match ty {
            CType::Scalar(Scalar::Bool) => {
                let e = self.unknown(why, Some((0, 1)), span, out);
                Val::Bool(cmp(CmpOp::Ne, e, int(0, span)))
            }
            CType::Scalar(s) => Val::Num(self.unknown(why, s.range(), span, out), *s),
            CType::Pointer(_) => Val::Ptr(Ptr::Unknown),
            _ => Val::Opaque,
        }
    }

    /// Binds a non-trivial expression to a fresh `let`.
    fn bound(&mut self, base: &str, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        if matches!(e.kind, ExprKind::Var(_) | ExprKind::Int(_)) {
            return e;
        }
        let span = e.span;
        let name = self.fresh(base);
        if let Some(r) = self.range(&e) {
            self.ranges.insert(name.clone(), r);
        }
        self.emit(
            out,
            stmt(
                StmtKind::Let {
                    var: Ident::new(name.clone(), span),
                    value: e,
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    // ---- intervals ----

    /// The limits of a geometry component: fixed by the options, else CUDA's.
    fn component_range(&self, name: &str) -> Option<(i128, i128)> {
        let (base, comp) = name.split_once('.')?;
        let d = match comp {
            "x" => 0,
            "y" => 1,
            "z" => 2,
            _ => return None,
        };
        let fixed = |dims: Option<[u64; 3]>| dims.map(|v| i128::from(v[d]));
        let block_max = [1024, 1024, 64][d];
        let grid_max = [(1i128 << 31) - 1, 65535, 65535][d];
        Some(match base {
            "tid" => (0, fixed(self.options.block_dim).unwrap_or(block_max) - 1),
            "ntid" => fixed(self.options.block_dim).map_or((1, block_max), |v| (v, v)),
            "bid" => (0, fixed(self.options.grid_dim).unwrap_or(grid_max) - 1),
            "nbid" => fixed(self.options.grid_dim).map_or((1, grid_max), |v| (v, v)),
            _ => return None,
        })
    }

    /// An interval holding every value of `e` (in `int` mode), when one is known.
    fn range(&self, e: &Expr) -> Option<(i128, i128)> {
        self.range_at(e, 0)
    }

    fn range_at(&self, e: &Expr, depth: usize) -> Option<(i128, i128)> {
        if depth > 64 {
            return None;
        }
        let r = |x: &Expr| self.range_at(x, depth + 1);
        let big = 1i128 << 80;
        let clamp = |(a, b): (i128, i128)| (a >= -big && b <= big).then_some((a, b));
        match &e.kind {
            ExprKind::Int(v) => Some((i128::from(*v), i128::from(*v))),
            ExprKind::Var(n) => self
                .ranges
                .get(n)
                .copied()
                .or_else(|| self.component_range(n)),
            ExprKind::Neg(a) => {
                r(a).and_then(|(lo, hi)| Some((hi.checked_neg()?, lo.checked_neg()?)))
            }
            ExprKind::Bin(op, a, b) => {
                let (al, ah) = r(a)?;
                let (bl, bh) = r(b)?;
                match op {
                    // Checked: a parameter of 64 bits times another leaves `i128` (found by
                    // the conversions property test as an overflow panic).
                    BinOp::Add => clamp((al.checked_add(bl)?, ah.checked_add(bh)?)),
                    BinOp::Sub => clamp((al.checked_sub(bh)?, ah.checked_sub(bl)?)),
                    BinOp::Mul => {
                        let p = [
                            al.checked_mul(bl)?,
                            al.checked_mul(bh)?,
                            ah.checked_mul(bl)?,
                            ah.checked_mul(bh)?,
                        ];
                        clamp((*p.iter().min()?, *p.iter().max()?))
                    }
                    BinOp::Div | BinOp::UDiv if al >= 0 && bl >= 1 => Some((al / bh, ah / bl)),
                    BinOp::Rem | BinOp::URem if al >= 0 && bl >= 1 => Some((0, ah.min(bh - 1))),
                    BinOp::And if bl >= 0 && al >= 0 => Some((0, ah.min(bh))),
                    BinOp::And if bl >= 0 => Some((0, bh)),
                    // A floor division by 2^b, monotone in the shifted value.
                    BinOp::Shr | BinOp::UShr if bl == bh && (0..64).contains(&bl) && al >= 0 => {
                        Some((al >> bl, ah >> bl))
                    }
                    BinOp::Shr | BinOp::UShr if al >= 0 && bl >= 0 => Some((0, ah)),
                    BinOp::Shl if al >= 0 && bl >= 0 && bh < 64 => {
                        clamp((al.checked_mul(1i128 << bl)?, ah.checked_mul(1i128 << bh)?))
                    }
                    BinOp::Min | BinOp::UMin => Some((al.min(bl), ah.min(bh))),
                    BinOp::Max | BinOp::UMax => Some((al.max(bl), ah.max(bh))),
                    _ => None,
                }
            }
            ExprKind::Select(_, a, b) => {
                let (al, ah) = r(a)?;
                let (bl, bh) = r(b)?;
                Some((al.min(bl), ah.max(bh)))
            }
        }
    }

    /// `c` as the integer 1 when it holds and 0 when not (C's conversion of a `bool`),
    /// written with `min`/`max` over differences of its operands, when every operand has a
    /// known interval within ±2^29 (so that the differences and the `+ 1` neither wrap in
    /// `bv32` nor leave the range where signed and unsigned comparisons agree).
    fn indicator(&self, c: &Cond, depth: usize) -> Option<Expr> {
        const LIMIT: i128 = 1 << 29;
        if depth > 16 {
            return None;
        }
        let span = c.span;
        let one = || int(1, span);
        let zero = || int(0, span);
        let clamp = |e: Expr| Expr::bin(BinOp::Min, Expr::bin(BinOp::Max, e, zero()), one());
        let diff = |x: &Expr, y: &Expr| Expr::bin(BinOp::Sub, x.clone(), y.clone());
        Some(match &c.kind {
            CondKind::Bool(b) => int(i64::from(*b), span),
            CondKind::Cmp(op, a, b) => {
                let (al, ah) = self.range(a)?;
                let (bl, bh) = self.range(b)?;
                if al < -LIMIT || ah > LIMIT || bl < -LIMIT || bh > LIMIT {
                    return None;
                }
                let unsigned = matches!(op, CmpOp::ULt | CmpOp::ULe | CmpOp::UGt | CmpOp::UGe);
                if unsigned && (al < 0 || bl < 0) {
                    return None;
                }
                // |a - b|, clamped to 1: whether they differ.
                let differ = || {
                    Expr::bin(
                        BinOp::Min,
                        Expr::bin(BinOp::Max, diff(a, b), diff(b, a)),
                        one(),
                    )
                };
                match op {
                    CmpOp::Lt | CmpOp::ULt => clamp(diff(b, a)),
                    CmpOp::Le | CmpOp::ULe => clamp(Expr::bin(BinOp::Add, diff(b, a), one())),
                    CmpOp::Gt | CmpOp::UGt => clamp(diff(a, b)),
                    CmpOp::Ge | CmpOp::UGe => clamp(Expr::bin(BinOp::Add, diff(a, b), one())),
                    CmpOp::Ne => differ(),
                    CmpOp::Eq => Expr::bin(BinOp::Sub, one(), differ()),
                }
            }
            CondKind::Not(x) => Expr::bin(BinOp::Sub, one(), self.indicator(x, depth + 1)?),
            CondKind::And(x, y) => Expr::bin(
                BinOp::Min,
                self.indicator(x, depth + 1)?,
                self.indicator(y, depth + 1)?,
            ),
            CondKind::Or(x, y) => Expr::bin(
                BinOp::Max,
                self.indicator(x, depth + 1)?,
                self.indicator(y, depth + 1)?,
            ),
        })
    }

    /// `c` as 0 or 1: [`Self::indicator`], else a `?` in `0..=1` named `bool_to_int`.
    /// A `bool` used as an integer: 0 or 1. An arithmetic indicator when the operands' intervals
    /// give one (cheaper for the solver), else the selection `select(c, 1, 0)`.
    fn bool_to_int(&mut self, c: &Cond, span: Span, _out: &mut Vec<Stmt>) -> Expr {
        match self.indicator(c, 0) {
            Some(e) => e,
            None => select(c.clone(), int(1, span), int(0, span), span),
        }
    }

    fn within(&self, e: &Expr, lo: i128, hi: i128) -> bool {
        self.range(e).is_some_and(|(a, b)| a >= lo && b <= hi)
    }

    // ---- C integer semantics ----

    /// `e` reduced to the values of `to` (C's conversion), from a value of type `from`.
    fn convert_int(&mut self, e: Expr, to: Scalar, out: &mut Vec<Stmt>) -> Expr {
        let Scalar::Int { bits, signed } = to else {
            return e;
        };
        let Some((lo, hi)) = to.range() else {
            return e;
        };
        if self.within(&e, lo, hi) {
            return e;
        }
        let span = e.span;
        if bits >= 64 {
            // 2^64 has no `i64` literal: it is written `K + K + 2` with K = 2^63 - 1, and
            // 2^63 as `K + 1`. In `int` the remainder by it is C's reduction; in 64-bit (and
            // 32-bit) words the sum wraps to 0 and `x % 0 = x`: the word is already reduced.
            let k = || int(i64::MAX, span);
            let two_64 = Expr::bin(BinOp::Add, Expr::bin(BinOp::Add, k(), k()), int(2, span));
            if !signed {
                return Expr::bin(BinOp::Rem, e, two_64);
            }
            let two_63 = || Expr::bin(BinOp::Add, k(), int(1, span));
            return Expr::bin(
                BinOp::Sub,
                Expr::bin(BinOp::Rem, Expr::bin(BinOp::Add, e, two_63()), two_64),
                two_63(),
            );
        }
        let m = (1i64 << bits) - 1;
        if !signed {
            return Expr::bin(BinOp::And, e, int(m, span));
        }
        // ((e + 2^(bits-1)) & (2^bits - 1)) - 2^(bits-1)
        let e = self.bound("w", e, out);
        let h = 1i64 << (bits - 1);
        Expr::bin(
            BinOp::Sub,
            Expr::bin(
                BinOp::And,
                Expr::bin(BinOp::Add, e, int(h, span)),
                int(m, span),
            ),
            int(h, span),
        )
    }

    /// A value converted to the scalar type `to`.
    fn convert(&mut self, v: Val, to: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let CType::Scalar(to) = to else {
            return match (v, to) {
                (Val::Ptr(p), CType::Pointer(t)) => Val::Ptr(self.recast(p, t, span)),
                (v, _) => v,
            };
        };
        match (v, *to) {
            (Val::Num(e, Scalar::Float(_)), f @ Scalar::Float(_)) => Val::Num(e, f),
            (Val::Num(_, Scalar::Float(_)), s) => {
                self.unknown_val("float_to_int", &CType::Scalar(s), span, out)
            }
            (Val::Num(e, _), f @ Scalar::Float(_)) => {
                // The payload of an integer converted to float stays the integer: equal
                // integers give equal floats (the converse matters only for benign races,
                // and there a distinct `?` would only be less precise).
                let v = self.unknown("int_to_float", None, span, out);
                let _ = e;
                Val::Num(v, f)
            }
            (Val::Num(e, _), Scalar::Bool) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
            // A conversion that keeps every value of its source (to a wider type of the same
            // signedness, or from unsigned to a wider signed type) writes nothing: no mask, no
            // remainder for the solver.
            (Val::Num(e, from), s) if widens(from, s) => Val::Num(e, s),
            (Val::Num(e, _), s) => Val::Num(self.convert_int(e, s, out), s),
            (Val::Bool(c), Scalar::Bool) => Val::Bool(c),
            (Val::Bool(c), s) => Val::Num(self.bool_to_int(&c, span, out), s),
            (Val::Ptr(_), Scalar::Bool) => {
                self.unknown_val("pointer_test", &CType::Scalar(Scalar::Bool), span, out)
            }
            (_, s) => self.unknown_val("converted", &CType::Scalar(s), span, out),
        }
    }

    /// A pointer cast to point to `to`: kept when the cells line up, else a pointer into an
    /// unknown cell of the same arrays.
    fn recast(&mut self, p: Ptr, to: &CType, _span: Span) -> Ptr {
        match p {
            Ptr::To {
                array,
                off,
                pointee,
            } => {
                if self.dynamic_shared.as_deref() == Some(array.as_str()) {
                    self.view_shared(to);
                    if self.byte_array(&array).is_some() {
                        // Byte-addressed: the offset is in bytes (cells of them), whatever
                        // the view; each access covers the cells of its own bytes.
                        return Ptr::To {
                            array,
                            off,
                            pointee: to.clone(),
                        };
                    }
                }
                let same = match (&pointee, to) {
                    (a, b) if a == b => true,
                    (CType::Scalar(a), CType::Scalar(b)) => scalar_bytes(*a) == scalar_bytes(*b),
                    // A `void *` keeps the cells of the type it was cast from; back from it,
                    // the cells line up only at the start of the array (cell 0 is byte 0 in
                    // every view), since the type it came from is not known here.
                    (_, CType::Void) => true,
                    (CType::Void, _) => off.kind == ExprKind::Int(0),
                    _ => {
                        self.g.cells(&pointee, 0).is_some()
                            && self.g.cells(&pointee, 0) == self.g.cells(to, 0)
                    }
                };
                if same && *to == CType::Void {
                    // The cells stay those of the type it was cast from.
                    Ptr::To {
                        array,
                        off,
                        pointee,
                    }
                } else if same {
                    Ptr::To {
                        array,
                        off,
                        pointee: to.clone(),
                    }
                } else {
                    Ptr::Many(vec![array])
                }
            }
            other => other,
        }
    }

    fn as_expr(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> (Expr, Scalar) {
        match v {
            Val::Num(e, s) => (e, s),
            Val::Bool(c) => (self.bool_to_int(&c, span, out), Scalar::INT),
            _ => (self.unknown("value", None, span, out), Scalar::INT),
        }
    }

    fn as_cond(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> Cond {
        match v {
            Val::Bool(c) => c,
            Val::Num(e, Scalar::Float(_)) => {
                let _ = e;
                let u = self.unknown("float_test", Some((0, 1)), span, out);
                cmp(CmpOp::Ne, u, int(0, span))
            }
            Val::Num(e, _) => cmp(CmpOp::Ne, e, int(0, span)),
            _ => {
                let u = self.unknown("test", Some((0, 1)), span, out);
                cmp(CmpOp::Ne, u, int(0, span))
            }
        }
    }

    /// The C binary operator `op` on values of type `ty` (the operands already converted by
    /// clang's implicit casts).
    fn arith(
        &mut self,
        op: &str,
        a: Val,
        b: Val,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let s = ty.scalar().unwrap_or(Scalar::INT);
        if let Val::Ptr(p) = &a {
            return self.pointer_arith(op, p.clone(), b, span, out);
        }
        if let (Val::Num(_, Scalar::Int { .. }), Val::Ptr(p)) = (&a, &b) {
            if op == "+" {
                return self.pointer_arith(op, p.clone(), a, span, out);
            }
        }
        if matches!(s, Scalar::Float(_)) {
            return self.unknown_val("float", ty, span, out);
        }
        let (x, xs) = self.as_expr(a, span, out);
        let (y, _) = self.as_expr(b, span, out);
        let unsigned = s.is_unsigned();
        let lhs_unsigned = xs.is_unsigned();
        let e = match op {
            "+" => Expr::bin(BinOp::Add, x, y),
            "-" => Expr::bin(BinOp::Sub, x, y),
            "*" => Expr::bin(BinOp::Mul, x, y),
            "/" | "%"
                if unsigned || (self.within(&x, 0, i128::MAX) && self.within(&y, 1, i128::MAX)) =>
            {
                let uop = match (op, unsigned) {
                    ("/", true) => BinOp::UDiv,
                    ("/", false) => BinOp::Div,
                    (_, true) => BinOp::URem,
                    _ => BinOp::Rem,
                };
                Expr::bin(uop, x, y)
            }
            "/" | "%" => {
                let x = self.bound("n", x, out);
                let y = self.bound("d", y, out);
                let y_nonneg = self.within(&y, 0, i128::MAX);
                trunc_div(x, y, op == "%", y_nonneg, span)
            }
            "<<" => Expr::bin(BinOp::Shl, x, y),
            ">>" if lhs_unsigned || self.within(&x, 0, i128::MAX) => {
                if self.within(&x, 0, i128::from(i32::MAX)) {
                    Expr::bin(BinOp::Shr, x, y)
                } else {
                    Expr::bin(BinOp::UShr, x, y)
                }
            }
            ">>" => Expr::bin(BinOp::Shr, x, y),
            "&" => Expr::bin(BinOp::And, x, y),
            "|" => Expr::bin(BinOp::Or, x, y),
            // A 0/1 flag toggled by `^ 1` (a ping-pong index) is `1 - flag`, exact in `int`
            // mode where `^` is not.
            "^" if y.kind == ExprKind::Int(1) && self.within(&x, 0, 1) => {
                Expr::bin(BinOp::Sub, int(1, span), x)
            }
            "^" if x.kind == ExprKind::Int(1) && self.within(&y, 0, 1) => {
                Expr::bin(BinOp::Sub, int(1, span), y)
            }
            "^" => Expr::bin(BinOp::Xor, x, y),
            _ => {
                self.error(span, format!("operator `{op}` is not supported"), "here");
                return Val::Num(int(0, span), s);
            }
        };
        let e = Expr { span, ..e };
        // Unsigned arithmetic wraps modulo 2^bits; signed overflow is undefined in C, so the
        // mathematical value is kept.
        // A signed `<<` whose result fits the unsigned type is that value converted back
        // (C++14 on): `2147483647 << 1` is -2.
        let e = if (unsigned && matches!(op, "+" | "-" | "*")) || op == "<<" {
            self.convert_int(e, s, out)
        } else {
            e
        };
        // A bitwise operation `int` mode cannot encode, on one variable of few values (a lane
        // number): the table of its values, exact in both modes.
        let e = if matches!(op, "&" | "|" | "^" | "<<" | ">>") && !int_exact_expr(&e) {
            self.table(&e, span).unwrap_or(e)
        } else {
            e
        };
        Val::Num(e, s)
    }

    fn pointer_arith(&mut self, op: &str, p: Ptr, k: Val, span: Span, out: &mut Vec<Stmt>) -> Val {
        match (&p, op) {
            (
                Ptr::To {
                    array,
                    off,
                    pointee,
                },
                "+" | "-",
            ) => {
                let (k, _) = self.as_expr(k, span, out);
                // GNU C's arithmetic on `void *` counts bytes.
                let cells = match (self.byte_array(array), pointee) {
                    (Some(1), CType::Void) => Some(1),
                    _ => self.cells_in(array, pointee),
                };
                let Some(cells) = cells else {
                    return Val::Ptr(Ptr::Many(vec![array.clone()]));
                };
                let k = if cells == 1 {
                    k
                } else {
                    Expr::bin(BinOp::Mul, k, int(cells as i64, span))
                };
                let bop = if op == "+" { BinOp::Add } else { BinOp::Sub };
                let off = match (&off.kind, bop) {
                    (ExprKind::Int(0), BinOp::Add) => k,
                    _ => Expr::bin(bop, off.clone(), k),
                };
                Val::Ptr(Ptr::To {
                    array: array.clone(),
                    off,
                    pointee: pointee.clone(),
                })
            }
            (Ptr::Local(_), "+" | "-") => match self.as_expr(k, span, out).0.kind {
                ExprKind::Int(0) => Val::Ptr(p),
                _ => Val::Ptr(Ptr::Unknown),
            },
            (Ptr::To { .. }, _) => self.unknown_val(
                "pointer_difference",
                &CType::Scalar(Scalar::Int {
                    bits: 64,
                    signed: true,
                }),
                span,
                out,
            ),
            _ => Val::Ptr(p),
        }
    }

    // ---- arrays ----

    /// Declares the core array `name`, with the shape the source gave it (`layout`); an array
    /// declared again with another shape (views of dynamic shared memory) keeps none.
    fn declare(&mut self, name: &str, space: Space, span: Span, layout: Option<Layout>) {
        let decl = self
            .arrays
            .entry(name.to_string())
            .or_insert_with(|| ArrayDecl {
                name: Ident::new(name, span),
                space,
                span,
                layout: layout.clone(),
            });
        if decl.layout != layout {
            decl.layout = None;
        }
    }

    // ---- byte-addressed dynamic shared memory ----

    /// Records a type through which the dynamic shared memory is viewed.
    fn view_shared(&mut self, ty: &CType) {
        if *ty != CType::Void && !self.shared_views.contains(ty) {
            self.shared_views.push(ty.clone());
        }
    }

    /// The bytes a value of `ty` occupies: its scalars as (offset, size, whether the core value
    /// of the scalar is its bytes), and its size. Two views of one shape address the same bytes
    /// cell for cell, and store the same values in them for the same bytes: a `double`, whose
    /// payload is not its bytes, does not share a shape with a `long long`.
    fn shape(&self, ty: &CType) -> Option<Shape> {
        let mut scalars = Vec::new();
        self.g.byte_scalars(ty, 0, &mut scalars)?;
        let (size, _) = self.g.byte_size(ty, 0)?;
        Some((
            scalars
                .into_iter()
                .map(|(o, s)| (o, scalar_bytes(s), payload_is_bytes(s)))
                .collect(),
            size,
        ))
    }

    /// The cell size the views recorded so far need: `None` while they all have one shape
    /// (cell for cell is exact), else the greatest common size of their scalars.
    fn needed_unit(&self) -> Option<u64> {
        let mut shapes = Vec::new();
        for v in &self.shared_views {
            if let Some(s) = self.shape(v) {
                if !shapes.contains(&s) {
                    shapes.push(s);
                }
            }
        }
        if shapes.len() < 2 && self.byte_unit.is_none() {
            return None;
        }
        let unit = shapes
            .iter()
            .flat_map(|(scalars, _)| scalars.iter().map(|(_, b, _)| *b))
            .fold(0, gcd);
        (unit > 0).then_some(unit).or(self.byte_unit)
    }

    /// The cell size of `array` when it is the byte-addressed dynamic shared memory.
    fn byte_array(&self, array: &str) -> Option<u64> {
        self.byte_unit
            .filter(|_| self.dynamic_shared.as_deref() == Some(array))
    }

    /// The number of cells of `array` a value of `ty` occupies (`None`: not laid out there).
    fn cells_in(&self, array: &str, ty: &CType) -> Option<u64> {
        match self.byte_array(array) {
            Some(unit) => {
                let (size, _) = self.g.byte_size(ty, 0)?;
                (size.is_multiple_of(unit) && size > 0).then_some(size / unit)
            }
            None => self.g.cells(ty, 0),
        }
    }

    /// The cells of the byte-addressed `array` a value of `ty` covers: for each of its scalars,
    /// its first cell from the value's start, its number of cells, and its type. `None` when
    /// a scalar does not fall on whole cells or the type is not laid out.
    fn byte_cells(&self, array: &str, ty: &CType) -> Option<Vec<(u64, u64, Scalar)>> {
        let unit = self.byte_array(array)?;
        let mut scalars = Vec::new();
        self.g.byte_scalars(ty, 0, &mut scalars)?;
        scalars
            .into_iter()
            .map(|(off, s)| {
                let b = scalar_bytes(s);
                (off.is_multiple_of(unit) && b.is_multiple_of(unit)).then_some((
                    off / unit,
                    b / unit,
                    s,
                ))
            })
            .collect()
    }

    /// The core array of a file-scope or kernel-scope memory declaration.
    fn memory_array(&mut self, decl: &Node, space: Space, span: Span) -> Option<Place> {
        let ty = CType::parse(decl.qual_type());
        let is_extern = decl.storage_class.as_deref() == Some("extern");
        if space == Space::Shared && is_extern && matches!(ty, CType::Array(_, None)) {
            // Every `extern __shared__` array of a kernel is the same memory.
            let elem = ty.pointee().cloned().unwrap_or(CType::Void);
            let name = match &self.dynamic_shared {
                Some(name) => name.clone(),
                None => {
                    let name = self.fresh("dynamic_shared");
                    self.dynamic_shared = Some(name.clone());
                    name
                }
            };
            let first = self.shared_views.first().cloned();
            self.view_shared(&elem);
            if let Some(unit) = self.byte_unit {
                self.declare(&name, Space::Shared, span, Some(Layout::Bytes { unit }));
                return Some(Place::Mem {
                    array: name,
                    off: int(0, span),
                    ty,
                });
            }
            // Cell for cell: exact while every view has the layout of the first one; another
            // view makes the lowering start again byte-addressed (`Lower::kernel`), and until
            // then its accesses are of an unknown cell.
            let same = match &first {
                None => true,
                Some(f) => self.shape(f).is_some() && self.shape(f) == self.shape(&elem),
            };
            if !same || self.g.cells(&elem, 0).is_none() {
                self.declare(&name, Space::Shared, span, None);
                return Some(Place::Many(vec![name], ty));
            }
            let layout = self.g.layout(&ty, 0);
            self.declare(&name, Space::Shared, span, layout);
            return Some(Place::Mem {
                array: name,
                off: int(0, span),
                ty,
            });
        }
        let name = match self.array_names.get(&decl.id) {
            Some(n) => n.clone(),
            None => {
                let n = self.fresh(decl.name.as_deref().unwrap_or("mem"));
                self.array_names.insert(decl.id.clone(), n.clone());
                n
            }
        };
        let layout = self.g.layout(&ty, 0);
        self.declare(&name, space, span, layout);
        Some(Place::Mem {
            array: name,
            off: int(0, span),
            ty,
        })
    }

    // ---- reading and writing places ----

    fn read(&mut self, p: Place, span: Span, out: &mut Vec<Stmt>) -> Val {
        match p {
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Val(v)) => v,
                Some(Binding::Ref(p)) => self.read(p, span, out),
                Some(Binding::Private) => self.unknown_val("private", &ty, span, out),
                None => {
                    self.error(span, "internal error: a variable without a value", "here");
                    Val::Num(int(0, span), Scalar::INT)
                }
            },
            Place::Mem { array, off, ty } if self.byte_array(&array).is_some() => {
                self.read_bytes(array, off, ty, span, out)
            }
            Place::Mem { array, off, ty } => match self.g.cells(&ty, 0) {
                Some(1) if !matches!(ty, CType::Array(..)) => {
                    let e = self.emit_read(&array, off, span, out);
                    if let (Some(r), ExprKind::Var(name)) =
                        (ty.scalar().and_then(|s| s.range()), &e.kind)
                    {
                        self.ranges.insert(name.clone(), r);
                    }
                    match ty {
                        CType::Scalar(Scalar::Bool) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
                        CType::Scalar(s) => Val::Num(e, s),
                        CType::Pointer(_) => Val::Ptr(Ptr::Unknown),
                        _ => Val::Opaque,
                    }
                }
                Some(n) => {
                    // A whole struct or array element: every cell is read.
                    let off = self.bound("at", off, out);
                    for k in 0..n {
                        let index = Expr::bin(BinOp::Add, off.clone(), int(k as i64, span));
                        self.emit_read(&array, index, span, out);
                    }
                    Val::Opaque
                }
                None => {
                    let t = format!("{ty:?}");
                    self.error(
                        span,
                        format!("a value of type `{t}` in memory is not supported"),
                        "read here",
                    );
                    Val::Opaque
                }
            },
            Place::Many(arrays, ty) => {
                for a in arrays {
                    let idx = self.unknown("unknown_cell", None, span, out);
                    self.emit_read(&a, idx, span, out);
                }
                self.unknown_val("through_pointer", &ty, span, out)
            }
            Place::Private(ty) => self.unknown_val("private", &ty, span, out),
            Place::Builtin => Val::Opaque,
            // A read of memory the lowering cannot name could be a read of any array: refused
            // rather than dropped.
            Place::Unknown(ty) => {
                self.error(
                    span,
                    "a read through a pointer or reference mapcheck cannot follow",
                    "the lowering does not know which memory this is",
                );
                self.unknown_val("unknown_memory", &ty, span, out)
            }
        }
    }

    fn write(&mut self, p: Place, v: Val, span: Span, out: &mut Vec<Stmt>) {
        match p {
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Ref(p)) => self.write(p, v, span, out),
                Some(Binding::Private) => {}
                _ => {
                    let v = match v {
                        Val::Num(e, s) => {
                            let base = self.local_name(&id);
                            Val::Num(self.bound(&base, e, out), s)
                        }
                        Val::Ptr(Ptr::To {
                            array,
                            off,
                            pointee,
                        }) => {
                            let base = self.local_name(&id);
                            Val::Ptr(Ptr::To {
                                array,
                                off: self.bound(&base, off, out),
                                pointee,
                            })
                        }
                        other => other,
                    };
                    let _ = ty;
                    self.env.insert(id, Binding::Val(v));
                }
            },
            Place::Mem { array, off, ty } if self.byte_array(&array).is_some() => {
                self.write_bytes(array, off, ty, v, span, out)
            }
            Place::Mem { array, off, ty } => {
                let cells = self.g.cells(&ty, 0);
                match cells {
                    Some(1) if !matches!(ty, CType::Array(..)) => {
                        let value = self.payload(v, span, out);
                        self.emit(
                            out,
                            stmt(
                                StmtKind::Write {
                                    target: Access {
                                        array: Ident::new(array, span),
                                        index: vec![off],
                                        span,
                                    },
                                    value,
                                },
                                span,
                            ),
                        );
                    }
                    Some(n) => {
                        let off = self.bound("at", off, out);
                        for k in 0..n {
                            let value = self.unknown("field", None, span, out);
                            let index = Expr::bin(BinOp::Add, off.clone(), int(k as i64, span));
                            self.emit(
                                out,
                                stmt(
                                    StmtKind::Write {
                                        target: Access {
                                            array: Ident::new(array.clone(), span),
                                            index: vec![index],
                                            span,
                                        },
                                        value,
                                    },
                                    span,
                                ),
                            );
                        }
                    }
                    None => self.error(
                        span,
                        "a write of a value of this type to memory is not supported",
                        "written here",
                    ),
                }
            }
            Place::Many(arrays, _) => {
                for a in arrays {
                    let idx = self.unknown("unknown_cell", None, span, out);
                    let value = self.unknown("value", None, span, out);
                    self.emit(
                        out,
                        stmt(
                            StmtKind::Write {
                                target: Access {
                                    array: Ident::new(a, span),
                                    index: vec![idx],
                                    span,
                                },
                                value,
                            },
                            span,
                        ),
                    );
                }
            }
            // Thread-private memory never races.
            Place::Private(_) => {}
            Place::Builtin => self.error(span, "a built-in variable cannot be assigned", "here"),
            Place::Unknown(_) => self.error(
                span,
                "a write through a pointer mapcheck cannot follow",
                "the lowering does not know which memory this pointer points to",
            ),
        }
    }

    /// `let var = array[index];`, the variable's name made from the array's.
    fn emit_read(&mut self, array: &str, index: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let name = self.fresh(&format!("{array}_v"));
        self.emit(
            out,
            stmt(
                StmtKind::Read {
                    var: Ident::new(name.clone(), span),
                    source: Access {
                        array: Ident::new(array, span),
                        index: vec![index],
                        span,
                    },
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    fn emit_write(
        &mut self,
        array: &str,
        index: Expr,
        value: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        self.emit(
            out,
            stmt(
                StmtKind::Write {
                    target: Access {
                        array: Ident::new(array, span),
                        index: vec![index],
                        span,
                    },
                    value,
                },
                span,
            ),
        );
    }

    /// A read of a value of `ty` at cell `off` of the byte-addressed dynamic shared memory:
    /// every cell its bytes cover is read. A scalar of one cell has the cell's word converted
    /// to its type; the value of one spread over several cells (a `double` over two 4-byte
    /// cells, a `float` over four bytes) is not put back together: `?` named `bytes_value`.
    fn read_bytes(
        &mut self,
        array: String,
        off: Expr,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let Some(cells) = self.byte_cells(&array, &ty) else {
            return self.read(Place::Many(vec![array], ty), span, out);
        };
        let off = self.bound("at", off, out);
        let mut single = None;
        for &(first, n, s) in &cells {
            for j in first..first + n {
                let index = if j == 0 {
                    off.clone()
                } else {
                    Expr::bin(BinOp::Add, off.clone(), int(j as i64, span))
                };
                let v = self.emit_read(&array, index, span, out);
                if n == 1 && cells.len() == 1 {
                    // The cell holds the unsigned word of its bytes (`write_bytes`), or
                    // anything where nothing wrote it: C's value of the type is the
                    // conversion of that word.
                    single = Some(match s {
                        Scalar::Int { .. } => self.convert_int(v, s, out),
                        _ => v,
                    });
                }
            }
        }
        match (ty, single) {
            (CType::Scalar(Scalar::Bool), Some(e)) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
            (CType::Scalar(s), Some(e)) => Val::Num(e, s),
            (ty @ CType::Scalar(_), None) => self.unknown_val("bytes_value", &ty, span, out),
            _ => Val::Opaque,
        }
    }

    /// A write of `v`, of type `ty`, at cell `off` of the byte-addressed dynamic shared
    /// memory: every cell its bytes cover is written. The values written are what makes two
    /// writes of the same bytes a benign race, so they must be those bytes, as unsigned words:
    /// an integer of one cell stores its value modulo 2^bits, a `float` its payload (its bit
    /// pattern); an integer or `float` over several cells stores the little-endian pieces of
    /// that word; anything else (a `double` or `half`, whose payload is not its bytes; the
    /// fields of a struct copy) stores `?` in each cell.
    fn write_bytes(
        &mut self,
        array: String,
        off: Expr,
        ty: CType,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let Some(cells) = self.byte_cells(&array, &ty) else {
            return self.write(Place::Many(vec![array], ty), v, span, out);
        };
        let unit = self.byte_array(&array).unwrap_or(1);
        let off = self.bound("at", off, out);
        let scalar = matches!(ty, CType::Scalar(_));
        for &(first, n, s) in &cells {
            let is_bytes = payload_is_bytes(s);
            let pieces: Option<Vec<Expr>> = match &v {
                _ if !scalar || !is_bytes => None,
                // The unsigned word of the value's bytes: a `char` -1 and an `unsigned char`
                // 255 store the same byte, and a read converts the word to its own type.
                Val::Num(e, Scalar::Int { bits, .. }) if n == 1 => Some(vec![match literal(e) {
                    Some(c) if *bits < 64 => int(c.rem_euclid(1i128 << bits) as i64, span),
                    _ => self.convert_int(
                        e.clone(),
                        Scalar::Int {
                            bits: *bits,
                            signed: false,
                        },
                        out,
                    ),
                }]),
                _ if n == 1 => Some(vec![self.payload(v.clone(), span, out)]),
                // A value of at most 32 bits, as the unsigned word of its bytes, cut into
                // pieces by shifts of constants and a mask (exact in both arithmetic modes).
                Val::Num(e, word @ (Scalar::Int { bits: 1..=32, .. } | Scalar::Float(32)))
                    if literal(e).is_none() =>
                {
                    let bits = match word {
                        Scalar::Int { bits, .. } => *bits,
                        _ => 32,
                    };
                    let w = self.convert_int(
                        e.clone(),
                        Scalar::Int {
                            bits,
                            signed: false,
                        },
                        out,
                    );
                    let w = self.bound("word", w, out);
                    let piece_bits = 8 * unit as u32;
                    let mask = int((1i64 << piece_bits) - 1, span);
                    Some(
                        (0..n)
                            .map(|j| {
                                let shifted = match j {
                                    0 => w.clone(),
                                    _ => Expr::bin(
                                        BinOp::UShr,
                                        w.clone(),
                                        int(i64::from(piece_bits) * j as i64, span),
                                    ),
                                };
                                Expr::bin(BinOp::And, shifted, mask.clone())
                            })
                            .collect(),
                    )
                }
                Val::Num(e, Scalar::Int { bits, .. }) => match literal(e) {
                    Some(c) => {
                        let word = c.rem_euclid(1i128 << bits);
                        let piece_bits = 8 * unit as u32;
                        Some(
                            (0..n)
                                .map(|j| {
                                    let p = (word >> (piece_bits * j as u32))
                                        & ((1i128 << piece_bits) - 1);
                                    int(p as i64, span)
                                })
                                .collect(),
                        )
                    }
                    _ => None,
                },
                _ => None,
            };
            for j in 0..n {
                let index = if first + j == 0 {
                    off.clone()
                } else {
                    Expr::bin(BinOp::Add, off.clone(), int((first + j) as i64, span))
                };
                let value = match &pieces {
                    Some(p) => p[j as usize].clone(),
                    None => self.unknown("bytes_piece", None, span, out),
                };
                self.emit_write(&array, index, value, span, out);
            }
        }
    }

    /// The value a write stores, as a core expression.
    fn payload(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> Expr {
        match v {
            Val::Num(e, _) => e,
            Val::Bool(c) => match c.kind {
                CondKind::Bool(b) => int(i64::from(b), span),
                _ => self.unknown("bool_value", Some((0, 1)), span, out),
            },
            _ => self.unknown("value", None, span, out),
        }
    }

    fn local_name(&self, id: &str) -> String {
        self.local_names
            .get(id)
            .cloned()
            .unwrap_or_else(|| "v".into())
    }
}

/// The `i`-th child of `n` that is an expression or statement.
fn child(n: &Node, i: usize) -> Option<&Node> {
    n.exprs().nth(i)
}

/// The declaration a callee expression names, through casts and parentheses.
fn callee_decl(n: &Node) -> Option<&super::ast::DeclRef> {
    match n.kind {
        Kind::DeclRefExpr => n.referenced_decl.as_ref(),
        Kind::ImplicitCastExpr | Kind::ParenExpr | Kind::CStyleCastExpr => {
            n.exprs().next().and_then(callee_decl)
        }
        _ => None,
    }
}

/// Whether evaluating `n` may change memory or a variable (an annotation's argument must
/// not).
fn has_side_effects(n: &Node) -> bool {
    let here = match n.kind {
        Kind::BinaryOperator => n.opcode.as_deref() == Some("="),
        Kind::CompoundAssignOperator => true,
        Kind::UnaryOperator => matches!(n.opcode.as_deref(), Some("++" | "--")),
        Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => n
            .exprs()
            .next()
            .and_then(callee_decl)
            .and_then(|d| d.name.as_deref())
            .is_none_or(|name| {
                // mapcheck's own predicates and GPUVerify's postcondition helpers are pure.
                !(name.starts_with("__mapcheck_")
                    || name.starts_with("__return_val")
                    || name == "__old")
            }),
        _ => false,
    };
    here || n.inner.iter().any(has_side_effects)
}

impl Lower<'_, '_> {
    fn node_type(&self, n: &Node) -> CType {
        CType::parse(n.qual_type())
    }

    /// The value of an expression.
    fn rvalue(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Val {
        let span = self.span(n);
        let ty = self.node_type(n);
        match &n.kind {
            Kind::IntegerLiteral | Kind::CharacterLiteral => match (n.int_value(), ty.scalar()) {
                (Some(v), Some(s)) => match i64::try_from(v) {
                    Ok(v) => Val::Num(int(v, span), s),
                    // Beyond `i64` (an `unsigned long long` from 2^63): `K + K + (v - 2K)` with
                    // K = 2^63 - 1, the number in `int`, its bits in words (2K + 2 = 2^64).
                    Err(_) if (0..1i128 << 64).contains(&v) => {
                        let k = i128::from(i64::MAX);
                        match i64::try_from(v - 2 * k) {
                            Ok(rest) => {
                                let kk =
                                    Expr::bin(BinOp::Add, int(i64::MAX, span), int(i64::MAX, span));
                                Val::Num(Expr::bin(BinOp::Add, kk, int(rest, span)), s)
                            }
                            Err(_) => self.unknown_val("large_literal", &ty, span, out),
                        }
                    }
                    Err(_) => self.unknown_val("large_literal", &ty, span, out),
                },
                _ => self.unknown_val("literal", &ty, span, out),
            },
            Kind::CXXBoolLiteralExpr => {
                let b = matches!(n.value, Some(serde_json::Value::Bool(true)));
                Val::Bool(Cond::new(CondKind::Bool(b), span))
            }
            Kind::FloatingLiteral => {
                // The bit pattern of the literal: equal literals give equal payloads.
                let bits = n
                    .value
                    .as_ref()
                    .and_then(|v| v.as_str())
                    .and_then(|s| s.parse::<f64>().ok())
                    .map(|f| (f as f32).to_bits());
                match bits {
                    Some(b) => Val::Num(
                        int(i64::from(b), span),
                        ty.scalar().unwrap_or(Scalar::Float(32)),
                    ),
                    None => self.unknown_val("float_literal", &ty, span, out),
                }
            }
            Kind::ConstantExpr => match (n.int_value(), ty.scalar()) {
                (Some(v), Some(s)) if !matches!(s, Scalar::Float(_)) => match i64::try_from(v) {
                    Ok(v) if s == Scalar::Bool => {
                        Val::Bool(Cond::new(CondKind::Bool(v != 0), span))
                    }
                    Ok(v) => Val::Num(int(v, span), s),
                    Err(_) => self.unknown_val("large_constant", &ty, span, out),
                },
                _ => self.first(n, out),
            },
            Kind::ParenExpr
            | Kind::ExprWithCleanups
            | Kind::MaterializeTemporaryExpr
            | Kind::CXXBindTemporaryExpr => self.first(n, out),
            Kind::SubstNonTypeTemplateParmExpr => match n.exprs().last() {
                Some(c) => self.rvalue(c, out),
                None => self.unknown_val("template_argument", &ty, span, out),
            },
            Kind::CXXDefaultArgExpr => match n.exprs().next() {
                Some(c) => self.rvalue(c, out),
                None => {
                    self.error(span, "a default argument mapcheck cannot see", "here");
                    Val::Opaque
                }
            },
            Kind::ImplicitCastExpr
            | Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXFunctionalCastExpr
            | Kind::CXXReinterpretCastExpr
            | Kind::CXXConstCastExpr => self.cast(n, &ty, span, out),
            Kind::DeclRefExpr => {
                let decl = n.referenced_decl.as_ref();
                match decl.and_then(|d| d.kind.clone()) {
                    Some(Kind::EnumConstantDecl) => {
                        let v = decl.and_then(|d| self.g.enumerators.get(d.id.as_str()).copied());
                        match (v.and_then(|v| i64::try_from(v).ok()), ty.scalar()) {
                            (Some(v), Some(s)) => Val::Num(int(v, span), s),
                            _ => self.unknown_val("enumerator", &ty, span, out),
                        }
                    }
                    Some(Kind::FunctionDecl | Kind::CXXMethodDecl) => Val::Opaque,
                    Some(Kind::Other(k)) if k == "NonTypeTemplateParmDecl" => {
                        self.unknown_val("template_parameter", &ty, span, out)
                    }
                    _ if n.is_lvalue() && matches!(ty, CType::Array(..) | CType::Other(_)) => {
                        // An array or a function designator used as a value.
                        let p = self.place(n, out);
                        self.address(p)
                    }
                    _ if n.is_lvalue() => {
                        let p = self.place(n, out);
                        self.read(p, span, out)
                    }
                    _ => self.unknown_val("name", &ty, span, out),
                }
            }
            Kind::BinaryOperator => self.binary(n, &ty, span, out),
            Kind::CompoundAssignOperator => self.compound_assign(n, span, out),
            Kind::UnaryOperator => self.unary(n, &ty, span, out),
            Kind::ConditionalOperator => self.conditional(n, &ty, span, out),
            Kind::CallExpr | Kind::CXXOperatorCallExpr => self.call(n, &ty, span, out),
            Kind::CXXMemberCallExpr => self.member_call(n, &ty, span, out),
            Kind::UnaryExprOrTypeTraitExpr => {
                let of = n
                    .arg_type
                    .as_ref()
                    .map(|t| CType::parse(t.canonical()))
                    .or_else(|| n.exprs().next().map(|e| self.node_type(e)));
                let size = of.and_then(|t| self.size_of(&t));
                match (n.name.as_deref(), size, ty.scalar()) {
                    (Some("sizeof"), Some(b), Some(s)) => Val::Num(int(b as i64, span), s),
                    _ => self.unknown_val("sizeof", &ty, span, out),
                }
            }
            Kind::CXXConstructExpr
            | Kind::CXXTemporaryObjectExpr
            | Kind::InitListExpr
            | Kind::ImplicitValueInitExpr => {
                // A struct or vector value built from its arguments: they are evaluated (their
                // reads and effects happen), the value itself is not followed.
                for c in n.exprs() {
                    if c.is_lvalue() {
                        let p = self.place(c, out);
                        self.read(p, span, out);
                    } else {
                        self.rvalue(c, out);
                    }
                }
                match ty {
                    CType::Scalar(_) | CType::Pointer(_) => {
                        self.unknown_val("constructed", &ty, span, out)
                    }
                    _ => Val::Opaque,
                }
            }
            Kind::CXXNullPtrLiteralExpr => Val::Ptr(Ptr::Unknown),
            Kind::CXXThisExpr => match self.this.clone() {
                Some(v) => v,
                None => {
                    self.error(span, "`this` outside an inlined method", "here");
                    Val::Ptr(Ptr::Unknown)
                }
            },
            Kind::StringLiteral => Val::Ptr(Ptr::Private),
            Kind::ArraySubscriptExpr | Kind::MemberExpr => {
                // An lvalue of array or record type used as a value (decay is a cast).
                let p = self.place(n, out);
                self.read(p, span, out)
            }
            Kind::CUDAKernelCallExpr => {
                self.error(
                    span,
                    "a kernel launch from device code is not supported",
                    "dynamic parallelism",
                );
                Val::Opaque
            }
            other => {
                let name = match other {
                    Kind::Other(k) => k.clone(),
                    k => format!("{k:?}"),
                };
                self.error(
                    span,
                    format!("mapcheck cannot lower this expression (`{name}`)"),
                    "not supported by the CUDA lowering",
                );
                Val::Opaque
            }
        }
    }

    fn first(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Val {
        match n.exprs().next() {
            Some(c) => self.rvalue(c, out),
            None => Val::Opaque,
        }
    }

    /// The size in bytes of a type, for `sizeof`.
    fn size_of(&self, t: &CType) -> Option<u64> {
        match t {
            CType::Scalar(Scalar::Float(_)) => None,
            CType::Scalar(s) => Some(scalar_bytes(*s)),
            CType::Pointer(_) => Some(8),
            CType::Array(e, Some(n)) => self.size_of(e)?.checked_mul(*n),
            _ => None,
        }
    }

    /// A pointer to a place (`&x`, an array's decay).
    fn address(&mut self, p: Place) -> Val {
        let elem = |t: &CType| match t {
            CType::Array(e, _) => (**e).clone(),
            t => t.clone(),
        };
        match p {
            Place::Mem { array, off, ty } => Val::Ptr(Ptr::To {
                array,
                off,
                pointee: elem(&ty),
            }),
            Place::Many(arrays, _) => Val::Ptr(Ptr::Many(arrays)),
            Place::Private(_) => Val::Ptr(Ptr::Private),
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Private) => Val::Ptr(Ptr::Private),
                Some(Binding::Ref(p)) => self.address(p),
                _ if matches!(ty, CType::Array(..) | CType::Record(_)) => Val::Ptr(Ptr::Private),
                _ => Val::Ptr(Ptr::Local(id)),
            },
            Place::Builtin | Place::Unknown(_) => Val::Ptr(Ptr::Unknown),
        }
    }

    fn cast(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(inner) = n.exprs().next() else {
            return Val::Opaque;
        };
        match n.cast_kind.as_deref().unwrap_or("NoOp") {
            "LValueToRValue" => {
                if let Some(v) = self.builtin_value(inner, span) {
                    return v;
                }
                let bare = strip_parens(inner);
                if bare.kind == Kind::ConditionalOperator {
                    // `c ? x : y` of two lvalues, read: the value of the branch taken.
                    return self.conditional(bare, ty, span, out);
                }
                let p = self.place(inner, out);
                self.read(p, span, out)
            }
            "ArrayToPointerDecay" | "FunctionToPointerDecay" | "BuiltinFnToFnPtr" => {
                if inner.is_lvalue() {
                    let p = self.place(inner, out);
                    self.address(p)
                } else {
                    self.rvalue(inner, out)
                }
            }
            "NoOp"
            | "UncheckedDerivedToBase"
            | "DerivedToBase"
            | "AtomicToNonAtomic"
            | "NonAtomicToAtomic" => {
                if inner.is_lvalue() && !n.is_lvalue() {
                    let p = self.place(inner, out);
                    self.read(p, span, out)
                } else {
                    self.rvalue(inner, out)
                }
            }
            "ToVoid" => {
                self.rvalue_or_place(inner, out);
                Val::Opaque
            }
            "NullToPointer" => Val::Ptr(Ptr::Unknown),
            "IntegralCast"
            | "IntegralToBoolean"
            | "FloatingToIntegral"
            | "IntegralToFloating"
            | "FloatingCast"
            | "FloatingToBoolean"
            | "BooleanToSignedIntegral"
            | "PointerToBoolean"
            | "BitCast"
            | "IntegralToPointer"
            | "PointerToIntegral" => {
                let v = self.rvalue(inner, out);
                match n.cast_kind.as_deref() {
                    Some("BooleanToSignedIntegral") => {
                        // `true` is -1.
                        match v {
                            Val::Bool(c) => match self.indicator(&c, 0) {
                                Some(e) => Val::Num(
                                    Expr::bin(BinOp::Sub, int(0, span), e),
                                    ty.scalar().unwrap_or(Scalar::INT),
                                ),
                                None => self.unknown_val("bool_to_int", ty, span, out),
                            },
                            _ => self.unknown_val("bool_to_int", ty, span, out),
                        }
                    }
                    Some("IntegralToPointer") => Val::Ptr(Ptr::Unknown),
                    Some("PointerToIntegral") => self.unknown_val("pointer_value", ty, span, out),
                    _ => self.convert(v, ty, span, out),
                }
            }
            // A conversion operator's call is the child: its value is the conversion's.
            "UserDefinedConversion" => {
                let v = self.rvalue(inner, out);
                match (v, ty) {
                    (v @ Val::Ptr(_), CType::Pointer(_)) => v,
                    (v, CType::Scalar(_)) => self.convert(v, ty, span, out),
                    _ => self.unknown_val("conversion", ty, span, out),
                }
            }
            "ConstructorConversion" => {
                self.rvalue(inner, out);
                self.unknown_val("conversion", ty, span, out)
            }
            other => {
                let v = self.rvalue(inner, out);
                let _ = v;
                let other = other.to_string();
                self.unknown_val(&format!("cast_{other}"), ty, span, out)
            }
        }
    }

    /// `threadIdx.x` and the like, and `warpSize`: values, not memory.
    fn builtin_value(&mut self, n: &Node, span: Span) -> Option<Val> {
        match n.kind {
            Kind::MemberExpr => {
                let base = n.exprs().next()?;
                let name = base.referenced_decl.as_ref()?.name.as_deref()?;
                if base.kind != Kind::DeclRefExpr || !self.is_prelude_var(base) {
                    return None;
                }
                let comp = builtin_component(name, n.name.as_deref()?)?;
                Some(Val::Num(Expr::var(comp, span), Scalar::UINT))
            }
            Kind::DeclRefExpr => {
                let d = n.referenced_decl.as_ref()?;
                (d.name.as_deref() == Some("warpSize") && self.is_prelude_var(n))
                    .then(|| Val::Num(int(32, span), Scalar::INT))
            }
            Kind::ParenExpr | Kind::ImplicitCastExpr
                if n.cast_kind.as_deref().is_none_or(|k| k == "NoOp") =>
            {
                n.exprs().next().and_then(|c| self.builtin_value(c, span))
            }
            _ => None,
        }
    }

    /// Whether a `DeclRefExpr` names a variable of mapcheck's headers (not a user variable that
    /// happens to be called `threadIdx`).
    fn is_prelude_var(&self, n: &Node) -> bool {
        n.referenced_decl
            .as_ref()
            .and_then(|d| self.g.memory.get(d.id.as_str()))
            .is_some_and(|(decl, _)| {
                !decl.is_in_main_file() && decl.file().is_some_and(is_prelude_file)
            })
    }

    /// The place an lvalue designates.
    fn place(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Place {
        let span = self.span(n);
        let ty = self.node_type(n);
        match &n.kind {
            Kind::ParenExpr | Kind::MaterializeTemporaryExpr | Kind::ExprWithCleanups => {
                match n.exprs().next() {
                    Some(c) if c.is_lvalue() => self.place(c, out),
                    Some(c) => {
                        // A temporary: thread-private.
                        self.rvalue(c, out);
                        Place::Private(ty)
                    }
                    None => Place::Private(ty),
                }
            }
            Kind::ImplicitCastExpr
            | Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXReinterpretCastExpr
            | Kind::CXXConstCastExpr
                if n.is_lvalue() =>
            {
                match n.exprs().next() {
                    Some(c) => {
                        let p = self.place(c, out);
                        match p {
                            Place::Mem { array, off, .. } => Place::Mem { array, off, ty },
                            other => other,
                        }
                    }
                    None => Place::Private(ty),
                }
            }
            Kind::DeclRefExpr => self.decl_place(n, &ty, span, out),
            Kind::ArraySubscriptExpr => {
                let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
                    return Place::Private(ty);
                };
                let (base, index) = if self.node_type(a).is_pointer_like() {
                    (a, b)
                } else {
                    (b, a)
                };
                let p = self.rvalue(base, out);
                let i = self.rvalue(index, out);
                match self.pointer_arith("+", ptr_of(p), i, span, out) {
                    Val::Ptr(p) => self.deref(p, ty, span),
                    _ => Place::Unknown(ty),
                }
            }
            Kind::UnaryOperator if n.opcode.as_deref() == Some("*") => {
                let p = match n.exprs().next() {
                    Some(c) => self.rvalue(c, out),
                    None => Val::Opaque,
                };
                self.deref(ptr_of(p), ty, span)
            }
            Kind::MemberExpr => self.member_place(n, ty, span, out),
            Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => {
                // A call returning a reference: which memory it designates is not followed
                // yet, so accesses through it are refused (`Place::Unknown`).
                self.rvalue(n, out);
                Place::Unknown(ty)
            }
            Kind::ConditionalOperator => {
                // `(c ? a : b) = v`: either place.
                self.conditional_place(n, &ty, span, out)
            }
            // An assignment or a prefix increment used as an lvalue designates the place it
            // wrote: its operand is evaluated once.
            Kind::CompoundAssignOperator => {
                self.last_place = None;
                self.compound_assign(n, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::BinaryOperator if n.opcode.as_deref() == Some("=") => {
                self.last_place = None;
                self.binary(n, &ty, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::UnaryOperator if matches!(n.opcode.as_deref(), Some("++" | "--")) => {
                self.last_place = None;
                self.unary(n, &ty, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::StringLiteral | Kind::CXXTemporaryObjectExpr | Kind::CXXConstructExpr => {
                self.rvalue(n, out);
                Place::Private(ty)
            }
            _ if !n.is_lvalue() => {
                // A prvalue used where a place is expected: a temporary of the thread.
                self.rvalue(n, out);
                Place::Private(ty)
            }
            _ => {
                self.rvalue(n, out);
                Place::Unknown(ty)
            }
        }
    }

    fn deref(&mut self, p: Ptr, ty: CType, span: Span) -> Place {
        let _ = span;
        match p {
            Ptr::To { array, off, .. } => Place::Mem { array, off, ty },
            Ptr::Many(arrays) => Place::Many(arrays, ty),
            Ptr::Private => Place::Private(ty),
            Ptr::Local(id) => Place::Local(id, ty),
            Ptr::Unknown => Place::Unknown(ty),
        }
    }

    fn decl_place(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Place {
        let Some(d) = n.referenced_decl.as_ref() else {
            return Place::Unknown(ty.clone());
        };
        if matches!(d.kind, Some(Kind::FunctionDecl | Kind::CXXMethodDecl)) {
            // A function designator: calls through a pointer to it are unknown calls.
            return Place::Private(ty.clone());
        }
        if n.qual_type()
            .trim_start_matches("const ")
            .starts_with("texture<")
        {
            // A texture reference: an opaque handle whose fetches are values not followed.
            return Place::Private(ty.clone());
        }
        if let Some(b) = self.env.get(&d.id).cloned() {
            return match b {
                Binding::Val(_) => Place::Local(d.id.clone(), ty.clone()),
                Binding::Ref(p) => p,
                Binding::Private => Place::Private(ty.clone()),
            };
        }
        if let Some((decl, space)) = self.g.memory.get(d.id.as_str()).copied() {
            if self.is_prelude_var(n) {
                return Place::Builtin;
            }
            return self
                .memory_array(decl, space, span)
                .unwrap_or(Place::Unknown(ty.clone()));
        }
        if let Some(v) = self.g.constants.get(d.id.as_str()).copied() {
            if let (Ok(v), Some(s)) = (i64::try_from(v), ty.scalar()) {
                self.env
                    .insert(d.id.clone(), Binding::Val(Val::Num(int(v, span), s)));
                return Place::Local(d.id.clone(), ty.clone());
            }
        }
        let _ = out;
        let name = d.name.clone().unwrap_or_default();
        self.error(
            span,
            format!("mapcheck does not know what `{name}` is here"),
            "a variable that is neither a parameter, a local, nor device or shared memory",
        );
        Place::Unknown(ty.clone())
    }

    fn member_place(&mut self, n: &Node, ty: CType, span: Span, out: &mut Vec<Stmt>) -> Place {
        let Some(base) = n.exprs().next() else {
            return Place::Unknown(ty);
        };
        let field = n.name.clone().unwrap_or_default();
        let base_place = if n.is_arrow == Some(true) {
            let p = self.rvalue(base, out);
            let bty = match self.node_type(base) {
                CType::Pointer(t) => *t,
                t => t,
            };
            match ptr_of(p) {
                Ptr::To { array, off, .. } => Place::Mem {
                    array,
                    off,
                    ty: bty,
                },
                other => self.deref(other, bty, span),
            }
        } else if base.is_lvalue() {
            self.place(base, out)
        } else {
            self.rvalue(base, out);
            Place::Private(self.node_type(base))
        };
        match base_place {
            Place::Mem {
                array,
                off,
                ty: CType::Record(r),
            } if self.byte_array(&array).is_some() => {
                let unit = self.byte_array(&array).unwrap_or(1);
                let found = self
                    .g
                    .byte_fields(&r, 0)
                    .and_then(|(fields, _, _)| {
                        let names = self.g.fields(&r)?;
                        names
                            .iter()
                            .zip(fields)
                            .find(|((name, _), _)| *name == field)
                            .map(|(_, f)| f)
                    })
                    .filter(|(foff, _)| foff.is_multiple_of(unit));
                match found {
                    Some((foff, fty)) => Place::Mem {
                        array,
                        off: if foff == 0 {
                            off
                        } else {
                            Expr::bin(BinOp::Add, off, int((foff / unit) as i64, span))
                        },
                        ty: fty,
                    },
                    None => Place::Many(vec![array], ty),
                }
            }
            Place::Mem {
                array,
                off,
                ty: CType::Record(r),
            } => match self.g.field(&r, &field) {
                Some((foff, fty)) => Place::Mem {
                    array,
                    off: if foff == 0 {
                        off
                    } else {
                        Expr::bin(BinOp::Add, off, int(foff as i64, span))
                    },
                    ty: fty,
                },
                None => {
                    self.error(
                        span,
                        format!("the layout of `{r}` is not known to mapcheck"),
                        "field of this struct",
                    );
                    Place::Unknown(ty)
                }
            },
            Place::Mem { array, .. } => Place::Many(vec![array], ty),
            Place::Many(arrays, _) => Place::Many(arrays, ty),
            Place::Local(id, _) => match self.env.get(&id) {
                Some(Binding::Private) | Some(Binding::Val(Val::Opaque)) => Place::Private(ty),
                _ => Place::Private(ty),
            },
            Place::Private(_) => Place::Private(ty),
            Place::Builtin => Place::Builtin,
            Place::Unknown(_) => Place::Unknown(ty),
        }
    }

    fn conditional_place(
        &mut self,
        n: &Node,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let (Some(c), Some(a), Some(b)) = (child(n, 0), child(n, 1), child(n, 2)) else {
            return Place::Unknown(ty.clone());
        };
        let cv = self.rvalue(c, out);
        let _ = self.as_cond(cv, span, out);
        let pa = self.place(a, out);
        let pb = self.place(b, out);
        let arrays = |p: &Place| match p {
            Place::Mem { array, .. } => vec![array.clone()],
            Place::Many(a, _) => a.clone(),
            _ => Vec::new(),
        };
        if matches!(pa, Place::Local(..)) || matches!(pb, Place::Local(..)) {
            self.error(
                span,
                "an assignment to a conditional choice of local variables",
                "not supported",
            );
            return Place::Unknown(ty.clone());
        }
        let mut all = arrays(&pa);
        all.extend(arrays(&pb));
        all.sort();
        all.dedup();
        if all.is_empty() {
            Place::Private(ty.clone())
        } else {
            Place::Many(all, ty.clone())
        }
    }
}

fn strip_parens(n: &Node) -> &Node {
    match n.kind {
        Kind::ParenExpr => n.exprs().next().map_or(n, strip_parens),
        _ => n,
    }
}

/// The pointer a value holds (anything else points nowhere the lowering knows).
fn ptr_of(v: Val) -> Ptr {
    match v {
        Val::Ptr(p) => p,
        _ => Ptr::Unknown,
    }
}

/// Whether a file is one of mapcheck's own headers.
fn is_prelude_file(file: &str) -> bool {
    let name = std::path::Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    super::driver::HEADERS.iter().any(|(h, _)| *h == name) && file.contains("mapcheck")
}

impl Lower<'_, '_> {
    fn binary(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.clone().unwrap_or_default();
        let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
            return Val::Opaque;
        };
        match op.as_str() {
            "=" => {
                let p = self.place(a, out);
                let v = self.rvalue(b, out);
                self.write(p.clone(), v.clone(), span, out);
                self.last_place = Some(p.clone());
                // The value of an assignment is the (converted) value stored.
                match p {
                    Place::Local(id, _) => match self.env.get(&id) {
                        Some(Binding::Val(v)) => v.clone(),
                        _ => v,
                    },
                    _ => v,
                }
            }
            "," => {
                self.rvalue(a, out);
                self.rvalue(b, out)
            }
            "&&" | "||" => {
                let ca = self.rvalue(a, out);
                let ca = self.as_cond(ca, span, out);
                // The right operand runs only when the left one does not decide.
                let guard = if op == "&&" {
                    ca.clone()
                } else {
                    not(ca.clone())
                };
                let cb = self.guarded(guard, b, span, out);
                Val::Bool(if op == "&&" { and(ca, cb) } else { or(ca, cb) })
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                let va = self.rvalue(a, out);
                let vb = self.rvalue(b, out);
                self.compare(&op, va, vb, span, out)
            }
            _ => {
                let va = self.rvalue(a, out);
                let vb = self.rvalue(b, out);
                self.arith(&op, va, vb, ty, span, out)
            }
        }
    }

    fn compare(&mut self, op: &str, a: Val, b: Val, span: Span, out: &mut Vec<Stmt>) -> Val {
        if let (Val::Ptr(pa), Val::Ptr(pb)) = (&a, &b) {
            if let (
                Ptr::To {
                    array: x, off: ox, ..
                },
                Ptr::To {
                    array: y, off: oy, ..
                },
            ) = (pa, pb)
            {
                if x == y {
                    return self.compare(
                        op,
                        Val::Num(ox.clone(), Scalar::INT),
                        Val::Num(oy.clone(), Scalar::INT),
                        span,
                        out,
                    );
                }
            }
            let u = self.unknown("pointer_comparison", Some((0, 1)), span, out);
            return Val::Bool(cmp(CmpOp::Ne, u, int(0, span)));
        }
        if let (Val::Bool(x), Val::Bool(y)) = (&a, &b) {
            if matches!(op, "==" | "!=") {
                // (x && y) || (!x && !y)
                let eq = or(
                    and(x.clone(), y.clone()),
                    and(not(x.clone()), not(y.clone())),
                );
                return Val::Bool(if op == "==" { eq } else { not(eq) });
            }
        }
        let float = matches!(a, Val::Num(_, Scalar::Float(_)))
            || matches!(b, Val::Num(_, Scalar::Float(_)));
        if float {
            let u = self.unknown("float_comparison", Some((0, 1)), span, out);
            return Val::Bool(cmp(CmpOp::Ne, u, int(0, span)));
        }
        let (x, xs) = self.as_expr(a, span, out);
        let (y, ys) = self.as_expr(b, span, out);
        let unsigned = xs.is_unsigned() || ys.is_unsigned();
        let cop = match (op, unsigned) {
            ("==", _) => CmpOp::Eq,
            ("!=", _) => CmpOp::Ne,
            ("<", false) => CmpOp::Lt,
            ("<=", false) => CmpOp::Le,
            (">", false) => CmpOp::Gt,
            (">=", false) => CmpOp::Ge,
            ("<", true) => CmpOp::ULt,
            ("<=", true) => CmpOp::ULe,
            (">", true) => CmpOp::UGt,
            _ => CmpOp::UGe,
        };
        // Unsigned comparisons of values known to be below 2^31 are the signed ones: simpler
        // terms for the solver, the same meaning in both modes.
        let small = |e: &Expr| self.within(e, 0, i128::from(i32::MAX));
        let cop = match cop {
            CmpOp::ULt if small(&x) && small(&y) => CmpOp::Lt,
            CmpOp::ULe if small(&x) && small(&y) => CmpOp::Le,
            CmpOp::UGt if small(&x) && small(&y) => CmpOp::Gt,
            CmpOp::UGe if small(&x) && small(&y) => CmpOp::Ge,
            c => c,
        };
        if let (ExprKind::Int(a), ExprKind::Int(b)) = (&x.kind, &y.kind) {
            let (a, b) = (i128::from(*a), i128::from(*b));
            // The common type of the usual arithmetic conversions: 64 bits if either is.
            let bits = |s: Scalar| match s {
                Scalar::Int { bits, .. } => bits,
                _ => 32,
            };
            let width = bits(xs).max(bits(ys)).max(32);
            let unsigned = |v: i128| v.rem_euclid(1i128 << width);
            let r = match cop {
                CmpOp::Eq => a == b,
                CmpOp::Ne => a != b,
                CmpOp::Lt => a < b,
                CmpOp::Le => a <= b,
                CmpOp::Gt => a > b,
                CmpOp::Ge => a >= b,
                CmpOp::ULt => unsigned(a) < unsigned(b),
                CmpOp::ULe => unsigned(a) <= unsigned(b),
                CmpOp::UGt => unsigned(a) > unsigned(b),
                CmpOp::UGe => unsigned(a) >= unsigned(b),
            };
            return Val::Bool(Cond::new(CondKind::Bool(r), span));
        }
        Val::Bool(Cond::new(CondKind::Cmp(cop, x, y), span))
    }

    /// The condition of `n`, evaluated only under `guard`: its statements (reads, calls) go
    /// under `if guard { ... }`, and a value that needs them is `?` outside.
    fn guarded(&mut self, guard: Cond, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let before = self.env.clone();
        let mut inner = Vec::new();
        let v = self.rvalue(n, &mut inner);
        let c = self.as_cond(v, span, &mut inner);
        if inner.is_empty() {
            return c;
        }
        let bound = bound_names(&inner);
        let after = std::mem::replace(&mut self.env, before.clone());
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: guard,
                    then_branch: Block { stmts: inner, span },
                    else_branch: None,
                },
                span,
            ),
        );
        self.join_env(before, after, &bound, span, out);
        if cond_uses(&c, &bound) {
            let u = self.unknown("guarded_value", Some((0, 1)), span, out);
            cmp(CmpOp::Ne, u, int(0, span))
        } else {
            c
        }
    }

    fn unary(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.clone().unwrap_or_default();
        let Some(a) = child(n, 0) else {
            return Val::Opaque;
        };
        match op.as_str() {
            "++" | "--" => {
                let p = self.place(a, out);
                let old = self.read(p.clone(), span, out);
                let one = Val::Num(int(1, span), Scalar::INT);
                let new = if matches!(old, Val::Ptr(_)) {
                    self.pointer_arith(
                        if op == "++" { "+" } else { "-" },
                        ptr_of(old.clone()),
                        one,
                        span,
                        out,
                    )
                } else {
                    let t = self.node_type(a);
                    let v = self.arith(
                        if op == "++" { "+" } else { "-" },
                        old.clone(),
                        one,
                        &t,
                        span,
                        out,
                    );
                    self.convert(v, &t, span, out)
                };
                self.write(p.clone(), new.clone(), span, out);
                self.last_place = Some(p.clone());
                if n.is_postfix == Some(true) {
                    old
                } else {
                    match p {
                        Place::Local(id, _) => match self.env.get(&id) {
                            Some(Binding::Val(v)) => v.clone(),
                            _ => new,
                        },
                        _ => new,
                    }
                }
            }
            "&" => {
                let p = self.place(a, out);
                self.address(p)
            }
            "*" => {
                let p = self.place(n, out);
                self.read(p, span, out)
            }
            "!" => {
                let v = self.rvalue(a, out);
                Val::Bool(not(self.as_cond(v, span, out)))
            }
            "-" | "+" | "~" => {
                let v = self.rvalue(a, out);
                match (op.as_str(), v) {
                    ("+", v) => v,
                    (_, Val::Num(_, Scalar::Float(_))) => self.unknown_val("float", ty, span, out),
                    ("-", Val::Num(e, s)) => {
                        let e = Expr::new(ExprKind::Neg(Box::new(e)), span);
                        let e = if s.is_unsigned() {
                            self.convert_int(e, s, out)
                        } else {
                            e
                        };
                        Val::Num(e, s)
                    }
                    ("~", Val::Num(e, s)) => {
                        // ~x = -x - 1
                        let e = Expr::bin(
                            BinOp::Sub,
                            Expr::new(ExprKind::Neg(Box::new(e)), span),
                            int(1, span),
                        );
                        let e = if s.is_unsigned() {
                            self.convert_int(e, s, out)
                        } else {
                            e
                        };
                        Val::Num(e, s)
                    }
                    (_, _) => self.unknown_val("operand", ty, span, out),
                }
            }
            "__extension__" => self.rvalue(a, out),
            _ => {
                self.error(span, format!("unary `{op}` is not supported"), "here");
                Val::Opaque
            }
        }
    }

    fn compound_assign(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.clone().unwrap_or_default();
        let op = op.trim_end_matches('=').to_string();
        let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
            return Val::Opaque;
        };
        let p = self.place(a, out);
        let rhs = self.rvalue(b, out);
        let old = self.read(p.clone(), span, out);
        let lty = self.node_type(a);
        let new = if matches!(old, Val::Ptr(_)) {
            self.pointer_arith(&op, ptr_of(old), rhs, span, out)
        } else {
            // C computes in the type `computeLHSType` names (the usual arithmetic
            // conversions of both operands), then converts back to the left operand's type.
            let cty = n
                .compute_lhs_type
                .as_ref()
                .map(|t| CType::parse(t.canonical()))
                .unwrap_or_else(|| lty.clone());
            let old = self.convert(old, &cty, span, out);
            let v = if matches!(op.as_str(), "<<" | ">>") {
                self.arith(&op, old, rhs, &cty, span, out)
            } else {
                let rhs = self.convert(rhs, &cty, span, out);
                self.arith(&op, old, rhs, &cty, span, out)
            };
            self.convert(v, &lty, span, out)
        };
        self.write(p.clone(), new.clone(), span, out);
        self.last_place = Some(p.clone());
        match p {
            Place::Local(id, _) => match self.env.get(&id) {
                Some(Binding::Val(v)) => v.clone(),
                _ => new,
            },
            _ => new,
        }
    }

    fn conditional(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let (Some(c), Some(a), Some(b)) = (child(n, 0), child(n, 1), child(n, 2)) else {
            return Val::Opaque;
        };
        let cv = self.rvalue(c, out);
        let cond = self.as_cond(cv, span, out);
        let before = self.env.clone();
        let mut ta = Vec::new();
        let va = self.rvalue(a, &mut ta);
        let env_a = std::mem::replace(&mut self.env, before.clone());
        let mut tb = Vec::new();
        let vb = self.rvalue(b, &mut tb);
        let env_b = std::mem::replace(&mut self.env, before.clone());
        let pure = ta.is_empty() && tb.is_empty();
        let (alets, blets) = (branch_lets(&ta), branch_lets(&tb));
        let bound: HashSet<String> = bound_names(&ta).union(&bound_names(&tb)).cloned().collect();
        if !pure {
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: cond.clone(),
                        then_branch: Block { stmts: ta, span },
                        else_branch: Some(Block { stmts: tb, span }),
                    },
                    span,
                ),
            );
        }
        let branches = [(env_a, &alets), (env_b, &blets)];
        self.join_if(&cond, branches, &bound, span, out);
        if va == vb && !val_uses(&va, &bound) {
            return va;
        }
        // `a < b ? a : b` and its mirror images are `min`/`max`.
        if let (Val::Num(x, s), Val::Num(y, _), CondKind::Cmp(cop, l, r)) = (&va, &vb, &cond.kind) {
            if !expr_uses(x, &bound) && !expr_uses(y, &bound) && !matches!(s, Scalar::Float(_)) {
                let u = s.is_unsigned();
                let pick = match cop {
                    CmpOp::Lt | CmpOp::Le | CmpOp::ULt | CmpOp::ULe => Some(true),
                    CmpOp::Gt | CmpOp::Ge | CmpOp::UGt | CmpOp::UGe => Some(false),
                    _ => None,
                };
                let direct = l == x && r == y;
                let mirror = l == y && r == x;
                let signed_cmp = matches!(cop, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge);
                let small = self.within(x, 0, i128::from(i32::MAX))
                    && self.within(y, 0, i128::from(i32::MAX));
                if let Some(less) =
                    pick.filter(|_| (direct || mirror) && (signed_cmp != u || small))
                {
                    let min = less == direct;
                    let op = match (min, u) {
                        (true, false) => BinOp::Min,
                        (true, true) => BinOp::UMin,
                        (false, false) => BinOp::Max,
                        (false, true) => BinOp::UMax,
                    };
                    return Val::Num(Expr::bin(op, x.clone(), y.clone()), *s);
                }
            }
        }
        match (&va, &vb) {
            (Val::Bool(x), Val::Bool(y)) if !cond_uses(x, &bound) && !cond_uses(y, &bound) => {
                Val::Bool(or(and(cond.clone(), x.clone()), and(not(cond), y.clone())))
            }
            (Val::Ptr(pa), Val::Ptr(pb)) => Val::Ptr(join_ptr(pa.clone(), pb.clone())),
            // Any other `c ? x : y` of integers is the core's selection, exact (issue 20).
            (Val::Num(x, sx), Val::Num(y, sy))
                if sx == sy
                    && !matches!(sx, Scalar::Float(_))
                    && !expr_uses(x, &bound)
                    && !expr_uses(y, &bound)
                    && !cond_uses(&cond, &bound) =>
            {
                Val::Num(select(cond, x.clone(), y.clone(), span), *sx)
            }
            _ => self.unknown_val("select", ty, span, out),
        }
    }
}

/// The pointer that may be either of two.
fn join_ptr(a: Ptr, b: Ptr) -> Ptr {
    if a == b {
        return a;
    }
    let arrays = |p: &Ptr| match p {
        Ptr::To { array, .. } => Some(vec![array.clone()]),
        Ptr::Many(v) => Some(v.clone()),
        Ptr::Private => Some(Vec::new()),
        Ptr::Local(_) | Ptr::Unknown => None,
    };
    match (arrays(&a), arrays(&b)) {
        (Some(mut x), Some(y)) => {
            x.extend(y);
            x.sort();
            x.dedup();
            if x.is_empty() {
                Ptr::Private
            } else {
                Ptr::Many(x)
            }
        }
        _ => Ptr::Unknown,
    }
}

/// How a recognised CUDA built-in behaves.
enum Builtin2 {
    Barrier,
    /// `__syncthreads_count` and friends: a barrier whose value is not followed.
    BarrierValue,
    Warp,
    Fence,
    Requires,
    Ignored,
    MinMax(bool),
    /// `__mul24`, `__popc`, `abs`, ...: see `Lower::int_intrinsic`.
    IntIntrinsic,
    Atomic(AtomicOp, bool),
    Ldg,
    SurfaceWrite,
    Print,
}

fn builtin_kind(name: &str) -> Option<Builtin2> {
    use Builtin2::*;
    let atomic = |base: &str| -> Option<Builtin2> {
        let base = base
            .strip_suffix("_block")
            .or_else(|| base.strip_suffix("_system"))
            .unwrap_or(base);
        Some(match base {
            "atomicAdd" => Atomic(AtomicOp::Add, true),
            "atomicSub" => Atomic(AtomicOp::Sub, true),
            "atomicAnd" => Atomic(AtomicOp::And, true),
            "atomicOr" => Atomic(AtomicOp::Or, true),
            "atomicXor" => Atomic(AtomicOp::Xor, true),
            "atomicExch" => Atomic(AtomicOp::Exch, true),
            // min, max, inc, dec, CAS: an atomic update whose new contents are not followed.
            "atomicMin" | "atomicMax" | "atomicInc" | "atomicDec" | "atomicCAS" => {
                Atomic(AtomicOp::Exch, false)
            }
            _ => return None,
        })
    };
    Some(match name {
        "__syncthreads" => Barrier,
        "__syncthreads_count" | "__syncthreads_and" | "__syncthreads_or" => BarrierValue,
        "__syncwarp" => Warp,
        "__threadfence" | "__threadfence_block" | "__threadfence_system" => Fence,
        "__mapcheck_requires" | "__mapcheck_assume" | "__mapcheck_assert" => Requires,
        "__mapcheck_ignored" => Ignored,
        "min" | "umin" | "llmin" => MinMax(true),
        "max" | "umax" | "llmax" => MinMax(false),
        "__mul24" | "__umul24" | "__mulhi" | "__umulhi" | "__popc" | "__popcll" | "__clz"
        | "__clzll" | "__ffs" | "__ffsll" | "__brev" | "__byte_perm" | "__sad" | "__usad"
        | "abs" | "labs" | "llabs" => IntIntrinsic,
        "__ldg" => Ldg,
        "surf1Dwrite" | "surf2Dwrite" | "surf3Dwrite" => SurfaceWrite,
        "printf" => Print,
        other => return atomic(other),
    })
}

impl Lower<'_, '_> {
    fn args<'n>(&self, n: &'n Node) -> Vec<&'n Node> {
        n.exprs().skip(1).collect()
    }

    fn call(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(callee) = n.exprs().next() else {
            return Val::Opaque;
        };
        let Some(decl) = callee_decl(callee).cloned() else {
            // A call through a function pointer: nothing is known of the callee.
            self.rvalue(callee, out);
            return self.unknown_call(n, ty, "indirect call", span, out);
        };
        let name = decl.name.clone().unwrap_or_default();
        let fty = decl.ty.as_ref().map(|t| t.qual.clone()).unwrap_or_default();
        if let Some(def) = self.g.definition(&decl.id, &name, &fty) {
            if !def.is_in_main_file() && def.file().is_some_and(is_prelude_file) {
                // Bodies in mapcheck's headers are not inlined (there are none today).
            } else if def.kind == Kind::CXXMethodDecl || def.kind == Kind::CXXConversionDecl {
                // A member operator called as `a OP b`: the first argument is the object.
                let args = self.args(n);
                let Some((object, rest)) = args.split_first() else {
                    return Val::Opaque;
                };
                let this = if object.is_lvalue() {
                    let p = self.place(object, out);
                    self.address(p)
                } else {
                    self.rvalue(object, out);
                    Val::Ptr(Ptr::Private)
                };
                let saved = self.this.replace(this);
                let v = self.inline(def, rest, None, ty, span, out);
                self.this = saved;
                return v;
            } else {
                let args = self.args(n);
                return self.inline(def, &args, None, ty, span, out);
            }
        }
        let args = self.args(n);
        // The implicit copy of a struct (`vec[t] = in[t]`): every cell of the source is read,
        // every cell of the target written.
        if name == "operator=" && args.len() == 2 {
            let target = self.place(args[0], out);
            let source = if args[1].is_lvalue() {
                let p = self.place(args[1], out);
                self.read(p, span, out)
            } else {
                self.rvalue(args[1], out)
            };
            let source = match source {
                v @ (Val::Num(..) | Val::Bool(_)) => v,
                _ => Val::Opaque,
            };
            self.write(target.clone(), source, span, out);
            self.last_place = Some(target);
            return Val::Opaque;
        }
        // `cooperative_groups::sync(g)` on a whole block is its barrier.
        if name == "sync"
            && self
                .g
                .decls
                .get(decl.id.as_str())
                .is_some_and(|d| d.file().is_some_and(is_prelude_file))
        {
            let group = args
                .first()
                .map(|a| a.qual_type().to_string())
                .unwrap_or_default();
            let group = group
                .trim_start_matches("const ")
                .trim_start_matches("cooperative_groups::");
            if group.starts_with("thread_block") && !group.starts_with("thread_block_tile") {
                self.emit(out, stmt(StmtKind::Sync, span));
                return Val::Opaque;
            }
            self.error(
                span,
                "synchronisation of this group is not modelled",
                "only a whole block's `sync` is a barrier",
            );
            return Val::Opaque;
        }
        match builtin_kind(&name) {
            Some(Builtin2::Barrier) => {
                self.emit(out, stmt(StmtKind::Sync, span));
                Val::Opaque
            }
            Some(Builtin2::BarrierValue) => {
                for a in &args {
                    self.rvalue(a, out);
                }
                self.emit(out, stmt(StmtKind::Sync, span));
                self.unknown_val("barrier_value", ty, span, out)
            }
            Some(Builtin2::Warp) => {
                let full = match args.first() {
                    None => true,
                    Some(a) => matches!(
                        self.rvalue(a, out),
                        Val::Num(
                            Expr {
                                kind: ExprKind::Int(-1 | 0xffff_ffff),
                                ..
                            },
                            _
                        )
                    ),
                };
                // `__syncwarp()` orders the lanes of the calling warp only, whatever the block
                // size: the core's `syncwarp;` says exactly that. A partial (or unknown) mask
                // synchronises some lanes and leaves the others free, which the core cannot say.
                if full {
                    self.emit(out, stmt(StmtKind::SyncWarp, span));
                } else {
                    self.error(
                        span,
                        "`__syncwarp` with a mask that is not the full warp",
                        "only the full mask (`__syncwarp()` or `__syncwarp(0xffffffff)`) is modelled: a partial mask synchronises some lanes of a warp and not the others",
                    );
                }
                Val::Opaque
            }
            // Fences order a thread's own accesses; they synchronise no two threads, so they
            // do not change which accesses race.
            Some(Builtin2::Fence) => Val::Opaque,
            // A `__requires` of an inlined `__device__` function is an obligation of its callers
            // (GPUVerify checks it at each call; CUDA compiles it to nothing), not a fact about
            // the launch: it is not assumed, which leaves every run of the program in.
            Some(Builtin2::Requires)
                if name == "__mapcheck_requires" && !self.frames.is_empty() =>
            {
                if args.iter().any(|a| has_side_effects(a)) {
                    self.error(
                        span,
                        "an annotation with side effects",
                        "GPUVerify annotations must not change memory or variables",
                    );
                }
                Val::Opaque
            }
            Some(Builtin2::Requires) => {
                if let Some(a) = args.first() {
                    let v = self.rvalue(a, out);
                    let c = self.as_cond(v, span, out);
                    self.emit(out, stmt(StmtKind::Assume { cond: c }, span));
                }
                Val::Opaque
            }
            Some(Builtin2::Ignored) => {
                if args.iter().any(|a| has_side_effects(a)) {
                    self.error(
                        span,
                        "an annotation with side effects",
                        "GPUVerify annotations must not change memory or variables",
                    );
                }
                Val::Opaque
            }
            Some(Builtin2::MinMax(min)) if args.len() == 2 => {
                // CUDA's mixed overloads (`min(int, unsigned)`) compare in the result type:
                // both arguments are converted to it first.
                let a = self.rvalue(args[0], out);
                let a = self.convert(a, ty, span, out);
                let b = self.rvalue(args[1], out);
                let b = self.convert(b, ty, span, out);
                match (a, b, ty.scalar()) {
                    (Val::Num(x, _), Val::Num(y, _), Some(s)) if !matches!(s, Scalar::Float(_)) => {
                        let op = match (min, s.is_unsigned()) {
                            (true, false) => BinOp::Min,
                            (true, true) => BinOp::UMin,
                            (false, false) => BinOp::Max,
                            (false, true) => BinOp::UMax,
                        };
                        Val::Num(
                            Expr {
                                span,
                                ..Expr::bin(op, x, y)
                            },
                            s,
                        )
                    }
                    _ => self.unknown_val("float_min_max", ty, span, out),
                }
            }
            Some(Builtin2::IntIntrinsic) => {
                let mut vals = Vec::new();
                for a in &args {
                    let v = self.rvalue(a, out);
                    let t = self.node_type(a);
                    vals.push(self.convert(v, &t, span, out));
                }
                self.int_intrinsic(&name, vals, ty, span, out)
            }
            Some(Builtin2::Atomic(op, exact)) if !args.is_empty() => {
                let target = self.rvalue(args[0], out);
                let mut vals = Vec::new();
                for a in &args[1..] {
                    vals.push(self.rvalue(a, out));
                }
                let value = match (exact, vals.pop()) {
                    (true, Some(v)) => self.payload(v, span, out),
                    _ => self.unknown("atomic_value", None, span, out),
                };
                let elem = match self.node_type(args[0]) {
                    CType::Pointer(t) => *t,
                    t => t,
                };
                self.atomic(ptr_of(target), op, value, &elem, ty, span, out)
            }
            Some(Builtin2::Ldg) if args.len() == 1 => {
                let p = self.rvalue(args[0], out);
                let place = self.deref(ptr_of(p), ty.clone(), span);
                self.read(place, span, out)
            }
            Some(Builtin2::SurfaceWrite) => {
                self.error(
                    span,
                    "surface writes are not modelled",
                    "mapcheck does not model surface memory",
                );
                Val::Opaque
            }
            Some(Builtin2::Print) => {
                for a in &args {
                    self.rvalue(a, out);
                }
                self.unknown_val("printf", ty, span, out)
            }
            _ => {
                let from_prelude = self
                    .g
                    .decls
                    .get(decl.id.as_str())
                    .is_some_and(|d| d.file().is_some_and(is_prelude_file));
                if from_prelude {
                    self.library_call(n, &name, ty, span, out)
                } else {
                    self.unknown_call(
                        n,
                        ty,
                        &format!("call of `{name}`, which has no body"),
                        span,
                        out,
                    )
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn atomic(
        &mut self,
        target: Ptr,
        op: AtomicOp,
        value: Expr,
        elem: &CType,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let targets: Vec<(String, Expr)> = match target {
            // Byte-addressed: the atomic covers every cell of its bytes.
            Ptr::To { array, off, .. } if self.byte_array(&array).is_some() => {
                match self.cells_in(&array, elem) {
                    Some(1) => vec![(array, off)],
                    Some(n) => {
                        let off = self.bound("at", off, out);
                        (0..n)
                            .map(|j| {
                                let i = Expr::bin(BinOp::Add, off.clone(), int(j as i64, span));
                                (array.clone(), i)
                            })
                            .collect()
                    }
                    None => {
                        let i = self.unknown("unknown_cell", None, span, out);
                        vec![(array, i)]
                    }
                }
            }
            Ptr::To { array, off, .. } => vec![(array, off)],
            Ptr::Many(arrays) => arrays
                .into_iter()
                .map(|a| {
                    let i = self.unknown("unknown_cell", None, span, out);
                    (a, i)
                })
                .collect(),
            Ptr::Private => Vec::new(),
            Ptr::Local(_) | Ptr::Unknown => {
                self.error(
                    span,
                    "an atomic on a pointer mapcheck cannot follow",
                    "the lowering does not know which memory this is",
                );
                Vec::new()
            }
        };
        let single = targets.len() == 1;
        let mut result = None;
        for (array, off) in targets {
            let var = if single && ty.scalar().is_some() {
                let name = self.fresh("old");
                if let Some(r) = ty.scalar().and_then(|s| s.range()) {
                    self.ranges.insert(name.clone(), r);
                }
                result = Some(Expr::var(name.clone(), span));
                Some(Ident::new(name, span))
            } else {
                None
            };
            self.emit(
                out,
                stmt(
                    StmtKind::Atomic {
                        var,
                        target: Access {
                            array: Ident::new(array, span),
                            index: vec![off],
                            span,
                        },
                        op,
                        value: value.clone(),
                    },
                    span,
                ),
            );
        }
        match (result, ty.scalar()) {
            (Some(e), Some(s)) => Val::Num(e, s),
            _ => self.unknown_val("atomic_result", ty, span, out),
        }
    }

    /// A function of mapcheck's headers that the lowering does not model by name: math,
    /// warp exchanges, texture fetches, curand. Its value is not followed; memory it can
    /// reach through a non-`const` pointer argument is read and written.
    /// CUDA's integer intrinsics (issue 20, item 5): exact where the core's arithmetic
    /// computes them in both modes — `__mul24`/`__umul24` on operands within 24 bits (the
    /// product's low 32 bits, as C's conversion writes them), `__mulhi`/`__umulhi` of a
    /// product within `0..2^31` (0), `__sad`/`__usad` and `abs` where the difference stays
    /// within 32-bit signed range, and every one of them on constant operands (folded);
    /// otherwise a `?` named after the intrinsic, within the range of its result.
    fn int_intrinsic(
        &mut self,
        name: &str,
        vals: Vec<Val>,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let s = ty.scalar().unwrap_or(Scalar::INT);
        let nums: Vec<Expr> = vals
            .into_iter()
            .filter_map(|v| match v {
                Val::Num(e, Scalar::Int { .. }) => Some(e),
                _ => None,
            })
            .collect();
        let point = |me: &Self, e: &Expr| match me.range(e) {
            Some((a, b)) if a == b => Some(a),
            _ => None,
        };
        let consts: Option<Vec<i128>> = nums.iter().map(|e| point(self, e)).collect();
        let i32r = (i128::from(i32::MIN), i128::from(i32::MAX));
        let exact: Option<Expr> = match (name, nums.as_slice(), consts) {
            (_, _, Some(c)) => fold_intrinsic(name, &c).map(|v| int(v, span)),
            ("__mul24", [a, b], _)
                if self.within(a, -(1 << 23), (1 << 23) - 1)
                    && self.within(b, -(1 << 23), (1 << 23) - 1) =>
            {
                Some(self.convert_int(Expr::bin(BinOp::Mul, a.clone(), b.clone()), s, out))
            }
            ("__umul24", [a, b], _)
                if self.within(a, 0, (1 << 24) - 1) && self.within(b, 0, (1 << 24) - 1) =>
            {
                Some(self.convert_int(Expr::bin(BinOp::Mul, a.clone(), b.clone()), s, out))
            }
            ("__mulhi" | "__umulhi", [a, b], _)
                if self.within(&Expr::bin(BinOp::Mul, a.clone(), b.clone()), 0, i32r.1) =>
            {
                Some(int(0, span))
            }
            ("__sad" | "__usad", [a, b, c], _)
                if self.within(
                    &Expr::bin(BinOp::Sub, a.clone(), b.clone()),
                    i32r.0 + 1,
                    i32r.1,
                ) && (name == "__sad"
                    || (self.within(a, 0, i32r.1) && self.within(b, 0, i32r.1))) =>
            {
                let (a, b) = (
                    self.bound("sad_a", a.clone(), out),
                    self.bound("sad_b", b.clone(), out),
                );
                let d = Expr::bin(
                    BinOp::Max,
                    Expr::bin(BinOp::Sub, a.clone(), b.clone()),
                    Expr::bin(BinOp::Sub, b, a),
                );
                Some(self.convert_int(Expr::bin(BinOp::Add, d, c.clone()), s, out))
            }
            ("abs" | "labs" | "llabs", [a], _) if self.within(a, i32r.0 + 1, i32r.1) => {
                let a = self.bound("abs", a.clone(), out);
                Some(Expr::bin(
                    BinOp::Max,
                    a.clone(),
                    Expr::new(ExprKind::Neg(Box::new(a)), span),
                ))
            }
            _ => None,
        };
        let exact = exact
            .or_else(|| self.intrinsic_table(name, &nums, span))
            .or_else(|| self.intrinsic_by_value(name, &nums, span, out))
            .or_else(|| self.intrinsic_by_words(name, &nums, s, span, out));
        if let Some(e) = exact {
            return Val::Num(Expr { span, ..e }, s);
        }
        let range = match name {
            "__popc" | "__clz" | "__ffs" => Some((0, 32)),
            "__popcll" | "__clzll" | "__ffsll" => Some((0, 64)),
            _ => s.range(),
        };
        let what = name.trim_start_matches('_');
        Val::Num(self.unknown(what, range, span, out), s)
    }

    /// `__umulhi`, `__mulhi` and `__brev` of any 32-bit operands by a formula on 16-bit halves
    /// whose every intermediate value lies in `0..2^32` (Hacker's Delight's `mulhu`), so that
    /// all three arithmetic modes compute C's result: products and shifts by constants are
    /// exact in `int` too; `__brev`'s masks are not (its kernel is then decided in 64-bit
    /// words, SPEC §4). The signed high product is the unsigned one less `b` when `a < 0` and
    /// `a` when `b < 0`, modulo 2^32.
    fn intrinsic_by_words(
        &mut self,
        name: &str,
        nums: &[Expr],
        s: Scalar,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let k = |v: i64| int(v, span);
        let bin = Expr::bin;
        let word = |me: &mut Self, base: &str, e: &Expr, out: &mut Vec<Stmt>| {
            // The operand's 32 bits as an unsigned number.
            let e = me.convert_int(e.clone(), Scalar::UINT, out);
            me.bound(base, e, out)
        };
        match (name, nums) {
            ("__umulhi" | "__mulhi", [a, b]) => {
                let (au, bu) = (word(self, "hi_a", a, out), word(self, "hi_b", b, out));
                let half = |me: &mut Self, base: &str, x: &Expr, out: &mut Vec<Stmt>| {
                    let hi = bin(BinOp::UShr, x.clone(), k(16));
                    let lo = bin(BinOp::And, x.clone(), k(0xFFFF));
                    (
                        me.bound(&format!("{base}_hi"), hi, out),
                        me.bound(&format!("{base}_lo"), lo, out),
                    )
                };
                let (ah, al) = half(self, "hi_a", &au, out);
                let (bh, bl) = half(self, "hi_b", &bu, out);
                let low = bin(BinOp::Mul, al.clone(), bl.clone());
                let mid1 = bin(
                    BinOp::Add,
                    bin(BinOp::Mul, ah.clone(), bl),
                    bin(BinOp::UShr, low, k(16)),
                );
                let mid1 = self.bound("hi_mid", mid1, out);
                let mid2 = bin(
                    BinOp::Add,
                    bin(BinOp::Mul, al, bh.clone()),
                    bin(BinOp::And, mid1.clone(), k(0xFFFF)),
                );
                let mid2 = self.bound("hi_mid", mid2, out);
                let high = bin(
                    BinOp::Add,
                    bin(
                        BinOp::Add,
                        bin(BinOp::Mul, ah, bh),
                        bin(BinOp::UShr, mid1, k(16)),
                    ),
                    bin(BinOp::UShr, mid2, k(16)),
                );
                if name == "__umulhi" {
                    return Some(high);
                }
                let high = self.bound("hi_u", high, out);
                let neg = |x: &Expr| cmp(CmpOp::Lt, x.clone(), k(0));
                let fix = bin(
                    BinOp::Add,
                    select(neg(a), bu.clone(), k(0), span),
                    select(neg(b), au.clone(), k(0), span),
                );
                Some(self.convert_int(bin(BinOp::Sub, high, fix), s, out))
            }
            ("__brev", [x]) => {
                let mut x = word(self, "brev", x, out);
                for (shift, mask) in [
                    (1, 0x5555_5555),
                    (2, 0x3333_3333),
                    (4, 0x0F0F_0F0F),
                    (8, 0x00FF_00FF),
                    (16, 0x0000_FFFF),
                ] {
                    // Masked before the left shift, so that nothing passes bit 31.
                    let swapped = bin(
                        BinOp::Or,
                        bin(BinOp::And, bin(BinOp::UShr, x.clone(), k(shift)), k(mask)),
                        bin(BinOp::Shl, bin(BinOp::And, x, k(mask)), k(shift)),
                    );
                    x = self.bound("brev", swapped, out);
                }
                Some(x)
            }
            _ => None,
        }
    }

    /// A 32-bit intrinsic whose operands depend on one variable of at most 64 values (a lane
    /// number, a thread id of a small block) as the table of its results:
    /// `select(v == lo, r0, select(v == lo + 1, r1, ...))`, each operand evaluated in both
    /// arithmetic modes (which must agree modulo 2^32) and the intrinsic folded.
    fn intrinsic_table(&self, name: &str, nums: &[Expr], span: Span) -> Option<Expr> {
        if name.ends_with("ll") || nums.is_empty() {
            return None;
        }
        let (v, values) = self.one_variable(nums, span)?;
        let rows = values
            .into_iter()
            .map(|(k, args)| Some((k, fold_intrinsic(name, &args)?)))
            .collect::<Option<Vec<_>>>()?;
        select_table(&Expr::var(v, span), rows, span)
    }

    /// `e`, a function of one variable of at most 64 values, as the table of its values
    /// (each computed in both arithmetic modes, which must agree modulo 2^32).
    fn table(&self, e: &Expr, span: Span) -> Option<Expr> {
        let (v, values) = self.one_variable(std::slice::from_ref(e), span)?;
        if self.closed_starts.contains(&v) {
            return None;
        }
        let rows = values
            .into_iter()
            .map(|(k, value)| Some((k, i64::try_from(value[0]).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        select_table(&Expr::var(v, span), rows, span)
    }

    /// The one variable `exprs` mention, when its range has at most 64 values, and at each of
    /// them the values of `exprs`, computed in both arithmetic modes (which must agree modulo
    /// 2^32, or there is no table).
    fn one_variable(&self, exprs: &[Expr], span: Span) -> Option<(String, Vec<ValuesAt>)> {
        let mut vars = HashSet::new();
        for e in exprs {
            e.for_each_var(&mut |n, _| {
                vars.insert(n.to_string());
            });
        }
        let mut vars = vars.into_iter();
        let (Some(v), None) = (vars.next(), vars.next()) else {
            return None;
        };
        let (lo, hi) = self.range(&Expr::var(v.clone(), span))?;
        if hi - lo >= 64 {
            return None;
        }
        let mut values = Vec::new();
        for k in lo..=hi {
            let mut at = Vec::new();
            for e in exprs {
                let a = eval_at(e, &v, k, Arith::Int)?;
                let b = eval_at(e, &v, k, Arith::Bv32)?;
                if a as u32 != b as u32 {
                    return None;
                }
                at.push(a);
            }
            values.push((k, at));
        }
        Some((v, values))
    }

    /// A one-operand 32-bit intrinsic whose operand has at most 64 values: the table of its
    /// results over the operand's values.
    fn intrinsic_by_value(
        &mut self,
        name: &str,
        nums: &[Expr],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let [a] = nums else {
            return None;
        };
        let (lo, hi) = self.range(a)?;
        if name.ends_with("ll")
            || hi - lo >= 64
            || lo < i128::from(i32::MIN)
            || hi > i128::from(u32::MAX)
        {
            return None;
        }
        let mut rows = Vec::new();
        for k in lo..=hi {
            rows.push((k, fold_intrinsic(name, &[k])?));
        }
        let x = self.bound(name.trim_start_matches('_'), a.clone(), out);
        select_table(&x, rows, span)
    }

    fn library_call(
        &mut self,
        n: &Node,
        name: &str,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        // Functions of a byte range: any cell of the arrays their pointers point into.
        let ranged = matches!(name, "memcpy" | "memset" | "memmove");
        for a in self.args(n) {
            let aty = self.node_type(a);
            if a.is_lvalue() {
                // A reference argument: read, and written unless it is `const`.
                let p = self.place(a, out);
                if !matches!(p, Place::Private(_) | Place::Builtin) {
                    let v = self.read(p.clone(), span, out);
                    if !a.qual_type().starts_with("const ") {
                        let t = p.ty();
                        let v2 = match v {
                            Val::Num(..) | Val::Bool(_) => self.unknown_val(name, &t, span, out),
                            other => other,
                        };
                        self.write(p, v2, span, out);
                    }
                }
                continue;
            }
            let v = self.rvalue(a, out);
            if let (Val::Ptr(p), CType::Pointer(pointee)) = (v, &aty) {
                let is_const = a.qual_type().starts_with("const ");
                if ranged {
                    let arrays = match p {
                        Ptr::To { array, .. } => vec![array],
                        Ptr::Many(v) => v,
                        Ptr::Private => Vec::new(),
                        Ptr::Local(_) | Ptr::Unknown => {
                            self.error(
                                span,
                                format!("`{name}` on memory mapcheck cannot name"),
                                "this argument",
                            );
                            Vec::new()
                        }
                    };
                    if !arrays.is_empty() {
                        let cell = CType::Scalar(Scalar::INT);
                        self.read(Place::Many(arrays.clone(), cell.clone()), span, out);
                        if !is_const {
                            self.write(Place::Many(arrays, cell), Val::Opaque, span, out);
                        }
                    }
                    continue;
                }
                if !is_const {
                    let place = self.deref(p, (**pointee).clone(), span);
                    if !matches!(place, Place::Private(_)) {
                        self.read(place.clone(), span, out);
                        let value = self.unknown_val(name, pointee, span, out);
                        self.write(place, value, span, out);
                    }
                }
            }
        }
        self.unknown_val(name, ty, span, out)
    }

    /// A callee with no body mapcheck can see: it may read and write whatever its pointer
    /// and reference arguments reach, and any file-scope device or shared memory.
    fn unknown_call(
        &mut self,
        n: &Node,
        ty: &CType,
        why: &str,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let mut arrays: Vec<String> = Vec::new();
        for a in self.args(n) {
            let aty = self.node_type(a);
            if a.is_lvalue() {
                // A reference argument.
                let p = self.place(a, out);
                match p {
                    Place::Mem { array, .. } => arrays.push(array),
                    Place::Many(v, _) => arrays.extend(v),
                    Place::Local(id, t) => {
                        let v = self.unknown_val("changed_by_call", &t, span, out);
                        self.env.insert(id, Binding::Val(v));
                    }
                    Place::Unknown(_) => {
                        self.error(
                            span,
                            format!("a {why} may write memory mapcheck cannot name"),
                            "this argument",
                        );
                    }
                    _ => {}
                }
                continue;
            }
            let v = self.rvalue(a, out);
            match (v, aty) {
                (Val::Ptr(Ptr::To { array, .. }), _) => arrays.push(array),
                (Val::Ptr(Ptr::Many(v)), _) => arrays.extend(v),
                (Val::Ptr(Ptr::Local(id)), _) => {
                    let t = CType::Scalar(Scalar::INT);
                    let cur = match self.env.get(&id) {
                        Some(Binding::Val(v)) => v.clone(),
                        _ => Val::Opaque,
                    };
                    let v = match cur {
                        Val::Opaque => self.unknown_val("changed_by_call", &t, span, out),
                        v => self.havoc(&v, "changed_by_call", span, out),
                    };
                    self.env.insert(id, Binding::Val(v));
                }
                (Val::Ptr(Ptr::Unknown), _) => {
                    self.error(
                        span,
                        format!("a {why} may write memory mapcheck cannot name"),
                        "this argument",
                    );
                }
                _ => {}
            }
        }
        let globals: Vec<(&Node, Space)> = self
            .g
            .memory
            .values()
            .filter(|(d, _)| !d.file().is_some_and(is_prelude_file))
            .copied()
            .collect();
        for (decl, space) in globals {
            match self.memory_array(decl, space, span) {
                Some(Place::Mem { array, .. }) => arrays.push(array),
                Some(Place::Many(v, _)) => arrays.extend(v),
                _ => {}
            }
        }
        arrays.sort();
        arrays.dedup();
        if !arrays.is_empty() {
            let cty = CType::Scalar(Scalar::INT);
            self.read(Place::Many(arrays.clone(), cty.clone()), span, out);
            self.write(Place::Many(arrays, cty.clone()), Val::Opaque, span, out);
        }
        self.unknown_val("unknown_call", ty, span, out)
    }

    /// Inlines the body of `def` with `args` (and the object of a member call, if any).
    fn inline(
        &mut self,
        def: &Node,
        args: &[&Node],
        _this: Option<Place>,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        if self.frames.len() >= MAX_INLINE_DEPTH {
            self.error(
                span,
                "calls nested too deeply (or recursion)",
                format!("more than {MAX_INLINE_DEPTH} inlined calls"),
            );
            return Val::Opaque;
        }
        let params: Vec<&Node> = def
            .inner
            .iter()
            .filter(|p| p.kind == Kind::ParmVarDecl)
            .collect();
        // Evaluate the arguments in the caller, bind them to the parameters afterwards.
        let mut bindings = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let pty = CType::parse(p.qual_type());
            let arg = args.get(i).copied().or_else(|| p.exprs().next());
            let Some(arg) = arg else {
                self.error(span, "a call with a missing argument", "here");
                return Val::Opaque;
            };
            let b = match &pty {
                CType::Reference(_) => Binding::Ref(self.place(arg, out)),
                CType::Record(_) | CType::Array(..) => {
                    self.rvalue(arg, out);
                    Binding::Private
                }
                _ => {
                    let v = self.rvalue(arg, out);
                    let v = self.convert(v, &pty, span, out);
                    let v = match v {
                        Val::Num(e, s) => {
                            Val::Num(self.bound(p.name.as_deref().unwrap_or("arg"), e, out), s)
                        }
                        v => v,
                    };
                    Binding::Val(v)
                }
            };
            bindings.push((p.id.clone(), p.name.clone().unwrap_or_default(), b));
        }
        // The callee's own declarations shadow nothing of the caller: save what their ids
        // were bound to (recursion reuses ids) and restore it after.
        let mut own = Vec::new();
        collect_decl_ids(def, &mut own);
        let saved: Vec<(String, Option<Binding>)> = own
            .iter()
            .map(|id| (id.clone(), self.env.get(id).cloned()))
            .collect();
        for (id, name, b) in bindings {
            self.local_names.insert(id.clone(), name);
            self.env.insert(id, b);
        }
        self.frames.push(Frame {
            returns: Vec::new(),
            ret_ty: ty.clone(),
        });
        let start = out.len();
        if let Some(body) = def.inner.iter().find(|c| c.kind == Kind::CompoundStmt) {
            let body_nodes: Vec<&Node> = body.exprs().collect();
            let base = std::mem::replace(&mut self.function_base, self.loop_exits.len());
            self.loop_exits.push(HashSet::new());
            self.block(&body_nodes, out);
            self.loop_exits.pop();
            self.function_base = base;
        }
        let frame = self.frames.pop();
        for (id, b) in saved {
            match b {
                Some(b) => self.env.insert(id, b),
                None => self.env.remove(&id),
            };
        }
        let Some(frame) = frame else {
            return Val::Opaque;
        };
        // Names bound inside nested blocks of the inlined body are out of scope here.
        let mut nested = HashSet::new();
        for s in &out[start..] {
            match &s.kind {
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    nested.extend(bound_names(&then_branch.stmts));
                    if let Some(e) = else_branch {
                        nested.extend(bound_names(&e.stmts));
                    }
                }
                StmtKind::For { body, var, .. } => {
                    nested.extend(bound_names(&body.stmts));
                    nested.insert(var.name.clone());
                }
                _ => {}
            }
        }
        let mut returns = frame.returns.into_iter();
        match (returns.next(), frame.ret_ty) {
            (None, _) | (_, CType::Void) => Val::Opaque,
            (Some(first), rty) => {
                let all_same = returns.all(|v| v == first);
                if all_same && !val_uses(&first, &nested) {
                    first
                } else {
                    // Several returns with different values (or values computed inside a
                    // branch): the call's value is not followed.
                    self.unknown_val("returned", &rty, span, out)
                }
            }
        }
    }

    fn member_call(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(callee) = n.exprs().next() else {
            return Val::Opaque;
        };
        let method = callee.name.clone().unwrap_or_default();
        let object = callee.exprs().next();
        let object_ty = object
            .map(|o| o.qual_type().to_string())
            .unwrap_or_default();
        let method_id = callee.referenced_member_decl.clone().unwrap_or_default();
        let is_cg = object_ty.contains("cooperative_groups::");
        if is_cg {
            if let Some(o) = object {
                self.rvalue_or_place(o, out);
            }
            let group = object_ty
                .trim_start_matches("const ")
                .trim_start_matches("cooperative_groups::");
            return match (method.as_str(), group) {
                ("sync", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    self.emit(out, stmt(StmtKind::Sync, span));
                    Val::Opaque
                }
                ("sync", g) if g.starts_with("grid_group") => {
                    self.error(
                        span,
                        "grid-wide synchronisation (`grid_group::sync`) is not supported",
                        "the core has no grid barrier yet",
                    );
                    Val::Opaque
                }
                ("sync", _) => {
                    self.error(
                        span,
                        "synchronisation of a tile or coalesced group is not modelled",
                        "only whole-block `sync` is a barrier",
                    );
                    Val::Opaque
                }
                ("thread_rank", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    Val::Num(
                        Expr::var("tid", span),
                        Scalar::Int {
                            bits: 64,
                            signed: false,
                        },
                    )
                }
                ("size" | "num_threads", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    Val::Num(
                        Expr::var("ntid", span),
                        Scalar::Int {
                            bits: 64,
                            signed: false,
                        },
                    )
                }
                _ => self.unknown_val(&method, ty, span, out),
            };
        }
        // A user method with a body: inlined with `this` bound to the object's address (its
        // fields are the memory the method can read and write).
        if let Some(def) = self.g.functions.get(method_id.as_str()).copied() {
            let this = match object {
                Some(o) if callee.is_arrow == Some(true) => self.rvalue(o, out),
                Some(o) if o.is_lvalue() => {
                    let p = self.place(o, out);
                    self.address(p)
                }
                Some(o) => {
                    self.rvalue(o, out);
                    Val::Ptr(Ptr::Private)
                }
                None => Val::Ptr(Ptr::Unknown),
            };
            let args = self.args(n);
            let saved = self.this.replace(this);
            let v = self.inline(def, &args, None, ty, span, out);
            self.this = saved;
            return v;
        }
        if let Some(o) = object {
            self.rvalue_or_place(o, out);
        }
        self.unknown_call(n, ty, &format!("call of method `{method}`"), span, out)
    }

    fn rvalue_or_place(&mut self, n: &Node, out: &mut Vec<Stmt>) {
        if n.is_lvalue() {
            self.place(n, out);
        } else {
            self.rvalue(n, out);
        }
    }
}

/// The ids of the parameters and local variables a function declares.
/// Whether `n` has a `continue` of the loop around it (not of a loop nested in it).
fn has_continue(n: &Node) -> bool {
    match n.kind {
        Kind::ContinueStmt => true,
        Kind::ForStmt | Kind::WhileStmt | Kind::DoStmt => false,
        _ => n.inner.iter().any(has_continue),
    }
}

fn collect_decl_ids(n: &Node, out: &mut Vec<String>) {
    if matches!(n.kind, Kind::ParmVarDecl | Kind::VarDecl) {
        out.push(n.id.clone());
    }
    for c in &n.inner {
        collect_decl_ids(c, out);
    }
}

fn is_true(c: &Cond) -> bool {
    matches!(c.kind, CondKind::Bool(true))
}

fn is_false(c: &Cond) -> bool {
    matches!(c.kind, CondKind::Bool(false))
}

fn tt(span: Span) -> Cond {
    Cond::new(CondKind::Bool(true), span)
}

fn ff(span: Span) -> Cond {
    Cond::new(CondKind::Bool(false), span)
}

/// A canonical counted loop: `for (i = a; i CMP b; i STEP k)`.
struct Counted<'n> {
    var: String,
    var_ty: Scalar,
    /// The start value; `None`: the variable's value before the loop (a `while` loop).
    start: Option<&'n Node>,
    /// `i = a` is a declaration (the variable ends with the loop).
    declared: bool,
    cmp: String,
    bound: &'n Node,
    step: StepOp,
    amount: Option<&'n Node>,
}

/// Whether `n` reads the local `id` directly (`i`, through implicit casts that keep its value,
/// or an integral conversion to a type at least as wide: `int i` compared with an `unsigned`
/// bound, whose values `counted_loop` then holds below 2^31, where the conversion keeps them).
fn reads_var(n: &Node, id: &str) -> bool {
    match n.kind {
        Kind::ImplicitCastExpr
            if matches!(n.cast_kind.as_deref(), Some("LValueToRValue" | "NoOp")) =>
        {
            n.exprs().next().is_some_and(|c| reads_var(c, id))
        }
        Kind::ImplicitCastExpr if n.cast_kind.as_deref() == Some("IntegralCast") => {
            let width = |m: &Node| match CType::parse(m.qual_type()).scalar() {
                Some(Scalar::Int { bits, .. }) => Some(bits),
                _ => None,
            };
            n.exprs().next().is_some_and(|c| {
                matches!((width(n), width(c)), (Some(to), Some(from)) if to >= from)
                    && reads_var(c, id)
            })
        }
        Kind::ParenExpr => n.exprs().next().is_some_and(|c| reads_var(c, id)),
        Kind::DeclRefExpr => n.referenced_decl.as_ref().is_some_and(|d| d.id == id),
        _ => false,
    }
}

fn counted<'n>(init: &'n Node, cond: &'n Node, inc: &'n Node) -> Option<Counted<'n>> {
    let (var, var_ty, start, declared) = match init.kind {
        Kind::DeclStmt => {
            let mut decls = init.exprs();
            let d = decls.next()?;
            if decls.next().is_some() || d.kind != Kind::VarDecl {
                return None;
            }
            let s = CType::parse(d.qual_type()).scalar()?;
            (d.id.clone(), s, Some(d.exprs().next()?), true)
        }
        Kind::BinaryOperator if init.opcode.as_deref() == Some("=") => {
            let l = child(init, 0)?;
            let d = l
                .referenced_decl
                .as_ref()
                .filter(|_| l.kind == Kind::DeclRefExpr)?;
            let s = CType::parse(l.qual_type()).scalar()?;
            (d.id.clone(), s, Some(child(init, 1)?), false)
        }
        _ => return None,
    };
    let mut c = counted_parts(&var, var_ty, cond, inc)?;
    c.start = start;
    c.declared = declared;
    Some(c)
}

/// The condition and step of a counted loop on the variable `var`.
fn counted_parts<'n>(
    var: &str,
    var_ty: Scalar,
    cond: &'n Node,
    inc: &'n Node,
) -> Option<Counted<'n>> {
    let var = var.to_string();
    if !matches!(var_ty, Scalar::Int { .. }) {
        return None;
    }
    let cond = match cond.kind {
        Kind::ExprWithCleanups | Kind::ParenExpr => cond.exprs().next()?,
        _ => cond,
    };
    if cond.kind != Kind::BinaryOperator {
        return None;
    }
    let op = cond.opcode.clone()?;
    let (l, r) = (child(cond, 0)?, child(cond, 1)?);
    let (cmp, bound) = if reads_var(l, &var) {
        (op, r)
    } else if reads_var(r, &var) {
        let flipped = match op.as_str() {
            "<" => ">",
            "<=" => ">=",
            ">" => "<",
            ">=" => "<=",
            _ => return None,
        };
        (flipped.to_string(), l)
    } else {
        return None;
    };
    if !matches!(cmp.as_str(), "<" | "<=" | ">" | ">=" | "!=") {
        return None;
    }
    let target = |n: &Node| {
        n.kind == Kind::DeclRefExpr && n.referenced_decl.as_ref().is_some_and(|d| d.id == var)
    };
    let (step, amount) = match inc.kind {
        Kind::UnaryOperator if child(inc, 0).is_some_and(target) => match inc.opcode.as_deref()? {
            "++" => (StepOp::Add, None),
            "--" => (StepOp::Sub, None),
            _ => return None,
        },
        Kind::CompoundAssignOperator if child(inc, 0).is_some_and(target) => {
            let op = match inc.opcode.as_deref()? {
                "+=" => StepOp::Add,
                "-=" => StepOp::Sub,
                "*=" => StepOp::Mul,
                "/=" => StepOp::Div,
                "<<=" => StepOp::Shl,
                ">>=" => StepOp::Shr,
                _ => return None,
            };
            (op, Some(child(inc, 1)?))
        }
        _ => return None,
    };
    Some(Counted {
        var,
        var_ty,
        start: None,
        declared: false,
        cmp,
        bound,
        step,
        amount,
    })
}

/// The counted form of `while (cond) { ...; inc; }`.
fn counted_while<'n>(cond: &'n Node, inc: &'n Node) -> Option<Counted<'n>> {
    // The variable is the one the step assigns; `counted` reads it from an assignment.
    let target = child(inc, 0)?;
    let d = target
        .referenced_decl
        .as_ref()
        .filter(|_| target.kind == Kind::DeclRefExpr)?;
    let s = CType::parse(target.qual_type()).scalar()?;
    // Reuse `counted` with a synthetic initialiser: only its condition and step are read.
    let mut c = counted_parts(&d.id, s, cond, inc)?;
    c.start = None;
    c.declared = false;
    Some(c)
}

impl Lower<'_, '_> {
    /// Lowers a statement list; returns the condition under which control reaches its end.
    fn block(&mut self, stmts: &[&Node], out: &mut Vec<Stmt>) -> Cond {
        // Statements that always fall through are lowered in a loop (a long list must not
        // grow the stack); the rest after a conditional exit is lowered under its condition.
        let mut stmts = stmts;
        let (span, stay, rest) = loop {
            let Some((first, rest)) = stmts.split_first() else {
                return tt(self.kernel_span);
            };
            let span = self.span(first);
            let stay = self.stmt(first, out);
            if !is_true(&stay) {
                break (span, stay, rest);
            }
            stmts = rest;
        };
        if is_false(&stay) || rest.is_empty() {
            // What follows an unconditional exit never runs.
            return stay;
        }
        // The rest runs when control stays.
        let before = self.env.clone();
        let mut inner = Vec::new();
        let rest_stay = self.block(rest, &mut inner);
        let bound = bound_names(&inner);
        let after = std::mem::replace(&mut self.env, before.clone());
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: stay.clone(),
                    then_branch: Block { stmts: inner, span },
                    else_branch: None,
                },
                span,
            ),
        );
        self.join_env(before, after, &bound, span, out);
        if cond_uses(&rest_stay, &bound) {
            let u = self.unknown("reached", Some((0, 1)), span, out);
            and(stay, cmp(CmpOp::Ne, u, int(0, span)))
        } else {
            and(stay, rest_stay)
        }
    }

    /// The environment after `if c { A }` (no else): a variable keeps its value when both
    /// paths agree on it and the value is still in scope, else it is `?`.
    fn join_env(
        &mut self,
        before: Env,
        after: Env,
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        self.join_two(before, after, bound, span, out);
    }

    /// The environment after `if (cond) A else B`, both branches falling through (`a` and `b`
    /// the environments at their ends). A `bool` local the branches leave different is C's
    /// value of it, `cond && x || !cond && y`, exactly (a repair's flag `f = (c1);` assigned in
    /// one branch stays a condition, not a `?`), when both sides and `cond` use only names in
    /// scope and the condition stays small; the other locals join as in [`Self::join_two`].
    fn join_if(
        &mut self,
        cond: &Cond,
        // Each branch's environment at its end, and its top-level `let`s (`branch_lets`).
        [(mut a, a_lets), (mut b, b_lets)]: [(Env, &HashMap<String, Expr>); 2],
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        const MAX_JOINED: usize = 64;
        let mut ids: Vec<String> = a.keys().filter(|k| b.contains_key(*k)).cloned().collect();
        ids.sort();
        for id in ids {
            // An integer assigned on both branches (or on one, keeping its value on the other)
            // is the selection of its two values: a phi, exact (issue 20).
            if let (Some(Binding::Val(Val::Num(x, sx))), Some(Binding::Val(Val::Num(y, sy)))) =
                (a.get(&id), b.get(&id))
            {
                // A value named by a `let` of its branch is that let's definition.
                let (x, y) = (&subst_vars(x, a_lets), &subst_vars(y, b_lets));
                if x != y
                    && sx == sy
                    && !matches!(sx, Scalar::Float(_))
                    && !expr_uses(x, bound)
                    && !expr_uses(y, bound)
                    && !cond_uses(cond, bound)
                    && expr_nodes(x) + expr_nodes(y) + cond_size(cond) <= MAX_JOINED
                {
                    let v = Binding::Val(Val::Num(
                        select(cond.clone(), x.clone(), y.clone(), span),
                        *sx,
                    ));
                    a.insert(id.clone(), v.clone());
                    b.insert(id, v);
                }
                continue;
            }
            let (Some(Binding::Val(Val::Bool(x))), Some(Binding::Val(Val::Bool(y)))) =
                (a.get(&id), b.get(&id))
            else {
                continue;
            };
            if x == y || cond_uses(x, bound) || cond_uses(y, bound) || cond_uses(cond, bound) {
                continue;
            }
            let joined = simplify(or(
                and(cond.clone(), x.clone()),
                and(not(cond.clone()), y.clone()),
            ));
            if cond_size(&joined) > MAX_JOINED {
                continue;
            }
            let v = Binding::Val(Val::Bool(joined));
            a.insert(id.clone(), v.clone());
            b.insert(id, v);
        }
        self.join_two(a, b, bound, span, out);
    }

    /// The environment after two paths: `a` and `b` are the environments at their ends.
    fn join_two(
        &mut self,
        a: Env,
        b: Env,
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let mut joined = Env::new();
        let mut ids: Vec<&String> = a.keys().filter(|k| b.contains_key(*k)).collect();
        ids.sort();
        for id in ids {
            let (x, y) = (&a[id], &b[id]);
            let v = match (x, y) {
                (Binding::Val(vx), Binding::Val(vy)) => {
                    if vx == vy && !val_uses(vx, bound) {
                        Binding::Val(vx.clone())
                    } else {
                        let name = self
                            .local_names
                            .get(id)
                            .cloned()
                            .unwrap_or_else(|| "joined".into());
                        Binding::Val(self.join_val(vx, vy, &name, span, out))
                    }
                }
                (b, _) => b.clone(),
            };
            joined.insert(id.clone(), v);
        }
        self.env = joined;
    }

    fn join_val(&mut self, x: &Val, y: &Val, name: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        match (x, y) {
            (Val::Num(_, s), _) => Val::Num(self.unknown(name, s.range(), span, out), *s),
            (Val::Bool(_), _) => {
                let u = self.unknown(name, Some((0, 1)), span, out);
                Val::Bool(cmp(CmpOp::Ne, u, int(0, span)))
            }
            (Val::Ptr(p), Val::Ptr(q)) => match (p, q) {
                (
                    Ptr::To {
                        array: a, pointee, ..
                    },
                    Ptr::To { array: b, .. },
                ) if a == b => Val::Ptr(Ptr::To {
                    array: a.clone(),
                    off: self.unknown(&format!("{name}_offset"), None, span, out),
                    pointee: pointee.clone(),
                }),
                _ => Val::Ptr(join_ptr(p.clone(), q.clone())),
            },
            _ => Val::Opaque,
        }
    }

    /// Lowers one statement; returns the condition under which control falls through it.
    fn stmt(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Cond {
        let span = self.span(n);
        match &n.kind {
            Kind::CompoundStmt => {
                let stmts: Vec<&Node> = n.exprs().collect();
                self.block(&stmts, out)
            }
            Kind::NullStmt => tt(span),
            Kind::AttributedStmt => match n.exprs().next() {
                Some(s) => self.stmt(s, out),
                None => tt(span),
            },
            Kind::DeclStmt => {
                for d in n.exprs() {
                    self.local_decl(d, out);
                }
                tt(span)
            }
            Kind::IfStmt => self.if_stmt(n, span, out),
            Kind::ForStmt => self.for_stmt(n, span, out),
            Kind::WhileStmt => self.while_stmt(n, span, out),
            Kind::DoStmt => self.general_loop(n, span, out),
            Kind::ReturnStmt => {
                if let Some(e) = n.exprs().next() {
                    let v = self.rvalue(e, out);
                    let v = match self.frames.last() {
                        Some(f) => {
                            let rty = f.ret_ty.clone();
                            self.convert(v, &rty, span, out)
                        }
                        None => v,
                    };
                    if let Some(f) = self.frames.last_mut() {
                        f.returns.push(v);
                    }
                }
                for exits in self.loop_exits.iter_mut().skip(self.function_base) {
                    exits.insert(ExitKind::Return);
                }
                ff(span)
            }
            Kind::BreakStmt => {
                if let Some(e) = self.loop_exits.last_mut() {
                    e.insert(ExitKind::Break);
                }
                ff(span)
            }
            Kind::ContinueStmt => {
                if let Some(e) = self.loop_exits.last_mut() {
                    e.insert(ExitKind::Continue);
                }
                ff(span)
            }
            Kind::SwitchStmt => self.switch(n, span, out),
            Kind::GCCAsmStmt => self.asm(n, span, out),
            // A label alone changes nothing; the `goto` that jumps to it is refused (once).
            Kind::LabelStmt => match n.exprs().next() {
                Some(s) => self.stmt(s, out),
                None => tt(span),
            },
            Kind::GotoStmt => {
                self.error(
                    span,
                    "`goto` is not supported",
                    "mapcheck lowers structured control flow only",
                );
                tt(span)
            }
            Kind::CaseStmt | Kind::DefaultStmt => {
                self.error(
                    span,
                    "a `case` label outside the statement list of its `switch`",
                    "not supported",
                );
                tt(span)
            }
            _ if n.is_meta() || n.is_null() => tt(span),
            Kind::Other(k) if k.ends_with("Decl") => tt(span),
            _ => {
                // An expression statement.
                if n.is_lvalue() {
                    self.place(n, out);
                } else {
                    self.rvalue(n, out);
                }
                tt(span)
            }
        }
    }

    fn local_decl(&mut self, d: &Node, out: &mut Vec<Stmt>) {
        let span = self.span(d);
        match d.kind {
            Kind::VarDecl => {}
            Kind::CXXRecordDecl
            | Kind::RecordDecl
            | Kind::TypedefDecl
            | Kind::TypeAliasDecl
            | Kind::EnumDecl
            | Kind::StaticAssertDecl => return,
            Kind::Other(_) => return,
            _ => return,
        }
        let name = d.name.clone().unwrap_or_else(|| "v".into());
        self.local_names.insert(d.id.clone(), name.clone());
        if d.has_attr("CUDASharedAttr") {
            // A `__shared__` variable of the kernel: the place is its memory.
            if let Some(p) = self.memory_array(d, Space::Shared, span) {
                self.env.insert(d.id.clone(), Binding::Ref(p));
            }
            return;
        }
        if d.storage_class.as_deref() == Some("static")
            || d.has_attr("CUDADeviceAttr")
            || d.has_attr("CUDAConstantAttr")
        {
            self.error(
                span,
                "a `static` or `__device__` local variable is not supported",
                "here",
            );
            return;
        }
        let ty = CType::parse(d.qual_type());
        let init = d.exprs().next();
        match &ty {
            CType::Reference(_) => match init {
                Some(i) => {
                    let p = self.place(i, out);
                    self.env.insert(d.id.clone(), Binding::Ref(p));
                }
                None => self.error(span, "a reference without an initialiser", "here"),
            },
            CType::Array(..) | CType::Record(_) | CType::Other(_) => {
                if let Some(i) = init {
                    self.rvalue_or_place(i, out);
                }
                self.env.insert(d.id.clone(), Binding::Private);
            }
            _ => {
                let v = match init {
                    Some(i) => {
                        let v = self.rvalue(i, out);
                        self.convert(v, &ty, span, out)
                    }
                    // An uninitialised local holds an indeterminate value.
                    None => self.unknown_val(&format!("{name}_uninit"), &ty, span, out),
                };
                let v = match v {
                    Val::Num(e, s) => Val::Num(self.bound(&name, e, out), s),
                    Val::Ptr(Ptr::To {
                        array,
                        off,
                        pointee,
                    }) => Val::Ptr(Ptr::To {
                        array,
                        off: self.bound(&format!("{name}_off"), off, out),
                        pointee,
                    }),
                    v => v,
                };
                self.env.insert(d.id.clone(), Binding::Val(v));
            }
        }
    }

    fn if_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        let mut i = 0;
        if n.has_init == Some(true) {
            if let Some(init) = kids.first() {
                self.stmt(init, out);
            }
            i += 1;
        }
        if n.has_var == Some(true) {
            if let Some(v) = kids.get(i) {
                self.stmt(v, out);
            }
            i += 1;
        }
        let (Some(c), Some(then)) = (kids.get(i), kids.get(i + 1)) else {
            return tt(span);
        };
        let els = if n.has_else == Some(true) {
            kids.get(i + 2)
        } else {
            None
        };
        let cv = self.rvalue(c, out);
        let cond = self.as_cond(cv, span, out);
        // A condition clang's constants decide (template arguments, `sizeof`): only the branch
        // that runs is lowered.
        match cond.kind {
            CondKind::Bool(true) => return self.stmt(then, out),
            CondKind::Bool(false) => {
                return match els {
                    Some(e) => self.stmt(e, out),
                    None => tt(span),
                }
            }
            _ => {}
        }
        let before = self.env.clone();
        let mut tstmts = Vec::new();
        let tstay = self.stmt(then, &mut tstmts);
        let tenv = std::mem::replace(&mut self.env, before.clone());
        let mut estmts = Vec::new();
        let estay = match els {
            Some(e) => self.stmt(e, &mut estmts),
            None => tt(span),
        };
        let eenv = std::mem::replace(&mut self.env, before);
        let bound: HashSet<String> = bound_names(&tstmts)
            .union(&bound_names(&estmts))
            .cloned()
            .collect();
        let has_else = !estmts.is_empty();
        let (tlets, elets) = (top_lets(&tstmts), top_lets(&estmts));
        // A branch's span is its text (`{ ... }` or the one statement), where `mapcheck fix`
        // finds the statement boundaries of the branch.
        let (tspan, espan) = (
            self.statement_span(then),
            els.map_or(span, |e| self.statement_span(e)),
        );
        let last = els.unwrap_or(then);
        let span = Span::new(span.start, span.end.max(self.statement_span(last).end));
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: cond.clone(),
                    then_branch: Block {
                        stmts: tstmts,
                        span: tspan,
                    },
                    else_branch: has_else.then_some(Block {
                        stmts: estmts,
                        span: espan,
                    }),
                },
                span,
            ),
        );
        // A branch that never falls through contributes nothing to what follows.
        if is_false(&tstay) {
            self.join_two(eenv.clone(), eenv, &bound, span, out);
        } else if is_false(&estay) {
            self.join_two(tenv.clone(), tenv, &bound, span, out);
        } else {
            let (tlets, elets) = (branch_lets(&tlets), branch_lets(&elets));
            let branches = [(tenv, &tlets), (eenv, &elets)];
            self.join_if(&cond, branches, &bound, span, out);
        }
        let stay = if tstay == estay {
            tstay
        } else {
            simplify(or(and(cond.clone(), tstay), and(not(cond), estay)))
        };
        if cond_uses(&stay, &bound) {
            let u = self.unknown("reached", Some((0, 1)), span, out);
            cmp(CmpOp::Ne, u, int(0, span))
        } else {
            stay
        }
    }
}

/// `c && true`, `c || false` and the like, folded.
fn simplify(c: Cond) -> Cond {
    let span = c.span;
    match c.kind {
        CondKind::And(a, b) => {
            let (a, b) = (simplify(*a), simplify(*b));
            if is_false(&a) || is_false(&b) {
                ff(span)
            } else {
                and(a, b)
            }
        }
        CondKind::Or(a, b) => {
            let (a, b) = (simplify(*a), simplify(*b));
            if is_true(&a) || is_true(&b) {
                tt(span)
            } else {
                or(a, b)
            }
        }
        CondKind::Not(a) => not(simplify(*a)),
        k => Cond::new(k, span),
    }
}

impl Lower<'_, '_> {
    /// Havocs the locals `carried` (their values at the top of a loop iteration, which an
    /// earlier round found assigned in the body), in a fixed order.
    fn havoc_carried(&mut self, carried: &HashSet<String>, span: Span, stmts: &mut Vec<Stmt>) {
        self.havoc_locals(carried, "carried", span, stmts);
    }

    /// Like [`Self::havoc_carried`], except that a local of `presets` is bound to its closed
    /// form (the value, or a pointer's offset, at the iteration's start: see `closed.rs`).
    fn start_iteration(
        &mut self,
        carried: &HashSet<String>,
        presets: &HashMap<String, Expr>,
        span: Span,
        stmts: &mut Vec<Stmt>,
    ) {
        let mut rest = carried.clone();
        let mut ids: Vec<&String> = carried
            .iter()
            .filter(|id| presets.contains_key(*id))
            .collect();
        ids.sort();
        for id in ids {
            let (Some(e), Some(Binding::Val(v))) = (presets.get(id), self.env.get(id).cloned())
            else {
                continue;
            };
            let base = self
                .local_names
                .get(id)
                .cloned()
                .unwrap_or_else(|| "carried".into());
            let name = self.fresh(&base);
            // The value of a C variable of its type (as the havoc it replaces assumes).
            let typed = match &v {
                Val::Num(_, s) => s.range(),
                _ => None,
            };
            if let Some(r) = self.range(e).or(typed) {
                self.ranges.insert(name.clone(), r);
            }
            self.emit(
                stmts,
                stmt(
                    StmtKind::Let {
                        var: Ident::new(name.clone(), span),
                        value: e.clone(),
                    },
                    span,
                ),
            );
            self.closed_starts.insert(name.clone());
            let x = Expr::var(name, span);
            let v = match v {
                Val::Num(_, s) => Val::Num(x, s),
                Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                    array,
                    off: x,
                    pointee,
                }),
                _ => continue,
            };
            self.env.insert(id.clone(), Binding::Val(v));
            rest.remove(id);
        }
        self.havoc_carried(&rest, span, stmts);
    }

    /// Havocs the locals `ids` in a fixed order, each unknown named after its local (else
    /// `fallback`).
    fn havoc_locals(
        &mut self,
        ids: &HashSet<String>,
        fallback: &str,
        span: Span,
        stmts: &mut Vec<Stmt>,
    ) {
        let mut ids: Vec<&String> = ids.iter().collect();
        ids.sort();
        for id in ids {
            if let Some(Binding::Val(v)) = self.env.get(id).cloned() {
                let name = self
                    .local_names
                    .get(id)
                    .cloned()
                    .unwrap_or_else(|| fallback.into());
                let u = self.havoc(&v, &name, span, stmts);
                self.env.insert(id.clone(), Binding::Val(u));
            }
        }
    }

    /// Lowers a loop body with the loop-carried variables made `?` at the start of each
    /// iteration. The body is lowered, the variables it changes are found, and it is lowered
    /// again with those as unknowns, until no new variable changes. Returns the statements,
    /// the set of carried ids, and the exits seen.
    #[allow(clippy::too_many_arguments)]
    fn loop_body(
        &mut self,
        prefix: &dyn Fn(&mut Self, &mut Vec<Stmt>),
        body: &[&Node],
        suffix: &dyn Fn(&mut Self, &mut Vec<Stmt>),
        fixed: &HashSet<String>,
        presets: &HashMap<String, Expr>,
        span: Span,
    ) -> LoopBody {
        let entry = self.env.clone();
        let errors = self.errors.len();
        let mut carried: HashSet<String> = presets.keys().cloned().collect();
        for _round in 0..4 {
            self.errors.truncate(errors);
            self.env = entry.clone();
            let mut stmts = Vec::new();
            self.start_iteration(&carried, presets, span, &mut stmts);
            let at_start = self.env.clone();
            self.loop_exits.push(HashSet::new());
            prefix(self, &mut stmts);
            let mut inner = Vec::new();
            let stay = self.block(body, &mut inner);
            let _ = stay;
            stmts.extend(inner);
            // `continue` ends the iteration early, but the step still runs: the guards of the
            // body above cover only the body.
            suffix(self, &mut stmts);
            let exits = self.loop_exits.pop().unwrap_or_default();
            let changed: HashSet<String> = self
                .env
                .iter()
                .filter(|(id, b)| {
                    !fixed.contains(*id)
                        && match (at_start.get(*id), b) {
                            (Some(Binding::Val(x)), Binding::Val(y)) => x != y,
                            _ => false,
                        }
                })
                .map(|(id, _)| id.clone())
                .collect();
            let new: Vec<&String> = changed.difference(&carried).collect();
            if new.is_empty() {
                // Locals declared in the body end with it; the carried ones are `?` after.
                let at_end = self.env.clone();
                let mut env = entry.clone();
                for id in &carried {
                    if let Some(b) = self.env.get(id) {
                        env.insert(id.clone(), b.clone());
                    }
                }
                self.env = env;
                return LoopBody {
                    stmts,
                    carried,
                    exits,
                    at_start,
                    at_end,
                };
            }
            carried.extend(changed);
        }
        self.error(
            span,
            "internal error: the loop's variables did not settle",
            "in this loop",
        );
        LoopBody {
            stmts: Vec::new(),
            carried,
            exits: HashSet::new(),
            at_start: Env::new(),
            at_end: Env::new(),
        }
    }

    /// A fresh unknown of the kind of `v`.
    fn havoc(&mut self, v: &Val, name: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        match v {
            Val::Num(_, s) => Val::Num(self.unknown(name, s.range(), span, out), *s),
            Val::Bool(_) => {
                let u = self.unknown(name, Some((0, 1)), span, out);
                Val::Bool(cmp(CmpOp::Ne, u, int(0, span)))
            }
            Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                array: array.clone(),
                off: self.unknown(&format!("{name}_offset"), None, span, out),
                pointee: pointee.clone(),
            }),
            other => other.clone(),
        }
    }

    /// After a loop: the carried variables are `?`; a `return` inside makes what follows
    /// run for an unknown set of threads.
    fn after_loop(
        &mut self,
        carried: &HashSet<String>,
        exits: &HashSet<ExitKind>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Cond {
        self.havoc_locals(carried, "after", span, out);
        if exits.contains(&ExitKind::Return) {
            let u = self.unknown("returned_in_loop", Some((0, 1)), span, out);
            cmp(CmpOp::Eq, u, int(0, span))
        } else {
            tt(span)
        }
    }

    /// A body from which a thread may `break` or `return`: later iterations run only while
    /// it has not, which the lowering does not follow: each iteration runs under `?`.
    fn guard_exits(
        &mut self,
        stmts: Vec<Stmt>,
        exits: &HashSet<ExitKind>,
        span: Span,
    ) -> Vec<Stmt> {
        if !(exits.contains(&ExitKind::Break) || exits.contains(&ExitKind::Return)) {
            return stmts;
        }
        let mut out = Vec::new();
        let u = self.unknown("still_looping", Some((0, 1)), span, &mut out);
        out.push(stmt(
            StmtKind::If {
                cond: cmp(CmpOp::Ne, u, int(0, span)),
                then_branch: Block { stmts, span },
                else_branch: None,
            },
            span,
        ));
        out
    }

    fn for_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().collect();
        let (Some(init), Some(cond), Some(inc), Some(body)) =
            (kids.first(), kids.get(2), kids.get(3), kids.get(4))
        else {
            return self.general_loop(n, span, out);
        };
        if !init.is_null() && !cond.is_null() && !inc.is_null() {
            if let Some(c) = counted(init, cond, inc) {
                if let Some(stay) = self.counted_loop(&c, &[*body], span, out) {
                    return stay;
                }
            }
        }
        // `for (; i < n; i += k)`: counted from `i`'s current value, as a `while`.
        if init.is_null() && !cond.is_null() && !inc.is_null() {
            if let Some(c) = counted_while(cond, inc) {
                if matches!(self.env.get(&c.var), Some(Binding::Val(Val::Num(..)))) {
                    if let Some(stay) = self.counted_loop(&c, &[*body], span, out) {
                        return stay;
                    }
                }
            }
        }
        // `for (i = a; i < n;) { ...; i += k; }`: the step is the body's last statement,
        // which every iteration reaches when no `continue` skips it.
        if !init.is_null() && !cond.is_null() && inc.is_null() && body.kind == Kind::CompoundStmt {
            let stmts: Vec<&Node> = body.exprs().collect();
            if let Some((step, rest)) = stmts.split_last() {
                if !rest.iter().any(|s| has_continue(s)) {
                    if let Some(c) = counted(init, cond, step) {
                        if let Some(stay) = self.counted_loop(&c, rest, span, out) {
                            return stay;
                        }
                    }
                }
            }
        }
        self.general_loop(n, span, out)
    }

    /// A canonical counted loop as a core `for`, when its bounds and step are loop-invariant
    /// and pure; `None` (nothing emitted) otherwise.
    fn counted_loop(
        &mut self,
        c: &Counted<'_>,
        body: &[&Node],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Cond> {
        let saved_env = self.env.clone();
        let saved_errors = self.errors.len();
        let mut pre = Vec::new();
        // The start value (evaluated once, before the loop).
        let start = match c.start {
            Some(s) => self.rvalue(s, &mut pre),
            None => match self.env.get(&c.var) {
                Some(Binding::Val(v)) => v.clone(),
                _ => Val::Opaque,
            },
        };
        let start = self.convert(start, &CType::Scalar(c.var_ty), span, &mut pre);
        let Val::Num(start, _) = start else {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        };
        // Bound and step must be pure: evaluated into a scratch list that must stay empty.
        let mut scratch = Vec::new();
        let bound = self.rvalue(c.bound, &mut scratch);
        let amount = match c.amount {
            Some(a) => self.rvalue(a, &mut scratch),
            None => Val::Num(int(1, span), Scalar::INT),
        };
        let (Val::Num(bound, bs), Val::Num(amount, _)) = (bound, amount) else {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        };
        if !scratch.is_empty() || matches!(bs, Scalar::Float(_)) {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        }
        // The comparison's type: C compares in the common type of `i` and the bound.
        let unsigned_cmp = c.var_ty.is_unsigned() || bs.is_unsigned();
        // `i != 0` on a natural `i` that shrinks by division or shifting is `i > 0`.
        let shrinks = matches!(c.step, StepOp::Div | StepOp::Shr);
        if c.cmp == "!="
            && !(shrinks && self.within(&bound, 0, 0) && self.within(&start, 0, i128::MAX))
        {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        }
        let (dir, bound) = match c.cmp.as_str() {
            "!=" => (Direction::Down, bound),
            "<" => (Direction::Up, bound),
            "<=" => (Direction::Up, Expr::bin(BinOp::Add, bound, int(1, span))),
            ">" => (Direction::Down, bound),
            _ => (Direction::Down, Expr::bin(BinOp::Sub, bound, int(1, span))),
        };
        let amount_ok = match c.step {
            StepOp::Add | StepOp::Sub | StepOp::Shl | StepOp::Shr => {
                self.within(&amount, 1, 1 << 40)
            }
            StepOp::Mul | StepOp::Div => self.within(&amount, 2, 1 << 40),
        };
        let start_ok = match c.step {
            StepOp::Mul | StepOp::Shl => self.within(&start, 1, i128::MAX),
            StepOp::Div | StepOp::Shr => self.within(&start, 0, i128::MAX),
            _ => true,
        };
        // Unsigned comparisons agree with the core's signed ones only on values below 2^31.
        let small = |e: &Expr, me: &Self| me.within(e, 0, i128::from(i32::MAX) - 1);
        let cmp_ok = !unsigned_cmp || (small(&start, self) && small(&bound, self));
        // `i >= 0` on an unsigned `i` never fails.
        if !(c.step.moves(dir) && amount_ok && start_ok && cmp_ok) {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        }
        let loop_name = self
            .local_names
            .get(&c.var)
            .cloned()
            .unwrap_or_else(|| "i".into());
        let var = self.fresh(&loop_name);
        // The loop variable stays within the start and the bound.
        if let (Some((sl, sh)), Some((bl, bh))) = (self.range(&start), self.range(&bound)) {
            self.ranges
                .insert(var.clone(), (sl.min(bl).min(bh), sh.max(bh).max(bl)));
        }
        let start = self.bound(&format!("{loop_name}_start"), start, &mut pre);
        let bound = self.bound(&format!("{loop_name}_bound"), bound, &mut pre);
        let amount = self.bound(&format!("{loop_name}_step"), amount, &mut pre);
        self.local_names
            .entry(c.var.clone())
            .or_insert_with(|| loop_name.clone());
        self.env.insert(
            c.var.clone(),
            Binding::Val(Val::Num(Expr::var(var.clone(), span), c.var_ty)),
        );
        let body_nodes: Vec<&Node> = body.to_vec();
        // Lowered until the closed forms of its carried variables settle (see `closed.rs`):
        // first with every carried variable `?`, then with those that have a closed form bound
        // to it, which must come out of the body in the same shape.
        let x = Expr::var(var.clone(), span);
        let inside = self.inner_counter(&x, &start, &amount, dir, c.step);
        let entry = self.env.clone();
        let entry_errors = self.errors.len();
        let mut presets: HashMap<String, Expr> = HashMap::new();
        let mut banned: HashSet<String> = HashSet::new();
        let mut previous: HashMap<String, closed::Closed> = HashMap::new();
        let mut lowered;
        let mut forms;
        let mut attempt = 0;
        loop {
            self.env = entry.clone();
            self.errors.truncate(entry_errors);
            lowered = self.loop_body(
                &|_, _| {},
                &body_nodes,
                &|_, _| {},
                &HashSet::new(),
                &presets,
                span,
            );
            forms = self.closed_forms(&lowered, &entry, &c.var, &var);
            for (id, (f, _)) in forms.iter_mut() {
                if let Some(old) = previous.get(id).filter(|old| closed::unwrapped_of(old, f)) {
                    *f = old.clone();
                }
            }
            previous = forms
                .iter()
                .map(|(id, (f, _))| (id.clone(), f.clone()))
                .collect();
            let next: HashMap<String, Expr> = forms
                .iter()
                .filter_map(|(id, (f, v0))| Some((id.clone(), closed::value(f, v0, &inside)?)))
                .collect();
            if next == presets {
                break;
            }
            // A preset whose update no longer has its shape is not tried again.
            for (id, e) in &presets {
                if next.get(id) != Some(e) {
                    banned.insert(id.clone());
                }
            }
            let next: HashMap<String, Expr> = next
                .into_iter()
                .filter(|(id, _)| !banned.contains(id))
                .collect();
            if next == presets {
                break;
            }
            attempt += 1;
            presets = if attempt < 3 { next } else { HashMap::new() };
            if attempt > 3 {
                forms.clear();
                break;
            }
        }
        let LoopBody {
            stmts,
            carried,
            exits,
            ..
        } = lowered;
        forms.retain(|id, _| presets.contains_key(id));
        // The loop variable must not change in the body, nor the bound's and step's values.
        let mut moving = HashSet::new();
        moving.extend(carried.iter().cloned());
        let loop_var_changed = moving.contains(&c.var);
        let core_vars: HashSet<String> = moving
            .iter()
            .filter_map(|id| match saved_env.get(id) {
                Some(Binding::Val(Val::Num(
                    Expr {
                        kind: ExprKind::Var(v),
                        ..
                    },
                    _,
                ))) => Some(v.clone()),
                _ => None,
            })
            .collect();
        let depends = |e: &Expr| {
            let mut hit = false;
            e.for_each_var(&mut |name, _| hit |= core_vars.contains(name));
            hit
        };
        let _ = depends;
        // Bounds were evaluated from the environment before the loop, and the environment's
        // values are immutable core names: a C variable the body changes gets a new name, so
        // the bound computed before the loop is what C reads only if no variable it reads
        // changes. Check that by re-reading the bound after the body.
        let mut check = Vec::new();
        let bound_after = self.rvalue(c.bound, &mut check);
        let amount_after = match c.amount {
            Some(a) => self.rvalue(a, &mut check),
            None => Val::Num(int(1, span), Scalar::INT),
        };
        let bound_before = self.with_env(saved_env.clone(), |me| {
            let mut s = Vec::new();
            let b = me.rvalue(c.bound, &mut s);
            let a = match c.amount {
                Some(a) => me.rvalue(a, &mut s),
                None => Val::Num(int(1, span), Scalar::INT),
            };
            (b, a)
        });
        let invariant = (bound_after, amount_after) == bound_before;
        if loop_var_changed || !invariant {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
            return None;
        }
        for mut s in pre {
            // The start, bound and step are evaluated before the loop, where `mapcheck fix`
            // must see them (their expressions may be spelled in a macro's definition).
            s.span = span;
            self.emit(out, s);
        }
        let stmts = self.guard_exits(stmts, &exits, span);
        // The body's span is its text when it is one statement (`{ ... }`), for `mapcheck fix`.
        let body_span = match body {
            [one] => self.statement_span(one),
            _ => span,
        };
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(var, span),
                    range: Range {
                        start: start.clone(),
                        bound: bound.clone(),
                        dir,
                        step: Step {
                            op: c.step,
                            amount: amount.clone(),
                            span,
                        },
                    },
                    body: Block {
                        stmts,
                        span: body_span,
                    },
                },
                span,
            ),
        );
        let mut carried = carried;
        carried.remove(&c.var);
        // A loop every thread runs to its end leaves its closed forms at the trip count.
        let runs_all = !(exits.contains(&ExitKind::Break) || exits.contains(&ExitKind::Return));
        let end = if runs_all {
            self.end_counter(&start, &bound, &amount, dir, c.step)
        } else {
            None
        };
        if let Some((at_end, last)) = &end {
            let mut ids: Vec<&String> = forms.keys().collect();
            ids.sort();
            for id in ids {
                let (f, v0) = &forms[id];
                let Some(v) = closed::value(f, v0, at_end) else {
                    continue;
                };
                let Some(Binding::Val(old)) = self.env.get(id).cloned() else {
                    continue;
                };
                let new = match old {
                    Val::Num(_, s) => Val::Num(self.bound("after", v, out), s),
                    Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                        array,
                        off: self.bound("after_offset", v, out),
                        pointee,
                    }),
                    _ => continue,
                };
                self.env.insert(id.clone(), Binding::Val(new));
                carried.remove(id);
            }
            if !c.declared {
                let v = self.bound(&format!("{loop_name}_end"), last.clone(), out);
                self.env
                    .insert(c.var.clone(), Binding::Val(Val::Num(v, c.var_ty)));
            }
        }
        if c.declared {
            self.env.remove(&c.var);
        } else if end.is_none() {
            carried.insert(c.var.clone());
        }
        Some(self.after_loop(&carried, &exits, span, out))
    }

    /// The carried variables of a lowered counted loop whose update has a closed form (see
    /// `closed.rs`), with their values before the loop. `var` is the C loop variable, `x` its
    /// core name.
    fn closed_forms(
        &self,
        lowered: &LoopBody,
        entry: &Env,
        var: &str,
        x: &str,
    ) -> HashMap<String, (closed::Closed, Expr)> {
        let mut out = HashMap::new();
        let bound = bound_names(&lowered.stmts);
        let start_name = |b: Option<&Binding>| match b {
            Some(Binding::Val(Val::Num(
                Expr {
                    kind: ExprKind::Var(h),
                    ..
                },
                _,
            ))) => Some(h.clone()),
            Some(Binding::Val(Val::Ptr(Ptr::To {
                off:
                    Expr {
                        kind: ExprKind::Var(h),
                        ..
                    },
                ..
            }))) => Some(h.clone()),
            _ => None,
        };
        // The top-level `let`s of the body, except the iteration's start values.
        let starts: HashSet<String> = lowered
            .carried
            .iter()
            .filter_map(|id| start_name(lowered.at_start.get(id)))
            .collect();
        let mut lets = HashMap::new();
        for s in &lowered.stmts {
            if let StmtKind::Let { var, value } = &s.kind {
                if !starts.contains(&var.name) {
                    let value = subst_vars(value, &lets);
                    lets.insert(var.name.clone(), value);
                }
            }
        }
        let invariant = |k: &Expr| {
            let mut ok = true;
            k.for_each_var(&mut |n, _| ok &= n != x && !bound.contains(n));
            ok && expr_nodes(k) <= 64
        };
        for id in &lowered.carried {
            if id == var {
                continue;
            }
            let Some(h) = start_name(lowered.at_start.get(id)) else {
                continue;
            };
            let (Some(Binding::Val(v0)), Some(Binding::Val(end))) =
                (entry.get(id), lowered.at_end.get(id))
            else {
                continue;
            };
            let (v0, e) = match (v0, end) {
                (Val::Num(v0, _), Val::Num(e, _)) => (v0, e),
                (
                    Val::Ptr(Ptr::To {
                        array: a0,
                        off: v0,
                        pointee: p0,
                    }),
                    Val::Ptr(Ptr::To {
                        array: a1,
                        off: e,
                        pointee: p1,
                    }),
                ) if a0 == a1 && p0 == p1 => (v0, e),
                _ => continue,
            };
            if expr_nodes(e) > 4096 {
                continue;
            }
            let e = subst_vars(e, &lets);
            let Some(f) = closed::derive(&e, &h, &invariant) else {
                continue;
            };
            if matches!(lowered.at_end.get(id), Some(Binding::Val(Val::Ptr(_))))
                && !matches!(f, closed::Closed::Linear { mask: None, .. })
            {
                continue;
            }
            // Truncation is floor on naturals, which every later value is too.
            let f = match f {
                closed::Closed::Shrink {
                    f,
                    round: closed::Round::Trunc,
                    wrap,
                } if self.within(v0, 0, i128::MAX) => closed::Closed::Shrink {
                    f,
                    round: closed::Round::Floor,
                    wrap,
                },
                f => f,
            };
            if let Some(w) = closed::mask_of(&f) {
                let (lo, hi) = w.range();
                if !self.within(v0, lo, hi) {
                    continue;
                }
            }
            out.insert(id.clone(), (f, v0.clone()));
        }
        out
    }

    /// The iteration count `j` of a core loop `for x in start..bound step OP amount`, inside
    /// its body, as an expression of `x` (see `closed.rs`).
    fn inner_counter(
        &self,
        x: &Expr,
        start: &Expr,
        amount: &Expr,
        dir: Direction,
        op: StepOp,
    ) -> closed::Counter {
        let span = x.span;
        let mut c = closed::Counter::default();
        let lit = |e: &Expr| match e.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        };
        let parity = |p: Expr, f: i64| {
            // F^j = (-1)^j modulo F + 1: 1 when j is even, F when odd.
            cmp(
                CmpOp::Eq,
                Expr::bin(BinOp::Rem, p, int(f + 1, span)),
                int(1, span),
            )
        };
        match (dir, op) {
            (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub) => {
                let d = if dir == Direction::Up {
                    Expr::bin(BinOp::Sub, x.clone(), start.clone())
                } else {
                    Expr::bin(BinOp::Sub, start.clone(), x.clone())
                };
                // Within 32-bit signed range, so that `bv32` computes it as `int` does.
                if !self.within(&d, 0, i128::from(i32::MAX)) {
                    return c;
                }
                let j = if lit(amount) == Some(1) {
                    d
                } else {
                    Expr::bin(BinOp::Div, d, amount.clone())
                };
                c.even = Some(cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, j.clone(), int(2, span)),
                    int(0, span),
                ));
                c.j = Some(j);
            }
            (Direction::Up, StepOp::Mul | StepOp::Shl) => {
                let f = match (op, lit(amount)) {
                    (StepOp::Mul, Some(f)) if (2..=i64::from(i32::MAX)).contains(&f) => f,
                    (StepOp::Shl, Some(s)) if (1..=30).contains(&s) => 1 << s,
                    _ => return c,
                };
                if !self.within(start, 1, i128::from(i32::MAX)) {
                    return c;
                }
                let p = if lit(start) == Some(1) {
                    x.clone()
                } else {
                    Expr::bin(BinOp::Div, x.clone(), start.clone())
                };
                c.even = Some(parity(p.clone(), f));
                c.pow = Some((f, p));
            }
            (Direction::Down, StepOp::Div | StepOp::Shr) => {
                let f = match (op, lit(amount)) {
                    (StepOp::Div, Some(f)) if (2..=i64::from(i32::MAX)).contains(&f) => f,
                    (StepOp::Shr, Some(s)) if (1..=30).contains(&s) => 1 << s,
                    _ => return c,
                };
                // From a constant power of F, x = F^(m - j) >= 1, so F^j = start / x.
                let Some((s0, s1)) = self.range(start) else {
                    return c;
                };
                let mut p = s0;
                while p > 1 && p % i128::from(f) == 0 {
                    p /= i128::from(f);
                }
                if s0 != s1 || p != 1 || s0 > i128::from(i32::MAX) {
                    return c;
                }
                let Ok(s0) = i64::try_from(s0) else {
                    return c;
                };
                let p = Expr::bin(BinOp::Div, int(s0, span), x.clone());
                c.even = Some(parity(p.clone(), f));
                c.pow = Some((f, p));
            }
            _ => {}
        }
        c
    }

    /// The iteration count at the end of a core loop that runs all its iterations, and the
    /// loop variable's value there: constant when the start, bound and step are; `⌈(b - a) /
    /// k⌉` (at least 0) for an additive loop whose difference stays within 32 bits.
    fn end_counter(
        &self,
        start: &Expr,
        bound: &Expr,
        amount: &Expr,
        dir: Direction,
        op: StepOp,
    ) -> Option<(closed::Counter, Expr)> {
        let span = start.span;
        let point = |e: &Expr| match self.range(e) {
            Some((a, b)) if a == b && i64::try_from(a).is_ok() => Some(a),
            _ => None,
        };
        if let (Some(a), Some(b), Some(k)) = (point(start), point(bound), point(amount)) {
            let (trips, last) = simulate(a, b, k, dir, op)?;
            let factor = match op {
                StepOp::Mul | StepOp::Div => Some(k),
                StepOp::Shl | StepOp::Shr if (1..=30).contains(&k) => Some(1 << k),
                _ => None,
            };
            let pow = factor.and_then(|f| {
                let p = f.checked_pow(u32::try_from(trips).ok()?)?;
                Some((i64::try_from(f).ok()?, int(i64::try_from(p).ok()?, span)))
                    .filter(|_| p <= 1 << 62)
            });
            return Some((
                closed::Counter {
                    j: Some(int(i64::try_from(trips).ok()?, span)),
                    pow,
                    even: Some(Cond::new(CondKind::Bool(trips % 2 == 0), span)),
                },
                int(i64::try_from(last).ok()?, span),
            ));
        }
        let d = match (dir, op) {
            (Direction::Up, StepOp::Add) => Expr::bin(BinOp::Sub, bound.clone(), start.clone()),
            (Direction::Down, StepOp::Sub) => Expr::bin(BinOp::Sub, start.clone(), bound.clone()),
            _ => return None,
        };
        let limit = i128::from(i32::MAX);
        let (lo, hi) = self.range(&d)?;
        let (kl, kh) = self.range(amount)?;
        if lo < -limit || hi > limit || kl < 1 || kh > limit || hi + kh > limit {
            return None;
        }
        let d = Expr::bin(BinOp::Max, d, int(0, span));
        let trips = match amount.kind {
            ExprKind::Int(1) => d,
            _ => Expr::bin(
                BinOp::Div,
                Expr::bin(
                    BinOp::Sub,
                    Expr::bin(BinOp::Add, d, amount.clone()),
                    int(1, span),
                ),
                amount.clone(),
            ),
        };
        let moved = match amount.kind {
            ExprKind::Int(1) => trips.clone(),
            _ => Expr::bin(BinOp::Mul, trips.clone(), amount.clone()),
        };
        let last = match dir {
            Direction::Up => Expr::bin(BinOp::Add, start.clone(), moved),
            Direction::Down => Expr::bin(BinOp::Sub, start.clone(), moved),
        };
        Some((
            closed::Counter {
                even: Some(cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, trips.clone(), int(2, span)),
                    int(0, span),
                )),
                j: Some(trips),
                pow: None,
            },
            last,
        ))
    }

    /// `while (i CMP b) { ...; i STEP k; }`: a counted loop from `i`'s current value, when
    /// the step is the body's last statement.
    fn while_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n
            .inner
            .iter()
            .filter(|c| !c.is_meta() && !c.is_null())
            .collect();
        if let (Some(cond), Some(body), None) = (kids.first(), kids.get(1), kids.get(2)) {
            let stmts: Vec<&Node> = if body.kind == Kind::CompoundStmt {
                body.exprs().collect()
            } else {
                vec![body]
            };
            if let Some((inc, rest)) = stmts.split_last() {
                // A `continue` would skip the step, which the counted form runs every time.
                let skips = rest.iter().any(|s| has_continue(s));
                if let Some(c) = counted_while(cond, inc).filter(|_| !skips) {
                    if matches!(self.env.get(&c.var), Some(Binding::Val(Val::Num(..)))) {
                        if let Some(stay) = self.counted_loop(&c, rest, span, out) {
                            return stay;
                        }
                    }
                }
            }
        }
        self.general_loop(n, span, out)
    }

    fn with_env<R>(&mut self, env: Env, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.env, env);
        let errors = self.errors.len();
        let r = f(self);
        self.errors.truncate(errors);
        self.env = saved;
        r
    }

    /// `while`, `do` and `for` loops of other shapes: an unknown number of iterations, each
    /// evaluating the condition and running the body while it holds.
    fn general_loop(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        let (init, cond, inc, body, cond_first) = match n.kind {
            Kind::ForStmt => (
                kids.first().copied(),
                kids.get(2).copied(),
                kids.get(3).copied(),
                kids.get(4).copied(),
                true,
            ),
            Kind::WhileStmt => {
                let k: Vec<&Node> = kids.iter().copied().filter(|c| !c.is_null()).collect();
                (None, k.first().copied(), None, k.get(1).copied(), true)
            }
            _ => (
                None,
                kids.get(1).copied(),
                None,
                kids.first().copied(),
                false,
            ),
        };
        if let Some(i) = init.filter(|i| !i.is_null()) {
            self.stmt(i, out);
        }
        let cond = cond.filter(|c| !c.is_null());
        let inc = inc.filter(|c| !c.is_null());
        let Some(body) = body else {
            return tt(span);
        };
        // The condition guards the body: `while (c) B` is `loop { if c { B } }`, `do B while
        // (c)` is `loop { B; c }`.
        let guard_body = |me: &mut Self, stmts: &mut Vec<Stmt>, body: &Node| {
            if cond_first {
                if let Some(c) = cond {
                    let v = me.rvalue(c, stmts);
                    let cc = me.as_cond(v, span, stmts);
                    let before = me.env.clone();
                    let mut inner = Vec::new();
                    me.stmt(body, &mut inner);
                    if let Some(i) = inc {
                        me.rvalue_or_place(i, &mut inner);
                    }
                    let bound = bound_names(&inner);
                    let after = std::mem::replace(&mut me.env, before.clone());
                    stmts.push(stmt(
                        StmtKind::If {
                            cond: cc,
                            then_branch: Block { stmts: inner, span },
                            else_branch: None,
                        },
                        span,
                    ));
                    me.join_two(before, after, &bound, span, stmts);
                    return;
                }
            }
            me.stmt(body, stmts);
            if let Some(i) = inc {
                me.rvalue_or_place(i, stmts);
            }
            if !cond_first {
                if let Some(c) = cond {
                    let v = me.rvalue(c, stmts);
                    me.as_cond(v, span, stmts);
                }
            }
        };
        // Lowered through `loop_body` with the body wrapped, so that carried variables are
        // found.
        let entry = self.env.clone();
        let errors = self.errors.len();
        let mut carried: HashSet<String> = HashSet::new();
        let mut result = None;
        for _round in 0..4 {
            self.errors.truncate(errors);
            self.env = entry.clone();
            let mut stmts = Vec::new();
            self.havoc_carried(&carried, span, &mut stmts);
            let at_start = self.env.clone();
            self.loop_exits.push(HashSet::new());
            guard_body(self, &mut stmts, body);
            let exits = self.loop_exits.pop().unwrap_or_default();
            let changed: HashSet<String> = self
                .env
                .iter()
                .filter(|(id, b)| match (at_start.get(*id), b) {
                    (Some(Binding::Val(x)), Binding::Val(y)) => x != y,
                    _ => false,
                })
                .map(|(id, _)| id.clone())
                .collect();
            if changed.is_subset(&carried) {
                result = Some((stmts, exits));
                break;
            }
            carried.extend(changed);
        }
        let Some((stmts, exits)) = result else {
            self.error(
                span,
                "internal error: the loop's variables did not settle",
                "in this loop",
            );
            return tt(span);
        };
        let mut env = entry;
        for id in &carried {
            if let Some(b) = self.env.get(id) {
                env.insert(id.clone(), b.clone());
            }
        }
        self.env = env;
        let mut all_exits = exits.clone();
        // A loop of unknown length behaves as one a thread may leave at any iteration.
        all_exits.insert(ExitKind::Break);
        let stmts = self.guard_exits(stmts, &all_exits, span);
        let trips = self.unknown("trips", Some((0, i128::from(i32::MAX))), span, out);
        let var = self.fresh("iteration");
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(var, span),
                    range: Range {
                        start: int(0, span),
                        bound: trips,
                        dir: Direction::Up,
                        step: Step {
                            op: StepOp::Add,
                            amount: int(1, span),
                            span,
                        },
                    },
                    body: Block { stmts, span },
                },
                span,
            ),
        );
        self.after_loop(&carried, &exits, span, out)
    }

    /// `switch`: each case's statements run when the scrutinee matches one of its labels or
    /// control falls through from the case before; `break` leaves the switch.
    fn switch(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n
            .inner
            .iter()
            .filter(|c| !c.is_meta() && !c.is_null())
            .collect();
        let (Some(scrut), Some(body)) = (kids.first(), kids.last()) else {
            return tt(span);
        };
        let v = self.rvalue(scrut, out);
        let (x, _) = self.as_expr(v, span, out);
        let x = self.bound("switch", x, out);
        // Segments: the labels that enter each, and its statements.
        let mut segments: Vec<(Vec<Option<i128>>, Vec<&Node>)> = Vec::new();
        let items: Vec<&Node> = if body.kind == Kind::CompoundStmt {
            body.exprs().collect()
        } else {
            vec![body]
        };
        for item in items {
            let mut s = item;
            let mut labels = Vec::new();
            loop {
                match s.kind {
                    Kind::CaseStmt => {
                        labels.push(Some(
                            s.exprs().next().and_then(const_value).unwrap_or(i128::MIN),
                        ));
                        match s.exprs().nth(1) {
                            Some(next) => s = next,
                            None => break,
                        }
                    }
                    Kind::DefaultStmt => {
                        labels.push(None);
                        match s.exprs().next() {
                            Some(next) => s = next,
                            None => break,
                        }
                    }
                    _ => break,
                }
            }
            let is_label_only = matches!(s.kind, Kind::CaseStmt | Kind::DefaultStmt);
            if !labels.is_empty() {
                segments.push((labels, if is_label_only { Vec::new() } else { vec![s] }));
            } else if let Some(last) = segments.last_mut() {
                last.1.push(s);
            } else {
                // Statements before the first label never run.
            }
        }
        if segments
            .iter()
            .flat_map(|(l, _)| l)
            .any(|l| *l == Some(i128::MIN))
        {
            self.error(
                span,
                "a `case` label mapcheck cannot evaluate",
                "in this switch",
            );
            return tt(span);
        }
        let values: Vec<i128> = segments
            .iter()
            .flat_map(|(l, _)| l.iter().flatten().copied())
            .collect();
        let matches = |labels: &[Option<i128>], x: &Expr| -> Cond {
            let mut c = ff(span);
            for l in labels {
                let one = match l {
                    Some(v) => cmp(
                        CmpOp::Eq,
                        x.clone(),
                        int(i64::try_from(*v).unwrap_or(i64::MAX), span),
                    ),
                    None => {
                        let mut none = tt(span);
                        for v in &values {
                            none = and(
                                none,
                                cmp(
                                    CmpOp::Ne,
                                    x.clone(),
                                    int(i64::try_from(*v).unwrap_or(i64::MAX), span),
                                ),
                            );
                        }
                        none
                    }
                };
                c = or(c, one);
            }
            c
        };
        self.loop_exits.push(HashSet::new());
        let mut fell = ff(span);
        for (labels, stmts) in &segments {
            let enter = simplify(or(fell.clone(), matches(labels, &x)));
            let before = self.env.clone();
            let mut inner = Vec::new();
            let stay = self.block(stmts, &mut inner);
            let bound = bound_names(&inner);
            let after = std::mem::replace(&mut self.env, before.clone());
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: enter.clone(),
                        then_branch: Block { stmts: inner, span },
                        else_branch: None,
                    },
                    span,
                ),
            );
            self.join_env(before, after, &bound, span, out);
            fell = if cond_uses(&stay, &bound) {
                let u = self.unknown("fell_through", Some((0, 1)), span, out);
                and(enter, cmp(CmpOp::Ne, u, int(0, span)))
            } else {
                simplify(and(enter, stay))
            };
        }
        let exits = self.loop_exits.pop().unwrap_or_default();
        // `continue` belongs to the enclosing loop, `return` to the function.
        if let Some(outer) = self.loop_exits.last_mut() {
            if exits.contains(&ExitKind::Continue) {
                outer.insert(ExitKind::Continue);
            }
        }
        if exits.contains(&ExitKind::Return) || exits.contains(&ExitKind::Continue) {
            let u = self.unknown("left_switch", Some((0, 1)), span, out);
            cmp(CmpOp::Eq, u, int(0, span))
        } else {
            tt(span)
        }
    }

    /// Inline assembly: `bar.sync`/`barrier` is a barrier; anything else may write what its
    /// operands reach, which the lowering refuses unless it has no outputs.
    fn asm(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let text = n
            .span_in_main()
            .and_then(|s| self.text.get(s.start..s.end))
            .unwrap_or("")
            .to_string();
        if text.is_empty() {
            self.error(
                span,
                "inline assembly mapcheck cannot read",
                "the `asm` text is not in this file",
            );
            return tt(span);
        }
        let lowered = text.to_ascii_lowercase();
        if lowered.contains("bar.sync")
            || lowered.contains("barrier")
            || lowered.contains("bar.arrive")
        {
            if lowered.contains("bar.sync 0")
                || lowered.contains("barrier.sync 0")
                || lowered.contains("bar.sync\t0")
            {
                self.emit(out, stmt(StmtKind::Sync, span));
            } else {
                self.error(
                    span,
                    "an inline barrier of a named or partial barrier",
                    "only `bar.sync 0` is modelled",
                );
            }
            return tt(span);
        }
        // Operands: outputs are lvalues; their places are written with unknown values.
        for op in n.exprs() {
            if op.is_lvalue() {
                let p = self.place(op, out);
                let ty = p.ty();
                let v = self.unknown_val("asm_output", &ty, span, out);
                self.write(p, v, span, out);
            } else {
                let v = self.rvalue(op, out);
                if let Val::Ptr(p) = v {
                    if !matches!(p, Ptr::Private) {
                        self.error(
                            span,
                            "inline assembly with a pointer operand",
                            "it may access memory mapcheck cannot see",
                        );
                    }
                }
            }
        }
        if lowered.contains("st.")
            || lowered.contains("ld.")
            || lowered.contains("atom.")
            || lowered.contains("red.")
        {
            self.error(
                span,
                "inline assembly that accesses memory",
                "mapcheck does not read PTX memory instructions",
            );
        }
        tt(span)
    }
}

impl Lower<'_, '_> {
    /// Lowers one kernel. When it views its `extern __shared__` memory through types of
    /// different layouts, it is lowered again with that memory byte-addressed, in cells of
    /// the greatest common size of the views' scalars; again while a lowering finds views that
    /// need a smaller cell (a view reached only through a pointer the cell-for-cell lowering
    /// could not follow). Each lowering is sound; the last one is exact for the views it saw.
    pub fn kernel(self, k: &Node, name: &str) -> Result<Kernel, Vec<Diagnostic>> {
        let (g, text, options) = (self.g, self.text, self.options);
        let (mut result, mut needed) = self.kernel_once(k, name);
        let mut unit = None;
        for _ in 0..4 {
            match needed {
                Some(u) if Some(u) != unit => unit = Some(u),
                _ => break,
            }
            let mut again = Lower::new(g, text, options);
            again.byte_unit = unit;
            (result, needed) = again.kernel_once(k, name);
        }
        result
    }

    /// One lowering of a kernel, and the cell size its views of dynamic shared memory need.
    fn kernel_once(
        mut self,
        k: &Node,
        name: &str,
    ) -> (Result<Kernel, Vec<Diagnostic>>, Option<u64>) {
        let span = k.span_in_main().unwrap_or_default();
        self.kernel_span = span;
        for b in Builtin::ALL {
            self.used.insert(b.name().to_string());
        }
        for p in k.inner.iter().filter(|p| p.kind == Kind::ParmVarDecl) {
            let pspan = p.span_in_main().unwrap_or(span);
            let pname = p.name.clone().unwrap_or_else(|| "param".into());
            let ty = CType::parse(p.qual_type());
            self.local_names.insert(p.id.clone(), pname.clone());
            let b = match &ty {
                CType::Pointer(pointee) => {
                    let array = self.fresh(&pname);
                    let layout = self.g.layout(&CType::Array(pointee.clone(), None), 0);
                    self.declare(&array, Space::Global, pspan, layout);
                    self.array_names.insert(p.id.clone(), array.clone());
                    Binding::Val(Val::Ptr(Ptr::To {
                        array,
                        off: int(0, pspan),
                        pointee: (**pointee).clone(),
                    }))
                }
                CType::Scalar(s) => {
                    let core = self.fresh(&pname);
                    if let Some(r) = s.range() {
                        self.ranges.insert(core.clone(), r);
                    }
                    self.params.push(Param {
                        name: core.clone(),
                        span: pspan,
                        ty: s.param_type(),
                    });
                    let e = Expr::var(core, pspan);
                    Binding::Val(match s {
                        Scalar::Bool => Val::Bool(cmp(CmpOp::Ne, e, int(0, pspan))),
                        s => Val::Num(e, *s),
                    })
                }
                _ => Binding::Private,
            };
            self.env.insert(p.id.clone(), b);
        }
        let mut body = Vec::new();
        if let Some(b) = k.inner.iter().find(|c| c.kind == Kind::CompoundStmt) {
            let stmts: Vec<&Node> = b.exprs().collect();
            self.block(&stmts, &mut body);
        }
        let needed = self.needed_unit();
        if !self.errors.is_empty() {
            return (Err(self.errors), needed);
        }
        // Arrays declared but never accessed are left out: they cannot race.
        let mut used_arrays = HashSet::new();
        walk_stmts(&body, &mut |s| match &s.kind {
            StmtKind::Read { source: a, .. }
            | StmtKind::Write { target: a, .. }
            | StmtKind::Atomic { target: a, .. } => {
                used_arrays.insert(a.array.name.clone());
            }
            _ => {}
        });
        let arrays: Vec<ArrayDecl> = self
            .arrays
            .into_values()
            .filter(|a| used_arrays.contains(&a.name.name))
            .collect();
        let block = Block { stmts: body, span };
        let kernel = Kernel {
            name: Ident::new(
                name,
                k.loc
                    .as_ref()
                    .and_then(|_| k.span_in_main())
                    .unwrap_or(span),
            ),
            params: self.params,
            arrays,
            body: block,
            span,
            ann: (),
        };
        let mut program = Program {
            kernels: vec![kernel],
        };
        let problems = crate::scope::check(&program);
        let result = match (problems.first(), program.kernels.pop()) {
            (None, Some(k)) => Ok(k),
            (p, _) => Err(vec![Diagnostic::error(format!(
                "internal error: the clang lowering produced an ill-scoped kernel: {}",
                p.map(|e| e.to_diagnostic().message).unwrap_or_default()
            ))
            .with_primary(span, "in this kernel")
            .with_help("this is a bug in mapcheck; please report it with the input")]),
        };
        (result, needed)
    }
}

/// Lowers every kernel of a parsed file, except those named in `skip` (clang reported errors
/// in them).
pub fn lower_all(
    root: &Node,
    text: &str,
    options: &Options,
    skip: &HashSet<String>,
) -> (Program, Vec<ItemError>) {
    let g = Globals::collect(root);
    let mut kernels = Vec::new();
    let mut errors = Vec::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    for k in &g.kernels {
        if !k.is_in_main_file() {
            continue;
        }
        let base = k.name.clone().unwrap_or_else(|| "kernel".into());
        if skip.contains(&base) {
            continue;
        }
        // A template instantiation is named by its arguments, `k<float, 128>`, as C++ writes
        // it (and as `--kernel` selects it); two kernels of one name are numbered.
        let full = match template_arguments(k) {
            Some(args) => format!("{base}<{args}>"),
            None => base.clone(),
        };
        let count = names.entry(full.clone()).or_insert(0);
        *count += 1;
        let name = if *count == 1 {
            full
        } else {
            format!("{full}_{count}")
        };
        if k.depth_exceeds(super::ast::MAX_DEPTH) {
            errors.push(ItemError {
                kernel: Some(base),
                diagnostic: Diagnostic::error("the kernel is nested too deeply")
                    .with_primary(k.span_in_main().unwrap_or_default(), "here"),
            });
            continue;
        }
        match Lower::new(&g, text, options).kernel(k, &name) {
            Ok(kernel) => kernels.push(kernel),
            Err(ds) => errors.extend(ds.into_iter().map(|d| ItemError {
                kernel: Some(name.clone()),
                diagnostic: d,
            })),
        }
    }
    for t in &g.uninstantiated {
        if !t.is_in_main_file() {
            continue;
        }
        let name = t.name.clone().unwrap_or_default();
        errors.push(ItemError {
            kernel: Some(name.clone()),
            diagnostic: Diagnostic::error(format!(
                "the template kernel `{name}` is never instantiated"
            ))
            .with_primary(
                t.span_in_main().unwrap_or_default(),
                "mapcheck checks the instantiations clang makes",
            )
            .with_help(format!(
                "launch it or instantiate it explicitly: `template __global__ void {name}<...>(...);`"
            )),
        });
    }
    (Program { kernels }, errors)
}

/// The trip count and final value of the core loop `for x in a..b step OP k` (`downto` for
/// `dir` down) with constant operands, when it stops within 2^20 iterations and its values
/// stay within 32-bit signed range (where both arithmetic modes agree).
fn simulate(a: i128, b: i128, k: i128, dir: Direction, op: StepOp) -> Option<(i128, i128)> {
    let small = |v: i128| i128::from(i32::MIN) <= v && v <= i128::from(i32::MAX);
    if !(small(a) && small(b) && small(k)) || k < 1 {
        return None;
    }
    if matches!(
        (dir, op),
        (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
    ) {
        let d = if dir == Direction::Up { b - a } else { a - b };
        let trips = (d.max(0) + k - 1) / k;
        let last = if dir == Direction::Up {
            a + trips * k
        } else {
            a - trips * k
        };
        return small(last).then_some((trips, last));
    }
    let mut x = a;
    let mut trips = 0;
    let running = |x: i128| match dir {
        Direction::Up => x < b,
        Direction::Down => x > b,
    };
    while running(x) {
        x = match op {
            StepOp::Mul => x * k,
            StepOp::Div => x.div_euclid(k),
            StepOp::Shl if k <= 30 => x << k,
            StepOp::Shr if k <= 30 => x >> k,
            _ => return None,
        };
        trips += 1;
        if !small(x) || trips > 1 << 20 {
            return None;
        }
    }
    Some((trips, x))
}

/// An integer intrinsic of constant operands, as CUDA defines it (`None`: not computed).
fn fold_intrinsic(name: &str, c: &[i128]) -> Option<i64> {
    let u = |v: i128| v as u32;
    let i = |v: i128| v as i32;
    let r: i128 = match (name, c) {
        ("__popc", [x]) => u(*x).count_ones().into(),
        ("__popcll", [x]) => (*x as u64).count_ones().into(),
        ("__clz", [x]) => u(*x).leading_zeros().into(),
        ("__clzll", [x]) => (*x as u64).leading_zeros().into(),
        ("__ffs", [x]) => match u(*x) {
            0 => 0,
            v => (v.trailing_zeros() + 1).into(),
        },
        ("__ffsll", [x]) => match *x as u64 {
            0 => 0,
            v => (v.trailing_zeros() + 1).into(),
        },
        ("__brev", [x]) => u(*x).reverse_bits().into(),
        ("__mul24", [a, b]) => {
            let s24 = |v: i128| (((v as i64) << 40) >> 40) as i128;
            i(s24(*a) * s24(*b)).into()
        }
        ("__umul24", [a, b]) => u((*a & 0xff_ffff) * (*b & 0xff_ffff)).into(),
        ("__mulhi", [a, b]) => ((i128::from(i(*a)) * i128::from(i(*b))) >> 32) as i32 as i128,
        ("__umulhi", [a, b]) => ((i128::from(u(*a)) * i128::from(u(*b))) >> 32) as u32 as i128,
        ("__sad", [a, b, z]) => {
            u((i128::from(i(*a)) - i128::from(i(*b))).abs() + i128::from(u(*z))).into()
        }
        ("__usad", [a, b, z]) => {
            u((i128::from(u(*a)) - i128::from(u(*b))).abs() + i128::from(u(*z))).into()
        }
        ("abs", [a]) if i(*a) != i32::MIN => i128::from(i(*a).abs()),
        ("__byte_perm", [x, y, s]) => {
            let bytes = (u64::from(u(*y)) << 32 | u64::from(u(*x))).to_le_bytes();
            let mut r = 0u32;
            for k in 0..4 {
                let sel = (u(*s) >> (4 * k)) & 7;
                r |= u32::from(bytes[sel as usize]) << (8 * k);
            }
            r.into()
        }
        _ => return None,
    };
    i64::try_from(r).ok()
}

/// The value of `e` with `v = k` in the arithmetic `a`, when `e` has no other variable.
fn eval_at(e: &Expr, v: &str, k: i128, a: Arith) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(x) => a.bin(BinOp::Add, i128::from(*x), 0).ok(),
        ExprKind::Var(n) if n == v => a.bin(BinOp::Add, k, 0).ok(),
        ExprKind::Var(_) => None,
        ExprKind::Neg(x) => a.neg(eval_at(x, v, k, a)?).ok(),
        ExprKind::Bin(op, x, y) => a.bin(*op, eval_at(x, v, k, a)?, eval_at(y, v, k, a)?).ok(),
        ExprKind::Select(c, x, y) => {
            if eval_cond_at(c, v, k, a)? {
                eval_at(x, v, k, a)
            } else {
                eval_at(y, v, k, a)
            }
        }
    }
}

fn eval_cond_at(c: &Cond, v: &str, k: i128, a: Arith) -> Option<bool> {
    Some(match &c.kind {
        CondKind::Bool(b) => *b,
        CondKind::Cmp(op, x, y) => a.cmp(*op, eval_at(x, v, k, a)?, eval_at(y, v, k, a)?),
        CondKind::Not(x) => !eval_cond_at(x, v, k, a)?,
        CondKind::And(x, y) => eval_cond_at(x, v, k, a)? && eval_cond_at(y, v, k, a)?,
        CondKind::Or(x, y) => eval_cond_at(x, v, k, a)? || eval_cond_at(y, v, k, a)?,
    })
}

/// Whether `int` mode encodes every operation of `e` exactly (see `mapcheck_core::arith`).
fn int_exact_expr(e: &Expr) -> bool {
    let lit = |x: &Expr| match x.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => true,
        ExprKind::Neg(x) => int_exact_expr(x),
        ExprKind::Bin(op, a, b) => {
            mapcheck_core::arith::int_exact(*op, lit(a), lit(b))
                && int_exact_expr(a)
                && int_exact_expr(b)
        }
        ExprKind::Select(_, a, b) => int_exact_expr(a) && int_exact_expr(b),
    }
}
