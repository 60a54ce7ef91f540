//! Witnesses drawn: for `mapcheck FILE --html`, each finding's witness replayed with its
//! history kept and drawn as a picture, its threads named A and B and its race singled out.

use super::page::{note_section, section};
use super::{Focus, Picture};
use crate::check::Decided;
use crate::input::SourceFile;
use mapcheck_core::interp::{Race, RaceScope};
use mapcheck_core::{Arith, Span};
use mapcheck_smt::{replay, Certainty, Finding, Kind, Options};
use maud::Markup;

/// The sections of `mapcheck FILE --html` for one decided kernel: for each data race, benign
/// race and barrier divergence, the run its witness replays
/// ([`mapcheck_smt::replay::witness_run`]), the witness's threads named A and B and its race
/// drawn thicker; a short note for a kernel without such findings. `options` are the decision's
/// (its warps are the runs').
pub fn witnesses(source: &SourceFile, decided: &Decided<'_>, options: &Options) -> Vec<Markup> {
    let kernel = decided.kernel;
    let arith: Arith = decided.report.arith.parse().unwrap_or_default();
    let words = crate::names::Words::new(kernel, source);
    let drawn: Vec<&Finding> = (decided.decision.findings.iter())
        .filter(|f| {
            matches!(
                f.kind,
                Kind::DataRace | Kind::BenignRace | Kind::BarrierDivergence
            )
        })
        .collect();
    let verdict = format!(
        "kernel `{}`: {} ({})",
        kernel.name.name,
        decided.decision.verdict.name(),
        decided.checked.class
    );
    if drawn.is_empty() {
        return vec![note_section(
            source,
            kernel,
            &verdict,
            &["No race or barrier divergence, so no witness to draw.".to_string()],
        )];
    }
    let total = drawn.len();
    drawn
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let certainty = match f.certainty {
                Certainty::Proven => "proven",
                Certainty::Confirmed => "confirmed",
                Certainty::Potential => "potential",
            };
            let what = match f.kind {
                Kind::BarrierDivergence => "barrier divergence".to_string(),
                Kind::BenignRace => format!(
                    "benign write-write race on `{}`",
                    f.array.as_deref().map_or("?".into(), |a| words.name(a))
                ),
                _ => format!(
                    "{} race on `{}`",
                    f.access.map_or("data", |a| a.name()),
                    f.array.as_deref().map_or("?".into(), |a| words.name(a))
                ),
            };
            let title = format!(
                "{verdict} — finding {} of {total}: {certainty} {what}{}, its witness replayed",
                i + 1,
                if f.grid { " between blocks" } else { "" }
            );
            let mut notes: Vec<String> = (f.note.iter())
                .map(|n| crate::show::finding_note(f, n, &words))
                .collect();
            let facts: Vec<String> = crate::show::witness_table(f, kernel, &words)
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            let race = match f.kind {
                Kind::BarrierDivergence => None,
                _ => f
                    .locations
                    .first()
                    .map(|a| (*a, f.locations.get(1).copied().unwrap_or(*a), f.grid)),
            };
            let w = &f.witness;
            match replay::witness_run(kernel, arith, options, w, replay::LONG_STEP_BUDGET) {
                Ok(run) => {
                    let shown = match race {
                        Some(focus) => run.races.iter().any(|r| is_race(r, focus)),
                        None => !run.is_aligned(),
                    };
                    if !shown {
                        notes.push(
                            "This run does not show the finding: the witness did not replay it."
                                .to_string(),
                        );
                    }
                    section(&Picture {
                        source,
                        kernel,
                        title,
                        facts,
                        notes,
                        run: &run,
                        block_dim: w.block_dim,
                        grid_dim: w.grid_dim,
                        witness: Some(Focus {
                            threads: [0, 1].map(|i| (w.threads[i].bid, w.threads[i].tid)),
                            race,
                        }),
                    })
                }
                Err(e) => {
                    let e = words.ids(&e.to_string(), &f.witness);
                    notes.push(format!("The witness could not be run: {e}."));
                    note_section(source, kernel, &title, &notes)
                }
            }
        })
        .collect()
}

/// Whether `r` is the race between the accesses at `a` and `b` (either way round) at grid
/// level or not, as `replay` matches a finding's race.
pub(super) fn is_race(r: &Race, (a, b, grid): (Span, Span, bool)) -> bool {
    let same =
        (r.first.span == a && r.second.span == b) || (r.first.span == b && r.second.span == a);
    same && matches!(r.scope, RaceScope::Grid) == grid
}
