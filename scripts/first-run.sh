#!/usr/bin/env bash
# "The first command a user types", on someone else's tree: `union-gen check ./...` and, when
# CRD manifests are named, `union-gen crd MANIFESTS` (default package pattern ./...), both on a
# temporary copy of the tree (crd writes in place; the tree itself is never changed).
#
# usage: UNION_GEN=/path/to/union-gen scripts/first-run.sh TREE ['CRD_GLOB'...]
#   CRD_GLOB is relative to TREE and expanded in the copy (quote it): 'config/crd/bases/*.yaml'
#   GOMODCACHE is passed on (scripts/prepare-module-cache.sh arranges one).
#   FIRST_RUN_OUT=DIR keeps the JSON diagnostics (check.jsonl, crd.jsonl) and crd.diff there.
#   FIRST_RUN_PACKAGES='./api/... ./pkg/apis/...' replaces the default ./... (both commands;
#   crd gets them as --packages), to measure a run narrowed to the API packages.
# Prints one JSON object per line, e.g.
#   {"step": "check", "exit": 1, "errors": {"resolve/unsupported-type": 2}, "warnings": {...}}
#   {"step": "crd", "exit": 0, "files": 12, ..., "diff_stat": "3 files changed, 40 insertions(+)"}
set -o errexit -o nounset -o pipefail

UNION_GEN=${UNION_GEN:-union-gen}
tree=${1:?usage: UNION_GEN=... first-run.sh TREE ['CRD_GLOB'...]}
shift
tree=$(cd "$tree" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${FIRST_RUN_OUT:-$work/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)

mkdir "$work/tree"
(cd "$tree" && tar -c --exclude=./.git .) | tar -x -C "$work/tree"
cd "$work/tree"
# a baseline to diff against (the tree may not be a git checkout); kept outside the copy
git --git-dir="$work/git" init -q
git --git-dir="$work/git" --work-tree=. -c gc.auto=0 add -Af . >/dev/null 2>&1
git --git-dir="$work/git" --work-tree=. -c gc.auto=0 -c user.email=x@y -c user.name=first-run \
  commit -qm base >/dev/null 2>&1 || true

summarise() { # STEP EXIT JSONL [extra JSON fields]
  python3 - "$@" <<'EOF'
import collections, json, sys
step, code, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
extra = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
counts = {"error": collections.Counter(), "warning": collections.Counter()}
other = []
for line in open(path, errors="replace"):
    line = line.strip()
    if not line:
        continue
    try:
        d = json.loads(line)
    except ValueError:
        other.append(line[:200])
        continue
    counts["error" if d.get("severity") == "error" else "warning"][d.get("code", "?")] += 1
row = {"step": step, "exit": code,
       "errors": dict(sorted(counts["error"].items())),
       "warnings": dict(sorted(counts["warning"].items()))}
if other:
    row["non_json_stderr"] = other[:5]
row.update(extra)
print(json.dumps(row))
EOF
}

set +o errexit
read -r -a packages <<<"${FIRST_RUN_PACKAGES:-./...}"
"$UNION_GEN" check --message-format json "${packages[@]}" >/dev/null 2>"$out/check.jsonl"
rc=$?
set -o errexit
summarise check "$rc" "$out/check.jsonl"

if [ "$#" -gt 0 ]; then
  manifests=()
  for glob in "$@"; do
    # shellcheck disable=SC2206 # the glob is meant to expand here
    matched=($glob)
    for f in "${matched[@]}"; do [ -e "$f" ] && manifests+=("$f"); done
  done
  if [ "${#manifests[@]}" -eq 0 ]; then
    echo '{"step": "crd", "error": "no manifest matched"}'
    exit 0
  fi
  set +o errexit
  narrow=()
  [ -n "${FIRST_RUN_PACKAGES:-}" ] && narrow=(--packages "${packages[@]}")
  "$UNION_GEN" crd --message-format json "${manifests[@]}" "${narrow[@]}" >/dev/null 2>"$out/crd.jsonl"
  rc=$?
  set -o errexit
  git --git-dir="$work/git" --work-tree=. diff >"$out/crd.diff"
  stat=$(git --git-dir="$work/git" --work-tree=. diff --shortstat | sed 's/^ *//')
  summarise crd "$rc" "$out/crd.jsonl" \
    "$(python3 -c 'import json,sys; print(json.dumps({"files": int(sys.argv[1]), "diff_stat": sys.argv[2]}))' \
      "${#manifests[@]}" "$stat")"
fi
