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
mod closed;
pub mod driver;
pub mod lower;
pub mod ranges;
mod truncdiv;
mod typedefs;
pub mod types;

use crate::cuda::{ItemError, Lowered, Options};
use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::path::Path;

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
    };
    let clang = match driver::find_clang() {
        Ok(c) => c,
        Err(d) => return fail(d),
    };
    let headers = match driver::header_dir() {
        Ok(h) => h,
        Err(d) => return fail(d),
    };
    let output = match driver::run_clang(&clang, &headers, path, text, &options.defines) {
        Ok(o) => o,
        Err(d) => return fail(d),
    };
    let root = match ast::parse_json(&output.json) {
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
                };
            }
            return fail(Diagnostic::error(format!("cannot read clang's AST: {e}")));
        }
    };
    // clang's errors first: an error inside a kernel fails that kernel (clang's message is the
    // one to show, not what the lowering makes of clang's error recovery); an error elsewhere
    // fails the file, except inside a host function.
    let ranges = function_ranges(&root);
    let mut errors = Vec::new();
    let mut skip = std::collections::HashSet::new();
    let mut failed_all = false;
    for e in &output.errors {
        let owner = e.span.and_then(|s| {
            ranges
                .iter()
                .find(|r| r.span.start <= s.start && s.start <= r.span.end)
        });
        match owner {
            Some(r) if r.kernel => {
                skip.insert(r.name.clone());
                errors.push(ItemError {
                    kernel: Some(r.name.clone()),
                    diagnostic: e.to_diagnostic(),
                });
            }
            Some(r) if r.host_only => errors.push(ItemError::file(e.to_diagnostic())),
            _ => {
                failed_all = true;
                errors.push(ItemError::file(e.to_diagnostic()));
            }
        }
    }
    let program = if failed_all {
        Program {
            kernels: Vec::new(),
        }
    } else {
        let (program, lower_errors) = lower::lower_all(&root, text, options, &skip);
        errors.extend(lower_errors);
        program
    };
    errors.sort_by_key(|e| e.diagnostic.span().map_or(0, |s| s.start));
    if program.kernels.is_empty() && errors.is_empty() {
        errors.push(ItemError::file(
            Diagnostic::error("no `__global__` kernel in the file").with_primary(
                Span::new(0, 0),
                "expected `__global__ void NAME(...) { ... }`",
            ),
        ));
    }
    Lowered { program, errors }
}

/// Parses `text` (the contents of `path`) with clang, as [`parse`] does, and reads the source
/// ranges of its function bodies ([`ranges::Ranges`]).
pub fn ranges(path: &Path, text: &str, options: &Options) -> Result<ranges::Ranges, Diagnostic> {
    let clang = driver::find_clang()?;
    let headers = driver::header_dir()?;
    let output = driver::run_clang(&clang, &headers, path, text, &options.defines)?;
    if let Some(e) = output.errors.first() {
        return Err(e.to_diagnostic());
    }
    let root = ast::parse_json(&output.json)
        .map_err(|e| Diagnostic::error(format!("cannot read clang's AST: {e}")))?;
    Ok(ranges::Ranges::collect(&root, text))
}

/// A function of the main file: where it is, its name, what kind.
struct FunctionRange {
    span: Span,
    name: String,
    kernel: bool,
    /// Neither `__device__` nor `__global__`: host code, which mapcheck does not read.
    host_only: bool,
}

/// The source ranges of the functions of the main file.
fn function_ranges(root: &ast::Node) -> Vec<FunctionRange> {
    fn go(n: &ast::Node, out: &mut Vec<FunctionRange>) {
        match n.kind {
            ast::Kind::FunctionDecl if n.is_in_main_file() => {
                if let Some(span) = n.span_in_main() {
                    let kernel = n.has_attr("CUDAGlobalAttr");
                    out.push(FunctionRange {
                        span,
                        name: n.name.clone().unwrap_or_default(),
                        kernel,
                        host_only: !kernel && !n.has_attr("CUDADeviceAttr"),
                    });
                }
            }
            ast::Kind::NamespaceDecl
            | ast::Kind::LinkageSpecDecl
            | ast::Kind::FunctionTemplateDecl
            | ast::Kind::TranslationUnitDecl => {
                for c in &n.inner {
                    go(c, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    go(root, &mut out);
    out
}
