//! What to do about a finding, in the human report (issue 35, item 3): one line on how such a
//! defect is usually fixed, the command line that replays its witness in the reference
//! interpreter (`mapcheck run …`), and, where a barrier can be what fixes it, `mapcheck fix`.
//!
//! The line on the fix is chosen from facts the finding carries — its kind, its access kinds,
//! whether both threads run the same access, whether the threads are in one block or one warp,
//! an index's extent — and is worded as what *usually* fixes such a defect, never as a diagnosis
//! of this one: mapcheck does not know what the kernel is meant to compute.
//!
//! The replay command is exact: it fixes the witness's geometry and parameters, its random
//! initial memory, the arithmetic the witness was replayed in when `mapcheck run` would choose
//! another, and the flags of the check that change what a run reports (`-D`, `--strict`,
//! `--benign`, `--warp-sync`, `--warp-size`). A test runs every command the examples print.

use crate::cli::CheckArgs;
use crate::input::SourceFile;
use mapcheck_core::Arith;
use mapcheck_smt::{Certainty, Conflict, Finding, Kind};
use mapcheck_typeck::map::Mode;
use std::fmt::Write as _;

/// The flags of `mapcheck check` a replay of its witnesses needs as well: those that change
/// what `mapcheck run` lowers or reports, as the user wrote them.
#[derive(Clone, Debug, Default)]
pub struct ReplayFlags {
    flags: Vec<String>,
    /// The flags `mapcheck fix` repeats: the defines and the launch and parameters the check
    /// was restricted to, so that the repair is sought for the same runs.
    fix: Vec<String>,
    /// `--arith` as given; `None` when the check chose the arithmetic.
    arith: Option<Arith>,
}

impl ReplayFlags {
    pub fn of(args: &CheckArgs) -> ReplayFlags {
        let mut flags = Vec::new();
        for d in &args.common.defines {
            flags.push(format!("-D {}", shell_word(d)));
        }
        if args.strict {
            flags.push("--strict".into());
        }
        if args.benign {
            flags.push("--benign".into());
        }
        if let Some(n) = args.warp_sync {
            flags.push(format!("--warp-sync={n}"));
        }
        if let Some(n) = args.warp_size {
            flags.push(format!("--warp-size {n}"));
        }
        let mut fix: Vec<String> = flags
            .iter()
            .filter(|f| f.starts_with("-D "))
            .cloned()
            .collect();
        let dim = |d: [u64; 3]| match d {
            [x, 1, 1] => x.to_string(),
            [x, y, 1] => format!("{x},{y}"),
            [x, y, z] => format!("{x},{y},{z}"),
        };
        if let Some(d) = args.common.block_dim {
            fix.push(format!("--block-dim {}", dim(d)));
        }
        if let Some(d) = args.common.grid_dim {
            fix.push(format!("--grid-dim {}", dim(d)));
        }
        for (name, value) in &args.common.params {
            fix.push(format!("-p {}", shell_word(&format!("{name}={value}"))));
        }
        if args.any_launch {
            fix.push("--any-launch".into());
        }
        ReplayFlags {
            flags,
            fix,
            arith: args.common.arith,
        }
    }
}

/// The lines after finding `f`'s witness: `help:` (how such a defect is usually fixed),
/// `replay:` (the `mapcheck run` command of its witness) and `repair:` (`mapcheck fix`, when a
/// barrier can be the fix). Nothing for advice, and nothing for a finding without a witness.
/// `kernel` is the kernel's name, `arith` the arithmetic its witnesses were replayed in.
pub fn next_steps(
    f: &Finding,
    source: &SourceFile,
    words: &crate::names::Words,
    kernel: &str,
    arith: &str,
    flags: &ReplayFlags,
) -> String {
    let mut s = String::new();
    if matches!(f.kind, Kind::RedundantBarrier | Kind::BenignRace) {
        return s;
    }
    let (help, barrier_may_fix) = usual_fix(f, words);
    // A potential finding may be a false alarm: its fix is advice about a defect that may not
    // be there, and `mapcheck fix` cannot prove a repair of a kernel whose alarms stay potential.
    let potential = f.certainty == Certainty::Potential;
    let if_real = if potential {
        format!("if this {} is real: ", defect_word(f.kind))
    } else {
        String::new()
    };
    let _ = writeln!(s, "  help: {if_real}{help}");
    let run = replay_command(f, source, words, kernel, arith, flags);
    match (f.certainty, f.witness.memory.is_empty()) {
        (Certainty::Potential, _) => {
            let _ = writeln!(
                s,
                "  launch: {run}  (the witness's launch; its replay did not show this {})",
                defect_word(f.kind)
            );
        }
        (_, false) => {
            let _ = writeln!(
                s,
                "  launch: {run}  (starts from zeroed memory: `mapcheck run` cannot set the \
                 memory above, which the replay needed)"
            );
        }
        (_, true) => {
            let _ = writeln!(s, "  replay: {run}");
        }
    }
    if barrier_may_fix && !potential {
        let _ = writeln!(
            s,
            "  repair: mapcheck fix {}{}  (searches for barriers that remove it, re-verified)",
            shell_word(&source.name),
            flags
                .fix
                .iter()
                .map(|f| format!(" {f}"))
                .collect::<String>()
        );
    }
    s
}

fn defect_word(kind: Kind) -> &'static str {
    match kind {
        Kind::BarrierDivergence => "divergence",
        Kind::OutOfBounds => "index out of bounds",
        Kind::DataRace | Kind::BenignRace | Kind::RedundantBarrier => "race",
    }
}

/// How a defect like `f` is usually fixed, in the words of the kernel's language, and whether
/// a barrier (inserted or moved, what `mapcheck fix` searches) can be that fix: not between
/// blocks, which no barrier orders, nor for two threads running one write, which no barrier
/// separates.
fn usual_fix(f: &Finding, words: &crate::names::Words) -> (String, bool) {
    let cuda = words.is_cuda();
    let array = f
        .array
        .as_deref()
        .map_or("?".to_string(), |a| words.name(a));
    let (sync, syncwarp, atomic) = if cuda {
        (
            "`__syncthreads()`",
            "`__syncwarp()`",
            "an atomic (`atomicAdd`, …)".to_string(),
        )
    } else {
        (
            "`sync;`",
            "`syncwarp;`",
            format!("an atomic (`atomic {array}[…];`)"),
        )
    };
    match f.kind {
        Kind::DataRace => {
            let same = f.locations.first() == f.locations.get(1) || f.locations.len() < 2;
            // One statement: the two accesses overlap (`a[i] += a[j]` reads inside its write).
            let one_statement = match (f.locations.first(), f.locations.get(1)) {
                (Some(a), Some(b)) => a.start < b.end && b.start < a.end,
                _ => true,
            };
            let writes = f.modes.iter().all(|m| *m == Mode::Wr);
            if f.grid {
                return (
                    format!(
                        "the two threads are in different blocks, which no barrier orders: such a \
                         race is usually fixed by giving each block its own cells of `{array}`, by \
                         {atomic} when the blocks accumulate into the cell, or by splitting the \
                         kernel into two launches between the accesses"
                    ),
                    false,
                );
            }
            if f.access == Some(Conflict::AtomicWrite) {
                return (
                    format!(
                        "an atomic and a plain access of one cell race: usually fixed by making \
                         the plain access atomic too, or by a {sync} between the two"
                    ),
                    true,
                );
            }
            if f.warp_only {
                return (
                    format!(
                        "the two threads are in one warp: usually fixed by a {syncwarp} (or \
                         {sync}) between the two accesses"
                    ),
                    true,
                );
            }
            if same {
                let what = if writes { "write to" } else { "update of" };
                return (
                    format!(
                        "both threads run this {what} one cell: usually fixed by {atomic} when \
                         they accumulate into it (a counter, a histogram), otherwise by giving \
                         each thread its own cell or letting one thread write it"
                    ),
                    false,
                );
            }
            if one_statement {
                return (
                    format!(
                        "the two accesses are in one statement: usually fixed by reading into a \
                         local variable, then a {sync}, then writing — or, when they are in \
                         different iterations of a loop, by a {sync} in the loop that every \
                         thread of the block reaches"
                    ),
                    true,
                );
            }
            let what = if writes {
                "two threads write one cell with no barrier between the writes"
            } else {
                "one thread reads a cell another writes, with no barrier between them"
            };
            (
                format!(
                    "{what}: usually fixed by a {sync} between the two accesses (reached by every \
                     thread of the block), which puts them in different phases"
                ),
                true,
            )
        }
        Kind::BarrierDivergence => (
            format!(
                "every thread of a block must reach the same barriers: usually fixed by moving \
                 the {sync} out of the branch or loop whose condition differs between threads"
            ),
            true,
        ),
        Kind::OutOfBounds => {
            let extent = f
                .bound
                .as_ref()
                .map_or(String::new(), |b| format!(" (0..{} here)", b.extent));
            (
                format!(
                    "usually fixed by guarding the access so that its index stays in \
                     bounds{extent}, or, when only launches that keep it in bounds are meant, by \
                     stating them (`--block-dim`/`--grid-dim`, or an `assert` on the geometry at \
                     the kernel's start)"
                ),
                false,
            )
        }
        Kind::BenignRace | Kind::RedundantBarrier => (String::new(), false),
    }
}

/// `mapcheck run` on the witness of `f`: its file, kernel, geometry, parameters and initial
/// memory, in the arithmetic it was replayed in.
pub fn replay_command(
    f: &Finding,
    source: &SourceFile,
    words: &crate::names::Words,
    kernel: &str,
    arith: &str,
    flags: &ReplayFlags,
) -> String {
    let w = &f.witness;
    let dim = |d: [i128; 3]| match d {
        [x, 1, 1] => x.to_string(),
        [x, y, 1] => format!("{x},{y}"),
        [x, y, z] => format!("{x},{y},{z}"),
    };
    let mut s = format!(
        "mapcheck run {} --kernel {} --block-dim {} --grid-dim {}",
        shell_word(&source.name),
        shell_word(kernel),
        dim(w.block_dim),
        dim(w.grid_dim)
    );
    for (name, value) in &w.params {
        // The parameter as the source names it, which `-p` accepts (`in`, not `in_1`).
        let name = words.name(name);
        let _ = write!(s, " -p {}", shell_word(&format!("{name}={value}")));
    }
    if let Some(seed) = w.random_memory {
        let _ = write!(s, " --init random:{seed}");
    }
    // `mapcheck run` runs `.bcu` in `int` and `.cu` in C's machine words (`bv64`) unless told:
    // the witness is replayed as the check replayed it.
    let run_default = if source.is_cuda() { "bv64" } else { "int" };
    let arith = flags.arith.map_or(arith, |a| a.name());
    if arith != run_default || flags.arith.is_some() {
        let _ = write!(s, " --arith {arith}");
    }
    for flag in &flags.flags {
        let _ = write!(s, " {flag}");
    }
    s
}

/// `word` as one word of a POSIX shell: as it is when it holds only characters no shell
/// treats specially, else single-quoted.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn words_are_quoted_for_a_shell() {
        assert_eq!(shell_word("examples/k.cu"), "examples/k.cu");
        assert_eq!(shell_word("N=-3"), "N=-3");
        assert_eq!(shell_word("my file.cu"), "'my file.cu'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
