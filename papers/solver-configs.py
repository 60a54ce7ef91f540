#!/usr/bin/env python3
"""papers/benchmarks.md, "Solver set-up". Time each query file under several solver set-ups, each in a
fresh context with the same rlimit and timeout: `default` is how mapcheck asked until 26 Nov 2026
(a fresh solver, no scope before the first check), `incremental` how it asks now (push first).
Usage: solver-configs.py RLIMIT TIMEOUT_MS CONFIGS FILE...  (run from the repository root; query files from papers/split-smt.py)"""
import sys, time
sys.path.insert(0, '.z3/pip')
import z3
rl, to = int(sys.argv[1]), int(sys.argv[2])
def mk(name):
    if name == 'default': return z3.Solver()
    if name == 'arith2':
        s = z3.Solver(); s.set('arith.solver', 2); return s
    if name == 'simp-smt': return z3.Then('simplify', 'smt').solver()
    if name == 'simp-ineqs-smt': return z3.Then('simplify', 'propagate-ineqs', 'smt').solver()
    if name == 'qfnia': return z3.SolverFor('QF_NIA')
    if name == 'qflia': return z3.SolverFor('QF_LIA')
    if name == 'smt': return z3.Tactic('smt').solver()
    if name == 'inc-arith2':
        s = z3.Solver(); s.set('arith.solver', 2); s.push(); return s
    if name == 'inc-nogrobner':
        s = z3.Solver(); s.set('arith.nl.grobner', False); s.push(); return s
    if name == 'qfbv': return z3.SolverFor('QF_BV')
    if name == 'incremental':
        s = z3.Solver(); s.push(); return s
    raise ValueError(name)
configs = sys.argv[3].split(',')
tot = {c: 0.0 for c in configs}; unk = {c: 0 for c in configs}
for f in sys.argv[4:]:
    row = []
    for c in configs:
        ctx = z3.Context()

        s = mk(c)
        s.set('rlimit', rl); s.set('timeout', to)
        s.from_file(f)
        t = time.time(); r = s.check(); dt = time.time() - t
        tot[c] += dt
        if r == z3.unknown: unk[c] += 1
        row.append(f"{c}={dt*1000:.0f}ms/{r}")
    print(f.split('/')[-2] + '/' + f.split('/')[-1], ' '.join(row), flush=True)
print('TOTAL', ' '.join(f"{c}={tot[c]:.2f}s unk={unk[c]}" for c in configs))
