#!/usr/bin/env python3
"""Prints the module graph of src/ from every `crate::…` path, and the arrows that run against
the stage order or close a cycle (issue 26: "a graph that only points down").

usage: scripts/module-graph.py [SRC_DIR]      (default: src)
Exit 1 when an arrow points up the stage order or two modules use each other.

A module is the first path element under src/ (`resolve`, `schema`, `crd`, …). The stage order,
bottom first, is STAGES below: a module may use the ones below it, never one above it.
"""
import collections
import pathlib
import re
import sys

# Bottom first. Modules on one line form one layer (they must not use each other either way
# unless listed in SAME_LAYER_OK).
STAGES = [
    ["limits", "source", "golit", "gosort", "yaml11", "exit", "kube_openapi_versions",
     "controller_gen_versions"],
    ["diag"],
    ["markers"],
    ["syntax"],
    ["modules", "discover"],
    ["load"],
    ["model"],
    ["resolve"],
    ["schema", "manifests"],
    ["emit"],
    ["crd", "verify", "write"],
    ["pipeline"],
    ["validate"],
    ["cli"],
]
SAME_LAYER_OK = {("discover", "modules")}

src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "src")
layer = {m: i for i, ms in enumerate(STAGES) for m in ms}
edges = collections.defaultdict(set)
use = re.compile(r"crate::([a-z_0-9]+)")
for path in sorted(src.rglob("*.rs")):
    rel = path.relative_to(src)
    module = rel.parts[0].removesuffix(".rs")
    if module in ("lib", "main"):
        continue
    text = path.read_text()
    # Test modules may reach anywhere.
    text = text.split("#[cfg(test)]")[0]
    code = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//"))
    for target in use.findall(code):
        if target != module:
            edges[module].add(target)

bad = []
for module in sorted(edges):
    for target in sorted(edges[module]):
        mark = ""
        if module in layer and target in layer:
            if layer[target] > layer[module]:
                mark = "  <-- up the stage order"
            elif layer[target] == layer[module] and (module, target) not in SAME_LAYER_OK:
                mark = "  <-- sideways"
        elif module not in layer or target not in layer:
            mark = "  (module not in STAGES)"
        if module in edges.get(target, ()) and module < target:
            mark += "  <-- cycle"
        print(f"{module} -> {target}{mark}")
        if "<--" in mark:
            bad.append((module, target))
print(f"\n{sum(len(t) for t in edges.values())} edges, {len(bad)} against the order or in a cycle")
sys.exit(1 if bad else 0)
