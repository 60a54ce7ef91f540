//! The kernel's arrays: declaring core arrays with the layouts the source gave them, the
//! array of file-scope memory, and byte-addressed memory: the types each array is viewed
//! through, which arrays those views make byte-addressed and the cell size they need, the
//! cells a view's scalars cover. The dynamic shared memory (`extern __shared__`) is
//! byte-addressed as soon as two of its views differ in layout; any other array when a cast
//! views it through a type whose cells do not line up with its own.

use super::*;

/// The bytes of a view: its scalars as (offset, size, whether the core value is the bytes),
/// and its size (`Lower::shape`).
type Shape = (Vec<(u64, u64, bool)>, u64);

impl Lower<'_, '_> {
    // ---- arrays ----

    /// Declares the core array `name`, with the shape the source gave it (`layout`); an array
    /// declared again with another shape (views of dynamic shared memory) keeps none, and a
    /// byte-addressed one has the layout of its bytes.
    pub(super) fn declare(&mut self, name: &str, space: Space, span: Span, layout: Option<Layout>) {
        let k = self.ordinal(name);
        let layout = match self.byte_units.get(&k) {
            Some(&unit) => Some(Layout::Bytes { unit }),
            None => layout,
        };
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

    /// The order in which the kernel first declared the core array `name`, given it now if
    /// it has none: the key of `byte_units`, the same in every lowering of the kernel.
    fn ordinal(&mut self, name: &str) -> usize {
        let next = self.array_order.len();
        *self.array_order.entry(name.to_string()).or_insert(next)
    }

    // ---- byte-addressed memory ----

    /// Records a type through which the core array `array` is viewed.
    pub(super) fn view(&mut self, array: &str, ty: &CType) {
        if *ty == CType::Void {
            return;
        }
        let views = self.views.entry(array.to_string()).or_default();
        if !views.contains(ty) {
            views.push(ty.clone());
        }
    }

    /// The types through which the dynamic shared memory is viewed.
    fn shared_views(&self) -> &[CType] {
        self.dynamic_shared
            .as_ref()
            .and_then(|d| self.views.get(d))
            .map_or(&[], Vec::as_slice)
    }

    /// The bytes a value of `ty` occupies: its scalars as (offset, size, whether the core value
    /// of the scalar is its bytes), and its size. Two views of one shape address the same bytes
    /// cell for cell, and store the same values in them for the same bytes: a `double`, whose
    /// payload is not its bytes, does not share a shape with a `long long`.
    pub(super) fn shape(&self, ty: &CType) -> Option<Shape> {
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

    /// The cell size of each array the next lowering must byte-address, by its order
    /// (`byte_units`): the greatest common size of the scalars of its views. The dynamic
    /// shared memory needs it when its views have two shapes (cell for cell is exact while
    /// they all have one), unless a template type parameter views it (`check_template_view`);
    /// another array when a cast did not line up (`mixed`) or two of its views do not (two
    /// casts of one `void *`); and an array already byte-addressed keeps it (a smaller cell
    /// when a view needs one). An array whose views have no layout keeps the unit it had, or
    /// none: its accesses through those views stay of an unknown cell.
    pub(super) fn needed_units(&self) -> BTreeMap<usize, u64> {
        let mut needed = BTreeMap::new();
        for (array, &k) in &self.array_order {
            let views = self.views.get(array).map_or(&[][..], Vec::as_slice);
            let mut shapes = Vec::new();
            for v in views {
                if let Some(s) = self.shape(v) {
                    if !shapes.contains(&s) {
                        shapes.push(s);
                    }
                }
            }
            let had = self.byte_units.get(&k).copied();
            // A union of a word and its bytes viewed in the array: its members overlap in
            // ways only bytes show.
            let unions = views.iter().any(|v| self.g.holds_byte_union(v, 0));
            let wanted = if self.dynamic_shared.as_deref() == Some(array.as_str()) {
                (shapes.len() >= 2 || unions) && self.template_view.is_none()
            } else {
                unions
                    || self.mixed.contains(array)
                    || !views
                        .iter()
                        .all(|a| views.iter().all(|b| self.lines_up(a, b)))
            };
            if !wanted && had.is_none() {
                continue;
            }
            let unit = shapes
                .iter()
                .flat_map(|(scalars, _)| scalars.iter().map(|(_, b, _)| *b))
                .fold(0, gcd);
            if let Some(unit) = (unit > 0).then_some(unit).or(had) {
                needed.insert(k, unit);
            }
        }
        needed
    }

    /// The cell size of `array` when it is byte-addressed.
    pub(super) fn byte_array(&self, array: &str) -> Option<u64> {
        let k = self.array_order.get(array)?;
        self.byte_units.get(k).copied()
    }

    /// The number of cells of `array` a value of `ty` occupies (`None`: not laid out there).
    pub(super) fn cells_in(&self, array: &str, ty: &CType) -> Option<u64> {
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
    /// a scalar does not fall on whole cells or the type is not laid out. A value whose
    /// scalars overlap (a whole union) covers every cell of its bytes, each an unsigned
    /// integer of the cell's size: which member's scalars its bytes hold is not known.
    pub(super) fn byte_cells(&self, array: &str, ty: &CType) -> Option<Vec<(u64, u64, Scalar)>> {
        let unit = self.byte_array(array)?;
        let mut scalars = Vec::new();
        self.g.byte_scalars(ty, 0, &mut scalars)?;
        let mut spans: Vec<(u64, u64)> = (scalars.iter())
            .map(|&(off, s)| (off, off + scalar_bytes(s)))
            .collect();
        spans.sort_unstable();
        if spans.windows(2).any(|w| w[1].0 < w[0].1) {
            let (size, _) = self.g.byte_size(ty, 0)?;
            let bits = u32::try_from(8 * unit).ok()?;
            return (size.is_multiple_of(unit)).then(|| {
                (0..size / unit)
                    .map(|k| {
                        (
                            k,
                            1,
                            Scalar::Int {
                                bits,
                                signed: false,
                            },
                        )
                    })
                    .collect()
            });
        }
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

    /// `SharedMemory<T>()` in a template kernel read from its pattern: the start of the
    /// dynamic shared memory, in cells of the type parameter `T` (held by its stand-in).
    pub(super) fn template_shared(&mut self, span: Span) -> Ptr {
        let name = self.dynamic_shared_name("dynamic_shared");
        self.template_view.get_or_insert(span);
        let elem = CType::Scalar(Scalar::Float(32));
        let layout = self
            .g
            .layout(&CType::Array(Box::new(elem.clone()), None), 0);
        self.declare(&name, Space::Shared, span, layout);
        Ptr::To {
            array: name,
            off: int(0, span),
            pointee: elem,
            within: None,
        }
    }

    /// The core name of the kernel's dynamic shared memory: the one it has, or a fresh one
    /// made of `base` (the first name the kernel gives it).
    fn dynamic_shared_name(&mut self, base: &str) -> String {
        if let Some(name) = &self.dynamic_shared {
            return name.clone();
        }
        let name = self.fresh(base);
        self.dynamic_shared = Some(name.clone());
        name
    }

    /// The core array of the kernel's dynamic shared memory, declared (without a view) if the
    /// kernel has not named it yet: what a callee without a body may reach.
    pub(super) fn dynamic_shared_array(&mut self, span: Span) -> String {
        let name = self.dynamic_shared_name("dynamic_shared");
        self.declare(&name, Space::Shared, span, None);
        name
    }

    /// The error of a kernel that views its dynamic shared memory through a template type
    /// parameter and through another type (their relative sizes are unknown).
    pub(super) fn check_template_view(&mut self) {
        let Some(span) = self.template_view else {
            return;
        };
        if !self.shared_views().is_empty() {
            self.error(
                span,
                "the dynamic shared memory is viewed through a template type parameter here \
                 and elsewhere through another type: which cells of one overlap the other \
                 depends on the template arguments",
                "in a template kernel clang never instantiated",
            );
        }
    }

    /// The core array of a file-scope or kernel-scope memory declaration.
    pub(super) fn memory_array(&mut self, decl: &Node, space: Space, span: Span) -> Option<Place> {
        let ty = CType::parse(decl.qual_type());
        let is_extern = decl.storage_class.as_deref() == Some("extern");
        if space == Space::Shared && is_extern && matches!(ty, CType::Array(_, None)) {
            // Every `extern __shared__` array of a kernel is the same memory, named in reports
            // as the first declaration that views it names it (issue 35: the source's names).
            let elem = ty.pointee().cloned().unwrap_or(CType::Void);
            if let Some(name) = &decl.name {
                self.display_name(name, name.clone());
            }
            let name = self.dynamic_shared_name(decl.name.as_deref().unwrap_or("dynamic_shared"));
            let first = self.shared_views().first().cloned();
            self.view(&name, &elem);
            self.ordinal(&name);
            if self.byte_array(&name).is_some() {
                self.declare(&name, Space::Shared, span, None);
                return Some(Place::Mem {
                    array: name,
                    off: int(0, span),
                    ty,
                    bounds: Vec::new(),
                    whole: false,
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
                bounds: Vec::new(),
                whole: false,
            });
        }
        let name = match self.array_names.get(&decl.id) {
            Some(n) => n.clone(),
            None => {
                if let Some(name) = &decl.name {
                    self.display_name(name, name.clone());
                }
                let n = self.fresh(decl.name.as_deref().unwrap_or("mem"));
                self.array_names.insert(decl.id.clone(), n.clone());
                n
            }
        };
        let layout = self.g.layout(&ty, 0);
        self.declare(&name, space, span, layout);
        let elem = match &ty {
            CType::Array(elem, _) => (**elem).clone(),
            other => other.clone(),
        };
        self.view(&name, &elem);
        // The object's extent, which an access through a pointer into it must stay within
        // (an array of unknown size, `extern` or not, has none).
        let extent = match &ty {
            CType::Array(_, Some(n)) => i64::try_from(*n).ok().filter(|n| *n > 0),
            CType::Array(_, None) => None,
            _ => Some(1),
        };
        if let Some(n) = extent {
            self.extents.insert(name.clone(), (n, elem));
        }
        Some(Place::Mem {
            array: name,
            off: int(0, span),
            ty,
            bounds: Vec::new(),
            whole: false,
        })
    }
}
