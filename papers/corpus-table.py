#!/usr/bin/env python3
"""The corpus table of papers/benchmarks.md (issue 20's done-when): reads the JSON report of
`mapcheck -j2 --json tests/cuda` on standard input, prints the count of kernels by verdict and
class, the number of files with errors, and the data-dependent kernels grouped by what their
reasons name (the `?` values and reads their sources point at).

    ./target/release/mapcheck -j2 --json tests/cuda | python3 papers/corpus-table.py
"""
import collections
import json
import os
import re
import sys

report = json.load(sys.stdin)
counts = collections.Counter()
groups = collections.defaultdict(list)
for k in report["kernels"]:
    counts[(k["verdict"], k["class"])] += 1
    if k["class"] != "data-dependent":
        continue
    names, kinds = set(), set()
    for r in k.get("reasons", []):
        for s in r.get("sources", []):
            kinds.add(s["kind"])
            m = re.search(r"`([^`]+)` is an unpredictable value", s.get("message", ""))
            if m:
                # The lowering numbers repeated names (`i_2`); `trips_step_may_be_0` is a name.
                names.add(re.sub(r"(?<!_may_be)_\d+$", "", m.group(1)))
    if "read" in kinds or "atomic" in kinds:
        group = "values read from memory (indirection, histograms, CSR, sorts)"
    elif names & {"unknown_cell", "unknown_call", "selected_read", "bytes_value"}:
        group = "unknown cells (library state, extern callees, casts outside extern __shared__)"
    elif names & {"trips", "still_looping"}:
        group = "loops without a core `for` (`?trips`)"
    else:
        group = "other per-thread unknowns (returns, joins, private arrays, intrinsics)"
    shown = sorted(names) + sorted(kinds - {"havoc"})
    groups[group].append(
        f"`{os.path.basename(k['file'])}` ({k['verdict']}; {' '.join(shown)})"
    )
files_with_errors = {e["file"] for e in report["errors"]}
print("| verdict (class) | kernels |\n|---|---:|")
for v in ["drf", "racy", "possibly-racy", "unknown"]:
    for c in ["exact", "data-dependent"]:
        print(f"| {v} ({c}) | {counts[(v, c)]} |")
print(f"| errors (files) | {len(files_with_errors)} |")
print()
for g, ks in sorted(groups.items()):
    print(f"* **{g}** — {len(ks)}: {', '.join(sorted(ks))}.")
