#!/usr/bin/env bash
# Runs `union-gen dump-syntax` of two binaries on every Go file under the given directories and
# reports the files whose dump (declarations, docs, markers, methods with their positions and
# values, diagnostics) differs: for changes to the front end (syntax/) that must not change
# what it extracts (issue 36).
#
# usage: scripts/same-syntax.sh OLD_BIN NEW_BIN DIR...
set -uo pipefail
old=${1:?usage: same-syntax.sh OLD_BIN NEW_BIN DIR...}
new=${2:?usage: same-syntax.sh OLD_BIN NEW_BIN DIR...}
shift 2
files=0 differ=0
while IFS= read -r -d '' file; do
  files=$((files + 1))
  if ! cmp -s <("$old" dump-syntax "$file" 2>&1; echo "exit $?") \
              <("$new" dump-syntax "$file" 2>&1; echo "exit $?"); then
    differ=$((differ + 1))
    echo "differs: $file"
  fi
done < <(find "$@" -name '*.go' -type f -print0)
echo "$files Go files, $differ differ"
[ "$differ" -eq 0 ]
