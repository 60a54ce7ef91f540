//! The lowering of clang's typed AST to the BabyCUDA core (SPEC §8): one core kernel per
//! `__global__` function (per instantiation, for templates; a template without one is read
//! from its pattern, standing for every instantiation: `pattern.rs`).
//!
//! The rule of the whole module: every construct is lowered with its exact semantics,
//! over-approximated with a named reason (a `let x = ?;` whose name says what it stands for,
//! which makes the kernel data-dependent), or refused with a located error. Nothing is
//! dropped. What clang resolved is honoured as it resolved it:
//!
//! * **Places.** An lvalue lowers to a `Place`: a local variable (by clang's declaration
//!   id), a cell of an array, any cell of several arrays, thread-private memory, or a
//!   built-in. A thread's own array or struct is a cell of the core array that stands for it
//!   (`own.rs`), so that its accesses are checked against its bounds; that array is never
//!   written. A reference (`int &r = a[i]`, a reference parameter of an inlined function) is
//!   bound to the place it refers to, so a write through it writes that cell.
//! * **Values.** Integer values carry their C type; `ImplicitCastExpr` applies C's
//!   conversions (to `bool`, truncation, sign changes); unsigned 32-bit `+ - * <<` wrap modulo
//!   2^32 (by a mask, skipped where an interval bound shows the value cannot leave the range),
//!   which is exact in both arithmetic modes. Signed `/` and `%` truncate toward zero. Floats
//!   are values mapcheck does not follow; their literals keep their bit pattern, so that two
//!   writes of the same literal compare equal.
//! * **Pointers** are (array, offset in cells) pairs. A pointer chosen by a condition in scope
//!   (`c ? p : q`, re-pointed on a branch) is `Ptr::Sel`, its accesses lowered by cases; any
//!   other pointer that may point into different arrays is `Ptr::Many`: its accesses are
//!   accesses of an unknown cell of every candidate.
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

mod access;
mod asm;
mod bitfields;
mod builtins;
mod calls;
mod closed_forms;
mod convert;
mod counted;
mod evaluate;
mod globals;
mod inline;
mod intrinsics;
mod kernel;
mod launches;
mod loop_shapes;
mod loops;
mod memory;
mod nodes;
mod operators;
mod own;
mod pattern;
mod places;
mod ranges;
mod records;
mod rvalue;
mod slots;
mod stmts;
mod switch;
mod terms;
mod trip_count;
mod unions;

use super::ast::{Kind, Node};
use super::attributes::{self, Handling};
use super::closed;
use super::resolve;
use super::truncdiv::trunc_div;
use super::types::{is_cuda_vector, scalar_bytes, CType, Scalar};
use crate::cuda::{ItemError, Options};
use access::*;
use bitfields::{is_c_width, BitField, Slot};
use inline::Order;
use loop_shapes::*;
use mapcheck_core::arith::Arith;
use mapcheck_core::ast::*;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::layout::Layout;
use mapcheck_core::span::Span;
use mapcheck_core::Structural;
use nodes::*;
use operators::*;
use places::*;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use terms::*;

use globals::ClassCode;
pub use globals::Globals;
pub use kernel::{kernel_label, lower_all, Included};

const MAX_INLINE_DEPTH: usize = 12;
const MAX_STATEMENTS: usize = 200_000;
const MAX_STRUCT_CELLS: u64 = 256;

/// A pointer value.
#[derive(Clone, Debug, PartialEq)]
enum Ptr {
    /// Into `array`, `off` cells from its start; the pointee type; the sub-array of the
    /// declared object it points into, when it is one (`Within`).
    To {
        array: String,
        off: Expr,
        pointee: CType,
        within: Option<Box<Within>>,
    },
    /// Into one of these arrays, at an offset the lowering does not follow.
    Many(Vec<String>),
    /// Into thread-private memory: a temporary, or a local array or struct with no stand-in
    /// (`own.rs`).
    Private,
    /// To a followed local scalar (`&i`), by declaration id: a write through it changes the
    /// local.
    Local(String),
    /// Anywhere: a pointer from an unknown source.
    Unknown,
    /// `c ? p : q`, both pointers into memory the lowering names (`To` or `Sel`), the
    /// condition in scope and free of side effects: an access through it is lowered by cases
    /// (issue 14 item 2).
    Sel(Box<Cond>, Box<Ptr>, Box<Ptr>),
}

/// The array object a pointer points into when it is a sub-array of the declared object — a
/// row (`int *row = a[y]`, `&a[y][0]` of `int a[4][8]`), an array field (`int *p = s.v`) —
/// rather than the declared object itself (session 22). C++ [expr.add]/4: `P + J` for `P` into
/// element `i` of an array object of `n` elements is defined for `0 <= i + J <= n`, and that
/// array object is the row, not the whole 2-D array: `row[8]` is undefined although the cell,
/// `a[y + 1][0]`, is inside `a`. An access through the pointer, dereferenced as its own
/// pointee (the row's element type), checks `index < extent` in the dimension after `bounds`,
/// and `bounds` (the subscripts that led to the row: `y < 4`) too. A pointer into the
/// declared object itself has none (`Lower::element_bound` checks it against its extent); a
/// cast to another pointee drops it (a view: the whole object is checked), and so does any
/// pointer the lowering rebuilds (a loop's closed form, a join).
#[derive(Clone, Debug, PartialEq)]
struct Within {
    /// The subscripts that led to the sub-array, of the declared object's outer dimensions.
    bounds: Vec<Bound>,
    /// The index, in the sub-array, of the element the pointer points to.
    index: Expr,
    /// The sub-array's number of elements.
    extent: i64,
}

impl Ptr {
    /// The arrays it may point into (none for private memory); `None` for a local or an
    /// unknown pointer.
    fn arrays(&self) -> Option<Vec<String>> {
        match self {
            Ptr::To { array, .. } => Some(vec![array.clone()]),
            Ptr::Many(v) => Some(v.clone()),
            Ptr::Private => Some(Vec::new()),
            Ptr::Local(_) | Ptr::Unknown => None,
            Ptr::Sel(_, a, b) => {
                let mut x = a.arrays()?;
                x.extend(b.arrays()?);
                x.sort();
                x.dedup();
                Some(x)
            }
        }
    }

    /// The pointer without its cases: a selection is a pointer into any cell of its arrays.
    fn coarse(self) -> Ptr {
        match self {
            Ptr::Sel(..) => match self.arrays() {
                Some(v) if v.is_empty() => Ptr::Private,
                Some(v) => Ptr::Many(v),
                None => Ptr::Unknown,
            },
            p => p,
        }
    }

    /// `c ? a : b`: by cases when both name their memory, else any cell of both.
    fn select(c: Cond, a: Ptr, b: Ptr) -> Ptr {
        if a.same_shape(&b) {
            return a;
        }
        let named = |p: &Ptr| matches!(p, Ptr::To { .. } | Ptr::Sel(..));
        if named(&a) && named(&b) {
            Ptr::Sel(Box::new(c), Box::new(a), Box::new(b))
        } else {
            operators::join_ptr(a, b)
        }
    }
}

impl Structural for Ptr {
    fn erase_spans(&mut self) {
        match self {
            Ptr::To { off, within, .. } => {
                off.erase_spans();
                if let Some(w) = within {
                    w.index.erase_spans();
                    for b in &mut w.bounds {
                        b.index.erase_spans();
                    }
                }
            }
            Ptr::Sel(c, a, b) => {
                c.erase_spans();
                a.erase_spans();
                b.erase_spans();
            }
            Ptr::Many(_) | Ptr::Private | Ptr::Local(_) | Ptr::Unknown => {}
        }
    }
}

/// The value of a C expression.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    Num(Expr, Scalar),
    Bool(Cond),
    Ptr(Ptr),
    /// The value of a struct followed field by field (`records.rs`), by field name.
    Fields(Vec<(String, Val)>),
    /// A struct value, a function, `void`: nothing the lowering computes with.
    Opaque,
}

impl Val {
    /// The value `e` of C type `s`: a `bool` is its comparison with 0.
    fn of_scalar(e: Expr, s: Scalar, span: Span) -> Val {
        match s {
            Scalar::Bool => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
            s => Val::Num(e, s),
        }
    }
}

/// Values compare by shape ([`Structural::same_shape`]): the same value computed at two places
/// of the source is the same value.
impl Structural for Val {
    fn erase_spans(&mut self) {
        match self {
            Val::Num(e, _) => e.erase_spans(),
            Val::Bool(c) => c.erase_spans(),
            Val::Ptr(p) => p.erase_spans(),
            Val::Fields(f) => f.iter_mut().for_each(|(_, v)| v.erase_spans()),
            Val::Opaque => {}
        }
    }
}

/// What a C lvalue designates.
#[derive(Clone, Debug)]
enum Place {
    /// A local variable or by-value parameter, by declaration id.
    Local(String, CType),
    /// Cell `off` of `array` (the first cell of a struct or array element), of type `ty`;
    /// `bounds` are the subscripts of dimensions of fixed size that led to it (`tile[y][x]`
    /// of `float tile[32][33]`: `y < 32` and `x < 33`), which every access of the place
    /// carries (`Access::bounds`, `places.rs`). `whole` when the place was reached through a
    /// pointer (a cast view, `p = s + 60`, an array passed to a helper): the subscripts that
    /// led to it are of the view, not of the declared object, so each access of it is checked
    /// against the extent of the whole object it points into instead (`Lower::object_bounds`).
    Mem {
        array: String,
        off: Expr,
        ty: CType,
        bounds: Vec<Bound>,
        whole: bool,
    },
    /// An unknown cell of one of these arrays.
    Many(Vec<String>, CType),
    /// Thread-private memory.
    Private(CType),
    /// A CUDA built-in variable (`threadIdx`, ...): its components are read-only values.
    Builtin,
    /// Memory the lowering cannot name (a pointer from nowhere): refused where written.
    Unknown(CType),
    /// `c ? p : q` for a pointer selected by cases (`Ptr::Sel`): an access is one of `p` where
    /// `c` holds, one of `q` elsewhere.
    Sel(Box<Cond>, Box<Place>, Box<Place>),
    /// Element `index` of the followed local array of integers `id` of `len` elements, the
    /// index not a constant the lowering knows (`slots.rs`).
    Element {
        id: String,
        len: usize,
        index: Expr,
        ty: CType,
    },
    /// The bytes from byte `off` of the thread's own union `id` followed byte by byte
    /// (`unions.rs`), viewed as `ty`.
    UnionBytes { id: String, off: Expr, ty: CType },
    /// Bit-field `field` of the memory location whose cell is `word` (`bitfields.rs`), `bits`
    /// wide: an access reads, or reads and rewrites, the whole location.
    Bits {
        word: Box<Place>,
        field: BitField,
        bits: u32,
    },
}

impl Place {
    fn ty(&self) -> CType {
        match self {
            Place::Local(_, t)
            | Place::Mem { ty: t, .. }
            | Place::Many(_, t)
            | Place::Private(t)
            | Place::Element { ty: t, .. }
            | Place::UnionBytes { ty: t, .. }
            | Place::Unknown(t) => t.clone(),
            Place::Bits { field, .. } => field.ty.clone(),
            Place::Builtin => CType::Other("dim3".into()),
            Place::Sel(_, a, _) => a.ty(),
        }
    }

    /// The arrays it may be a cell of; `None` for a local, a built-in or unknown memory.
    fn arrays(&self) -> Option<Vec<String>> {
        match self {
            Place::Mem { array, .. } => Some(vec![array.clone()]),
            Place::Bits { word, .. } => word.arrays(),
            Place::Many(v, _) => Some(v.clone()),
            Place::Private(_) => Some(Vec::new()),
            Place::Local(..)
            | Place::Element { .. }
            | Place::UnionBytes { .. }
            | Place::Builtin
            | Place::Unknown(_) => None,
            Place::Sel(_, a, b) => {
                let mut x = a.arrays()?;
                x.extend(b.arrays()?);
                x.sort();
                x.dedup();
                Some(x)
            }
        }
    }

    /// The place without its cases (any cell of its arrays), as type `ty`.
    fn coarse(self, ty: CType) -> Place {
        match self {
            Place::Sel(..) => match self.arrays() {
                Some(v) if v.is_empty() => Place::Private(ty),
                Some(v) => Place::Many(v, ty),
                None => Place::Unknown(ty),
            },
            p => p,
        }
    }
}

/// What a local declaration is bound to.
#[derive(Clone, Debug)]
enum Binding {
    Val(Val),
    /// A reference: the place it refers to.
    Ref(Place),
    /// A local array or struct: thread-private memory, whose place is its stand-in's
    /// (`own.rs`) when it has one.
    Private,
    /// A struct of this type followed field by field: field `f` is the local `ID.f`
    /// (`records.rs`).
    Record(CType),
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
    /// The values returned so far (one per `return`), each with the condition under which it
    /// returns (the guards between the function's body and the `return`, `None` where one
    /// of them is not an `if` or a block's guard); joined into the call's value.
    returns: Vec<(Option<Cond>, Val)>,
    ret_ty: CType,
    /// The function returns a reference (`T &f()`): each `return e` gives the address of the
    /// place `e` designates (no read of it), and the call designates that place.
    by_ref: bool,
    /// The length of `Lower::path` when the body started.
    path_base: usize,
    /// Where the call is in the main file (the innermost call there, for a call made inside
    /// an included file): what the body's statements report when their own text is in
    /// another file, instead of the whole kernel.
    site: Span,
    /// The function is one the compiler wrote (an implicit copy assignment or constructor,
    /// `isImplicit`): its statements have no text of their own, so they report the call.
    implicit: bool,
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
    /// The base each core name was made of ([`Lower::fresh`]), and the innermost inlined call
    /// it was made in: with [`Lower::displays`], the kernel's `SourceNames` (what reports
    /// print for it, issue 35 item 2).
    bases: BTreeMap<String, (String, Option<Span>)>,
    /// How the source spells what a base stands for, for the bases that are the source's
    /// (a parameter, local, field or array name; `t_x` of a record `t`'s field `x` is `t.x`,
    /// the slot `a_3` of a local array is `a[3]`). Bases the lowering makes up to say why
    /// (`old`, `float`, `trips`) are not here: reports describe those by their statement.
    displays: HashMap<String, String>,
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
    /// The types through which the kernel views each core array: the element type it was
    /// declared with (a pointer parameter's pointee, a `__shared__` array's element, each
    /// `extern __shared__` declaration's) and the pointee types of casts of pointers into it.
    views: BTreeMap<String, Vec<CType>>,
    /// The arrays (other than the dynamic shared memory) a cast views through a type whose
    /// cells do not line up with theirs (`(float *)` of a `char *`, `(int *)` of an array of
    /// 16-byte structs): the next lowering byte-addresses them.
    mixed: BTreeSet<String>,
    /// The byte-addressed arrays, by the order in which the kernel first declares them (the
    /// same in every lowering of it), in cells of this many bytes (the greatest common size of
    /// the views' scalars): every access covers the cells of its bytes. An array not here is
    /// addressed cell for cell, a cell being an element of its first view.
    byte_units: BTreeMap<usize, u64>,
    /// The order in which each core array was first declared (`byte_units`' key).
    array_order: HashMap<String, usize>,
    /// Where a template kernel read from its pattern views the dynamic shared memory through
    /// a type parameter (`SharedMemory<T>()`). Cells of `T` are exact only while no other
    /// view exists: any other view of it in `views` then refuses the kernel.
    template_view: Option<Span>,
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
    /// The guards of the statements being lowered, outermost first, as emitted: the condition
    /// of each enclosing `if` branch and of each block's rest after a conditional exit; `None`
    /// for a statement that lowers its parts under guards of its own (loops, `switch`).
    path: Vec<Option<Cond>>,
    /// Pointers the next counted loop body binds at each iteration's start to a selection by
    /// the iteration's parity (a swap of two pointers: see `Lower::pointer_swap`).
    ptr_presets: HashMap<String, Ptr>,
    /// The value parameters of a template kernel read from its pattern: kernel parameters.
    template_values: Vec<pattern::ValueParam>,
    /// The core names of the kernel's integer parameters (not floats, which are `i64`s too).
    int_params: HashSet<String>,
    /// Integer parameters assumed multiples of a power of two: a pitch `p` in a byte offset
    /// `(U *)((char *)q + y * p)` is assumed a multiple of `sizeof(U)` (`assume p % k == 0;`
    /// at the kernel's start), as `cudaMallocPitch` returns it.
    assumed_multiples: BTreeMap<String, i64>,
    /// The `assume`s of `assert`, `__assume` and `__builtin_assume` (not `__requires`), by
    /// span: they constrain the statements after them, not the whole kernel (SPEC §8,
    /// "Assumptions have a position"), and become guards of those statements
    /// ([`Lower::stop_at_assumptions`]) once the kernel's body is lowered.
    positional: HashSet<Span>,
    /// Local arrays of pointers followed element by element (`slots.rs`), by declaration id:
    /// their element type and length.
    slot_arrays: HashMap<String, (CType, usize)>,
    /// The thread's own unions followed byte by byte (`unions.rs`), by declaration id: their
    /// size in bytes.
    union_locals: HashMap<String, u64>,
    /// The core arrays of a fixed size (a `__shared__` or `__device__` array, scalar or
    /// struct, and the stand-in of a thread's own one, `own.rs`; not `extern __shared__` nor
    /// the memory of a pointer parameter): the extent of
    /// the declared object's outermost dimension (1 for a scalar or a struct) and the type of
    /// its elements. An access through a pointer into one must stay within the whole object
    /// (`Lower::object_bounds`).
    extents: HashMap<String, (i64, CType)>,
    /// The core array standing for each thread-private local array of a fixed size, by
    /// declaration id: read (never written) at the index of each access whose bound the
    /// lowering cannot settle, so that the index is asked about as any other bound
    /// (`Lower::local_check`, and the stand-ins of `own.rs`).
    local_checks: HashMap<String, String>,
    /// The core arrays that stand for a thread's own objects (`own.rs`): only ever read, at
    /// the accesses whose bounds need a check.
    own_objects: HashSet<String>,
    /// The variables bound by those checks' reads (and a `const` table's, `access.rs`), which
    /// stand for what a read outside the array gives (any value): a condition that uses one
    /// under a guard takes a fresh unknown for it instead (`Lower::guarded`).
    outside_values: HashSet<String>,
    /// Why the last counted form tried for the loop being lowered was refused, when its step
    /// or bound is the cause: the general loop names its unknown trip count by it.
    loop_why: Option<&'static str>,
    /// The dimensions a launch of the kernel in the file's host code may make larger than 1
    /// (`launches.rs`): read as far as the launch conventions are concerned.
    launched: BTreeSet<String>,
    /// The reads the left operand of the `&&`/`||` being lowered made at its top level, as
    /// `(array, index, value)`: the right operand's reads of the same cells take these
    /// values instead of reading again (`operators.rs`, issue 38 item 4).
    shared_reads: Vec<(String, Expr, Expr)>,
    /// Core names whose value is the same for every thread of a block (see
    /// [`Lower::is_uniform`]): the kernel's parameters, counted loops' variables over uniform
    /// starts and steps, and the pure `let`s of such names. A name not here may differ.
    uniform: HashSet<String>,
    /// The `let`s of the initialised constants the kernel reads (`Globals::initialised`),
    /// placed at the kernel's start, and each constant's value by declaration id.
    prologue: Vec<Stmt>,
    initialised: HashMap<String, Val>,
    /// An initialiser of a constant is being lowered: `__builtin_is_constant_evaluated()` is
    /// true there (C++ [expr.const]: a `constexpr` variable's initialiser is manifestly
    /// constant-evaluated), false in code that runs.
    constant_evaluated: bool,
    /// The next inlined call returns a reference that is read at once (`x = std::min(a, b)`):
    /// its `return`s give the values they name, as by-value returns, so that `return b < a
    /// ? b : a;` of two references is the value chosen, not a choice of places.
    read_at_once: bool,
    /// The CUDA statement being lowered, innermost (its [`Lower::span`]): the `let`s the
    /// lowering introduces for it lie in its text ([`Lower::bound`]).
    statement: Option<Span>,
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
            bases: BTreeMap::new(),
            displays: HashMap::new(),
            env: HashMap::new(),
            local_names: HashMap::new(),
            ranges: HashMap::new(),
            errors: Vec::new(),
            emitted: 0,
            frames: Vec::new(),
            loop_exits: Vec::new(),
            dynamic_shared: None,
            views: BTreeMap::new(),
            mixed: BTreeSet::new(),
            byte_units: BTreeMap::new(),
            array_order: HashMap::new(),
            template_view: None,
            this: None,
            last_place: None,
            function_base: 0,
            closed_starts: HashSet::new(),
            path: Vec::new(),
            ptr_presets: HashMap::new(),
            template_values: Vec::new(),
            int_params: HashSet::new(),
            assumed_multiples: BTreeMap::new(),
            positional: HashSet::new(),
            slot_arrays: HashMap::new(),
            union_locals: HashMap::new(),
            extents: HashMap::new(),
            local_checks: HashMap::new(),
            own_objects: HashSet::new(),
            outside_values: HashSet::new(),
            loop_why: None,
            launched: BTreeSet::new(),
            shared_reads: Vec::new(),
            uniform: HashSet::new(),
            prologue: Vec::new(),
            initialised: HashMap::new(),
            constant_evaluated: false,
            read_at_once: false,
            statement: None,
        }
    }

    /// Where `n` is in the main file; for text of another file (a helper an `#include`
    /// brings), the innermost call of it in the main file, else the kernel.
    fn span(&self, n: &Node) -> Span {
        match self.frames.last() {
            Some(f) if f.implicit => f.site,
            f => n
                .span_in_main()
                .unwrap_or_else(|| f.map_or(self.kernel_span, |f| f.site)),
        }
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
        let raw = base;
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
        let site = self.frames.last().map(|f| f.site);
        self.bases.insert(name.clone(), (raw.to_string(), site));
        name
    }

    /// Records that base `base` (a core name's, before [`Lower::fresh`] makes it unique) is
    /// the source's `display`.
    fn display_name(&mut self, base: &str, display: impl Into<String>) {
        self.displays.insert(base.to_string(), display.into());
    }

    /// How the source spells base `base`, when it is the source's: itself unless recorded
    /// otherwise (a field, a slot of a local array).
    fn display_of(&self, base: &str) -> String {
        self.displays
            .get(base)
            .cloned()
            .unwrap_or_else(|| base.to_string())
    }

    /// The source names of the kernel's core names: those made of a base the source spells
    /// ([`Lower::displays`]), and the value a counted loop gives its variable at an iteration
    /// (`i_at`, which is `i`).
    fn source_names(&self) -> SourceNames {
        // Every local's C name is the source's, also where its declaration is lowered by a
        // rule of its own (the variable a `for` declares); a temporary is not.
        let locals: HashSet<&str> = (self.local_names.values())
            .map(String::as_str)
            .filter(|n| *n != "temporary")
            .collect();
        let display = |base: &str| {
            (self.displays.get(base).cloned())
                .or_else(|| locals.contains(base).then(|| base.to_string()))
        };
        let mut names = SourceNames::default();
        for (core, (base, site)) in &self.bases {
            let display = display(base).or_else(|| base.strip_suffix("_at").and_then(display));
            if let Some(d) = &display {
                names.insert(
                    core.clone(),
                    SourceName {
                        name: d.clone(),
                        site: *site,
                    },
                );
            }
        }
        names
    }

    fn emit(&mut self, out: &mut Vec<Stmt>, s: Stmt) {
        // A thread's own object is never written, nor read but for a check (`own.rs`).
        if let Some(instead) = self.own_instead(&s) {
            for s in instead {
                self.emit_one(out, s);
            }
            return;
        }
        self.emit_one(out, s);
    }

    fn emit_one(&mut self, out: &mut Vec<Stmt>, s: Stmt) {
        if let StmtKind::Let { var, value } = &s.kind {
            if self.is_uniform(value) {
                self.uniform.insert(var.name.clone());
            }
        }
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

    /// Whether `e` has the same value in every thread of a block: it reads only built-ins
    /// other than the thread's id and names in [`Lower::uniform`]. `false` is the safe answer
    /// (it only makes a loop count its iterations, see `counted.rs`).
    fn is_uniform(&self, e: &Expr) -> bool {
        let mut uniform = true;
        e.visit_vars(&mut |name, _| {
            uniform &= match Builtin::from_name(name) {
                Some(b) => !b.is_thread_id(),
                None => self.uniform.contains(name),
            };
        });
        uniform
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
        // The statement's span is the text of the CUDA statement that computes the value.
        // The value's own span joins those of its operands, and an operand bound earlier
        // carries the span of where it was bound: `p += 2;` in a helper taking `int *&p` gives
        // `p_off + 2`, from the caller's declaration of `p` to the helper's `2`, text of two
        // functions that no statement has (`mapcheck fix` places barriers by statements' spans).
        let at = match self.statement {
            Some(s) if !(s.start <= span.start && span.end <= s.end) => s,
            _ => span,
        };
        let name = self.fresh(base);
        if let Some(r) = self.range(&e) {
            self.ranges.insert(name.clone(), r);
        }
        self.emit(
            out,
            stmt(
                StmtKind::Let {
                    var: Ident::new(name.clone(), at),
                    value: e,
                },
                at,
            ),
        );
        Expr::var(name, span)
    }
}

impl Lower<'_, '_> {
    /// Makes each positional `assume c;` of the lowered kernel (one whose span is in
    /// `positional`) stop its thread where `c` is false, as SPEC §8 says: an access before
    /// it, or on a path that does not reach it, is not constrained; after a failed assumption
    /// the thread does nothing more — not the rest of its block, not the later iterations of
    /// an enclosing loop, not the code after an enclosing branch or loop. Core has no exit,
    /// so each statement gets the condition under which a thread is still running after it
    /// (its *stay*), and what follows runs under that condition:
    ///
    /// * `assume c` stays when `c` holds; `if b {T} else {E}` when `b ∧ stay(T) ∨ ¬b ∧
    ///   stay(E)`; a block when all its statements stay (each guarding the rest);
    /// * a loop whose body's stay `s` names nothing the body binds (nor the loop variable) —
    ///   `s` is the same in every iteration — runs its body when `s` or in its first iteration
    ///   (`x == start`), and stays when `s` or it runs no iteration: exact;
    /// * any other stay that would name a variable out of scope becomes a per-thread unknown
    ///   (`assumption_failed`), and a loop whose body's stay changes between iterations runs
    ///   each iteration under one (`assumption_held_so_far`): an over-approximation with a
    ///   named reason, which makes the kernel data-dependent, never a missed access.
    pub(super) fn stop_at_assumptions(&mut self, stmts: Vec<Stmt>) -> (Vec<Stmt>, Cond) {
        let mut out = Vec::with_capacity(stmts.len());
        let mut stmts = stmts.into_iter();
        while let Some(s) = stmts.next() {
            let span = s.span;
            let stay = match s.kind {
                StmtKind::Assume { cond } if self.positional.contains(&span) => cond,
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let (then_stmts, st) = self.stop_at_assumptions(then_branch.stmts);
                    let (else_branch, se) = match else_branch {
                        Some(b) => {
                            let (stmts, se) = self.stop_at_assumptions(b.stmts);
                            (
                                Some(Block {
                                    stmts,
                                    span: b.span,
                                }),
                                se,
                            )
                        }
                        None => (None, tt(span)),
                    };
                    let mut bound = bound_names(&then_stmts);
                    if let Some(b) = &else_branch {
                        bound.extend(bound_names(&b.stmts));
                    }
                    let stay = if is_true(&st) && is_true(&se) {
                        tt(span)
                    } else if cond_uses(&st, &bound) || cond_uses(&se, &bound) {
                        self.assumption_unknown("assumption_failed", span, &mut out)
                    } else {
                        or(and(cond.clone(), st), and(not(cond.clone()), se))
                    };
                    out.push(stmt(
                        StmtKind::If {
                            cond,
                            then_branch: Block {
                                stmts: then_stmts,
                                span: then_branch.span,
                            },
                            else_branch,
                        },
                        span,
                    ));
                    stay
                }
                StmtKind::For { var, range, body } => {
                    let (body_stmts, s) = self.stop_at_assumptions(body.stmts);
                    let mut bound = bound_names(&body_stmts);
                    bound.insert(var.name.clone());
                    let (body_stmts, stay) = if is_true(&s) {
                        (body_stmts, tt(span))
                    } else if !cond_uses(&s, &bound) {
                        // The same `s` in every iteration: after the first iteration that
                        // fails it, none runs.
                        let first = cmp(
                            CmpOp::Eq,
                            Expr::var(var.name.clone(), var.span),
                            range.start.clone(),
                        );
                        let runs = match range.dir {
                            Direction::Up => {
                                cmp(CmpOp::Lt, range.start.clone(), range.bound.clone())
                            }
                            Direction::Down => {
                                cmp(CmpOp::Gt, range.start.clone(), range.bound.clone())
                            }
                        };
                        let guarded = if_then(or(s.clone(), first), body_stmts, body.span);
                        (vec![guarded], or(s, not(runs)))
                    } else {
                        let mut guarded = Vec::new();
                        let u = self.unknown(
                            "assumption_held_so_far",
                            Some((0, 1)),
                            span,
                            &mut guarded,
                        );
                        guarded.push(if_then(
                            cmp(CmpOp::Ne, u, int(0, span)),
                            body_stmts,
                            body.span,
                        ));
                        let stay = self.assumption_unknown("assumption_failed", span, &mut out);
                        (guarded, stay)
                    };
                    out.push(stmt(
                        StmtKind::For {
                            var,
                            range,
                            body: Block {
                                stmts: body_stmts,
                                span: body.span,
                            },
                        },
                        span,
                    ));
                    stay
                }
                kind => {
                    out.push(stmt(kind, span));
                    continue;
                }
            };
            if is_true(&stay) {
                continue;
            }
            // What follows runs while the thread is still running.
            let rest: Vec<Stmt> = stmts.collect();
            if rest.is_empty() {
                return (out, stay);
            }
            let (rest, rest_stay) = self.stop_at_assumptions(rest);
            let bound = bound_names(&rest);
            let rest_span = rest.iter().fold(span, |a, r| a.to(r.span));
            let rest_stay = if cond_uses(&rest_stay, &bound) {
                self.assumption_unknown("assumption_failed", span, &mut out)
            } else {
                rest_stay
            };
            let mut guarded = if_then(stay.clone(), rest, rest_span);
            guarded.span = span;
            out.push(guarded);
            return (out, and(stay, rest_stay));
        }
        let span = out.last().map_or(self.kernel_span, |s| s.span);
        (out, tt(span))
    }

    /// A per-thread unknown standing for "the thread is still running here", for a stay
    /// condition that would name variables out of scope.
    fn assumption_unknown(&mut self, why: &str, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let u = self.unknown(why, Some((0, 1)), span, out);
        cmp(CmpOp::Ne, u, int(0, span))
    }
}
