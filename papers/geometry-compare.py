#!/usr/bin/env python3
# Usage: ./target/release/mapcheck -j2 --json tests/cuda > fixed.json;
# python3 papers/geometry-compare.py ./target/release/mapcheck fixed.json /tmp/geomsym [MS]
"""Issue 20 item 7: kernels slower or less decided with the geometry fixed by the GPUVerify
header than with it symbolic. Reads the JSON of `mapcheck -j2 --json tests/cuda` (fixed,
argv[2]); writes to argv[3] copies of the files whose kernels took over 300 ms or were
`unknown`, with the header's --blockDim/--gridDim removed (-D flags kept), runs the release
binary (argv[1]) on them, and prints the comparison. argv[4] (optional) replaces the 300 ms
threshold: a kernel can only be "fixed worse" by the rule below when its fixed time is over
500 ms or it is `unknown`, so 500 picks every candidate in fewer files."""
import json, os, re, subprocess, sys
exe, fixed_json, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
threshold = float(sys.argv[4]) if len(sys.argv) > 4 else 300
fixed = json.load(open(fixed_json))
os.makedirs(tmp, exist_ok=True)
by_file = {}
for k in fixed["kernels"]:
    by_file.setdefault(k["file"], []).append(k)
chosen = []
for f, ks in by_file.items():
    if not any(k["time_ms"] > threshold or k["verdict"] == "unknown" for k in ks):
        continue
    lines = open(f).read().split("\n")
    if len(lines) < 2 or not re.search(r"--(blockDim|gridDim)", lines[1]):
        continue
    lines[1] = re.sub(r"--(blockDim|gridDim)=(\[[^\]]*\]|\S+)", "", lines[1])
    open(os.path.join(tmp, os.path.basename(f)), "w").write("\n".join(lines))
    os.makedirs(tmp + "_fixed", exist_ok=True)
    open(os.path.join(tmp + "_fixed", os.path.basename(f)), "w").write(open(f).read())
    chosen.append(f)
src = os.path.dirname(chosen[0]) if chosen else "."
for d in [tmp, tmp + "_fixed"]:
    for h in os.listdir(src):
        if h.endswith(".h") and not os.path.exists(os.path.join(d, h)):
            os.symlink(os.path.abspath(os.path.join(src, h)), os.path.join(d, h))
# Both runs on the chosen files, one after the other, under the same load.
def run(d):
    p = subprocess.run([exe, "-j2", "--json", d], capture_output=True, text=True)
    return {(os.path.basename(k["file"]), k["name"]): k for k in json.loads(p.stdout)["kernels"]}
fk = run(tmp + "_fixed")
sk = run(tmp)
by_file = {f: [fk[(os.path.basename(f), k["name"])] for k in ks if (os.path.basename(f), k["name"]) in fk]
           for f, ks in by_file.items()}
print(f"{len(chosen)} files over {threshold:g} ms or unknown with the header's geometry")
print("| kernel | fixed: verdict (class), time | symbolic: verdict (class), time |")
print("|---|---|---|")
rows = []
for f in chosen:
    for k in by_file[f]:
        s = sk.get((os.path.basename(f), k["name"]))
        if s is None:
            continue
        worse = (k["verdict"] == "unknown" and s["verdict"] != "unknown") or (
            k["time_ms"] > 1.5 * s["time_ms"] and k["time_ms"] - s["time_ms"] > 500)
        rows.append((worse, k["time_ms"] - s["time_ms"], f, k, s))
for worse, d, f, k, s in sorted(rows, key=lambda r: -r[1]):
    mark = " **fixed worse**" if worse else ""
    print(f"| `{os.path.basename(f)}` `{k['name']}`{mark} | {k['verdict']} ({k['class']}), {k['time_ms']/1000:.2f} s | {s['verdict']} ({s['class']}), {s['time_ms']/1000:.2f} s |")
