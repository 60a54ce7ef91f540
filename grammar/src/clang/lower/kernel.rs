//! Lowering kernels: one kernel (again, byte-addressed, when its dynamic shared memory is
//! viewed through types of different layouts), its name with template arguments, and every
//! kernel of a file.

use super::*;

/// The template arguments of a function template instantiation as C++ writes them
/// (`float, 128`), from clang's `TemplateArgument` children; none for a plain function, or when
/// an argument is neither a type nor a value (a pack, a template).
fn template_arguments(f: &Node, params: Option<&Vec<Option<String>>>) -> Option<String> {
    let args: Vec<&Node> = f
        .inner
        .iter()
        .filter(|a| matches!(&a.kind, Kind::Other(k) if k == "TemplateArgument"))
        .collect();
    if args.is_empty() {
        return None;
    }
    // A parameter's type by the argument's position, when they correspond one to one (a
    // parameter pack does not).
    let count = args.len();
    let param = |i: usize| {
        params
            .filter(|p| p.len() == count)
            .and_then(|p| p.get(i)?.as_deref())
    };
    let mut out = Vec::new();
    for (i, a) in args.into_iter().enumerate() {
        let text = match (&a.ty, &a.value) {
            (Some(_), _) => a.qual_type().to_string(),
            (None, Some(serde_json::Value::String(v))) => v.clone(),
            (None, Some(serde_json::Value::Number(v))) if param(i) == Some("bool") => {
                let set = v.as_i64().is_some_and(|b| b != 0);
                set.to_string()
            }
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

impl<'a> Lower<'_, 'a> {
    /// The kernel and what its lowering reaches in the source: the bodies it inlines (the
    /// user's functions, reached through calls, methods and pointers) and the file-scope
    /// variables they name. Each node once.
    fn reached<'n>(&self, k: &'n Node) -> Vec<&'n Node>
    where
        'a: 'n,
    {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut roots = vec![k];
        let mut todo = vec![k];
        while let Some(root) = todo.pop() {
            let mut stack = vec![root];
            while let Some(n) = stack.pop() {
                let referenced = n
                    .referenced_decl
                    .as_ref()
                    .map(|d| d.id.as_str())
                    .or(n.referenced_member_decl.as_deref());
                if let Some(id) = referenced {
                    let reached = self
                        .g
                        .definition(id)
                        .filter(|d| calls::inlined_body(d))
                        .or_else(|| self.g.memory.get(id).map(|(d, _)| *d))
                        .or_else(|| {
                            self.g
                                .pointer_targets
                                .get(id)
                                .and_then(|t| self.g.definition(t))
                        });
                    if let Some(d) = reached.filter(|d| seen.insert(d.id.as_str())) {
                        roots.push(d);
                        todo.push(d);
                    }
                }
                stack.extend(n.inner.iter());
            }
        }
        roots
    }

    /// Checks every attribute of what the kernel reaches (`reached`) against
    /// `attributes::ATTRIBUTES`. An attribute with no rule, or one that changes what the code
    /// does in a way mapcheck does not follow, refuses the kernel at the attribute (or, in a
    /// header, at the kernel).
    fn check_attributes(&mut self, reached: &[&Node]) {
        let mut refused: Vec<(Span, String, &'static str)> = Vec::new();
        for root in reached {
            let mut stack = vec![*root];
            while let Some(n) = stack.pop() {
                if let Kind::Other(kind) = &n.kind {
                    if kind.ends_with("Attr") {
                        if let Handling::Refused(why) = attributes::handling(kind) {
                            let span = n.span_in_main().unwrap_or(self.kernel_span);
                            refused.push((span, kind.clone(), why));
                        }
                    }
                }
                stack.extend(n.inner.iter());
            }
        }
        refused.sort_by_key(|(span, kind, _)| (span.start, kind.clone()));
        refused.dedup();
        for (span, kind, why) in refused {
            let name = kind.strip_suffix("Attr").unwrap_or(&kind);
            self.error(
                span,
                format!("the attribute `{name}` is not supported"),
                why,
            );
        }
    }

    /// The geometry built-ins (`tid.x`, `ntid.y`, ...) the source of what the kernel reaches
    /// reads, whatever the lowering makes of the value: `__popc(threadIdx.x)` reads
    /// `threadIdx.x` even where the lowering keeps only an unknown. The launch conventions
    /// leave a dimension open when the code reads it (SPEC §8), so the code's reads must not
    /// depend on which values the lowering follows.
    fn builtins_in_source(&self, reached: &[&Node]) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for root in reached {
            let mut stack = vec![*root];
            while let Some(n) = stack.pop() {
                let name = |r: &Node| {
                    (r.kind == Kind::DeclRefExpr && self.is_prelude_var(r))
                        .then(|| r.referenced_decl.as_ref()?.name.clone())
                        .flatten()
                };
                // `threadIdx.x`: that component.
                if n.kind == Kind::MemberExpr {
                    let base = n.exprs().next().map(strip_parens);
                    if let (Some(var), Some(member)) = (base.and_then(name), n.name.as_deref()) {
                        if let Some(c) = super::rvalue::builtin_component(&var, member) {
                            found.insert(c);
                            continue;
                        }
                    }
                }
                // Cooperative groups' ranks, indices and sizes (`block.thread_index()`) read
                // the geometry inside mapcheck's headers: every component, conservatively.
                for var in self.group_geometry(n) {
                    for m in ["x", "y", "z"] {
                        found.extend(super::rvalue::builtin_component(var, m));
                    }
                }
                // The whole struct (`uint3 t = threadIdx`): its three components.
                if let Some(var) = name(n) {
                    for m in ["x", "y", "z"] {
                        if let Some(c) = super::rvalue::builtin_component(&var, m) {
                            found.insert(c);
                        }
                    }
                }
                stack.extend(n.inner.iter());
            }
        }
        found
    }

    /// The geometry built-ins a method of mapcheck's `cooperative_groups` named by the member
    /// `n` reads inside the headers: a rank, an index or a size of a block or tile reads the
    /// thread's index and the block's size, of a grid also the block's index and the grid's
    /// size; a block's index reads `blockIdx`, the grid's size `gridDim`. Nothing for other
    /// members.
    fn group_geometry(&self, n: &Node) -> &'static [&'static str] {
        const BLOCK: &[&str] = &["threadIdx", "blockDim"];
        const GRID: &[&str] = &["threadIdx", "blockDim", "blockIdx", "gridDim"];
        if n.kind != Kind::MemberExpr {
            return &[];
        }
        let in_groups = n
            .referenced_member_decl
            .as_deref()
            .and_then(|id| self.g.decls.get(id))
            .and_then(|d| d.file())
            .is_some_and(|f| is_prelude_file(f) && f.contains("cooperative_groups"));
        if !in_groups {
            return &[];
        }
        let grid = n
            .exprs()
            .next()
            .is_some_and(|b| b.qual_type().contains("grid_group"));
        match n.name.as_deref().unwrap_or("") {
            "thread_rank" | "thread_index" | "size" | "num_threads" | "dim_threads"
            | "group_dim" | "meta_group_rank" | "meta_group_size" => {
                if grid {
                    GRID
                } else {
                    BLOCK
                }
            }
            "group_index" | "block_index" | "block_rank" => &["blockIdx", "gridDim"],
            "num_blocks" | "dim_blocks" => &["gridDim"],
            _ => &[],
        }
    }

    /// A pointer parameter (or a pointer field of a struct parameter) named `name`: a global
    /// array of its own, pointed to at its start.
    pub(super) fn pointer_param(&mut self, name: &str, pointee: &CType, span: Span) -> Val {
        let array = self.fresh(name);
        let layout = self
            .g
            .layout(&CType::Array(Box::new(pointee.clone()), None), 0);
        self.declare(&array, Space::Global, span, layout);
        self.view(&array, pointee);
        Val::Ptr(Ptr::To {
            array,
            off: int(0, span),
            pointee: pointee.clone(),
            within: None,
        })
    }

    /// A scalar parameter (or a scalar field of a struct parameter) named `name`: a kernel
    /// parameter with the range of its C type.
    pub(super) fn scalar_param(&mut self, name: &str, s: &Scalar, span: Span) -> Val {
        self.kernel_param(name, *s, None, span).1
    }

    /// A kernel parameter of C type `s` named after `name`, within the range of its type and,
    /// when `max` is given (a template value that sizes a `__shared__` array), within `0..=max`;
    /// its name in the core kernel and its value.
    pub(super) fn kernel_param(
        &mut self,
        name: &str,
        s: Scalar,
        max: Option<i128>,
        span: Span,
    ) -> (String, Val) {
        let core = self.fresh(name);
        self.uniform.insert(core.clone());
        if matches!(s, Scalar::Int { .. }) {
            self.int_params.insert(core.clone());
        }
        match (s.range(), max) {
            (Some((lo, hi)), Some(max)) => {
                self.ranges.insert(core.clone(), (lo.max(0), hi.min(max)));
            }
            (Some(r), None) => {
                self.ranges.insert(core.clone(), r);
            }
            (None, _) => {}
        }
        self.params.push(Param {
            name: core.clone(),
            span,
            ty: s.param_type(),
        });
        let e = Expr::var(core.clone(), span);
        (core, Val::of_scalar(e, s, span))
    }

    /// Lowers one kernel. When it views an array through types whose cells do not line up
    /// (its `extern __shared__` memory through types of different layouts, any other array
    /// through a cast), it is lowered again with that array byte-addressed, in cells of the
    /// greatest common size of its views' scalars; again while a lowering finds views that
    /// need a smaller cell or another array (a view reached only through a pointer the
    /// previous lowering could not follow). Each lowering is sound; the last one is exact for
    /// the views it saw.
    pub fn kernel(self, k: &Node, name: &str) -> Result<Kernel, Vec<Diagnostic>> {
        let (g, text, options) = (self.g, self.text, self.options);
        let values = self.template_values.clone();
        let (mut result, mut needed) = self.kernel_once(k, name);
        let mut units = BTreeMap::new();
        for _ in 0..4 {
            if needed == units {
                break;
            }
            units = needed;
            let mut again = Lower::new(g, text, options);
            again.byte_units = units.clone();
            again.template_values = values.clone();
            (result, needed) = again.kernel_once(k, name);
        }
        result
    }

    /// One lowering of a kernel, and the arrays its views need byte-addressed (`needed_units`).
    pub(super) fn kernel_once(
        mut self,
        k: &Node,
        name: &str,
    ) -> (Result<Kernel, Vec<Diagnostic>>, BTreeMap<usize, u64>) {
        let span = k.span_in_main().unwrap_or_default();
        self.kernel_span = span;
        for b in Builtin::ALL {
            self.used.insert(b.name().to_string());
        }
        // Assumptions at the kernel's entry that parameters need (a bit-field's range).
        let mut entry = Vec::new();
        for p in k.inner.iter().filter(|p| p.kind == Kind::ParmVarDecl) {
            let pspan = p.span_in_main().unwrap_or(span);
            let pname = p.name.clone().unwrap_or_else(|| "param".into());
            let ty = CType::parse(p.qual_type());
            self.local_names.insert(p.id.clone(), pname.clone());
            self.display_name(&pname, pname.clone());
            let b = match &ty {
                CType::Pointer(pointee) => {
                    let ptr = self.pointer_param(&pname, pointee, pspan);
                    if let Val::Ptr(Ptr::To { array, .. }) = &ptr {
                        self.array_names.insert(p.id.clone(), array.clone());
                    }
                    Binding::Val(ptr)
                }
                CType::Scalar(s) => Binding::Val(self.scalar_param(&pname, s, pspan)),
                // A struct holding device pointers: a distinct array per pointer field, a
                // parameter per scalar field (`records.rs`).
                CType::Record(_) if self.followed_record(&ty).is_some() => {
                    self.record_param(&p.id, &pname, &ty, pspan, &mut entry);
                    continue;
                }
                _ => Binding::Private,
            };
            self.env.insert(p.id.clone(), b);
        }
        // A template kernel read from its pattern: each value parameter is a kernel
        // parameter, the same for every thread and any value of its C type.
        let mut body = entry;
        for v in std::mem::take(&mut self.template_values) {
            let pspan = v.span.unwrap_or(span);
            // Within the assumption below when it sizes a `__shared__` array.
            self.display_name(&v.name, v.name.clone());
            let (core, val) = self.kernel_param(&v.name, v.ty, v.max, pspan);
            self.env.insert(v.id, Binding::Val(val));
            if let Some(max) = v.max.and_then(|m| i64::try_from(m).ok()) {
                // A size of a `__shared__` array: no instantiation that compiles has it
                // negative or beyond the block's static shared memory.
                let x = Expr::var(core.clone(), pspan);
                let c = and(
                    cmp(CmpOp::Ge, x.clone(), int(0, pspan)),
                    cmp(CmpOp::Le, x, int(max, pspan)),
                );
                body.push(stmt(StmtKind::Assume { cond: c }, pspan));
            }
        }
        let reached = self.reached(k);
        self.check_attributes(&reached);
        let source_builtins = self.builtins_in_source(&reached);
        self.launch_bounds(k, &mut body);
        if let Some(b) = k.inner.iter().find(|c| c.kind == Kind::CompoundStmt) {
            let stmts: Vec<&Node> = b.exprs().collect();
            self.block(&stmts, &mut body);
        }
        let (stopped, _) = self.stop_at_assumptions(body);
        body = stopped;
        // A pitch in a byte offset is a multiple of the element size it is cast to (see
        // `byte_offset_pointer`): assumed for the whole launch.
        let assumed: Vec<Stmt> = std::mem::take(&mut self.assumed_multiples)
            .into_iter()
            .map(|(p, k)| {
                let multiple = cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, Expr::var(p, span), int(k, span)),
                    int(0, span),
                );
                stmt(StmtKind::Assume { cond: multiple }, span)
            })
            .collect();
        body.splice(0..0, assumed);
        self.check_template_view();
        let needed = self.needed_units();
        if !self.errors.is_empty() {
            return (Err(self.errors), needed);
        }
        // Built-ins the source reads but the lowered code no longer does (the value went
        // into an unknown): read here, so that the launch conventions leave their dimensions
        // open (`builtins_in_source`). "Reads" as the conventions count it: a
        // `__launch_bounds__` assumption on the block's size is not a read.
        let lowered = Block {
            stmts: std::mem::take(&mut body),
            span,
        };
        let read: BTreeSet<&str> = lowered
            .builtins_read_by_code()
            .into_iter()
            .map(|b| b.name())
            .collect();
        body = lowered.stmts;
        // Dimensions a launch in the file's host code opens (`launches.rs`) count as read
        // too: the file says the kernel runs with more than one there.
        let launched = std::mem::take(&mut self.launched);
        let lost: Vec<Stmt> = source_builtins
            .iter()
            .map(|b| ("reads", b))
            .chain(
                launched
                    .iter()
                    .filter(|b| {
                        // A dimension is read when its size or its index is (`nbid.x` or
                        // `bid.x`): only a dimension the code reads neither way needs this.
                        // A block size is kept even where its index is read: the launch, not
                        // a literal stride in the code, says how wide the blocks are (the
                        // conventions' block bound, `map-smt`'s `launch.rs`).
                        let partner = b.strip_prefix('n').unwrap_or(b);
                        let names = if b.starts_with("ntid") {
                            vec![b.as_str()]
                        } else {
                            vec![b.as_str(), partner]
                        };
                        !names
                            .iter()
                            .any(|r| source_builtins.contains(*r) || read.contains(*r))
                    })
                    .map(|b| ("launched", b)),
            )
            .filter(|(_, b)| !read.contains(b.as_str()))
            .map(|(why, b)| {
                let var = Ident::new(self.fresh(&format!("{why}_{}", b.replace('.', "_"))), span);
                stmt(
                    StmtKind::Let {
                        var,
                        value: Expr::var(b.clone(), span),
                    },
                    span,
                )
            })
            .collect();
        let prologue = std::mem::take(&mut self.prologue);
        body.splice(0..0, prologue);
        body.splice(0..0, lost);
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
        let names = self.source_names();
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
            names,
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
/// in them); with the kernels of other files it includes, which are not checked.
pub fn lower_all(
    root: &Node,
    model: &super::resolve::Model,
    text: &str,
    options: &Options,
    skip: &HashSet<String>,
) -> (Program, Vec<ItemError>, Vec<Included>) {
    let g = Globals::collect(root, model);
    let mut included = Vec::new();
    let launches = launches::Launches::collect(root, &g);
    let mut kernels = Vec::new();
    let mut errors = Vec::new();
    // Every kernel's name as C++ writes it, so that a second kernel of one name is numbered
    // past the names the file's kernels have (`kernel_label`).
    let full_name = |k: &Node| {
        let base = k.name.clone().unwrap_or_else(|| "kernel".into());
        match template_arguments(k, g.template_params.get(k.id.as_str())) {
            Some(args) => format!("{base}<{args}>"),
            None => base,
        }
    };
    let taken: HashSet<String> = (g.kernels.iter())
        .filter(|k| k.is_in_main_file())
        .map(|k| full_name(k))
        .collect();
    let mut used = HashSet::new();
    for k in &g.kernels {
        if !k.is_in_main_file() {
            included.extend(Included::of(k, text));
            continue;
        }
        let base = k.name.clone().unwrap_or_else(|| "kernel".into());
        if skip.contains(&base) {
            continue;
        }
        // A template instantiation is named by its arguments, `k<float, 128>`, as C++ writes
        // it (and as `--kernel` selects it); two kernels of one name are numbered.
        let name = kernel_label(&full_name(k), &taken, &mut used);
        if k.depth_exceeds(crate::clang::ast::MAX_DEPTH) {
            errors.push(ItemError {
                kernel: Some(base),
                diagnostic: Diagnostic::error("the kernel is nested too deeply")
                    .with_primary(k.span_in_main().unwrap_or_default(), "here"),
            });
            continue;
        }
        let mut lower = Lower::new(&g, text, options);
        lower.launched = launches.opened(k);
        match lower.kernel(k, &name) {
            Ok(kernel) => kernels.push(kernel),
            Err(ds) => errors.extend(ds.into_iter().map(|d| ItemError {
                kernel: Some(name.clone()),
                diagnostic: d,
            })),
        }
    }
    // A template kernel without instantiations stands for all of them: it is read from its
    // pattern, its type parameters opaque and its value parameters kernel parameters.
    for t in &g.uninstantiated {
        if !t.is_in_main_file() {
            included.extend(Included::of(t, text));
            continue;
        }
        let base = t.name.clone().unwrap_or_default();
        if skip.contains(&base) {
            continue;
        }
        if t.depth_exceeds(crate::clang::ast::MAX_DEPTH) {
            errors.push(ItemError {
                kernel: Some(base),
                diagnostic: Diagnostic::error("the kernel is nested too deeply")
                    .with_primary(t.span_in_main().unwrap_or_default(), "here"),
            });
            continue;
        }
        let p = match pattern::pattern(t, &g.shared_memory_classes) {
            Ok(p) => p,
            Err(d) => {
                errors.push(ItemError {
                    kernel: Some(base),
                    diagnostic: d,
                });
                continue;
            }
        };
        let mut lower = Lower::new(&g, text, options);
        lower.template_values = p.values;
        match lower.kernel(&p.function, &p.name) {
            Ok(kernel) => kernels.push(kernel),
            Err(ds) => errors.extend(ds.into_iter().map(|d| ItemError {
                kernel: Some(p.name.clone()),
                diagnostic: d,
            })),
        }
    }
    (Program { kernels }, errors, included)
}

/// The name of a kernel whose name as C++ writes it is `full`: `full` for the first kernel
/// of that name, then `full_2`, `full_3`, ... skipping the names of the file's kernels
/// (`taken`) and those given already (`used`), so that no two kernels share a name (the
/// oracle names them alike).
pub fn kernel_label(full: &str, taken: &HashSet<String>, used: &mut HashSet<String>) -> String {
    if used.insert(full.to_string()) {
        return full.to_string();
    }
    let mut k = 2;
    loop {
        let label = format!("{full}_{k}");
        if !taken.contains(&label) && used.insert(label.clone()) {
            return label;
        }
        k += 1;
    }
}

/// A kernel defined in a file the main file includes (a sample's `#include
/// "scan_kernel.cu"`): its statements have no place in the main file's text, in which every
/// report is located, so it is not checked here — said, not dropped.
#[derive(Clone, Debug)]
pub struct Included {
    pub kernel: String,
    /// The file's name, without its directory.
    pub file: String,
    /// The `#include` line that names the file, when one does.
    pub at: Option<Span>,
}

impl Included {
    /// `None` for mapcheck's own headers.
    fn of(k: &Node, text: &str) -> Option<Included> {
        let file = k.file()?;
        if is_prelude_file(file) {
            return None;
        }
        let base = std::path::Path::new(file)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(file);
        let mut at = 0;
        let mut line_of = None;
        for line in text.split_inclusive('\n') {
            let directive = line.trim_start();
            if directive.starts_with('#') && directive.contains("include") && line.contains(base) {
                line_of = Some(Span::new(at, at + line.trim_end().len()));
                break;
            }
            at += line.len();
        }
        Some(Included {
            kernel: k.name.clone().unwrap_or_else(|| "kernel".into()),
            file: base.to_string(),
            at: line_of,
        })
    }

    pub fn warning(&self) -> Diagnostic {
        let d = Diagnostic::warning(format!(
            "kernel `{}` is defined in `{}`, which this file includes: it is not checked here",
            self.kernel, self.file
        ))
        .with_help(format!(
            "mapcheck checks the kernels written in the files it is given: run it on `{}` too",
            self.file
        ));
        match self.at {
            Some(span) => d.with_primary(span, format!("`{}` is included here", self.file)),
            None => d,
        }
    }
}

impl Lower<'_, '_> {
    /// `__launch_bounds__(N, ...)`: CUDA refuses a launch of more than `N` threads per block,
    /// so every run of the kernel has `blockDim.x * blockDim.y * blockDim.z <= N` — a
    /// kernel-entry assumption ([`Cond::block_size_at_most`], which the launch conventions do
    /// not count as reading a dimension). `N` is lowered as the expression it is (a template
    /// kernel read from its pattern has it symbolic). The other arguments (blocks per
    /// multiprocessor, cluster size) and `__maxnreg__` tune occupancy and registers: they
    /// constrain no launch a kernel can have, so they change no verdict.
    fn launch_bounds(&mut self, k: &Node, out: &mut Vec<Stmt>) {
        let Some(attr) = k
            .inner
            .iter()
            .find(|a| matches!(&a.kind, Kind::Other(n) if n == "CUDALaunchBoundsAttr"))
        else {
            return;
        };
        let Some(max) = attr.exprs().next() else {
            return;
        };
        // The attribute itself is spelled in mapcheck's header (the macro); its argument is
        // the user's.
        let aspan = self.span(max);
        match self.rvalue(max, out) {
            Val::Num(most, _) => out.push(stmt(
                StmtKind::Assume {
                    cond: Cond::block_size_at_most(most, aspan),
                },
                aspan,
            )),
            _ => self.error(
                aspan,
                "a `__launch_bounds__` mapcheck cannot read",
                "its thread count is not an integer expression",
            ),
        }
    }
}
