#!/usr/bin/env bash
# Objects per second of `union-gen validate` once the schemas are loaded: N generated Widget
# objects (a CRD with a nested list-map, an enum, bounds, a pattern and three CEL rules, one
# of them a union rule), half of them invalid, in one YAML stream.
#
# usage: bench/validate.sh [N] [UNION_GEN]   (default 20000, target/release/union-gen)
set -euo pipefail
n=${1:-20000}
bin=${2:-target/release/union-gen}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/crd.yaml" <<'YAML'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [mode]
            x-kubernetes-validations:
            - rule: "(has(self.cpu) ? 1 : 0) + (has(self.gpu) ? 1 : 0) <= 1"
              message: at most one of cpu and gpu may be set
            properties:
              mode: {type: string, enum: [Fast, Slow]}
              replicas: {type: integer, minimum: 0, maximum: 100, default: 1}
              name: {type: string, pattern: "^[a-z][a-z0-9-]*$", maxLength: 63}
              cpu: {type: string, x-kubernetes-validations: [{rule: "isQuantity(self)", message: not a quantity}]}
              gpu: {type: integer}
              ports:
                type: array
                maxItems: 16
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [port]
                items:
                  type: object
                  required: [port]
                  properties:
                    port: {type: integer, minimum: 1, maximum: 65535}
                    protocol: {type: string, enum: [TCP, UDP], default: TCP}
                  x-kubernetes-validations:
                  - rule: "self.protocol != 'UDP' || self.port > 1024"
                    message: UDP ports must be above 1024
YAML
python3 - "$n" > "$dir/objects.yaml" <<'PY'
import sys
n = int(sys.argv[1])
for i in range(n):
    bad = i % 2 == 1
    print("---")
    print("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w-%d\n  namespace: default" % i)
    print("spec:\n  mode: %s\n  replicas: %d\n  name: widget-%d" % ("Medium" if bad else "Fast", -1 if bad else 3, i))
    print("  cpu: 500m" if i % 3 else "  gpu: 1")
    print("  ports:\n  - port: 8080\n  - port: %d\n    protocol: UDP" % (53 if bad else 5353))
PY
UNION_GEN_TIMINGS=1 "$bin" validate --crd "$dir/crd.yaml" "$dir/objects.yaml" --message-format json \
  2>"$dir/err" >/dev/null || true
grep 'union-gen timings' "$dir/err"
ms=$(sed -n 's/.*validate=\([0-9.]*\)ms.*/\1/p' "$dir/err")
errors=$(grep -c '"code":"validate/invalid"' "$dir/err" || true)
python3 -c "print('%d objects, %d errors: %.0f objects/s (validation only, after reading)' % ($n, $errors, $n / ($ms / 1000)))"
start=$(date +%s.%N)
"$bin" validate --crd "$dir/crd.yaml" "$dir/objects.yaml" --message-format json 2>/dev/null >/dev/null || true
end=$(date +%s.%N)
python3 -c "print('whole run (read, parse, locate, validate, render): %.2f s, %.0f objects/s' % ($end - $start, $n / ($end - $start)))"
