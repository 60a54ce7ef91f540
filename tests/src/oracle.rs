//! The oracle the cross-check compares: one trait, [`Oracle`], implemented by the reference
//! interpreter ([`Interpreter`]: concrete runs) and by the pipeline ([`Pipeline`]: the type
//! checker, then the SMT stage with every parameter and the geometry fixed through
//! `Options.fixed`), so that a property compares like with like — the same kernel, the same
//! [`Setting`], the same shape of answer ([`Observed`]) — as cedar-testing's oracle is shared by
//! the corpus tests and the property tests.
//!
//! # What an answer says
//!
//! * [`Observed::races`] — the racing pairs of source locations, each with whether the two
//!   threads are in different blocks ([`RaceSite`]). Both sides report a pair of locations
//!   once per scope: the interpreter groups its races by (scope, array, pair of accesses), the
//!   SMT stage decides each pair of locations once per level. Locations are byte ranges, so a
//!   kernel must carry real spans: generated kernels have none, and go through [`with_spans`]
//!   (print, then parse) first.
//! * [`Observed::divergent`] — some block's threads disagreed on a barrier.
//! * The interpreter keeps only the races of runs that stayed aligned: a block stops at its
//!   first divergence, so what it shows of a divergent run is a prefix, and SPEC §9 compares
//!   such configurations on divergence only.
//!
//! An oracle may also have no answer: the configuration is not a run ([`Answer::NotARun`]: a
//! false `assume`, the step budget, an `int` overflow), or the solver gave up
//! ([`Answer::Undecided`]) — never read as DRF.

use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::{self, Config, RaceScope, RandomMemory, RandomUnknowns};
use mapcheck_core::{Arith, Span, Value};
use mapcheck_smt::{decide, Decision, Fixed, Kind, Limits, Mutation, Options, Witness};
use mapcheck_typeck::{check, Class};
use std::collections::{BTreeMap, BTreeSet};

/// One concrete configuration: the arithmetic, the geometry and every parameter's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub arith: Arith,
    /// Threads per block in x, y and z.
    pub block_dim: [Value; 3],
    /// Blocks in x, y and z.
    pub grid_dim: [Value; 3],
    pub params: BTreeMap<String, Value>,
}

impl Setting {
    /// The configuration a witness names (its parameters and geometry).
    pub fn of_witness(w: &Witness, arith: Arith) -> Setting {
        Setting {
            arith,
            block_dim: w.block_dim,
            grid_dim: w.grid_dim,
            params: w.params.clone(),
        }
    }

    /// Every configuration with a block in `blocks`, a grid in `grids` and each parameter of
    /// `kernel` in `values`, in a fixed order.
    pub fn all<T>(
        kernel: &Kernel<T>,
        arith: Arith,
        blocks: &[[Value; 3]],
        grids: &[[Value; 3]],
        values: &[Value],
    ) -> Vec<Setting> {
        let mut params: Vec<BTreeMap<String, Value>> = vec![BTreeMap::new()];
        for p in &kernel.params {
            params = params
                .iter()
                .flat_map(|m| {
                    values.iter().map(move |v| {
                        let mut m = m.clone();
                        m.insert(p.name.clone(), *v);
                        m
                    })
                })
                .collect();
        }
        let mut out = Vec::new();
        for &block_dim in blocks {
            for &grid_dim in grids {
                for p in &params {
                    out.push(Setting {
                        arith,
                        block_dim,
                        grid_dim,
                        params: p.clone(),
                    });
                }
            }
        }
        out
    }
}

/// A racing pair of source locations, in a canonical order, and whether the race is between
/// two blocks (on a global array) rather than within a phase of one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RaceSite {
    pub first: (usize, usize),
    pub second: (usize, usize),
    pub grid: bool,
}

impl RaceSite {
    pub fn new(a: Span, b: Span, grid: bool) -> RaceSite {
        let (x, y) = ((a.start, a.end), (b.start, b.end));
        RaceSite {
            first: x.min(y),
            second: x.max(y),
            grid,
        }
    }
}

/// What an oracle saw of a kernel on one configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    /// Racing pairs of locations (for the interpreter: of the runs that stayed aligned).
    pub races: BTreeSet<RaceSite>,
    /// Those of `races` that are benign write-write races (SPEC §7): for the interpreter, every
    /// record of the pair stored equal values in every run; for the SMT stage, the solver
    /// proved the values equal.
    pub benign: BTreeSet<RaceSite>,
    /// Some block's threads disagreed on a barrier.
    pub divergent: bool,
    /// The SMT stage's phase split dropped barriers: its races over-approximate (always false
    /// for the interpreter).
    pub approximate: bool,
}

impl Observed {
    pub fn racy(&self) -> bool {
        !self.races.is_empty()
    }
}

/// An oracle's answer on one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Observed(Observed),
    /// The configuration is not a run (a false `assume`, the step budget, an overflow, ...).
    NotARun(String),
    /// The solver answered `unknown` to some query: no verdict, and certainly not DRF.
    Undecided(String),
}

/// Decides one kernel on one concrete configuration.
pub trait Oracle {
    /// A short name for messages.
    fn name(&self) -> String;
    fn observe<T: Sync>(&self, kernel: &Kernel<T>, setting: &Setting) -> Answer;
}

/// The initial contents of the arrays (and the values of `let x = ?;`) of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// Zero everywhere, and every `?` is 0.
    Zero,
    /// `RandomMemory { seed }` and `RandomUnknowns { seed }`.
    Random(u64),
}

/// The reference interpreter: one run per memory, merged (races of the aligned runs, and
/// whether any run diverged). Memories whose run fails are left out; when every run fails
/// the configuration is not a run.
#[derive(Clone, Debug)]
pub struct Interpreter {
    pub memories: Vec<Memory>,
    pub step_budget: u64,
    /// Run only these blocks (`interp::Config::only_blocks`): what a witness needs, in a grid
    /// of any size. `None` runs the whole grid.
    pub only_blocks: Option<Vec<Value>>,
    /// `interp::Config::warp_sync`: warps of this many lanes in lockstep.
    pub warp_sync: Option<u32>,
    /// `interp::Config::warp_size`: the lanes `syncwarp` orders.
    pub warp_size: Option<u32>,
}

/// The warp size of the oracles' runs and decisions: the generated kernels run blocks of a
/// few threads, and warps of two lanes give them several warps, so that a `syncwarp` orders
/// some of their pairs and not others.
pub const GENERATED_WARP_SIZE: Option<u32> = Some(2);

impl Interpreter {
    /// One run from zero memory: enough for exact kernels, whose control and indices do not
    /// read memory.
    pub fn zero() -> Interpreter {
        Interpreter {
            memories: vec![Memory::Zero],
            step_budget: 200_000,
            only_blocks: None,
            warp_sync: None,
            warp_size: GENERATED_WARP_SIZE,
        }
    }

    /// Zero memory, then `n` seeded random memories: for data-dependent kernels.
    pub fn random(n: u64) -> Interpreter {
        Interpreter {
            memories: std::iter::once(Memory::Zero)
                .chain((1..=n).map(Memory::Random))
                .collect(),
            step_budget: 200_000,
            only_blocks: None,
            warp_sync: None,
            warp_size: GENERATED_WARP_SIZE,
        }
    }

    fn run_one<T>(
        &self,
        kernel: &Kernel<T>,
        setting: &Setting,
        memory: Memory,
    ) -> Result<interp::Run, interp::RunError> {
        let seed = match memory {
            Memory::Zero => None,
            Memory::Random(s) => Some(s),
        };
        let mem = seed.map(|seed| RandomMemory { seed });
        let unk = seed.map(|seed| RandomUnknowns { seed });
        let mut config = Config::with_dims(setting.block_dim, setting.grid_dim)
            .with_arith(setting.arith)
            .with_step_budget(self.step_budget)
            .with_warp_sync(self.warp_sync)
            .with_warp_size(self.warp_size);
        if let Some(blocks) = &self.only_blocks {
            config = config.with_only_blocks(blocks.clone());
        }
        for (name, value) in &setting.params {
            config = config.with_param(name.clone(), *value);
        }
        match (&mem, &unk) {
            (Some(m), Some(u)) => interp::run(kernel, &config.with_memory(m).with_unknowns(u)),
            _ => interp::run(kernel, &config),
        }
    }
}

impl Oracle for Interpreter {
    fn name(&self) -> String {
        "interpreter".into()
    }

    fn observe<T: Sync>(&self, kernel: &Kernel<T>, setting: &Setting) -> Answer {
        let mut seen = Observed::default();
        let mut differing = BTreeSet::new();
        let mut ran = false;
        let mut last_error = String::new();
        for &memory in &self.memories {
            match self.run_one(kernel, setting, memory) {
                Ok(run) => {
                    ran = true;
                    if run.is_aligned() {
                        for r in &run.races {
                            let site = RaceSite::new(
                                r.first.span,
                                r.second.span,
                                matches!(r.scope, RaceScope::Grid),
                            );
                            seen.races.insert(site);
                            if !r.benign {
                                differing.insert(site);
                            }
                        }
                    } else {
                        seen.divergent = true;
                    }
                }
                Err(e) => last_error = e.to_string(),
            }
        }
        seen.benign = seen.races.difference(&differing).cloned().collect();
        if ran {
            Answer::Observed(seen)
        } else {
            Answer::NotARun(last_error)
        }
    }
}

/// The pipeline: `mapcheck_typeck::check`, then `mapcheck_smt::decide` with the setting's
/// parameters and geometry fixed, and optionally a deliberate [`Mutation`].
#[derive(Clone, Debug)]
pub struct Pipeline {
    pub limits: Limits,
    pub mutation: Option<Mutation>,
    /// `Options::unknowns_approximate`: set for kernels lowered from CUDA.
    pub unknowns_approximate: bool,
    /// `Options::warp_sync`.
    pub warp_sync: Option<u32>,
    /// `Options::warp_size`: [`GENERATED_WARP_SIZE`] by default, as the interpreter's.
    pub warp_size: Option<u32>,
}

impl Default for Pipeline {
    fn default() -> Self {
        Pipeline {
            limits: Limits::default(),
            mutation: None,
            unknowns_approximate: false,
            warp_sync: None,
            warp_size: GENERATED_WARP_SIZE,
        }
    }
}

impl Pipeline {
    pub fn mutated(mutation: Mutation) -> Pipeline {
        Pipeline {
            mutation: Some(mutation),
            ..Pipeline::default()
        }
    }

    /// The class and the whole decision, with `fixed` fixed (nothing, for a symbolic
    /// decision).
    pub fn decide<T: Sync>(
        &self,
        kernel: &Kernel<T>,
        arith: Arith,
        fixed: Fixed,
    ) -> (Class, Decision) {
        let checked = check(kernel, arith);
        let options = Options {
            arith,
            c_words: false,
            fixed,
            limits: self.limits,
            mutation: self.mutation,
            unknowns_approximate: self.unknowns_approximate,
            races: mapcheck_smt::Races::Benign,
            conventions: false,
            loosened: mapcheck_smt::Loosened::Not,
            // The interpreter runs each block on its own memory, where two blocks' atomics
            // of one cell return the same values: the decision must not tell them apart.
            gpu_atomics: false,
            warp_sync: self.warp_sync,
            warp_size: self.warp_size,
        };
        (checked.class, decide(kernel, &checked, &options))
    }
}

/// What a decision says, in the oracle's terms (every race finding counts, whatever its
/// certainty), or why it says nothing.
pub fn observed_of(d: &Decision) -> Answer {
    if let Some(why) = (d.undecided_races.first())
        .or(d.undecided_divergence.first())
        .or(d.undecided_bounds.first())
    {
        return Answer::Undecided(why.clone());
    }
    let mut seen = Observed {
        approximate: d.approximate,
        ..Observed::default()
    };
    for f in &d.findings {
        match f.kind {
            // A benign race is a race of the runs (Definition 1): the interpreter reports it
            // too, marked benign.
            Kind::DataRace | Kind::BenignRace => {
                if let [a, b] = f.locations[..] {
                    let site = RaceSite::new(a, b, f.grid);
                    if f.kind == Kind::BenignRace {
                        seen.benign.insert(site);
                    }
                    seen.races.insert(site);
                }
            }
            Kind::BarrierDivergence => seen.divergent = true,
            // Advice, not an observation of a run.
            Kind::RedundantBarrier => {}
            // Not a race: the generated kernels' arrays have no declared size, so no access
            // has bounds and this finding does not arise.
            Kind::OutOfBounds => {}
        }
    }
    Answer::Observed(seen)
}

impl Oracle for Pipeline {
    fn name(&self) -> String {
        match self.mutation {
            Some(m) => format!("pipeline with mutation {m:?}"),
            None => "pipeline".into(),
        }
    }

    fn observe<T: Sync>(&self, kernel: &Kernel<T>, setting: &Setting) -> Answer {
        let fixed = Fixed {
            params: setting.params.clone(),
            block: Some(setting.block_dim),
            grid: Some(setting.grid_dim),
        };
        observed_of(&self.decide(kernel, setting.arith, fixed).1)
    }
}

/// The kernel printed and parsed back, so that every access has its own source location (the
/// generators build trees with empty spans, which would make all locations alike).
pub fn with_spans<T>(kernel: &Kernel<T>) -> Result<Kernel, String> {
    let text = kernel.to_string();
    match mapcheck_grammar::parse(&text) {
        Ok(mut program) if program.kernels.len() == 1 => Ok(program.kernels.remove(0)),
        Ok(program) => Err(format!(
            "printing one kernel parsed back as {} kernels:\n{text}",
            program.kernels.len()
        )),
        Err(errors) => Err(format!(
            "the printed kernel does not parse: {errors:?}\n{text}"
        )),
    }
}

/// Theorem 1 on one configuration of an exact kernel (property `a` of the cross-check): the
/// two oracles agree on divergence; when the interpreter's run is aligned, they agree on the
/// racing locations — or, when the SMT stage's phase split over-approximates, every race of
/// the interpreter is among the SMT stage's (only that direction holds then).
pub fn agree_exact(interp: &Observed, smt: &Observed) -> Result<(), String> {
    if interp.divergent != smt.divergent {
        return Err(format!(
            "divergence: the interpreter says {}, the SMT stage {}",
            interp.divergent, smt.divergent
        ));
    }
    if interp.divergent {
        return Ok(());
    }
    let agree = if smt.approximate {
        interp.races.is_subset(&smt.races)
    } else {
        interp.races == smt.races
    };
    if agree {
        benign_sound(interp, smt)
    } else {
        Err(format!(
            "racing locations{}: the interpreter's {:?}, the SMT stage's {:?}",
            if smt.approximate {
                " (approximate split)"
            } else {
                ""
            },
            interp.races,
            smt.races
        ))
    }
}

/// Soundness on one configuration of any kernel (property `c`): every race the interpreter
/// observed in an aligned run, and any divergence it observed, is reported by the SMT stage.
pub fn agree_sound(interp: &Observed, smt: &Observed) -> Result<(), String> {
    if !interp.races.is_subset(&smt.races) {
        return Err(format!(
            "unsound: the interpreter races at {:?}, the SMT stage reports {:?}",
            interp.races, smt.races
        ));
    }
    if interp.divergent && !smt.divergent {
        return Err(
            "unsound: the interpreter diverges, the SMT stage reports no divergence".into(),
        );
    }
    benign_sound(interp, smt)
}

/// A race the interpreter saw storing two different values is never called benign by the SMT
/// stage (that would hide a data race). The converse need not hold: the SMT stage calls a
/// race a data race whenever the values *may* differ, which the runs tried may not show.
pub fn benign_sound(interp: &Observed, smt: &Observed) -> Result<(), String> {
    let hidden: Vec<&RaceSite> = interp
        .races
        .difference(&interp.benign)
        .filter(|s| smt.benign.contains(s))
        .collect();
    if hidden.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "unsound: the interpreter's runs store different values at {hidden:?}, which the SMT stage calls benign"
        ))
    }
}

/// One-dimensional shapes of `n` threads (or blocks) each, for [`Setting::all`].
pub fn flat(sizes: &[Value]) -> Vec<[Value; 3]> {
    sizes.iter().map(|&n| [n, 1, 1]).collect()
}
