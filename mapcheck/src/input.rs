//! Reading inputs: files to text (or a located reason why not), text to kernels, by the
//! front end the file's extension selects: `.bcu` by `mapcheck_grammar::parse`, `.cu`, `.cuh`
//! and `.h` by the CUDA front end on clang (`mapcheck_grammar::clang`), with the geometry
//! and `-D` flags of a GPUVerify header (SPEC §8; command-line flags win).

use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::geometry;
use mapcheck_core::span::{LineCol, LineIndex, Span};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Inputs larger than this are refused before parsing.
const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The language of an input: it selects the front end that reads the file, and it is a fact
/// about the kernels the file gives for every later step, read from here (never again from
/// the file's name): how a CUDA kernel's `?` are read, the arithmetic it is decided in, how its
/// witnesses name the ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// `.bcu`, the core language (SPEC §3).
    Core,
    /// `.cu`, `.cuh` and `.h`, read by the CUDA front end on clang: its `let x = ?` stand for
    /// values it could not follow.
    Cuda,
}

impl Language {
    /// The front end a file's extension selects: `.cu`, `.cuh` and `.h` are CUDA, every other
    /// file the core language.
    pub fn of(path: &Path) -> Language {
        match extension(path).as_deref() {
            Some("cu" | "cuh" | "h") => Language::Cuda,
            _ => Language::Core,
        }
    }
}

/// A file that could be read as text.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user wrote it, for messages and JSON.
    pub name: String,
    pub text: String,
    /// The front end that read it.
    pub language: Language,
    /// Geometry a CUDA file's GPUVerify header fixed and the command line did not: the
    /// lowering used it, so the analysis must fix `ntid`/`nbid` to match.
    pub header_block_dim: Option<[u64; 3]>,
    pub header_grid_dim: Option<[u64; 3]>,
    /// A CUDA file's GPUVerify header's `--warp-sync[=N]` (warp size `N`, 32 by default).
    pub header_warp_sync: Option<u32>,
    /// What reading the file passed over without failing it: clang's errors inside host-only
    /// functions, header flags that are ignored or beyond CUDA's limits (SPEC §8). Reported
    /// as warnings; they never change the exit code.
    pub warnings: Vec<Diagnostic>,
    /// The files of the user's that a CUDA file includes, whose statements are checked with
    /// it: a span past the end of `text` is in one of them.
    pub included: Vec<Included>,
    index: LineIndex,
}

/// A file of the user's that a CUDA file includes (`#include "scan_kernel.cu"`): the front end
/// reads it after the main file's text, at `base` (`mapcheck_grammar::clang::files`), so a
/// span at or past `base` (and before the next file's) is in it.
#[derive(Debug)]
pub struct Included {
    /// The path from where mapcheck runs, as clang found it.
    pub name: String,
    pub text: String,
    pub base: usize,
    index: LineIndex,
}

impl Included {
    fn of(file: mapcheck_grammar::clang::files::UserFile) -> Included {
        Included {
            index: LineIndex::new(&file.text),
            name: file.name,
            text: file.text,
            base: file.base,
        }
    }
}

/// Where a span is: the file (the main one or an included one), its text, and the span's
/// byte range in that text.
#[derive(Clone, Copy, Debug)]
pub struct Located<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub span: Span,
    index: &'a LineIndex,
}

impl<'a> Located<'a> {
    /// The line and column of the span's start in its file.
    pub fn start(&self) -> LineCol {
        self.index.line_col(self.text, self.span.start)
    }

    /// The line and column just after the span's end (its start again for an empty span).
    pub fn end(&self) -> LineCol {
        self.index
            .line_col(self.text, self.span.end.max(self.span.start))
    }

    /// The span's text (empty when the span is not on character boundaries of it).
    pub fn snippet(&self) -> &'a str {
        self.text
            .get(self.span.start..self.span.end.max(self.span.start))
            .unwrap_or_default()
    }
}

impl SourceFile {
    pub fn new(path: &Path, text: String, language: Language) -> Self {
        SourceFile {
            name: path.display().to_string(),
            index: LineIndex::new(&text),
            text,
            language,
            header_block_dim: None,
            header_grid_dim: None,
            header_warp_sync: None,
            warnings: Vec::new(),
            included: Vec::new(),
        }
    }

    /// Read by the CUDA front end.
    pub fn is_cuda(&self) -> bool {
        self.language == Language::Cuda
    }

    /// The line and column of the span's start, in the file it is in ([`Self::locate`]).
    pub fn line_col(&self, span: Span) -> LineCol {
        self.locate(span).start()
    }

    /// The file a span is in (the main file or one it includes) and the span in its text.
    pub fn locate(&self, span: Span) -> Located<'_> {
        match self
            .included
            .iter()
            .rev()
            .find(|f| span.start > self.text.len() && span.start >= f.base)
        {
            Some(f) => Located {
                name: &f.name,
                text: &f.text,
                span: Span::new(span.start - f.base, span.end.max(f.base) - f.base),
                index: &f.index,
            },
            None => Located {
                name: &self.name,
                text: &self.text,
                span,
                index: &self.index,
            },
        }
    }

    /// `line:column` of the span's start, with its file's name before them when the input
    /// includes files of the user's (whose lines a report shows too): how a report inside
    /// one file names a place.
    pub fn at(&self, span: Span) -> String {
        let at = self.locate(span);
        let lc = at.start();
        if self.included.is_empty() {
            format!("{}:{}", lc.line, lc.column)
        } else {
            format!("{}:{}:{}", at.name, lc.line, lc.column)
        }
    }

    /// `file:line:column` of the span's start, in the file it is in.
    pub fn place(&self, span: Span) -> String {
        let at = self.locate(span);
        let lc = at.start();
        format!("{}:{}:{}", at.name, lc.line, lc.column)
    }

    /// The text the spans index: the main file's, then each included file's at its base
    /// (the front end's joined text).
    pub fn joined(&self) -> String {
        let mut text = self.text.clone();
        for f in &self.included {
            while text.len() < f.base {
                text.push('\n');
            }
            text.push_str(&f.text);
        }
        text
    }

    /// The line of the main file the span starts on; `None` for a span in an included file.
    pub fn main_line(&self, span: Span) -> Option<usize> {
        self.in_main(span).then(|| self.line_col(span).line)
    }

    /// Whether the span is in the main file (not in a file it includes): only there can
    /// `mapcheck fix` edit the text.
    pub fn in_main(&self, span: Span) -> bool {
        span.start <= self.text.len()
    }
}

pub use mapcheck_grammar::cuda::ItemError;

/// What loading one input gave.
#[derive(Debug)]
pub enum Loaded {
    /// The kernels that parsed and lowered, and the errors of the items that did not (only a
    /// CUDA file has both: one kernel outside the subset leaves its neighbours to be checked,
    /// and the errors still make the exit code 2).
    Parsed {
        source: SourceFile,
        program: Program,
        errors: Vec<ItemError>,
    },
    /// The input could not be read, decoded or parsed; the source is there when it was text.
    Failed {
        name: String,
        source: Option<SourceFile>,
        diagnostics: Vec<Diagnostic>,
    },
}

/// What the command line says about reading CUDA inputs.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// `-D NAME[=VALUE]`
    pub defines: Vec<String>,
    pub block_dim: Option<[u64; 3]>,
    pub grid_dim: Option<[u64; 3]>,
}

impl LoadOptions {
    /// What the flags every command shares say about reading inputs.
    pub fn of(common: &crate::cli::Common) -> LoadOptions {
        LoadOptions {
            defines: common.defines.clone(),
            block_dim: common.block_dim,
            grid_dim: common.grid_dim,
        }
    }
}

/// The fixed values of the analysis for one input: the command line's, plus the geometry of a
/// CUDA file's GPUVerify header where the command line left it open.
pub fn fixed_for(base: &mapcheck_smt::Fixed, source: &SourceFile) -> mapcheck_smt::Fixed {
    let mut fixed = base.clone();
    if fixed.block.is_none() {
        fixed.block = source.header_block_dim.map(dims);
    }
    if fixed.grid.is_none() {
        fixed.grid = source.header_grid_dim.map(dims);
    }
    fixed
}

/// A geometry as the command line reads it, as the analysis takes it.
pub fn dims(d: [u64; 3]) -> [i128; 3] {
    d.map(i128::from)
}

/// The extensions a directory argument is searched for.
pub const INPUT_EXTENSIONS: [&str; 3] = ["bcu", "cu", "cuh"];

/// The inputs `paths` name: each file as given, each directory replaced by the `.bcu`, `.cu`
/// and `.cuh` files under it (recursively, in name order, hidden entries skipped). A directory
/// without any, or one that cannot be read, is a problem reported with its name. Also the
/// `.cuh` files a directory gave: a project's header of helpers is checked through the files
/// that include it, so one with no kernel of its own is no input error there
/// ([`is_helper_header`]).
pub fn expand(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<(String, Diagnostic)>, HashSet<PathBuf>) {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()?;
        entries.sort();
        for path in entries {
            let hidden = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if hidden {
                continue;
            }
            if path.is_dir() {
                walk(&path, found)?;
            } else if path
                .extension()
                .is_some_and(|e| INPUT_EXTENSIONS.iter().any(|x| e == *x))
            {
                found.push(path);
            }
        }
        Ok(())
    }
    let (mut files, mut problems) = (Vec::new(), Vec::new());
    let mut headers = HashSet::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let name = path.display().to_string();
        let mut found = Vec::new();
        match walk(path, &mut found) {
            Err(e) => problems.push((
                name.clone(),
                Diagnostic::error(format!("cannot read the directory `{name}`: {e}")),
            )),
            Ok(()) if found.is_empty() => problems.push((
                name.clone(),
                Diagnostic::error(format!("no `.bcu`, `.cu` or `.cuh` file under `{name}`")),
            )),
            Ok(()) => {
                headers.extend(
                    (found.iter())
                        .filter(|f| f.extension().is_some_and(|e| e == "cuh"))
                        .cloned(),
                );
                files.extend(found);
            }
        }
    }
    (files, problems, headers)
}

/// Whether `loaded`, read from a `.cuh` file a directory gave, is a header of helpers: it
/// failed only because it has no kernel of its own.
pub fn is_helper_header(loaded: &Loaded, path: &Path, headers: &HashSet<PathBuf>) -> bool {
    headers.contains(path)
        && matches!(loaded, Loaded::Failed { diagnostics, .. }
            if diagnostics.len() == 1
                && diagnostics[0].message == mapcheck_grammar::clang::NO_KERNEL)
}

pub fn load_with(path: &Path, options: &LoadOptions) -> Loaded {
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
    // Files are read as bytes: text that is not UTF-8 (a Latin-1 comment) is read as Latin-1,
    // one character per byte, with a warning. Binary garbage (a NUL byte) is no use in a
    // snippet: the message says where decoding failed.
    let (text, warning) = match mapcheck_grammar::decode(&bytes) {
        Ok(text) => (text.to_string(), None),
        Err(diagnostic) if !bytes.contains(&0) => {
            let latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
            let warning = Diagnostic::warning(format!("{}: read as Latin-1", diagnostic.message))
                .with_note(
                    "each byte that is not UTF-8 is read as the Latin-1 character of that code",
                );
            (latin1, Some(warning))
        }
        Err(diagnostic) => return fail(None, vec![diagnostic]),
    };
    let mut loaded = parse_text(path, text, options);
    if let (Loaded::Parsed { source, .. }, Some(w)) = (&mut loaded, warning) {
        source.warnings.insert(0, w);
    }
    loaded
}

/// Parses (and for CUDA, lowers) `text` as the contents of `path`, by the front end its
/// extension selects. `mapcheck fix` re-reads its edited CUDA text through here.
pub fn parse_text(path: &Path, text: String, options: &LoadOptions) -> Loaded {
    let name = path.display().to_string();
    let fail = |source, diagnostics| Loaded::Failed {
        name: name.clone(),
        source,
        diagnostics,
    };
    let mut source = SourceFile::new(path, text, Language::of(path));
    match source.language {
        Language::Cuda => {
            use mapcheck_grammar::cuda;
            let header = cuda::header::read_header(&source.text);
            // A header's geometry is held to CUDA's limits like the command line's (SPEC §3):
            // a witness outside them could not be replayed. A flag whose value cannot be read
            // is refused too, as on the command line, rather than left symbolic.
            let line_end: usize = source.text.lines().take(2).map(|l| l.len() + 1).sum();
            let header_span = mapcheck_core::Span::new(0, line_end.min(source.text.len()));
            let refuse = |source, message: String| {
                let d = Diagnostic::error(format!("the GPUVerify header's geometry: {message}"))
                    .with_primary(header_span, "fixed here");
                fail(Some(source), vec![d])
            };
            let overridden = |flag: &str| {
                (flag.starts_with("--blockDim") && options.block_dim.is_some())
                    || (flag.starts_with("--gridDim") && options.grid_dim.is_some())
            };
            if let Some(flag) = header.invalid.iter().find(|f| !overridden(f)) {
                return refuse(
                    source,
                    format!("`{flag}`: expected X, [X,Y] or [X,Y,Z] of positive integers"),
                );
            }
            // Beyond CUDA's limits, a header's geometry is checked as given, with a warning
            // (SPEC §8; GPUVerify's own tests have such headers); beyond what mapcheck can
            // check at all, it is refused.
            let block = options
                .block_dim
                .is_none()
                .then_some(header.block_dim)
                .flatten();
            let grid = options
                .grid_dim
                .is_none()
                .then_some(header.grid_dim)
                .flatten();
            let checkable = geometry::check_checkable(
                dims(block.unwrap_or([1; 3])),
                dims(grid.unwrap_or([1; 3])),
            );
            // A GPUVerify header is a `.cu` file's: its geometry in CUDA's words.
            if let Err(e) = checkable.map_err(geometry::GeometryError::in_cuda_words) {
                return refuse(source, format!("{e}, beyond what mapcheck checks"));
            }
            for (dim, check) in [
                (block, geometry::check_block as fn(_) -> _),
                (grid, geometry::check_grid),
            ] {
                let checked =
                    dim.map(|d| check(dims(d)).map_err(geometry::GeometryError::in_cuda_words));
                if let Some(Err(e)) = checked {
                    source.warnings.push(
                        Diagnostic::warning(format!(
                            "the GPUVerify header's geometry: {e}: checked as given"
                        ))
                        .with_primary(header_span, "fixed here")
                        .with_note("no GPU launches this geometry; the command line refuses it"),
                    );
                }
            }
            match header_warp_sync_flag(&source.text) {
                Ok(n) => source.header_warp_sync = n,
                Err(flag) => {
                    let d = Diagnostic::error(format!(
                        "the GPUVerify header's `{flag}`: expected `--warp-sync` or \
                         `--warp-sync=N` with N a positive number of lanes"
                    ))
                    .with_primary(header_span, "given here");
                    return fail(Some(source), vec![d]);
                }
            }
            if !header.ignored.is_empty() {
                let flags: Vec<String> = header.ignored.iter().map(|f| format!("`{f}`")).collect();
                source.warnings.push(
                    Diagnostic::warning(format!(
                        "mapcheck ignores the GPUVerify header's {} {}",
                        if flags.len() == 1 { "flag" } else { "flags" },
                        flags.join(", ")
                    ))
                    .with_primary(header_span, "the header")
                    .with_note(
                        "mapcheck reads `--blockDim`, `--gridDim`, `-D` and `--warp-sync`; it checks \
                         races within and between blocks and barrier divergence, whatever the \
                         header asks for",
                    ),
                );
            }
            if options.block_dim.is_none() {
                source.header_block_dim = header.block_dim;
            }
            if options.grid_dim.is_none() {
                source.header_grid_dim = header.grid_dim;
            }
            let cuda_options = cuda::Options::with_header(
                &header,
                &options.defines,
                options.block_dim,
                options.grid_dim,
            );
            let lowered = mapcheck_grammar::clang::parse(path, &source.text, &cuda_options);
            source.warnings.extend(lowered.warnings);
            source.included = lowered.files.into_iter().map(Included::of).collect();
            if lowered.program.kernels.is_empty() {
                let diagnostics = lowered.errors.into_iter().map(|e| e.diagnostic).collect();
                return fail(Some(source), diagnostics);
            }
            Loaded::Parsed {
                source,
                program: lowered.program,
                errors: lowered.errors,
            }
        }
        Language::Core => match mapcheck_grammar::parse(&source.text) {
            Ok(program) => Loaded::Parsed {
                source,
                program,
                errors: Vec::new(),
            },
            Err(diagnostics) => fail(Some(source), diagnostics),
        },
    }
}

/// The source ranges clang gives the statements of a CUDA file (`mapcheck fix` places its edits
/// with them), read with the same flags and header as [`parse_text`] reads the file.
pub fn cuda_ranges(
    path: &Path,
    text: &str,
    options: &LoadOptions,
) -> Result<mapcheck_grammar::clang::ranges::Ranges, Diagnostic> {
    use mapcheck_grammar::cuda;
    let header = cuda::header::read_header(text);
    let cuda_options = cuda::Options::with_header(
        &header,
        &options.defines,
        options.block_dim,
        options.grid_dim,
    );
    mapcheck_grammar::clang::ranges(path, text, &cuda_options)
}

/// The errors of a loaded file that concern the selected kernels: all of them without
/// `--kernel`, else those of that kernel and those of the whole file.
pub fn errors_for<'a>(
    errors: &'a [ItemError],
    kernel: Option<&'a str>,
) -> impl Iterator<Item = &'a Diagnostic> + 'a {
    item_errors_for(errors, kernel).map(|e| &e.diagnostic)
}

/// [`errors_for`] with the kernel each error belongs to, for the reports that name it.
pub fn item_errors_for<'a>(
    errors: &'a [ItemError],
    kernel: Option<&'a str>,
) -> impl Iterator<Item = &'a ItemError> + 'a {
    errors.iter().filter(move |e| match (kernel, &e.kernel) {
        (Some(wanted), Some(k)) => wanted == k,
        _ => true,
    })
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// The `--warp-sync` or `--warp-sync=N` flag of a GPUVerify header (line 1 `//pass` or
/// `//xfail:...`, line 2 `//` and the flags), as a warp size; `None` without one (or with an
/// `N` that is not a positive number, which [`parse_text`] refuses).
pub fn header_warp_sync(text: &str) -> Option<u32> {
    header_warp_sync_flag(text).ok().flatten()
}

/// [`header_warp_sync`], with a flag whose `N` is not a positive number given back as written.
fn header_warp_sync_flag(text: &str) -> Result<Option<u32>, String> {
    let mut lines = text.lines();
    let Some(first) = lines
        .next()
        .and_then(|l| l.trim().strip_prefix("//"))
        .map(str::trim)
    else {
        return Ok(None);
    };
    if first != "pass" && !first.starts_with("xfail:") {
        return Ok(None);
    }
    let Some(flags) = lines.next().and_then(|l| l.trim().strip_prefix("//")) else {
        return Ok(None);
    };
    for w in flags.split_whitespace() {
        match w.split_once('=') {
            None if w == "--warp-sync" => return Ok(Some(mapcheck_smt::warp::DEFAULT_WARP_SIZE)),
            Some(("--warp-sync", n)) => {
                return match n.parse::<u32>() {
                    Ok(n) if n > 0 => Ok(Some(n)),
                    _ => Err(w.to_string()),
                }
            }
            _ => {}
        }
    }
    Ok(None)
}
