#!/usr/bin/env bash
# Are mapcheck's answers a function of its input? Runs `mapcheck check --json` on every `.bcu`
# and `.cu` file of examples/ and tests/cuda/ RUNS times, every second run beside LOAD busy
# loops (a CPU-heavy load on top of whatever else the machine runs), and compares each run with
# the first: the JSON with its `time_ms` fields dropped, and the exit code. Prints one line per
# run (load average, wall time, files that differ) and the differing files.
#
# Usage: papers/determinism.sh [RUNS [MAPCHECK [EXTRA CHECK ARGS...]]]
#   RUNS      number of runs (default 4)
#   MAPCHECK  the binary (default target/release/mapcheck; build it first)
#   EXTRA     more arguments of `mapcheck check` (e.g. `--timeout 600` to take the wall-clock
#             backstop out of the question)
# Environment: LOAD busy loops in the loaded runs (default 4), JOBS files at once (default 2),
# OUT the directory of the outputs (default target/determinism), ONLY a regex that selects files.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-4}
bin=$(realpath "${2:-target/release/mapcheck}")
shift $(($# < 2 ? $# : 2))
extra=("$@")
load=${LOAD:-4}
jobs=${JOBS:-2}
out=${OUT:-target/determinism}
rm -rf "$out"
mkdir -p "$out"

mapfile -t files < <(find examples tests/cuda -type f \( -name '*.bcu' -o -name '*.cu' \) | sort)
if [[ -n ${ONLY:-} ]]; then
  mapfile -t files < <(printf '%s\n' "${files[@]}" | grep -E "$ONLY")
fi
echo "${#files[@]} files, $runs runs, $load busy loops in the even runs, $jobs at once, extra: ${extra[*]:-none}"

one() { # FILE DIR: the normalised JSON and exit code of one file
  local file=$1 dir=$2 code=0
  local dest="$dir/${file//\//__}"
  "$bin" check --json "${extra[@]}" "$file" >"$dest.raw" 2>"$dest.err" || code=$?
  python3 - "$dest.raw" >"$dest" <<'EOF'
import json, sys
def drop(o):
    if isinstance(o, dict):
        return {k: drop(v) for k, v in o.items() if k != "time_ms"}
    if isinstance(o, list):
        return [drop(v) for v in o]
    return o
text = open(sys.argv[1]).read()
try:
    print(json.dumps(drop(json.loads(text)), indent=1, sort_keys=True))
except ValueError:
    print(text)
EOF
  echo "exit $code" >>"$dest"
  cat "$dest.err" >>"$dest"
  rm -f "$dest.raw" "$dest.err"
}
export -f one
export bin
export extra_joined="${extra[*]:-}"

for ((r = 1; r <= runs; r++)); do
  dir="$out/run$r"
  mkdir -p "$dir"
  pids=()
  if ((r % 2 == 0)); then
    for ((i = 0; i < load; i++)); do
      (while :; do :; done) &
      pids+=($!)
    done
  fi
  start=$(date +%s)
  printf '%s\n' "${files[@]}" |
    xargs -P "$jobs" -I{} bash -c 'extra=($extra_joined); one "$1" "$2"' _ {} "$dir"
  end=$(date +%s)
  avg=$(cut -d' ' -f1 /proc/loadavg)
  for p in "${pids[@]}"; do kill "$p"; done
  wait "${pids[@]}" 2>/dev/null || true
  differ=0
  if ((r > 1)); then
    differ=$(diff -rq "$out/run1" "$dir" | wc -l || true)
  fi
  echo "run $r: $([ ${#pids[@]} -gt 0 ] && echo loaded || echo plain), load average $avg, $((end - start)) s, $differ files differ from run 1"
done

for ((r = 2; r <= runs; r++)); do
  diff -rq "$out/run1" "$out/run$r" | sed "s|^|run $r: |" || true
done
