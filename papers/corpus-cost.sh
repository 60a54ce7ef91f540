#!/bin/sh
# Peak memory and time of `mapcheck FILE` (advice included) on every corpus kernel, one file at
# a time, for one or more builds run alternately on each file (so that the machine's load hits
# them alike). Used for papers/benchmarks.md, "Issue 15: memory and time per kernel".
#
#   papers/corpus-cost.sh OUT.tsv BIN [BIN...]          # e.g. target/release/mapcheck
#   EXTRA="--block-dim 1024" papers/corpus-cost.sh ...  # flags given to every run
#   FILES="a.cu b.cu" papers/corpus-cost.sh ...         # another set of files
#
# OUT.tsv has one row per (file, build): build, peak resident set (KB), wall (s), user (s),
# exit code, file; OUT.tsv.out/N/ keeps what build N (1, 2, ...) printed for each file, for
# `diff -r` between builds (the report names no times, so equal reports are equal verdicts,
# findings and witnesses). A summary per build follows on standard output: the maximum and the worst
# five by memory, the median and the files over 2 s of wall clock.
set -eu
out=$1
shift
files=${FILES:-$(ls tests/cuda/*.cu examples/*.bcu examples/cuda/*.cu)}
: >"$out"
for f in $files; do
  n=0
  for bin in "$@"; do
    n=$((n + 1))
    mkdir -p "$out.out/$n/$(dirname "$f")"
    t=$(mktemp)
    # shellcheck disable=SC2086
    /usr/bin/time -f "%M %e %U %x" -o "$t" "$bin" ${EXTRA:-} "$f" >"$out.out/$n/$f.txt" 2>&1 || true
    printf '%s\t%s\t%s\n' "$bin" "$(tail -1 "$t" | tr ' ' '\t')" "$f" >>"$out"
    rm -f "$t"
  done
done
for bin in "$@"; do
  echo "== $bin"
  awk -F'\t' -v b="$bin" '$1 == b' "$out" >"$out.one"
  echo "files: $(wc -l <"$out.one")"
  echo "worst five by peak memory (MB, wall s, file):"
  sort -t"$(printf '\t')" -k2,2nr "$out.one" | head -5 |
    awk -F'\t' '{ printf "  %6.0f MB %7.2f s  %s\n", $2 / 1024, $3, $6 }'
  echo "median wall: $(cut -f3 "$out.one" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }') s"
  echo "over 2 s (wall s, user s, file):"
  awk -F'\t' '$3 > 2 { printf "  %7.2f %7.2f  %s\n", $3, $4, $6 }' "$out.one"
  rm -f "$out.one"
done
