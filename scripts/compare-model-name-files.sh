#!/usr/bin/env bash
# Regenerates the committed zz_generated.model_name.go files of Go modules with
# `union-gen openapi-gen --output-model-name-file` and compares them byte for byte.
#
# usage: scripts/compare-model-name-files.sh UNION_GEN HEADER DIR...
#   HEADER  the --go-header-file the files were made with (Kubernetes':
#           hack/boilerplate/boilerplate.generatego.txt, "Copyright The Kubernetes Authors.")
#   DIR     module directories (a k8s.io/api checkout, apimachinery from the module cache…),
#           copied side by side into a scratch directory; the committed files are removed there
#           first, then every package with a `// +k8s:openapi-gen=` line is given to ONE run,
#           as Kubernetes' hack/update-codegen.sh does.
# Exit 0 when every committed file is written again identically and no other is written.
set -euo pipefail
union_gen=$(realpath "${1:?usage: compare-model-name-files.sh UNION_GEN HEADER DIR...}")
header=$(realpath "${2:?HEADER}")
shift 2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for dir in "$@"; do
  name=$(basename "$(realpath "$dir")")
  cp -r "$dir" "$scratch/$name"
  chmod -R u+w "$scratch/$name"
  (cd "$dir" && find . -name zz_generated.model_name.go) | while read -r f; do
    mkdir -p "$scratch/golden/$name/$(dirname "$f")"
    cp "$dir/$f" "$scratch/golden/$name/$f"
    rm "$scratch/$name/$f"
  done
done
cd "$scratch"
mapfile -t packages < <(grep -rl --include='*.go' -e '^\s*//\s*+k8s:openapi-gen=' --exclude-dir=golden . \
  | grep -v '_test\.go$' | xargs -n1 dirname | sort -u)
"$union_gen" openapi-gen --go-header-file "$header" --output-dir "$scratch/out" \
  --output-pkg k8s.io/kubernetes/pkg/generated/openapi --output-file zz_generated.openapi.go \
  --output-model-name-file zz_generated.model_name.go --report-filename "$scratch/out/report" \
  "${packages[@]}"
status=0
total=0
same=0
skipped=0
while read -r f; do
  if ! printf '%s\n' "${packages[@]}" | grep -qxF "./$(dirname "${f#./golden/}")"; then
    # Made by another run (no `+k8s:openapi-gen=` line: apimachinery's runtime/testing/v1).
    skipped=$((skipped + 1))
    continue
  fi
  total=$((total + 1))
  if [ ! -f "${f#./golden/}" ]; then
    echo "not written: ${f#./golden/}"
    status=1
  elif cmp -s "$f" "${f#./golden/}"; then
    same=$((same + 1))
  else
    echo "differs: ${f#./golden/}"
    diff -u "$f" "${f#./golden/}" | head -20 || true
    status=1
  fi
done < <(find ./golden -name zz_generated.model_name.go | sort)
extra=$(find . -path ./golden -prune -o -name zz_generated.model_name.go -print | while read -r f; do
  [ -f "./golden/${f#./}" ] || echo "$f"; done)
[ -z "$extra" ] || { echo "written but not committed:"; echo "$extra"; status=1; }
echo "$same/$total committed model-name files identical ($skipped of packages outside the run skipped)"
exit $status
