//! The source ranges of a CUDA file's statements, read from clang's typed AST, for the text
//! edits of `mapcheck fix` (issue 14 item 5): where each statement of a block starts and ends
//! (its `;` included), the braces of each compound statement, the parts of each `if` (its
//! parenthesised condition, its branches, its `else`), the `for` loops and their bodies, the
//! declarations with their declarators and initialisers, the jumps, and where each variable is
//! declared, read and assigned — in byte offsets of the main file.
//!
//! Everything here comes from clang's ranges, with one exception: clang's range of an
//! expression statement (and of a `return`, a `break`, a `do` loop, and of an `if` or loop
//! whose last branch is one) stops at its last token, and the JSON dump has no location for
//! the `;` that follows, nor for an `if`'s parentheses and `else` keyword. Those tokens are
//! found by [`skip_trivia`]: after a known token, only blanks and comments may precede the one
//! C requires there, and anything else makes the range unknown (never guessed).
//!
//! Macros: a range that begins and ends in one macro expansion, or that begins in the middle
//! of one, has no text of its own to edit; it is [`Place::Macro`] with the offset where the
//! macro is used, and `mapcheck fix` refuses an edit that needs it with that location. A range
//! that ends in the expansion of an object-like macro (`i < N`) ends where the macro's name
//! ends; one that ends inside a function-like macro's arguments is unknown.

mod collect;
mod text;

pub use text::skip_trivia;

use std::ops::Range;

/// Where a piece of the program is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// These bytes of the main file.
    Text(Range<usize>),
    /// Produced by the expansion of the macro used at this offset of the main file.
    Macro(usize),
    /// Not in the main file (a header), or a range clang did not print.
    Unknown,
}

impl Place {
    pub fn text(&self) -> Option<Range<usize>> {
        match self {
            Place::Text(r) => Some(r.clone()),
            _ => None,
        }
    }
}

/// What a statement is, as far as the text edits care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StmtKind {
    Compound,
    If,
    For,
    /// `while`, `do`, `switch`.
    OtherLoop,
    Decl,
    /// Labels, `case`, attributes: a statement around another.
    Labelled,
    /// An expression, `return`, `break`, `continue`, `goto`, `asm`, `;`.
    Simple,
}

impl StmtKind {
    /// Whether statements nest inside it.
    pub fn holds_statements(self) -> bool {
        !matches!(self, StmtKind::Decl | StmtKind::Simple)
    }
}

/// A statement of a compound statement's list, or the branch or body of an `if` or a loop.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// The statement with the `;` that ends it.
    pub place: Place,
    /// The offsets the lowering gives this node (`Node::span_in_main`): a macro's statement
    /// is found by them.
    pub lowered: Option<(usize, usize)>,
    pub kind: StmtKind,
    /// An element of a compound statement's list (else the branch or body of a statement,
    /// where C requires a statement: deleting it leaves `;`).
    pub in_list: bool,
}

/// A compound statement `{ ... }` whose braces are text.
#[derive(Clone, Debug)]
pub struct Compound {
    /// From `{` to just after `}`.
    pub braces: Range<usize>,
    /// Its statements, indices into [`Ranges::stmts`], in order.
    pub children: Vec<usize>,
}

impl Compound {
    pub fn interior(&self) -> Range<usize> {
        self.braces.start + 1..self.braces.end - 1
    }
}

/// The branch of an `if`: a compound statement or one statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// `{` to after `}`, or the statement with its `;`.
    pub range: Range<usize>,
    pub braced: bool,
}

/// The parts of an `if` statement written in the text.
#[derive(Clone, Debug)]
pub struct IfParts {
    /// The whole statement, with the `;` of an unbraced last branch.
    pub range: Range<usize>,
    /// `if (c)`, up to and including its `)`.
    pub head: Range<usize>,
    /// Between the parentheses.
    pub cond: Range<usize>,
    pub then: Branch,
    /// The `else` keyword and the else-branch.
    pub els: Option<(Range<usize>, Branch)>,
    /// Not an element of a compound statement's list (the else-branch of another `if`, the
    /// body of a loop): what replaces it needs braces.
    pub wrap: bool,
}

/// Why an `if` cannot be rewritten in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IfProblem {
    /// A part of it is produced by the macro used at this offset.
    Macro(usize),
    /// An init-statement or a condition variable (`if (int x = f())`), or `if constexpr`.
    Declares,
    /// clang's ranges do not place its parts in the main file.
    Unplaced,
}

/// An `if` statement: where it starts, and its parts or why they cannot be edited.
#[derive(Clone, Debug)]
pub struct If {
    /// The lowering's offset for it (`Node::span_in_main`).
    pub lowered: usize,
    pub parts: Result<IfParts, IfProblem>,
}

/// A `for` statement.
#[derive(Clone, Debug)]
pub struct For {
    pub place: Place,
    /// Its body when it is a compound statement written in the text: `{` to after `}`.
    pub body: Option<Range<usize>>,
}

/// One declarator of a declaration statement.
#[derive(Clone, Debug)]
pub struct Declarator {
    pub name: String,
    /// The declarator without its initialiser (`*p`, `a[4]`): from after the previous `,` (or
    /// from the name, for the first) to the end of the name or array bounds.
    pub bare: Range<usize>,
    /// The initialiser after `=`.
    pub init: Option<Range<usize>>,
    /// Initialised otherwise than by `= e` (`T x(e)`, `T x{e}`, a constructor call).
    pub odd_init: bool,
    /// The initialiser reads no memory, calls nothing (but `min`/`max`), assigns nothing.
    pub pure_init: bool,
    /// The variables the initialiser reads.
    pub reads: Vec<String>,
    pub is_reference: bool,
    pub is_array: bool,
    /// `static`, `extern`, `__shared__`, ... (clang's storage class or a CUDA attribute).
    pub storage: Option<String>,
}

/// A declaration statement written in the text.
#[derive(Clone, Debug)]
pub struct Decl {
    /// The statement, `;` included.
    pub range: Range<usize>,
    /// The specifiers: from the start to the first declarator.
    pub specs: Range<usize>,
    pub declarators: Vec<Declarator>,
}

/// A declaration that cannot be read from the text, with the offset to name.
#[derive(Clone, Debug)]
pub struct OddDecl {
    pub at: usize,
    pub range: Place,
    /// The variables it declares.
    pub names: Vec<String>,
}

/// A `return`, `break`, `continue` or `goto`.
#[derive(Clone, Debug)]
pub struct Jump {
    pub keyword: &'static str,
    pub at: usize,
}

/// What a name's occurrence does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    Declared,
    Read,
    /// Assigned, incremented, or its address taken.
    Written,
}

/// An occurrence of a variable's (or function's) name.
#[derive(Clone, Debug)]
pub struct Name {
    pub name: String,
    pub at: usize,
    pub what: Use,
}

/// The ranges of every function body of the main file.
#[derive(Clone, Debug, Default)]
pub struct Ranges {
    pub stmts: Vec<Stmt>,
    pub compounds: Vec<Compound>,
    pub ifs: Vec<If>,
    pub fors: Vec<For>,
    pub decls: Vec<Decl>,
    /// Declaration statements that are not written as text (in a macro) or not read.
    pub odd_decls: Vec<OddDecl>,
    pub jumps: Vec<Jump>,
    pub names: Vec<Name>,
    /// The function bodies, `{` to after `}`.
    pub bodies: Vec<Range<usize>>,
    /// Each function body by the function's name.
    pub functions: Vec<(String, Range<usize>)>,
    /// Each call written in the text, by the callee's name.
    pub calls: Vec<(String, Range<usize>)>,
    /// The ends (after the `;`) of the branches of `if`s that are one statement, not braced:
    /// the point between the two branches of an `if` that a split writes there.
    pub branch_ends: Vec<usize>,
}

impl Ranges {
    /// The compounds whose interior holds `at`, outermost first.
    fn compounds_at(&self, at: usize) -> impl Iterator<Item = &Compound> {
        self.compounds
            .iter()
            .filter(move |c| c.braces.start < at && at < c.braces.end)
    }

    /// The statement boundaries: after the `{` of a compound, after each of its statements
    /// written in the text, and after a branch of an `if` that is one statement.
    pub fn boundaries(&self) -> impl Iterator<Item = usize> + '_ {
        self.compounds
            .iter()
            .flat_map(move |c| {
                std::iter::once(c.braces.start + 1).chain(
                    c.children
                        .iter()
                        .filter_map(|&i| self.stmts[i].place.text().map(|r| r.end)),
                )
            })
            .chain(self.branch_ends.iter().copied())
    }

    /// Where, in the function body `home`, the code at `span` runs: `span` itself when it lies
    /// there, else the one call in `home` that reaches the function holding `span` (through
    /// calls in other functions); none when no call or several do (the lowering inlines calls,
    /// so a lowered statement of a callee carries the callee's text).
    pub fn anchor(&self, span: Range<usize>, home: &Range<usize>) -> Option<Range<usize>> {
        self.anchor_at(span, home, 8)
    }

    /// Every place in the function body `home` where the code at `span` runs: `span` itself
    /// when it lies there, else each call in `home` that reaches the function holding `span`
    /// (through calls in other functions), in the order of the text; none when a call's
    /// callee is not known by its name alone.
    pub fn anchors(&self, span: Range<usize>, home: &Range<usize>) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        self.anchors_at(span, home, 8, &mut out);
        out.sort_by_key(|r| (r.start, r.end));
        out.dedup();
        out
    }

    fn anchors_at(
        &self,
        span: Range<usize>,
        home: &Range<usize>,
        depth: usize,
        out: &mut Vec<Range<usize>>,
    ) {
        if home.start < span.start && span.end < home.end {
            out.push(span);
            return;
        }
        let mut owners = self
            .functions
            .iter()
            .filter(|(_, b)| b.start < span.start && span.end < b.end);
        let Some((name, _)) = owners.next() else {
            return;
        };
        let same_name = self.functions.iter().filter(|(n, _)| n == name).count();
        if depth == 0 || same_name != 1 {
            return;
        }
        for (_, call) in self.calls.iter().filter(|(callee, _)| callee == name) {
            self.anchors_at(call.clone(), home, depth - 1, out);
        }
    }

    fn anchor_at(
        &self,
        span: Range<usize>,
        home: &Range<usize>,
        depth: usize,
    ) -> Option<Range<usize>> {
        if home.start < span.start && span.end < home.end {
            return Some(span);
        }
        let mut owners = self
            .functions
            .iter()
            .filter(|(_, b)| b.start < span.start && span.end < b.end);
        let (name, _) = owners.next()?;
        let same_name = self.functions.iter().filter(|(n, _)| n == name).count();
        if depth == 0 || same_name != 1 {
            return None;
        }
        let mut found = None;
        for (_, call) in self.calls.iter().filter(|(callee, _)| callee == name) {
            if let Some(a) = self.anchor_at(call.clone(), home, depth - 1) {
                if found.replace(a).is_some() {
                    return None;
                }
            }
        }
        found
    }

    /// Whether a statement of a compound's list lies in `range` and ends at its end: a point
    /// just after it is still inside that compound.
    pub fn ends_listed_statement(&self, range: Range<usize>) -> bool {
        self.stmts.iter().any(|s| {
            s.in_list
                && s.place
                    .text()
                    .is_some_and(|r| range.start <= r.start && r.end == range.end)
        })
    }

    /// The function body whose interior holds `at`.
    pub fn body_at(&self, at: usize) -> Option<&Range<usize>> {
        self.bodies.iter().find(|b| b.start < at && at < b.end)
    }

    /// The compound whose braces are exactly `braces`.
    pub fn compound(&self, braces: Range<usize>) -> Option<&Compound> {
        self.compounds.iter().find(|c| c.braces == braces)
    }

    /// The statement of `c`'s list whose text holds `at` strictly inside it.
    pub fn child_around<'a>(&'a self, c: &Compound, at: usize) -> Option<&'a Stmt> {
        c.children
            .iter()
            .map(|&i| &self.stmts[i])
            .find(|s| match &s.place {
                Place::Text(r) => r.start < at && at < r.end,
                _ => false,
            })
    }

    /// Whether a statement of `c`'s list starts in `from..to`, or one produced by a macro is
    /// used there.
    pub fn statement_in(&self, c: &Compound, from: usize, to: usize) -> bool {
        c.children
            .iter()
            .map(|&i| &self.stmts[i])
            .any(|s| match &s.place {
                Place::Text(r) => from <= r.start && r.start < to,
                Place::Macro(at) => from <= *at && *at < to,
                Place::Unknown => false,
            })
    }

    /// Whether a statement (anywhere) starts in `from..to`, or one produced by a macro is used
    /// there: the text between is blanks, comments and closing braces.
    pub fn starts_in(&self, from: usize, to: usize) -> bool {
        self.stmts.iter().any(|s| match &s.place {
            Place::Text(r) => from <= r.start && r.start < to,
            Place::Macro(at) => from <= *at && *at < to,
            Place::Unknown => false,
        })
    }

    /// The innermost statement (of a list, or a branch or body) whose text holds `range`.
    pub fn innermost(&self, range: Range<usize>) -> Option<&Stmt> {
        self.stmts
            .iter()
            .filter(|s| {
                s.place
                    .text()
                    .is_some_and(|r| r.start <= range.start && range.end <= r.end)
            })
            .min_by_key(|s| s.place.text().map_or(usize::MAX, |r| r.end - r.start))
    }

    /// The statement the lowering placed at `start..end` (its `span_in_main`).
    pub fn lowered_stmt(&self, start: usize, end: usize) -> Option<&Stmt> {
        self.stmts.iter().find(|s| s.lowered == Some((start, end)))
    }

    /// Where the macro that wrote the statement holding the lowered `start..end` is used,
    /// when a macro wrote it.
    pub fn macro_use(&self, start: usize, end: usize) -> Option<usize> {
        self.stmts.iter().find_map(|s| match (&s.place, s.lowered) {
            (Place::Macro(at), Some((b, e))) if b <= start && end <= e => Some(*at),
            _ => None,
        })
    }

    /// The `if` the lowering placed at `start`.
    pub fn if_at(&self, start: usize) -> Option<&If> {
        self.ifs.iter().find(|i| i.lowered == start)
    }

    /// The `for` statement whose text is `range`.
    pub fn for_at(&self, range: &Range<usize>) -> Option<&For> {
        self.fors
            .iter()
            .find(|f| f.place.text().as_ref() == Some(range))
    }

    /// The declaration statements of `c`'s list that start in `from..to`, and those there
    /// that cannot be read.
    pub fn decls_in(&self, c: &Compound, from: usize, to: usize) -> (Vec<&Decl>, Vec<&OddDecl>) {
        let inside = |r: &Range<usize>| from <= r.start && r.start < to;
        let decls = self
            .decls
            .iter()
            .filter(|d| inside(&d.range) && c.interior().contains(&d.range.start))
            .filter(|d| {
                // Directly in `c`, not in a nested statement.
                self.compounds_at(d.range.start)
                    .min_by_key(|inner| inner.braces.len())
                    .is_some_and(|inner| inner.braces == c.braces)
            })
            .collect();
        let odd = self
            .odd_decls
            .iter()
            .filter(|d| from <= d.at && d.at < to)
            .filter(|d| {
                self.compounds_at(d.at)
                    .min_by_key(|inner| inner.braces.len())
                    .is_some_and(|inner| inner.braces == c.braces)
            })
            .collect();
        (decls, odd)
    }

    /// The occurrences of `name` in `from..to`.
    pub fn uses<'a>(
        &'a self,
        name: &'a str,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = &'a Name> + 'a {
        self.names
            .iter()
            .filter(move |n| n.name == name && from <= n.at && n.at < to)
    }
}
