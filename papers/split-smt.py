#!/usr/bin/env python3
"""papers/benchmarks.md, "Solver set-up": split `mapcheck --emit smt FILE` output into one
SMT-LIB file per query (its comment line first). Usage: split-smt.py EMITTED.smt OUTDIR"""
import sys, os
text = open(sys.argv[1]).read(); out = sys.argv[2]; os.makedirs(out, exist_ok=True)
qs, cur, comment = [], [], ''
for line in text.splitlines():
    if line.startswith(';') and not cur: comment = line; continue
    if not line.strip(): continue
    cur.append(line)
    if line.strip() == '(check-sat)':
        open(f"{out}/q{len(qs):03d}.smt2", 'w').write(comment + '\n' + '\n'.join(cur) + '\n'); qs.append(1); cur = []
