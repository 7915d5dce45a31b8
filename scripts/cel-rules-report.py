#!/usr/bin/env python3
"""Lists the CEL `x-kubernetes-validations` rules of an OpenAPI v2 or v3 document.

usage: cel-rules-report.py [--match SUBSTR]... DOC            every rule: definition, rule, message
       cel-rules-report.py [--match SUBSTR]... --summary DOC  counts, rules by shape
       cel-rules-report.py [--match SUBSTR]... --suspicious DOC
       cel-rules-report.py [--match SUBSTR]... --diff A B     rules only in A / only in B

DOC is a v2 (`definitions`) or v3 (`components.schemas`) JSON document, `-` for stdin.
Rules in nested schemas are listed under `Definition#/json/pointer`. `--match` keeps the
definitions whose name contains SUBSTR (repeatable: any of them).
`--suspicious` flags, for each `self.X == 'V'` and `self.X in ['V', ...]` in a rule, every V
that is not in `properties.X.enum` of the schema holding the rule (when that property, or the
definition it `$ref`s, has an `enum`). `--diff` compares (rule, message) pairs per definition.
Exit status: 0; 1 when `--suspicious` flags something or `--diff` finds a difference; 2 usage.
Python 3 standard library only.
"""
import collections
import json
import re
import sys

# CEL names of properties (Kubernetes' escaping, as union-gen writes it); reserved words are `__w__`.
ESCAPES = (("__underscores__", "__"), ("__dot__", "."), ("__dash__", "-"), ("__slash__", "/"))
QUOTED = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""
EQ = re.compile(r"self\.(\w+)\s*==\s*(" + QUOTED + ")")
IN = re.compile(r"self\.(\w+)\s+in\s+\[((?:\s*(?:" + QUOTED + r")\s*,?)*)\]")
COUNT = re.compile(r"^\s*\(has\(self\.\w+\) \? 1 : 0\)(?: \+ \(has\(self\.\w+\) \? 1 : 0\))* (==|<=) 1\s*$")


def load(path):
    doc = json.load(sys.stdin if path == "-" else open(path, encoding="utf-8"))
    if "definitions" in doc:
        return doc["definitions"], "#/definitions/"
    return doc.get("components", {}).get("schemas", {}), "#/components/schemas/"


def schemas_with_rules(schema, pointer=""):
    """Yields (json pointer inside the definition, schema) for every schema holding rules."""
    if isinstance(schema, dict):
        if isinstance(schema.get("x-kubernetes-validations"), list):
            yield pointer, schema
        for k, v in schema.items():
            if k != "x-kubernetes-validations":
                yield from schemas_with_rules(v, f"{pointer}/{k.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            yield from schemas_with_rules(v, f"{pointer}/{i}")


def rules(defs, matches):
    """Yields (name, schema, rule, message) in document order."""
    for name, definition in defs.items():
        if matches and not any(m in name for m in matches):
            continue
        for pointer, schema in schemas_with_rules(definition):
            where = f"{name}#{pointer}" if pointer else name
            for v in schema["x-kubernetes-validations"]:
                yield where, schema, v.get("rule", ""), v.get("message", "")


def shape(rule):
    m = COUNT.match(rule)
    if m:
        return f"count-sum {m.group(1)} 1"
    if " in [" in rule:
        return "in [...] list"
    if "?" in rule and ":" in rule:
        return "ternary"
    return "other"


def unquote(literal):
    return re.sub(r"\\(.)", r"\1", literal[1:-1])


def unescape(cel_name):
    if re.fullmatch(r"__[a-z]+__", cel_name) and not any(cel_name == e for e, _ in ESCAPES):
        return cel_name[2:-2]  # reserved word, e.g. __namespace__
    for escaped, plain in ESCAPES:
        cel_name = cel_name.replace(escaped, plain)
    return cel_name


def enum_of(prop, defs, prefix):
    """The `enum` of a property schema, following a `$ref` (also inside allOf); None if none."""
    for _ in range(8):
        if not isinstance(prop, dict):
            return None
        if "enum" in prop:
            return prop["enum"]
        ref = prop.get("$ref") or next((s.get("$ref") for s in prop.get("allOf", []) if "$ref" in s), None)
        if not ref or not ref.startswith(prefix):
            return None
        prop = defs.get(ref[len(prefix):])
    return None


def suspicious(defs, prefix, schema, rule):
    """Yields (property, value, enum) for each compared value missing from the property's enum."""
    compared = [(x, [unquote(v)]) for x, v in EQ.findall(rule)]
    compared += [(x, [unquote(v) for v in re.findall(QUOTED, body)]) for x, body in IN.findall(rule)]
    seen = set()
    for cel_name, values in compared:
        prop = unescape(cel_name)
        enum = enum_of(schema.get("properties", {}).get(prop), defs, prefix)
        for v in values:
            if enum is not None and v not in enum and (prop, v) not in seen:
                seen.add((prop, v))
                yield prop, v, enum


def main(argv):
    matches, mode, files = [], "list", []
    while argv:
        a = argv.pop(0)
        if a == "--match" and argv:
            matches.append(argv.pop(0))
        elif a in ("--summary", "--suspicious", "--diff"):
            mode = a[2:]
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("--"):
            print(f"cel-rules-report.py: unknown option {a}", file=sys.stderr)
            return 2
        else:
            files.append(a)
    if len(files) != (2 if mode == "diff" else 1):
        print(__doc__, file=sys.stderr)
        return 2
    defs, prefix = load(files[0])

    if mode == "list":
        for name, _, rule, message in rules(defs, matches):
            print(f"{name}\n  rule:    {rule}\n  message: {message}")
        return 0

    if mode == "summary":
        found = list(rules(defs, matches))
        shapes = collections.Counter(shape(r) for _, _, r, _ in found)
        print(f"definitions: {len(defs)}")
        print(f"definitions with rules: {len({n.split('#')[0] for n, _, _, _ in found})}")
        print(f"schemas with rules: {len({n for n, _, _, _ in found})}")
        print(f"rules: {len(found)}")
        for s in ("count-sum == 1", "count-sum <= 1", "in [...] list", "ternary", "other"):
            print(f"  {s}: {shapes.get(s, 0)}")
        return 0

    if mode == "suspicious":
        flagged = rules_flagged = 0
        for name, schema, rule, message in rules(defs, matches):
            hits = list(suspicious(defs, prefix, schema, rule))
            if hits:
                rules_flagged += 1
            for prop, value, enum in hits:
                flagged += 1
                print(f"{name}\n  rule:    {rule}\n  message: {message}\n"
                      f"  {prop}: {value!r} not in enum {enum}")
        print(f"suspicious: {flagged} value(s) in {rules_flagged} rule(s)", file=sys.stderr)
        return 1 if flagged else 0

    other, _ = load(files[1])
    a, b = collections.defaultdict(list), collections.defaultdict(list)
    for side, d in ((a, defs), (b, other)):
        for name, _, rule, message in rules(d, matches):
            side[name].append((rule, message))
    differ = 0
    for name in sorted(set(a) | set(b)):
        only_a = [r for r in a[name] if r not in b[name]]
        only_b = [r for r in b[name] if r not in a[name]]
        if only_a or only_b:
            differ += 1
            print(name)
            for tag, rs in (("only in A", only_a), ("only in B", only_b)):
                for rule, message in rs:
                    print(f"  {tag}: {rule}\n             message: {message}")
    print(f"definitions differing: {differ}", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
