//! Reading inputs: files to text (or a located reason why not), text to kernels, by the
//! front end the file's extension selects.

use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::{LineCol, LineIndex, Span};
use std::path::Path;

/// Inputs larger than this are refused before parsing.
const MAX_INPUT_BYTES: u64 = 64 << 20;

/// A file that could be read as text.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user wrote it, for messages and JSON.
    pub name: String,
    pub text: String,
    index: LineIndex,
}

impl SourceFile {
    pub fn new(path: &Path, text: String) -> Self {
        SourceFile {
            name: path.display().to_string(),
            index: LineIndex::new(&text),
            text,
        }
    }

    pub fn line_col(&self, span: Span) -> LineCol {
        self.index.line_col(&self.text, span.start)
    }
}

/// What loading one input gave.
#[derive(Debug)]
pub enum Loaded {
    Parsed(SourceFile, Program),
    /// The input could not be read, decoded or parsed; the source is there when it was text.
    Failed {
        name: String,
        source: Option<SourceFile>,
        diagnostics: Vec<Diagnostic>,
    },
}

pub fn load(path: &Path) -> Loaded {
    let name = path.display().to_string();
    let fail = |source, diagnostics| Loaded::Failed {
        name: name.clone(),
        source,
        diagnostics,
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return fail(
                None,
                vec![Diagnostic::error(format!(
                    "`{name}` is a directory, not a kernel file"
                ))],
            )
        }
        Ok(meta) if meta.len() > MAX_INPUT_BYTES => {
            return fail(
                None,
                vec![Diagnostic::error(format!(
                    "`{name}` is too large ({} bytes; the limit is {MAX_INPUT_BYTES})",
                    meta.len()
                ))],
            )
        }
        _ => {}
    }
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            let why = match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => e.to_string(),
            };
            return fail(
                None,
                vec![Diagnostic::error(format!("cannot read `{name}`: {why}"))],
            );
        }
    };
    let text = match mapcheck_grammar::decode(&bytes) {
        Ok(text) => text.to_string(),
        // Binary garbage is no use in a snippet: the message says where decoding failed.
        Err(diagnostic) => return fail(None, vec![diagnostic]),
    };
    let source = SourceFile::new(path, text);
    match extension(path).as_deref() {
        Some("cu" | "cuh" | "h") => fail(
            Some(source),
            vec![Diagnostic::error(format!(
                "`{name}` is CUDA, and this build of mapcheck reads only `.bcu` kernels"
            ))
            .with_help("write the kernel in `.bcu` (see the README)")],
        ),
        _ => match mapcheck_grammar::parse(&source.text) {
            Ok(program) => Loaded::Parsed(source, program),
            Err(diagnostics) => fail(Some(source), diagnostics),
        },
    }
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}
