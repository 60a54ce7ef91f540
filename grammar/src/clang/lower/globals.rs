//! File-scope facts every kernel's lowering reads ([`Globals`]): function definitions by
//! declaration id and by signature, file-scope memory, records with their cell and byte
//! layouts, enumerators and constant integers.

use super::*;

/// File-scope facts every kernel sees.
#[derive(Debug, Default)]
pub struct Globals<'a> {
    /// Function definitions (with a body), by the id of every declaration of the function:
    /// the definition's own, and each earlier one its `previousDecl` chain leads to (a
    /// function declared before the kernel and defined after it, a method defined outside its
    /// class). A call runs the definition of the declaration clang resolved it to, never one
    /// found by its name.
    pub(super) functions: HashMap<&'a str, &'a Node>,
    /// File-scope `__shared__`, `__device__`, `__constant__` and `__managed__` variables.
    pub(super) memory: HashMap<&'a str, (&'a Node, Space)>,
    /// Records by the identity their type texts carry after the resolve stage
    /// ([`resolve::Model::records`]: the key clang prints, or `Key@ID` for a namesake): the
    /// only way from a type to a record.
    pub(super) records: HashMap<String, &'a Node>,
    /// Complete record definitions by declaration id.
    record_ids: HashMap<&'a str, &'a Node>,
    /// clang's layouts, by record identity.
    pub(super) layouts: HashMap<String, resolve::Layout>,
    /// Enumerators by declaration id.
    pub(super) enumerators: HashMap<&'a str, i128>,
    /// `const`/`constexpr` file-scope integers with a constant initialiser.
    pub(super) constants: HashMap<&'a str, i128>,
    /// The kernels, in source order.
    pub(super) kernels: Vec<&'a Node>,
    /// Every function declaration, with a body or not, by id.
    pub(super) decls: HashMap<&'a str, &'a Node>,
    /// Template kernels (`FunctionTemplateDecl`) of which clang made no instantiation.
    pub(super) uninstantiated: Vec<&'a Node>,
    /// Class templates of the CUDA samples' `SharedMemory<T>` idiom: every definition (the
    /// pattern and each specialization) only converts to a pointer to its type argument, by
    /// returning an `extern __shared__` array (see [`shared_memory_class`]).
    pub(super) shared_memory_classes: HashSet<String>,
    /// Class templates with a definition that does not have that shape.
    not_shared_memory: HashSet<String>,
    /// Constructors defined outside their class, by the id of their declaration in it.
    ctor_definitions: HashMap<&'a str, &'a Node>,
    /// Declarations named anywhere other than as the array of an element read or assigned
    /// (`a[i]`, `a[i] = v`, `a[i] += v`, `a[i]++`): a local array of scalars is followed
    /// element by element (`slots.rs`) only when its id is not here, so that no alias can
    /// change an element behind the lowering's back.
    pub(super) escaped: HashSet<&'a str>,
    /// Function pointers whose value is known everywhere: a variable initialised with a
    /// function (`void (*f)() = step;`) and only ever read (every use a load), by the id of
    /// its declaration, with the id of the function's declaration. A call through it is a
    /// call of that function ([`pointer_targets`]).
    pub(super) pointer_targets: HashMap<&'a str, &'a str>,
    /// File-scope `const` arrays of integers whose initialiser clang's values give whole, by
    /// declaration id: their cells in order (row after row). Nobody can write a `const`
    /// object, so a read of one is the initialiser's value (`Lower::read`).
    pub(super) const_tables: HashMap<&'a str, Vec<i128>>,
    /// The types of the non-type template parameters of the template each instantiation is
    /// of, by the instantiation's id, in the template's order (`None` for a type or template
    /// parameter): clang's JSON gives a `bool` argument's value as `-1` or `0`, which a
    /// kernel's name must show as `true` or `false` (`k<true>`, as C++ writes it and as
    /// `--kernel` selects it).
    pub(super) template_params: HashMap<&'a str, Vec<Option<String>>>,
    /// `const` integers whose initialiser named a constant not known yet when scanned.
    pending_constants: Vec<&'a Node>,
    /// `const`/`constexpr` integers whose initialiser the table of constants cannot evaluate
    /// (a `constexpr` function's call, `true ? 1 : 0`, `sizeof`, a member of a `constexpr`
    /// object), by declaration id: not memory but the value of that initialiser, which a
    /// kernel that reads one lowers once at its start (`Lower::initialised`). A variable
    /// device code reads is constant-initialised (CUDA allows no dynamic initialisation of
    /// device variables), so the initialiser is its value in every run.
    pub(super) initialised: HashMap<&'a str, &'a Node>,
    /// Declarations every use of which names a member that is read or assigned
    /// (`unions::member_only_uses`): a local union among them is followed byte by byte.
    pub(super) member_only: HashSet<&'a str>,
}

impl<'a> Globals<'a> {
    pub fn collect(root: &'a Node, model: &resolve::Model) -> Globals<'a> {
        let mut g = Globals::default();
        g.scan(&root.inner);
        g.settle_constants();
        for n in std::mem::take(&mut g.pending_constants) {
            if n.exprs().next().is_some() {
                g.memory.remove(n.id.as_str());
                g.initialised.insert(&n.id, n);
            }
        }
        // Records anywhere (in functions too), by id, for the model's identities.
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if matches!(n.kind, Kind::CXXRecordDecl | Kind::RecordDecl)
                && n.complete_definition == Some(true)
            {
                g.record_ids.insert(&n.id, n);
            }
            stack.extend(n.inner.iter());
        }
        for (identity, id) in &model.records {
            if let Some(&r) = g.record_ids.get(id.as_str()) {
                g.records.insert(identity.clone(), r);
                if let Some(l) = model.layouts.get(id) {
                    g.layouts.insert(identity.clone(), l.clone());
                }
            }
        }
        g.link_redeclarations();
        g.uses(root, false);
        g.pointer_targets = pointer_targets(root);
        g.member_only = unions::member_only_uses(root);
        for bad in &g.not_shared_memory {
            g.shared_memory_classes.remove(bad);
        }
        g
    }

    /// The cells of an array of integers of type `ty` initialised by `init`, row after row;
    /// the elements an initialiser list leaves out are zero (C++ [dcl.init.aggr]).
    fn table(&self, init: &Node, ty: &CType) -> Option<Vec<i128>> {
        const MAX_CELLS: usize = 1 << 16;
        match ty {
            CType::Array(elem, Some(len)) => {
                if init.kind != Kind::InitListExpr {
                    return None;
                }
                let items: Vec<&Node> = init.exprs().collect();
                if items.len() > *len as usize {
                    return None;
                }
                let mut cells = Vec::new();
                for item in &items {
                    cells.extend(self.table(item, elem)?);
                }
                let per = self.table_cells(elem)?;
                cells.resize(per * *len as usize, 0);
                (cells.len() <= MAX_CELLS).then_some(cells)
            }
            CType::Scalar(Scalar::Int { .. }) => Some(vec![self.constant_of(init)?]),
            _ => None,
        }
    }

    /// The integer cells of `ty` (an integer, or arrays of them).
    fn table_cells(&self, ty: &CType) -> Option<usize> {
        match ty {
            CType::Array(elem, Some(len)) => Some(self.table_cells(elem)? * *len as usize),
            CType::Scalar(Scalar::Int { .. }) => Some(1),
            _ => None,
        }
    }

    /// The record a type's text names: the text is the record's identity, written by the
    /// resolve stage (never looked up by a shorter spelling).
    pub(super) fn record_named(&self, name: &str) -> Option<&'a Node> {
        self.records.get(name).copied()
    }

    /// Whether `decl` is a `const` (or `constexpr`) object with an initialiser whose contents
    /// the lowering does not know (not a table of integers, `Globals::const_tables`): an
    /// aggregate, a table of structs or vectors. Its cells hold what the initialiser says in
    /// every run; a `__constant__` array without `const` is an input the host may set.
    pub(super) fn constant_object(&self, decl: &Node) -> bool {
        let constant = decl.qual_type().starts_with("const ")
            || decl.is_constexpr == Some(true)
            || decl.constexpr == Some(true);
        let pointer = matches!(CType::parse(decl.qual_type()), CType::Pointer(_));
        constant
            && !pointer
            && decl.exprs().next().is_some()
            && !self.const_tables.contains_key(decl.id.as_str())
    }

    /// The value of the constant expression `e`, naming the file's constants and enumerators
    /// known so far.
    fn constant_of(&self, e: &Node) -> Option<i128> {
        let named = |id: &str| {
            let v = self.constants.get(id).or(self.enumerators.get(id));
            v.copied()
        };
        const_int_expr(e, &named)
    }

    /// Evaluates the pending constants until none more can be: each one found is a constant,
    /// not memory (a `static const` member clang placed in `__constant__` memory).
    fn settle_constants(&mut self) {
        loop {
            let mut progress = false;
            for n in std::mem::take(&mut self.pending_constants) {
                match n.exprs().next().and_then(|e| self.constant_of(e)) {
                    Some(v) => {
                        self.constants.insert(&n.id, v);
                        self.memory.remove(n.id.as_str());
                        progress = true;
                    }
                    None => self.pending_constants.push(n),
                }
            }
            if !progress {
                return;
            }
        }
    }

    /// Fills `escaped` below `n`; `access` when `n` stands where an element would be read or
    /// assigned.
    fn uses(&mut self, n: &'a Node, access: bool) {
        if access {
            if let Some(index) = element_of_decl(n) {
                self.uses(index, false);
                return;
            }
        }
        if n.kind == Kind::DeclRefExpr {
            if let Some(d) = &n.referenced_decl {
                self.escaped.insert(&d.id);
            }
        }
        for (k, c) in n.inner.iter().enumerate() {
            let access = match &n.kind {
                Kind::ImplicitCastExpr => n.cast_kind == Some("LValueToRValue"),
                Kind::BinaryOperator => k == 0 && n.opcode == Some("="),
                Kind::CompoundAssignOperator => k == 0,
                Kind::UnaryOperator => matches!(n.opcode, Some("++" | "--")),
                Kind::ParenExpr => access,
                _ => false,
            };
            self.uses(c, access);
        }
    }

    fn scan(&mut self, nodes: &'a [Node]) {
        for n in nodes {
            match &n.kind {
                Kind::NamespaceDecl | Kind::LinkageSpecDecl => self.scan(&n.inner),
                // A function defined in a `friend` declaration of a class body.
                Kind::Other(k) if k == "FriendDecl" => self.scan(&n.inner),
                Kind::FunctionTemplateDecl => {
                    let instances = n
                        .inner
                        .iter()
                        .filter(|f| f.kind == Kind::FunctionDecl && f.mangled_name.is_some())
                        .count();
                    let pattern = n.inner.iter().find(|f| f.kind == Kind::FunctionDecl);
                    if pattern.is_some_and(|p| p.has_attr("CUDAGlobalAttr") && instances == 0) {
                        self.uninstantiated.push(n);
                    }
                    let params: Vec<Option<String>> = n
                        .inner
                        .iter()
                        .filter_map(|p| match &p.kind {
                            Kind::Other(k) if k == "NonTypeTemplateParmDecl" => {
                                Some(Some(p.qual_type().to_string()))
                            }
                            Kind::Other(k)
                                if k == "TemplateTypeParmDecl"
                                    || k == "TemplateTemplateParmDecl" =>
                            {
                                Some(None)
                            }
                            _ => None,
                        })
                        .collect();
                    for f in &n.inner {
                        if f.kind == Kind::FunctionDecl && f.mangled_name.is_some() {
                            self.template_params.insert(&f.id, params.clone());
                        }
                    }
                    self.scan(&n.inner)
                }
                Kind::ClassTemplateDecl => {
                    let param = n.inner.iter().find_map(|p| match &p.kind {
                        Kind::Other(k) if k == "TemplateTypeParmDecl" => p.name.clone(),
                        _ => None,
                    });
                    let params = n
                        .inner
                        .iter()
                        .filter(|p| matches!(&p.kind, Kind::Other(k) if k.ends_with("ParmDecl")))
                        .count();
                    let record = n.inner.iter().find(|r| r.kind == Kind::CXXRecordDecl);
                    if let (Some(name), Some(record)) = (&n.name, record) {
                        match param.filter(|_| params == 1) {
                            Some(p) if shared_memory_class(record, &p) => {
                                self.shared_memory_classes.insert(name.clone());
                            }
                            _ => {
                                self.not_shared_memory.insert(name.clone());
                            }
                        }
                    }
                    self.scan(&n.inner)
                }
                Kind::FunctionDecl | Kind::CXXMethodDecl | Kind::CXXConversionDecl => {
                    self.function(n)
                }
                Kind::Other(k) if k == "CXXConstructorDecl" => {
                    let body = n.inner.iter().any(|c| c.kind == Kind::CompoundStmt);
                    if let (true, Some(prev)) = (body, &n.previous_decl) {
                        self.ctor_definitions.insert(prev, n);
                    }
                }
                Kind::CXXRecordDecl | Kind::RecordDecl | Kind::ClassTemplateSpecializationDecl => {
                    if n.kind == Kind::ClassTemplateSpecializationDecl && !n.inner.is_empty() {
                        // Each specialization (explicit or instantiated) must have the
                        // idiom's shape for its own type argument (a class template lists its
                        // specializations again as references without children).
                        let arg = n.inner.iter().find_map(|a| match &a.kind {
                            Kind::Other(k) if k == "TemplateArgument" => {
                                a.ty.as_ref().map(|t| t.qual.clone())
                            }
                            _ => None,
                        });
                        let ok = arg.is_some_and(|a| shared_memory_class(n, &a));
                        if let (false, Some(name)) = (ok, &n.name) {
                            self.not_shared_memory.insert(name.clone());
                        }
                    }
                    if n.complete_definition == Some(true) {
                        self.record_ids.insert(&n.id, n);
                    }
                    // Methods defined in the class body.
                    self.scan(&n.inner);
                }
                Kind::EnumDecl => {
                    for (e, v) in n.enumerators() {
                        self.enumerators.insert(&e.id, v);
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
                        if let Some(v) = n.exprs().next().and_then(|e| self.constant_of(e)) {
                            self.constants.insert(&n.id, v);
                            continue;
                        }
                        // Its initialiser may name a constant declared later (a class
                        // template's member in terms of another instance's: `Pow2<N>::value =
                        // 2 * Pow2<N - 1>::value`): tried again once all are known.
                        self.pending_constants.push(n);
                    }
                    if n.qual_type().starts_with("const ") {
                        if let Some(cells) = n.exprs().next().and_then(|i| self.table(i, &ty)) {
                            self.const_tables.insert(&n.id, cells);
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
        // A kernel may be a static member (clang refuses a non-static one) or a friend
        // defined in a class body: both are kernels of the file.
        if n.has_attr("CUDAGlobalAttr")
            && matches!(n.kind, Kind::FunctionDecl | Kind::CXXMethodDecl)
        {
            self.kernels.push(n);
        }
    }

    /// The definition a call to the declaration `id` runs, if the file has one.
    pub(super) fn definition(&self, id: &str) -> Option<&'a Node> {
        self.functions.get(id).copied()
    }

    /// Links every declaration of a defined function to its definition, through the
    /// `previousDecl` chains clang gives each redeclaration.
    fn link_redeclarations(&mut self) {
        let definitions: Vec<&'a Node> = self.functions.values().copied().collect();
        for def in definitions {
            let mut seen = HashSet::new();
            let mut at = def.previous_decl.as_deref();
            while let Some(prev) = at.filter(|p| seen.insert(*p)) {
                let Some((&id, decl)) = self.decls.get_key_value(prev) else {
                    break;
                };
                self.functions.entry(id).or_insert(def);
                at = decl.previous_decl.as_deref();
            }
        }
    }

    /// The fields of a record, in order, with their types: those of its base classes first
    /// (in the order of the bases, as the Itanium ABI lays them out), then its own. `None`
    /// when the cells of the object are not these fields in order: a virtual base or a
    /// virtual method (a pointer to the vtable lies in the object), a base with bit-fields,
    /// or two fields of one name (a member named in the source is then not known by its
    /// name alone).
    pub(super) fn fields(&self, record: &str) -> Option<Vec<(&'a str, &'a str)>> {
        self.fields_at(record, 0)
    }

    fn fields_at(&self, record: &str, depth: usize) -> Option<Vec<(&'a str, &'a str)>> {
        if depth > 16 {
            return None;
        }
        let r = self.record_named(record)?;
        if r.inner.iter().any(|m| m.is_virtual == Some(true)) {
            return None;
        }
        let mut fields = Vec::new();
        for name in base_names(r)? {
            let base_fields = self.fields_at(name, depth + 1)?;
            if self.has_bit_fields(name) {
                return None;
            }
            fields.extend(base_fields);
        }
        fields.extend(
            r.inner
                .iter()
                .filter(|f| f.kind == Kind::FieldDecl)
                .map(|f| (f.name.as_deref().unwrap_or(""), f.qual_type())),
        );
        let mut names = HashSet::new();
        if fields
            .iter()
            .any(|(f, _)| !f.is_empty() && !names.insert(*f))
        {
            return None;
        }
        Some(fields)
    }

    /// Whether `record` is a `union`.
    pub(super) fn is_union(&self, record: &str) -> bool {
        self.records
            .get(record)
            .is_some_and(|r| r.tag_used.as_deref() == Some("union"))
    }

    /// Whether `field` of `record` is a reference (`struct Acc { int &total; }`): the object
    /// holds where it refers, as a pointer, and a use of the member is the referred object.
    pub(super) fn reference_field(&self, record: &str, field: &str) -> bool {
        self.record_named(record).is_some_and(|r| {
            (r.inner.iter()).any(|f| f.name.as_deref() == Some(field) && is_reference_field(f))
        })
    }

    /// Whether `field` of `record` is a bit-field (clang's `isBitfield`: a default member
    /// initialiser is an expression child too): adjacent bit-fields are one memory location
    /// (C++ [intro.memory]), one cell of their own (`bitfields.rs`).
    pub(super) fn bit_field(&self, record: &str, field: &str) -> bool {
        self.record_named(record).is_some_and(|r| {
            r.inner.iter().any(|f| {
                f.kind == Kind::FieldDecl
                    && f.name.as_deref() == Some(field)
                    && f.is_bitfield == Some(true)
            })
        })
    }

    /// The size of the cells of a union whose members are all made of scalars of that one size
    /// laid end to end (`union { int w[2]; struct { int a, b; } p; float f; }`: 4): then the
    /// cells of every member are the same bytes, and member cell k is byte 4k of the union.
    /// `None` when the members' scalars differ in size (a `long long` over two `int`s).
    pub(super) fn union_cell_bytes(&self, record: &str) -> Option<u64> {
        if self.has_bit_fields(record) {
            return None;
        }
        let mut size = None;
        for (_, fty) in self.fields(record)? {
            let mut scalars = Vec::new();
            self.byte_scalars(&CType::parse(fty), 0, &mut scalars)?;
            for (i, (off, sc)) in scalars.iter().enumerate() {
                let b = scalar_bytes(*sc);
                if *size.get_or_insert(b) != b || *off != i as u64 * b {
                    return None;
                }
            }
        }
        size
    }

    /// The number of core cells a value of `ty` occupies: one per scalar.
    pub(super) fn cells(&self, ty: &CType, depth: usize) -> Option<u64> {
        if depth > 16 {
            return None;
        }
        match ty {
            CType::Scalar(_) | CType::Pointer(_) => Some(1),
            CType::Array(t, Some(n)) => self.cells(t, depth + 1)?.checked_mul(*n),
            CType::Record(name) if self.is_union(name) => {
                // All fields start at cell 0 (`field`): the union is as many cells as its
                // largest field, when they all cut their bytes into cells alike.
                self.union_cell_bytes(name)?;
                let mut most = 0u64;
                for (_, fty) in self.fields(name)? {
                    most = most.max(self.cells(&CType::parse(fty), depth + 1)?);
                }
                (most <= MAX_STRUCT_CELLS).then_some(most.max(1))
            }
            CType::Record(name) => {
                // A run of adjacent bit-fields is one memory location: one cell.
                let mut total = 0u64;
                for slot in self.slots(name)? {
                    let n = match slot {
                        Slot::Field(_, fty) => self.cells(&CType::parse(fty), depth + 1)?,
                        Slot::Bits { .. } => 1,
                    };
                    total = total.checked_add(n)?;
                }
                (total <= MAX_STRUCT_CELLS).then_some(total.max(1))
            }
            _ => None,
        }
    }

    /// The offset in cells of field `field` of `record`, and its type.
    pub(super) fn field(&self, record: &str, field: &str) -> Option<(u64, CType)> {
        if self.bit_field(record, field) {
            return None;
        }
        if self.is_union(record) {
            // Every member of a union starts at its first byte: cell 0, when its members cut
            // their bytes into cells of one size (`union_cell_bytes`), else no cell model.
            self.union_cell_bytes(record)?;
            let (_, fty) = self
                .fields(record)?
                .into_iter()
                .find(|(n, _)| *n == field)?;
            return Some((0, CType::parse(fty)));
        }
        let mut off = 0u64;
        for slot in self.slots(record)? {
            match slot {
                Slot::Field(name, fty) => {
                    let ty = CType::parse(fty);
                    if name == field {
                        return Some((off, ty));
                    }
                    off = off.checked_add(self.cells(&ty, 0)?)?;
                }
                Slot::Bits { .. } => off = off.checked_add(1)?,
            }
        }
        None
    }

    /// The size and alignment in bytes of a value of `ty` as CUDA lays it out (C's rules:
    /// each field at the next multiple of its alignment, the size rounded up to the largest
    /// alignment; CUDA's 2- and 4-component vector types aligned to their size). `None` for
    /// what the byte-addressed lowering does not lay out: unions, records with alignment or
    /// packing attributes, pointers (their bytes are never split), unknown types.
    pub(super) fn byte_size(&self, ty: &CType, depth: usize) -> Option<(u64, u64)> {
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

    /// The byte offset of each field of record `name` (its bases' first), with the record's
    /// size and alignment: clang's layout, read by the resolve stage ([`resolve::Layout`]),
    /// never derived here. A union's members all start at its first byte, so its fields
    /// overlap (they are views of the same bytes). `None` for what the byte-addressed
    /// lowering does not lay out: bit-fields, a vtable pointer or virtual base, a record
    /// clang's dump could not be matched to.
    pub(super) fn byte_fields(&self, name: &str, depth: usize) -> Option<(FieldBytes, u64, u64)> {
        if depth > 16 {
            return None;
        }
        let r = self.record_named(name)?;
        let layout = self.layouts.get(name)?;
        let mut fields = Vec::new();
        for (base, offset, empty) in self.laid_bases(name)? {
            if self.has_bit_fields(base) {
                return None;
            }
            match self.byte_fields(base, depth + 1) {
                Some((base_fields, _, _)) => {
                    for (off, ty) in base_fields {
                        fields.push((offset.checked_add(off)?, ty));
                    }
                }
                // An empty base holds no bytes of its own.
                None if empty => {}
                None => return None,
            }
        }
        let decls: Vec<&Node> = (r.inner.iter())
            .filter(|f| f.kind == Kind::FieldDecl)
            .collect();
        let laid: Vec<(&resolve::Member, &str)> = layout.fields().collect();
        if decls.len() != laid.len() {
            return None;
        }
        for (f, (m, name)) in decls.into_iter().zip(laid) {
            if f.name.as_deref().unwrap_or("") != name {
                return None;
            }
            // A bit-field shares its bytes with its neighbours: its memory location is laid
            // out below, after the other fields (`byte_field` finds those by name).
            if f.is_bitfield == Some(true) {
                continue;
            }
            if m.bits.is_some() || m.zero_width {
                return None;
            }
            fields.push((m.offset, CType::parse(f.qual_type())));
        }
        if self.has_bit_fields(name) {
            // Each memory location of bit-fields: the unsigned word of the bytes its bits
            // touch (`bit_field_bytes`).
            for slot in self.slots(name)? {
                if let Slot::Bits { start, bits, .. } = slot {
                    let (byte, word) = bitfields::location_bytes(start, bits)?;
                    let word = Scalar::Int {
                        bits: word,
                        signed: false,
                    };
                    fields.push((byte, CType::Scalar(word)));
                }
            }
        }
        if fields.is_empty() {
            return None;
        }
        // CUDA's `char2`..`double4` carry their alignment in mapcheck's header as in CUDA's.
        Some((fields, layout.size, layout.align))
    }

    /// The direct bases of record `name` with their byte offsets in it, as clang's layout
    /// places them, and whether each is empty. `None` when clang's layout is not known or
    /// does not match the bases (a virtual base, a vtable pointer).
    fn laid_bases(&self, name: &str) -> Option<Vec<(&'a str, u64, bool)>> {
        let r = self.record_named(name)?;
        let layout = self.layouts.get(name)?;
        let base_member = |t: &str| t.contains(" (base)") || t.contains(" (primary base)");
        if (layout.members.iter())
            .any(|m| m.text.starts_with('(') || m.text.contains("(virtual base)"))
        {
            return None;
        }
        let bases = base_names(r)?;
        let base_members: Vec<&resolve::Member> = (layout.members.iter())
            .filter(|m| base_member(&m.text))
            .collect();
        if bases.len() != base_members.len() {
            return None;
        }
        let mut laid = Vec::new();
        for (base, m) in bases.into_iter().zip(base_members) {
            // The dump names the base by the key clang prints: it must be this base's.
            let printed = m.text.split(" (").next().unwrap_or("");
            let printed = ["struct ", "class "]
                .iter()
                .find_map(|p| printed.strip_prefix(p))
                .unwrap_or(printed);
            if printed != resolve::shown(base) {
                return None;
            }
            laid.push((base, m.offset, m.text.ends_with("(empty)")));
        }
        Some(laid)
    }

    /// Where base `base` of record `derived` starts in it, in cells (`unit` `None`: the cell
    /// model, whose cells are the bases' fields first, in order — `fields`) or in units of
    /// `unit` bytes (clang's layout, for byte-addressed memory). A base reached through
    /// several levels (`D : C`, `C : A, B`) adds up its levels. `None` when `base` is not a
    /// base of `derived` or its place is not known (a virtual base, an offset that is not a
    /// multiple of the unit).
    pub(super) fn base_offset(&self, derived: &str, base: &str, unit: Option<u64>) -> Option<u64> {
        self.base_offset_at(derived, base, unit, 0)
    }

    fn base_offset_at(
        &self,
        derived: &str,
        base: &str,
        unit: Option<u64>,
        depth: usize,
    ) -> Option<u64> {
        if depth > 16 {
            return None;
        }
        match unit {
            None => {
                // The cell model holds for the derived record (no vtable, no bit-fields in a
                // base, no namesake fields).
                self.fields(derived)?;
                let mut at = 0u64;
                for b in base_names(self.record_named(derived)?)? {
                    if b == base {
                        return Some(at);
                    }
                    if let Some(inner) = self.base_offset_at(b, base, unit, depth + 1) {
                        return at.checked_add(inner);
                    }
                    for (_, fty) in self.fields(b)? {
                        at = at.checked_add(self.cells(&CType::parse(fty), 0)?)?;
                    }
                }
                None
            }
            Some(unit) => {
                for (b, offset, _) in self.laid_bases(derived)? {
                    let inner = if b == base {
                        Some(0)
                    } else {
                        self.base_offset_at(b, base, Some(1), depth + 1)
                    };
                    if let Some(inner) = inner {
                        let bytes = offset.checked_add(inner)?;
                        return bytes.is_multiple_of(unit).then(|| bytes / unit);
                    }
                }
                None
            }
        }
    }

    /// Whether a value of `ty` holds a union whose members cut its bytes into scalars of
    /// different sizes (`union { unsigned u; unsigned char b[4]; }`): its members are views
    /// of the same bytes that cells of one scalar each cannot show, so memory holding one is
    /// byte-addressed (`Lower::needed_units`).
    pub(super) fn holds_byte_union(&self, ty: &CType, depth: usize) -> bool {
        if depth > 16 {
            return false;
        }
        match ty {
            CType::Array(t, _) => self.holds_byte_union(t, depth + 1),
            CType::Record(name) => {
                (self.is_union(name) && self.union_cell_bytes(name).is_none())
                    || self.fields(name).is_some_and(|fields| {
                        (fields.iter())
                            .any(|(_, t)| self.holds_byte_union(&CType::parse(t), depth + 1))
                    })
            }
            _ => false,
        }
    }

    /// The scalars of a value of `ty`: their byte offsets from its start and types, in order
    /// (a union's members' scalars overlap).
    pub(super) fn byte_scalars(
        &self,
        ty: &CType,
        base: u64,
        out: &mut Vec<(u64, Scalar)>,
    ) -> Option<()> {
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
    pub(super) fn layout(&self, ty: &CType, depth: usize) -> Option<Layout> {
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
                if self.is_union(name) {
                    let fields = self
                        .fields(name)?
                        .into_iter()
                        .map(|(f, fty)| {
                            Some((f.to_string(), self.layout(&CType::parse(fty), depth + 1)?))
                        })
                        .collect::<Option<Vec<_>>>()?;
                    return Some(Layout::Record { fields });
                }
                // A run of bit-fields is one cell, named by its fields: `{lo,hi}`.
                let fields = self
                    .slots(name)?
                    .into_iter()
                    .map(|slot| match slot {
                        Slot::Field(f, fty) => {
                            Some((f.to_string(), self.layout(&CType::parse(fty), depth + 1)?))
                        }
                        Slot::Bits { fields, .. } => {
                            let names: Vec<&str> = (fields.iter())
                                .map(|f| f.name.as_str())
                                .filter(|n| !n.is_empty())
                                .collect();
                            Some((format!("{{{}}}", names.join(",")), Layout::Cell))
                        }
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Layout::Record { fields })
            }
            _ => None,
        }
    }
}

/// The names of the base classes of record `r`, in order; `None` when one is virtual.
fn base_names(r: &Node) -> Option<Vec<&str>> {
    let bases = r
        .bases
        .as_ref()
        .map_or(&[][..], |b| b.as_array().map_or(&[][..], |v| v));
    let mut names = Vec::new();
    for base in bases {
        if base.get("isVirtual").and_then(|v| v.as_bool()) == Some(true) {
            return None;
        }
        let ty = base.get("type")?;
        let name = ty
            .get("desugaredQualType")
            .or_else(|| ty.get("qualType"))?
            .as_str()?;
        names.push(
            name.strip_prefix("struct ")
                .or_else(|| name.strip_prefix("class "))
                .unwrap_or(name),
        );
    }
    Some(names)
}

/// The fields of a record with their byte offsets, in declaration order.
type FieldBytes = Vec<(u64, CType)>;

/// The index of `n` when it is `a[i]` (in parentheses or not) for an array `a` named by its
/// declaration.
fn element_of_decl(n: &Node) -> Option<&Node> {
    let mut n = n;
    while n.kind == Kind::ParenExpr {
        n = n.exprs().next()?;
    }
    if n.kind != Kind::ArraySubscriptExpr {
        return None;
    }
    let (mut base, index) = (child(n, 0)?, child(n, 1)?);
    loop {
        match base.kind {
            Kind::ParenExpr => base = base.exprs().next()?,
            Kind::ImplicitCastExpr if base.cast_kind == Some("ArrayToPointerDecay") => {
                base = base.exprs().next()?
            }
            Kind::DeclRefExpr => return Some(index),
            _ => return None,
        }
    }
}

/// Whether the record `r` (a class template's pattern, or a specialization for `arg`) is the
/// `SharedMemory<T>` idiom: no fields, no user-written constructor or destructor, at least one
/// conversion, and every conversion defined in the class as `{ extern __shared__ U a[];
/// return (arg *)a; }` with a result type of pointer to `arg`. Such a construction converted
/// to `arg *` is the start of the dynamic shared memory viewed through `arg`, whatever `arg` is.
fn shared_memory_class(r: &Node, arg: &str) -> bool {
    let bare = |t: &str| {
        t.replace("const", "")
            .replace("volatile", "")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
    };
    let mut conversions = 0;
    for m in &r.inner {
        let written = m.is_implicit != Some(true);
        match &m.kind {
            Kind::FieldDecl => return false,
            Kind::Other(k)
                if written && matches!(k.as_str(), "CXXConstructorDecl" | "CXXDestructorDecl") =>
            {
                return false
            }
            Kind::CXXConversionDecl => {
                conversions += 1;
                // `T *()` or `const T *() const`.
                let ty = m.qual_type();
                let result = ty.split('(').next().unwrap_or_default();
                if bare(result) != format!("{}*", bare(arg)) {
                    return false;
                }
                let Some(body) = m.inner.iter().find(|b| b.kind == Kind::CompoundStmt) else {
                    return false;
                };
                let stmts: Vec<&Node> = body.exprs().collect();
                let [decl, ret] = stmts.as_slice() else {
                    return false;
                };
                let array = decl.inner.iter().find(|v| v.kind == Kind::VarDecl);
                let Some(array) = array.filter(|v| {
                    decl.kind == Kind::DeclStmt
                        && decl.inner.len() == 1
                        && v.storage_class.as_deref() == Some("extern")
                        && v.has_attr("CUDASharedAttr")
                        && matches!(CType::parse(v.qual_type()), CType::Array(_, None))
                }) else {
                    return false;
                };
                if ret.kind != Kind::ReturnStmt {
                    return false;
                }
                let mut e = ret.exprs().next();
                while let Some(c) = e.filter(|c| {
                    matches!(
                        c.kind,
                        Kind::CStyleCastExpr
                            | Kind::ImplicitCastExpr
                            | Kind::ParenExpr
                            | Kind::CXXStaticCastExpr
                            | Kind::CXXReinterpretCastExpr
                    )
                }) {
                    e = c.exprs().next();
                }
                let refers = e.is_some_and(|d| {
                    d.kind == Kind::DeclRefExpr
                        && d.referenced_decl.as_ref().is_some_and(|r| r.id == array.id)
                });
                if !refers {
                    return false;
                }
            }
            _ => {}
        }
    }
    conversions > 0
}

/// Why constructing, holding or calling into a class would run code the lowering does not
/// follow: C++ runs constructors, destructors and virtual overrides without a call in the
/// source, so a class that has any is refused where it is used (never silently dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ClassCode {
    /// A virtual method: which body a call runs depends on the object's dynamic type.
    Virtual,
    /// A destructor other than the trivial one: it runs at the end of the object's scope.
    Destructor,
    /// A constructor that does more than copy its arguments into fields.
    Constructor,
    /// A class mapcheck has no definition of.
    Unseen,
    /// A namesake whose declaration the resolve stage could not decide (`Key@?`).
    Ambiguous,
}

impl ClassCode {
    pub(super) fn describe(self) -> &'static str {
        match self {
            ClassCode::Virtual => {
                "virtual methods (a call runs the override of the object's dynamic type)"
            }
            ClassCode::Destructor => {
                "a destructor that is not trivial (it runs where the object's lifetime ends)"
            }
            ClassCode::Constructor => {
                "a constructor that runs code (a body, a base initialiser, or a member \
                 initialiser other than a parameter or a literal)"
            }
            ClassCode::Unseen => "no definition mapcheck can see",
            ClassCode::Ambiguous => {
                "several definitions (classes of this name in different scopes), and nothing \
                 clang says of this object tells which one it is"
            }
        }
    }
}

impl<'a> Globals<'a> {
    /// The record named by `ty` (a class template's instance by its template's name too).
    fn record_of(&self, ty: &CType) -> Option<&'a Node> {
        let CType::Record(name) = ty else { return None };
        self.record_named(name)
    }

    fn class_flag(r: &Node, path: &[&str]) -> bool {
        let mut v = r.definition_data.as_ref();
        for key in path {
            v = v.and_then(|x| x.get(*key));
        }
        v.and_then(serde_json::Value::as_bool).unwrap_or(false)
    }

    /// Code that holding an object of type `ty` (a local, a temporary) runs unseen: a
    /// destructor, or virtual methods (whose calls the lowering could not resolve).
    pub(super) fn holding(&self, ty: &CType) -> Option<ClassCode> {
        let ty = match ty {
            CType::Array(t, _) => t,
            t => t,
        };
        let CType::Record(_) = ty else { return None };
        let Some(r) = self.record_of(ty) else {
            if let CType::Record(name) = ty {
                if resolve::is_unresolved(name) {
                    return Some(ClassCode::Ambiguous);
                }
            }
            return (!r_is_builtin(ty)).then_some(ClassCode::Unseen);
        };
        if Self::class_flag(r, &["isPolymorphic"]) {
            return Some(ClassCode::Virtual);
        }
        let dtor_trivial = Self::class_flag(r, &["dtor", "trivial"])
            || r.definition_data
                .as_ref()
                .and_then(|d| d.get("dtor"))
                .is_none();
        (!dtor_trivial).then_some(ClassCode::Destructor)
    }

    /// Code that the construction `n` (a `CXXConstructExpr`) of a `ty` runs that the lowering
    /// would not see: a user-written constructor with a body, a base initialiser or a member
    /// initialiser other than a parameter or a literal; an implicit one that is not trivial
    /// (it calls such a constructor of a member or base).
    pub(super) fn constructing(&self, n: &Node, ty: &CType) -> Option<ClassCode> {
        if let Some(code) = self.holding(ty) {
            return Some(code);
        }
        let ty = match ty {
            CType::Array(t, _) => t.as_ref(),
            t => t,
        };
        let r = self.record_of(ty)?;
        let ctor_type = n.ctor_type.as_ref().map(|t| t.canonical()).unwrap_or("");
        let ctor = r.inner.iter().find(|c| {
            matches!(&c.kind, Kind::Other(k) if k == "CXXConstructorDecl")
                && c.qual_type() == ctor_type
        });
        // An implicit or defaulted constructor (or one clang did not list: it lists those it
        // uses) does only what the class's special member does: trivial when the class says so.
        let special_is_trivial = || {
            let special = if ctor_type.ends_with("()") {
                "defaultCtor"
            } else if ctor_type.contains("&&") {
                "moveCtor"
            } else {
                "copyCtor"
            };
            !Self::class_flag(r, &[special, "nonTrivial"])
        };
        let ctor = match ctor {
            Some(c) if c.is_implicit != Some(true) && c.explicitly_defaulted.is_none() => c,
            _ => return (!special_is_trivial()).then_some(ClassCode::Constructor),
        };
        // Defined outside the class: its initialisers and body are the definition's.
        let ctor = self
            .ctor_definitions
            .get(ctor.id.as_str())
            .copied()
            .unwrap_or(ctor);
        if !ctor.inner.iter().any(|b| b.kind == Kind::CompoundStmt) {
            return Some(ClassCode::Unseen);
        }
        let plain_value = |e: &Node| {
            let mut e = e;
            loop {
                match &e.kind {
                    Kind::ImplicitCastExpr | Kind::ParenExpr => match e.exprs().next() {
                        Some(c) => e = c,
                        None => return false,
                    },
                    Kind::IntegerLiteral | Kind::FloatingLiteral | Kind::CXXBoolLiteralExpr => {
                        return true
                    }
                    Kind::DeclRefExpr => {
                        return e.referenced_decl.as_ref().is_some_and(
                            |d| matches!(&d.kind, Some(Kind::Other(k)) if k == "ParmVarDecl"),
                        )
                    }
                    _ => return false,
                }
            }
        };
        for part in &ctor.inner {
            match &part.kind {
                Kind::CompoundStmt if !part.inner.is_empty() => {
                    return Some(ClassCode::Constructor)
                }
                Kind::Other(k) if k == "CXXCtorInitializer" => {
                    let field = part.any_init.is_some();
                    if !field || !part.exprs().all(plain_value) {
                        return Some(ClassCode::Constructor);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

impl<'a> Globals<'a> {
    /// The definition of the constructor written by the user (in the class or outside it) that
    /// the construction `n` of `ty` runs; `None` for an implicit or defaulted one, or one whose
    /// body mapcheck does not see.
    pub(super) fn written_ctor(&self, n: &Node, ty: &CType) -> Option<&'a Node> {
        let r = self.record_of(ty)?;
        let ctor_type = n.ctor_type.as_ref().map(|t| t.canonical())?;
        let decl = r.inner.iter().find(|c| {
            matches!(&c.kind, Kind::Other(k) if k == "CXXConstructorDecl")
                && c.qual_type() == ctor_type
                && c.is_implicit != Some(true)
                && c.explicitly_defaulted.is_none()
        })?;
        let def = self
            .ctor_definitions
            .get(decl.id.as_str())
            .copied()
            .unwrap_or(decl);
        def.inner
            .iter()
            .any(|b| b.kind == Kind::CompoundStmt)
            .then_some(def)
    }
}

/// mapcheck's own vector types and CUDA's built-in records, which have no code.
fn r_is_builtin(ty: &CType) -> bool {
    let CType::Record(name) = ty else {
        return false;
    };
    name.starts_with("__") || name.contains("cooperative_groups::")
}

/// [`Globals::pointer_targets`]: the function-pointer variables initialised with a function
/// whose every use is a load (an `LValueToRValue` cast of the name) — never assigned, never
/// incremented, never bound to a reference or has its address taken — with the function each
/// holds in every run.
fn pointer_targets(root: &Node) -> HashMap<&str, &str> {
    // `f`, `&f`, through casts and parentheses.
    fn function_named(n: &Node) -> Option<&str> {
        let n = match n.kind {
            Kind::UnaryOperator if n.opcode == Some("&") => n.exprs().next()?,
            _ => n,
        };
        callee_decl(n)
            .filter(|d| matches!(d.kind, Some(Kind::FunctionDecl | Kind::CXXMethodDecl)))
            .map(|d| d.id.as_str())
    }
    let mut targets = HashMap::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.kind == Kind::VarDecl && n.qual_type().contains("(*") {
            if let Some(f) = n.exprs().next().and_then(function_named) {
                targets.insert(n.id.as_str(), f);
            }
        }
        stack.extend(n.inner.iter());
    }
    // Every use of such a variable must be a load.
    let mut stack: Vec<(&Node, Option<&Node>)> = vec![(root, None)];
    while let Some((n, parent)) = stack.pop() {
        if n.kind == Kind::DeclRefExpr {
            if let Some(d) = &n.referenced_decl {
                let load = parent.is_some_and(|p| {
                    p.kind == Kind::ImplicitCastExpr && p.cast_kind == Some("LValueToRValue")
                });
                if !load {
                    targets.remove(d.id.as_str());
                }
            }
        }
        stack.extend(n.inner.iter().map(|c| (c, Some(n))));
    }
    targets
}

/// Whether `f` is the declaration of a reference member (`int &total;`).
pub(super) fn is_reference_field(f: &Node) -> bool {
    f.kind == Kind::FieldDecl && matches!(CType::parse(f.qual_type()), CType::Reference(_))
}
