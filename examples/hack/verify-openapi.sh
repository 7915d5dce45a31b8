#!/usr/bin/env bash
# hack/verify-openapi.sh: exit 1 and print a diff when the committed documents are stale.
# Writes nothing. In GitHub Actions pass --message-format github for annotations.
set -o errexit -o nounset -o pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"
UNION_GEN="${UNION_GEN:-union-gen}" # or a path, e.g. UNION_GEN=_output/bin/union-gen
if ! command -v "${UNION_GEN}" >/dev/null 2>&1; then
  echo "$(basename "$0"): ${UNION_GEN} not found: install it (pip install union-gen)" \
    "or set UNION_GEN=/path/to/union-gen" >&2
  exit 2
fi

"${UNION_GEN}" generate --verify \
  --v2 api/openapi/swagger.json \
  --v3 api/openapi/v3.json \
  "$@" ./pkg/apis/...
