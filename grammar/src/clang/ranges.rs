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

use super::ast::{Kind, Node, Pos, SrcRange};
use super::driver::STDIN_NAME;
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
}

/// The offset just after the blanks and comments that start at `at`.
pub fn skip_trivia(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(at) {
            Some(b) if b.is_ascii_whitespace() => at += 1,
            Some(b'\\') if matches!(bytes.get(at + 1), Some(b'\n')) => at += 2,
            Some(b'/') if bytes.get(at + 1) == Some(&b'/') => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            Some(b'/') if bytes.get(at + 1) == Some(&b'*') => {
                match text[at + 2..].find("*/") {
                    Some(i) => at += 2 + i + 2,
                    None => return text.len(),
                }
            }
            _ => return at,
        }
    }
}

/// The offset after the token `want` that follows `at` after blanks and comments, if it does.
fn token_after(text: &str, at: usize, want: &str) -> Option<usize> {
    let t = skip_trivia(text, at);
    let word = want.bytes().all(|b| b.is_ascii_alphabetic());
    let after = t + want.len();
    let ends = !word
        || text
            .as_bytes()
            .get(after)
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
    (text[t..].starts_with(want) && ends).then_some(after)
}

/// The offset of the `)` that is the last token before `to`, scanning from `from` with
/// comments and string and character literals skipped; none when anything but blanks and
/// comments follows the `)`, or when a literal is one this scan does not read (a raw string, a
/// digit separator, a prefixed character literal).
fn last_paren_before(text: &str, from: usize, to: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut last = None;
    let mut i = from;
    while i < to {
        let skipped = skip_trivia(text, i);
        if skipped > i {
            i = skipped;
            continue;
        }
        match bytes[i] {
            q @ (b'"' | b'\'') => {
                if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                    return None;
                }
                i += 1;
                while i < to && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b')' => last = Some(i),
            _ => {}
        }
        i += 1;
    }
    last.filter(|&c| skip_trivia(text, c + 1) == to)
}

fn in_main(p: &Pos) -> bool {
    p.file.as_deref() == Some(STDIN_NAME)
}

/// Where a position is: `Ok(offset)` of its token in the text with the token's length, or
/// `Err` with the place of the macro expansion it belongs to.
fn position(p: &Pos) -> Result<(usize, usize), Place> {
    match (&p.spelling, &p.expansion) {
        (_, Some(e)) => match e.offset {
            Some(o) if in_main(e) => Err(Place::Macro(o)),
            _ => Err(Place::Unknown),
        },
        _ => match p.offset {
            Some(o) if in_main(p) => Ok((o, p.tok_len.unwrap_or(0))),
            _ => Err(Place::Unknown),
        },
    }
}

/// The offset where a range's last token ends: its own, or that of an object-like macro whose
/// name ends the range (no `(` after it).
fn end_of(text: &str, p: &Pos) -> Result<usize, Place> {
    match position(p) {
        Ok((o, len)) => Ok(o + len),
        Err(Place::Macro(at)) => {
            let name = identifier_at(text, at).ok_or(Place::Macro(at))?;
            let after = at + name.len();
            if text[skip_trivia(text, after)..].starts_with('(') {
                Err(Place::Macro(at))
            } else {
                Ok(after)
            }
        }
        Err(other) => Err(other),
    }
}

fn identifier_at(text: &str, at: usize) -> Option<&str> {
    let rest = text.get(at..)?;
    let len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    (len > 0 && !rest.as_bytes()[0].is_ascii_digit()).then(|| &rest[..len])
}

/// The text a range covers (the end of its last token included), or where a macro makes it
/// unknown. A range that begins in a macro expansion begins where the macro is used only when
/// its end lies after that use (the expansion begins the range); begin and end in one
/// expansion is [`Place::Macro`].
fn place_of(text: &str, r: &SrcRange) -> Place {
    let begin = match position(&r.begin) {
        Ok((o, _)) => Ok(o),
        Err(Place::Macro(at)) => Err(at),
        Err(other) => return other,
    };
    match (begin, end_of(text, &r.end)) {
        (Ok(b), Ok(e)) if b <= e => Place::Text(b..e),
        (Err(a), Ok(e)) if a < e && !matches!(position(&r.end), Err(Place::Macro(x)) if x == a) => {
            Place::Text(a..e)
        }
        (Err(a), _) => Place::Macro(a),
        (Ok(_), Err(p)) => p,
        _ => Place::Unknown,
    }
}

/// Whether a statement's text ends with a `;` that clang's range leaves out.
fn needs_semicolon(n: &Node) -> bool {
    match n.kind {
        Kind::CompoundStmt | Kind::DeclStmt | Kind::NullStmt => false,
        Kind::IfStmt
        | Kind::ForStmt
        | Kind::WhileStmt
        | Kind::SwitchStmt
        | Kind::LabelStmt
        | Kind::CaseStmt
        | Kind::DefaultStmt
        | Kind::AttributedStmt => last_statement(n).is_some_and(needs_semicolon),
        _ => true,
    }
}

/// The sub-statement that ends a statement (the else-branch, a loop's body, a label's
/// statement).
fn last_statement(n: &Node) -> Option<&Node> {
    n.inner.iter().rev().find(|c| !c.is_meta() && !c.is_null())
}

/// The statement with its `;`.
fn extent(text: &str, n: &Node) -> Place {
    let Some(r) = &n.range else {
        return Place::Unknown;
    };
    match place_of(text, r) {
        Place::Text(t) if needs_semicolon(n) => match token_after(text, t.end, ";") {
            Some(end) => Place::Text(t.start..end),
            None => match position(&r.end) {
                Err(p @ Place::Macro(_)) => p,
                _ => Place::Unknown,
            },
        },
        other => other,
    }
}

impl Ranges {
    /// Collects the ranges of every function body of the main file (templates and their
    /// instantiations share their text, and are read once).
    pub fn collect(root: &Node, text: &str) -> Ranges {
        let mut c = Collector {
            text,
            out: Ranges::default(),
            seen: std::collections::HashSet::new(),
        };
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            match n.kind {
                Kind::FunctionDecl | Kind::CXXMethodDecl if n.is_in_main_file() => {
                    if let Some(body) = n.inner.iter().find(|c| c.kind == Kind::CompoundStmt) {
                        let key = n.range.as_ref().and_then(|r| position(&r.begin).ok());
                        if c.seen.insert(key) || key.is_none() {
                            for p in n.inner.iter().filter(|p| p.kind == Kind::ParmVarDecl) {
                                c.declared(p);
                            }
                            c.stmt(body, true);
                        }
                    }
                }
                _ => stack.extend(n.inner.iter().rev()),
            }
        }
        let o = &mut c.out;
        o.names.sort_by_key(|n| n.at);
        o.jumps.sort_by_key(|j| j.at);
        c.out
    }

    /// The compounds whose interior holds `at`, outermost first.
    fn compounds_at(&self, at: usize) -> impl Iterator<Item = &Compound> {
        self.compounds
            .iter()
            .filter(move |c| c.braces.start < at && at < c.braces.end)
    }

    /// The positions where a statement may be inserted: after the `{` of a compound and after
    /// each of its statements written in the text, with the compound.
    pub fn boundaries(&self) -> impl Iterator<Item = (usize, &Compound)> {
        self.compounds.iter().flat_map(move |c| {
            std::iter::once(c.braces.start + 1)
                .chain(
                    c.children
                        .iter()
                        .filter_map(|&i| self.stmts[i].place.text().map(|r| r.end)),
                )
                .map(move |b| (b, c))
        })
    }

    /// The compound whose braces are exactly `braces`.
    pub fn compound(&self, braces: Range<usize>) -> Option<&Compound> {
        self.compounds.iter().find(|c| c.braces == braces)
    }

    /// The statement of `c`'s list whose text holds `at` strictly inside it.
    pub fn child_around<'a>(&'a self, c: &Compound, at: usize) -> Option<&'a Stmt> {
        c.children.iter().map(|&i| &self.stmts[i]).find(|s| match &s.place {
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
        self.stmts
            .iter()
            .find(|s| s.lowered == Some((start, end)))
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
    pub fn decls_in(
        &self,
        c: &Compound,
        from: usize,
        to: usize,
    ) -> (Vec<&Decl>, Vec<&OddDecl>) {
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

struct Collector<'a> {
    text: &'a str,
    out: Ranges,
    /// Functions already read (a template and its instantiations share their text).
    seen: std::collections::HashSet<Option<(usize, usize)>>,
}

impl Collector<'_> {
    fn lowered(n: &Node) -> Option<(usize, usize)> {
        n.span_in_main().map(|s| (s.start, s.end))
    }

    /// A statement; `in_list` when it is an element of a compound statement's list.
    fn stmt(&mut self, n: &Node, in_list: bool) -> usize {
        let kind = match n.kind {
            Kind::CompoundStmt => StmtKind::Compound,
            Kind::IfStmt => StmtKind::If,
            Kind::ForStmt => StmtKind::For,
            Kind::WhileStmt | Kind::DoStmt | Kind::SwitchStmt => StmtKind::OtherLoop,
            Kind::DeclStmt => StmtKind::Decl,
            Kind::LabelStmt | Kind::CaseStmt | Kind::DefaultStmt | Kind::AttributedStmt => {
                StmtKind::Labelled
            }
            _ => StmtKind::Simple,
        };
        let place = extent(self.text, n);
        let index = self.out.stmts.len();
        self.out.stmts.push(Stmt {
            place: place.clone(),
            lowered: Self::lowered(n),
            kind,
            in_list,
        });
        let subs: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        match n.kind {
            Kind::CompoundStmt => {
                let children: Vec<usize> = subs.iter().map(|c| self.stmt(c, true)).collect();
                // A statement that begins where the macro that wrote the one before it is used
                // begins inside that expansion: its text is not its own.
                for w in children.windows(2) {
                    let (prev, next) = (&self.out.stmts[w[0]].place, &self.out.stmts[w[1]].place);
                    let overlap = match (prev, next) {
                        (Place::Macro(a), Place::Text(r)) if r.start <= *a => Some(*a),
                        (Place::Text(p), Place::Text(r)) if r.start < p.end => Some(p.start),
                        _ => None,
                    };
                    if let Some(a) = overlap {
                        self.out.stmts[w[1]].place = Place::Macro(a);
                    }
                }
                if let Place::Text(braces) = &place {
                    self.out.compounds.push(Compound {
                        braces: braces.clone(),
                        children,
                    });
                }
            }
            Kind::IfStmt => self.if_stmt(n, &subs, in_list),
            Kind::ForStmt => {
                // Init, condition variable, condition, increment, body (absent ones are
                // empty objects).
                for (k, c) in subs.iter().enumerate() {
                    if c.is_null() {
                        continue;
                    }
                    if k == 4 {
                        self.stmt(c, false);
                    } else if c.kind == Kind::DeclStmt {
                        self.decl_vars(c);
                    } else {
                        self.expr(c);
                    }
                }
                let body = subs
                    .get(4)
                    .filter(|b| b.kind == Kind::CompoundStmt)
                    .and_then(|b| extent(self.text, b).text());
                self.out.fors.push(For { place, body });
            }
            Kind::WhileStmt | Kind::DoStmt | Kind::SwitchStmt | Kind::LabelStmt
            | Kind::CaseStmt | Kind::DefaultStmt | Kind::AttributedStmt => {
                let last = subs.len().saturating_sub(1);
                let body_at = if n.kind == Kind::DoStmt { 0 } else { last };
                for (k, c) in subs.iter().enumerate() {
                    if c.is_null() {
                        continue;
                    }
                    if k == body_at {
                        self.stmt(c, false);
                    } else if c.kind == Kind::DeclStmt {
                        self.decl_vars(c);
                    } else {
                        self.expr(c);
                    }
                }
            }
            Kind::DeclStmt => self.decl_stmt(n, &place),
            Kind::ReturnStmt | Kind::BreakStmt | Kind::ContinueStmt | Kind::GotoStmt => {
                let keyword = match n.kind {
                    Kind::ReturnStmt => "return",
                    Kind::BreakStmt => "break",
                    Kind::ContinueStmt => "continue",
                    _ => "goto",
                };
                if let Some(at) = n.range.as_ref().and_then(|r| match position(&r.begin) {
                    Ok((o, _)) => Some(o),
                    Err(Place::Macro(o)) => Some(o),
                    Err(_) => None,
                }) {
                    self.out.jumps.push(Jump { keyword, at });
                }
                for c in subs {
                    self.expr(c);
                }
            }
            _ => self.expr(n),
        }
        index
    }

    fn if_stmt(&mut self, n: &Node, subs: &[&Node], in_list: bool) {
        let has_init = n.has_init == Some(true);
        let has_var = n.has_var == Some(true);
        let skip = usize::from(has_init) + usize::from(has_var);
        for c in &subs[..skip.min(subs.len())] {
            if c.kind == Kind::DeclStmt {
                self.decl_vars(c);
            } else {
                self.stmt(c, false);
            }
        }
        let cond = subs.get(skip);
        let then = subs.get(skip + 1);
        let els = if n.has_else == Some(true) {
            subs.get(skip + 2)
        } else {
            None
        };
        if let Some(c) = cond {
            self.expr(c);
        }
        let then_index = then.map(|t| self.stmt(t, false));
        let else_index = els.map(|e| self.stmt(e, false));
        let Some(lowered) = Self::lowered(n).map(|l| l.0) else {
            return;
        };
        let parts = if has_init || has_var || n.is_constexpr == Some(true) {
            Err(IfProblem::Declares)
        } else {
            self.if_parts(n, cond, then_index, else_index, in_list)
        };
        self.out.ifs.push(If { lowered, parts });
    }

    fn if_parts(
        &self,
        n: &Node,
        cond: Option<&&Node>,
        then: Option<usize>,
        els: Option<usize>,
        in_list: bool,
    ) -> Result<IfParts, IfProblem> {
        let text = self.text;
        let branch = |i: usize| -> Result<Branch, IfProblem> {
            let s = &self.out.stmts[i];
            match &s.place {
                Place::Text(r) => Ok(Branch {
                    range: r.clone(),
                    braced: s.kind == StmtKind::Compound,
                }),
                Place::Macro(at) => Err(IfProblem::Macro(*at)),
                Place::Unknown => Err(IfProblem::Unplaced),
            }
        };
        let whole = match extent(text, n) {
            Place::Text(r) => r,
            Place::Macro(at) => return Err(IfProblem::Macro(at)),
            Place::Unknown => return Err(IfProblem::Unplaced),
        };
        let keyword_end = token_after(text, whole.start, "if").ok_or(IfProblem::Unplaced)?;
        let open = token_after(text, keyword_end, "(").ok_or(IfProblem::Unplaced)?;
        let then = branch(then.ok_or(IfProblem::Unplaced)?)?;
        // The `)` is the last token before the then-branch; the condition's own end may lie in
        // a macro's arguments, where clang's dump does not place it.
        if cond.is_none() {
            return Err(IfProblem::Unplaced);
        }
        let close = last_paren_before(text, open, then.range.start).ok_or(IfProblem::Unplaced)?;
        let els = match els {
            Some(e) => {
                let b = branch(e)?;
                let kw_end = token_after(text, then.range.end, "else").ok_or(IfProblem::Unplaced)?;
                if skip_trivia(text, kw_end) != b.range.start {
                    return Err(IfProblem::Unplaced);
                }
                Some((kw_end - 4..kw_end, b))
            }
            None => None,
        };
        Ok(IfParts {
            range: whole.clone(),
            head: whole.start..close + 1,
            cond: open..close,
            then,
            els,
            wrap: !in_list,
        })
    }

    fn declared(&mut self, n: &Node) {
        if let (Some(name), Some(l)) = (&n.name, &n.loc) {
            let at = match position(l) {
                Ok((o, _)) => o,
                Err(Place::Macro(o)) => o,
                Err(_) => return,
            };
            self.out.names.push(Name {
                name: name.clone(),
                at,
                what: Use::Declared,
            });
        }
    }

    /// The variables of a declaration that is not a statement of a list (a `for` header).
    fn decl_vars(&mut self, n: &Node) {
        for v in &n.inner {
            self.declared(v);
            for c in v.inner.iter().filter(|c| !c.is_meta()) {
                self.expr(c);
            }
        }
    }

    fn decl_stmt(&mut self, n: &Node, place: &Place) {
        self.decl_vars(n);
        let at = match place {
            Place::Text(r) => r.start,
            Place::Macro(a) => *a,
            Place::Unknown => return,
        };
        match place.text().and_then(|r| self.declaration(n, r)) {
            Some(d) => self.out.decls.push(d),
            None => self.out.odd_decls.push(OddDecl {
                at,
                range: place.clone(),
                names: n.inner.iter().filter_map(|v| v.name.clone()).collect(),
            }),
        }
    }

    /// A declaration statement's declarators, read from the ranges of its `VarDecl`s.
    fn declaration(&self, n: &Node, range: Range<usize>) -> Option<Decl> {
        let text = self.text;
        let vars: Vec<&Node> = n.inner.iter().filter(|v| v.kind == Kind::VarDecl).collect();
        if vars.is_empty() || vars.len() != n.inner.len() {
            return None;
        }
        let mut declarators = Vec::new();
        let mut specs_end = None;
        let mut prev_end = None;
        for v in &vars {
            let (name_at, name_len) = position(v.loc.as_ref()?).ok()?;
            let name = v.name.clone()?;
            if text.get(name_at..name_at + name_len)? != name {
                return None;
            }
            let v_end = match place_of(text, v.range.as_ref()?) {
                Place::Text(r) => r.end,
                _ => return None,
            };
            // The first declarator starts at its name (the `*`s before it stay with the
            // specifiers); the others after the `,` that ends the previous one.
            let start = match prev_end {
                None => {
                    let mut start = name_at;
                    while let Some(t) = text[..start].trim_end().strip_suffix(['*', '&']) {
                        start = t.len();
                    }
                    let start = skip_trivia(text, start);
                    specs_end = Some(start);
                    start
                }
                Some(p) => skip_trivia(text, token_after(text, p, ",")?),
            };
            let init_node = v.inner.iter().find(|c| !c.is_meta());
            let ty = v.ty.as_ref().map(|t| t.qual.clone()).unwrap_or_default();
            let by_assignment = v.init.as_deref() == Some("c");
            let (init, bare_end) = match (init_node, by_assignment) {
                (Some(i), true) => {
                    let r = match place_of(text, i.range.as_ref()?) {
                        Place::Text(r) => r,
                        _ => return None,
                    };
                    // `name [bounds] = init`: the bare declarator ends before the `=`.
                    let eq = text[..r.start].trim_end();
                    let eq = eq.strip_suffix('=')?.trim_end().len();
                    (Some(r), eq)
                }
                _ => (None, v_end),
            };
            let mut reads = Vec::new();
            let pure_init = init_node.is_none_or(|i| pure(i, &mut reads));
            let storage = v.storage_class.clone().or_else(|| {
                ["CUDASharedAttr", "CUDAConstantAttr", "CUDADeviceAttr"]
                    .iter()
                    .find(|a| v.has_attr(a))
                    .map(|a| a.to_string())
            });
            declarators.push(Declarator {
                name,
                bare: start..bare_end.max(start),
                init,
                odd_init: init_node.is_some() && !by_assignment,
                pure_init,
                reads,
                is_reference: ty.trim_end().ends_with('&'),
                is_array: ty.contains('['),
                storage,
            });
            prev_end = Some(v_end);
        }
        let specs = range.start..specs_end?;
        Some(Decl {
            range,
            specs,
            declarators,
        })
    }

    /// The names an expression reads and writes.
    fn expr(&mut self, n: &Node) {
        let mut stack = vec![(n, Use::Read)];
        while let Some((e, how)) = stack.pop() {
            let at = |e: &Node| {
                e.range.as_ref().and_then(|r| match position(&r.begin) {
                    Ok((o, _)) => Some(o),
                    Err(Place::Macro(o)) => Some(o),
                    Err(_) => None,
                })
            };
            match e.kind {
                Kind::DeclRefExpr => {
                    if let (Some(d), Some(at)) = (&e.referenced_decl, at(e)) {
                        if let Some(name) = &d.name {
                            self.out.names.push(Name {
                                name: name.clone(),
                                at,
                                what: how,
                            });
                        }
                    }
                }
                Kind::BinaryOperator | Kind::CompoundAssignOperator
                    if e.kind == Kind::CompoundAssignOperator
                        || e.opcode.as_deref() == Some("=") =>
                {
                    let subs: Vec<&Node> = e.exprs().collect();
                    if let Some(l) = subs.first() {
                        stack.push((l, Use::Written));
                    }
                    stack.extend(subs.iter().skip(1).map(|s| (*s, Use::Read)));
                }
                Kind::UnaryOperator
                    if matches!(e.opcode.as_deref(), Some("++" | "--" | "&")) =>
                {
                    stack.extend(e.exprs().map(|s| (s, Use::Written)));
                }
                // What a written place's subscript or member base reads is read.
                Kind::ArraySubscriptExpr | Kind::MemberExpr | Kind::CallExpr => {
                    stack.extend(e.exprs().map(|s| (s, Use::Read)));
                }
                Kind::ImplicitCastExpr | Kind::ParenExpr => {
                    stack.extend(e.exprs().map(|s| (s, how)));
                }
                Kind::DeclStmt => self.decl_vars(e),
                _ => stack.extend(e.exprs().map(|s| (s, Use::Read))),
            }
        }
    }
}

/// Whether an initialiser only computes (no memory: subscripts, `*`, `->`, variables that are
/// not locals; no call but `min`/`max`; no assignment, increment or address), collecting the
/// variables it reads.
fn pure(n: &Node, reads: &mut Vec<String>) -> bool {
    match n.kind {
        Kind::ArraySubscriptExpr | Kind::CompoundAssignOperator => false,
        Kind::MemberExpr if n.is_arrow == Some(true) => false,
        Kind::UnaryOperator if matches!(n.opcode.as_deref(), Some("*" | "&" | "++" | "--")) => {
            false
        }
        Kind::BinaryOperator if n.opcode.as_deref() == Some("=") => false,
        Kind::CallExpr => {
            let callee = n.exprs().next().and_then(callee_name);
            matches!(callee.as_deref(), Some("min" | "max")) && n.exprs().skip(1).all(|a| pure(a, reads))
        }
        Kind::CXXMemberCallExpr
        | Kind::CXXOperatorCallExpr
        | Kind::CXXConstructExpr
        | Kind::CXXTemporaryObjectExpr
        | Kind::CUDAKernelCallExpr
        | Kind::Other(_) => false,
        Kind::DeclRefExpr => match &n.referenced_decl {
            Some(d) => match d.kind {
                // A local or parameter (a file-scope variable is memory).
                Some(Kind::VarDecl | Kind::ParmVarDecl) => {
                    if let Some(name) = &d.name {
                        reads.push(name.clone());
                    }
                    true
                }
                Some(Kind::EnumConstantDecl) => true,
                _ => false,
            },
            None => false,
        },
        _ => n.exprs().all(|c| pure(c, reads)),
    }
}

fn callee_name(n: &Node) -> Option<String> {
    match n.kind {
        Kind::DeclRefExpr => n.referenced_decl.as_ref()?.name.clone(),
        _ => n.exprs().next().and_then(callee_name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trivia_is_blanks_and_comments() {
        let t = "a /* } */ // ;\n  ; b";
        assert_eq!(skip_trivia(t, 1), 17);
        assert_eq!(token_after(t, 1, ";"), Some(18));
        assert_eq!(token_after("x else_y", 1, "else"), None);
        assert_eq!(token_after("x else{", 1, "else"), Some(6));
    }
}
