#!/usr/bin/env bash
# Runs two union-gen binaries' `crd` on copies of the same manifests of a real project and
# reports whether everything is byte-identical: the patched manifests, the summary on stdout,
# the JSON diagnostics and the exit code. The `crd` counterpart of scripts/same-output.sh,
# for refactors of how `crd` reads, compares and writes rules that must not change behaviour.
#
# usage: scripts/same-crd-output.sh OLD_BIN NEW_BIN TREE PACKAGES MANIFEST...
#   TREE is the Go module directory the packages are read from (run with GOMODCACHE set when
#   its dependencies live in a module cache); MANIFEST paths are relative to TREE and are
#   never changed (each side patches its own copy).
#   e.g. scripts/same-crd-output.sh old new ~/gateway-api ./apis/... config/crd/standard/*.yaml
set -uo pipefail
old=${1:?usage: same-crd-output.sh OLD_BIN NEW_BIN TREE PACKAGES MANIFEST...}
new=${2:?usage: same-crd-output.sh OLD_BIN NEW_BIN TREE PACKAGES MANIFEST...}
tree=${3:?usage: same-crd-output.sh OLD_BIN NEW_BIN TREE PACKAGES MANIFEST...}
packages=${4:?usage: same-crd-output.sh OLD_BIN NEW_BIN TREE PACKAGES MANIFEST...}
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in old new; do
  bin=${!side}
  mkdir -p "$work/$side/manifests"
  copies=()
  for manifest in "$@"; do
    copy="$work/$side/manifests/$(basename "$manifest")"
    cp "$tree/$manifest" "$copy"
    copies+=("$copy")
  done
  (cd "$tree" && "$bin" crd --message-format json "${copies[@]}" --packages "$packages" \
    >"$work/$side/stdout" 2>"$work/$side/stderr"; echo "$?" >"$work/$side/rc")
  sed -i "s|$work/$side/|WORK/|g" "$work/$side/stdout" "$work/$side/stderr"
done
changed=$(for manifest in "$@"; do
  cmp -s "$tree/$manifest" "$work/new/manifests/$(basename "$manifest")" || echo x
done | wc -l)
if diff -r "$work/old" "$work/new" >/dev/null; then
  echo "same: $tree $packages ($# manifests, $changed patched, exit $(cat "$work/new/rc"))"
else
  echo "DIFFERENT: $tree $packages"
  diff -r "$work/old" "$work/new" | head -40
  exit 1
fi
