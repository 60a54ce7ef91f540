//! Running clang: finding the executable, materialising mapcheck's CUDA headers, invoking the
//! device-side parse with a JSON AST dump, and turning clang's diagnostics into mapcheck's.
//!
//! clang is found as `MAPCHECK_CLANG` (a path or a name on `PATH`), else the first of
//! `clang-19` … `clang-14` on `PATH`, else `clang`. The headers of `include/` are embedded in
//! the binary and written, once per content, to a cache directory (`$XDG_CACHE_HOME/mapcheck`,
//! `$HOME/.cache/mapcheck`, or the system's temporary directory), so that an installed mapcheck
//! works wherever it is run.
//!
//! The source text is given to clang on its standard input (so that `mapcheck fix` can parse
//! text it edited without writing it anywhere); the directory of the file is added with
//! `-iquote`, so that `#include "x.h"` reads the file next to it, as it would on disk.

use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The clang versions tried on `PATH`, newest first.
pub const CLANG_NAMES: [&str; 7] = [
    "clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang-14", "clang",
];

/// The file name clang gives the standard input in its locations and diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// The header force-included before every file.
pub const PRELUDE: &str = "__mapcheck_cuda.h";

/// mapcheck's own headers, by the names user code includes them with.
pub const HEADERS: &[(&str, &str)] = &[
    (PRELUDE, include_str!("include/__mapcheck_cuda.h")),
    (
        "__mapcheck_device_api.h",
        include_str!("include/__mapcheck_device_api.h"),
    ),
    (
        "__mapcheck_host.h",
        include_str!("include/__mapcheck_host.h"),
    ),
    ("assert.h", include_str!("include/assert.h")),
    ("builtin_types.h", include_str!("include/builtin_types.h")),
    ("cassert", include_str!("include/cassert")),
    (
        "cooperative_groups.h",
        include_str!("include/cooperative_groups.h"),
    ),
    (
        "cooperative_groups/reduce.h",
        include_str!("include/cooperative_groups/reduce.h"),
    ),
    ("cuda.h", include_str!("include/cuda.h")),
    ("cuda_fp16.h", include_str!("include/cuda_fp16.h")),
    (
        "cuda_profiler_api.h",
        include_str!("include/cuda_profiler_api.h"),
    ),
    ("cuda_runtime.h", include_str!("include/cuda_runtime.h")),
    (
        "cuda_runtime_api.h",
        include_str!("include/cuda_runtime_api.h"),
    ),
    (
        "cuda_surface_types.h",
        include_str!("include/cuda_surface_types.h"),
    ),
    (
        "cuda_texture_types.h",
        include_str!("include/cuda_texture_types.h"),
    ),
    ("curand.h", include_str!("include/curand.h")),
    ("curand_kernel.h", include_str!("include/curand_kernel.h")),
    ("cutil.h", include_str!("include/cutil.h")),
    ("cutil_inline.h", include_str!("include/cutil_inline.h")),
    ("cutil_math.h", include_str!("include/cutil_math.h")),
    (
        "device_atomic_functions.h",
        include_str!("include/device_atomic_functions.h"),
    ),
    (
        "device_functions.h",
        include_str!("include/device_functions.h"),
    ),
    (
        "device_launch_parameters.h",
        include_str!("include/device_launch_parameters.h"),
    ),
    ("driver_types.h", include_str!("include/driver_types.h")),
    ("helper_cuda.h", include_str!("include/helper_cuda.h")),
    (
        "helper_functions.h",
        include_str!("include/helper_functions.h"),
    ),
    ("helper_math.h", include_str!("include/helper_math.h")),
    ("helper_string.h", include_str!("include/helper_string.h")),
    ("helper_timer.h", include_str!("include/helper_timer.h")),
    ("host_defines.h", include_str!("include/host_defines.h")),
    ("math_constants.h", include_str!("include/math_constants.h")),
    ("math_functions.h", include_str!("include/math_functions.h")),
    (
        "sm_20_atomic_functions.h",
        include_str!("include/sm_20_atomic_functions.h"),
    ),
    (
        "sm_20_intrinsics.h",
        include_str!("include/sm_20_intrinsics.h"),
    ),
    (
        "sm_30_intrinsics.h",
        include_str!("include/sm_30_intrinsics.h"),
    ),
    (
        "sm_32_atomic_functions.h",
        include_str!("include/sm_32_atomic_functions.h"),
    ),
    (
        "sm_32_intrinsics.h",
        include_str!("include/sm_32_intrinsics.h"),
    ),
    (
        "sm_35_intrinsics.h",
        include_str!("include/sm_35_intrinsics.h"),
    ),
    (
        "sm_60_atomic_functions.h",
        include_str!("include/sm_60_atomic_functions.h"),
    ),
    (
        "surface_functions.h",
        include_str!("include/surface_functions.h"),
    ),
    (
        "surface_indirect_functions.h",
        include_str!("include/surface_indirect_functions.h"),
    ),
    (
        "texture_fetch_functions.h",
        include_str!("include/texture_fetch_functions.h"),
    ),
    (
        "texture_indirect_functions.h",
        include_str!("include/texture_indirect_functions.h"),
    ),
    (
        "vector_functions.h",
        include_str!("include/vector_functions.h"),
    ),
    ("vector_types.h", include_str!("include/vector_types.h")),
];

/// Why clang could not be used at all.
pub fn missing_clang(detail: &str) -> Diagnostic {
    Diagnostic::error(format!("clang is needed to read CUDA files: {detail}")).with_help(
        "install it with `apt-get install clang-19` (or run `cargo xtask setup`), \
         or name a clang with the environment variable `MAPCHECK_CLANG`",
    )
}

/// Finds the clang to run.
pub fn find_clang() -> Result<PathBuf, Diagnostic> {
    if let Some(named) = std::env::var_os("MAPCHECK_CLANG") {
        let named = PathBuf::from(named);
        if named.components().count() > 1 {
            return if named.is_file() {
                Ok(named)
            } else {
                Err(missing_clang(&format!(
                    "`MAPCHECK_CLANG` names `{}`, which is not a file",
                    named.display()
                )))
            };
        }
        return on_path(&named.to_string_lossy()).ok_or_else(|| {
            missing_clang(&format!(
                "`MAPCHECK_CLANG` names `{}`, which is not on `PATH`",
                named.display()
            ))
        });
    }
    CLANG_NAMES
        .iter()
        .find_map(|name| on_path(name))
        .ok_or_else(|| missing_clang("none of `clang-19` … `clang-14` or `clang` is on `PATH`"))
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// FNV-1a: a hash that stays the same across Rust versions, for the cache directory's name.
fn fnv(parts: &[(&str, &str)]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, text) in parts {
        for b in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The directory holding mapcheck's headers, written there if they are not yet.
pub fn header_dir() -> Result<PathBuf, Diagnostic> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base
        .join("mapcheck")
        .join(format!("include-{:016x}", fnv(HEADERS)));
    let cannot = |e: std::io::Error| {
        Diagnostic::error(format!(
            "cannot write mapcheck's CUDA headers to `{}`: {e}",
            dir.display()
        ))
        .with_help("set `XDG_CACHE_HOME` to a writable directory")
    };
    std::fs::create_dir_all(&dir).map_err(cannot)?;
    for (name, text) in HEADERS {
        let target = dir.join(name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(cannot)?;
        }
        if std::fs::read_to_string(&target).is_ok_and(|t| t == *text) {
            continue;
        }
        // Written beside and renamed, so that a concurrent mapcheck never reads half a file;
        // named per process and per call, since two threads of one process (`-j2` on a fresh
        // cache) write the same header at once.
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let partial = target.with_file_name(format!(
            ".{}.{}.{call}",
            target
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            std::process::id()
        ));
        std::fs::write(&partial, text).map_err(cannot)?;
        std::fs::rename(&partial, &target).map_err(cannot)?;
    }
    Ok(dir)
}

/// What one clang run gave: the JSON AST (when clang produced one) and its errors.
#[derive(Debug)]
pub struct ClangOutput {
    /// The AST, read from clang's JSON as clang printed it ([`super::ast::read_json`]), or why
    /// it could not be read (clang's errors then usually say why).
    pub root: Result<super::ast::Node, String>,
    /// clang's record layouts (`-fdump-record-layouts-complete`), which it prints before the
    /// JSON: the resolve stage reads them (`resolve::Model::layouts`).
    pub layouts: String,
    pub errors: Vec<ClangError>,
}

/// One error clang reported.
#[derive(Clone, Debug)]
pub struct ClangError {
    /// Where in the main file, when the error is in it.
    pub span: Option<Span>,
    /// `file:line:col` when the error is in another file.
    pub elsewhere: Option<String>,
    pub message: String,
    /// Where clang placed the error: its file (as clang names it, [`STDIN_NAME`] for the main
    /// file), 1-based line and column (in bytes).
    pub at: Option<Position>,
    /// The positions of the error's "in instantiation of ... requested here" notes, innermost
    /// first: where the code that failed was instantiated from (an error in a library
    /// template belongs to the function whose call instantiated it).
    pub requested: Vec<Position>,
}

/// A position clang printed: file, 1-based line, 1-based column in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl ClangError {
    pub fn to_diagnostic(&self) -> Diagnostic {
        let message = match &self.elsewhere {
            Some(at) => format!("clang: {} (in `{at}`)", self.message),
            None => format!("clang: {}", self.message),
        };
        let d = Diagnostic::error(message);
        match self.span {
            Some(span) => d.with_primary(span, "clang rejects this"),
            None => d,
        }
    }
}

/// Parses `text` (the contents of `path`) with clang in CUDA device mode.
pub fn run_clang(
    clang: &Path,
    headers: &Path,
    path: &Path,
    text: &str,
    defines: &[(String, Option<String>)],
    stubs: Option<&Path>,
) -> Result<ClangOutput, Diagnostic> {
    let mut cmd = Command::new(clang);
    cmd.args([
        "-x",
        "cuda",
        "--cuda-device-only",
        // The device code of one architecture is analysed: `__CUDA_ARCH__` is 800 (Ampere),
        // not clang's default 520, so that the paths of today's kernels for Volta and later
        // (`#if __CUDA_ARCH__ >= 700`, `__syncwarp`, independent thread scheduling) are the
        // ones checked; `-D__CUDA_ARCH__=N` checks another.
        "--cuda-gpu-arch=sm_80",
        "-nocudainc",
        "-nocudalib",
        "-fsyntax-only",
        "-w",
        "-fno-color-diagnostics",
        "-fno-caret-diagnostics",
        "-fno-diagnostics-show-option",
        "-ferror-limit=0",
    ]);
    cmd.arg("-I").arg(headers);
    cmd.arg("-iquote").arg(super::files::quote_dir(path));
    if let Some(stubs) = stubs {
        // Searched last: empty stand-ins for system headers that are nowhere else.
        cmd.arg("-idirafter").arg(stubs);
    }
    cmd.arg("-include").arg(PRELUDE);
    for (name, value) in defines {
        match value {
            Some(v) => cmd.arg(format!("-D{name}={v}")),
            None => cmd.arg(format!("-D{name}")),
        };
    }
    // Every complete record's layout as clang computes it, printed on stdout before the JSON
    // (measured: no cost beyond the noise of one run, 0.12-0.18 s either way).
    cmd.args(["-Xclang", "-fdump-record-layouts-complete"]);
    cmd.args(["-Xclang", "-ast-dump=json", "-"]);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| missing_clang(&format!("cannot start `{}`: {e}", clang.display())))?;
    // Written from a thread: clang may fill its output pipes before it has read all its input;
    // its standard error is read from another, while this one reads the AST as it comes.
    let input = text.as_bytes().to_vec();
    let stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            // A clang that stops reading early reports why on stderr.
            let _ = stdin.write_all(&input);
        }
    });
    let stderr = child.stderr.take();
    let diagnostics = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stderr) = stderr {
            let _ = stderr.read_to_end(&mut bytes);
        }
        bytes
    });
    let (layouts, root) = match child.stdout.take() {
        Some(stdout) => read_stdout(std::io::BufReader::with_capacity(1 << 16, stdout)),
        None => (
            String::new(),
            Err("clang's output could not be read".into()),
        ),
    };
    let status = child.wait().map_err(|e| {
        Diagnostic::error(format!("clang (`{}`) failed to run: {e}", clang.display()))
    })?;
    let _ = writer.join();
    let stderr = diagnostics.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&stderr);
    let errors = parse_diagnostics(&stderr, text);
    if !status.success() && errors.is_empty() {
        return Err(Diagnostic::error(format!(
            "clang (`{}`) failed with {}: {}",
            clang.display(),
            status,
            stderr.lines().next().unwrap_or("no message")
        )));
    }
    Ok(ClangOutput {
        root,
        layouts,
        errors,
    })
}

/// The largest JSON [`read_stdout`] holds in memory whole before reading it.
const SLICE_MAX: u64 = 32 << 20;

/// clang's stdout: the layout dump, then the JSON, which starts at the first line that is `{`
/// alone (no line of a layout dump is), read as it comes. What follows a JSON that cannot be
/// read is drained, so that clang can finish.
fn read_stdout(mut stdout: impl std::io::BufRead) -> (String, Result<super::ast::Node, String>) {
    let mut layouts = Vec::new();
    let mut line = Vec::new();
    let root = loop {
        line.clear();
        match stdout.read_until(b'\n', &mut line) {
            Ok(0) => break Err("clang printed no AST".to_string()),
            Ok(_) if line.strip_suffix(b"\n").unwrap_or(&line) == b"{" => {
                // The whole JSON in memory first when it is at most `SLICE_MAX` bytes (as a
                // file's with mapcheck's prelude is: `ast::read_json` says why); a larger one
                // (a file that includes the standard library: 130-190 MB) is read as it
                // comes, so that its text is never held beside its tree (measured: 243 MB
                // peak for `include_system_headers.cu` read as it comes, 418 MB whole).
                let mut json = line.clone();
                let read = (&mut stdout).take(SLICE_MAX).read_to_end(&mut json);
                let root = match read {
                    Err(e) => break Err(format!("cannot read clang's output: {e}")),
                    Ok(n) if (n as u64) < SLICE_MAX => super::ast::read_json(&json),
                    Ok(_) => super::ast::read_json_from(json.chain(&mut stdout)),
                };
                break root.map_err(|e| e.to_string());
            }
            Ok(_) => layouts.extend_from_slice(&line),
            Err(e) => break Err(format!("cannot read clang's output: {e}")),
        }
    };
    let _ = std::io::copy(&mut stdout, &mut std::io::sink());
    (String::from_utf8_lossy(&layouts).into_owned(), root)
}

/// The `error:` and `fatal error:` lines of clang's stderr, located in `text` when they are in
/// the main file, each with the "requested here" notes that follow it.
pub fn parse_diagnostics(stderr: &str, text: &str) -> Vec<ClangError> {
    let mut out: Vec<ClangError> = Vec::new();
    // Whether the lines since the last error still belong to it (a warning ends them).
    let mut in_error = false;
    for line in stderr.lines() {
        if let Some((at, message)) = line.split_once(": note: ") {
            if let (true, Some(last), Some(pos)) = (in_error, out.last_mut(), position(at)) {
                if message.contains("requested here") {
                    last.requested.push(pos);
                }
            }
            continue;
        }
        let Some((at, message)) = line
            .split_once(": error: ")
            .or_else(|| line.split_once(": fatal error: "))
        else {
            if line.contains(": warning: ") {
                in_error = false;
            }
            continue;
        };
        in_error = true;
        let pos = position(at);
        let span = pos
            .as_ref()
            .filter(|p| p.file == STDIN_NAME)
            .and_then(|p| offset_of(text, p.line, p.column));
        let elsewhere = span.is_none().then(|| at.to_string());
        out.push(ClangError {
            span: span.map(|o| Span::new(o, (o + 1).min(text.len()).max(o))),
            elsewhere,
            message: message.to_string(),
            at: pos,
            requested: Vec::new(),
        });
    }
    out
}

/// The header an `#include <NAME>` names when clang reports it not found (a fatal error that
/// stops the parse): `NAME`, for an include written with angle brackets (a system or library
/// header; a missing `"local.h"` is the user's to fix).
pub fn missing_system_header(e: &ClangError, text: &str) -> Option<String> {
    let name = e
        .message
        .strip_prefix('\'')?
        .strip_suffix("' file not found")?
        .to_string();
    let at = e.at.as_ref()?;
    let line = if at.file == STDIN_NAME {
        text.lines().nth(at.line.checked_sub(1)?)?.to_string()
    } else {
        std::fs::read_to_string(&at.file)
            .ok()?
            .lines()
            .nth(at.line.checked_sub(1)?)?
            .to_string()
    };
    let directive = line.trim_start().strip_prefix('#')?.trim_start();
    let target = directive.strip_prefix("include")?.trim_start();
    (target.starts_with('<')
        && target[1..].trim_start().starts_with(name.as_str())
        && !name.split('/').any(|part| part == ".." || part.is_empty()))
    .then_some(name)
}

/// A directory of empty headers standing in for missing system headers, removed when dropped.
#[derive(Debug)]
pub struct Stubs {
    dir: PathBuf,
    pub names: Vec<String>,
}

impl Stubs {
    pub fn new() -> Result<Stubs, Diagnostic> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("mapcheck-stubs-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| Diagnostic::error(format!("cannot write `{}`: {e}", dir.display())))?;
        Ok(Stubs {
            dir,
            names: Vec::new(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Adds an empty `name` (which may hold `/`: `GL/glut.h`).
    pub fn add(&mut self, name: &str) -> Result<(), Diagnostic> {
        let target = self.dir.join(name);
        let cannot = |e: std::io::Error| {
            Diagnostic::error(format!("cannot write `{}`: {e}", target.display()))
        };
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(cannot)?;
        }
        std::fs::write(&target, "").map_err(cannot)?;
        self.names.push(name.to_string());
        Ok(())
    }
}

impl Drop for Stubs {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `file:line:col` as clang prints a position.
fn position(at: &str) -> Option<Position> {
    let mut parts = at.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_string();
    Some(Position { file, line, column })
}

/// The byte offset of 1-based `row` and `col` (clang counts columns in bytes).
pub fn offset_of(text: &str, row: usize, col: usize) -> Option<usize> {
    let mut start = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i + 1 == row {
            return Some((start + col.saturating_sub(1)).min(start + line.len()));
        }
        start += line.len();
    }
    (row > 0).then_some(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_are_located_in_the_main_file() {
        let text = "int a;\nint b = x;\n";
        let errs = parse_diagnostics(
            "<stdin>:2:9: error: use of undeclared identifier 'x'\n\
             /tmp/h.h:3:1: error: unknown type name 'foo'\n\
             <stdin>:1:1: warning: ignored\n",
            text,
        );
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[0].span.map(|s| s.start), Some(15));
        assert_eq!(errs[1].span, None);
        assert_eq!(errs[1].elsewhere.as_deref(), Some("/tmp/h.h:3:1"));
    }

    #[test]
    fn instantiation_notes_are_kept_with_their_error() {
        let errs = parse_diagnostics(
            "/usr/include/c++/12/bits/stl_algo.h:80:7: error: invalid operands\n\
             /usr/include/c++/12/bits/stl_algo.h:90:3: note: in instantiation of function template specialization 'f<int>' requested here\n\
             <stdin>:7:3: note: in instantiation of function template specialization 'g<int>' requested here\n\
             <stdin>:1:1: note: candidate function not viable\n\
             <stdin>:2:1: warning: unused\n\
             <stdin>:3:1: note: in instantiation of x requested here\n",
            "a\nb\nc\n",
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].at.as_ref().map(|p| p.line), Some(80));
        let lines: Vec<usize> = errs[0].requested.iter().map(|p| p.line).collect();
        assert_eq!(lines, [90, 7]);
    }

    /// Every file of `include/` is embedded (a header added there but not to [`HEADERS`]
    /// would be found by no `#include`).
    #[test]
    fn every_header_of_the_include_directory_is_embedded() {
        fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, base, out);
                } else if let Ok(rel) = path.strip_prefix(base) {
                    out.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/clang/include");
        let mut found = Vec::new();
        walk(&base, &base, &mut found);
        assert!(found.len() > 10, "{found:?}");
        for name in found {
            assert!(
                HEADERS.iter().any(|(h, _)| *h == name),
                "`include/{name}` is not in `HEADERS`"
            );
        }
    }

    #[test]
    fn the_cache_name_follows_the_contents() {
        assert_ne!(fnv(&[("a", "b")]), fnv(&[("a", "c")]));
        assert_ne!(fnv(&[("ab", "")]), fnv(&[("a", "b")]));
    }
}
