#!/usr/bin/env bash
# union-gen side by side with a parse-only go/parser run (bench/goparse/main.go, -j 1) on the
# same tree: medians of interleaved runs and each binary's ratio to the baseline (issue 36).
#
# usage: bench/goparse.sh [-n RUNS] DIR LABEL=BINARY...
#   e.g. GOMODCACHE=/path/to/cache bench/goparse.sh -n 21 ~/api before=old/union-gen after=target/release/union-gen
# Needs Go on PATH (the baseline is built into a temporary directory) and python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$here/goparse" && GOFLAGS= go build -o "$work/goparse" .)
# Not exec: the EXIT trap must outlive the comparison to remove the baseline binary.
python3 "$here/compare.py" --baseline "$work/goparse" "$@"
