#!/usr/bin/env bash
# Instruction counts of one `union-gen generate --v2 … --v3 … ./...` run, whole and per stage,
# with callgrind: repeatable on a loaded machine where wall-clock times are not (issue 36).
#
# usage: bench/instructions.sh BINARY TREE [OUT.callgrind] [-- generate args...]
#   BINARY  a union-gen with symbols (`cargo build --profile profiling`)
#   TREE    a Go module directory (k8s.io/api, a bench/gen_corpus.py tree)
# Prints total instructions (every thread) and the inclusive count of each stage's entry
# function; keeps the callgrind file when OUT is given (`callgrind_annotate --inclusive=yes
# OUT` for the full profile). Runs with -j 1 unless the generate args say otherwise, so the
# counts do not include rayon's work-stealing spins.
set -euo pipefail
bin=$(realpath "${1:?usage: instructions.sh BINARY TREE [OUT] [-- args]}")
tree=${2:?TREE}
shift 2
out=""
if [ $# -gt 0 ] && [ "$1" != "--" ]; then out=$(realpath -m "$1"); shift; fi
[ "${1:-}" = "--" ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$out" ] || out="$work/callgrind.out"
if [ $# -gt 0 ]; then args=("$@"); else
  args=(generate -j 1 --v2 "$work/v2.json" --v3 "$work/v3.json" ./...)
fi
(cd "$tree" && valgrind --tool=callgrind --callgrind-out-file="$out" --dump-instr=no \
  "$bin" "${args[@]}" >/dev/null 2>"$work/log") || true
total=$(grep -E '^(summary|totals):' "$out" | head -1 | awk '{print $2}')
callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null >"$work/annotated"
stage() { # label function-name-pattern
  local n
  n=$(grep -E "$2" "$work/annotated" | head -1 | awk '{gsub(",","",$1); print $1}' || true)
  printf '  %-12s %14s\n' "$1" "${n:-?}"
}
printf 'total        %14s instructions (%s)\n' "$total" "$tree"
stage discover 'union_gen::discover::discover[ (]'
stage load+parse 'union_gen::load::load_(with|reaching)[ (]'
stage resolve 'union_gen::resolve::resolve[ (]'
stage parse 'union_gen::syntax::parse(_within_bounds)?[ (]'
stage prescan 'union_gen::syntax::prescan::scan[ (]'
stage tree-sitter 'ts_parser_parse_with_options'
stage extract 'union_gen::syntax::extract::extract[ (]'
stage judge 'union_gen::resolve::closure::Closure::judge'
stage schema 'union_gen::schema::build[ (]'
stage emit 'union_gen::emit::to_bytes[ (]'
