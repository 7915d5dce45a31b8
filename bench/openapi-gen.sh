#!/usr/bin/env bash
# Times `union-gen openapi-gen` against kube-openapi's openapi-gen on the same input: a
# whole-tree run like Kubernetes' (every package of TREE with a `// +k8s:openapi-gen=` line,
# one invocation, --output-model-name-file and --report-filename as kube_codegen.sh passes).
#
# usage: bench/openapi-gen.sh N UNION_GEN TREE [OPENAPI_GEN]
#   N            runs per tool (after one warm-up each); medians are printed
#   TREE         a directory holding Go modules (e.g. api/ = k8s.io/api and apimachinery/),
#                copied to a scratch directory first (model-name files are written into it)
#   OPENAPI_GEN  an openapi-gen binary (go install k8s.io/kube-openapi/cmd/openapi-gen);
#                without it only union-gen is timed
# GOMODCACHE/GOFLAGS are passed through (openapi-gen loads packages with `go list`).
set -euo pipefail
n=${1:?usage: openapi-gen.sh N UNION_GEN TREE [OPENAPI_GEN]}
union_gen=$(realpath "${2:?UNION_GEN}")
tree=$(realpath "${3:?TREE}")
openapi_gen=${4:+$(realpath "$4")}
here=$(dirname "$(realpath "$0")")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$tree" "$scratch/tree"
chmod -R u+w "$scratch/tree"
cd "$scratch/tree"
mapfile -t packages < <(grep -rl --include='*.go' -e '^\s*//\s*+k8s:openapi-gen=' . \
  | grep -v '_test\.go$' | xargs -n1 dirname | sort -u)
echo "${#packages[@]} packages"
flags=(--output-dir "$scratch/out" --output-pkg k8s.io/kubernetes/pkg/generated/openapi
  --output-file zz_generated.openapi.go --output-model-name-file zz_generated.model_name.go
  --report-filename "$scratch/out/report")
echo -n "union-gen:   "
"$here/median.sh" "$n" "$union_gen" openapi-gen "${flags[@]}" "${packages[@]}"
if [ -n "$openapi_gen" ]; then
  echo -n "openapi-gen: "
  "$here/median.sh" "$n" "$openapi_gen" "${flags[@]}" "${packages[@]}"
fi
