#!/usr/bin/env bash
# Seeds each fuzz target's corpus from the repository's own inputs (the corpora are not kept
# in git) and fuzzes each target for SECONDS (default 60). Needs nightly and cargo-fuzz:
#   rustup toolchain install nightly && cargo install --locked cargo-fuzz
# usage: fuzz/run.sh [SECONDS] [TARGET...]
#   (targets: extract markers consteval kube_yaml cel_rules; all by default)
# A crash leaves its input in fuzz/artifacts/TARGET/; add it as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(extract markers consteval kube_yaml cel_rules)

# One corpus file per input, named by its checksum (stable across runs and machines).
add() {
  local dir=$1 text=$2
  local name
  name=$(printf '%s' "$text" | cksum | cut -d' ' -f1)
  printf '%s' "$text" >"$dir/seed-$name"
}

seed() {
  local target=$1 dir=fuzz/corpus/$1
  mkdir -p "$dir"
  if compgen -G "$dir/*" >/dev/null; then return; fi
  echo "fuzz/run.sh: seeding $dir from testdata/ and grammar-tests/" >&2
  local files
  mapfile -t files < <(find testdata grammar-tests -name '*.go' | sort)
  case $target in
    extract)
      for file in "${files[@]}"; do add "$dir" "$(cat "$file")"; done ;;
    markers)
      # Every marker line of the Go inputs, without its comment slashes.
      grep -h -o '^[[:space:]]*//[[:space:]]*+.*' "${files[@]}" | sed 's|^[[:space:]]*//[[:space:]]*||' \
        | sort -u | while IFS= read -r line; do add "$dir" "$line"; done ;;
    consteval)
      # The right-hand sides of constant specs (`Name T = expr`), one expression a file.
      grep -h -o '^[[:space:]]*[A-Z][A-Za-z0-9_]*[[:space:]]\+[A-Za-z.]*[[:space:]]*=[[:space:]].*' "${files[@]}" \
        | sed 's|^[^=]*=[[:space:]]*||' | sort -u | while IFS= read -r line; do add "$dir" "$line"; done ;;
    kube_yaml)
      # Every YAML and JSON document of testdata/, and YAML 1.1's surprises in one stream.
      while IFS= read -r file; do add "$dir" "$(cat "$file")"; done \
        < <(find testdata -name '*.yaml' -o -name '*.yml' -o -name '*.json' | sort)
      add "$dir" $'apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  x: &a [1, yes, 017]\n  y: *a\n  <<: {z: ~}\n---\n[1, {a: b}]\n' ;;
    cel_rules)
      # The CEL rules of testdata's manifests, Go markers and snapshots, and two that use
      # macros, regexes and Kubernetes' libraries over the target's object.
      {
        grep -rhoE '^[[:space:]]*(- )?rule: .*' testdata --include='*.yaml' \
          | sed -E "s/^[[:space:]]*(- )?rule: //; s/^'(.*)'\$/\\1/; s/^\"(.*)\"\$/\\1/"
        grep -rhoE 'rule="([^"\\]|\\.)*"' testdata grammar-tests --include='*.go' \
          | sed -E 's/^rule="//; s/"$//'
        grep -rhoE '"rule": "([^"\\]|\\.)*"' snapshots | sed -E 's/^"rule": "//; s/"$//'
        printf '%s\n' 'self.l.all(x, self.l.exists(y, x + y > 3)) && self.s.matches("^\\w+$")' \
          "self.l.map(x, string(x) + self.s).size() > quantity('1Gi').asInteger()"
      } | sort -u | while IFS= read -r rule; do add "$dir" "$rule"; done ;;
    *) echo "fuzz/run.sh: unknown target $target" >&2; exit 2 ;;
  esac
}

for target in "${targets[@]}"; do
  seed "$target"
  echo "fuzz/run.sh: $target, $(find "fuzz/corpus/$target" -type f | wc -l) inputs, ${seconds}s" >&2
  cargo +nightly fuzz run "$target" "fuzz/corpus/$target" -- -max_total_time="$seconds"
done
