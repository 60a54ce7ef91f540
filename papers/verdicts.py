#!/usr/bin/env python3
"""Verdicts and cost of every corpus kernel, for comparing two builds (issue 15).

    papers/verdicts.py BIN OUT [FILE...]

runs `BIN --json FILE` on every file of tests/cuda/, examples/ and examples/cuda/ (or the
files given), once with no flags and once with the flags of each `// check: FLAGS => ...`
line of the file (as mapcheck/tests/check_corpus.rs runs them), one run at a time under
`/usr/bin/time`, and writes

* OUT.verdicts: one line per (file, flags, kernel): class, verdict, arith, approximate and the
  sorted (kind, certainty, scope) of its findings — `diff` two of these to see every verdict
  or finding that changed between builds;
* OUT.json/: each run's JSON without `time_ms` (for `diff -r` of witnesses);
* OUT.cost: user CPU s, peak RSS KB, wall s, exit code, flags, file (one line per run).

The `unknown` verdicts and the runs over 2 s of user time are printed at the end.
"""

import json
import os
import re
import subprocess
import sys
import tempfile


def corpus():
    out = []
    for d, ext in (("tests/cuda", ".cu"), ("examples", ".bcu"), ("examples/cuda", ".cu")):
        out += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(ext))
    return out


def check_flags(path):
    flags = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*//\s*check:(.*?)=>", line)
            if m:
                words = m.group(1).split()
                if words and words not in flags:
                    flags.append(words)
    return flags


def strip_times(v):
    if isinstance(v, dict):
        return {k: strip_times(x) for k, x in v.items() if k != "time_ms"}
    if isinstance(v, list):
        return [strip_times(x) for x in v]
    return v


def main():
    binary, out = sys.argv[1], sys.argv[2]
    files = sys.argv[3:] or corpus()
    os.makedirs(out + ".json", exist_ok=True)
    verdicts, costs, unknown = [], [], []
    for path in files:
        for flags in [[]] + check_flags(path):
            with tempfile.NamedTemporaryFile("r") as t:
                cmd = ["/usr/bin/time", "-f", "%U %M %e %x", "-o", t.name, binary, "--json"]
                run = subprocess.run(cmd + flags + [path], capture_output=True, text=True)
                user, rss, wall, code = t.read().split()[-4:]
            tag = " ".join(flags) or "-"
            costs.append(f"{user}\t{rss}\t{wall}\t{code}\t{tag}\t{path}")
            try:
                doc = json.loads(run.stdout)
            except json.JSONDecodeError:
                verdicts.append(f"{path}\t{tag}\t-\tno JSON (exit {run.returncode})")
                continue
            name = (path + ("." + "_".join(flags) if flags else "")).replace("/", "__")
            with open(os.path.join(out + ".json", name + ".json"), "w") as f:
                json.dump(strip_times(doc), f, indent=1, sort_keys=True)
            for e in doc.get("errors", []):
                verdicts.append(f"{path}\t{tag}\t-\terror {e.get('message', '')[:80]}")
            for k in doc.get("kernels", []):
                finds = sorted(
                    f"{x.get('kind')}/{x.get('certainty')}/{x.get('scope', '-')}"
                    for x in k.get("findings", [])
                )
                row = [path, tag, k.get("name", "?"), k.get("class", "?"), k.get("verdict", "?"),
                       k.get("arith", "?"), "approximate" if k.get("approximate") else "-",
                       ",".join(finds) or "-"]
                verdicts.append("\t".join(row))
                if k.get("verdict") == "unknown":
                    unknown.append(f"{path} [{tag}] {k.get('name')}: {k.get('undecided')}")
    with open(out + ".verdicts", "w") as f:
        f.write("\n".join(verdicts) + "\n")
    with open(out + ".cost", "w") as f:
        f.write("\n".join(costs) + "\n")
    print(f"runs: {len(costs)}, kernels: {len(verdicts)}")
    print("unknown:", *unknown or ["none"], sep="\n  ")
    slow = sorted((c.split("\t") for c in costs), key=lambda c: -float(c[0]))
    print("over 2 s user:")
    for c in slow:
        if float(c[0]) > 2:
            print(f"  {c[0]:>6} s  {int(c[1]) // 1024:>4} MB  [{c[4]}] {c[5]}")
    default = sorted(float(c.split("\t")[0]) for c in costs if c.split("\t")[4] == "-")
    if default:
        print(f"median user (no flags, {len(default)} files): {default[len(default) // 2]:.2f} s")


if __name__ == "__main__":
    main()
