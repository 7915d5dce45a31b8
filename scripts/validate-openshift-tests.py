#!/usr/bin/env python3
"""Runs `union-gen validate` on openshift/api's CRD test suites (*/tests/<crd>/<gate>.yaml):
each onCreate case's `initial` object is validated against the committed CRD manifest of the
same feature gate (zz_generated.featuregated-crd-manifests/<crd>/<gate>.yaml, else
AAA_ungated.yaml) with --crd. A case agrees when union-gen's verdict is the suite's (invalid
iff `expectedError`) and, for an invalid case, `expectedError` is contained in union-gen's
messages (as the API server joins them).

usage: validate-openshift-tests.py UNION_GEN OPENSHIFT_API_DIR [-v]
Prints per API group agree/total, then every disagreement (-v: with the messages).
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

import yaml  # PyYAML


def cases(path):
    with open(path) as f:
        suite = yaml.safe_load(f)
    for case in (suite.get("tests") or {}).get("onCreate") or []:
        if "initial" not in case:
            continue
        yield suite.get("crdName"), case


def main():
    union_gen, root = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv
    per_group = collections.defaultdict(lambda: [0, 0])
    disagreements = []
    test_files = []
    for dirpath, _, files in os.walk(root):
        if "/tests/" not in dirpath + "/" or ".git" in dirpath:
            continue
        for f in files:
            if f.endswith(".yaml"):
                test_files.append(os.path.join(dirpath, f))
    for path in sorted(test_files):
        rel = os.path.relpath(path, root)
        parts = rel.split(os.sep)
        if "tests" not in parts:
            continue
        t = parts.index("tests")
        group = "/".join(parts[:t])
        crd_dir = os.path.join(root, *parts[:t], "zz_generated.featuregated-crd-manifests", parts[t + 1])
        # The suite's feature gates pick the manifest: the file named after the test file, else
        # after its first enabled gate, else the ungated one.
        try:
            with open(path) as f:
                gates = (yaml.safe_load(f) or {}).get("featureGates") or []
        except yaml.YAMLError:
            gates = []
        candidates = [parts[-1]] + ["%s.yaml" % g for g in gates if not g.startswith("-")]
        candidates.append("AAA_ungated.yaml")
        manifest = next(
            (os.path.join(crd_dir, c) for c in candidates if os.path.exists(os.path.join(crd_dir, c))),
            os.path.join(crd_dir, "AAA_ungated.yaml"),
        )
        if not os.path.exists(manifest):
            continue
        try:
            suite = list(cases(path))
        except yaml.YAMLError:
            continue
        if not suite:
            continue
        documents = []
        for _, case in suite:
            obj = yaml.safe_load(case["initial"]) or {}
            meta = obj.setdefault("metadata", {}) or {}
            obj["metadata"] = meta
            meta.setdefault("generateName", "test-")
            meta.setdefault("name", "test-x7k2p")  # the API server names it before validation
            meta.setdefault("namespace", "default")
            documents.append(obj)
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as tmp:
            yaml.safe_dump_all(documents, tmp, sort_keys=False)
            objects = tmp.name
        run = subprocess.run(
            [union_gen, "validate", "--field-validation", "warn", "--output", "json", "--message-format", "json",
             "--crd", manifest, objects],
            capture_output=True,
            text=True,
        )
        os.unlink(objects)
        got = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
        for i, (_, case) in enumerate(suite):
            per_group[group][1] += 1
            want_error = case.get("expectedError")
            if i >= len(got) or got[i]["valid"] is None:
                disagreements.append((group, rel, case["name"], "no verdict", want_error, []))
                continue
            messages = [c["message"] for c in got[i]["causes"]]
            # The API server's StatusError text: `Kind.group "name" is invalid: a` or `[a, b]`.
            inner = ", ".join(messages)
            if len(messages) > 1:
                inner = "[" + inner + "]"
            group_name = documents[i]["apiVersion"].split("/")[0]
            joined = '%s.%s "%s" is invalid: %s' % (
                documents[i].get("kind"), group_name, documents[i]["metadata"]["name"], inner)
            if want_error:
                ok = not got[i]["valid"] and want_error in joined
                why = "accepted" if got[i]["valid"] else "other message"
            else:
                ok = got[i]["valid"]
                why = "rejected"
            if ok:
                per_group[group][0] += 1
            else:
                disagreements.append((group, rel, case["name"], why, want_error, messages))
    total = [0, 0]
    for group in sorted(per_group):
        agree, n = per_group[group]
        total[0] += agree
        total[1] += n
        print("%-40s %4d/%-4d" % (group, agree, n))
    print("%-40s %4d/%-4d" % ("TOTAL", total[0], total[1]))
    classes = collections.Counter(d[3] for d in disagreements)
    print("disagreements by class:", dict(classes))
    for group, rel, name, why, want, messages in disagreements:
        print("DIFF [%s] %s: %s — %s" % (why, rel, name, ("want %r" % want) if want else "want valid"))
        if verbose:
            for m in messages:
                print("      got:", m)


if __name__ == "__main__":
    main()
