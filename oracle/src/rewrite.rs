//! The rewrite of a CUDA file into host C++: the few text edits that the host runtime
//! (`runtime/mapcheck_host.h`) cannot make with macros, found in clang's typed AST of the file
//! (the device-side parse of `mapcheck-grammar`'s driver, with mapcheck's CUDA headers), and
//! the generated driver appended to the text.
//!
//! * **`__shared__` variables** are one copy per block, and the blocks run at once, so no
//!   macro can make them. Each declaration `__shared__ float tile[16][16], row[16];` becomes
//!   `typedef float __mc_t0[16][16], __mc_t1[16];` (the keyword `__shared__` replaced by
//!   `typedef`, each declared name by a type name, `static` blanked), followed on the same line
//!   by one reference per name into the block's arena: `__mc_t0 &tile =
//!   ::__mc::shared<__mc_t0>(0);` (`thread_local` at file scope, so that each thread binds it
//!   to its own block's arena on first use). `extern __shared__ T s[];` becomes a pointer to
//!   the block's dynamic region, which every such declaration aliases, as in CUDA.
//! * **Host-only functions** (no `__device__` or `__global__`, not `constexpr`) keep their
//!   signature and lose their body (`{ ::__mc::host_only(); }`, the same number of lines): host
//!   code launches kernels with `<<<...>>>` and calls the CUDA runtime, which are not C++. The
//!   user's `main` is renamed `__mc_user_main`: the driver has its own.
//! * **The driver** appended after the text calls `__mc::drive` (declared by the runtime,
//!   before the user's text and its macros) with one entry per kernel: its name as mapcheck names it (`k`, or `k<float,
//!   128>` for an instantiation of a template) and its address.
//!
//! Every edit keeps the line structure of the text, so that the lines ThreadSanitizer reports
//! (after `#line 1 "FILE"`) are the user's lines. What the rewrite cannot do is refused with a
//! reason ([`Rewritten::unsupported`] for the file, [`KernelInfo::unsupported`] for one
//! kernel), never guessed: a `__shared__` spelled through a macro, inline assembly, a template
//! kernel that is never instantiated.

use mapcheck_grammar::clang::ast::{Kind, Node, Pos};
use mapcheck_grammar::clang::driver::STDIN_NAME;
use mapcheck_grammar::clang::ranges::skip_trivia;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

/// One parameter of a kernel, as clang declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name (empty for an unnamed one).
    pub name: String,
    /// Its type as clang prints it (`float *`, `int`).
    pub ty: String,
}

impl Param {
    /// Whether the oracle passes a fresh buffer for this parameter.
    pub fn is_pointer(&self) -> bool {
        self.ty.trim_end().ends_with('*')
    }
}

/// A kernel of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// The name mapcheck gives it: `k`, `k<float, 128>` for a template instantiation, `k_2`
    /// for the second kernel of one name.
    pub name: String,
    pub params: Vec<Param>,
    /// Why the oracle cannot run this kernel, if it cannot.
    pub unsupported: Option<String>,
    /// The C++ expression of the kernel's address in the driver.
    expr: String,
}

/// The rewritten file.
#[derive(Clone, Debug)]
pub struct Rewritten {
    /// The user's text with its edits, preceded by `#line 1 "FILE"` and followed by the
    /// driver.
    pub text: String,
    pub kernels: Vec<KernelInfo>,
    /// The static `__shared__` variables, one arena slot each.
    pub shared_slots: usize,
    /// Why the oracle cannot run this file at all, if it cannot.
    pub unsupported: Option<String>,
}

/// A text edit: the bytes `start..end` of the user's text become `text`.
#[derive(Clone, Debug)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// A `__shared__` variable's declaration, as the AST places it.
#[derive(Clone, Debug)]
struct SharedVar {
    name: String,
    name_at: usize,
    /// Where its declaration begins (for the `static`/`extern` keyword before it).
    begin: usize,
    /// The end of its declarator.
    end: usize,
    dynamic: bool,
    file_scope: bool,
}

/// The offset of a position written in the main file itself (not in a macro expansion).
fn plain(p: &Pos) -> Option<usize> {
    if p.spelling.is_some() || p.expansion.is_some() {
        return None;
    }
    (p.file.as_deref() == Some(STDIN_NAME))
        .then(|| p.at())
        .flatten()
}

/// The offset where a position is in the main file: where the macro it comes from is used,
/// if it comes from one.
fn used_at(p: &Pos) -> Option<usize> {
    match p.expansion.as_deref() {
        Some(e) => used_at(e),
        None => plain(p),
    }
}

/// The end (one past the last byte) of the token at `p`, where it is used.
fn used_end(p: &Pos) -> Option<usize> {
    match p.expansion.as_deref() {
        Some(e) => used_end(e),
        None => plain(p).map(|o| o + p.token_len()),
    }
}

fn is_other(n: &Node, kind: &str) -> bool {
    matches!(&n.kind, Kind::Other(k) if k == kind)
}

fn is_function(n: &Node) -> bool {
    matches!(
        &n.kind,
        Kind::FunctionDecl | Kind::CXXMethodDecl | Kind::CXXConversionDecl
    ) || is_other(n, "CXXConstructorDecl")
        || is_other(n, "CXXDestructorDecl")
}

/// How C++ names the scope of a record's members: its name, with its template arguments for a
/// class template's specialisation (`Algo<int>`); `None` for an anonymous one.
fn record_scope_name(n: &Node) -> Option<String> {
    let name = n.name.as_ref().filter(|s| !s.is_empty())?;
    if n.kind != Kind::ClassTemplateSpecializationDecl {
        return Some(name.clone());
    }
    // Arguments it cannot spell leave the bare name: host C++ then refuses the file, and the
    // oracle says it cannot run it.
    Some(template_arguments(n).map_or_else(|| name.clone(), |args| format!("{name}<{args}>")))
}

fn body(n: &Node) -> Option<&Node> {
    n.inner.iter().find(|c| c.kind == Kind::CompoundStmt)
}

fn is_instantiation(f: &Node) -> bool {
    f.inner.iter().any(|a| is_other(a, "TemplateArgument"))
}

/// `float, 128`: a template instantiation's arguments as mapcheck's lowering names them.
fn template_arguments(f: &Node) -> Option<String> {
    let mut out = Vec::new();
    for a in f.inner.iter().filter(|a| is_other(a, "TemplateArgument")) {
        let text = match (&a.ty, &a.value) {
            (Some(_), _) => a.qual_type().to_string(),
            (None, Some(serde_json::Value::String(v))) => v.clone(),
            (None, Some(serde_json::Value::Number(v))) => v.to_string(),
            (None, Some(serde_json::Value::Bool(v))) => v.to_string(),
            _ => return None,
        };
        if text.is_empty() {
            return None;
        }
        out.push(text);
    }
    (!out.is_empty()).then(|| out.join(", "))
}

/// What a function declaration is to the collector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Not part of a template.
    Plain,
    /// The pattern of a function template (its text is the instantiations').
    Pattern,
    /// An instantiation of a function template.
    Instance,
}

#[derive(Default)]
struct Collector {
    shared: BTreeMap<usize, Vec<SharedVar>>,
    seen_shared: BTreeSet<usize>,
    /// At each `__shared__` variable's name: how many declarations of it the walk met (a
    /// class template's specializations and its pattern each declare it), and the most
    /// instantiations of the function templates around it (whose bodies the walk reads once,
    /// in their pattern). Each instantiation has a variable of its own.
    shared_decls: BTreeMap<usize, (usize, usize)>,
    /// The instantiations of the function templates whose pattern the walk is in (0: none).
    instantiations: usize,
    blanked: BTreeSet<usize>,
    edits: Vec<Edit>,
    /// Kernels in source order: (scope, name, template arguments, qualType, params,
    /// unsupported).
    kernels: Vec<Found>,
    seen_kernels: BTreeSet<(usize, Option<String>)>,
    /// Inside a class template's pattern: its member kernels are not kernels (its
    /// specialisations' are, as mapcheck reads them).
    in_class_pattern: bool,
    /// The classes and structs of the file with a definition: qualified name → fields (name,
    /// type as written).
    records: BTreeMap<String, Vec<(String, String)>>,
    /// While the instantiations of a template are collected: which of its parameters are
    /// `bool` values.
    bool_params: Vec<bool>,
    unsupported: Vec<String>,
}

impl Collector {
    fn refuse(&mut self, why: String) {
        if !self.unsupported.contains(&why) {
            self.unsupported.push(why);
        }
    }

    fn walk(&mut self, n: &Node, text: &str, scope: &[String], in_function: bool) {
        match &n.kind {
            Kind::NamespaceDecl => {
                let mut inner = scope.to_vec();
                if let Some(name) = n.name.as_ref().filter(|s| !s.is_empty()) {
                    inner.push(name.clone());
                }
                for c in &n.inner {
                    self.walk(c, text, &inner, in_function);
                }
                return;
            }
            Kind::FunctionTemplateDecl => {
                self.template(n, text, scope, in_function);
                return;
            }
            Kind::ClassTemplateDecl => {
                for c in &n.inner {
                    let pattern = c.kind == Kind::CXXRecordDecl;
                    let outer = std::mem::replace(&mut self.in_class_pattern, pattern);
                    self.walk(c, text, scope, in_function);
                    self.in_class_pattern = outer;
                }
                return;
            }
            Kind::CXXRecordDecl | Kind::RecordDecl | Kind::ClassTemplateSpecializationDecl => {
                if n.kind != Kind::ClassTemplateSpecializationDecl
                    && n.is_in_main_file()
                    && n.complete_definition == Some(true)
                {
                    self.record_fields(n, scope);
                }
                // Members are named in the class's scope (a static member kernel is
                // `::Ops::halve`, `::Algo<int>::run`); a function a `friend` declaration
                // defines belongs to the enclosing namespace.
                let mut inner = scope.to_vec();
                if let Some(name) = record_scope_name(n) {
                    inner.push(name);
                }
                for c in &n.inner {
                    let s = if is_other(c, "FriendDecl") {
                        scope
                    } else {
                        &inner
                    };
                    self.walk(c, text, s, in_function);
                }
                return;
            }
            Kind::VarDecl if n.has_attr("CUDASharedAttr") => {
                self.shared_var(n, text, !in_function);
            }
            Kind::AttributedStmt => self.assume_attribute(n, text),
            Kind::GCCAsmStmt if n.is_in_main_file() || n.span_in_main().is_some() => {
                self.refuse("inline assembly (PTX) cannot run on the host".into());
            }
            _ if is_function(n) => {
                self.function(n, text, scope, in_function, Role::Plain);
                return;
            }
            _ => {}
        }
        for c in &n.inner {
            self.walk(c, text, scope, in_function);
        }
    }

    /// A record's fields, by its name in `scope`.
    fn record_fields(&mut self, n: &Node, scope: &[String]) {
        if let Some(name) = n.name.as_ref().filter(|s| !s.is_empty()) {
            let fields = n
                .inner
                .iter()
                .filter(|c| c.kind == Kind::FieldDecl)
                .map(|f| {
                    (
                        f.name.clone().unwrap_or_default(),
                        f.qual_type().to_string(),
                    )
                })
                .collect();
            let mut path = scope.to_vec();
            path.push(name.clone());
            self.records.entry(path.join("::")).or_insert(fields);
        }
    }

    /// `[[assume(e)]]` becomes `__builtin_assume((e))`, which the runtime checks as a
    /// precondition (a false one: not a run), as mapcheck reads the attribute; host C++ would
    /// only let the optimiser assume it.
    fn assume_attribute(&mut self, n: &Node, text: &str) {
        let assumptions = n
            .inner
            .iter()
            .filter(|a| matches!(&a.kind, Kind::Other(k) if k == "CXXAssumeAttr"));
        for a in assumptions {
            let Some(e) = a.exprs().next().and_then(Node::span_in_main) else {
                self.refuse("an `assume` attribute outside the main file".into());
                continue;
            };
            let open = text[..e.start].rfind("[[");
            let close = text[e.end..].find("]]").map(|i| e.end + i);
            match (open, close) {
                (Some(open), Some(close))
                    if text[open + 2..e.start].trim().trim_end_matches('(').trim() == "assume"
                        && text[e.end..close].trim() == ")" =>
                {
                    self.edits.push(Edit {
                        start: open,
                        end: e.start,
                        text: "__builtin_assume((".into(),
                    });
                    self.edits.push(Edit {
                        start: e.end,
                        end: close + 2,
                        text: "))".into(),
                    });
                }
                _ => self.refuse("an `assume` attribute not written `[[assume(e)]]`".into()),
            }
        }
    }

    fn template(&mut self, t: &Node, text: &str, scope: &[String], in_function: bool) {
        let functions: Vec<&Node> = t.inner.iter().filter(|c| is_function(c)).collect();
        let Some(pattern) = functions.iter().find(|f| !is_instantiation(f)) else {
            return;
        };
        let global = pattern.has_attr("CUDAGlobalAttr");
        if global {
            let instances: Vec<&&Node> = functions.iter().filter(|f| is_instantiation(f)).collect();
            if instances.is_empty() && pattern.is_in_main_file() {
                // Named as mapcheck names the pattern it reads: `k<T, N>`.
                let names: Vec<String> = t
                    .inner
                    .iter()
                    .filter(|p| {
                        is_other(p, "TemplateTypeParmDecl")
                            || is_other(p, "NonTypeTemplateParmDecl")
                            || is_other(p, "TemplateTemplateParmDecl")
                    })
                    .map(|p| p.name.clone().unwrap_or_default())
                    .collect();
                let name = format!(
                    "{}<{}>",
                    pattern.name.as_deref().unwrap_or_default(),
                    names.join(", ")
                );
                let at = pattern.span_in_main().map_or(0, |s| s.start);
                if self.seen_kernels.insert((at, None)) {
                    self.kernels.push((
                        scope.join("::"),
                        name,
                        None,
                        String::new(),
                        params(pattern),
                        Some("a template kernel that the file never instantiates".into()),
                        None,
                    ));
                }
            }
            // clang prints a `bool` argument as an integer (`-1`), which C++ does not narrow
            // to `bool` in a template argument list: those are written `true`/`false`.
            self.bool_params = t
                .inner
                .iter()
                .filter(|p| {
                    is_other(p, "TemplateTypeParmDecl")
                        || is_other(p, "NonTypeTemplateParmDecl")
                        || is_other(p, "TemplateTemplateParmDecl")
                })
                .map(|p| is_other(p, "NonTypeTemplateParmDecl") && p.qual_type() == "bool")
                .collect();
            for f in instances {
                self.function(f, text, scope, in_function, Role::Instance);
            }
            self.bool_params.clear();
        }
        // The pattern's text is the instantiations' text: its `__shared__` declarations and
        // host-only body are edited once.
        let count = functions
            .iter()
            .filter(|f| is_instantiation(f))
            .count()
            .max(1);
        let outer = self.instantiations;
        self.instantiations = outer.max(1) * count;
        self.function(pattern, text, scope, in_function, Role::Pattern);
        self.instantiations = outer;
    }

    fn function(&mut self, f: &Node, text: &str, scope: &[String], in_function: bool, role: Role) {
        let main = f.is_in_main_file();
        let kernel = match role {
            Role::Instance => true,
            Role::Plain => {
                f.has_attr("CUDAGlobalAttr") && !is_instantiation(f) && !self.in_class_pattern
            }
            Role::Pattern => false,
        };
        if main && kernel {
            let args = template_arguments(f);
            let at = f.span_in_main().map_or(0, |s| s.start);
            if self.seen_kernels.insert((at, args.clone())) {
                let cxx = args.as_ref().map(|a| {
                    a.split(", ")
                        .enumerate()
                        .map(|(i, v)| match (self.bool_params.get(i), v) {
                            (Some(true), "0") => "false".to_string(),
                            (Some(true), "1" | "-1") => "true".to_string(),
                            _ => v.to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                self.kernels.push((
                    scope.join("::"),
                    f.name.clone().unwrap_or_default(),
                    args,
                    f.qual_type().to_string(),
                    params(f),
                    None,
                    cxx,
                ));
            }
        }
        if role == Role::Instance {
            return;
        }
        let host_only = !f.has_attr("CUDADeviceAttr")
            && !f.has_attr("CUDAGlobalAttr")
            && f.constexpr != Some(true)
            && f.is_implicit != Some(true)
            && !in_function;
        if let (true, true, Some(b)) = (main, host_only, body(f)) {
            if f.name.as_deref() == Some("main") && f.kind == Kind::FunctionDecl {
                if let Some(at) = f.loc.as_ref().and_then(plain) {
                    if text[at..].starts_with("main") {
                        self.edits.push(Edit {
                            start: at,
                            end: at + 4,
                            text: "__mc_user_main".into(),
                        });
                    }
                }
            }
            let range = b.range.as_ref();
            let start = range.and_then(|r| plain(&r.begin));
            let end = range.and_then(|r| plain(&r.end));
            match (start, end) {
                (Some(s), Some(e)) if s < e && text.as_bytes().get(e) == Some(&b'}') => {
                    if self.blanked.insert(s) {
                        let lines = text[s..=e].matches('\n').count();
                        self.edits.push(Edit {
                            start: s,
                            end: e + 1,
                            text: format!("{{ ::__mc::host_only();{}}}", "\n".repeat(lines)),
                        });
                    }
                }
                _ => self.refuse(format!(
                    "the body of host function `{}` is not plain text of the file",
                    f.name.as_deref().unwrap_or("?")
                )),
            }
            return;
        }
        for c in &f.inner {
            self.walk(c, text, scope, true);
        }
    }

    fn shared_var(&mut self, v: &Node, text: &str, file_scope: bool) {
        let name = v.name.clone().unwrap_or_default();
        let Some(name_at) = v.loc.as_ref().and_then(plain) else {
            if v.is_in_main_file() {
                self.refuse(format!(
                    "`__shared__` variable `{name}` is named by a macro"
                ));
            }
            return;
        };
        // Each instantiation of a function template declares the variable again, at the
        // same place (and the pattern once more): its own variable (`shared_keyed`).
        let e = self.shared_decls.entry(name_at).or_default();
        e.0 += 1;
        e.1 = e.1.max(self.instantiations.max(1));
        if !self.seen_shared.insert(name_at) {
            return;
        }
        let attr = v.inner.iter().find(|c| is_other(c, "CUDASharedAttr"));
        let tok = attr
            .and_then(|a| a.range.as_ref())
            .and_then(|r| used_at(&r.begin));
        let Some(tok) = tok.filter(|t| text[*t..].starts_with("__shared__")) else {
            self.refuse(format!(
                "`__shared__` of `{name}` is not written as `__shared__` in the file"
            ));
            return;
        };
        if !text[name_at..].starts_with(&name) {
            self.refuse(format!(
                "`__shared__` variable `{name}` is not where clang says"
            ));
            return;
        }
        let range = v.range.as_ref();
        let begin = range
            .and_then(|r| used_at(&r.begin))
            .unwrap_or(tok)
            .min(tok);
        let Some(end) = range.and_then(|r| used_end(&r.end)) else {
            self.refuse(format!(
                "the declaration of `{name}` has no end in the file"
            ));
            return;
        };
        let dynamic = v.storage_class.as_deref() == Some("extern") || v.qual_type().ends_with("[]");
        self.shared.entry(tok).or_default().push(SharedVar {
            name,
            name_at,
            begin,
            end,
            dynamic,
            file_scope,
        });
    }
}

fn params(f: &Node) -> Vec<Param> {
    f.inner
        .iter()
        .filter(|c| c.kind == Kind::ParmVarDecl)
        .map(|p| Param {
            name: p.name.clone().unwrap_or_default(),
            ty: p.qual_type().to_string(),
        })
        .collect()
}

/// The offset of the token after the blanks, comments and GNU attributes
/// (`__attribute__((aligned(16)))`, `__align__(16)`) that start at `at`.
fn skip_attributes(text: &str, at: usize) -> usize {
    let mut at = skip_trivia(text, at);
    loop {
        let rest = &text[at..];
        let Some(word) = ["__attribute__", "__align__", "alignas"]
            .into_iter()
            .find(|w| rest.starts_with(w))
        else {
            return at;
        };
        let mut i = skip_trivia(text, at + word.len());
        if text.as_bytes().get(i) != Some(&b'(') {
            return at;
        }
        let mut depth = 0usize;
        while let Some(&b) = text.as_bytes().get(i) {
            i += 1;
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        at = skip_trivia(text, i);
    }
}

/// Blanks the whole words `word` in `text[from..to]` (edits of the same length).
fn blank_word(text: &str, from: usize, to: usize, word: &str, edits: &mut Vec<Edit>) {
    let slice = &text[from..to];
    let mut at = 0;
    while let Some(i) = slice[at..].find(word) {
        let s = at + i;
        let e = s + word.len();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !ident(slice[..s].chars().next_back()) && !ident(slice[e..].chars().next()) {
            edits.push(Edit {
                start: from + s,
                end: from + e,
                text: " ".repeat(word.len()),
            });
        }
        at = e;
    }
}

/// A file of the user's text, as the rewrite prints it: its name for `#line` (absolute, as
/// ThreadSanitizer's reports then name it), and its bytes in the joined text.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    /// The file itself, canonical (as `#include "..."` directives resolve to it).
    pub path: std::path::PathBuf,
    pub start: usize,
    pub end: usize,
}

/// Rewrites the user's text (the joined text of the main file and the files of the user's it
/// includes, `mapcheck_grammar::clang::files`; `parts[0]` the main file, whose clang AST is
/// `root`) into host C++: one translation unit, in which each `#include "..."` of a user's
/// file is replaced by that file's rewritten text between `#line` directives, so that the
/// lines ThreadSanitizer reports are each file's own.
pub fn rewrite(root: &Node, text: &str, parts: &[Part]) -> Rewritten {
    let mut c = Collector::default();
    c.walk(root, text, &[], false);
    let mut edits = std::mem::take(&mut c.edits);
    let mut slots = 0usize;
    let mut types = 0usize;
    let groups = std::mem::take(&mut c.shared);
    for (tok, mut vars) in groups {
        vars.sort_by_key(|v| v.name_at);
        let Some(last) = vars.last() else { continue };
        let semi = skip_attributes(text, last.end);
        if text.as_bytes().get(semi) != Some(&b';') {
            c.refuse(format!(
                "the declaration of `__shared__` `{}` does not end with `;` where expected",
                last.name
            ));
            continue;
        }
        edits.push(Edit {
            start: tok,
            end: tok + "__shared__".len(),
            text: "typedef".into(),
        });
        let first = vars.iter().map(|v| v.begin).min().unwrap_or(tok);
        let names_from = vars.iter().map(|v| v.name_at).min().unwrap_or(tok);
        blank_word(text, first, names_from, "static", &mut edits);
        blank_word(text, first, names_from, "extern", &mut edits);
        let mut bindings = String::new();
        for v in &vars {
            let ty = format!("__mc_t{types}");
            types += 1;
            edits.push(Edit {
                start: v.name_at,
                end: v.name_at + v.name.len(),
                text: ty.clone(),
            });
            let tls = if v.file_scope { "thread_local " } else { "" };
            if v.dynamic {
                let _ = write!(
                    bindings,
                    " {tls}std::remove_extent_t<{ty}> *const {name} = \
                     reinterpret_cast<std::remove_extent_t<{ty}> *>(::__mc::dynamic_shared());",
                    name = v.name
                );
            } else {
                let copies = c
                    .shared_decls
                    .get(&v.name_at)
                    .map_or(1, |(met, most)| met.saturating_sub(1).max(1) * most);
                if copies == 1 {
                    let _ = write!(
                        bindings,
                        " {tls}{ty} &{name} = ::__mc::shared<{ty}>({slots});",
                        name = v.name
                    );
                } else {
                    // One slot per instantiation, claimed by the address of a static the
                    // instantiation has of its own.
                    let _ = write!(
                        bindings,
                        " static char {ty}_key; {ty} &{name} = \
                         ::__mc::shared_keyed<{ty}>({slots}, {copies}, &{ty}_key);",
                        name = v.name
                    );
                }
                slots += copies;
            }
        }
        edits.push(Edit {
            start: semi + 1,
            end: semi + 1,
            text: bindings,
        });
    }
    edits.sort_by_key(|e| (e.start, e.end));
    // Each file's text with its own edits (no edit crosses from one file into another).
    let mut texts = Vec::with_capacity(parts.len());
    for part in parts {
        let mut out = String::with_capacity(part.end - part.start + 256);
        let mut at = part.start;
        for e in edits
            .iter()
            .filter(|e| part.start <= e.start && e.end <= part.end)
        {
            if e.start < at {
                c.refuse("two rewrites of the file overlap".into());
                continue;
            }
            out.push_str(&text[at..e.start]);
            out.push_str(&e.text);
            at = e.end;
        }
        out.push_str(&text[at..part.end]);
        texts.push(out);
    }
    let mut out = String::with_capacity(text.len() + 1024);
    inline(0, parts, &texts, &mut vec![0], &mut out);
    let kernels = name_kernels(std::mem::take(&mut c.kernels));
    // The driver uses only names the runtime declared before the user's text, and names no
    // macro of the user's could take.
    let _ = writeln!(
        out,
        "\nnamespace __mc {{ const unsigned shared_slots = {slots}; }}"
    );
    out.push_str(&record_arguments(&kernels, &c.records));
    out.push_str(
        "int main(int __mc_argc, char **__mc_argv) {\n  return ::__mc::drive(__mc_argc, __mc_argv, {\n",
    );
    for k in kernels.iter().filter(|k| k.unsupported.is_none()) {
        let _ = writeln!(
            out,
            "    ::__mc::entry(\"{}\", {}),",
            k.name.replace('"', "\\\""),
            k.expr
        );
    }
    out.push_str("  });\n}\n");
    let unsupported = (!c.unsupported.is_empty()).then(|| c.unsupported.join("; "));
    Rewritten {
        text: out,
        kernels,
        shared_slots: slots,
        unsupported,
    }
}

/// Writes file `i`'s rewritten text after a `#line` directive naming it, each of its
/// `#include "..."` directives of another file of the user's replaced by that file's text
/// (the same way, recursively; a file already being written keeps its directive, which its
/// include guard makes empty).
fn inline(i: usize, parts: &[Part], texts: &[String], open: &mut Vec<usize>, out: &mut String) {
    let quoted = |p: &Part| p.name.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "#line 1 \"{}\"", quoted(&parts[i]));
    let dir = parts[i].path.parent().map(std::path::Path::to_path_buf);
    for (n, line) in texts[i].split_inclusive('\n').enumerate() {
        let target = quoted_include(line).and_then(|name| {
            let candidates = dir
                .iter()
                .chain(
                    parts[0]
                        .path
                        .parent()
                        .map(std::path::Path::to_path_buf)
                        .iter(),
                )
                .filter_map(|d| std::fs::canonicalize(d.join(name)).ok())
                .collect::<Vec<_>>();
            candidates
                .into_iter()
                .find_map(|c| parts.iter().position(|p| p.path == c))
        });
        match target {
            Some(j) if !open.contains(&j) => {
                open.push(j);
                inline(j, parts, texts, open, out);
                open.pop();
                let _ = writeln!(out, "\n#line {} \"{}\"", n + 2, quoted(&parts[i]));
            }
            _ => out.push_str(line),
        }
    }
}

/// The name of an `#include "NAME"` directive on `line`.
fn quoted_include(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("include")?.trim_start();
    let rest = rest.strip_prefix('"')?;
    rest.split_once('"').map(|(name, _)| name)
}

/// A kernel found: scope, name, template arguments as mapcheck names them, its type, its
/// parameters, why it cannot run, and the template arguments as C++ reads them.
type Found = (
    String,
    String,
    Option<String>,
    String,
    Vec<Param>,
    Option<String>,
    Option<String>,
);

/// Names the kernels as mapcheck does and writes the expression of each one's address: a
/// cast to its type where two kernels share a name (overloads).
fn name_kernels(found: Vec<Found>) -> Vec<KernelInfo> {
    let mut count: HashMap<String, usize> = HashMap::new();
    for (scope, name, args, ..) in &found {
        *count
            .entry(format!(
                "{scope}::{name}<{}>",
                args.as_deref().unwrap_or("")
            ))
            .or_insert(0) += 1;
    }
    let taken: std::collections::HashSet<String> = (found.iter())
        .map(|(_, name, args, ..)| match args {
            Some(a) => format!("{name}<{a}>"),
            None => name.clone(),
        })
        .collect();
    let mut used = std::collections::HashSet::new();
    found
        .into_iter()
        .map(|(scope, name, args, qual, params, unsupported, cxx)| {
            let full = match &args {
                Some(a) => format!("{name}<{a}>"),
                None => name.clone(),
            };
            let spelled = match &cxx {
                Some(a) => format!("{name}<{a}>"),
                None => name.clone(),
            };
            // Numbered as mapcheck numbers a second kernel of one name.
            let label = mapcheck_grammar::clang::lower::kernel_label(&full, &taken, &mut used);
            let qualified = if scope.is_empty() {
                format!("::{spelled}")
            } else {
                format!("::{scope}::{spelled}")
            };
            let overloaded = count
                .get(&format!(
                    "{scope}::{name}<{}>",
                    args.as_deref().unwrap_or("")
                ))
                .is_some_and(|c| *c > 1);
            let expr = match qual.strip_prefix("void (") {
                Some(rest) if overloaded => format!("static_cast<void (*)({rest}>(&{qualified})"),
                _ => format!("&{qualified}"),
            };
            let unsupported = unsupported.or_else(|| {
                (overloaded && !qual.starts_with("void ("))
                    .then(|| "an overloaded kernel whose type cannot be spelled".to_string())
            });
            KernelInfo {
                name: label,
                params,
                unsupported,
                expr,
            }
        })
        .collect()
}

/// The record a parameter type names (`Job`, `const struct Job`), by its unqualified or
/// qualified name.
fn record_of<'r>(
    ty: &str,
    records: &'r BTreeMap<String, Vec<(String, String)>>,
) -> Option<(&'r String, &'r Vec<(String, String)>)> {
    let mut t = ty.trim();
    for prefix in ["const ", "volatile ", "struct ", "class ", "::"] {
        t = t.strip_prefix(prefix).unwrap_or(t).trim();
    }
    records.get_key_value(t).or_else(|| {
        records
            .iter()
            .find(|(k, _)| k.rsplit("::").next() == Some(t))
    })
}

/// `fill(v.a.b, c, index, "a_b")` for every field below the record `fields`, through nested
/// records (`path` is the C++ path, `flat` mapcheck's name of it without the parameter).
fn fill_fields(
    path: &str,
    flat: &str,
    fields: &[(String, String)],
    records: &BTreeMap<String, Vec<(String, String)>>,
    depth: usize,
    out: &mut String,
) {
    for (name, ty) in fields {
        if name.is_empty() {
            continue;
        }
        let here = format!("{path}.{name}");
        let named = if flat.is_empty() {
            name.clone()
        } else {
            format!("{flat}_{name}")
        };
        match record_of(ty, records) {
            Some((_, inner)) if depth < 4 && !ty.ends_with('*') => {
                fill_fields(&here, &named, inner, records, depth + 1, out)
            }
            _ => {
                let _ = write!(out, " ::__mc::fill({here}, c, index, \"{named}\");");
            }
        }
    }
}

/// For each parameter of a class type the file defines: a specialisation of the runtime's
/// `argument` that gives every pointer field (through nested structs) a fresh buffer and every
/// scalar field the launch's default, as for parameters.
fn record_arguments(
    kernels: &[KernelInfo],
    records: &BTreeMap<String, Vec<(String, String)>>,
) -> String {
    let mut out = String::new();
    let mut done = BTreeSet::new();
    for k in kernels.iter().filter(|k| k.unsupported.is_none()) {
        for p in &k.params {
            if p.is_pointer() {
                continue;
            }
            let Some((name, fields)) = record_of(&p.ty, records) else {
                continue;
            };
            if !done.insert(name.clone()) {
                continue;
            }
            let _ = write!(
                out,
                "namespace __mc {{ template <> inline ::{name} argument<::{name}>(Config &c, unsigned index) {{ ::{name} v{{}};"
            );
            fill_fields("v", "", fields, records, 0, &mut out);
            out.push_str(" return v; } }\n");
        }
    }
    out
}
