#!/usr/bin/env python3
"""Runs `union-gen validate` on openshift/api's CRD test suites (*/tests/<crd>/<gate>.yaml):
each onCreate case's `initial` object is validated with --crd against every manifest the
suite's runner installs (openshift/api's tests/crd_filter.go: the per-feature-set manifests of
zz_generated.crd-manifests named by the suite's crdName — all of them for an ungated suite, else
those whose feature set enables the suite's `featureGates` and disables its `-gates`, as
payload-manifests/featuregates says for the manifest's first cluster profile and its versions;
CustomNoUpgrade always, unless a gate must be disabled). Without zz_generated.crd-manifests
(older trees), the feature-gated partial manifest of the same gate
(zz_generated.featuregated-crd-manifests/<crd>/<gate>.yaml, else AAA_ungated.yaml). A case
agrees when union-gen's verdict is the suite's on every manifest (invalid iff
`expectedError`) and, for an invalid case, `expectedError` is contained in union-gen's messages
(as the API server joins them).

usage: validate-openshift-tests.py UNION_GEN OPENSHIFT_API_DIR [-v]
Prints per API group agree/total, then every disagreement (-v: with the messages).
"""
import collections
import functools
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


@functools.lru_cache(maxsize=None)
def annotations_of(path):
    """metadata.annotations of a manifest's first document, or None when it is no CRD."""
    try:
        with open(path) as f:
            doc = next(yaml.load_all(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)), None) or {}
    except (yaml.YAMLError, OSError):
        return None, None
    if not isinstance(doc, dict) or doc.get("kind") != "CustomResourceDefinition":
        return None, None
    meta = doc.get("metadata") or {}
    return meta.get("name"), meta.get("annotations") or {}


def versions_from(annotations):
    for k, v in annotations.items():
        if k.startswith("release.openshift.io/major-version"):
            return {int(x) for x in str(v).split(",") if x.strip().isdigit()}
    return set()


_gates_cache = {}


def gate_status(root, profile, feature_sets, versions):
    """{gate: enabled} of the payload FeatureGate for a cluster profile, feature set, versions."""
    key = (root, profile, tuple(sorted(feature_sets)), tuple(sorted(versions)))
    if key in _gates_cache:
        return _gates_cache[key]
    feature_sets = feature_sets or {"Default"}
    status = None
    payload = os.path.join(root, "payload-manifests", "featuregates")
    for name in sorted(os.listdir(payload)) if os.path.isdir(payload) else []:
        with open(os.path.join(payload, name)) as f:
            gate = yaml.safe_load(f) or {}
        ann = (gate.get("metadata") or {}).get("annotations") or {}
        if profile not in ann or ann.get("release.openshift.io/feature-set") not in feature_sets:
            continue
        if versions and not versions_from(ann) & versions:
            continue
        first = ((gate.get("status") or {}).get("featureGates") or [{}])[0]
        status = {g["name"]: True for g in first.get("enabled") or []}
        status.update({g["name"]: False for g in first.get("disabled") or []})
        break
    _gates_cache[key] = status
    return status


def runner_manifests(root, crd_dir, crd_name, gates):
    """The manifests tests/crd_filter.go's perTestRuntimeInfo picks for a suite."""
    picked = []
    for name in sorted(os.listdir(crd_dir)):
        path = os.path.join(crd_dir, name)
        crd, ann = annotations_of(path)
        if crd != crd_name:
            continue
        if not gates:
            picked.append(path)
            continue
        feature_sets = {x for x in (ann.get("release.openshift.io/feature-set") or "").split(",") if x}
        if "CustomNoUpgrade" in feature_sets:
            if not any(g.startswith("-") for g in gates):
                picked.append(path)
            continue
        profiles = sorted(k for k, v in ann.items()
                          if k.startswith("include.release.openshift.io/") and str(v) == "true")
        if not profiles:
            picked.append(path)
            continue
        status = gate_status(root, profiles[0], feature_sets, versions_from(ann)) or {}
        keep = all(
            status.get(g[1:]) is False if g.startswith("-") else status.get(g) is True
            for g in gates
        )
        if keep:
            picked.append(path)
    return picked


def partial_manifest(root, parts, t, path):
    """Older trees: the feature-gated partial manifest named after the test file or its gate."""
    crd_dir = os.path.join(root, *parts[:t], "zz_generated.featuregated-crd-manifests", parts[t + 1])
    try:
        with open(path) as f:
            gates = (yaml.safe_load(f) or {}).get("featureGates") or []
    except yaml.YAMLError:
        gates = []
    candidates = [parts[-1]] + ["%s.yaml" % g for g in gates if not g.startswith("-")]
    candidates.append("AAA_ungated.yaml")
    return next(
        (os.path.join(crd_dir, c) for c in candidates if os.path.exists(os.path.join(crd_dir, c))),
        os.path.join(crd_dir, "AAA_ungated.yaml"),
    )


def run_union_gen(union_gen, manifest, documents):
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
    return [json.loads(l) for l in run.stdout.splitlines() if l.strip()]


def judge(case, document, verdict):
    """(agrees, class of the disagreement, messages) of one case on one manifest."""
    want_error = case.get("expectedError")
    if verdict is None or verdict["valid"] is None:
        return False, "no verdict", []
    messages = [c["message"] for c in verdict["causes"]]
    # The API server's StatusError text: `Kind.group "name" is invalid: a` or `[a, b]`.
    inner = ", ".join(messages)
    if len(messages) > 1:
        inner = "[" + inner + "]"
    group_name = document["apiVersion"].split("/")[0]
    joined = '%s.%s "%s" is invalid: %s' % (
        document.get("kind"), group_name, document["metadata"]["name"], inner)
    if want_error:
        return (not verdict["valid"] and want_error in joined,
                "accepted" if verdict["valid"] else "other message", messages)
    return verdict["valid"], "rejected", messages


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
        full_dir = os.path.join(root, *parts[:t], "zz_generated.crd-manifests")
        if os.path.isdir(full_dir):
            try:
                with open(path) as f:
                    head = yaml.safe_load(f) or {}
            except yaml.YAMLError:
                continue
            manifests = runner_manifests(root, full_dir, head.get("crdName"), head.get("featureGates") or [])
        else:
            manifests = [partial_manifest(root, parts, t, path)]
        manifests = [m for m in manifests if os.path.exists(m)]
        if not manifests:
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
        runs = [(m, run_union_gen(union_gen, m, documents)) for m in manifests]
        for i, (_, case) in enumerate(suite):
            per_group[group][1] += 1
            outcome = None
            for manifest, got in runs:
                agrees, why, messages = judge(case, documents[i], got[i] if i < len(got) else None)
                if not agrees:
                    outcome = (why, messages, os.path.basename(manifest))
                    break
            if outcome is None:
                per_group[group][0] += 1
            else:
                why, messages, manifest = outcome
                disagreements.append((group, rel, case["name"], why, case.get("expectedError"), messages, manifest))
    total = [0, 0]
    for group in sorted(per_group):
        agree, n = per_group[group]
        total[0] += agree
        total[1] += n
        print("%-40s %4d/%-4d" % (group, agree, n))
    print("%-40s %4d/%-4d" % ("TOTAL", total[0], total[1]))
    classes = collections.Counter(d[3] for d in disagreements)
    print("disagreements by class:", dict(classes))
    for group, rel, name, why, want, messages, manifest in disagreements:
        print("DIFF [%s] %s: %s (%s) — %s" % (why, rel, name, manifest, ("want %r" % want) if want else "want valid"))
        if verbose:
            for m in messages:
                print("      got:", m)


if __name__ == "__main__":
    main()
