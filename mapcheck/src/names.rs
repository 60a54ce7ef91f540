//! The source's words for what a report prints of a kernel (issue 35, item 2): a `.cu`
//! kernel's report, JSON, SARIF and HTML name its variables, parameters and arrays as the C++
//! source does, and print its expressions in C's syntax, never in the core language's.
//!
//! Where the names come from:
//!
//! * The CUDA lowering records, as it makes each core name, the source name it stands for
//!   (`Kernel::names`: `in_1` is the parameter `in`, `i_2` a copy of the loop variable `i`, `t_x`
//!   the field `t.x`), with the inlined call it was made in. That table is the only map from
//!   core names back to the source; nothing here guesses a name from its spelling.
//! * A core name the source does not spell is a value the lowering bound: a read
//!   (`let in_1_v = in_1[tid.x]`), an atomic's result, an inexact `let`, or a `?` (a value
//!   the lowering does not follow). It is described by its statement's place and the source
//!   text there: "value read from `in[threadIdx.x]` at 14:9". A `?` that the source does not
//!   name tells a reader nothing a witness needs (whether a callee synchronises, a float) and
//!   is left out of witness tables.
//! * Two core names with one source name in one witness (a helper inlined twice, a loop
//!   unrolled by the lowering) are told apart by the call they were inlined at, else by where
//!   their statements are, else by a copy number: `s (in call at 12:5)`, `i (at 20:9)`. A
//!   message about one of them (a data-dependence reason) names it plainly.
//!
//! Expressions the core prints (phase notes, subscripts, data-dependence reasons) are
//! rewritten token by token: each core name becomes its source name (or the source text of
//! the value), the built-ins CUDA's (`tid.x` is `threadIdx.x`), and the core's function-style
//! operators C's: `udiv(a, b)` is `a / b`, `urem` `%`, `ushr` `>>`, `umin`/`umax` `min`/`max`,
//! `select(c, a, b)` `c ? a : b`. A `.bcu` kernel's words are the core's, unchanged.

use crate::input::SourceFile;
use mapcheck_core::ast::{Kernel, Param, StmtKind};
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use mapcheck_smt::{Fixed, Options, Witness};
use mapcheck_typeck::{UnknownId, Var};
use std::collections::BTreeMap;

/// Source text longer than this (or on several lines) is not quoted in a description.
const QUOTED: usize = 48;

/// How a report words one kernel's names and expressions.
#[derive(Clone, Debug, Default)]
pub struct Words {
    cuda: bool,
    /// What each core name of a CUDA kernel is printed as, in a witness table and in JSON.
    labels: BTreeMap<String, Label>,
}

/// What a core name is printed as.
#[derive(Clone, Debug)]
struct Label {
    /// In a witness table, JSON and SARIF: the source name, or what the value is.
    long: String,
    /// Inside an expression: the source name, or the source text of the value.
    short: String,
    /// Shown in a witness table: a source name, a read or an atomic's result, not a `?` of
    /// the lowering's own.
    shown: bool,
    /// What tells it apart from another core name of the same label, most telling first: the
    /// inlined call it was made in, where its statement is.
    apart: Vec<String>,
}

/// What the statement binding a core name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binder {
    Param,
    Array,
    Loop,
    Let,
    Read,
    Atomic,
    Unknown,
}

impl Words {
    /// The words of `kernel`, read from `source`: the source's for a CUDA kernel, the core's
    /// for a `.bcu` one.
    pub fn new<T>(kernel: &Kernel<T>, source: &SourceFile) -> Words {
        if !source.is_cuda() {
            return Words::default();
        }
        let mut binders: Vec<(String, Binder, Span)> = Vec::new();
        for p in &kernel.params {
            binders.push((p.name.clone(), Binder::Param, p.span));
        }
        for a in &kernel.arrays {
            binders.push((a.name.name.clone(), Binder::Array, a.span));
        }
        kernel.body.walk(&mut |s| {
            let (var, binder, span) = match &s.kind {
                StmtKind::For { var, .. } => (var, Binder::Loop, var.span),
                StmtKind::Let { var, .. } => (var, Binder::Let, var.span),
                StmtKind::Read { var, source } => (var, Binder::Read, source.span),
                StmtKind::Atomic { var: Some(var), .. } => (var, Binder::Atomic, s.span),
                StmtKind::Unknown { var } => (var, Binder::Unknown, var.span),
                _ => return,
            };
            binders.push((var.name.clone(), binder, span));
        });
        // Spans may be in a file the input includes: each in its own file's text.
        let at = |span: Span| source.at(span);
        let quoted = |span: Span| {
            let text = source.locate(span).snippet().trim();
            (!text.is_empty() && !text.contains('\n') && text.chars().count() <= QUOTED)
                .then(|| text.to_string())
        };
        let mut labels = BTreeMap::new();
        for (core, binder, span) in binders {
            let named = kernel.names.get(&core);
            let (long, short, shown) = match (named, binder) {
                (Some(n), _) => (n.name.clone(), n.name.clone(), true),
                (None, Binder::Read) => match quoted(span) {
                    Some(t) => (format!("value read from `{t}` at {}", at(span)), t, true),
                    None => {
                        let d = format!("value read at {}", at(span));
                        (d.clone(), d, true)
                    }
                },
                (None, Binder::Atomic) => match quoted(span) {
                    Some(t) => (format!("result of `{t}` at {}", at(span)), t, true),
                    None => {
                        let d = format!("result of the atomic at {}", at(span));
                        (d.clone(), d, true)
                    }
                },
                // A loop of the lowering's own counts the iterations of a source loop.
                (None, Binder::Loop) => {
                    let d = format!("iteration of the loop at {}", at(span));
                    (d.clone(), d, true)
                }
                (None, _) => match quoted(span) {
                    Some(t) => (format!("value of `{t}` at {}", at(span)), t, false),
                    None => {
                        let d = format!("value at {}", at(span));
                        (d.clone(), d, false)
                    }
                },
            };
            let call = named
                .and_then(|n| n.site)
                .map(|s| format!("in call at {}", at(s)));
            let place = format!("at {}", at(span));
            let apart = [call, Some(place)].into_iter().flatten().collect();
            let label = Label {
                long,
                short,
                shown,
                apart,
            };
            labels.insert(core, label);
        }
        Words { cuda: true, labels }
    }

    /// No names of a kernel: the core's words, or CUDA's built-ins alone (`cuda`).
    pub fn plain(cuda: bool) -> Words {
        Words {
            cuda,
            labels: BTreeMap::new(),
        }
    }

    /// Whether these are a CUDA kernel's words (else the core's, unchanged).
    pub fn is_cuda(&self) -> bool {
        self.cuda
    }

    /// The name of core parameter, array or variable `core`, as the source spells it.
    pub fn name(&self, core: &str) -> String {
        match self.labels.get(core) {
            Some(l) if self.cuda => l.long.clone(),
            _ => core.to_string(),
        }
    }

    /// A witness variable's row name alone (not told apart from its copies), or `None` when
    /// it is left out (a `?` of the lowering's own, which tells a reader nothing).
    pub fn var(&self, v: &Var) -> Option<String> {
        self.rows([v]).remove(v)
    }

    /// The row names of witness variables `vars` (those of one witness: both threads' and
    /// the iteration's), copies of one source name told apart by the first fact that differs
    /// among them; a variable left out has none.
    pub fn rows<'v>(&self, vars: impl IntoIterator<Item = &'v Var>) -> BTreeMap<Var, String> {
        let mut rows: BTreeMap<Var, (String, Vec<String>)> = BTreeMap::new();
        for v in vars {
            if let Some(row) = self.row(v) {
                rows.insert(v.clone(), row);
            }
        }
        let mut by_name: BTreeMap<String, Vec<Var>> = BTreeMap::new();
        for (v, (name, _)) in &rows {
            by_name.entry(name.clone()).or_default().push(v.clone());
        }
        let mut out: BTreeMap<Var, String> = BTreeMap::new();
        for (name, same) in by_name {
            if let [v] = same.as_slice() {
                out.insert(v.clone(), name);
                continue;
            }
            let facts = |v: &Var| rows.get(v).map(|r| r.1.clone()).unwrap_or_default();
            let most = same.iter().map(|v| facts(v).len()).max().unwrap_or(0);
            let tell = (0..most).find(|&k| {
                let mut seen: Vec<Option<String>> =
                    same.iter().map(|v| facts(v).get(k).cloned()).collect();
                seen.sort();
                seen.dedup();
                seen.len() == same.len()
            });
            for (n, v) in same.iter().enumerate() {
                let fact = match tell.and_then(|k| facts(v).get(k).cloned()) {
                    Some(f) => f,
                    None => format!("copy {}", n + 1),
                };
                out.insert(v.clone(), format!("{name} ({fact})"));
            }
        }
        out
    }

    /// One witness variable's row name and what tells it apart, before copies are told apart.
    fn row(&self, v: &Var) -> Option<(String, Vec<String>)> {
        if !self.cuda {
            return Some((v.to_string(), Vec::new()));
        }
        match v {
            Var::Source(name) | Var::Unknown(UnknownId::Of(name)) => match self.labels.get(name) {
                Some(l) => l.shown.then(|| (l.long.clone(), l.apart.clone())),
                None => Some((self.text(name), Vec::new())),
            },
            Var::Next(inner) => {
                let (name, apart) = self.row(inner)?;
                Some((format!("{name} (next iteration)"), apart))
            }
            Var::Unknown(UnknownId::Anonymous(_)) | Var::Fresh(_) => None,
        }
    }

    /// Text the core printed (an expression, a condition, a message quoting them) in the
    /// source's words: names, built-ins and operators (see the module's doc). In a message
    /// that quotes code in backticks only the quotes are rewritten, so that its English
    /// words are never taken for names.
    pub fn text(&self, text: &str) -> String {
        if !self.cuda {
            return text.to_string();
        }
        if !text.contains('`') {
            return self.code(text);
        }
        text.split('`')
            .enumerate()
            .map(|(i, part)| {
                if i % 2 == 1 {
                    self.code(part)
                } else {
                    part.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("`")
    }

    /// Code the core printed, in the source's words; the core's barriers are CUDA's.
    fn code(&self, text: &str) -> String {
        match text {
            "sync" => "__syncthreads()".into(),
            "syncwarp" => "__syncwarp()".into(),
            _ => crate::show::cuda_words(&c_operators(&self.rename(text))),
        }
    }

    /// `text` (a replay's message) with each thread named by its linear ids, `thread 3 of
    /// block 1`, named by CUDA's `threadIdx` and `blockIdx` in `w`'s geometry for a CUDA
    /// kernel.
    pub fn ids(&self, text: &str, w: &Witness) -> String {
        if !self.cuda {
            return text.to_string();
        }
        let triple = |v: i128, dim: [i128; 3]| {
            let [x, y, z] = mapcheck_core::geometry::components(v, dim);
            format!("({x}, {y}, {z})")
        };
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(i) = rest.find("thread ") {
            out.push_str(&rest[..i]);
            let tail = &rest[i + "thread ".len()..];
            let number = |s: &str| {
                let n = s.chars().take_while(char::is_ascii_digit).count();
                Some((s.get(..n)?.parse::<i128>().ok()?, n))
            };
            let parsed = number(tail).and_then(|(tid, n)| {
                let after = tail[n..].strip_prefix(" of block ")?;
                let (bid, m) = number(after)?;
                Some((tid, bid, &after[m..]))
            });
            match parsed {
                Some((tid, bid, after)) => {
                    out.push_str(&format!(
                        "thread {} of block {}",
                        triple(tid, w.block_dim),
                        triple(bid, w.grid_dim)
                    ));
                    rest = after;
                }
                None => {
                    out.push_str("thread ");
                    rest = tail;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Diagnostic `d` of the type checker (a data-dependence reason) in the source's words.
    pub fn diagnostic(&self, d: &Diagnostic) -> Diagnostic {
        let mut d = d.clone();
        if !self.cuda {
            return d;
        }
        d.message = self.text(&d.message);
        for l in d.primary.iter_mut().chain(d.secondary.iter_mut()) {
            l.message = self.text(&l.message);
        }
        for n in &mut d.notes {
            *n = self.text(n);
        }
        d.help = d.help.as_deref().map(|h| self.text(h));
        d
    }

    /// Each core name (and `?name`) of `text` as its short label.
    fn rename(&self, text: &str) -> String {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let after_word = out
                .chars()
                .next_back()
                .is_some_and(|p| ident(p) || p == '.');
            if (c.is_ascii_alphabetic() || c == '_') && !after_word {
                let len = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
                let word = &rest[..len];
                match self.labels.get(word) {
                    Some(l) => {
                        // `?x`, the core's notation for the unknown value of `x`.
                        if out.ends_with('?') && !out.ends_with(" ?") {
                            out.pop();
                        }
                        out.push_str(&l.short);
                    }
                    None => out.push_str(word),
                }
                rest = &rest[len..];
                continue;
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }
}

/// The name `-p` gives parameter `p` of `kernel`: the source's (a CUDA parameter `in`, whose
/// core name is `in_1`), else its own (a `.bcu` kernel's names are the source's).
pub fn param_name<'a, T>(kernel: &'a Kernel<T>, p: &'a Param) -> &'a str {
    kernel.names.get(&p.name).map_or(&p.name, |s| &s.name)
}

/// Whether `-p name=V` names parameter `p` of `kernel` (by [`param_name`]).
pub fn is_param<T>(kernel: &Kernel<T>, p: &Param, name: &str) -> bool {
    param_name(kernel, p) == name
}

/// The values `-p` gives, by the core names of `kernel`'s parameters: what the decision and
/// the interpreter read. Values for names the kernel has no parameter of are kept as given
/// (the callers report those, or ignore them for another kernel).
pub fn core_params<'a, T, V: Clone + 'a>(
    kernel: &Kernel<T>,
    given: impl IntoIterator<Item = (&'a String, &'a V)>,
) -> BTreeMap<String, V> {
    given
        .into_iter()
        .map(|(name, v)| {
            let core = kernel
                .params
                .iter()
                .find(|p| is_param(kernel, p, name))
                .map_or(name, |p| &p.name);
            (core.clone(), v.clone())
        })
        .collect()
}

/// `options` with the values of `-p` by `kernel`'s core names ([`core_params`]).
pub fn with_core_params<T>(kernel: &Kernel<T>, options: &Options) -> Options {
    Options {
        fixed: Fixed {
            params: core_params(kernel, &options.fixed.params),
            ..options.fixed.clone()
        },
        ..options.clone()
    }
}

/// The core's function-style operators in `text` as C writes them, innermost first.
fn c_operators(text: &str) -> String {
    const OPS: [&str; 6] = ["udiv", "urem", "ushr", "umin", "umax", "select"];
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = text.to_string();
    // Each round rewrites the first operator whose arguments hold no other; a text has few.
    for _ in 0..64 {
        let mut found = None;
        for op in OPS {
            let mut from = 0;
            while let Some(i) = out[from..].find(&format!("{op}(")).map(|i| i + from) {
                let before = out[..i].chars().next_back();
                if !before.is_some_and(ident) {
                    if let Some((args, end)) = arguments(&out, i + op.len() + 1) {
                        if !args
                            .iter()
                            .any(|a| OPS.iter().any(|o| a.contains(&format!("{o}("))))
                        {
                            found = Some((i, end, op, args));
                            break;
                        }
                    }
                }
                from = i + 1;
            }
            if found.is_some() {
                break;
            }
        }
        let Some((start, end, op, args)) = found else {
            break;
        };
        let c = match (op, args.as_slice()) {
            ("udiv", [a, b]) => format!("{} / {}", operand(a), operand(b)),
            ("urem", [a, b]) => format!("{} % {}", operand(a), operand(b)),
            ("ushr", [a, b]) => format!("{} >> {}", operand(a), operand(b)),
            ("umin", [a, b]) => format!("min({a}, {b})"),
            ("umax", [a, b]) => format!("max({a}, {b})"),
            ("select", [c, a, b]) => format!("{} ? {} : {}", operand(c), operand(a), operand(b)),
            _ => break,
        };
        // Parenthesised unless it is the whole text or already an argument of a call.
        let whole = start == 0 && end == out.len();
        let c = if whole || op.starts_with("um") {
            c
        } else {
            format!("({c})")
        };
        out.replace_range(start..end, &c);
    }
    out
}

/// An operand of a C operator: parenthesised unless it is a name, a number or a call.
fn operand(a: &str) -> String {
    let simple = a
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    let call = a.ends_with(')')
        && a.find('(')
            .is_some_and(|i| i > 0 && arguments(a, i + 1).is_some_and(|(_, e)| e == a.len()));
    let parenthesised = a.starts_with('(') && arguments(a, 1).is_some_and(|(_, e)| e == a.len());
    if simple || call || parenthesised {
        a.to_string()
    } else {
        format!("({a})")
    }
}

/// The comma-separated arguments of the call whose `(` ends just before `from`, and where the
/// call's `)` ends; `None` when the parentheses do not balance.
fn arguments(text: &str, from: usize) -> Option<(Vec<String>, usize)> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = from;
    for (i, c) in text.get(from..)?.char_indices() {
        let i = i + from;
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                args.push(text[start..i].trim().to_string());
                return Some((args, i + 1));
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(text[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::c_operators;

    #[test]
    fn core_operators_read_as_c() {
        assert_eq!(c_operators("udiv(tid.x, 2)"), "tid.x / 2");
        assert_eq!(c_operators("k=2, j=udiv(k, 2)"), "k=2, j=(k / 2)");
        assert_eq!(
            c_operators("select(a > b, urem(k, 2), 0) + 1"),
            "((a > b) ? (k % 2) : 0) + 1"
        );
        assert_eq!(c_operators("ushr(x + 1, 8) & 255"), "((x + 1) >> 8) & 255");
        assert_eq!(c_operators("umin(a, b)"), "min(a, b)");
        // Not a call of the operator: a longer name, or no closing parenthesis.
        assert_eq!(c_operators("my_select(a)"), "my_select(a)");
        assert_eq!(c_operators("udiv(a"), "udiv(a");
    }
}
