//! The search for a clean placement (step 4 of the method in the crate's doc): single
//! insertions, pairs of the best singles, then a greedy descent, each placement judged by a
//! whole decision.

use crate::points::{candidates, insert, relevant, Point, Points};
use crate::{pair, verify, MAX_INSERTIONS, PAIR_POOL};
use mapcheck_core::ast::Kernel;
use mapcheck_smt::redundant::clean;
use mapcheck_smt::{Decision, Kind, Options};

/// How far a decision is from clean: defects plus undecided queries. The search minimises it.
fn defects(d: &Decision) -> usize {
    d.findings
        .iter()
        .filter(|f| matches!(f.kind, Kind::DataRace | Kind::BarrierDivergence))
        .count()
        + d.undecided_races.len()
        + d.undecided_divergence.len()
}

/// The placements of barriers at some of `points` of `start`, each judged by a whole decision.
pub(crate) struct Search<'a> {
    pub start: &'a Kernel,
    pub points: &'a Points,
    pub options: &'a Options,
}

impl Search<'_> {
    pub fn try_set(&self, set: &[usize]) -> Decision {
        let chosen: Vec<&Point> = set.iter().map(|&i| &self.points[i]).collect();
        let (kernel, _) = insert(self.start, &chosen);
        verify(&kernel, self.options)
    }

    /// The indices of a clean placement, or the number of placements tried and the best
    /// decision met.
    pub fn run(&self, start: &Decision) -> Result<Vec<usize>, (usize, Decision)> {
        if clean(start) {
            return Ok(Vec::new());
        }
        let mut tried = 0;
        let mut best: (Vec<usize>, Decision) = (Vec::new(), start.clone());

        // Single insertions, in order of preference: the first clean one wins.
        let singles = candidates(start, self.points, &[]);
        let mut scored: Vec<(usize, usize)> = Vec::new();
        for &p in &singles {
            let d = self.try_set(&[p]);
            tried += 1;
            if clean(&d) {
                return Ok(vec![p]);
            }
            scored.push((defects(&d), p));
            if defects(&d) < defects(&best.1) {
                best = (vec![p], d);
            }
        }

        // Pairs of the most promising singles.
        scored.sort_by_key(|&(score, _)| score);
        let pool: Vec<usize> = scored.iter().take(PAIR_POOL).map(|&(_, p)| p).collect();
        for (i, &p) in pool.iter().enumerate() {
            for &q in &pool[i + 1..] {
                let d = self.try_set(&[p, q]);
                tried += 1;
                if clean(&d) {
                    return Ok(vec![p, q]);
                }
                if defects(&d) < defects(&best.1) {
                    best = (vec![p, q], d);
                }
            }
        }

        // Greedy descent from the best placement so far.
        let (mut set, mut current) = best;
        while set.len() < MAX_INSERTIONS {
            let mut step: Option<(usize, Decision)> = None;
            for p in candidates(&current, self.points, &set) {
                let mut trial = set.clone();
                trial.push(p);
                let d = self.try_set(&trial);
                tried += 1;
                if clean(&d) {
                    return Ok(trial);
                }
                if defects(&d) < step.as_ref().map_or(defects(&current), |s| defects(&s.1)) {
                    step = Some((p, d));
                }
            }
            match step {
                Some((p, d)) => {
                    set.push(p);
                    current = d;
                }
                None => {
                    // No single point helps: a race that needs two barriers at once (one
                    // between the accesses, one at the end of the loop body, say). Try pairs
                    // of the points of the first race left.
                    let Some(race) = current.findings.iter().find(|f| f.kind == Kind::DataRace)
                    else {
                        break;
                    };
                    let local: Vec<usize> = relevant(self.points, pair(race))
                        .into_iter()
                        .filter(|p| !set.contains(p))
                        .take(PAIR_POOL)
                        .collect();
                    let mut pair_step: Option<([usize; 2], Decision)> = None;
                    'pairs: for (i, &p) in local.iter().enumerate() {
                        for &q in &local[i + 1..] {
                            let mut trial = set.clone();
                            trial.extend([p, q]);
                            let d = self.try_set(&trial);
                            tried += 1;
                            if clean(&d) {
                                return Ok(trial);
                            }
                            if defects(&d) < defects(&current) {
                                pair_step = Some(([p, q], d));
                                break 'pairs;
                            }
                        }
                    }
                    match pair_step {
                        Some((ps, d)) => {
                            set.extend(ps);
                            current = d;
                        }
                        None => break,
                    }
                }
            }
        }
        Err((tried, current))
    }
}
