//! Issue 35, item 2: every name in the outputs of a `.cu` kernel is the source's. Each file of
//! the CUDA corpus (`tests/cuda/*.cu` and `tests/cuda/programs/*.cu`) is its own trial: it is
//! checked as `mapcheck FILE` checks it, once for the human report (with `--sarif` and
//! `--html` written beside it) and once with `--json`, and every one of the four outputs is
//! scanned for names only the lowering to the core language knows:
//!
//! * an unknown in the core's notation, `?in_1_v`, `?float_1`;
//! * a name the lowering renamed, `in_1`, `i_2` (a word ending in `_DIGITS`);
//! * a core operator, `udiv(`, `urem(`, `select(`, ...;
//! * a core built-in, `tid.x`, `ntid`, `bid`, `nbid` (CUDA's `threadIdx`, `blockDim`, ...);
//! * a thread or block named by its flat id, `thread 0 of block 0`.
//!
//! A name the source itself spells is the source's: every identifier of the file (and of the
//! files it `#include`s with quotes) may appear, and `ALLOWED` lists what the scan cannot tell
//! apart by itself. The file's own path is taken out of the text first (`..._racy_128.cu`).
//! In the JSON and SARIF documents every string and every key is scanned, except the keys the
//! schema names `tid` and `bid`.
//!
//! `cargo test --release -p mapcheck-tests --test source_names -- WORD` runs the files whose
//! name contains WORD.

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck::cli::Cli;
use mapcheck::Style;
use mapcheck_tests::corpus::files;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Names the scan would take for the lowering's although the source has them, as `(file,
/// text)`: none so far (the source's identifiers are allowed without a line here).
const ALLOWED: &[(&str, &str)] = &[];

/// The core language's operators that C writes otherwise (`/` on unsigned, `c ? a : b`).
const CORE_OPERATORS: &[&str] = &["udiv", "urem", "ushr", "umin", "umax", "select"];

/// The core's built-ins, which a `.cu` report calls `threadIdx`, `blockDim`, ...
const CORE_BUILTINS: &[&str] = &["tid", "ntid", "bid", "nbid"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers of `text`, with where each starts.
fn identifiers(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut prev_ident = false;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match start {
            Some(s) if !is_ident(c) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            None if is_ident_start(c) && !prev_ident => start = Some(i),
            _ => {}
        }
        prev_ident = is_ident(c);
    }
    out
}

/// What the source spells: the file and the headers it includes with quotes.
struct Source {
    text: String,
    idents: BTreeSet<String>,
}

impl Source {
    fn read(path: &Path) -> Result<Source, String> {
        let mut text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let includes: Vec<String> = text
            .lines()
            .filter_map(|l| {
                let l = l.trim_start().strip_prefix('#')?.trim_start();
                let l = l.strip_prefix("include")?.trim();
                Some(l.strip_prefix('"')?.split('"').next()?.to_string())
            })
            .collect();
        for inc in includes {
            if let Ok(t) = std::fs::read_to_string(dir.join(inc)) {
                text.push('\n');
                text.push_str(&t);
            }
        }
        let idents = identifiers(&text)
            .into_iter()
            .map(|(_, i)| i.to_string())
            .collect();
        Ok(Source { text, idents })
    }
}

/// The lowering's names in `text` (one output), each with a little context.
fn lowering_names(text: &str, source: &Source, file: &str) -> Vec<String> {
    let allowed = |word: &str| {
        source.idents.contains(word) || ALLOWED.iter().any(|(f, w)| *f == file && *w == word)
    };
    let mut found = Vec::new();
    let context = |at: usize| {
        let mut a = at.saturating_sub(40);
        while !text.is_char_boundary(a) {
            a -= 1;
        }
        let mut b = (at + 40).min(text.len());
        while !text.is_char_boundary(b) {
            b += 1;
        }
        text[a..b].replace('\n', "⏎")
    };
    for (at, word) in identifiers(text) {
        let after = &text[at + word.len()..];
        let before = text[..at].chars().next_back();
        // `?x`, the core's notation for an unknown.
        if before == Some('?') && !source.text.contains(&format!("?{word}")) {
            found.push(format!("`?{word}` in …{}…", context(at)));
            continue;
        }
        if allowed(word) {
            continue;
        }
        let renamed = word.rsplit_once('_').is_some_and(|(base, n)| {
            !base.is_empty() && n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty()
        });
        let operator = CORE_OPERATORS.contains(&word) && after.starts_with('(');
        let builtin = CORE_BUILTINS.contains(&word) && before != Some('.') && before != Some('-');
        if renamed || operator || builtin {
            found.push(format!("`{word}` in …{}…", context(at)));
        }
    }
    // A thread or a block by its flat id: CUDA's are (x, y, z).
    let mut rest = text;
    let mut offset = 0;
    while let Some(i) = rest.find("thread ") {
        let tail = &rest[i + "thread ".len()..];
        let digits = tail.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && tail[digits..].starts_with(" of block ") {
            // The source's own words (a comment explaining the race) are the source's.
            let phrase: String = rest[i..]
                .chars()
                .take("thread ".len() + digits + " of block ".len())
                .chain(
                    tail[digits + " of block ".len()..]
                        .chars()
                        .take_while(char::is_ascii_digit),
                )
                .collect();
            if !source.text.contains(&phrase) {
                found.push(format!("a flat thread id in …{}…", context(offset + i)));
            }
        }
        offset += i + 1;
        rest = &rest[i + 1..];
    }
    found
}

/// The strings of a JSON document (keys too, but the schema's `tid` and `bid`), one per line.
fn json_strings(text: &str) -> Result<String, String> {
    fn walk(v: &serde_json::Value, out: &mut String) {
        match v {
            serde_json::Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(o) => {
                for (k, v) in o {
                    if !(matches!(k.as_str(), "tid" | "bid") && v.is_array()) {
                        out.push_str(k);
                        out.push('\n');
                    }
                    walk(v, out);
                }
            }
            _ => {}
        }
    }
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut out = String::new();
    walk(&v, &mut out);
    Ok(out)
}

/// The words of an HTML page: its text and attribute values, without the styles and script
/// (mapcheck's own, the same on every page).
fn html_words(page: &str) -> String {
    let mut kept = page.to_string();
    for (open, close) in [("<style>", "</style>"), ("<script>", "</script>")] {
        let mut without = String::new();
        let mut rest = kept.as_str();
        while let Some(i) = rest.find(open) {
            without.push_str(&rest[..i]);
            rest = rest[i..]
                .find(close)
                .map_or("", |j| &rest[i + j + close.len()..]);
        }
        without.push_str(rest);
        kept = without;
    }
    // Tags become their attribute values.
    let mut words = String::new();
    let mut in_tag = false;
    let mut in_value = false;
    for c in kept.chars() {
        match (in_tag, in_value, c) {
            (false, _, '<') => in_tag = true,
            (false, _, _) => words.push(c),
            (true, false, '>') => {
                in_tag = false;
                words.push(' ');
            }
            (true, false, '"') => in_value = true,
            (true, true, '"') => {
                in_value = false;
                words.push(' ');
            }
            (true, true, _) => words.push(c),
            (true, false, _) => {}
        }
    }
    words
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// `mapcheck ARGS` in this process: its standard output.
fn mapcheck(args: &[String]) -> Result<String, String> {
    let cli = <Cli as clap::Parser>::try_parse_from(args).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let mut err = Vec::new();
    let style = Style {
        color: false,
        ascii: false,
    };
    mapcheck::execute(&cli, &mut out, &mut err, style);
    Ok(String::from_utf8_lossy(&out).into_owned() + &String::from_utf8_lossy(&err))
}

fn scan(path: &Path, scratch: &Path) -> Result<(), Failed> {
    let source = Source::read(path)?;
    let name = path.display().to_string();
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    std::fs::create_dir_all(scratch).map_err(|e| e.to_string())?;
    let sarif = scratch.join(format!("{file}.sarif"));
    let html = scratch.join(format!("{file}.html"));
    let base = |more: &[&str]| -> Vec<String> {
        let mut args = vec!["mapcheck".to_string(), "--timeout".into(), "300".into()];
        args.extend(more.iter().map(|s| s.to_string()));
        args.push(name.clone());
        args
    };
    let human = mapcheck(&base(&[
        "--sarif",
        &sarif.display().to_string(),
        "--html",
        &html.display().to_string(),
    ]))?;
    let json = json_strings(&mapcheck(&base(&["--json"]))?)?;
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let sarif_text = json_strings(&read(&sarif)?)?;
    let html_text = html_words(&read(&html)?);
    let _ = std::fs::remove_file(&sarif);
    let _ = std::fs::remove_file(&html);
    let mut problems = Vec::new();
    for (what, text) in [
        ("report", human),
        ("JSON", json),
        ("SARIF", sarif_text),
        ("HTML", html_text),
    ] {
        let text = text.replace(&name, "FILE");
        for p in lowering_names(&text, &source, &file) {
            problems.push(format!("{what}: {p}"));
        }
    }
    problems.dedup();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} lowering name(s) in the outputs of {file}:\n  {}",
            problems.len(),
            problems.join("\n  ")
        )
        .into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut paths = files(&corpus_dir(), "cu");
    paths.extend(files(&corpus_dir().join("programs"), "cu"));
    let scratch =
        std::env::temp_dir().join(format!("mapcheck-source-names-{}", std::process::id()));
    let mut trials = vec![Trial::test("the scan finds the lowering's names", || {
        let source = Source {
            text: "__global__ void k(int *in, int stride) { in[threadIdx.x / 2] = 0; }".into(),
            idents: identifiers(
                "__global__ void k(int *in, int stride) { in[threadIdx.x / 2] = 0; }",
            )
            .into_iter()
            .map(|(_, i)| i.to_string())
            .collect(),
        };
        for lowered in [
            "parameters  in_1 = 2",
            "    ?in_1_v   1   1",
            "(k=2, j=udiv(k, 2))",
            "indexes `select(c, a, b)`",
            "kernel `k` (ntid = 256, nbid = 4)",
            "`ntid.x` = 2000 is outside CUDA's limits",
            "    tid.x",
            "in thread 0 of block 0",
        ] {
            if lowering_names(lowered, &source, "k.cu").is_empty() {
                return Err(format!("the scan misses the lowering's name in `{lowered}`").into());
            }
        }
        for fine in [
            "parameters  in = 2, stride = 4",
            "threadIdx.x / 2",
            "thread A of block (0, 0, 0)",
            "--block-dim 128",
            "c ? a : b",
        ] {
            let found = lowering_names(fine, &source, "k.cu");
            if !found.is_empty() {
                return Err(
                    format!("the scan takes `{fine}` for the lowering's: {found:?}").into(),
                );
            }
        }
        Ok(())
    })];
    trials.extend(paths.into_iter().map(|p| {
        let name = p
            .strip_prefix(corpus_dir())
            .map(|r| r.display().to_string())
            .unwrap_or_default();
        let scratch = scratch.clone();
        Trial::test(name, move || {
            // The analyses recurse over the syntax tree: the binary's stack.
            std::thread::Builder::new()
                .stack_size(mapcheck::STACK_BYTES)
                .spawn(move || scan(&p, &scratch))
                .map_err(|e| e.to_string())?
                .join()
                .map_err(|_| "the check panicked".to_string())?
        })
    }));
    libtest_mimic::run(&args, trials).exit();
}
