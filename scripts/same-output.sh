#!/usr/bin/env bash
# Runs two union-gen binaries on the same Go module trees and reports whether every output
# (v2 and v3 documents with CEL rules, `check` diagnostics as JSON lines, exit codes) is
# byte-identical. For refactors that must not change behaviour (issue 12).
#
# usage: scripts/same-output.sh OLD_BIN NEW_BIN TREE... 
#   each TREE is a Go module directory (e.g. a k8s.io/api checkout); run with GOMODCACHE set
#   when its dependencies live in a module cache (scripts/prepare-module-cache.sh).
set -uo pipefail
old=${1:?usage: same-output.sh OLD_BIN NEW_BIN TREE...}
new=${2:?usage: same-output.sh OLD_BIN NEW_BIN TREE...}
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for tree in "$@"; do
  for side in old new; do
    bin=${!side}
    out="$work/$side"
    mkdir -p "$out"
    (cd "$tree" && "$bin" generate --cel --v2 "$out/v2.json" --v3 "$out/v3.yaml" ./... \
      >/dev/null 2>"$out/generate.err"; echo "$?" >"$out/generate.rc")
    (cd "$tree" && "$bin" check --message-format json ./... >"$out/check.jsonl" 2>&1; echo "$?" >"$out/check.rc")
  done
  if diff -r "$work/old" "$work/new" >/dev/null; then
    echo "same: $tree ($(wc -c <"$work/new/v2.json") bytes v2, $(wc -l <"$work/new/check.jsonl") diagnostics)"
  else
    echo "DIFFERENT: $tree"
    diff -r "$work/old" "$work/new" | head -20
    status=1
  fi
  rm -rf "$work/old" "$work/new"
done
exit $status
