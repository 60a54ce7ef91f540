//! `--html OUT.html`: the picture of a run (`mapcheck run`) and of a finding's replayed witness
//! (`mapcheck FILE`). The races the pages carry (`data-race="CELL A B"`) are derived here by
//! hand from each kernel's code, not read off mapcheck; the page is deterministic and escapes
//! the source; and Debian's Chromium, headless, loads it without a console error, runs its
//! script to the end and shows the expected races in its DOM.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapcheck-html-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `mapcheck ARGS --html OUT` (from the workspace root, so file names are relative) and
/// returns the page and the exit code.
fn page(args: &[&str], out: &Path) -> (String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root())
        .args(args)
        .arg("--html")
        .arg(out)
        .output()
        .unwrap();
    let page = std::fs::read_to_string(out).unwrap_or_else(|e| {
        panic!(
            "no page at {}: {e}\n{}",
            out.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (page, output.status.code().unwrap())
}

/// The start tags of `html` that carry attribute `attr`, each as its attributes (values
/// unescaped for `&amp;`, `&lt;`, `&gt;`, `&quot;`).
fn tags_with(html: &str, attr: &str) -> Vec<(String, BTreeMap<String, String>)> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        let Some(end) = rest.find('>') else { break };
        let tag = &rest[..end];
        rest = &rest[end..];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let mut attrs = BTreeMap::new();
        let mut t = &tag[name.len()..];
        loop {
            t = t.trim_start();
            let Some(eq) = t.find("=\"") else { break };
            let key = t[..eq].trim().to_string();
            let after = &t[eq + 2..];
            let Some(close) = after.find('"') else { break };
            let value = after[..close]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&amp;", "&");
            attrs.insert(key, value);
            t = &after[close + 1..];
        }
        if attrs.contains_key(attr) {
            found.push((name, attrs));
        }
    }
    found
}

/// A race as the test states it: its kind, scope, cell and the two threads in sorted order
/// (the order of the two sides is the interpreter's, not part of the truth stated here).
type RaceFact = (String, String, String, [String; 2]);

fn race(kind: &str, scope: &str, cell: &str, a: &str, b: &str) -> RaceFact {
    let mut t = [a.to_string(), b.to_string()];
    t.sort();
    (kind.into(), scope.into(), cell.into(), t)
}

/// The races of the elements named `element` (`li`: the list, `path`: the drawn links).
fn races(html: &str, element: &str) -> Vec<RaceFact> {
    let mut all: Vec<RaceFact> = tags_with(html, "data-race")
        .into_iter()
        .filter(|(name, _)| name == element)
        .map(|(_, a)| {
            let key: Vec<&str> = a["data-race"].split(' ').collect();
            assert_eq!(
                key.len(),
                3,
                "data-race is `CELL A B`: {:?}",
                a["data-race"]
            );
            race(&a["data-kind"], &a["data-scope"], key[0], key[1], key[2])
        })
        .collect();
    all.sort();
    all
}

/// SESA's `race()` on 4 threads (examples/sesa_race.bcu). Phase 0: thread t reads
/// v[(t + 1) % 4] and writes v[t], so thread 3 reads v[0] while thread 0 writes it (the smallest
/// racing cell is v[0]: every cell is read by one thread and written by another). After the
/// barrier: threads 0 and 2 read v[0] and v[2]; threads 1 and 3 both write v[1 >> 2] = v[3 >> 2]
/// = v[0]: thread 0's read races with both writes (the smallest pair of threads: 0 and 1), and
/// the two writes race with each other (both store 1: a benign race, listed all the same).
fn sesa_races() -> Vec<RaceFact> {
    let mut r = vec![
        race("read-write", "phase", "v[0]", "t3", "t0"),
        race("read-write", "phase", "v[0]", "t0", "t1"),
        race("write-write", "phase", "v[0]", "t1", "t3"),
    ];
    r.sort();
    r
}

#[test]
fn a_run_of_a_racy_bcu_kernel_is_drawn_with_its_races() {
    let dir = scratch("sesa");
    let (html, code) = page(
        &["run", "examples/sesa_race.bcu", "--block-dim", "4"],
        &dir.join("p.html"),
    );
    assert_eq!(code, 1, "a racy run exits 1 with --html too");
    assert_eq!(races(&html, "li"), sesa_races());
    // Every race's two accesses are in the history: each is drawn as a link.
    assert_eq!(races(&html, "path"), sesa_races());
    // Phase 0: four reads and four writes; phase 1: two reads (threads 0, 2), two writes.
    let marks = tags_with(&html, "data-cell");
    let count = |kind: &str| marks.iter().filter(|(_, a)| a["data-kind"] == kind).count();
    assert_eq!((count("read"), count("write"), count("atomic")), (6, 6, 0));
    // Thread 3's first access is its read of v[(3 + 1) % 4] at line 11.
    assert!(marks.iter().any(|(_, a)| a["data-thread"] == "t3"
        && a["data-cell"] == "v[0]"
        && a["data-kind"] == "read"
        && a["data-line"] == "11"));
    // The racing lines of the source are marked: 11 and 12 before the barrier, 15 and 17 after.
    let racing: BTreeSet<String> = tags_with(&html, "data-line")
        .into_iter()
        .filter(|(name, a)| name == "span" && a["class"] == "ln race")
        .map(|(_, a)| a["data-line"].clone())
        .collect();
    assert_eq!(racing, ["11", "12", "15", "17"].map(String::from).into());
    // The band of the first phase names its barrier: `sync` at line 13.
    assert!(
        html.contains("examples/sesa_race.bcu:13"),
        "no barrier location"
    );
    assert!(html.contains("<script>") && !html.contains("src=\"http"));
}

/// The tiled transpose without its barrier (examples/cuda/transpose_nosync.cu, a 16×16 block,
/// 4×4 blocks): thread (x, y) writes tile[y][x] and then reads tile[x][y], which thread (y, x)
/// writes in the same phase. The smallest cell written by one thread and read by another is
/// tile[0][1] (tile[0][0] is thread (0, 0)'s own): written by (1, 0, 0), read by (0, 1, 0), in
/// block (0, 0, 0) first. `odata[(bx·16 + ty)·64 + by·16 + tx]` is a different cell for every
/// thread of the grid, and `idata` is only read: no race between blocks.
fn transpose_race() -> Vec<RaceFact> {
    vec![race(
        "read-write",
        "phase",
        "tile[0][1]",
        "b(0,0,0)t(1,0,0)",
        "b(0,0,0)t(0,1,0)",
    )]
}

#[test]
fn a_run_of_a_cuda_kernel_is_drawn_in_cudas_terms() {
    let dir = scratch("transpose-run");
    let (html, code) = page(
        &[
            "run",
            "examples/cuda/transpose_nosync.cu",
            "-p",
            "width=64",
            "-p",
            "height=64",
        ],
        &dir.join("p.html"),
    );
    assert_eq!(code, 1);
    assert_eq!(races(&html, "li"), transpose_race());
    assert_eq!(races(&html, "path"), transpose_race());
    assert!(html.contains("threadIdx") && html.contains("blockIdx"));
    assert!(html.contains("blockDim = (16, 16, 1), gridDim = (4, 4, 1)"));
    // Thread (0, 1, 0) — linear id 16 — writes tile[1][0]: the block is two-dimensional.
    let marks = tags_with(&html, "data-cell");
    assert!(marks
        .iter()
        .any(|(_, a)| a["data-thread"] == "b(0,0,0)t(0,1,0)"
            && a["data-cell"] == "tile[1][0]"
            && a["data-kind"] == "write"));
    // A big launch is cut down, and the page says so: two blocks of 256 threads are drawn,
    // the first 8 threads of each and (0, 1, 0) of block 0.
    assert!(
        html.contains("17 of the 512 threads of the blocks drawn (256 per block;"),
        "no limit stated"
    );
}

#[test]
fn the_witness_of_a_cuda_finding_is_its_replayed_run() {
    let dir = scratch("transpose-witness");
    let (html, code) = page(&["examples/cuda/transpose_nosync.cu"], &dir.join("p.html"));
    assert_eq!(code, 1);
    // The witness runs one block, whichever the solver chose: the race in it is the one above,
    // up to the block's id, which both threads share.
    let found = races(&html, "li");
    assert_eq!(found.len(), 1, "{found:?}");
    let (kind, scope, cell, [a, b]) = &found[0];
    assert_eq!(
        (kind.as_str(), scope.as_str(), cell.as_str()),
        ("read-write", "phase", "tile[0][1]")
    );
    let (block_a, thread_a) = a.split_once('t').unwrap();
    let (block_b, thread_b) = b.split_once('t').unwrap();
    assert_eq!(block_a, block_b);
    assert_eq!([thread_a, thread_b], ["(0,1,0)", "(1,0,0)"]);
    // It is the finding's own race: drawn thick, and the threads are named A and B.
    assert_eq!(html.matches("class=\"race focus\"").count(), 1);
    assert!(html.contains("race-link focus"));
    assert!(html.contains("<tspan class=\"tname\"> A</tspan>"));
    assert!(html.contains("<tspan class=\"tname\"> B</tspan>"));
}

/// BabyCUDA's Figure 3 (examples/babycuda_fig3_loop.bcu): every thread reads A[x], then writes
/// A[x], for x in 0..M, with no barrier. Two findings (a read-write and a write-write race);
/// in any witness run of two threads or more and M ≥ 1, both races show on A[0] first, between
/// threads 0 and 1.
#[test]
fn each_finding_of_a_bcu_kernel_gets_its_witness_drawn() {
    let dir = scratch("fig3");
    let (html, code) = page(&["examples/babycuda_fig3_loop.bcu"], &dir.join("p.html"));
    assert_eq!(code, 1);
    let sections = html.matches("<section class=\"picture\"").count();
    assert_eq!(sections, 2, "one section per finding");
    let expected = vec![
        race("read-write", "phase", "A[0]", "t0", "t1"),
        race("write-write", "phase", "A[0]", "t0", "t1"),
    ];
    let per_section: Vec<&str> = html.split("<section class=\"picture\"").skip(1).collect();
    let mut focus_kinds = Vec::new();
    for s in per_section {
        assert_eq!(races(s, "li"), expected);
        let focus: Vec<String> = tags_with(s, "data-race")
            .into_iter()
            .filter(|(name, a)| name == "li" && a["class"].contains("focus"))
            .map(|(_, a)| a["data-kind"].clone())
            .collect();
        assert_eq!(focus.len(), 1, "each witness has its own race drawn thick");
        focus_kinds.extend(focus);
    }
    focus_kinds.sort();
    assert_eq!(focus_kinds, ["read-write", "write-write"]);
}

/// Under `--warp-sync` the drawn run is the one that certified the finding: the lanes of each
/// warp in lockstep. `A[tid] := tid; let x = A[tid + 1];` then races only where `tid + 1` is in
/// the next warp (thread 31 reads what thread 32 writes); a run without lockstep would also show
/// every pair of neighbours inside a warp racing.
#[test]
fn a_witness_under_warp_sync_is_drawn_in_lockstep() {
    let dir = scratch("lockstep");
    let (html, code) = page(
        &[
            "examples/warp_only_neighbour.bcu",
            "--kernel",
            "across_warps",
            "--warp-sync",
        ],
        &dir.join("p.html"),
    );
    assert_eq!(code, 1);
    let section = html.split("<section class=\"picture\"").nth(1).unwrap();
    let seen = races(section, "li");
    assert!(!seen.is_empty(), "the witness's race is drawn");
    let warp = |t: &str| t.trim_start_matches('t').parse::<u32>().unwrap() / 32;
    for (_, _, cell, [a, b]) in &seen {
        assert_ne!(
            warp(a),
            warp(b),
            "{cell}: {a} and {b} are lanes of one warp"
        );
    }
}

#[test]
fn pages_are_deterministic() {
    let dir = scratch("determinism");
    for (i, args) in [
        &["run", "examples/sesa_race.bcu", "--block-dim", "8"][..],
        &["examples/babycuda_fig3_loop.bcu"][..],
        &["examples/cuda/transpose_nosync.cu"][..],
    ]
    .into_iter()
    .enumerate()
    {
        let (first, _) = page(args, &dir.join(format!("{i}a.html")));
        let (second, _) = page(args, &dir.join(format!("{i}b.html")));
        assert!(first == second, "two pages of {args:?} differ");
    }
}

#[test]
fn source_text_and_names_are_escaped() {
    let dir = scratch("escape");
    let kernel = dir.join("k.bcu");
    std::fs::write(
        &kernel,
        "// <script>alert(1)</script> & \"quotes\"\n\
         kernel k() {\n  shared A;\n  if tid < 2 && 0 < 1 {\n    A[0] := tid;\n  }\n}\n",
    )
    .unwrap();
    let name = kernel.to_str().unwrap();
    for args in [vec!["run", name, "--block-dim", "2"], vec![name]] {
        let (html, code) = page(&args, &dir.join("p.html"));
        // Threads 0 and 1 both write A[0] (0 and 1: not benign).
        assert_eq!(code, 1);
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"));
        assert!(html.contains("if tid &lt; 2 &amp;&amp; 0 &lt; 1 {"));
        assert!(!html.contains("<script>alert"));
        assert_eq!(
            html.matches("<script").count(),
            1,
            "only the page's own script"
        );
        assert_eq!(
            races(&html, "li"),
            vec![race("write-write", "phase", "A[0]", "t0", "t1")]
        );
    }
}

#[test]
fn help_documents_html() {
    for args in [&["--help"][..], &["run", "--help"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("--html <OUT.html>"), "{args:?}:\n{text}");
    }
}

/// Debian's Chromium, or `MAPCHECK_CHROMIUM`; a missing browser fails the test, never skips it.
fn chromium() -> String {
    if let Some(path) = std::env::var_os("MAPCHECK_CHROMIUM") {
        return path.to_string_lossy().into_owned();
    }
    let found = Command::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "chromium is not installed: run `cargo xtask setup` (it installs Debian's `chromium`), \
         or name a Chromium with MAPCHECK_CHROMIUM"
    );
    "chromium".into()
}

/// Runs headless Chromium on `page` with `args`, with a profile of its own and a time limit.
fn browse(dir: &Path, page: &Path, args: &[&str]) -> Output {
    browse_url(dir, &format!("file://{}", page.display()), args)
}

fn browse_url(dir: &Path, url: &str, args: &[&str]) -> Output {
    let mut child = Command::new(chromium())
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(args)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // Read the pipes on threads so a full pipe cannot stall the browser.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut b).map(|_| b)
    });
    let err = std::thread::spawn(move || {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut b).map(|_| b)
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: out.join().unwrap().unwrap(),
        stderr: err.join().unwrap().unwrap(),
    }
}

#[test]
fn chromium_loads_the_page_and_shows_the_races() {
    let dir = scratch("chromium");
    let file = dir.join("sesa.html");
    let (html, _) = page(
        &["run", "examples/sesa_race.bcu", "--block-dim", "4"],
        &file,
    );
    let started = Instant::now();
    let dump = browse(&dir, &file, &["--dump-dom"]);
    assert!(dump.status.success(), "chromium --dump-dom failed");
    let dom = String::from_utf8_lossy(&dump.stdout);
    let log = String::from_utf8_lossy(&dump.stderr);
    // The page logs nothing: any console line is an error or a warning of its script.
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(
        console.is_empty(),
        "console messages:\n{}",
        console.join("\n")
    );
    // The script ran to its end: it wired every element that names source lines.
    let wired = tags_with(&html, "data-lines")
        .iter()
        .filter(|(_, a)| !a["data-lines"].is_empty())
        .count();
    assert!(wired > 0);
    assert!(
        dom.contains(&format!("data-mapcheck-ready=\"{wired}\"")),
        "the page's script did not finish (expected {wired} wired elements)"
    );
    // What the browser shows: the races, listed and drawn.
    assert_eq!(races(&dom, "li"), sesa_races());
    assert_eq!(races(&dom, "path"), sesa_races());
    let shot = dir.join("sesa.png");
    let screenshot = browse(
        &dir,
        &file,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,800",
            "--hide-scrollbars",
        ],
    );
    assert!(screenshot.status.success(), "chromium --screenshot failed");
    let png = std::fs::read(&shot).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    // A blank 1200×800 page compresses to a few kilobytes; the drawing and the source do not.
    assert!(
        png.len() > 20_000,
        "the screenshot is nearly empty ({} bytes)",
        png.len()
    );
    eprintln!(
        "chromium: {:.1} s for the DOM and the screenshot",
        started.elapsed().as_secs_f64()
    );
}

/// The check above can fail: the same page with its script broken is seen as broken.
#[test]
fn chromium_sees_a_broken_script() {
    let dir = scratch("chromium-broken");
    let file = dir.join("sesa.html");
    let (html, _) = page(
        &["run", "examples/sesa_race.bcu", "--block-dim", "4"],
        &file,
    );
    let broken = html.replacen("\"use strict\";", "\"use strict\"; no_such_function();", 1);
    assert_ne!(broken, html);
    std::fs::write(&file, broken).unwrap();
    let dump = browse(&dir, &file, &["--dump-dom"]);
    let dom = String::from_utf8_lossy(&dump.stdout);
    let log = String::from_utf8_lossy(&dump.stderr);
    assert!(log
        .lines()
        .any(|l| l.contains(":CONSOLE") && l.contains("no_such_function")));
    assert!(!dom.contains("data-mapcheck-ready=\""));
}

/// The script's picking, driven through the address: `#line=17` picks line 17 of SESA's
/// `race()` (`v[tid >> 2] := 1`, run by the odd threads 1 and 3 of four) and its two marks.
#[test]
fn chromium_picks_a_line_and_its_accesses() {
    let dir = scratch("chromium-pick");
    let file = dir.join("sesa.html");
    page(
        &["run", "examples/sesa_race.bcu", "--block-dim", "4"],
        &file,
    );
    let dump = browse_url(
        &dir,
        &format!("file://{}#line=17", file.display()),
        &["--dump-dom"],
    );
    let dom = String::from_utf8_lossy(&dump.stdout);
    let picked: Vec<(String, BTreeMap<String, String>)> = tags_with(&dom, "class")
        .into_iter()
        .filter(|(_, a)| a["class"].split(' ').any(|c| c == "picked"))
        .collect();
    let lines: Vec<&str> = picked
        .iter()
        .filter(|(name, _)| name == "span")
        .map(|(_, a)| a["data-line"].as_str())
        .collect();
    assert_eq!(lines, ["17"]);
    let mut marks: Vec<(&str, &str)> = picked
        .iter()
        .filter(|(name, _)| name == "g")
        .map(|(_, a)| (a["data-thread"].as_str(), a["data-cell"].as_str()))
        .collect();
    marks.sort();
    assert_eq!(marks, [("t1", "v[0]"), ("t3", "v[0]")]);
}
