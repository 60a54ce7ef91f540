//! Template kernels clang never instantiated, read from their pattern (the `FunctionDecl` of a
//! `FunctionTemplateDecl`, with dependent types and expressions).
//!
//! Device-only parsing makes no instantiation unless the file launches or explicitly
//! instantiates the kernel, so the pattern is all there is. It is rewritten into a function the
//! ordinary lowering reads, standing for every instantiation at once:
//!
//! * a **type parameter** `T` becomes an opaque stand-in (`float`: values the lowering does not
//!   follow, so a conversion to or from it is `?`, and every value of type `T` is as unknown as
//!   any argument of `T` makes it). Its size matters nowhere but where memory is viewed through
//!   a pointer to `T` and a pointer to another type: such a cast is refused with a located
//!   error, and `sizeof`/`alignof` of a type that mentions `T` is `?template_type_size`;
//! * a **non-type parameter** of integer or `bool` type becomes a kernel parameter (uniform,
//!   any value of its C type): [`Pattern::values`];
//! * an array whose outer size depends on a parameter (`T tile[BLOCK]`) is an array of
//!   unknown size (the outer size does not change which cell an index names); a dependent inner
//!   size is left dependent and refused where the lowering lays the array out;
//! * an operator clang left with a dependent type gets the type C gives it for the stand-in
//!   (`=` its left side's, `p + i` a pointer, a comparison `bool`), and a value stored into a
//!   place of a type that mentions `T` is converted to it (`T s = 0` is an unknown `T`);
//! * what clang could not resolve without the arguments (`UnresolvedLookupExpr`,
//!   `CXXDependentScopeMemberExpr`, constructions of dependent types, calls through them) is
//!   refused with a located error naming it: it may read or write memory, so it cannot be a `?`;
//! * but `SharedMemory<T>()`, the CUDA samples' idiom for typed dynamic shared memory (a class
//!   template whose every definition converts to `T *` by returning an `extern __shared__`
//!   array: `Globals::shared_memory_classes`), of a type parameter `T` of the kernel, is the
//!   start of the dynamic shared memory viewed through `T` ([`SHARED_VIEW`]). Cells of `T` index
//!   it exactly whatever `T` is, as long as nothing views it through another type (then the
//!   lowering refuses it: `Lower::template_view`).

use super::super::ast::Type;
use super::super::types::identifiers;
use super::*;

/// The type a template type parameter stands for.
const STAND_IN: &str = "float";
/// clang's printed type of an expression whose type depends on template arguments.
const DEPENDENT: &str = "<dependent type>";
/// A node the rewrite refuses: its `name` holds the message.
pub(super) const REFUSED: &str = "MapcheckTemplateRefused";
/// A node the rewrite makes a `?`: its `name` holds the reason.
pub(super) const UNKNOWN: &str = "MapcheckTemplateUnknown";
/// `SharedMemory<T>()`: a pointer of type `T *` to the start of the dynamic shared memory.
pub(super) const SHARED_VIEW: &str = "MapcheckTemplateSharedView";

/// A non-type template parameter, lowered as a kernel parameter.
#[derive(Clone, Debug)]
pub(super) struct ValueParam {
    pub id: String,
    pub name: String,
    pub ty: Scalar,
    pub span: Option<Span>,
    /// The greatest value an instantiation that compiles can give it: a size of a
    /// `__shared__` array (static shared memory is at most 48 KB a block).
    pub max: Option<i128>,
}

/// Bytes of static shared memory a block may declare (CUDA's limit; ptxas refuses more).
const STATIC_SHARED_BYTES: i128 = 48 * 1024;

/// A template kernel's pattern, rewritten for the ordinary lowering.
pub(super) struct Pattern {
    pub function: Node,
    pub values: Vec<ValueParam>,
    /// `k<T, N>`: the kernel's name with its parameters, standing for every instantiation.
    pub name: String,
}

/// The pattern of the `FunctionTemplateDecl` `t`, or why it cannot be read.
pub(super) fn pattern(t: &Node, shared: &HashSet<String>) -> Result<Pattern, Diagnostic> {
    let span = t.span_in_main().unwrap_or_default();
    let f = t
        .inner
        .iter()
        .find(|f| f.kind == Kind::FunctionDecl)
        .ok_or_else(|| Diagnostic::error("a template without a function").with_primary(span, ""))?;
    let mut types = HashSet::new();
    let mut values = Vec::new();
    let mut names = Vec::new();
    for p in &t.inner {
        let Kind::Other(k) = &p.kind else { continue };
        let pname = p.name.clone().unwrap_or_default();
        let pspan = p.span_in_main();
        let refuse = |why: &str| {
            Diagnostic::error(format!(
                "the template kernel `{}` is never instantiated and its parameter `{pname}` {why}",
                f.name.as_deref().unwrap_or("kernel")
            ))
            .with_primary(pspan.unwrap_or(span), "this parameter")
            .with_help("instantiate it explicitly: `template __global__ void k<...>(...);`")
        };
        if p.is_parameter_pack == Some(true) {
            return Err(refuse("is a pack"));
        }
        match k.as_str() {
            "TemplateTypeParmDecl" => {
                types.insert(pname.clone());
            }
            "NonTypeTemplateParmDecl" => {
                match CType::parse(p.qual_type())
                    .scalar()
                    .filter(|s| !matches!(s, Scalar::Float(_)))
                {
                    Some(s) => values.push(ValueParam {
                        id: p.id.clone(),
                        name: pname.clone(),
                        ty: s,
                        span: pspan,
                        max: None,
                    }),
                    None => return Err(refuse("is not an integer")),
                }
            }
            "TemplateTemplateParmDecl" => return Err(refuse("is a template")),
            _ => continue,
        }
        names.push(pname);
    }
    let mut function = f.clone();
    let mut r = Rewrite {
        types: &types,
        sizes: HashSet::new(),
        shared,
    };
    r.node(&mut function);
    for v in &mut values {
        if r.sizes.contains(&v.name) {
            v.max = Some(STATIC_SHARED_BYTES);
        }
    }
    let base = f.name.clone().unwrap_or_else(|| "kernel".into());
    Ok(Pattern {
        function,
        values,
        name: format!("{base}<{}>", names.join(", ")),
    })
}

struct Rewrite<'a> {
    types: &'a HashSet<String>,
    /// Names that are a whole dimension of a `__shared__` array (`T tile[BLOCK]`).
    sizes: HashSet<String>,
    /// The class templates of the `SharedMemory<T>` idiom.
    shared: &'a HashSet<String>,
}

/// `C` without its qualifiers and spaces, for comparing pointees.
fn bare(s: &str) -> String {
    s.replace("const", "")
        .replace("volatile", "")
        .replace("__restrict", "")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

impl Rewrite<'_> {
    /// Whether the printed type `C<T>` constructs a class of the `SharedMemory<T>` idiom for a
    /// type parameter `T` of the kernel.
    fn shared_view(&self, ty: &str) -> bool {
        let Some((class, rest)) = ty.split_once('<') else {
            return false;
        };
        let Some(arg) = rest.trim().strip_suffix('>') else {
            return false;
        };
        self.shared.contains(class.trim()) && self.types.contains(arg.trim())
    }

    fn mentions(&self, s: &str) -> bool {
        identifiers(s)
            .into_iter()
            .any(|(a, b)| self.types.contains(&s[a..b]))
    }

    /// The type with every type parameter replaced by the stand-in and a dependent outer array
    /// size made unknown.
    fn subst(&self, s: &str) -> String {
        let mut out = String::new();
        let mut last = 0;
        for (a, b) in identifiers(s) {
            if self.types.contains(&s[a..b]) {
                out.push_str(&s[last..a]);
                out.push_str(STAND_IN);
                last = b;
            }
        }
        out.push_str(&s[last..]);
        if let Some(open) = out.find('[') {
            if let Some(close) = out[open..].find(']').map(|c| open + c) {
                let n = out[open + 1..close].trim();
                if !n.is_empty() && n.parse::<u64>().is_err() {
                    out.replace_range(open + 1..close, "");
                }
            }
        }
        out
    }

    fn ty(&self, t: &mut Option<Type>) {
        if let Some(t) = t {
            t.qual = self.subst(&t.qual);
            if let Some(d) = &mut t.desugared {
                *d = self.subst(d);
            }
        }
    }

    fn node(&mut self, n: &mut Node) {
        // The original types, before the stand-in, tell where the size of `T` matters.
        let original = n.qual_type().to_string();
        let operand = n.exprs().next().map(|c| c.qual_type().to_string());
        let arg = n.arg_type.as_ref().map(|t| t.canonical().to_string());
        // Seen before the children are rewritten (an unresolved callee is refused itself).
        let unresolved_callee = n.exprs().next().and_then(unresolved);
        if n.kind == Kind::VarDecl && n.has_attr("CUDASharedAttr") {
            let mut rest = original.as_str();
            while let Some(open) = rest.find('[') {
                let Some(close) = rest[open..].find(']').map(|c| open + c) else {
                    break;
                };
                self.sizes.insert(rest[open + 1..close].trim().to_string());
                rest = &rest[close + 1..];
            }
        }
        for c in &mut n.inner {
            self.node(c);
        }
        self.ty(&mut n.ty);
        if let Some(r) = n.rare_mut() {
            self.ty(&mut r.arg_type);
            self.ty(&mut r.compute_lhs_type);
        }
        if let Some(d) = &mut n.referenced_decl {
            self.ty(&mut d.ty);
        }
        match &n.kind {
            Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXReinterpretCastExpr
            | Kind::CXXConstCastExpr
            | Kind::CXXFunctionalCastExpr => self.cast(n, &original, operand.as_deref()),
            Kind::UnaryExprOrTypeTraitExpr => {
                let of = arg.or(operand).unwrap_or_default();
                if self.mentions(&of) || of == DEPENDENT {
                    unknown(n, "template_type_size");
                }
            }
            Kind::BinaryOperator | Kind::CompoundAssignOperator => self.binary(n),
            Kind::UnaryOperator if n.qual_type() == DEPENDENT => {
                let t = n.exprs().next().map(|c| c.qual_type().to_string());
                let t = match (n.opcode, t) {
                    (Some("!"), _) => Some("bool".to_string()),
                    (Some("*"), Some(t)) => pointee(&t),
                    (Some("&"), Some(t)) => Some(format!("{t} *")),
                    (_, t) => t.filter(|t| t != DEPENDENT),
                };
                if let Some(t) = t {
                    set_type(n, &t);
                }
            }
            Kind::ArraySubscriptExpr if n.qual_type() == DEPENDENT => {
                // `tile[t]` of a `float[BLOCK]`: the element type.
                let t = n
                    .exprs()
                    .map(|c| c.qual_type().to_string())
                    .find(|t| CType::parse(t).is_pointer_like())
                    .and_then(|t| pointee(&t));
                if let Some(t) = t {
                    set_type(n, &t);
                }
            }
            Kind::ConditionalOperator if n.qual_type() == DEPENDENT => {
                let ts: Vec<String> = n
                    .exprs()
                    .skip(1)
                    .map(|c| c.qual_type().to_string())
                    .collect();
                let t = if ts.iter().any(|t| bare(t) == STAND_IN) {
                    Some(STAND_IN.to_string())
                } else {
                    ts.first()
                        .filter(|t| ts.iter().all(|u| bare(u) == bare(t)))
                        .cloned()
                };
                if let Some(t) = t {
                    set_type(n, &t);
                    let mut kids = std::mem::take(&mut n.inner);
                    for (i, k) in kids.iter_mut().enumerate() {
                        if i > 0 && !k.is_meta() {
                            coerce(k, &t);
                        }
                    }
                    n.inner = kids;
                }
            }
            Kind::VarDecl if self.mentions(&original) => {
                let t = n.qual_type().to_string();
                if let Some(init) = n.inner.iter_mut().find(|c| !c.is_meta()) {
                    coerce(init, &t);
                }
            }
            Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => {
                if let Some(k) = unresolved_callee {
                    refuse(
                        n,
                        format!("a call clang resolves only for given template arguments (`{k}`)"),
                    );
                }
            }
            Kind::Other(k)
                if k == "CXXUnresolvedConstructExpr"
                    && n.exprs().next().is_none()
                    && self.shared_view(&original) =>
            {
                n.kind = Kind::Other(SHARED_VIEW.into());
                set_type(n, &format!("{STAND_IN} *"));
            }
            Kind::Other(k) if is_dependent_kind(k) => {
                let k = k.clone();
                refuse(
                    n,
                    format!(
                        "an expression clang resolves only for given template arguments (`{k}`)"
                    ),
                );
            }
            _ => {}
        }
    }

    /// Assignments get their left side's type, comparisons `bool`, `p + i` a pointer; a value
    /// stored into a place of the stand-in type is converted to it.
    fn binary(&self, n: &mut Node) {
        let op = n.opcode.unwrap_or_default().to_string();
        let kids: Vec<String> = n.exprs().map(|c| c.qual_type().to_string()).collect();
        let (Some(l), Some(r)) = (kids.first(), kids.get(1)) else {
            return;
        };
        let assign = op.ends_with('=') && !matches!(op.as_str(), "==" | "!=" | "<=" | ">=");
        if n.qual_type() == DEPENDENT {
            let ptr = |t: &str| {
                let c = CType::parse(t);
                c.is_pointer_like().then(|| match c {
                    CType::Array(..) => pointee(t).map(|e| format!("{e} *")),
                    _ => Some(t.to_string()),
                })?
            };
            let t = match op.as_str() {
                _ if assign => Some(l.clone()),
                "==" | "!=" | "<" | "<=" | ">" | ">=" | "&&" | "||" => Some("bool".into()),
                "," => Some(r.clone()),
                "-" if ptr(l).is_some() && ptr(r).is_some() => Some("long".into()),
                "+" | "-" if ptr(l).is_some() => ptr(l),
                "+" if ptr(r).is_some() => ptr(r),
                _ if bare(l) == STAND_IN || bare(r) == STAND_IN => Some(STAND_IN.into()),
                _ => None,
            };
            if let Some(t) = t {
                set_type(n, &t);
            }
        }
        if op == "=" && CType::parse(l).scalar().is_some() {
            let l = l.clone();
            if let Some(rhs) = n.inner.iter_mut().filter(|c| !c.is_meta()).nth(1) {
                coerce(rhs, &l);
            }
        }
    }

    /// A cast that views memory through a pointer to `T` and a pointer to another type
    /// depends on the size of `T`: refused. Other dependent casts get the kind C gives them
    /// for the stand-in.
    fn cast(&self, n: &mut Node, original: &str, operand: Option<&str>) {
        let to = CType::parse(original);
        let from = operand.map(CType::parse);
        if let (CType::Pointer(_), Some(CType::Pointer(_) | CType::Array(..))) = (&to, &from) {
            let (a, b) = (pointee(original), operand.and_then(pointee));
            let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
            if (self.mentions(&a) || self.mentions(&b)) && bare(&a) != bare(&b) {
                refuse(
                    n,
                    format!(
                        "a cast from `{}` to `{original}` views memory through a template type \
                         parameter whose size is not known",
                        operand.unwrap_or_default()
                    ),
                );
                return;
            }
        }
        if n.cast_kind == Some("Dependent") {
            let kind = match (
                CType::parse(n.qual_type()),
                n.exprs().next().map(|c| c.qual_type()),
            ) {
                (CType::Pointer(_), Some(f)) if CType::parse(f).is_pointer_like() => "BitCast",
                (CType::Scalar(Scalar::Float(_)), Some(f)) => match CType::parse(f).scalar() {
                    Some(Scalar::Float(_)) => "FloatingCast",
                    Some(_) => "IntegralToFloating",
                    None => return,
                },
                (CType::Scalar(Scalar::Bool), Some(f)) if is_stand_in(f) => "FloatingToBoolean",
                (CType::Scalar(_), Some(f)) if is_stand_in(f) => "FloatingToIntegral",
                _ => return,
            };
            n.cast_kind = Some(kind);
        }
    }
}

fn is_stand_in(t: &str) -> bool {
    bare(t) == STAND_IN
}

/// The pointee of a printed pointer type, or the element of an array type.
fn pointee(t: &str) -> Option<String> {
    let s = t.trim();
    let s = s
        .strip_suffix("__restrict")
        .or_else(|| s.strip_suffix("const"))
        .unwrap_or(s)
        .trim();
    if let Some(p) = s.strip_suffix('*') {
        return Some(p.trim().to_string());
    }
    let open = s.find('[')?;
    let close = open + s[open..].find(']')?;
    Some(
        format!("{}{}", &s[..open], &s[close + 1..])
            .trim()
            .to_string(),
    )
}

/// The kind of an unresolved callee, if it is one.
fn unresolved(callee: &Node) -> Option<String> {
    let mut c = callee;
    while matches!(c.kind, Kind::ImplicitCastExpr | Kind::ParenExpr) {
        c = c.exprs().next()?;
    }
    match &c.kind {
        Kind::Other(k) if is_dependent_kind(k) => Some(k.clone()),
        _ => None,
    }
}

fn is_dependent_kind(k: &str) -> bool {
    matches!(
        k,
        "UnresolvedLookupExpr"
            | "UnresolvedMemberExpr"
            | "CXXDependentScopeMemberExpr"
            | "DependentScopeDeclRefExpr"
            | "CXXUnresolvedConstructExpr"
            | "PackExpansionExpr"
            | "SizeOfPackExpr"
            | "CXXFoldExpr"
            | "ParenListExpr"
    )
}

fn set_type(n: &mut Node, t: &str) {
    n.ty = Some(Type {
        qual: t.to_string(),
        desugared: None,
    });
}

/// Wraps `e` in a conversion to the scalar type `to` when its type differs.
fn coerce(e: &mut Node, to: &str) {
    let Some(s) = CType::parse(to).scalar() else {
        return;
    };
    let from = CType::parse(e.qual_type());
    let refused = matches!(&e.kind, Kind::Other(k) if k == REFUSED);
    if from.scalar() == Some(s) || e.kind == Kind::InitListExpr || refused {
        return;
    }
    let kind = match (from.scalar(), s) {
        (Some(Scalar::Float(_)), Scalar::Float(_)) => "FloatingCast",
        (Some(Scalar::Float(_)), Scalar::Bool) => "FloatingToBoolean",
        (Some(Scalar::Float(_)), _) => "FloatingToIntegral",
        (Some(_), Scalar::Float(_)) => "IntegralToFloating",
        (Some(_), Scalar::Bool) => "IntegralToBoolean",
        (Some(_), _) => "IntegralCast",
        // A value of a type the rewrite could not tell: whatever it is, as a `T` it is `?`.
        (None, _) => {
            let mut u = e.clone();
            unknown(&mut u, "template_value");
            set_type(&mut u, to);
            *e = u;
            return;
        }
    };
    let inner = e.clone();
    e.kind = Kind::ImplicitCastExpr;
    e.cast_kind = Some(kind);
    e.value_category = Some("prvalue");
    e.opcode = None;
    e.value = None;
    e.referenced_decl = None;
    e.name = None;
    set_type(e, to);
    e.inner = vec![inner];
}

/// Makes `n` a node the lowering refuses with `message`, at its place. Its children stay: a
/// refused node is never lowered, so nothing in it is dropped silently.
fn refuse(n: &mut Node, message: String) {
    n.kind = Kind::Other(REFUSED.into());
    n.name = Some(message);
}

/// Makes `n` a `?` named `why`, when nothing below it reads or writes memory; else refused.
fn unknown(n: &mut Node, why: &str) {
    if n.exprs().any(|c| c.kind != Kind::IntegerLiteral) && n.kind != Kind::UnaryExprOrTypeTraitExpr
    {
        refuse(
            n,
            format!("a value that depends on template arguments ({why})"),
        );
        return;
    }
    n.kind = Kind::Other(UNKNOWN.into());
    n.name = Some(why.into());
}
