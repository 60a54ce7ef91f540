//! The walk over clang's AST that collects [`Ranges`]: every function body of the main file
//! once, its statements with their extents, the `if`s, `for`s and declarations with their
//! parts, the jumps, and where each name is declared, read and written.

use super::text::{extent, last_paren_before, place_of, position, skip_trivia, token_after};
use super::{
    Branch, Compound, Decl, Declarator, For, If, IfParts, IfProblem, Jump, Name, OddDecl, Place,
    Ranges, Stmt, StmtKind, Use,
};
use crate::clang::ast::{Kind, Node};
use std::ops::Range;

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
                            if let Some(r) = extent(text, body).text() {
                                c.out.bodies.push(r.clone());
                                if let Some(name) = &n.name {
                                    c.out.functions.push((name.clone(), r));
                                }
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
            Kind::WhileStmt
            | Kind::DoStmt
            | Kind::SwitchStmt
            | Kind::LabelStmt
            | Kind::CaseStmt
            | Kind::DefaultStmt
            | Kind::AttributedStmt => {
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
        for i in then_index.iter().chain(&else_index) {
            let s = &self.out.stmts[*i];
            if let (false, Place::Text(r)) = (s.kind == StmtKind::Compound, &s.place) {
                self.out.branch_ends.push(r.end);
            }
        }
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
                let kw_end =
                    token_after(text, then.range.end, "else").ok_or(IfProblem::Unplaced)?;
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
                    if e.kind == Kind::CompoundAssignOperator || e.opcode == Some("=") =>
                {
                    let subs: Vec<&Node> = e.exprs().collect();
                    if let Some(l) = subs.first() {
                        stack.push((l, Use::Written));
                    }
                    stack.extend(subs.iter().skip(1).map(|s| (*s, Use::Read)));
                }
                Kind::UnaryOperator if matches!(e.opcode, Some("++" | "--" | "&")) => {
                    stack.extend(e.exprs().map(|s| (s, Use::Written)));
                }
                // What a written place's subscript or member base reads is read.
                Kind::ArraySubscriptExpr | Kind::MemberExpr | Kind::CallExpr => {
                    if e.kind == Kind::CallExpr {
                        self.call(e);
                    }
                    stack.extend(e.exprs().map(|s| (s, Use::Read)));
                }
                // A method's or an operator's call runs its body there, as a function's does.
                Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => {
                    self.call(e);
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

    /// Records the call `e` by its callee's name, where its text is the main file's.
    fn call(&mut self, e: &Node) {
        let callee = e.exprs().next().and_then(callee_name);
        let place = e.range.as_ref().map(|r| place_of(self.text, r));
        if let (Some(callee), Some(Place::Text(r))) = (callee, place) {
            self.out.calls.push((callee, r));
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
        Kind::UnaryOperator if matches!(n.opcode, Some("*" | "&" | "++" | "--")) => false,
        Kind::BinaryOperator if n.opcode == Some("=") => false,
        Kind::CallExpr => {
            let callee = n.exprs().next().and_then(callee_name);
            matches!(callee.as_deref(), Some("min" | "max"))
                && n.exprs().skip(1).all(|a| pure(a, reads))
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
        // `t.at(i)`, `p->at(i)`: the method's name.
        Kind::MemberExpr => n.name.clone(),
        _ => n.exprs().next().and_then(callee_name),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::super::{Place, Ranges, StmtKind};

    fn ranges(text: &str) -> Ranges {
        let options = crate::cuda::Options::default();
        crate::clang::ranges(std::path::Path::new("t.cu"), text, &options).unwrap()
    }

    #[test]
    fn statements_a_macro_writes_are_placed_at_its_use() {
        let text = "#define STEP(i) a[i] = 1; a[i + 1] = 2\n\
                    __global__ void k(int *a) {\n  STEP(threadIdx.x);\n  a[0] = 3; /* } */\n}\n";
        let r = ranges(text);
        let used = text.find("STEP(threadIdx").unwrap();
        let simple: Vec<&Place> = r
            .stmts
            .iter()
            .filter(|s| s.kind == StmtKind::Simple)
            .map(|s| &s.place)
            .collect();
        let last = text.find("a[0]").unwrap();
        assert_eq!(
            simple,
            [
                &Place::Macro(used),
                &Place::Macro(used),
                &Place::Text(last..last + "a[0] = 3;".len())
            ]
        );
        // No boundary after a statement a macro wrote; one after `{` and after `a[0] = 3;`.
        let mut b: Vec<usize> = r.boundaries().collect();
        b.sort_unstable();
        let open = text.find("{\n").unwrap() + 1;
        assert_eq!(b, [open, last + "a[0] = 3;".len()]);
    }

    #[test]
    fn declarators_are_read_with_their_initialisers() {
        let text = "__device__ int f(int v) { return v; }\n\
                    __global__ void k(int *a) {\n  int x = f(a[0]), *p, y = 2 * x;\n}\n";
        let r = ranges(text);
        let d = r.decls.iter().find(|d| d.declarators.len() == 3).unwrap();
        let part = |range: &std::ops::Range<usize>| &text[range.clone()];
        assert_eq!(part(&d.specs), "int ");
        let bare: Vec<&str> = d.declarators.iter().map(|v| part(&v.bare)).collect();
        assert_eq!(bare, ["x", "*p", "y"]);
        let init: Vec<Option<&str>> = d
            .declarators
            .iter()
            .map(|v| v.init.as_ref().map(part))
            .collect();
        assert_eq!(init, [Some("f(a[0])"), None, Some("2 * x")]);
        let pure: Vec<bool> = d.declarators.iter().map(|v| v.pure_init).collect();
        assert_eq!(pure, [false, true, true]);
        assert!(part(&d.range).ends_with(';'));
    }

    #[test]
    fn an_if_is_read_past_comments_and_literals() {
        let text = "__global__ void k(int *a) {\n  unsigned t = threadIdx.x;\n  \
                    if (t != ')' /* ) { */) a[t] = 1; // }\n  else { a[t] = 2; }\n}\n";
        let r = ranges(text);
        let start = text.find("if (").unwrap();
        let parts = r.if_at(start).unwrap().parts.clone().unwrap();
        assert_eq!(&text[parts.cond.clone()], "t != ')' /* ) { */");
        assert_eq!(&text[parts.then.range.clone()], "a[t] = 1;");
        assert!(!parts.then.braced);
        let (kw, els) = parts.els.unwrap();
        assert_eq!(&text[kw], "else");
        assert_eq!(&text[els.range], "{ a[t] = 2; }");
        assert_eq!(
            &text[parts.range],
            &text[start..text.rfind("}\n}").unwrap() + 1]
        );
    }
}
