//! The interpreter's check of a repair (issue 9 item 4): run the original and the repaired
//! kernel on random concrete configurations — small `ntid` and `nbid`, small parameter values,
//! random initial memories and unknowns — and require that the repaired kernel never races or
//! diverges, and that it leaves the same final memory as the original on every configuration
//! where the original ran race free and aligned.
//!
//! The pipeline proves the first part for every configuration; this checks it independently,
//! with the reference semantics. The second part is what no decision of the pipeline states:
//! that moving barriers and splitting branches kept what the kernel computes.
//!
//! Unknowns (`let x = ?;`) are drawn per (block, thread, variable, occurrence) rather than per
//! statement position, because a repair renumbers statements; binders are distinct, so the
//! variable names the statement.

use mapcheck_core::ast::{Kernel, Space};
use mapcheck_core::interp::{self, Config, EventKind, RandomMemory, Run, UnknownSite};
use mapcheck_core::Value;
use mapcheck_smt::Options;
use std::collections::BTreeMap;

/// What one cross-check did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Configurations tried.
    pub tried: usize,
    /// Of those, the ones where the original ran race free and aligned: final memories
    /// compared.
    pub compared: usize,
    /// Of those, the ones that are not runs (a false `assume`, the step budget).
    pub not_runs: usize,
}

/// Final memory: per array and index, and per block for shared arrays, the last value written.
type Memory = BTreeMap<(String, Option<Value>, Vec<Value>), Value>;

fn final_memory(run: &Run) -> Memory {
    let mut out = Memory::new();
    for block in &run.blocks {
        for phase in &block.phases {
            // Threads are listed in increasing id: the highest id's write wins, as in the
            // interpreter's own `lastwrite`.
            for thread in &phase.threads {
                for event in &thread.events {
                    let value = match event.kind {
                        EventKind::Write { value } => value,
                        EventKind::Atomic { new, .. } => new,
                        EventKind::Read { .. } => continue,
                    };
                    let Some((name, space)) = run.arrays.get(event.cell.array) else {
                        continue;
                    };
                    let bid = (*space == Space::Shared).then_some(block.bid);
                    out.insert((name.clone(), bid, event.cell.index.to_vec()), value);
                }
            }
        }
    }
    out
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn hash(parts: &[u64]) -> u64 {
    let mut rng = Rng(0x5eed);
    for &p in parts {
        rng.0 ^= p;
        rng.next();
    }
    rng.next()
}

/// Runs `original` and `repaired` on `configurations` random configurations (respecting what
/// `options.fixed` fixes) and panics, with the configuration, on any difference.
pub fn crosscheck(
    original: &Kernel,
    repaired: &Kernel,
    options: &Options,
    configurations: usize,
    seed: u64,
) -> Tally {
    crosscheck_with(original, repaired, options, configurations, seed, true)
}

/// [`crosscheck`], comparing final memories only when `compare_memory`: for a repaired kernel
/// whose lowering havocs a value the original computed (a CUDA local that a split carries
/// across the barrier becomes `?` in the front end), the interpreter's draw for that `?` is
/// not the original's value, and only the race and divergence checks mean something.
pub fn crosscheck_with(
    original: &Kernel,
    repaired: &Kernel,
    options: &Options,
    configurations: usize,
    seed: u64,
    compare_memory: bool,
) -> Tally {
    let mut rng = Rng(seed ^ 0xc0ff_ee00);
    let mut tally = Tally::default();
    for _ in 0..configurations {
        let block = options
            .fixed
            .block
            .unwrap_or_else(|| [Value::from(1 + rng.below(8) as u8), 1, 1]);
        let grid = options
            .fixed
            .grid
            .unwrap_or_else(|| [Value::from(1 + rng.below(2) as u8), 1, 1]);
        let params: BTreeMap<String, Value> = original
            .params
            .iter()
            .map(|p| {
                let v = options
                    .fixed
                    .params
                    .get(&p.name)
                    .copied()
                    .unwrap_or_else(|| Value::from(rng.below(7) as u8));
                (p.name.clone(), v)
            })
            .collect();
        let memory = RandomMemory { seed: rng.next() };
        let unknown_seed = rng.next();
        let unknowns = move |site: &UnknownSite<'_>| {
            let name = site.var.bytes().fold(0u64, |h, b| hash(&[h, u64::from(b)]));
            let h = hash(&[
                unknown_seed,
                site.bid as u64,
                site.tid as u64,
                name,
                site.occurrence,
            ]);
            Value::from((h % 8) as u8)
        };
        let mut config = Config::with_dims(block, grid)
            .with_arith(options.arith)
            .with_memory(&memory)
            .with_unknowns(&unknowns)
            .with_step_budget(2_000_000);
        config.params = params.clone();
        tally.tried += 1;
        let what = format!("block = {block:?}, grid = {grid:?}, params = {params:?}");
        let before = interp::run(original, &config);
        let after = interp::run(repaired, &config);
        let after = match (&before, after) {
            (Err(_), Err(_)) => {
                tally.not_runs += 1;
                continue;
            }
            (_, Ok(after)) => after,
            (Ok(_), Err(e)) => {
                panic!("the repaired kernel does not run where the original does ({what}): {e:?}\n{repaired}")
            }
        };
        // Benign races (both threads store one value, SPEC §7) are no defect to repair.
        assert!(
            after.races.iter().all(|r| r.benign) && after.is_aligned(),
            "the repaired kernel races or diverges ({what}): {:?} {:?}\n{repaired}",
            after.races.iter().find(|r| !r.benign),
            after.divergences.first()
        );
        let Ok(before) = before else {
            tally.not_runs += 1;
            continue;
        };
        if compare_memory && before.races.iter().all(|r| r.benign) && before.is_aligned() {
            tally.compared += 1;
            assert_eq!(
                final_memory(&before),
                final_memory(&after),
                "the repair changed the final memory ({what})\n{original}\n{repaired}"
            );
        }
    }
    tally
}
