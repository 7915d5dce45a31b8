#!/usr/bin/env python3
"""Evaluates the CEL rules `union-gen crd` added to CRD manifests on a project's own example
objects, to find rules that reject objects the project says are valid (SPEC §6, first law).

usage: crd-rules-vs-examples.py --before DIR --after DIR EXAMPLES...

--before / --after: the manifests before and after `union-gen crd` (same file names; e.g.
`git worktree` or a copy of the directory). Rules present after but not before, per schema
location, are the ones checked.
EXAMPLES: YAML files or directories (searched for *.yaml / *.yml), holding either plain
objects (`apiVersion`, `kind`: checked against the manifest of that group, version and
kind) or OpenShift-style CRD test suites (`crdName`, `tests: {onCreate, onUpdate}`, each
case `initial`/`updated` with `expected` (valid) or `expectedError` (invalid)).

Prints, per added rule, how many example objects reached it and how many it rejected;
rejections of valid objects are listed. Exit status: 0; 1 when an added rule rejects a valid
example; 2 usage. Needs PyYAML and cel-python (`pip install pyyaml cel-python`).
"""
import argparse
import collections
import os
import re
import sys

import celpy
import yaml


def yaml_docs(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [d for d in yaml.safe_load_all(f) if isinstance(d, dict)]
    except (yaml.YAMLError, UnicodeDecodeError):
        return []


def yaml_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                for name in sorted(names):
                    if name.endswith((".yaml", ".yml")):
                        yield os.path.join(root, name)
        else:
            yield path


def rule_sites(schema, steps=()):
    """Yields (steps, rule) for every x-kubernetes-validations rule below `schema`."""
    if not isinstance(schema, dict):
        return
    for v in schema.get("x-kubernetes-validations") or []:
        if isinstance(v, dict) and "rule" in v:
            yield steps, v["rule"]
    for name, sub in (schema.get("properties") or {}).items():
        yield from rule_sites(sub, steps + (("p", name),))
    if isinstance(schema.get("items"), dict):
        yield from rule_sites(schema["items"], steps + (("i", None),))
    if isinstance(schema.get("additionalProperties"), dict):
        yield from rule_sites(schema["additionalProperties"], steps + (("a", None),))


def crd_versions(directory):
    """(group, version, kind) -> (file name, openAPIV3Schema) of every CRD in `directory`."""
    out = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith((".yaml", ".yml")):
            continue
        for doc in yaml_docs(os.path.join(directory, name)):
            if doc.get("kind") != "CustomResourceDefinition":
                continue
            spec = doc.get("spec") or {}
            kind = (spec.get("names") or {}).get("kind")
            for v in spec.get("versions") or []:
                schema = ((v.get("schema") or {}).get("openAPIV3Schema")) or {}
                out.setdefault((spec.get("group"), v.get("name"), kind), []).append((name, schema))
    return out


def normalized(rule):
    return re.sub(r"\s+", "", rule)


def nodes(obj, steps):
    if not steps:
        yield obj
        return
    (how, name), rest = steps[0], steps[1:]
    if how == "p" and isinstance(obj, dict) and name in obj:
        yield from nodes(obj[name], rest)
    elif how == "i" and isinstance(obj, list):
        for item in obj:
            yield from nodes(item, rest)
    elif how == "a" and isinstance(obj, dict):
        for item in obj.values():
            yield from nodes(item, rest)


def examples(paths):
    """Yields (where, object, valid) for every example object."""
    for path in yaml_files(paths):
        for doc in yaml_docs(path):
            tests = doc.get("tests")
            if isinstance(tests, dict):
                for phase in ("onCreate", "onUpdate"):
                    for case in tests.get(phase) or []:
                        valid = "expectedError" not in case and "expectedStatusError" not in case
                        text = case.get("updated") if phase == "onUpdate" else case.get("initial")
                        for obj in yaml.safe_load_all(text or ""):
                            if isinstance(obj, dict):
                                yield f"{path}: {case.get('name')}", obj, valid
            elif "apiVersion" in doc and "kind" in doc:
                yield path, doc, True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("examples", nargs="+")
    args = parser.parse_args()
    before, after = crd_versions(args.before), crd_versions(args.after)
    added = {}  # (gvk, file) -> [(steps, rule)]
    for gvk, entries in after.items():
        old = {name: schema for name, schema in before.get(gvk, [])}
        for name, schema in entries:
            existing = {(s, normalized(r)) for s, r in rule_sites(old.get(name, {}))}
            new = [(s, r) for s, r in rule_sites(schema) if (s, normalized(r)) not in existing]
            if new:
                added[(gvk, name)] = new
    env = celpy.Environment()
    programs = {}
    reached = collections.Counter()
    rejected = collections.Counter()
    bad = []
    objects = 0
    for where, obj, valid in examples(args.examples):
        group, _, version = (obj.get("apiVersion") or "").rpartition("/")
        gvk = (group, version, obj.get("kind"))
        sites = [(name, s, r) for (k, name), rs in added.items() if k == gvk for s, r in rs]
        if not sites:
            continue
        objects += 1
        for name, steps, rule in sites:
            if rule not in programs:
                programs[rule] = env.program(env.compile(rule))
            for node in nodes(obj, steps):
                reached[(name, steps, rule)] += 1
                try:
                    result = programs[rule].evaluate({"self": celpy.json_to_cel(node)})
                    ok = isinstance(result, celpy.celtypes.BoolType) and bool(result)
                except Exception:  # an evaluation error rejects the object
                    ok = False
                if not ok:
                    rejected[(name, steps, rule)] += 1
                    if valid:
                        bad.append((where, name, rule, node))
    total = sum(len(v) for v in added.values())
    print(f"added rules: {total}; example objects of their kinds: {objects}")
    for (gvk, name), rs in sorted(added.items()):
        for steps, rule in rs:
            key = (name, steps, rule)
            path = "".join(f".{n}" if h == "p" else "[*]" for h, n in steps) or "."
            print(f"  {name} {path}: reached {reached[key]}, rejected {rejected[key]}: {rule}")
    for where, name, rule, node in bad:
        print(f"REJECTS VALID: {where}\n  {name}: {rule}\n  on {node}")
    print(f"valid examples rejected: {len(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
