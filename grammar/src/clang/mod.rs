//! The CUDA front end on clang (issue 14; SPEC §8): clang parses the file in device mode with
//! mapcheck's own CUDA headers and dumps its typed AST as JSON; the lowering reads that AST.
//!
//! 1. [`driver`] — finding clang, materialising the headers of `include/`, running clang,
//!    reading its diagnostics.
//! 2. [`ast`] — the typed model of clang's JSON (serde), with locations resolved to the
//!    main file.
//! 3. [`types`] — C types as clang prints them; `typedefs` gives the types clang prints with a
//!    typedef inside (`uint *`) their canonical form.
//! 4. [`mod@ranges`] — the source ranges of statements, `if`s, loops and declarations, for the
//!    text edits of `mapcheck fix`.
//! 5. [`lower`] — the lowering to the core, one kernel per `__global__` function or template
//!    instantiation; `closed` holds the closed forms of loop-carried variables it uses and
//!    `truncdiv` C's signed division.
//!
//! The CUDA front end of `mapcheck` (check, run, `--emit`, bench, fix); [`crate::cuda`] holds
//! what it shares with the callers (options, the GPUVerify header, errors).

pub mod ast;
pub mod attributes;
mod closed;
pub mod driver;
pub mod files;
pub mod lower;
pub mod ranges;
pub mod resolve;
mod truncdiv;
mod typedefs;
pub mod types;

use crate::cuda::{ItemError, Lowered, Options};
use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::collections::BTreeSet;
use std::path::Path;

/// The error of a file with no kernel (nor any other error): a header of helpers, when a
/// directory is checked, is not an input error (`mapcheck`'s `input::expand`).
pub const NO_KERNEL: &str = "no `__global__` kernel in the file";

/// Parses `text` (the contents of `path`) with clang and lowers its kernels.
///
/// clang's errors are located diagnostics. An error inside a kernel fails that kernel; an
/// error anywhere else fails every kernel of the file (what clang recovered from it may not
/// be what the programmer meant), except errors inside host-only functions, which fail none.
pub fn parse(path: &Path, text: &str, options: &Options) -> Lowered {
    let fail = |d: Diagnostic| Lowered {
        program: Program {
            kernels: Vec::new(),
        },
        errors: vec![ItemError::file(d)],
        warnings: Vec::new(),
        files: Vec::new(),
    };
    let clang = match driver::find_clang() {
        Ok(c) => c,
        Err(d) => return fail(d),
    };
    let headers = match driver::header_dir() {
        Ok(h) => h,
        Err(d) => return fail(d),
    };
    let (output, stubs) = match run_with_stubs(&clang, &headers, path, text, options) {
        Ok(o) => o,
        Err(d) => return fail(d),
    };
    let mut root = match output.root {
        Ok(r) => r,
        Err(e) => {
            if !output.errors.is_empty() {
                return Lowered {
                    program: Program {
                        kernels: Vec::new(),
                    },
                    errors: output
                        .errors
                        .iter()
                        .map(|e| ItemError::file(e.to_diagnostic()))
                        .collect(),
                    warnings: Vec::new(),
                    files: Vec::new(),
                };
            }
            return fail(Diagnostic::error(format!("cannot read clang's AST: {e}")));
        }
    };
    // The files of the user's that the main file includes are read with it, as one text.
    let joined = files::join(&mut root, path, text);
    let text = joined.text.as_str();
    let mut clang_errors = output.errors.clone();
    joined.relocate(&mut clang_errors);
    // clang's errors first: an error inside a kernel fails that kernel (clang's message is the
    // one to show, not what the lowering makes of clang's error recovery); an error inside a
    // host-only function is a warning on that function (SPEC §8: host code is never
    // analysed); any other error fails the file.
    let owners = Owners::new(&root, text);
    let mut errors = Vec::new();
    let mut host_errors = Vec::new();
    let mut skip = std::collections::HashSet::new();
    let mut failed_all = false;
    for e in &clang_errors {
        match owners.of(e) {
            Some(r) if r.kernel => {
                skip.insert(r.name.clone());
                errors.push(ItemError {
                    kernel: Some(r.name.clone()),
                    diagnostic: e.to_diagnostic(),
                });
            }
            Some(r) if r.host_only => host_errors.push((r, e)),
            _ => {
                failed_all = true;
                errors.push(ItemError::file(e.to_diagnostic()));
            }
        }
    }
    let mut warnings = stub_warnings(stubs.as_ref(), text);
    warnings.extend(joined.warnings());
    warnings.extend(host_warnings(&host_errors, &owners));
    let mut included = Vec::new();
    let program = if failed_all {
        Program {
            kernels: Vec::new(),
        }
    } else {
        // The resolve stage, then the lowering, which reads records only through its model.
        let model = resolve::resolve(&mut root, text, &output.layouts);
        let (program, lower_errors, others) = lower::lower_all(&root, &model, text, options, &skip);
        errors.extend(lower_errors);
        warnings.extend(others.iter().map(lower::Included::warning));
        included = others;
        program
    };
    errors.sort_by_key(|e| e.diagnostic.span().map_or(0, |s| s.start));
    warnings.sort_by_key(|d| d.span().map_or(0, |s| s.start));
    if program.kernels.is_empty() && errors.is_empty() {
        let files: BTreeSet<&str> = included.iter().map(|i| i.file.as_str()).collect();
        let files: Vec<String> = files.iter().map(|f| format!("`{f}`")).collect();
        let d = if files.is_empty() {
            Diagnostic::error(NO_KERNEL)
        } else {
            Diagnostic::error(format!(
                "no `__global__` kernel in the file: its kernels are in {}, which it includes and which mapcheck does not check with it",
                files.join(", ")
            ))
            .with_help(format!("run mapcheck on {} itself", files.join(" and ")))
        };
        errors.push(ItemError::file(d.with_primary(
            Span::new(0, 0),
            "expected `__global__ void NAME(...) { ... }`",
        )));
    }
    Lowered {
        program,
        errors,
        warnings,
        files: joined.files,
    }
}

/// Parses `text` (the contents of `path`) with clang, as [`parse`] does, and reads the source
/// ranges of its function bodies ([`ranges::Ranges`]).
pub fn ranges(path: &Path, text: &str, options: &Options) -> Result<ranges::Ranges, Diagnostic> {
    let clang = driver::find_clang()?;
    let headers = driver::header_dir()?;
    let (output, _stubs) = run_with_stubs(&clang, &headers, path, text, options)?;
    if let Some(e) = output.errors.first() {
        return Err(e.to_diagnostic());
    }
    let mut root = output
        .root
        .map_err(|e| Diagnostic::error(format!("cannot read clang's AST: {e}")))?;
    let joined = files::join(&mut root, path, text);
    Ok(ranges::Ranges::collect(&root, &joined.text))
}

/// Runs clang; while it stops at an `#include <NAME>` it cannot find (a system or library
/// header mapcheck does not provide: OpenGL, cuBLAS, Thrust, ...), runs it again with an
/// empty `NAME` (at most [`MAX_STUBS`]), so that the kernels are read: what the header
/// declared is then missing, and clang reports its uses (in host code, warnings).
fn run_with_stubs(
    clang: &Path,
    headers: &Path,
    path: &Path,
    text: &str,
    options: &Options,
) -> Result<(driver::ClangOutput, Option<driver::Stubs>), Diagnostic> {
    let mut stubs: Option<driver::Stubs> = None;
    loop {
        let output = driver::run_clang(
            clang,
            headers,
            path,
            text,
            &options.defines,
            stubs.as_ref().map(driver::Stubs::path),
        )?;
        let known = stubs.as_ref().map_or(0, |s| s.names.len());
        let missing: Vec<String> = output
            .errors
            .iter()
            .filter_map(|e| driver::missing_system_header(e, text))
            .filter(|m| !stubs.as_ref().is_some_and(|s| s.names.contains(m)))
            .collect();
        if missing.is_empty() || known >= MAX_STUBS {
            return Ok((output, stubs));
        }
        let s = match stubs.as_mut() {
            Some(s) => s,
            None => stubs.insert(driver::Stubs::new()?),
        };
        for m in missing {
            s.add(&m)?;
        }
    }
}

/// Most system headers read as empty in one file.
const MAX_STUBS: usize = 16;

/// One warning per system header read as empty, at its `#include` when that is in the file.
fn stub_warnings(stubs: Option<&driver::Stubs>, text: &str) -> Vec<Diagnostic> {
    let Some(stubs) = stubs else {
        return Vec::new();
    };
    stubs
        .names
        .iter()
        .map(|name| {
            let mut d =
                Diagnostic::warning(format!("the header `<{name}>` is not found: read as empty"))
                    .with_note(
                        "what it declares is missing (clang rejects its uses: in host code, a \
                 warning) and its macros are undefined, so an `#ifdef` on one of them takes \
                 the other branch",
                    );
            let pattern = format!("<{name}>");
            let mut at = text.lines().scan(0usize, |offset, line| {
                let start = *offset;
                *offset += line.len() + 1;
                Some((start, line))
            });
            if let Some((start, line)) =
                at.find(|(_, l)| l.trim_start().starts_with('#') && l.contains(&pattern))
            {
                d = d.with_primary(Span::new(start, start + line.len()), "included here");
            }
            d
        })
        .collect()
}

/// A function of the translation unit: where its text is, its name, what kind.
struct FunctionRange {
    /// The file, as clang names it ([`driver::STDIN_NAME`] for the main file).
    file: String,
    /// Byte offsets of its first and past its last character in that file.
    start: usize,
    end: usize,
    name: String,
    kernel: bool,
    /// Neither `__device__` nor `__global__` (explicitly, or implicitly as clang makes a
    /// `constexpr` function): host code, which no kernel can call and mapcheck does not read.
    host_only: bool,
}

/// One warning per host-only function clang reported errors in (SPEC §8: host code is parsed
/// but never analysed), at its first error (or, for an error in a library template, at the
/// place of the main file that instantiated it).
fn host_warnings(
    errors: &[(&FunctionRange, &driver::ClangError)],
    owners: &Owners,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (f, e) in errors {
        if seen.contains(&(f.file.as_str(), f.start)) {
            continue;
        }
        seen.push((f.file.as_str(), f.start));
        let theirs: Vec<&driver::ClangError> = errors
            .iter()
            .filter(|(g, _)| g.file == f.file && g.start == f.start)
            .map(|(_, e)| *e)
            .collect();
        let mut d = Diagnostic::warning(format!(
            "clang rejects the host function `{}`, which mapcheck does not analyse: {}",
            f.name, e.message
        ));
        let span = e.span.or_else(|| owners.in_main(e));
        if let Some(span) = span {
            d = d.with_primary(span, "clang rejects this host code");
        } else if let Some(at) = &e.elsewhere {
            d = d.with_note(format!("clang places the error at `{at}`"));
        }
        if theirs.len() > 1 {
            d = d.with_note(format!(
                "clang reports {} more error(s) in `{}`",
                theirs.len() - 1,
                f.name
            ));
        }
        out.push(d.with_note(
            "host code is parsed but never analysed: the kernels are checked without it",
        ));
    }
    out
}

/// Which function each of clang's errors lies in.
struct Owners {
    functions: Vec<FunctionRange>,
    /// The text of each file a function is in (the main file's is given; headers are read
    /// when an error is in them), to turn clang's lines and columns into offsets.
    texts: std::cell::RefCell<std::collections::HashMap<String, Option<String>>>,
}

impl Owners {
    fn new(root: &ast::Node, text: &str) -> Owners {
        let mut functions = Vec::new();
        function_ranges(root, &mut functions);
        // A host function whose text holds a `__global__` may have swallowed a kernel in
        // clang's recovery from its error (an unbalanced brace): it fails the file instead.
        for f in functions.iter_mut().filter(|f| f.host_only) {
            if f.file == driver::STDIN_NAME
                && text
                    .get(f.start..f.end)
                    .is_none_or(|body| body.contains("__global__"))
            {
                f.host_only = false;
            }
        }
        let texts = std::collections::HashMap::from([(
            driver::STDIN_NAME.to_string(),
            Some(text.to_string()),
        )]);
        Owners {
            functions,
            texts: std::cell::RefCell::new(texts),
        }
    }

    /// The outermost place of the main file on `e`'s chain of instantiations.
    fn in_main(&self, e: &driver::ClangError) -> Option<Span> {
        let texts = self.texts.borrow();
        let text = texts.get(driver::STDIN_NAME)?.as_deref()?;
        e.requested
            .iter()
            .rev()
            .filter(|p| p.file == driver::STDIN_NAME)
            .find_map(|p| driver::offset_of(text, p.line, p.column))
            .map(|o| Span::new(o, (o + 1).min(text.len()).max(o)))
    }

    /// The innermost function whose text holds `pos`.
    fn at(&self, pos: &driver::Position) -> Option<&FunctionRange> {
        let offset = {
            let mut texts = self.texts.borrow_mut();
            let text = texts
                .entry(pos.file.clone())
                .or_insert_with(|| std::fs::read_to_string(&pos.file).ok());
            driver::offset_of(text.as_deref()?, pos.line, pos.column)?
        };
        self.functions
            .iter()
            .filter(|f| f.file == pos.file && f.start <= offset && offset < f.end)
            .min_by_key(|f| f.end - f.start)
    }

    /// The function an error belongs to: the one whose code asked for what failed, i.e. the
    /// outermost function on the error's chain of instantiations (an error in a library
    /// template instantiated by `main` is `main`'s), else the one its position lies in. `None`
    /// for an error outside any function: it fails the file.
    fn of(&self, e: &driver::ClangError) -> Option<&FunctionRange> {
        e.requested
            .iter()
            .rev()
            .chain(e.at.as_ref())
            .find_map(|p| self.at(p))
    }
}

/// The functions of the translation unit whose text lies in one file: free functions,
/// methods, constructors, in namespaces, classes and templates.
fn function_ranges(n: &ast::Node, out: &mut Vec<FunctionRange>) {
    let function = matches!(
        &n.kind,
        ast::Kind::FunctionDecl | ast::Kind::CXXMethodDecl | ast::Kind::CXXConversionDecl
    ) || matches!(&n.kind, ast::Kind::Other(k)
        if k == "CXXConstructorDecl" || k == "CXXDestructorDecl");
    if function {
        if let Some(range) = &n.range {
            let begin = plain(&range.begin);
            let end = plain(&range.end);
            if let (Some(file), Some(start), Some(last)) = (
                begin
                    .file
                    .as_ref()
                    .filter(|f| Some(*f) == end.file.as_ref()),
                begin.at(),
                end.at(),
            ) {
                let kernel = n.has_attr("CUDAGlobalAttr");
                out.push(FunctionRange {
                    file: file.to_string(),
                    start,
                    end: last + end.token_len(),
                    name: n.name.clone().unwrap_or_default(),
                    kernel,
                    host_only: !kernel && !n.has_attr("CUDADeviceAttr"),
                });
            }
        }
        return;
    }
    match &n.kind {
        ast::Kind::NamespaceDecl
        | ast::Kind::LinkageSpecDecl
        | ast::Kind::FunctionTemplateDecl
        | ast::Kind::ClassTemplateDecl
        | ast::Kind::ClassTemplateSpecializationDecl
        | ast::Kind::CXXRecordDecl
        | ast::Kind::TranslationUnitDecl => {
            for c in &n.inner {
                function_ranges(c, out);
            }
        }
        _ => {}
    }
}

/// Where a position's text is for a reader of the file: the macro's use for a position
/// inside a macro expansion.
fn plain(p: &ast::Pos) -> &ast::Pos {
    match &p.expansion {
        Some(e) => plain(e),
        None => p,
    }
}
