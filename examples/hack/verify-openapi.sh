#!/usr/bin/env bash
# hack/verify-openapi.sh: exit 1 and print a diff when the committed documents are stale.
# Writes nothing. In GitHub Actions pass --message-format github for annotations.
# API_PACKAGES and OPENAPI_DIR as in hack/update-openapi.sh.
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

status=0
"${UNION_GEN}" generate --verify \
  --v2 "${OPENAPI_DIR}/swagger.json" \
  --v3 "${OPENAPI_DIR}/v3.json" \
  "$@" "${packages[@]}" || status=$?
if [[ ${status} -eq 1 ]]; then
  # With the same arguments hack/update-openapi.sh runs the command above without --verify.
  update="hack/update-openapi.sh"
  if [[ $# -gt 0 ]]; then update+="$(printf ' %q' "$@")"; fi
  echo "$(basename "$0"): or run: ${update}"
fi
exit "${status}"
