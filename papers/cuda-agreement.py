#!/usr/bin/env python3
"""Writes the agreement table of the CUDA corpus (issue 14): for every tests/cuda/*.cu, the
truth of its GPUVerify header, mapcheck's verdict and class (JSON), the time, and whether the
answer is the header's, a documented sound imprecision (its reason), or neither."""
import json, subprocess, sys, glob, os, time
binary = sys.argv[1]
rows = []
for f in sorted(glob.glob('tests/cuda/*.cu')):
    text = open(f).read()
    lines = text.splitlines()
    truth = lines[0][2:].strip()
    klass = next((l.split(':',1)[1].strip() for l in lines if l.startswith('// mapcheck:') and 'known-' not in l), '?')
    known = next((l.split('known-imprecision:',1)[1].strip() for l in lines if 'known-imprecision:' in l), None)
    t = time.time()
    p = subprocess.run([binary, '--json', f], capture_output=True, text=True)
    ms = int((time.time() - t) * 1000)
    try:
        doc = json.loads(p.stdout)
        ks = doc.get('kernels', [])
        errs = doc.get('errors', [])
    except Exception:
        ks, errs = [], ['unreadable']
    if ks and not errs:
        order = ['unknown', 'racy', 'possibly-racy', 'drf']
        verdict = min((k['verdict'] for k in ks), key=order.index)
        classes = sorted(set(k['class'] for k in ks))
        got = f"{'/'.join(classes)} {verdict}"
    else:
        got = 'error'
        verdict, classes = 'error', []
    # The corpus test (cuda_corpus.rs) holds every file to its header or to its documented,
    # sound imprecision; this table says which of the two the answer is.
    outcome = 'agrees'
    if known:
        head, _, reason = known.partition('—')
        words = head.split()
        answer = words[-1] if words else ''
        kclass = words[0] if len(words) == 2 else klass
        if got == f"{kclass} {answer}" or (answer == 'error' and got == 'error'):
            outcome = 'sound imprecision: ' + reason.strip()
    rows.append((os.path.basename(f), truth, got, ms, outcome))
agree = sum(1 for r in rows if r[4] == 'agrees')
impre = sum(1 for r in rows if r[4].startswith('sound'))
dd = sum(1 for r in rows if r[2].startswith('data-dependent'))
print(f"{len(rows)} files: {agree} agree with their header, {impre} give their documented sound imprecision; {dd} data-dependent.\n")
print("| file | truth | mapcheck (class verdict) | ms | outcome |")
print("|---|---|---|---:|---|")
for r in rows:
    print(f"| `{r[0]}` | {r[1]} | {r[2]} | {r[3]} | {r[4].replace('|', '/')} |")
