//! Calls: which CUDA built-in a callee is, and their lowering (barriers, fences, annotations,
//! `min`/`max`, `__ldg`, surface writes, `printf`); library functions; and callees mapcheck
//! cannot follow, which havoc what they can reach.

use super::*;

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
    /// `__trap()`: the thread stops.
    Stop,
    /// GPUVerify's two-thread annotations (`__other_int`, `__same_group`, ...): refused.
    TwoThread,
}

/// Whether a call of `def` runs its body inlined: bodies in mapcheck's headers are not, but for
/// `helper_math.h`'s, which are the user's code of the CUDA samples, written out.
pub(super) fn inlined_body(def: &Node) -> bool {
    def.is_in_main_file()
        || !def
            .file()
            .is_some_and(|f| is_prelude_file(f) && !is_inlined_header(f))
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
        "__mapcheck_requires" | "__mapcheck_assume" | "__mapcheck_assert" | "__builtin_assume" => {
            Requires
        }
        "__mapcheck_ignored" => Ignored,
        "min" | "umin" | "llmin" => MinMax(true),
        "max" | "umax" | "llmax" => MinMax(false),
        "__mul24" | "__umul24" | "__mulhi" | "__umulhi" | "__popc" | "__popcll" | "__clz"
        | "__clzll" | "__ffs" | "__ffsll" | "__brev" | "__byte_perm" | "__sad" | "__usad"
        | "abs" | "labs" | "llabs" => IntIntrinsic,
        // Loads through the read-only or another cache: a read of the cell named.
        "__ldg" | "__ldca" | "__ldcg" | "__ldcs" | "__ldlu" | "__ldcv" => Ldg,
        "surf1Dwrite" | "surf2Dwrite" | "surf3Dwrite" => SurfaceWrite,
        "printf" => Print,
        "__trap" => Stop,
        "__other_int"
        | "__other_bool"
        | "__uniform_int"
        | "__uniform_bool"
        | "__distinct_int"
        | "__mapcheck_same_group"
        | "__at_most_one" => TwoThread,
        other => return atomic(other),
    })
}

impl Lower<'_, '_> {
    pub(super) fn args<'n>(&self, n: &'n Node) -> Vec<&'n Node> {
        n.exprs().skip(1).collect()
    }

    pub(super) fn call(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(callee) = n.exprs().next() else {
            return Val::Opaque;
        };
        let Some(decl) = callee_decl(callee).cloned() else {
            // A call through a function pointer: nothing is known of the callee.
            self.rvalue(callee, out);
            return self.unknown_call(n, ty, "indirect call", span, out);
        };
        if matches!(
            decl.kind,
            Some(Kind::VarDecl | Kind::ParmVarDecl | Kind::FieldDecl)
        ) {
            // A call through a function pointer: the function it holds in every run, when it
            // was initialised with one and never changed; else nothing is known of it.
            let args = self.args(n);
            let target = self.g.pointer_targets.get(decl.id.as_str());
            if let Some(def) = target
                .and_then(|t| self.g.definition(t))
                .filter(|d| inlined_body(d))
            {
                return self.inline(def, &args, Order::LeftToRight, ty, span, out);
            }
            self.rvalue(callee, out);
            return self.unknown_call(n, ty, "indirect call", span, out);
        }
        let name = decl.name.clone().unwrap_or_default();
        if let Some(def) = self.g.definition(&decl.id).filter(|d| inlined_body(d)) {
            if n.kind == Kind::CXXOperatorCallExpr
                && (def.kind == Kind::CXXMethodDecl || def.kind == Kind::CXXConversionDecl)
            {
                // A member operator called as `a OP b`: the first argument is the object. (A
                // method reached by a plain call, `Ix::global()`, is static: no object.)
                let args = self.args(n);
                let Some((object, rest)) = args.split_first() else {
                    return Val::Opaque;
                };
                let saved = self.this.clone();
                let v = if is_assignment_operator(&name) {
                    // The right operand first (C++17), then the object (`Lower::inline`).
                    self.inline(def, rest, Order::ObjectLast(object), ty, span, out)
                } else {
                    let this = self.object_address(object, out);
                    self.this = Some(this);
                    self.inline(def, rest, Order::LeftToRight, ty, span, out)
                };
                self.this = saved;
                return v;
            } else {
                let args = self.args(n);
                let order = if n.kind == Kind::CXXOperatorCallExpr && is_assignment_operator(&name)
                {
                    Order::RightToLeft
                } else {
                    Order::LeftToRight
                };
                return self.inline(def, &args, order, ty, span, out);
            }
        }
        let args = self.args(n);
        // The implicit copy of a struct (`vec[t] = in[t]`): every cell of the source is read,
        // every cell of the target written; the source first (C++17 sequences the right
        // operand of `=` before the left one).
        if name == "operator=" && args.len() == 2 {
            let source = if args[1].is_lvalue() {
                let p = self.place(args[1], out);
                self.read(p, span, out)
            } else {
                self.rvalue(args[1], out)
            };
            let target = self.place(args[0], out);
            let source = match source {
                v @ (Val::Num(..) | Val::Bool(_) | Val::Fields(_)) => v,
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
        // `make_float4(a, b, c, d)` and its kin of mapcheck's `vector_types`: the vector of
        // its arguments, each converted to the field's type.
        if name.starts_with("make_")
            && matches!(ty, CType::Record(r) if is_cuda_vector(r))
            && self
                .g
                .decls
                .get(decl.id.as_str())
                .is_some_and(|d| d.file().is_some_and(is_prelude_file))
        {
            if let Some(fields) = self.followed_record(ty).filter(|f| f.len() == args.len()) {
                let mut vals = Vec::new();
                for ((field, fty), a) in fields.into_iter().zip(&args) {
                    let v = self.rvalue(a, out);
                    vals.push((field, self.convert(v, &fty, span, out)));
                }
                return Val::Fields(vals);
            }
        }
        // A CUDA built-in is a function of the toolkit's headers (mapcheck's) or of clang
        // itself: the same name declared by the user is the user's function.
        let builtin = if self.is_library(&decl) {
            builtin_kind(&name)
        } else {
            None
        };
        match builtin {
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
                // The mask as a constant, however it is written (`-1`, `~0u`, `0xffffffffu >> 0`:
                // probe round 5 found those refused).
                let full = match args.first() {
                    None => true,
                    Some(a) => match self.rvalue(a, out) {
                        Val::Num(e, _) => [0xffff_ffff, -1].into_iter().any(|all| {
                            self.decided(&cmp(CmpOp::Eq, e.clone(), int(all, span))) == Some(true)
                        }),
                        _ => false,
                    },
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
                    if name == "__mapcheck_requires" {
                        // A kernel-entry precondition: every run of the kernel.
                        let v = self.rvalue(a, out);
                        let c = self.as_cond(v, span, out);
                        self.assumed_ranges(&c);
                        self.emit(out, stmt(StmtKind::Assume { cond: c }, span));
                    } else {
                        // `assert`, `__assume`, `__builtin_assume`: from where it stands.
                        self.assume_here(a, span, out);
                    }
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
                // `atomicAdd_block` is atomic only among the threads of one block: on
                // `__shared__` memory those are every thread that can reach the cell, elsewhere
                // two blocks' updates race, which the core's atomics (atomic among all threads)
                // cannot say.
                if name.ends_with("_block") {
                    let shared = match &target {
                        Val::Ptr(Ptr::To { array, .. }) => self
                            .arrays
                            .get(array)
                            .is_some_and(|a| a.space == Space::Shared),
                        _ => false,
                    };
                    if !shared {
                        self.error(
                            span,
                            format!("`{name}` outside `__shared__` memory is not supported"),
                            "a block-scoped atomic is atomic only among the threads of one block; two blocks' updates of this cell would race, which mapcheck does not model",
                        );
                        return Val::Opaque;
                    }
                }
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
            Some(Builtin2::Stop) => {
                self.stop_here(span, out);
                Val::Opaque
            }
            Some(Builtin2::TwoThread) => {
                // A precondition over two threads would be asserted of the query's pair of
                // threads, each in the other's role; the core's `assume` holds of one thread.
                // Read as the identity it made `x != __other_int(x)` false (issue 38 item 7).
                let shown = if name == "__mapcheck_same_group" {
                    "__same_group"
                } else {
                    name.as_str()
                };
                self.error(
                    span,
                    format!("GPUVerify's two-thread annotation `{shown}` is not supported"),
                    "it speaks of the other thread of a pair, which mapcheck's preconditions cannot state; mapcheck checks every pair of threads without it: state the precondition over one thread, or drop it",
                );
                Val::Opaque
            }
            Some(Builtin2::Print) => {
                for a in &args {
                    self.rvalue(a, out);
                }
                self.unknown_val("printf", ty, span, out)
            }
            _ if self.is_clang_builtin(&decl) => self.clang_builtin(n, &name, ty, span, out),
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

    /// An assumption from where it stands (`assert`, `__assume`, `__builtin_assume`,
    /// `[[assume(e)]]`): a thread for which `e` is false stops here (`stop_at_assumptions`).
    pub(super) fn assume_here(&mut self, e: &Node, span: Span, out: &mut Vec<Stmt>) {
        // clang does not evaluate an assumption's expression: its side effects never happen,
        // and lowering them would invent accesses.
        if has_side_effects(e) {
            self.error(
                span,
                "an assumption with side effects",
                "the expression of an assumption is not evaluated, so its side effects never happen; write them before it",
            );
            return;
        }
        let v = self.rvalue(e, out);
        let c = self.as_cond(v, span, out);
        self.positional.insert(span);
        self.emit(out, stmt(StmtKind::Assume { cond: c }, span));
    }

    /// The thread stops here: `__builtin_unreachable()` (no run reaches it: undefined
    /// behaviour), `__builtin_trap()` and `__trap()` (the launch ends; the other threads
    /// stopping too would only remove accesses).
    pub(super) fn stop_here(&mut self, span: Span, out: &mut Vec<Stmt>) {
        self.positional.insert(span);
        self.emit(out, stmt(StmtKind::Assume { cond: ff(span) }, span));
    }

    pub(super) fn library_call(
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
                            // A followed struct written by the callee: its fields unknown.
                            Val::Fields(_) => Val::Opaque,
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
                    let arrays = match p.coarse() {
                        Ptr::To { array, .. } => vec![array],
                        Ptr::Many(v) => v,
                        Ptr::Private => Vec::new(),
                        Ptr::Local(_) | Ptr::Unknown | Ptr::Sel(..) => {
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

    /// Whether the function `d` declares is the toolkit's or the system's: declared in
    /// mapcheck's headers, under `/usr/`, or by clang itself (its implicit declarations of
    /// builtins have no place in any file). A variable (a function pointer) is not.
    fn is_library(&self, d: &crate::clang::ast::DeclRef) -> bool {
        if !matches!(
            d.kind,
            Some(Kind::FunctionDecl | Kind::CXXMethodDecl) | None
        ) {
            return false;
        }
        match self.g.decls.get(d.id.as_str()) {
            None => true,
            Some(decl) => {
                decl.loc.is_none()
                    || decl.is_implicit == Some(true)
                    || decl.file().is_some_and(|f| {
                        is_prelude_file(f) || f.starts_with("/usr/") || f.starts_with("/Library/")
                    })
            }
        }
    }

    /// Whether `d` is one of clang's own builtins: declared by clang itself, implicitly (at
    /// its first use), as a builtin (`__builtin_expect`; not `printf`, which mapcheck's
    /// headers declare).
    fn is_clang_builtin(&self, d: &crate::clang::ast::DeclRef) -> bool {
        match self.g.decls.get(d.id.as_str()) {
            Some(decl) => decl.is_implicit == Some(true) && decl.has_attr("BuiltinAttr"),
            None => d
                .name
                .as_deref()
                .is_some_and(|n| n.starts_with("__builtin_") || n.starts_with("__nvvm_")),
        }
    }

    /// A callee with no body mapcheck can see: it may read and write whatever its pointer
    /// and reference arguments reach, and any file-scope device or shared memory.
    pub(super) fn unknown_call(
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
                let pty = p.ty();
                match p.coarse(pty) {
                    Place::Mem { array, .. } => arrays.push(array),
                    Place::Many(v, _) => arrays.extend(v),
                    Place::Local(id, _)
                        if matches!(self.env.get(&id), Some(Binding::Record(_))) =>
                    {
                        self.havoc_record(&id, span, out);
                    }
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
            let v = match self.rvalue(a, out) {
                Val::Ptr(p) => Val::Ptr(p.coarse()),
                v => v,
            };
            // A struct passed by value: the callee may access what its pointers point to.
            let mut held = Vec::new();
            Self::record_pointers(&v, &mut held);
            for p in held {
                match p.coarse() {
                    Ptr::To { array, .. } => arrays.push(array),
                    Ptr::Many(v) => arrays.extend(v),
                    Ptr::Private => {}
                    Ptr::Local(id) => {
                        let t = CType::Scalar(Scalar::INT);
                        match self.env.get(&id).cloned() {
                            Some(Binding::Record(_)) => self.havoc_record(&id, span, out),
                            Some(Binding::Val(v)) => {
                                let v = self.havoc(&v, "changed_by_call", span, out);
                                self.env.insert(id, Binding::Val(v));
                            }
                            _ => {
                                let v = self.unknown_val("changed_by_call", &t, span, out);
                                self.env.insert(id, Binding::Val(v));
                            }
                        }
                    }
                    Ptr::Unknown | Ptr::Sel(..) => self.error(
                        span,
                        format!("a {why} may access memory mapcheck cannot name"),
                        "a pointer held by this struct argument",
                    ),
                }
            }
            match (v, aty) {
                (Val::Ptr(Ptr::To { array, .. }), _) => arrays.push(array),
                (Val::Ptr(Ptr::Many(v)), _) => arrays.extend(v),
                (Val::Ptr(Ptr::Local(id)), _)
                    if matches!(self.env.get(&id), Some(Binding::Record(_))) =>
                {
                    self.havoc_record(&id, span, out);
                }
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
            // A `const` object cannot be written (C++ [dcl.type.cv]) and reads of memory
            // nobody writes cannot race: the callee's accesses of it are nothing to follow.
            // This keeps the hundreds of `static const` members of the standard library's
            // headers (`__numeric_traits::__digits10`) out of every unknown call.
            .filter(|(d, _)| !is_const_object(d))
            .copied()
            .collect();
        for (decl, space) in globals {
            match self.memory_array(decl, space, span) {
                Some(Place::Mem { array, .. }) => arrays.push(array),
                Some(Place::Many(v, _)) => arrays.extend(v),
                _ => {}
            }
        }
        // Any function of the program may declare `extern __shared__` memory of its own, which
        // is the kernel's dynamic shared memory (CUDA gives a block one): a callee without a
        // body in the user's code (or reached through a pointer) may access it. Library
        // functions (mapcheck's headers, the system's) do not.
        let callee = n.exprs().next().and_then(callee_decl);
        let user_code = !callee.is_some_and(|d| self.is_library(d));
        if user_code {
            arrays.push(self.dynamic_shared_array(span));
        }
        arrays.sort();
        arrays.dedup();
        if !arrays.is_empty() {
            let cty = CType::Scalar(Scalar::INT);
            self.read(Place::Many(arrays.clone(), cty.clone()), span, out);
            self.write(Place::Many(arrays, cty.clone()), Val::Opaque, span, out);
        }
        if user_code {
            // The user's code mapcheck cannot see may synchronise the block (a library
            // function does not): `if ? { sync }`, so that no race across the call is
            // reported as more than potential, and a barrier it may hold is not assumed away.
            let u = self.unknown("callee_may_synchronise", Some((0, 1)), span, out);
            let sync = vec![stmt(StmtKind::Sync, span)];
            self.emit(out, if_then(cmp(CmpOp::Ne, u, int(0, span)), sync, span));
        }
        self.unknown_val("unknown_call", ty, span, out)
    }
}

/// Whether `d` declares a `const` (or `constexpr`) object: a pointer only when the pointer
/// itself is (`int *const p`, not `const int *p`, whose pointer may be re-pointed).
fn is_const_object(d: &Node) -> bool {
    let t = d.qual_type().trim_end();
    let top = if t.contains('*') {
        t.ends_with("const")
    } else {
        t.starts_with("const ") || t.ends_with(" const")
    };
    top || d.is_constexpr == Some(true)
}

/// Whether `name` is an assignment operator's (`operator=`, `operator+=`, ...), whose right
/// operand C++17 sequences before its left one.
fn is_assignment_operator(name: &str) -> bool {
    matches!(
        name.strip_prefix("operator"),
        Some("=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=")
    )
}
