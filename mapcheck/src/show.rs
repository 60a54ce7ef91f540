//! The human report of a finding: an ariadne report underlining the accesses (or the barrier),
//! then the witness as a small table a person can replay with `mapcheck run`.
//!
//! The two threads are `thread A` and `thread B` in the labels and the table alike (and in JSON
//! and SARIF, [`THREAD_NAMES`]). A CUDA kernel's witness is in CUDA's terms — `blockDim`,
//! `gridDim`, `threadIdx`, `blockIdx` as (x, y, z), cells as the kernel declares them
//! (`tile[0][1]`, from the layout the front end kept on the array) — and a `.bcu` kernel's in
//! BabyCUDA's (`ntid`, `tid`).

use crate::input::SourceFile;
use crate::names::Words;
use crate::render::{self, Style};
use crate::report::{CellReport, THREAD_NAMES};
use mapcheck_core::ast::Kernel;
use mapcheck_core::diag::{Diagnostic, Severity};
use mapcheck_core::Span;
use mapcheck_smt::phases::{Boundary, Iteration};
use mapcheck_smt::replay::{Missed, Unfinished};
use mapcheck_smt::{Cell, Certainty, Finding, Kind, Note, Witness};
use std::fmt::Write as _;
use std::io::{self, Write};

pub fn finding(
    f: &Finding,
    source: &SourceFile,
    kernel: &Kernel,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let words = Words::new(kernel, source);
    // The labels name the threads as the witness table's columns do (and JSON and SARIF).
    let [t1, t2] = THREAD_NAMES.map(|n| format!("thread {n}"));
    let array_name = f.array.as_deref().map(|a| words.name(a));
    let certainty = match f.certainty {
        Certainty::Proven => "",
        Certainty::Confirmed => "confirmed ",
        Certainty::Potential => "possible ",
    };
    let mut d = match f.kind {
        Kind::DataRace => {
            let array = array_name.as_deref().unwrap_or("?");
            let access = f.access.map_or("data", |a| a.name());
            let message = format!(
                "{certainty}{access} race on `{array}`{}",
                if f.grid { " between blocks" } else { "" }
            );
            let mut d = Diagnostic::error(message);
            let (a, b) = (
                f.locations[0],
                f.locations.get(1).copied().unwrap_or(f.locations[0]),
            );
            if a == b {
                d = d.with_primary(a, format!("{} and {} both run this", t1, t2));
            } else {
                d = d
                    .with_primary(a, format!("{} runs this", t1))
                    .with_secondary(b, format!("{} runs this", t2));
            }
            d
        }
        Kind::BarrierDivergence => Diagnostic::error(format!("{certainty}barrier divergence"))
            .with_primary(
                f.locations[0],
                format!("{} reaches this barrier, {} does not", t1, t2),
            ),
        Kind::RedundantBarrier => return redundant_barrier(f, source, style, out),
        Kind::OutOfBounds => {
            let array = array_name.as_deref().unwrap_or("?");
            let mut d = Diagnostic::error(format!("{certainty}index out of bounds of `{array}`"));
            let label = match (&f.bound, f.witness.index.first()) {
                (Some(b), Some(i)) => format!(
                    "{t1} indexes dimension {} of `{array}` with `{}` = {i}, outside 0..{}",
                    b.dim,
                    words.text(&b.text),
                    b.extent
                ),
                _ => format!("{t1} runs this with an index out of bounds"),
            };
            d = d.with_primary(f.locations[0], label);
            d = d.with_note(
                "undefined behaviour: the access may touch another cell of the array or other \
                 memory; races are decided among the accesses that stay in bounds",
            );
            d
        }
        Kind::BenignRace => {
            let array = array_name.as_deref().unwrap_or("?");
            let mut d = Diagnostic::error(format!(
                "benign write-write race on `{array}`{}",
                if f.grid { " between blocks" } else { "" }
            ));
            d.severity = Severity::Note;
            let (a, b) = (
                f.locations[0],
                f.locations.get(1).copied().unwrap_or(f.locations[0]),
            );
            if a == b {
                d = d.with_primary(
                    a,
                    format!("{} and {} both store the same value here", t1, t2),
                );
            } else {
                d = d
                    .with_primary(a, format!("{} stores a value here", t1))
                    .with_secondary(b, format!("{} stores the same value here", t2));
            }
            d
        }
    };
    if f.certainty == Certainty::Potential && f.kind != Kind::BenignRace {
        d.severity = Severity::Warning;
    }
    if let Some(n) = &f.note {
        d = d.with_note(finding_note(f, n, &words));
    }
    if f.warp_only {
        d = d.with_note(
            "the two threads are always in one warp: this race is safe only under warp-synchronous \
             execution (`--warp-sync`), which GPUs since Volta do not guarantee",
        );
    }
    if let Some((from, to)) = &f.phase {
        d = d.with_note(format!(
            "in the phase from {} to {}",
            describe(from, source, &words, &f.witness),
            describe(to, source, &words, &f.witness)
        ));
    }
    render::render(&d, &source.name, Some(source), style, out)?;
    out.write_all(witness_table(f, kernel, &words).as_bytes())
}

/// The [`table`] of finding `f`'s witness, its cells (the race's and those of the initial
/// memory) named as `kernel` declares them. An out-of-bounds finding's witness has one
/// thread, and says its index instead of a cell.
pub fn witness_table(f: &Finding, kernel: &Kernel, words: &Words) -> String {
    let cell = CellReport::of(kernel, f).map(|c| c.text);
    let declared = |c: &Cell| CellReport::at(kernel, c).text;
    if let (Some(b), Some(i)) = (&f.bound, f.witness.index.first()) {
        let mut s = table_of(&f.witness, declared, None, words, 1);
        let array = f
            .array
            .as_deref()
            .map_or("?".to_string(), |a| words.name(a));
        let _ = writeln!(
            s,
            "    index       {i} in dimension {} of `{array}`, whose extent is {}",
            b.dim, b.extent
        );
        return s;
    }
    table(&f.witness, declared, cell.as_deref(), words)
}

/// Advice: a note underlining the barrier, without a witness (the claim is about every run).
fn redundant_barrier(
    f: &Finding,
    source: &SourceFile,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut d = Diagnostic::error("redundant barrier").with_primary(
        f.locations[0],
        "this barrier is redundant: without it the kernel is still race free and free of divergence",
    );
    d.severity = Severity::Note;
    if f.certainty == Certainty::Potential {
        d = d.with_note(
            "decided on an over-approximation of the kernel, which is race free without this barrier too",
        );
    }
    render::render(&d, &source.name, Some(source), style, out)
}

/// The data-dependence warnings of one kernel as one short note (unless `--verbose`, which
/// renders each): how many, the first two by their place and message, and the flag that lists
/// them. Empty for an exact kernel.
pub fn reasons_note(reasons: &[Diagnostic], source: &SourceFile, words: &Words) -> String {
    const SHOWN: usize = 2;
    let mut s = String::new();
    if reasons.is_empty() {
        return s;
    }
    let n = reasons.len();
    let uses = if n == 1 {
        "1 use".to_string()
    } else {
        format!("{n} uses")
    };
    let _ = writeln!(
        s,
        "  data-dependent: {uses} of values read from memory or not followed by the front end \
         (an alarm is potential until a replay confirms it; `--verbose` lists {}):",
        if n == 1 { "it" } else { "them" }
    );
    for d in reasons.iter().take(SHOWN) {
        let at = d
            .span()
            .map_or_else(|| source.name.clone(), |span| source.place(span));
        let _ = writeln!(s, "    {at}: {}", words.text(&d.message));
    }
    if n > SHOWN {
        let _ = writeln!(s, "    and {} more", n - SHOWN);
    }
    s
}

/// A benign race in one line (unless `--verbose`, which renders it with its witness): where
/// the two threads store the same value, and that it is advice.
pub fn benign_line(f: &Finding, source: &SourceFile, words: &Words) -> String {
    let array = f
        .array
        .as_deref()
        .map_or("?".to_string(), |a| words.name(a));
    let at = |span: &mapcheck_core::Span| source.place(*span);
    let places = match (f.locations.first(), f.locations.get(1)) {
        (Some(a), Some(b)) if a != b => format!("{} and {}", at(a), at(b)),
        (Some(a), _) => at(a),
        (None, _) => String::new(),
    };
    format!(
        "  note: {}benign write-write race on `{array}`{} at {places}: both threads store the \
         same value (advice; `--strict` counts it as a data race, `--verbose` shows its witness)\n",
        if f.certainty == Certainty::Potential {
            "possible "
        } else {
            ""
        },
        if f.grid { " between blocks" } else { "" },
    )
}

/// A phase boundary, with the values the witness gives its barrier loops' variables; in
/// CUDA's words for a CUDA file.
pub fn describe(b: &Boundary, source: &SourceFile, words: &Words, w: &Witness) -> String {
    let at = |span: Span| source.at(span);
    let Boundary::Sync {
        span,
        iteration,
        warp,
    } = b
    else {
        return b.describe(at, &w.shared);
    };
    if !words.is_cuda() {
        return b.describe(at, &w.shared);
    }
    // CUDA's barrier, and each barrier loop's variable as the source names it with its value
    // (or, in the loop's first iteration, its start in C's syntax).
    let barrier = if *warp {
        "__syncwarp()"
    } else {
        "__syncthreads()"
    };
    let mut s = format!("the `{barrier}` at {}", at(*span));
    let vars = iteration.iter().filter_map(|it| match it {
        Iteration::Var(v) => Some(v),
        Iteration::Start { .. } => None,
    });
    let labels = words.rows(vars);
    let its: Vec<String> = (iteration.iter())
        .map(|it| match it {
            Iteration::Var(v) => {
                let name = (labels.get(v).cloned()).unwrap_or_else(|| words.text(&v.to_string()));
                match w.shared.get(v) {
                    Some(x) => format!("{name} = {x}"),
                    None => name,
                }
            }
            Iteration::Start { var, value } => {
                format!("{} = {}", words.name(var), words.text(&value.to_string()))
            }
        })
        .collect();
    if !its.is_empty() {
        s.push_str(&format!(" ({})", its.join(", ")));
    }
    s
}

/// `text` with the built-in ids' components in CUDA's names (`ntid.x` is `blockDim.x`,
/// `tid.y` is `threadIdx.y`), where they stand as whole words: the CUDA lowering writes its
/// expressions over the components only.
pub fn cuda_words(text: &str) -> String {
    const NAMES: [(&str, &str); 4] = [
        ("ntid", "blockDim"),
        ("nbid", "gridDim"),
        ("tid", "threadIdx"),
        ("bid", "blockIdx"),
    ];
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while let Some(c) = rest.chars().next() {
        let after_word = out.chars().next_back().is_some_and(ident);
        if !after_word {
            for (core, cuda) in NAMES {
                for d in ["x", "y", "z"] {
                    let word = format!("{core}.{d}");
                    if let Some(tail) = rest.strip_prefix(word.as_str()) {
                        if !tail.chars().next().is_some_and(ident) {
                            out.push_str(cuda);
                            out.push('.');
                            out.push_str(d);
                            rest = tail;
                            continue 'scan;
                        }
                    }
                }
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The witness as text: parameters, geometry, a column per thread (`thread A`, `thread B`, as
/// the labels name them), the initial memory with its cells named by `declared`, the cell as
/// the source declares it. A CUDA kernel's witness is in CUDA's terms (`blockDim`,
/// `threadIdx`, ...); a `.bcu` kernel's in BabyCUDA's (`ntid`, `tid`).
pub fn table(
    w: &Witness,
    declared: impl Fn(&Cell) -> String,
    cell: Option<&str>,
    words: &Words,
) -> String {
    table_of(w, declared, cell, words, 2)
}

/// [`table`] with the first `threads` threads of the witness (1 or 2).
fn table_of(
    w: &Witness,
    declared: impl Fn(&Cell) -> String,
    cell: Option<&str>,
    words: &Words,
    threads: usize,
) -> String {
    let cuda = words.is_cuda();
    let mut s = String::new();
    let params: Vec<String> = (w.params.iter())
        .map(|(k, v)| format!("{} = {v}", words.name(k)))
        .collect();
    let _ = writeln!(s, "  witness:");
    if !params.is_empty() {
        let _ = writeln!(s, "    parameters  {}", params.join(", "));
    }
    // A one-dimensional geometry reads as the paper's `ntid` and `nbid`; any other as triples.
    let flat = |d: [i128; 3]| d[1] == 1 && d[2] == 1;
    let one_d = !cuda && flat(w.block_dim) && flat(w.grid_dim);
    let triple = |v: [i128; 3]| format!("({}, {}, {})", v[0], v[1], v[2]);
    let (dims, ids) = if cuda {
        (["blockDim", "gridDim"], ["threadIdx", "blockIdx"])
    } else {
        (["ntid", "nbid"], ["tid", "bid"])
    };
    let (block, grid) = if one_d {
        (w.ntid().to_string(), w.nbid().to_string())
    } else {
        (triple(w.block_dim), triple(w.grid_dim))
    };
    let _ = writeln!(
        s,
        "    geometry    {} = {block}, {} = {grid}",
        dims[0], dims[1]
    );
    let [t1, t2] = &w.threads;
    // Every variable of the witness named at once, so that copies of one are told apart.
    let labels = words.rows(t1.vars.keys().chain(t2.vars.keys()).chain(w.shared.keys()));
    if !w.shared.is_empty() {
        let it: Vec<String> = (w.shared.iter())
            .filter_map(|(k, v)| Some(format!("{} = {v}", labels.get(k)?)))
            .collect();
        let _ = writeln!(s, "    iteration   {}", it.join(", "));
    }
    let mut rows: Vec<(String, [String; 2])> = if one_d {
        vec![
            (ids[0].into(), [t1.tid, t2.tid].map(|v| v.to_string())),
            (ids[1].into(), [t1.bid, t2.bid].map(|v| v.to_string())),
        ]
    } else {
        vec![
            (ids[0].into(), [0, 1].map(|i| triple(w.thread_idx(i)))),
            (ids[1].into(), [0, 1].map(|i| triple(w.block_idx(i)))),
        ]
    };
    let mut names: Vec<&mapcheck_typeck::Var> = t1.vars.keys().chain(t2.vars.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let show = |t: &mapcheck_smt::ThreadWitness| {
            t.vars.get(name).map_or("-".to_string(), |v| v.to_string())
        };
        // A `?` of the lowering's own is left out: it tells a reader nothing.
        if let Some(row) = labels.get(name) {
            rows.push((row.clone(), [show(t1), show(t2)]));
        }
    }
    let [a, b] = THREAD_NAMES.map(|n| format!("thread {n}"));
    if threads < 2 {
        // One thread: its column alone, and only the variables it has.
        rows.retain(|(_, [v1, _])| v1 != "-");
    }
    // Each column is as wide as its widest entry, so long names and wide triples stay aligned.
    let widest = |lens: Vec<usize>| lens.into_iter().map(|l| l + 2).chain([12]).max();
    let names_w = widest(rows.iter().map(|r| r.0.chars().count()).collect()).unwrap_or(12);
    let width = widest(rows.iter().map(|r| r.1[0].chars().count()).collect()).unwrap_or(12);
    if threads < 2 {
        let _ = writeln!(s, "    {:<names_w$}{a}", "");
        for (name, [v1, _]) in &rows {
            let _ = writeln!(s, "    {name:<names_w$}{v1}");
        }
    } else {
        let _ = writeln!(s, "    {:<names_w$}{a:<width$}{b}", "");
        for (name, [v1, v2]) in &rows {
            let _ = writeln!(s, "    {name:<names_w$}{v1:<width$}{v2}");
        }
    }
    if !w.memory.is_empty() {
        let cells: Vec<String> = (w.memory.iter())
            .map(|(c, v)| format!("{} = {v}", declared(c)))
            .collect();
        let _ = writeln!(
            s,
            "    memory      {} (all other cells 0)",
            cells.join(", ")
        );
    }
    if let Some(seed) = w.random_memory {
        let _ = writeln!(
            s,
            "    memory      random (`mapcheck run --init random:{seed}`)"
        );
    }
    if let Some(cell) = cell {
        let _ = writeln!(s, "    cell        {cell}");
    }
    s
}

/// [`note`] of finding `f`, in the words of its kind: the notes speak of a race, and of an
/// index out of bounds on an `out-of-bounds` finding (whose replay can miss, diverge first or
/// depend on `?`s as a race's can).
pub fn finding_note(f: &Finding, n: &Note, words: &Words) -> String {
    let text = words.ids(&note(n), &f.witness);
    if f.kind != Kind::OutOfBounds {
        return text;
    }
    text.replace("this race", "this index out of bounds")
        .replace(
            "the race is not proven",
            "the index out of bounds is not proven",
        )
        .replace("the race may exist", "the index out of bounds may exist")
        // Its replay watches no array for races: a run that misses it is one that stayed in
        // bounds (`replay::out_of_bounds`).
        .replace("the run was aligned", "the run stayed in bounds")
}

/// What a finding's [`Note`] says, in the words of every report (human, JSON, SARIF, HTML).
pub fn note(note: &Note) -> String {
    match note {
        Note::SameValue => "both threads store the same value in every run that reaches this \
             race (proven by the solver): advice, not a defect; `--strict` counts it as a data \
             race"
            .into(),
        Note::SplitNotReplayed(why) => format!(
            "the phase split over-approximates the kernel (a loop whose body can be run \
             through without a barrier — a barrier under a condition, or in an inner loop \
             that may run zero times — is split as if it had none; barriers at one place of \
             the source, a function with a barrier inlined twice, are told apart by their \
             place only) and the witness did not replay ({}): this may be a false alarm",
            missed(why)
        ),
        Note::MapNotReplayed(why) => format!(
            "the MAP over-approximates the kernel and the witness did not replay ({}): this \
             may be a false alarm",
            missed(why)
        ),
        Note::StoresThroughUnknowns => "the two threads store different values only in runs \
             that use values the front end could not follow (`?`): they may store the same \
             value, which is a benign race"
            .into(),
        Note::StoresAtomicValues => "the two threads store values atomics returned, which \
             depend on the order of the atomics: the replay showed them equal (a benign race in \
             that order), and mapcheck does not follow every order"
            .into(),
        Note::StoresEqualInReplays => "the two threads may store different values only \
             as far as the solver can tell, which takes values read from memory (in an \
             earlier phase, or through a view it does not tie to the cell) to be each \
             thread's own; every replay stored the same value in both, which is a benign race: \
             this may be a false alarm"
            .into(),
        Note::BlocksAtomicValues => "the race is reached through values atomics returned in \
             two blocks; a replay runs each block on its own memory, where two blocks' atomics \
             can return the same value, which no GPU run does: the witness is not replayed"
            .into(),
        Note::ThroughUnknowns => "the witness replays only in runs that use values the front \
             end could not follow (`?`): the race may exist in the lowered kernel and not in \
             the source"
            .into(),
        Note::Unfinished(why) => format!(
            "the race is not proven: the witness's run does not finish ({})",
            unfinished(why)
        ),
        Note::NotReplayed(why) => format!(
            "the witness was not replayed ({}): this may be a false alarm",
            unfinished(why)
        ),
        Note::Diverged => "the witness's configuration stops at a barrier divergence first, so \
             the interpreter cannot show this race"
            .into(),
    }
}

/// What the last run of a replay that did not show a finding showed instead.
pub fn missed(why: &Missed) -> String {
    match why {
        Missed::NoRun => "no run".into(),
        Missed::Aligned => "the run was aligned".into(),
        Missed::OtherRaces { races, arrays } => format!(
            "the run had {races} other race(s) on `{}`",
            arrays.join("`, `")
        ),
        Missed::Diverged => "the run stopped at a barrier divergence".into(),
        Missed::Failed(e) => format!("the run failed: {e}"),
    }
}

/// Where a replay's run stopped, and how the search for a witness that finishes went.
pub fn unfinished(why: &Unfinished) -> String {
    let error = &why.error;
    match why.others_tried {
        0 => error.to_string(),
        1 => format!("{error}; the one other witness tried did not finish either"),
        n => format!("{error}; none of {n} other witnesses tried finished"),
    }
}

/// The internal error of a witness of an exact kernel that did not replay (SPEC §6: a bug of
/// mapcheck).
pub fn internal_error(why: &Missed) -> String {
    format!(
        "the witness of an exact kernel did not replay in the interpreter ({})",
        missed(why)
    )
}

#[cfg(test)]
mod tests {
    use super::{cuda_words, table};
    use crate::names::Words;
    use crate::report::CellReport;
    use mapcheck_core::ast::{ArrayDecl, Block, Ident, Kernel, Space};
    use mapcheck_core::layout::Layout;
    use mapcheck_core::Span;
    use mapcheck_smt::{Cell, ThreadWitness, Witness};

    fn core(c: &Cell) -> String {
        c.to_string()
    }

    #[test]
    fn components_read_as_cuda() {
        assert_eq!(
            cuda_words("(i_1=udiv(ntid.x, 2)) tid.y+bid.z*nbid.x"),
            "(i_1=udiv(blockDim.x, 2)) threadIdx.y+blockIdx.z*gridDim.x"
        );
        // Only whole words: a local named `my_tid.x` or `tid.xs` stays as it is.
        assert_eq!(cuda_words("my_tid.x tid.xs ntid"), "my_tid.x tid.xs ntid");
    }

    fn transpose_witness() -> Witness {
        // A 16x16 block: linear ids 1 and 16 are threadIdx (1, 0, 0) and (0, 1, 0).
        let thread = |tid| ThreadWitness {
            tid,
            ..ThreadWitness::default()
        };
        Witness {
            block_dim: [16, 16, 1],
            grid_dim: [4, 4, 1],
            threads: [thread(1), thread(16)],
            index: vec![1],
            ..Witness::default()
        }
    }

    #[test]
    fn a_cuda_witness_is_in_cudas_terms() {
        let t = table(
            &transpose_witness(),
            core,
            Some("tile[0][1]"),
            &Words::plain(true),
        );
        assert!(
            t.contains("blockDim = (16, 16, 1), gridDim = (4, 4, 1)"),
            "{t}"
        );
        assert!(t.contains("thread A    thread B\n"), "{t}");
        assert!(t.contains("threadIdx   (1, 0, 0)   (0, 1, 0)\n"), "{t}");
        assert!(t.contains("blockIdx    (0, 0, 0)   (0, 0, 0)\n"), "{t}");
        assert!(t.contains("cell        tile[0][1]\n"), "{t}");
        assert!(!t.contains("tid") && !t.contains("ntid"), "{t}");
    }

    #[test]
    fn a_bcu_witness_keeps_babycudas_terms() {
        let mut w = transpose_witness();
        w.block_dim = [32, 1, 1];
        w.grid_dim = [1, 1, 1];
        let t = table(&w, core, Some("A[1]"), &Words::plain(false));
        assert!(t.contains("ntid = 32, nbid = 1"), "{t}");
        assert!(t.contains("thread A    thread B\n"), "{t}");
        assert!(t.contains("tid         1           16\n"), "{t}");
        // Components as triples once the geometry has a second dimension.
        let t = table(&transpose_witness(), core, None, &Words::plain(false));
        assert!(t.contains("ntid = (16, 16, 1)"), "{t}");
        assert!(t.contains("tid         (1, 0, 0)   (0, 1, 0)\n"), "{t}");
    }

    #[test]
    fn memory_cells_are_named_as_declared() {
        let row = Layout::Array {
            len: Some(17),
            elem: Box::new(Layout::Cell),
        };
        let tile = ArrayDecl {
            name: Ident::new("tile", Span::default()),
            space: Space::Shared,
            span: Span::default(),
            layout: Some(Layout::Array {
                len: Some(16),
                elem: Box::new(row),
            }),
        };
        let kernel = Kernel {
            name: Ident::new("k", Span::default()),
            params: Vec::new(),
            arrays: vec![tile],
            body: Block {
                stmts: Vec::new(),
                span: Span::default(),
            },
            span: Span::default(),
            ann: (),
            names: Default::default(),
        };
        let mut w = transpose_witness();
        w.memory = [
            (Cell::new("tile", vec![18]), 5),
            (Cell::new("tile", vec![2]), 6),
            (Cell::new("other", vec![18]), 7),
        ]
        .into();
        let t = table(
            &w,
            |c| CellReport::at(&kernel, c).text,
            None,
            &Words::plain(true),
        );
        // An array without a layout stays as it is; cells in the order of their indices.
        assert!(
            t.contains(
                "memory      other[18] = 7, tile[0][2] = 6, tile[1][1] = 5 (all other cells 0)\n"
            ),
            "{t}"
        );
    }
}
