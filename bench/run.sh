#!/usr/bin/env bash
# Benchmark of `union-gen generate --v2 … --v3 … ./...` (issue 7, SPEC §8 "Fast").
#
# usage: bench/run.sh [-n RUNS] [--scales "1 2 4"] [--real PATH]... [--no-build]
#
#   builds the release binary, generates the synthetic corpora (bench/gen_corpus.py) at each
#   scale into $BENCH_DIR (default: a temporary directory, removed afterwards), times each
#   corpus and each --real tree RUNS times (default 11, after a warm-up), and prints a
#   Markdown table: median wall, peak RSS (median), MB/s, median per-stage split
#   (UNION_GEN_TIMINGS=1), median CPU time, and the 4x/1x wall and CPU ratios against the ≤ 4.4 bar. Each --real tree
#   also gets a `-j 1` row.
#
# Needs: the Rust toolchain and python3 (standard library only). GNU time is not needed.
# Never run in CI: timings are machine-dependent, nothing here asserts on them except the
# printed pass/fail of the ratio.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=11
scales="1 2 4"
reals=()
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs="$2"; shift 2 ;;
    --scales) scales="$2"; shift 2 ;;
    --real) reals+=("$(cd "$2" && pwd)"); shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

if [ "$build" = 1 ]; then
  (cd "$root" && cargo build --release --quiet)
fi
bin="${CARGO_TARGET_DIR:-$root/target}/release/union-gen"
[ -x "$bin" ] || { echo "bench/run.sh: $bin not found (build it or drop --no-build)" >&2; exit 2; }

if [ -n "${BENCH_DIR:-}" ]; then
  work="$BENCH_DIR"
  mkdir -p "$work"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/union-gen-bench.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/out"
results="$work/results.jsonl"
: >"$results"

# row LABEL DIR [extra generate flags...]
row() {
  local label="$1" dir="$2"
  shift 2
  echo "bench: $label ($dir), $runs runs" >&2
  local json
  json="$(python3 "$here/timer.py" "$runs" "$dir" -- "$bin" generate "$@" \
    --v2 "$work/out/v2.json" --v3 "$work/out/v3.json" ./...)"
  local size
  size="$(python3 "$here/gen_corpus.py" --measure "$dir")"
  python3 - "$label" "$size" "$json" >>"$results" <<'PY'
import json, re, sys
label, size, res = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
m = re.search(r": (\d+) \.go files, (\d+) bytes .*bodies (\d+)%", size)
res.update(label=label, files=int(m.group(1)), bytes=int(m.group(2)), bodies_pct=int(m.group(3)))
print(json.dumps(res))
PY
}

for s in $scales; do
  corpus="$work/corpus-${s}x"
  if [ ! -f "$corpus/go.mod" ]; then
    python3 "$here/gen_corpus.py" --scale "$s" --out "$corpus"
  fi
  row "synthetic ${s}x" "$corpus"
done
for r in "${reals[@]}"; do
  row "$(basename "$r")" "$r"
  row "$(basename "$r") \`-j 1\`" "$r" -j 1
done

python3 "$here/report.py" "$results"
