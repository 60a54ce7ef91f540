#!/usr/bin/env python3
"""The "Done when" measurements of issue 15 in one run.

    papers/acceptance.py BIN OUT [--jobs N] [--no-1024] [--no-pattern] [FILE...]

For every file of tests/cuda/, examples/ and examples/cuda/ (or the files given) runs
`BIN --json FILE` (symbolic geometry, or the file's own header geometry) and
`BIN --json --block-dim 1024 FILE`, each under `/usr/bin/time` (user CPU of the process and its
children — the clang front end of a `.cu` file included —, peak resident set, wall), and
reads from the JSON every kernel's verdict and `time_ms` (the wall clock of its decision with
the redundant-barrier advice). Then times `BIN FILE` on the issue's phase pattern with 100 and
1000 phases (`A[tid] := i; sync; let y = A[(tid + 1) % ntid]; B[tid] := y; sync;` repeated,
the kernel of `mapcheck bench --pattern N`), three runs each, median user time.

Writes OUT.tsv (mode, user s, peak KB, wall s, exit code, kernels, unknown kernels, file) and
prints, per mode: the median and maximum user time per file, the median `time_ms` per kernel,
the files over 2 s of user time, the `unknown` kernels, the maximum peak memory and the files
over 200 MB; the median over files of user(1024) / user(symbolic) (all files, and those whose
symbolic run took at least 0.1 s, above the process's start-up); and the pattern's
t(100), t(1000) and their ratio. User time, not wall: the machine is shared, and wall clock
under load is several times the CPU time (`--jobs 2` runs two files at once; user time then
grows a little with the contention, wall time halves).
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from verdicts import corpus  # noqa: E402  (the same corpus as the verdict table)


def timed(cmd):
    """(user s, peak KB, wall s, exit code, stdout) of `cmd` under /usr/bin/time."""
    with tempfile.NamedTemporaryFile("r") as t:
        run = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S %M %e %x", "-o", t.name] + cmd,
            capture_output=True,
            text=True,
        )
        user, _system, rss, wall, code = t.read().split()[-5:]
    return float(user), int(rss), float(wall), int(code), run.stdout


def measure(binary, mode, path):
    flags = ["--block-dim", "1024"] if mode == "1024" else []
    user, rss, wall, code, out = timed([binary, "--json"] + flags + [path])
    kernels, unknown = [], []
    try:
        doc = json.loads(out)
    except json.JSONDecodeError:
        doc = {}
    for k in doc.get("kernels", []):
        kernels.append((k.get("name", "?"), k.get("verdict"), k.get("time_ms", 0)))
        if k.get("verdict") == "unknown":
            unknown.append(k.get("name", "?"))
    return dict(mode=mode, user=user, rss=rss, wall=wall, code=code, kernels=kernels,
                unknown=unknown, file=path, json=bool(doc))


def pattern(n):
    s = f"kernel pattern_{n}() {{\n  shared A, B;\n"
    for i in range(max(n // 2, 1)):
        s += f"  A[tid] := {i};\n  sync;\n  let y{i} = A[(tid + 1) % ntid];\n  B[tid] := y{i};\n  sync;\n"
    return s + "}\n"


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def summary(rows, mode):
    rows = [r for r in rows if r["mode"] == mode]
    print(f"== {mode}: {len(rows)} files, {sum(len(r['kernels']) for r in rows)} kernels")
    users = [r["user"] for r in rows]
    worst = max(rows, key=lambda r: r["user"])
    print(f"median user per file: {median(users) * 1000:.0f} ms; "
          f"max {worst['user']:.2f} s ({worst['file']})")
    times = [t for r in rows for (_, _, t) in r["kernels"]]
    print(f"median time_ms per kernel (decision + advice, wall): {median(times):.0f} ms; "
          f"max {max(times, default=0)} ms")
    slow = sorted((r for r in rows if r["user"] > 2), key=lambda r: -r["user"])
    print(f"over 2 s user: {len(slow)}")
    for r in slow:
        print(f"  {r['user']:6.2f} s  {r['rss'] // 1024:4d} MB  {r['file']}")
    unknown = [(r["file"], k) for r in rows for k in r["unknown"]]
    print(f"unknown kernels: {len(unknown)}")
    for f, k in unknown:
        print(f"  {f} {k}")
    nojson = [r["file"] for r in rows if not r["json"]]
    print(f"runs without JSON (crash or usage error): {len(nojson)}", *nojson[:10], sep="\n  ")
    big = max(rows, key=lambda r: r["rss"])
    print(f"peak memory max: {big['rss'] / 1024:.0f} MB ({big['file']}); over 200 MB: "
          f"{sum(r['rss'] > 200 * 1024 for r in rows)}")


def main():
    args = sys.argv[1:]
    jobs, do_1024, do_pattern = 1, True, True
    if "--jobs" in args:
        i = args.index("--jobs")
        jobs = int(args[i + 1])
        del args[i:i + 2]
    if "--no-1024" in args:
        args.remove("--no-1024")
        do_1024 = False
    if "--no-pattern" in args:
        args.remove("--no-pattern")
        do_pattern = False
    binary, out = args[0], args[1]
    files = args[2:] or corpus()
    modes = ["symbolic"] + (["1024"] if do_1024 else [])
    work = [(m, f) for f in files for m in modes]
    with ThreadPoolExecutor(jobs) as pool:
        rows = list(pool.map(lambda w: measure(binary, w[0], w[1]), work))
    with open(out + ".tsv", "w") as f:
        for r in rows:
            print(r["mode"], r["user"], r["rss"], r["wall"], r["code"], len(r["kernels"]),
                  ",".join(r["unknown"]) or "-", r["file"], sep="\t", file=f)
    for m in modes:
        summary(rows, m)
    if do_1024:
        sym = {r["file"]: r for r in rows if r["mode"] == "symbolic" and r["json"]}
        pairs = [(sym[r["file"]]["user"], r["user"]) for r in rows
                 if r["mode"] == "1024" and r["json"] and r["file"] in sym]
        ratio = [b / max(a, 0.01) for a, b in pairs]
        big = [b / a for a, b in pairs if a >= 0.1]
        print(f"== 1024 / symbolic, user per file: median {median(ratio):.2f} over {len(ratio)}"
              f" files; median {median(big):.2f} over the {len(big)} files of >= 0.1 s symbolic;"
              f" max {max(ratio, default=0):.1f}")
        worst = sorted(((b / max(a, 0.01), a, b, f) for (f, s) in sym.items()
                        for r in rows if r["mode"] == "1024" and r["file"] == f
                        for a, b in [(s["user"], r["user"])]), reverse=True)[:5]
        for q, a, b, f in worst:
            print(f"  x{q:5.1f}  {a:.2f} -> {b:.2f} s  {f}")
    if do_pattern:
        with tempfile.TemporaryDirectory() as d:
            t = {}
            for n in (100, 1000):
                path = os.path.join(d, f"pattern_{n}.bcu")
                with open(path, "w") as f:
                    f.write(pattern(n))
                t[n] = median([timed([binary, path])[0] for _ in range(3)])
        print(f"== pattern: t(100) = {t[100]:.2f} s, t(1000) = {t[1000]:.2f} s user (median of"
              f" 3); ratio {t[1000] / max(t[100], 0.01):.1f}")
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
