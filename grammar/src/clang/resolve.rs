//! The resolve stage: which record declaration each record type of the translation unit
//! names, and the layouts clang computed for them — settled once, before any lowering.
//!
//! clang's JSON prints a type as text, not as a declaration: a struct declared inside a
//! function prints by its bare name (clang's type printer drops every scope above a
//! function), so a kernel's local `struct Cfg` and a file-scope `struct Cfg` both print as
//! `Cfg`, and `auto g = make()` of the file-scope one prints exactly like a local of the
//! kernel's own. Namespaces and classes do print (`geo::Key`, `Outer::Cfg`). Each record is
//! therefore known by its *key*, the text clang prints for it (its namespace and class scopes
//! up to the innermost function); a key that several declarations share (a *namesake* key:
//! records, or a record beside an enumeration, a typedef or a template parameter printed
//! alike) is decided per type occurrence here, from facts clang gives by declaration id:
//!
//! * **position**: a function-local record can be the type of a node only inside the block
//!   that declares it, after its declaration — unless it *escapes* (a `return` of the
//!   function hands it out through a deduced return type, or a template is instantiated with
//!   it), in which case it stays a candidate everywhere;
//! * **members**: `x.f` names the field `f` by id (`referencedMemberDecl`), whose record is
//!   its parent in the tree, so `x` has that record's type; `this` has its method's class;
//! * **identity of types** along the edges C++ keeps the type on: a name and its declaration
//!   (`referencedDecl`), a call and its callee's return type, a `return` and its function, a
//!   variable and its initialiser, parentheses, temporaries and the casts that keep the type
//!   (`NoOp`, `LValueToRValue`, `ArrayToPointerDecay`), `*`, `&`, `a[i]`, `?:`, `=`, a copy or
//!   move construction (only when no record of the key has a user-written constructor, which
//!   could convert from a namesake), an argument and its parameter;
//! * **the written name**: a declaration whose type is written with the key's name (its text
//!   from its start to its name, in the main file; not `auto` or `decltype`, whose text the
//!   JSON prints exactly like a written type's) names what C++'s lookup of that name finds
//!   there: the innermost local declaration in scope, else the file's (`::Cfg`: the file's).
//!
//! The nodes joined by those edges share one type; its record is the one candidate every
//! member allows. When that is not exactly one record, the type is *unresolved*: its text
//! becomes `Key@?`, which names no record, so the lowering refuses what needs it (never a
//! guess). A resolved namesake's text becomes `Key@ID` (the declaration's clang id); a key
//! with one declaration keeps its text. [`Model::records`] maps those identities to the
//! declarations, and is the lowering's only way from a type to a record.
//!
//! Record layouts are clang's own: the same clang run prints them
//! (`-fdump-record-layouts-complete`, before the JSON; `layouts`). The dump names a record
//! by its key too (a function-local record by its bare name), so a dump is given to a record
//! only when its key and its fields (by name, in order) match, and every dump with that key and
//! those fields is the same layout.

use super::ast::{Kind, Node};
use std::collections::{HashMap, HashSet};

/// The facts the resolve stage settles for the lowering.
#[derive(Debug, Default)]
pub struct Model {
    /// Every complete record definition a type can name, by the identity its type texts
    /// carry after [`resolve`] (its key, or `Key@ID` for a namesake), with its declaration id.
    pub records: HashMap<String, String>,
    /// The layout clang computed for a record, by declaration id.
    pub layouts: HashMap<String, Layout>,
}

/// A record's layout as clang computed it (sizes and offsets in bytes, bit-field positions in
/// bits from the field's byte offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u64,
    pub align: u64,
    /// The direct members in clang's order: base classes (with their offsets) first, then
    /// the fields.
    pub members: Vec<Member>,
}

/// One direct member of a record in clang's layout dump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub offset: u64,
    /// `Some((first, last))` bits of a bit-field, counted from `offset`.
    pub bits: Option<(u64, u64)>,
    /// A bit-field of width 0 (`unsigned : 0`, printed `4:-`): it holds no bits, and ends the
    /// memory location of the bit-fields before it (C++ [intro.memory]/3).
    pub zero_width: bool,
    /// The text after the offset: `int mul`, `struct Base (base)`, `(Cfg vtable pointer)`; an
    /// unnamed field's ends with a space (`unsigned int `), so that its name is empty.
    pub text: String,
}

/// The suffix of a type text whose record the resolve stage could not decide.
pub const UNRESOLVED: &str = "@?";

/// The record name to show a user: the identity without its declaration id.
pub fn shown(identity: &str) -> &str {
    identity.split('@').next().unwrap_or(identity)
}

/// Whether a record identity is one [`resolve`] could not decide.
pub fn is_unresolved(identity: &str) -> bool {
    identity.ends_with(UNRESOLVED)
}

/// A declaration that a key prints for.
#[derive(Debug)]
struct Decl<'a> {
    node: &'a Node,
    key: String,
    record: bool,
    /// Pre-order index of the declaration.
    pre: usize,
    /// A local declaration: visible in pre-order indices `pre..=end` only (`None` also for a
    /// local record that escapes its block).
    scope_end: Option<usize>,
    /// Where a local declaration is in scope for name lookup (`pre..=end`), escaping or not.
    lexical_end: Option<usize>,
}

/// One node of the pre-order walk.
struct Entry<'a> {
    node: &'a Node,
    parent: Option<usize>,
    end: usize,
}

/// The nodes of `root` in pre-order (children in order), each with its parent and the last
/// index of its subtree. [`resolve`]'s rewrite walks the tree in the same order.
fn preorder(root: &Node) -> Vec<Entry<'_>> {
    let mut out: Vec<Entry> = Vec::new();
    let mut stack: Vec<(&Node, Option<usize>)> = vec![(root, None)];
    while let Some((n, parent)) = stack.pop() {
        let i = out.len();
        out.push(Entry {
            node: n,
            parent,
            end: i,
        });
        stack.extend(n.inner.iter().rev().map(|c| (c, Some(i))));
    }
    for i in (1..out.len()).rev() {
        if let Some(p) = out[i].parent {
            out[p].end = out[p].end.max(out[i].end);
        }
    }
    out
}

fn is_function(k: &Kind) -> bool {
    matches!(
        k,
        Kind::FunctionDecl | Kind::CXXMethodDecl | Kind::CXXConversionDecl
    ) || matches!(k, Kind::Other(o) if o == "CXXConstructorDecl" || o == "CXXDestructorDecl")
}

fn is_record(k: &Kind) -> bool {
    matches!(k, Kind::CXXRecordDecl | Kind::RecordDecl)
}

/// The positions in `text` where `key` stands as a whole type name (not part of a longer
/// name, a qualified name or a template name).
fn occurrences(text: &str, key: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b':' || c == b'@';
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find(key) {
        let at = from + k;
        let end = at + key.len();
        let before = at == 0 || !ident(bytes[at - 1]);
        let after = end == bytes.len() || !(ident(bytes[end]) || bytes[end] == b'<');
        if before && after {
            out.push(at);
        }
        from = at + 1;
    }
    out
}

struct Resolver<'a> {
    /// The main file's text: the written type names of declarations are looked up in it.
    text: &'a str,
    nodes: Vec<Entry<'a>>,
    /// Declarations by key.
    decls: HashMap<String, Vec<Decl<'a>>>,
    /// Keys several declarations print as.
    namesakes: Vec<String>,
    /// Pre-order index of each declaration by id (the occurrence with children).
    by_id: HashMap<&'a str, usize>,
    /// The record each member (field, method) belongs to, by the member's id.
    member_of: HashMap<&'a str, usize>,
    /// Type-equality classes: union-find over pre-order indices.
    parent: Vec<usize>,
    /// The namesake key of each node that is a slot (its type names exactly one namesake).
    slot: HashMap<usize, String>,
    /// Records a slot must be (evidence from members), by slot.
    evidence: HashMap<usize, Vec<usize>>,
}

impl<'a> Resolver<'a> {
    fn new(root: &'a Node, text: &'a str) -> Self {
        let nodes = preorder(root);
        let n = nodes.len();
        Resolver {
            text,
            nodes,
            decls: HashMap::new(),
            namesakes: Vec::new(),
            by_id: HashMap::new(),
            member_of: HashMap::new(),
            parent: (0..n).collect(),
            slot: HashMap::new(),
            evidence: HashMap::new(),
        }
    }

    fn ancestors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.nodes[i].parent, |&p| self.nodes[p].parent)
    }

    /// The scope text clang prints before a name declared at `i`: the names of the enclosing
    /// namespaces and classes up to the innermost function.
    fn scope_of(&self, i: usize) -> Option<String> {
        let mut parts = Vec::new();
        for a in self.ancestors(i) {
            let n = self.nodes[a].node;
            if is_function(&n.kind) {
                break;
            }
            match &n.kind {
                Kind::NamespaceDecl => match n.name.as_deref() {
                    Some(name) if !name.is_empty() => parts.push(name.to_string()),
                    // An anonymous namespace prints as `(anonymous namespace)::`, which the
                    // lowering reads as no record at all.
                    _ => return None,
                },
                Kind::CXXRecordDecl | Kind::RecordDecl => match n.name.as_deref() {
                    Some(name) if !name.is_empty() => parts.push(name.to_string()),
                    _ => return None,
                },
                // A class template's instance prints with its arguments: no bare key.
                Kind::ClassTemplateSpecializationDecl => return None,
                _ => {}
            }
        }
        parts.reverse();
        Some(parts.iter().map(|p| format!("{p}::")).collect())
    }

    /// Whether `i` lies inside a function (its declarations are local to it), and if so the
    /// last index of the block that holds it.
    fn local_scope(&self, i: usize) -> Option<usize> {
        let mut block = None;
        for a in self.ancestors(i) {
            let n = self.nodes[a].node;
            if n.kind == Kind::CompoundStmt && block.is_none() {
                block = Some(self.nodes[a].end);
            }
            if is_function(&n.kind) {
                return Some(block.unwrap_or(self.nodes[a].end));
            }
            if matches!(
                &n.kind,
                Kind::FunctionTemplateDecl | Kind::ClassTemplateDecl
            ) {
                // A template parameter is visible in its template only.
                return Some(self.nodes[a].end);
            }
        }
        None
    }

    /// The last index of the pattern of the template whose parameter is at `i`: a template
    /// parameter names a type in the pattern only, not in the instances clang lists after it
    /// (where it is replaced by its argument).
    fn pattern_end(&self, i: usize) -> Option<usize> {
        let p = self.nodes[i].parent?;
        let mut at = p + 1;
        for c in &self.nodes[p].node.inner {
            let param = matches!(&c.kind, Kind::Other(k) if k.ends_with("TemplateParmDecl"));
            if at > i && !param {
                return Some(self.nodes[at].end);
            }
            at = self.nodes[at].end + 1;
        }
        Some(self.nodes[p].end)
    }

    fn collect(&mut self) {
        // Records without a name take the name of the typedef that names them.
        let mut typedef_names: HashMap<&'a str, (String, usize)> = HashMap::new();
        for (i, e) in self.nodes.iter().enumerate() {
            let n = e.node;
            if matches!(n.kind, Kind::TypedefDecl | Kind::TypeAliasDecl) {
                if let Some(name) = n.name.as_deref() {
                    let mut stack: Vec<&Node> = n.inner.iter().collect();
                    while let Some(t) = stack.pop() {
                        if let Some(d) = &t.type_decl {
                            typedef_names
                                .entry(d.id.as_str())
                                .or_insert((name.to_string(), i));
                        }
                        stack.extend(t.inner.iter());
                    }
                }
            }
        }
        let mut found: Vec<Decl<'a>> = Vec::new();
        for i in 0..self.nodes.len() {
            let n = self.nodes[i].node;
            let first = self.by_id.get(n.id.as_str()).copied();
            if !n.id.is_empty()
                && (first.is_none() || first.is_some_and(|f| self.nodes[f].node.inner.is_empty()))
            {
                self.by_id.insert(&n.id, i);
            }
            let record_def = is_record(&n.kind)
                && n.complete_definition == Some(true)
                && n.is_implicit != Some(true);
            if record_def {
                for m in &n.inner {
                    if !m.id.is_empty() {
                        self.member_of.insert(&m.id, i);
                    }
                }
            }
            let (name, at, record) = match &n.kind {
                _ if record_def => match n.name.as_deref().filter(|s| !s.is_empty()) {
                    Some(name) => (name.to_string(), i, true),
                    None => match typedef_names.get(n.id.as_str()) {
                        Some((name, t)) => (name.clone(), *t, true),
                        None => continue,
                    },
                },
                Kind::EnumDecl => match n.name.as_deref().filter(|s| !s.is_empty()) {
                    Some(name) => (name.to_string(), i, false),
                    None => continue,
                },
                Kind::TypedefDecl | Kind::TypeAliasDecl => {
                    let Some(name) = n.name.as_deref() else {
                        continue;
                    };
                    // `typedef struct Cfg Cfg;` and the typedef of an unnamed record name the
                    // record itself.
                    let names_record = n.inner.iter().any(|t| {
                        let mut stack = vec![t];
                        let mut hit = false;
                        while let Some(t) = stack.pop() {
                            hit |= t.type_decl.as_ref().is_some_and(|d| {
                                d.name.as_deref().is_none_or(|m| m.is_empty() || m == name)
                            });
                            stack.extend(t.inner.iter());
                        }
                        hit
                    });
                    if names_record {
                        continue;
                    }
                    (name.to_string(), i, false)
                }
                Kind::Other(k) if k == "TemplateTypeParmDecl" => match n.name.as_deref() {
                    Some(name) if !name.is_empty() => (name.to_string(), i, false),
                    _ => continue,
                },
                _ => continue,
            };
            let Some(scope) = self.scope_of(at) else {
                continue;
            };
            let scope_end = if matches!(&n.kind, Kind::Other(k) if k == "TemplateTypeParmDecl") {
                self.pattern_end(i)
            } else {
                self.local_scope(at)
            };
            found.push(Decl {
                node: n,
                key: format!("{scope}{name}"),
                record,
                pre: i,
                scope_end,
                lexical_end: scope_end,
            });
        }
        for d in found {
            self.decls.entry(d.key.clone()).or_default().push(d);
        }
        let mut namesakes: Vec<String> = (self.decls.iter())
            .filter(|(_, ds)| ds.len() > 1 && ds.iter().any(|d| d.record))
            .map(|(k, _)| k.clone())
            .collect();
        namesakes.sort();
        self.namesakes = namesakes;
        self.escapes();
    }

    /// Local records that escape their block: a template argument names the key anywhere, or
    /// a `return` of the record's function returns something of the key (only a deduced
    /// return type can hand a local class out). They stay candidates everywhere.
    fn escapes(&mut self) {
        let mut escaping: HashSet<String> = HashSet::new();
        for (i, e) in self.nodes.iter().enumerate() {
            let n = e.node;
            let is_arg = matches!(&n.kind, Kind::Other(k) if k == "TemplateArgument");
            let is_return = n.kind == Kind::ReturnStmt;
            if !is_arg && !is_return {
                continue;
            }
            let texts: Vec<&str> = if is_arg {
                (i..=e.end)
                    .filter_map(|j| self.nodes[j].node.ty.as_ref().map(|t| t.canonical()))
                    .collect()
            } else {
                n.exprs()
                    .filter_map(|x| x.ty.as_ref().map(|t| t.canonical()))
                    .collect()
            };
            for key in &self.namesakes {
                if texts.iter().any(|t| !occurrences(t, key).is_empty()) {
                    escaping.insert(key.clone());
                }
            }
        }
        for key in escaping {
            if let Some(ds) = self.decls.get_mut(&key) {
                for d in ds.iter_mut().filter(|d| d.record) {
                    d.scope_end = None;
                }
            }
        }
    }

    /// The declarations of `key` a node at `i` can mean.
    fn candidates(&self, key: &str, i: usize) -> Vec<usize> {
        let Some(ds) = self.decls.get(key) else {
            return Vec::new();
        };
        ds.iter()
            .enumerate()
            .filter(|(_, d)| d.scope_end.is_none_or(|end| d.pre <= i && i <= end))
            .map(|(k, _)| k)
            .collect()
    }

    /// The namesake key named once by the text, if exactly one occurrence of one namesake is
    /// in it (in a function type, in its result).
    fn slot_key(&self, text: &str, function: bool) -> Option<String> {
        let mut hit = None;
        for key in &self.namesakes {
            for at in occurrences(text, key) {
                if hit.is_some() {
                    return None;
                }
                if function && text.find('(').is_some_and(|p| p < at) {
                    return None;
                }
                hit = Some(key.clone());
            }
        }
        hit
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Joins the types of `a` and `b` when both are slots of one key.
    fn join(&mut self, a: usize, b: usize) {
        let same = matches!((self.slot.get(&a), self.slot.get(&b)), (Some(x), Some(y)) if x == y);
        if same {
            let (ra, rb) = (self.find(a), self.find(b));
            self.parent[ra] = rb;
        }
    }

    fn slots(&mut self) {
        for i in 0..self.nodes.len() {
            let n = self.nodes[i].node;
            let Some(t) = &n.ty else { continue };
            if let Some(key) = self.slot_key(t.canonical(), is_function(&n.kind)) {
                self.slot.insert(i, key);
            }
        }
    }

    /// The index of the first expression child of node `i`.
    fn expr_child(&self, i: usize, k: usize) -> Option<usize> {
        let n = self.nodes[i].node;
        let mut at = i + 1;
        let mut seen = 0;
        for c in &n.inner {
            if !c.is_meta() {
                if seen == k {
                    return Some(at);
                }
                seen += 1;
            }
            at = self.nodes[at].end + 1;
        }
        None
    }

    /// The callee declaration of a call at `i`.
    fn callee(&self, i: usize) -> Option<usize> {
        let mut c = self.expr_child(i, 0)?;
        loop {
            let n = self.nodes[c].node;
            match n.kind {
                Kind::ImplicitCastExpr | Kind::ParenExpr => c = self.expr_child(c, 0)?,
                Kind::DeclRefExpr => {
                    return self
                        .by_id
                        .get(n.referenced_decl.as_ref()?.id.as_str())
                        .copied()
                }
                Kind::MemberExpr => {
                    return self
                        .by_id
                        .get(n.referenced_member_decl.as_deref()?)
                        .copied()
                }
                _ => return None,
            }
        }
    }

    /// The parameters of the function declared at `f`, in order.
    fn params(&self, f: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = f + 1;
        for c in &self.nodes[f].node.inner {
            if c.kind == Kind::ParmVarDecl {
                out.push(at);
            }
            at = self.nodes[at].end + 1;
        }
        out
    }

    fn nearest_function(&self, i: usize) -> Option<usize> {
        self.ancestors(i)
            .find(|&a| is_function(&self.nodes[a].node.kind))
    }

    /// Whether a record of `key` has a constructor written by the user (it could convert from
    /// a namesake, so a construction does not keep the type).
    fn user_constructors(&self, key: &str) -> bool {
        self.decls.get(key).is_some_and(|ds| {
            ds.iter().any(|d| {
                d.node.inner.iter().any(|m| {
                    matches!(&m.kind, Kind::Other(k) if k == "CXXConstructorDecl")
                        && m.is_implicit != Some(true)
                })
            })
        })
    }

    fn edges(&mut self) {
        for i in 0..self.nodes.len() {
            let n = self.nodes[i].node;
            match &n.kind {
                Kind::DeclRefExpr => {
                    if let Some(d) = n.referenced_decl.as_ref() {
                        if let Some(&j) = self.by_id.get(d.id.as_str()) {
                            self.join(i, j);
                        }
                    }
                }
                Kind::MemberExpr => {
                    let Some(m) = n.referenced_member_decl.as_deref() else {
                        continue;
                    };
                    if let Some(&j) = self.by_id.get(m) {
                        self.join(i, j);
                    }
                    if let (Some(&r), Some(base)) = (self.member_of.get(m), self.expr_child(i, 0)) {
                        self.evidence_for(base, r);
                    }
                }
                Kind::CXXThisExpr => {
                    let f = self.nearest_function(i);
                    let class = f.and_then(|f| {
                        let p = self.nodes[f].parent?;
                        if is_record(&self.nodes[p].node.kind) {
                            return Some(p);
                        }
                        let prev = self.nodes[f].node.previous_decl.as_deref()?;
                        self.member_of.get(prev).copied()
                    });
                    if let Some(r) = class {
                        self.evidence_for(i, r);
                    }
                }
                Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => {
                    if let Some(f) = self.callee(i) {
                        self.join(i, f);
                        // An argument initialises its parameter (through a copy or a
                        // reference binding, which the edges above keep or not). The
                        // arguments of an operator call start with the object of a member
                        // operator: not followed.
                        if n.kind != Kind::CXXOperatorCallExpr {
                            let params = self.params(f);
                            for (k, p) in params.into_iter().enumerate() {
                                if let Some(a) = self.expr_child(i, k + 1) {
                                    self.join(a, p);
                                }
                            }
                        }
                    }
                }
                Kind::FunctionDecl | Kind::CXXMethodDecl | Kind::CXXConversionDecl => {
                    if let Some(&p) = n.previous_decl.as_deref().and_then(|p| self.by_id.get(p)) {
                        self.join(i, p);
                        let (mine, theirs) = (self.params(i), self.params(p));
                        if mine.len() == theirs.len() {
                            for (a, b) in mine.into_iter().zip(theirs) {
                                self.join(a, b);
                            }
                        }
                    }
                }
                Kind::ReturnStmt => {
                    if let (Some(e), Some(f)) = (self.expr_child(i, 0), self.nearest_function(i)) {
                        self.join(e, f);
                    }
                }
                Kind::VarDecl
                | Kind::ParenExpr
                | Kind::MaterializeTemporaryExpr
                | Kind::ExprWithCleanups
                | Kind::CXXBindTemporaryExpr
                | Kind::ConstantExpr => {
                    if let Some(e) = self.expr_child(i, 0) {
                        self.join(i, e);
                    }
                }
                Kind::ImplicitCastExpr
                | Kind::CStyleCastExpr
                | Kind::CXXStaticCastExpr
                | Kind::CXXConstCastExpr
                | Kind::CXXFunctionalCastExpr => {
                    let keeps = matches!(
                        n.cast_kind,
                        Some("NoOp" | "LValueToRValue" | "ArrayToPointerDecay")
                    );
                    if let (true, Some(e)) = (keeps, self.expr_child(i, 0)) {
                        self.join(i, e);
                    }
                }
                Kind::UnaryOperator if matches!(n.opcode, Some("*" | "&")) => {
                    if let Some(e) = self.expr_child(i, 0) {
                        self.join(i, e);
                    }
                }
                Kind::ArraySubscriptExpr => {
                    for k in 0..2 {
                        if let Some(e) = self.expr_child(i, k) {
                            self.join(i, e);
                        }
                    }
                }
                Kind::ConditionalOperator => {
                    for k in 1..3 {
                        if let Some(e) = self.expr_child(i, k) {
                            self.join(i, e);
                        }
                    }
                }
                Kind::BinaryOperator => {
                    let k = match n.opcode {
                        Some("=") => 0,
                        Some(",") => 1,
                        _ => continue,
                    };
                    if let Some(e) = self.expr_child(i, k) {
                        self.join(i, e);
                    }
                }
                Kind::CXXConstructExpr => {
                    let Some(key) = self.slot.get(&i).cloned() else {
                        continue;
                    };
                    let ctor = n.ctor_type.as_ref().map_or("", |t| t.canonical());
                    let copy = [
                        format!("void (const {key} &)"),
                        format!("void ({key} &&)"),
                        format!("void ({key} &)"),
                    ]
                    .iter()
                    .any(|c| ctor.strip_suffix(" noexcept").unwrap_or(ctor) == c);
                    let args = n.exprs().count();
                    if copy && args == 1 && !self.user_constructors(&key) {
                        if let Some(e) = self.expr_child(i, 0) {
                            self.join(i, e);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Evidence from the source: a declaration whose type is written with the key's name
    /// (`const Cfg c{..}`, not `auto`) names what C++'s lookup of that name finds at the
    /// declaration: the innermost local declaration of the name in scope there, else the
    /// file's (`::Cfg`: the file's). Only where the declaration's text is the main file's as
    /// written (its name not made by a macro).
    fn written(&mut self) {
        let slots: Vec<(usize, String)> = self.slot.iter().map(|(i, k)| (*i, k.clone())).collect();
        for (i, key) in slots {
            let n = self.nodes[i].node;
            if !matches!(n.kind, Kind::VarDecl | Kind::ParmVarDecl | Kind::FieldDecl)
                || key.contains("::")
            {
                continue;
            }
            let Some(written) = self.written_text(n) else {
                continue;
            };
            let Some(global) = written_name(written, &key) else {
                continue;
            };
            let Some(ds) = self.decls.get(&key) else {
                continue;
            };
            let found = if global {
                let file: Vec<usize> = (0..ds.len())
                    .filter(|&k| ds[k].lexical_end.is_none() && ds[k].pre < i)
                    .collect();
                match file.as_slice() {
                    [k] => Some(*k),
                    _ => None,
                }
            } else {
                let local = (0..ds.len())
                    .filter(|&k| {
                        ds[k]
                            .lexical_end
                            .is_some_and(|end| ds[k].pre < i && i <= end)
                    })
                    .max_by_key(|&k| ds[k].pre);
                local.or_else(|| {
                    let file: Vec<usize> = (0..ds.len())
                        .filter(|&k| ds[k].lexical_end.is_none() && ds[k].pre < i)
                        .collect();
                    match file.as_slice() {
                        [k] => Some(*k),
                        _ => None,
                    }
                })
            };
            if let Some(k) = found.filter(|&k| ds[k].record) {
                self.evidence.entry(i).or_default().push(k);
            }
        }
    }

    /// The text of a declaration from its start to its name, when its name is written in the
    /// main file (the start may be a macro's use there: `__shared__ Cfg s;`).
    fn written_text(&self, n: &Node) -> Option<&'a str> {
        let main = |p: &super::ast::Pos| {
            (p.file.as_deref() == Some(super::driver::STDIN_NAME))
                .then(|| p.at())
                .flatten()
        };
        let loc = n.loc.as_ref()?;
        if loc.spelling.is_some() || loc.expansion.is_some() {
            return None;
        }
        let end = main(loc)?;
        let begin = &n.range.as_ref()?.begin;
        let start = match (&begin.spelling, &begin.expansion) {
            (_, Some(e)) => main(e)?,
            _ => main(begin)?,
        };
        self.text.get(start..end)
    }

    /// The slot `i` must be of record `r` (when `r` prints as its key).
    fn evidence_for(&mut self, i: usize, r: usize) {
        let Some(key) = self.slot.get(&i) else { return };
        let Some(ds) = self.decls.get(key) else {
            return;
        };
        let Some(k) = ds.iter().position(|d| d.pre == r) else {
            // The member is of another record (a base class's): no evidence about this one.
            return;
        };
        self.evidence.entry(i).or_default().push(k);
    }

    /// The record (index into its key's declarations) of every slot's class, when exactly one
    /// is possible.
    fn settle(&mut self) -> HashMap<usize, Option<usize>> {
        let mut allowed: HashMap<usize, HashSet<usize>> = HashMap::new();
        let slots: Vec<(usize, String)> = self.slot.iter().map(|(i, k)| (*i, k.clone())).collect();
        for (i, key) in &slots {
            let root = self.find(*i);
            let mut here: HashSet<usize> = self.candidates(key, *i).into_iter().collect();
            if let Some(ev) = self.evidence.get(i) {
                here.retain(|k| ev.contains(k));
            }
            allowed
                .entry(root)
                .and_modify(|s| s.retain(|k| here.contains(k)))
                .or_insert(here);
        }
        let mut out = HashMap::new();
        for (i, key) in &slots {
            let root = self.find(*i);
            let one = allowed.get(&root).and_then(|s| {
                let mut it = s.iter();
                match (it.next(), it.next()) {
                    (Some(&k), None) if self.decls[key][k].record => Some(k),
                    _ => None,
                }
            });
            out.insert(*i, one);
        }
        out
    }
}

/// Whether the declaration text `written` (from its start to its name) names its type by
/// `name` as C++ looks it up: `Some(false)` unqualified, `Some(true)` as `::name`; `None` when
/// the type is deduced (`auto`, `decltype`), not written with that name, or qualified by
/// something else.
fn written_name(written: &str, name: &str) -> Option<bool> {
    let mut tokens: Vec<&str> = Vec::new();
    let b = written.as_bytes();
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = k;
            while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'_') {
                k += 1;
            }
            tokens.push(&written[start..k]);
        } else if c == b':' && b.get(k + 1) == Some(&b':') {
            tokens.push("::");
            k += 2;
        } else if c == b'/' || c == b'#' || c == b'"' {
            // A comment, a directive or a string: not a plain declaration.
            return None;
        } else {
            if !c.is_ascii_whitespace() {
                tokens.push(&written[k..k + 1]);
            }
            k += 1;
        }
    }
    if tokens.iter().any(|t| {
        matches!(
            *t,
            "auto" | "decltype" | "typeof" | "__typeof__" | "__typeof"
        )
    }) {
        return None;
    }
    let at = tokens.iter().rposition(|t| *t == name)?;
    if at > 0 && tokens[at - 1] == "::" {
        // `X::name` is qualified by X, except where X is a specifier (`const ::Cfg`).
        let specifier = |t: &str| {
            matches!(
                t,
                "const"
                    | "volatile"
                    | "static"
                    | "extern"
                    | "constexpr"
                    | "register"
                    | "struct"
                    | "class"
                    | "union"
                    | "typename"
                    | "mutable"
                    | "thread_local"
            )
        };
        let qualified = at > 1
            && !specifier(tokens[at - 2])
            && tokens[at - 2]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '>');
        return (!qualified).then_some(true);
    }
    Some(false)
}

/// The identity of a record declaration of `key`: its key when it is the only declaration of
/// it, else `Key@ID`.
fn identity(key: &str, id: &str, namesake: bool) -> String {
    if namesake {
        format!("{key}@{id}")
    } else {
        key.to_string()
    }
}

/// Resolves the record types of the tree (see the module doc), rewriting their texts to the
/// identities of [`Model::records`], and reads clang's layouts from `dump`.
pub fn resolve(root: &mut Node, text: &str, dump: &str) -> Model {
    // What to write, by pre-order index: (namesake key → identity) per text field.
    let (mut rewrites, model) = {
        let mut r = Resolver::new(root, text);
        r.collect();
        r.slots();
        r.edges();
        r.written();
        let settled = r.settle();
        let namesakes: HashSet<&String> = r.namesakes.iter().collect();
        let mut model = Model::default();
        for (key, ds) in &r.decls {
            let namesake = namesakes.contains(key);
            for d in ds.iter().filter(|d| d.record) {
                model
                    .records
                    .insert(identity(key, &d.node.id, namesake), d.node.id.clone());
            }
        }
        let mut rewrites: HashMap<usize, Rewrite> = HashMap::new();
        if !r.namesakes.is_empty() {
            // The identity a namesake's occurrence takes at `i` by position alone.
            let by_position = |key: &str, i: usize| -> String {
                let c = r.candidates(key, i);
                match c.as_slice() {
                    [k] if r.decls[key][*k].record => {
                        identity(key, &r.decls[key][*k].node.id, true)
                    }
                    _ => format!("{key}{UNRESOLVED}"),
                }
            };
            let of_slot = |i: usize| -> Option<(String, String)> {
                let key = r.slot.get(&i)?;
                let k = settled.get(&i).copied().flatten()?;
                Some((key.clone(), identity(key, &r.decls[key][k].node.id, true)))
            };
            let texts =
                |text: &str, i: usize, settled: Option<(String, String)>| -> Option<String> {
                    let mut out = text.to_string();
                    let mut changed = false;
                    for key in &r.namesakes {
                        let at = occurrences(&out, key);
                        for p in at.into_iter().rev() {
                            let with = match &settled {
                                Some((k, id)) if k == key => id.clone(),
                                _ => by_position(key, i),
                            };
                            out.replace_range(p..p + key.len(), &with);
                            changed = true;
                        }
                    }
                    changed.then_some(out)
                };
            for (i, e) in r.nodes.iter().enumerate() {
                let n = e.node;
                let mut w = Rewrite::default();
                if let Some(t) = &n.ty {
                    w.ty = texts(t.canonical(), i, of_slot(i));
                }
                if let Some(d) = &n.referenced_decl {
                    let decl = r.by_id.get(d.id.as_str()).copied();
                    let at = decl.unwrap_or(i);
                    if let Some(t) = &d.ty {
                        w.decl_ty = texts(t.canonical(), at, decl.and_then(of_slot));
                    }
                }
                if let Some(t) = &n.ctor_type {
                    w.ctor_ty = texts(t.canonical(), i, of_slot(i));
                }
                if let Some(t) = &n.compute_lhs_type {
                    w.lhs_ty = texts(t.canonical(), i, None);
                }
                if let Some(t) = &n.arg_type {
                    w.arg_ty = texts(t.canonical(), i, None);
                }
                if let Some(serde_json::Value::Array(bases)) = &n.bases {
                    let mut new = bases.clone();
                    let mut changed = false;
                    for b in &mut new {
                        let Some(ty) = b.get_mut("type") else {
                            continue;
                        };
                        let text = ty
                            .get("desugaredQualType")
                            .or_else(|| ty.get("qualType"))
                            .and_then(|v| v.as_str())
                            .map(str::to_string);
                        if let Some(t) = text.and_then(|t| texts(&t, i, None)) {
                            ty["desugaredQualType"] = serde_json::Value::String(t);
                            changed = true;
                        }
                    }
                    if changed {
                        w.bases = Some(serde_json::Value::Array(new));
                    }
                }
                if !w.is_empty() {
                    rewrites.insert(i, w);
                }
            }
        }
        // Layouts.
        let dumped = layouts(dump);
        for ds in r.decls.values() {
            for d in ds.iter().filter(|d| d.record) {
                if let Some(l) = layout_of(&dumped, &d.key, d.node) {
                    model.layouts.insert(d.node.id.clone(), l);
                }
            }
        }
        (rewrites, model)
    };
    if !rewrites.is_empty() {
        let mut stack: Vec<&mut Node> = vec![root];
        let mut i = 0usize;
        while let Some(n) = stack.pop() {
            if let Some(w) = rewrites.remove(&i) {
                w.apply(n);
            }
            i += 1;
            stack.extend(n.inner.iter_mut().rev());
        }
    }
    model
}

/// New texts for one node's types.
#[derive(Default)]
struct Rewrite {
    ty: Option<String>,
    decl_ty: Option<String>,
    ctor_ty: Option<String>,
    lhs_ty: Option<String>,
    arg_ty: Option<String>,
    bases: Option<serde_json::Value>,
}

impl Rewrite {
    fn is_empty(&self) -> bool {
        self.ty.is_none()
            && self.decl_ty.is_none()
            && self.ctor_ty.is_none()
            && self.lhs_ty.is_none()
            && self.arg_ty.is_none()
            && self.bases.is_none()
    }

    fn apply(self, n: &mut Node) {
        let set = |t: Option<&mut super::ast::Type>, v: Option<String>| {
            if let (Some(t), Some(v)) = (t, v) {
                t.desugared = Some(v);
            }
        };
        set(n.ty.as_mut(), self.ty);
        set(
            n.referenced_decl.as_mut().and_then(|d| d.ty.as_mut()),
            self.decl_ty,
        );
        if let Some(r) = n.rare_mut() {
            set(r.ctor_type.as_mut(), self.ctor_ty);
            set(r.compute_lhs_type.as_mut(), self.lhs_ty);
            set(r.arg_type.as_mut(), self.arg_ty);
        }
        if let Some(b) = self.bases {
            n.rare_entry().bases = Some(b);
        }
    }
}

/// One record of clang's layout dump: the name it prints and its layout.
#[derive(Debug)]
struct Dumped {
    name: String,
    layout: Layout,
}

/// Reads clang's `-fdump-record-layouts` output: for each record, the header line (`0 |
/// struct geo::Key`), its direct members (one level of indentation deeper), and the
/// `[sizeof=8, dsize=8, align=4, ...]` line.
fn layouts(dump: &str) -> Vec<Dumped> {
    let mut out = Vec::new();
    let mut lines = dump.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "*** Dumping AST Record Layout" {
            continue;
        }
        let Some((_, header)) = lines.next().and_then(|h| h.split_once('|')) else {
            continue;
        };
        let header = header.trim_end();
        let name = header.trim().trim_end_matches(" (empty)");
        let name = ["struct ", "class ", "union "]
            .iter()
            .find_map(|p| name.strip_prefix(p))
            .unwrap_or(name)
            .to_string();
        let base_indent = header.len() - header.trim_start().len();
        let mut members = Vec::new();
        let mut size = None;
        let mut align = None;
        for l in lines.by_ref() {
            let Some((off, text)) = l.split_once('|') else {
                break;
            };
            let off = off.trim();
            if off.is_empty() {
                // `[sizeof=8, dsize=8, align=4,` then `nvsize=..., nvalign=...]`.
                for part in text.trim().trim_matches(['[', ']']).split(',') {
                    match part.trim().split_once('=') {
                        Some(("sizeof", v)) => size = v.trim().parse().ok(),
                        Some(("align", v)) => align = v.trim().parse().ok(),
                        _ => {}
                    }
                }
                if text.trim_end().ends_with(']') {
                    break;
                }
                continue;
            }
            let indent = text.len() - text.trim_start().len();
            if indent != base_indent + 2 {
                continue;
            }
            let (offset, bits, zero_width) = match off.split_once(':') {
                // A zero-width bit-field: `4:-`.
                Some((byte, "-")) => match byte.parse() {
                    Ok(o) => (o, None, true),
                    Err(_) => continue,
                },
                Some((byte, range)) => {
                    let (a, b) = range.split_once('-').unwrap_or((range, range));
                    match (byte.parse(), a.parse(), b.parse()) {
                        (Ok(o), Ok(a), Ok(b)) => (o, Some((a, b)), false),
                        _ => continue,
                    }
                }
                None => match off.parse() {
                    Ok(o) => (o, None, false),
                    Err(_) => continue,
                },
            };
            // An unnamed field (`unsigned int ` of `unsigned : 2`) keeps its final space: its
            // name is empty, as its declaration's.
            members.push(Member {
                offset,
                bits,
                zero_width,
                text: text.trim_start().to_string(),
            });
        }
        if let (Some(size), Some(align)) = (size, align) {
            out.push(Dumped {
                name,
                layout: Layout {
                    size,
                    align,
                    members,
                },
            });
        }
    }
    out
}

/// The layout clang dumped for the record `r` of key `key`: a dump of that name whose fields
/// are `r`'s (by name, in order), when every such dump agrees.
fn layout_of(dumped: &[Dumped], key: &str, r: &Node) -> Option<Layout> {
    let fields: Vec<&str> = r
        .inner
        .iter()
        .filter(|f| f.kind == Kind::FieldDecl)
        .map(|f| f.name.as_deref().unwrap_or(""))
        .collect();
    let mut found: Option<&Layout> = None;
    for d in dumped.iter().filter(|d| d.name == key) {
        if d.layout.fields().map(|(_, name)| name).collect::<Vec<_>>() != fields {
            continue;
        }
        match found {
            Some(l) if *l != d.layout => return None,
            _ => found = Some(&d.layout),
        }
    }
    found.cloned()
}

impl Layout {
    /// The fields among the members (not bases, not a vtable pointer), with their names.
    pub fn fields(&self) -> impl Iterator<Item = (&Member, &str)> {
        self.members
            .iter()
            .filter(|m| !m.text.starts_with('(') && !m.text.ends_with(')'))
            .map(|m| (m, m.text.rsplit(' ').next().unwrap_or("")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_are_whole_type_names() {
        assert_eq!(occurrences("const Cfg *", "Cfg"), vec![6]);
        assert!(occurrences("Outer::Cfg", "Cfg").is_empty());
        assert!(occurrences("Cfg::In", "Cfg").is_empty());
        assert!(occurrences("Cfg2", "Cfg").is_empty());
        assert!(occurrences("Box<Cfg>", "Box").is_empty());
        assert_eq!(occurrences("Box<Cfg>", "Cfg"), vec![4]);
        assert_eq!(occurrences("void (const Cfg &)", "Cfg"), vec![12]);
        assert!(occurrences("Cfg@0x1", "Cfg").is_empty());
    }

    #[test]
    fn written_names_are_looked_up_unless_deduced() {
        assert_eq!(written_name("const Cfg ", "Cfg"), Some(false));
        assert_eq!(written_name("__shared__ struct Cfg ", "Cfg"), Some(false));
        assert_eq!(written_name("::Cfg ", "Cfg"), Some(true));
        assert_eq!(written_name("const ::Cfg &", "Cfg"), Some(true));
        assert_eq!(written_name("Outer::Cfg ", "Cfg"), None);
        assert_eq!(written_name("auto ", "Cfg"), None);
        assert_eq!(written_name("decltype(l) ", "Cfg"), None);
        assert_eq!(written_name("C2 ", "Cfg"), None);
    }

    #[test]
    fn the_layout_dump_is_read_by_direct_members() {
        let dump = "
*** Dumping AST Record Layout
         0 | struct Bits
     0:0-2 |   unsigned int a
     0:3-9 |   unsigned int b
         4 |   struct Outer::Cfg c
         4 |     short s
         8 |     int t
           | [sizeof=12, dsize=12, align=4,
           |  nvsize=12, nvalign=4]
";
        let d = layouts(dump);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].name, "Bits");
        assert_eq!(d[0].layout.size, 12);
        assert_eq!(d[0].layout.align, 4);
        let m = &d[0].layout.members;
        assert_eq!(m.len(), 3);
        assert_eq!((m[1].offset, m[1].bits), (0, Some((3, 9))));
        assert_eq!(m[2].text, "struct Outer::Cfg c");
    }

    #[test]
    fn zero_width_and_unnamed_bit_fields_are_members() {
        let dump = "
*** Dumping AST Record Layout
         0 | struct BF
    0:0-15 |   unsigned int lo
       4:- |   unsigned int 
    4:0-15 |   unsigned int hi
     6:0-1 |   unsigned int 
           | [sizeof=8, dsize=8, align=4,
           |  nvsize=8, nvalign=4]
";
        let d = layouts(dump);
        let fields: Vec<String> = d[0]
            .layout
            .fields()
            .map(|(m, name)| format!("{}:{:?}:{}:{name}", m.offset, m.bits, m.zero_width))
            .collect();
        assert_eq!(
            fields,
            [
                "0:Some((0, 15)):false:lo",
                "4:None:true:",
                "4:Some((0, 15)):false:hi",
                "6:Some((0, 1)):false:",
            ]
        );
    }
}
