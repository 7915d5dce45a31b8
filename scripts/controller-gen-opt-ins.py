#!/usr/bin/env python3
"""What `union-gen controller-gen`'s opt-ins add on real projects (issue 31, done-when 4): each
project's own manifests lines run three times in copies of its tree, and the written CRDs and
the project's sample objects compared.

usage: controller-gen-opt-ins.py UNION_GEN ORACLE_DIR [--only NAME[,NAME...]] [--json FILE]
           [--keep]

  UNION_GEN   the union-gen binary
  ORACLE_DIR  the prepared oracle folder (/work/oracle/controller-gen: projects.json, env.sh,
              projects/NAME/src, samples/NAME/*.yaml), as scripts/compare-real-controller-gen.py
              reads it
  --json FILE the per-project figures as JSON
  --keep      leave the scratch copies (printed) instead of deleting them

The three runs, each in a fresh copy of the project's tree (the lines run with `sh -c` in its
root, CONTROLLER_GEN a wrapper for `UNION_GEN controller-gen FLAGS`, as the compare script does):
  plain    no flag: controller-gen's bytes (done-when 2 measures them)
  opt-ins  --with-crd-patch --cel-cost --message-format json
  markers  --deny-unknown-markers --message-format json
For every CRD both the plain and the opt-ins run wrote, each version's openAPIV3Schema is walked
(properties, items, additionalProperties, allOf/anyOf/oneOf, not) and the `enum` lists and
`x-kubernetes-validations` entries compared by schema path: lists added, lists changed, rules
added, rules removed; anything else that differs (once enum and rules are set aside) is
reported as `other changes` (expected: none). Costs: `--cel-cost` reports only what is over the
API server's limits (`cel/over-budget`: a rule over 10,000,000, a version over 100,000,000); no
union-gen command prints a rule's estimate otherwise, so a project without such a finding has
every rule under the per-rule limit and every version under the per-version limit, and that is
what is reported. `--deny-unknown-markers`: every `controller-gen/unknown-marker` with file,
line and message (the verdict, typo or false error, is the reader's: see the report).
Samples: `UNION_GEN validate --output json --crd <CRDs the run wrote> samples/NAME/*.yaml`
with the plain run's CRDs (before) and the opt-ins run's (after); rejected = an object with
valid false (valid null, a kind no CRD describes, is counted apart); the causes are compared
too. The project's committed CRDs the lines do not write (found as validate-samples-baseline.sh
finds them) are given to both runs, unchanged. CRD files under the folders
validate-samples-baseline.sh leaves out (bundle/, charts/, deployments/, helm/,
prometheus-operator-crd/: copies of the same CRDs) are left out here too.

Python 3 with PyYAML (CSafeLoader when available).
"""

import argparse
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("compare_real", os.path.join(HERE, "compare-real-controller-gen.py"))
compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare)



class LOADER(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML's safe loader, with a plain `=` a string (YAML 1.1's `value` tag, which PyYAML
    resolves and cannot construct; prometheus-operator's enums hold `=`)."""


LOADER.add_constructor("tag:yaml.org,2002:value", lambda loader, node: loader.construct_scalar(node))
MODES = {
    "plain": "",
    "opt-ins": "--with-crd-patch --cel-cost --message-format json",
    "markers": "--deny-unknown-markers --message-format json",
}
# validate-samples-baseline.sh's exclusions: folders holding copies of the CRDs
EXCLUDED = re.compile(r"(^|/)(bundle|charts|deployments|helm|prometheus-operator-crd)/")
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf")


def run_mode(p, mode, args, oracle, env, scratch):
    """Runs the project's lines with the mode's flags in a fresh copy; returns the run's facts
    and the written files' bytes."""
    base = os.path.join(scratch, p["name"], mode)
    tree = os.path.join(base, "tree")
    compare.copy_tree(os.path.join(oracle, p["src"]), tree)
    wrapper = compare.union_wrapper(base, args.union_gen, MODES[mode])
    errpath = os.path.join(base, "stderr")
    with open(errpath, "wb") as log:
        code, wall, written = compare.run_lines(tree, p["commands"], wrapper, env, log)
    files = {f: compare.read(os.path.join(tree, f)) for f in written}
    shutil.rmtree(tree, ignore_errors=True)
    log = compare.read(errpath).decode("utf-8", "replace")
    diagnostics = []
    for line in log.splitlines():
        if line.startswith("{"):
            try:
                diagnostics.append(json.loads(line))
            except ValueError:
                pass
    crds = {f: b for f, b in files.items() if b and compare.category(b) == "crd" and not EXCLUDED.search(f)}
    return {"exit": code, "wall_s": round(wall, 3), "written": sorted(files), "log": log,
            "diagnostics": diagnostics}, crds


def walk(schema, path, out):
    """path -> schema node, for every schema reachable the way CRD schemas nest."""
    if not isinstance(schema, dict):
        return
    out[path] = schema
    for k, v in (schema.get("properties") or {}).items():
        walk(v, f"{path}.{k}", out)
    if isinstance(schema.get("items"), dict):
        walk(schema["items"], f"{path}[*]", out)
    if isinstance(schema.get("additionalProperties"), dict):
        walk(schema["additionalProperties"], f"{path}{{*}}", out)
    for key in SUBSCHEMA_LISTS:
        for i, v in enumerate(schema.get(key) or []):
            walk(v, f"{path}/{key}[{i}]", out)
    if isinstance(schema.get("not"), dict):
        walk(schema["not"], f"{path}/not", out)


def strip(value):
    """The value without `enum` and `x-kubernetes-validations` keys anywhere."""
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in ("enum", "x-kubernetes-validations")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def versions(data):
    """(crd name, version) -> openAPIV3Schema, over the documents of a file."""
    out = {}
    for doc in yaml.load_all(data, Loader=LOADER):
        if not isinstance(doc, dict) or doc.get("kind") != "CustomResourceDefinition":
            continue
        name = doc.get("metadata", {}).get("name", "?")
        for v in doc.get("spec", {}).get("versions") or []:
            out[(name, v.get("name"))] = v.get("schema", {}).get("openAPIV3Schema") or {}
    return out


def count_rules(data):
    """The `x-kubernetes-validations` entries of every version of a CRD file: what
    `--cel-cost` estimates."""
    total = 0
    for schema in versions(data).values():
        nodes = {}
        walk(schema, "", nodes)
        total += sum(len(n.get("x-kubernetes-validations") or []) for n in nodes.values())
    return total


def schema_diff(plain, opt):
    """Added/changed enum lists and added/removed rules between two CRD files' bytes."""
    res = {"enum_added": [], "enum_changed": [], "rules_added": [], "rules_removed": [], "other_changes": []}
    pv, ov = versions(plain), versions(opt)
    for key in sorted(set(pv) | set(ov), key=str):
        where = f"{key[0]}/{key[1]}"
        if key not in pv or key not in ov:
            res["other_changes"].append(f"{where}: version only in {'opt-ins' if key in ov else 'plain'}")
            continue
        pn, on = {}, {}
        walk(pv[key], "", pn)
        walk(ov[key], "", on)
        for path in sorted(set(pn) | set(on)):
            a, b = pn.get(path, {}), on.get(path, {})
            at = f"{where} {path or '<root>'}"
            if "enum" in b and "enum" not in a:
                res["enum_added"].append({"at": at, "values": b["enum"]})
            elif "enum" in a and a.get("enum") != b.get("enum"):
                res["enum_changed"].append({"at": at, "before": a.get("enum"), "after": b.get("enum")})
            ra = [json.dumps(r, sort_keys=True) for r in a.get("x-kubernetes-validations") or []]
            rb = [json.dumps(r, sort_keys=True) for r in b.get("x-kubernetes-validations") or []]
            for r in rb:
                if r in ra:
                    ra.remove(r)
                else:
                    res["rules_added"].append({"at": at, **json.loads(r)})
            for r in ra:
                res["rules_removed"].append({"at": at, **json.loads(r)})
        if strip(pv[key]) != strip(ov[key]):
            res["other_changes"].append(f"{where}: the schema differs outside enum lists and rules")
    return res


def crd_names(data):
    names = set()
    try:
        for doc in yaml.load_all(data, Loader=LOADER):
            if isinstance(doc, dict) and doc.get("kind") == "CustomResourceDefinition":
                names.add((doc.get("metadata") or {}).get("name"))
    except yaml.YAMLError:
        pass
    return names


def committed_crds(src, written):
    """The project's other committed CRD files (validate-samples-baseline.sh's choice: every
    .yaml outside vendor/ holding a CustomResourceDefinition, but for the copies' folders) that
    define none of the CRDs the lines write (`written`: relative path -> bytes; kustomize
    patches and chart copies of those are left out): the kinds of samples the lines do not
    generate keep their committed schemas."""
    generated = set().union(*[crd_names(b) for b in written.values()])
    out = []
    for d, dirs, files in os.walk(src):
        dirs[:] = [x for x in dirs if x not in (".git", "vendor")]
        for f in files:
            path = os.path.join(d, f)
            rel = os.path.relpath(path, src)
            if not f.endswith(".yaml") or EXCLUDED.search(rel) or rel in written:
                continue
            data = compare.read(path) or b""
            if re.search(rb"^kind: CustomResourceDefinition", data, re.M) and not crd_names(data) & generated:
                out.append(path)
    return sorted(out)


def validate(args, oracle, name, crd_dir, crd_files, others):
    samples = sorted(os.path.join(oracle, "samples", name, f) for f in os.listdir(os.path.join(oracle, "samples", name))
                     if f.endswith(".yaml"))
    cmd = [args.union_gen, "validate", "--output", "json", "--message-format", "json"]
    for f in [os.path.join(crd_dir, f) for f in crd_files] + others:
        cmd += ["--crd", f]
    p = subprocess.run(cmd + samples, capture_output=True, text=True)
    objects = {}
    for line in p.stdout.splitlines():
        try:
            o = json.loads(line)
        except ValueError:
            continue
        # valid: null is an object no CRD gives a schema to (validate/unknown-kind, a warning)
        entry = objects.setdefault(os.path.basename(o.get("file", "?")), {"valid": True, "causes": []})
        entry["valid"] = entry["valid"] and o.get("valid") is not False
        entry["unchecked"] = entry.get("unchecked", False) or o.get("valid") is None
        for c in o.get("causes") or []:
            entry["causes"].append(f"{c.get('field')}: {c.get('reason')}: {c.get('message')}")
    codes = {}
    for line in p.stderr.splitlines():
        if line.startswith("{"):
            try:
                code = json.loads(line).get("code")
            except ValueError:
                continue
            codes[code] = codes.get(code, 0) + 1
    rejected = sorted(f for f, e in objects.items() if not e["valid"])
    unchecked = sorted(f for f, e in objects.items() if e.get("unchecked"))
    return {"exit": p.returncode, "samples": len(samples), "objects": objects, "rejected": rejected,
            "unchecked": unchecked, "codes": codes, "other_crds": [os.path.relpath(f, oracle) for f in others],
            "stderr_tail": p.stderr.splitlines()[-5:] if p.returncode not in (0, 1) else []}


def write_crds(base, crds):
    for f, data in crds.items():
        path = os.path.join(base, f)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)


def project(p, args, oracle, env, scratch):
    name = p["name"]
    runs, crds = {}, {}
    for mode in MODES:
        runs[mode], crds[mode] = run_mode(p, mode, args, oracle, env, scratch)
    diff = {"enum_added": [], "enum_changed": [], "rules_added": [], "rules_removed": [], "other_changes": []}
    for f in sorted(set(crds["plain"]) | set(crds["opt-ins"])):
        if f not in crds["plain"] or f not in crds["opt-ins"]:
            diff["other_changes"].append(f"{f}: written by one run only")
            continue
        for k, v in schema_diff(crds["plain"][f], crds["opt-ins"][f]).items():
            diff[k] += [dict(x, file=f) if isinstance(x, dict) else f"{f}: {x}" for x in v]
    checks = {}
    for mode in ("plain", "opt-ins"):
        d = os.path.join(scratch, name, mode, "crds")
        write_crds(d, crds[mode])
        others = committed_crds(os.path.join(oracle, p["src"]), crds[mode])
        checks[mode] = validate(args, oracle, name, d, sorted(crds[mode]), others)
    over = [d for d in runs["opt-ins"]["diagnostics"] if d.get("code") == "cel/over-budget"]
    markers = [{"file": d.get("file"), "line": d.get("line"), "column": d.get("column"), "message": d.get("message"),
                "help": d.get("help")}
               for d in runs["markers"]["diagnostics"] if d.get("code") == "controller-gen/unknown-marker"]
    before, after = checks["plain"], checks["opt-ins"]
    newly = sorted(set(after["rejected"]) - set(before["rejected"]))
    more_causes = sorted(f for f in after["objects"]
                         if set(after["objects"][f]["causes"]) - set(before["objects"].get(f, {}).get("causes", [])))
    return {
        "name": name, "version": p["controller_gen_version"],
        "runs": {m: {k: v for k, v in r.items() if k != "log"} | {"log_tail": r["log"].splitlines()[-20:]}
                 for m, r in runs.items()},
        "crd_files": {m: sorted(c) for m, c in crds.items()},
        "enum_lists_added": len(diff["enum_added"]), "enum_lists_changed": len(diff["enum_changed"]),
        "rules_added": len(diff["rules_added"]), "rules_removed": len(diff["rules_removed"]),
        "other_changes": diff["other_changes"], "diff": diff,
        "rules_plain": sum(count_rules(b) for b in crds["plain"].values()),
        "rules_estimated": sum(count_rules(b) for b in crds["opt-ins"].values()),
        "cel_over_budget": over,
        "unknown_markers": markers,
        "other_marker_diagnostics": [d for d in runs["markers"]["diagnostics"]
                                     if d.get("code") != "controller-gen/unknown-marker" and d.get("severity") == "error"],
        "samples": before["samples"], "other_crds": before["other_crds"], "unchecked": before["unchecked"],
        "rejected_before": before["rejected"], "rejected_after": after["rejected"],
        "newly_rejected": newly, "more_causes": more_causes,
        "validate": {"before": before, "after": after},
    }


def report(r):
    runs = r["runs"]
    print(f"== {r['name']} (controller-gen {r['version']})")
    for m, run in runs.items():
        print(f"   {m:8} exit {run['exit']}, {run['wall_s']:.2f} s, {len(run['written'])} files written,"
              f" {len(run['diagnostics'])} JSON diagnostics")
    print(f"   CRD files: plain {len(r['crd_files']['plain'])}, opt-ins {len(r['crd_files']['opt-ins'])}")
    print(f"   enum lists added {r['enum_lists_added']} (changed {r['enum_lists_changed']}),"
          f" rules added {r['rules_added']} (removed {r['rules_removed']}), other changes {len(r['other_changes'])}")
    for e in r["diff"]["enum_added"]:
        print(f"     + enum {e['file']} {e['at']}: {e['values']}")
    for e in r["diff"]["rules_added"]:
        print(f"     + rule {e['file']} {e['at']}: {e.get('rule')}  ({e.get('message', '')})")
    for e in r["diff"]["enum_changed"] + r["diff"]["rules_removed"] + r["other_changes"]:
        print(f"     ! {e}")
    print(f"   rules in the CRDs: controller-gen's {r['rules_plain']}, with the opt-ins {r['rules_estimated']};"
          f" cel/over-budget: {len(r['cel_over_budget'])}")
    for d in r["cel_over_budget"]:
        print(f"     {d.get('file')}:{d.get('line')}: {d.get('message')}")
    print(f"   unknown markers (--deny-unknown-markers): {len(r['unknown_markers'])}")
    for m in r["unknown_markers"]:
        print(f"     {m['file']}:{m['line']}:{m['column']}: {m['message']}")
    for d in r["other_marker_diagnostics"]:
        print(f"     other error: {d.get('code')} {d.get('file')}:{d.get('line')}: {d.get('message')}")
    if r["other_crds"]:
        print(f"   committed CRDs the lines do not write, used for both: {len(r['other_crds'])}")
    if r["unchecked"]:
        print(f"   samples no CRD gives a schema: {r['unchecked']}")
    for m in ("before", "after"):
        print(f"   validate {m}: diagnostics by code {r['validate'][m]['codes']}")
    print(f"   samples {r['samples']}: rejected before {len(r['rejected_before'])}, after {len(r['rejected_after'])},"
          f" newly rejected {r['newly_rejected']}, objects with new causes {r['more_causes']}")
    for m, run in runs.items():
        if run["exit"] != 0 and m != "markers":
            print(f"   {m} run failed:")
            for line in run["log_tail"]:
                print("   | " + line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("union_gen")
    ap.add_argument("oracle_dir")
    ap.add_argument("--only", default="")
    ap.add_argument("--json")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    args.union_gen = os.path.abspath(args.union_gen)
    oracle = os.path.abspath(args.oracle_dir)
    projects = json.load(open(os.path.join(oracle, "projects.json")))["projects"]
    only = {x for x in args.only.split(",") if x}
    if only:
        projects = [p for p in projects if p["name"] in only]
    env = compare.load_env(oracle)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the scratch copies are removed
    scratch = tempfile.mkdtemp(prefix="controller-gen-opt-ins-")
    results = []
    try:
        for p in projects:
            r = project(p, args, oracle, env, scratch)
            results.append(r)
            report(r)
            sys.stdout.flush()
            if not args.keep:
                shutil.rmtree(os.path.join(scratch, p["name"]), ignore_errors=True)
    finally:
        if args.keep:
            print(f"scratch copies kept in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("== summary")
    print(f"   {'project':28} {'lists+':>6} {'rules+':>6} {'rules':>5} {'over':>4} {'markers':>7} {'samples':>7} {'rej before':>10} {'rej after':>9}")
    for r in results:
        print(f"   {r['name']:28} {r['enum_lists_added']:>6} {r['rules_added']:>6} {r['rules_estimated']:>5} {len(r['cel_over_budget']):>4}"
              f" {len(r['unknown_markers']):>7} {r['samples']:>7} {len(r['rejected_before']):>10} {len(r['rejected_after']):>9}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
    bad = any(r["newly_rejected"] or r["runs"]["plain"]["exit"] or r["runs"]["opt-ins"]["exit"]
              or r["rules_removed"] or r["enum_lists_changed"] or r["other_changes"] for r in results)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
