#!/usr/bin/env bash
# hack/update-openapi.sh: regenerates the OpenAPI documents from the Go API types.
# API_PACKAGES: the Go packages (default ./api/... when api/ holds Go files, as kubebuilder
# lays projects out, else ./pkg/apis/...); OPENAPI_DIR: the documents' directory (api/openapi).
set -o errexit -o nounset -o pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"
UNION_GEN="${UNION_GEN:-union-gen}" # or a path, e.g. UNION_GEN=_output/bin/union-gen
if ! command -v "${UNION_GEN}" >/dev/null 2>&1; then
  echo "$(basename "$0"): ${UNION_GEN} not found: install it (union-gen's README, Install)" \
    "or set UNION_GEN=/path/to/union-gen" >&2
  exit 2
fi
if [[ -z "${API_PACKAGES:-}" ]]; then
  if [[ -n "$(find api -name '*.go' -print -quit 2>/dev/null)" ]]; then
    API_PACKAGES=./api/...
  elif [[ -d pkg/apis ]]; then
    API_PACKAGES=./pkg/apis/...
  else
    echo "$(basename "$0"): no Go files under api/ or pkg/apis/:" \
      "set API_PACKAGES, e.g. API_PACKAGES=./apis/..." >&2
    exit 2
  fi
fi
read -r -a packages <<<"${API_PACKAGES}"
OPENAPI_DIR="${OPENAPI_DIR:-api/openapi}"

mkdir -p "${OPENAPI_DIR}"
"${UNION_GEN}" generate \
  --v2 "${OPENAPI_DIR}/swagger.json" \
  --v3 "${OPENAPI_DIR}/v3.json" \
  "$@" "${packages[@]}"
