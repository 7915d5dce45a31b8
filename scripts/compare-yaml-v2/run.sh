#!/usr/bin/env bash
# Differential test of union-gen's yaml.v2 writer (src/emit/yaml_v2.rs) against gopkg.in/yaml.v2
# itself: random JSON documents (gen.py: every scalar style, folding, key orders, numbers), each
# written by yaml.v2's Marshal-of-Unmarshal (oracle.go, what controller-gen's yamlMarshal does)
# and by `cargo run --example yaml_v2`; the outputs must be identical.
#
# usage: GOYAML=<checkout of github.com/go-yaml/yaml at v2.4.0> scripts/compare-yaml-v2/run.sh [SEEDS] [DOCS]
# Needs Go on PATH (offline is fine: the oracle only imports yaml.v2, replaced by GOYAML).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seeds=${1:-8}
docs=${2:-3000}
: "${GOYAML:?set GOYAML to a go-yaml checkout at v2.4.0}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/oracle"
cp "$here/oracle.go" "$work/oracle/main.go"
cat > "$work/oracle/go.mod" <<MOD
module yamloracle

go 1.22

require gopkg.in/yaml.v2 v2.4.0

replace gopkg.in/yaml.v2 => $GOYAML
MOD
(cd "$work/oracle" && GOFLAGS=-mod=mod GOPROXY=off go build -o "$work/yaml-v2" .)
(cd "$root" && cargo build --release --quiet --example yaml_v2)
ours="$root/target/release/examples/yaml_v2"
failed=0
for seed in $(seq 1 "$seeds"); do
  python3 "$here/gen.py" "$seed" "$docs" > "$work/in.jsonl"
  "$work/yaml-v2" < "$work/in.jsonl" > "$work/go.yaml"
  "$ours" < "$work/in.jsonl" > "$work/rs.yaml"
  if cmp -s "$work/go.yaml" "$work/rs.yaml"; then
    echo "seed $seed: $docs documents identical"
  else
    echo "seed $seed: DIFFER"; diff "$work/go.yaml" "$work/rs.yaml" | head -20; failed=1
  fi
done
exit $failed
