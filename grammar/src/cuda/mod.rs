//! The CUDA front end (SPEC §8; issue 7): `.cu`, `.cuh` and `.h` text to BabyCUDA kernels.
//!
//! 1. [`preprocess`] — `#include`, `#define`, conditionals, `-D`; tokens keep spans into the
//!    main file.
//! 2. [`names`] — the lexer hack (type names collected, identifiers classified) and the split
//!    into top-level items.
//! 3. `parser.lalrpop` — the LR(1) grammar of the C/CUDA subset, one item at a time, building
//!    the surface tree of [`syntax`].
//! 4. [`lower`] — one core [`Kernel`](mapcheck_core::ast::Kernel) per `__global__` function.
//!
//! The supported subset, the lowering and its assumptions are described in `README.md` next
//! to this file.

pub mod header;
pub mod lexer;
pub mod lower;
pub mod names;
pub mod preprocess;
pub mod syntax;

use lalrpop_util::{lalrpop_mod, ParseError};
use lexer::{LexFailure, Tok, Token};
use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::path::Path;

lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        clippy::restriction,
        unused,
        missing_debug_implementations
    )]
    parser,
    "/cuda/parser.rs"
);

/// How to read a CUDA input.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-D NAME[=VALUE]`, applied in order (later ones win).
    pub defines: Vec<(String, Option<String>)>,
    /// Fixed block and grid geometry, if any: the lowering uses it to give `threadIdx.y`,
    /// `blockDim.x`, ... their values.
    pub block_dim: Option<[u64; 3]>,
    pub grid_dim: Option<[u64; 3]>,
}

impl Options {
    /// The options of a file whose GPUVerify header is `header` (SPEC §8): its `-D` flags,
    /// then the command line's `defines` (later ones win), and its geometry where the command
    /// line (`block_dim`, `grid_dim`) leaves it open.
    pub fn with_header(
        header: &header::Header,
        defines: &[String],
        block_dim: Option<[u64; 3]>,
        grid_dim: Option<[u64; 3]>,
    ) -> Options {
        let mut all = header.defines.clone();
        all.extend(defines.iter().map(|d| header::parse_define(d)));
        Options {
            defines: all,
            block_dim: block_dim.or(header.block_dim),
            grid_dim: grid_dim.or(header.grid_dim),
        }
    }
}

/// Reads an included file from disk: the [`preprocess::ReadFile`] of the command line and the
/// corpus tests, with short reasons for the diagnostic of the `#include`.
pub fn read_from_disk(path: &Path) -> Result<String, String> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| "not UTF-8".to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("no such file".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Deepest bracket nesting accepted in one item: keeps the parser's and the lowering's
/// recursion within a small stack.
const MAX_NESTING: usize = 120;

/// A located error of one item of a CUDA file, and the kernel it belongs to when it is
/// known, so that a command restricted to another kernel (`--kernel`) can leave it out.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemError {
    /// The `__global__` function the error is in; `None` for errors of the whole file
    /// (preprocessing, an unnamed item).
    pub kernel: Option<String>,
    pub diagnostic: Diagnostic,
}

impl ItemError {
    pub fn file(diagnostic: Diagnostic) -> Self {
        ItemError {
            kernel: None,
            diagnostic,
        }
    }
}

/// What reading a CUDA file gave: the kernels that parsed and lowered, and the errors of those
/// that did not. One kernel outside the subset does not hide its neighbours (issue 7, item 5):
/// the caller reports both, and the errors still make the exit code 2 (SPEC §7).
#[derive(Clone, Debug)]
pub struct Lowered {
    pub program: Program,
    pub errors: Vec<ItemError>,
}

/// Preprocesses, parses and lowers a CUDA file. `read` reads included files.
pub fn parse(
    path: &Path,
    text: &str,
    options: &Options,
    read: preprocess::ReadFile<'_>,
) -> Lowered {
    let toks = match preprocess::preprocess(path, text, &options.defines, read) {
        Ok(toks) => toks,
        // The preprocessor's errors are the whole file's: what it would produce is unknown.
        Err(errors) => {
            return Lowered {
                program: Program {
                    kernels: Vec::new(),
                },
                errors: errors.into_iter().map(ItemError::file).collect(),
            }
        }
    };
    let types = names::collect_type_names(&toks);
    let functions = names::collect_template_functions(&toks);
    let toks = names::template_arguments(names::classify(toks, &types), &functions);
    let mut items = Vec::new();
    names::split_items(&toks, &mut items, 0);
    let mut parsed = Vec::new();
    let mut errors = Vec::new();
    for item in items {
        let kernel = item
            .iter()
            .any(|t| t.token == Token::Spec("__global__".into()));
        let wanted = kernel
            || item.iter().any(|t| {
                matches!(&t.token, Token::Spec(s) if matches!(s.as_str(), "__device__" | "__shared__" | "__constant__" | "const" | "constexpr"))
            })
            || is_explicit_instantiation(&item);
        if !wanted {
            // Host code: mapcheck has nothing to check in it.
            continue;
        }
        let name = if kernel {
            lower::item_name(&item)
        } else {
            None
        };
        if let Some(error) = too_deep(&item) {
            errors.push(ItemError {
                kernel: name,
                diagnostic: error,
            });
            continue;
        }
        let first = item.first().map_or(0, |t| t.start);
        match parser::ItemParser::new()
            .parse(item.iter().map(|t| Ok((t.start, t.token.clone(), t.end))))
        {
            Ok(parsed_item) => parsed.push(parsed_item),
            Err(error) if kernel => errors.push(ItemError {
                kernel: name,
                diagnostic: describe(error, first),
            }),
            Err(error) => parsed.push(lower::unparsed(&item, describe(error, first))),
        }
    }
    let layouts = names::collect_layouts(&toks);
    let (program, mut lower_errors) = lower::lower(&parsed, options, &layouts);
    errors.append(&mut lower_errors);
    // Errors in source order, whichever stage found them.
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

/// `template __global__ void k<int, 128>(int *);`: an explicit instantiation, which may lack
/// the `__global__` of the template it instantiates.
fn is_explicit_instantiation(item: &[Tok]) -> bool {
    item.first().is_some_and(|t| t.token == Token::Template)
        && item.get(1).is_some_and(|t| t.token != Token::Lt)
}

fn too_deep(item: &[Tok]) -> Option<Diagnostic> {
    let mut depth = 0usize;
    for t in item {
        match t.token {
            Token::LParen | Token::LBracket | Token::LBrace => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(Diagnostic::error("nesting too deep").with_primary(
                        Span::new(t.start, t.end),
                        format!("more than {MAX_NESTING} levels of brackets here"),
                    ));
                }
            }
            Token::RParen | Token::RBracket | Token::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn describe(error: ParseError<usize, Token, LexFailure>, item_start: usize) -> Diagnostic {
    match error {
        ParseError::InvalidToken { location } => Diagnostic::error("unexpected character")
            .with_primary(
                Span::new(location, location + 1),
                "not part of the CUDA subset",
            ),
        ParseError::UnrecognizedEof { location, .. } => {
            Diagnostic::error("unexpected end of the item").with_primary(
                Span::new(location.max(item_start), location.max(item_start)),
                "the declaration is incomplete",
            )
        }
        ParseError::UnrecognizedToken {
            token: (l, token, r),
            expected,
        } => {
            let d = Diagnostic::error(format!("unexpected {token}"))
                .with_primary(Span::new(l, r), "outside the CUDA subset mapcheck reads");
            let mut expected: Vec<String> = expected
                .into_iter()
                .filter(|e| e.starts_with('"'))
                .map(|e| format!("`{}`", e.trim_matches('"')))
                .collect();
            expected.truncate(8);
            if expected.is_empty() {
                d
            } else {
                d.with_help(format!("expected one of {}", expected.join(", ")))
            }
        }
        ParseError::ExtraToken {
            token: (l, token, r),
        } => Diagnostic::error(format!("unexpected {token}"))
            .with_primary(Span::new(l, r), "extra token"),
        ParseError::User { error } => Diagnostic::error(error.error.to_string())
            .with_primary(Span::new(error.start, error.end), "cannot be lexed as C"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_files(_: &Path) -> Result<String, String> {
        Err("no such file".into())
    }

    fn lowered(text: &str) -> Lowered {
        parse(Path::new("k.cu"), text, &Options::default(), &no_files)
    }

    /// The program when every item lowered, else the errors.
    fn lower_text(text: &str) -> Result<Program, Vec<Diagnostic>> {
        let l = lowered(text);
        if l.errors.is_empty() {
            Ok(l.program)
        } else {
            Err(l.errors.into_iter().map(|e| e.diagnostic).collect())
        }
    }

    #[test]
    fn one_failing_kernel_leaves_the_others() {
        let l = lowered(
            "__global__ void good(int *A) { A[threadIdx.x] = 1; }\n\
             __global__ void bad(int *A) { A[ = 1; }\n\
             __global__ void worse(int **A) { A[0][1] = 2; }\n\
             __global__ void also_good(int *A) { A[threadIdx.x] = 2; }\n",
        );
        let names: Vec<&str> = l
            .program
            .kernels
            .iter()
            .map(|k| k.name.name.as_str())
            .collect();
        assert_eq!(names, ["good", "also_good"]);
        let failed: Vec<Option<&str>> = l.errors.iter().map(|e| e.kernel.as_deref()).collect();
        assert_eq!(failed, [Some("bad"), Some("worse")]);
        assert!(l.errors.iter().all(|e| e.diagnostic.span().is_some()));
    }

    #[test]
    fn a_second_kernel_of_the_same_name_is_an_error() {
        let l = lowered(
            "__global__ void k(int *A) { A[threadIdx.x] = 1; }\n\
             __global__ void k(float *A) { A[threadIdx.x] = 1; }\n",
        );
        assert_eq!(l.program.kernels.len(), 1);
        assert_eq!(l.errors.len(), 1);
        assert!(l.errors[0].diagnostic.message.contains("second kernel"));
    }

    #[test]
    fn preprocessor_errors_fail_the_file() {
        let l = lowered("#if\n#endif\n__global__ void k(int *A) { A[0] = 1; }\n");
        assert!(l.program.kernels.is_empty());
        assert_eq!(l.errors.len(), 1);
        assert_eq!(l.errors[0].kernel, None);
    }

    #[test]
    fn a_kernel_lowers_to_a_scoped_core_kernel() {
        let p = lower_text(
            "__global__ void k(int *A, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n  for (int s = 1; s < n; s *= 2) { A[i] += A[i + s]; __syncthreads(); }\n}\nint main() { k<<<1, 2>>>(0, 0); }\n",
        )
        .unwrap();
        assert_eq!(p.kernels.len(), 1);
        let text = p.to_string();
        // The printed kernel is `.bcu` the `.bcu` front end accepts.
        assert!(crate::parse(&text).is_ok(), "{text}");
        assert!(text.contains("sync"), "{text}");
        assert!(text.contains("step *2"), "{text}");
    }

    #[test]
    fn broken_inputs_are_errors_not_panics() {
        for text in [
            "__global__ void k(int *A) { A[ = 1; }",
            "#if\n#endif",
            "__global__ void k(int *A) { while (1) { A[threadIdx.x].f = 0; } }",
            "__global__ void k(int **A) { A[0][1] = 2; }",
            "\"unterminated",
            "/* open",
        ] {
            assert!(lower_text(text).is_err(), "{text}");
        }
    }
}
