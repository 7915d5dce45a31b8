#!/usr/bin/env python3
"""Compares `validate --packages` (schemas built from the Go types and their kubebuilder
markers) with `validate --crd` (the project's committed, controller-gen generated CRDs) on a
kubebuilder project's samples and on mutated copies of them.

Each sample object whose kind a CRD serves is kept as it is, and copied once per mutation:
for every schema node on the path of the object's fields (properties the sample sets, and
those it leaves out whose parent it sets; list items through the sample's first item) that
has a bound, a length, a pattern, an enum, an item count or a format, one copy breaks it
(`maximum` + 1, a string one byte too long, `-!-` for a pattern, `NotAnEnumValue`, one item
too many, …). Both runs validate the same YAML stream; an object agrees when both give the
same verdict and the same set of (field, reason) causes.

usage: scripts/kubebuilder-vs-crd.py UNION_GEN PROJECT_DIR --packages PATTERN [--packages …]
           --crd CRD_DIR [--crd …] SAMPLE... [--limit N] [--show N]
  run with GOMODCACHE set when the project's dependencies live in a module cache. Paths are
  relative to PROJECT_DIR. Prints `agree/total` (and the disagreements, up to --show).
"""

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile

import yaml

BROKEN_PATTERN = "-!-"


def load_yaml_docs(path):
    with open(path, encoding="utf-8") as f:
        try:
            return [d for d in yaml.safe_load_all(f) if isinstance(d, dict)]
        except yaml.YAMLError:
            return []


def files_under(paths, root):
    for p in paths:
        full = os.path.join(root, p)
        if os.path.isdir(full):
            for dirpath, _, names in sorted(os.walk(full)):
                for n in sorted(names):
                    if n.endswith((".yaml", ".yml")):
                        yield os.path.join(dirpath, n)
        elif os.path.exists(full):
            yield full


def crd_schemas(crd_dirs, root):
    """(group, version, kind) -> openAPIV3Schema."""
    schemas = {}
    for path in files_under(crd_dirs, root):
        for doc in load_yaml_docs(path):
            if doc.get("kind") != "CustomResourceDefinition":
                continue
            spec = doc.get("spec", {})
            for v in spec.get("versions", []):
                schema = (v.get("schema") or {}).get("openAPIV3Schema")
                # An unserved version has no schema for --crd; the Go types do not know.
                if schema and v.get("served", True):
                    schemas[(spec["group"], v["name"], spec["names"]["kind"])] = schema
    return schemas


def gvk(obj):
    api = str(obj.get("apiVersion", ""))
    group, _, version = api.rpartition("/")
    return (group, version, obj.get("kind"))


def breakers(schema):
    """(description, value maker) pairs: each makes a value that breaks one of `schema`'s checks,
    given the current value (or None)."""
    out = []
    ty = schema.get("type")
    if "maximum" in schema and ty in ("integer", "number"):
        m = schema["maximum"]
        bad = m if schema.get("exclusiveMaximum") else m + 1
        out.append(("maximum", lambda cur, bad=bad: int(bad) if ty == "integer" else bad))
    if "minimum" in schema and ty in ("integer", "number"):
        m = schema["minimum"]
        bad = m if schema.get("exclusiveMinimum") else m - 1
        out.append(("minimum", lambda cur, bad=bad: int(bad) if ty == "integer" else bad))
    if "multipleOf" in schema and ty in ("integer", "number") and schema["multipleOf"] != 1:
        out.append(("multipleOf", lambda cur, m=schema["multipleOf"]: int(m) + 1 if ty == "integer" else m * 1.5))
    if ty == "string" and "maxLength" in schema and schema["maxLength"] < 10000:
        out.append(("maxLength", lambda cur, n=schema["maxLength"]: "a" * (n + 1)))
    if ty == "string" and schema.get("minLength", 0) > 0:
        out.append(("minLength", lambda cur: ""))
    if ty == "string" and "pattern" in schema:
        out.append(("pattern", lambda cur: BROKEN_PATTERN))
    if "enum" in schema and ty == "string":
        out.append(("enum", lambda cur: "NotAnEnumValue"))
    if ty == "string" and schema.get("format") in ("date-time", "duration", "uri", "ipv4", "cidr", "hostname"):
        out.append(("format", lambda cur: "not a " + schema["format"] + " !"))
    if ty == "array" and "maxItems" in schema and schema["maxItems"] < 1000:
        def too_many(cur, n=schema["maxItems"], items=schema.get("items", {})):
            item = cur[0] if isinstance(cur, list) and cur else minimal(items)
            return [copy.deepcopy(item) for _ in range(n + 1)]
        out.append(("maxItems", too_many))
    if ty == "array" and schema.get("minItems", 0) > 0:
        out.append(("minItems", lambda cur: []))
    if ty == "object" and "maxProperties" in schema and "additionalProperties" in schema:
        out.append(("maxProperties", lambda cur, n=schema["maxProperties"]: {f"k{i}": minimal(schema["additionalProperties"]) for i in range(n + 1)}))
    if ty == "object" and schema.get("minProperties", 0) > 0:
        out.append(("minProperties", lambda cur: {}))
    return out


def minimal(schema):
    ty = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(schema, dict) and schema.get("enum"):
        return schema["enum"][0]
    return {"string": "x", "integer": 1, "number": 1, "boolean": True, "array": []}.get(ty, {})


def mutations(obj, schema, limit):
    """(label, mutated object) for `obj`, walking `schema` below the root's spec."""
    found = []

    def walk(value, node, path, parent, key, depth):
        if len(found) >= limit or depth > 12 or not isinstance(node, dict):
            return
        for what, make in breakers(node):
            if parent is None:
                continue
            mutated = copy.deepcopy(obj)
            target = mutated
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = make(value)
            found.append((f"{'.'.join(map(str, path))} {what}", mutated))
        if isinstance(value, dict) or (value is None and node.get("type") == "object"):
            props = node.get("properties", {})
            for name, sub in sorted(props.items()):
                if value is None:
                    continue  # only one level of absent properties
                walk(value.get(name), sub, path + [name], value, name, depth + 1)
        elif isinstance(value, list) and value and isinstance(node.get("items"), dict):
            walk(value[0], node["items"], path + [0], value, 0, depth + 1)

    for top in ("spec",):
        if isinstance(obj.get(top), dict):
            walk(obj[top], schema.get("properties", {}).get(top, {}), [top], obj, top, 0)
    return found


def run(union_gen, root, args, stream):
    result = subprocess.run(
        [union_gen, "validate", "--message-format", "json", "--output", "json"] + args + ["--", stream],
        cwd=root, capture_output=True, text=True)
    verdicts = {}
    for line in result.stdout.splitlines():
        v = json.loads(line)
        causes = sorted({(c["field"], c["reason"]) for c in v["causes"]})
        verdicts[v["name"]] = (v["valid"], causes)
    notes = [json.loads(l) for l in result.stderr.splitlines() if l.startswith("{")]
    return verdicts, notes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("union_gen")
    ap.add_argument("project")
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--packages", action="append", required=True)
    ap.add_argument("--crd", action="append", required=True)
    ap.add_argument("--limit", type=int, default=40, help="mutations per sample object")
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    union_gen = os.path.abspath(a.union_gen)
    schemas = crd_schemas(a.crd, a.project)
    objects = []
    for path in files_under(a.samples, a.project):
        for doc in load_yaml_docs(path):
            schema = schemas.get(gvk(doc))
            if schema is None:
                continue
            base = f"s{len(objects)}"
            original = copy.deepcopy(doc)
            original.setdefault("metadata", {})["name"] = base
            objects.append((base, f"{os.path.relpath(path, a.project)} as is", original))
            for i, (label, mutated) in enumerate(mutations(doc, schema, a.limit)):
                mutated.setdefault("metadata", {})["name"] = f"{base}-m{i}"
                objects.append((f"{base}-m{i}", f"{os.path.relpath(path, a.project)}: {label}", mutated))
    with tempfile.TemporaryDirectory() as tmp:
        stream = os.path.join(tmp, "objects.yaml")
        with open(stream, "w", encoding="utf-8") as f:
            yaml.safe_dump_all([o for _, _, o in objects], f, sort_keys=False)
        packages, package_notes = run(union_gen, a.project, sum((["--packages", p] for p in a.packages), []), stream)
        crds, _ = run(union_gen, a.project, sum((["--crd", os.path.abspath(os.path.join(a.project, c))] for c in a.crd), []), stream)
    agree = 0
    shown = 0
    for name, label, _ in objects:
        p, c = packages.get(name), crds.get(name)
        if p == c:
            agree += 1
        elif shown < a.show:
            shown += 1
            print(f"  differ: {label}\n    --packages: {p}\n    --crd:      {c}")
    for note in package_notes:
        if note.get("code", "").startswith(("kubebuilder/", "resolve/")):
            print(f"  note (--packages): {note['code']}: {note['message'][:160]}")
    originals = sum(1 for n, _, _ in objects if "-m" not in n)
    print(f"{os.path.basename(os.path.abspath(a.project))}: {agree}/{len(objects)} agree "
          f"({originals} samples, {len(objects) - originals} mutations)")


if __name__ == "__main__":
    sys.exit(main())
