#!/usr/bin/env bash
# Runs a command N times (after one warm-up) and prints the median wall time and peak RSS.
# usage: bench/median.sh N command [args...]
set -euo pipefail
n=${1:?usage: median.sh N command...}
shift
"$@" >/dev/null 2>&1 || true
record=$(mktemp)
trap 'rm -f "$record"' EXIT
times=()
rss=()
for _ in $(seq "$n"); do
  /usr/bin/time -o "$record" -f "%e %M" "$@" >/dev/null 2>&1 || true
  read -r t r <"$record"
  times+=("$t")
  rss+=("$r")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "median $(median "${times[@]}") s, peak RSS (median) $(median "${rss[@]}") KB, $n runs"
