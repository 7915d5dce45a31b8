#!/usr/bin/env python3
"""Compares union-gen's output for our own inputs with the shapes of kube-openapi's
integration fixtures with kube-openapi's goldens (test/integration/testdata/golden.v{2,3}.json),
definition by definition, for every package the goldens hold.

usage: compare-kube-openapi-golden.py KUBE_OPENAPI_GIT_DIR [UNION_GEN_BINARY] [-v]

Our inputs: testdata/kube-openapi-compat (the packages tests/compat.rs snapshots) and
testdata/kube-openapi-compat-extra (defaults, enumtype, and the packages of features not
supported yet: custom (`OpenAPIDefinition()` methods), valuevalidation (`+k8s:validation:*`)).
Reads the goldens with `git show`; nothing from kube-openapi is written anywhere.
Prints, per version, per package: definitions equal / in the golden; exits 1 when a package
of SUPPORTED differs. `-v` prints each differing definition.
"""
import collections, json, os, subprocess, sys

SUPPORTED = {"uniontype", "structtype", "listtype", "maptype", "dummytype", "defaults"}
args = [a for a in sys.argv[1:] if a != "-v"]
verbose = "-v" in sys.argv[1:]
ko = args[0]
binary = os.path.abspath(args[1] if len(args) > 1 else "target/release/union-gen")
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
INPUTS = ("kube-openapi-compat", "kube-openapi-compat-extra")
failures = 0
for version, key in (("v2", ("definitions",)), ("v3", ("components", "schemas"))):
    golden = json.loads(subprocess.check_output(
        ["git", "--git-dir", ko, "show", f"HEAD:test/integration/testdata/golden.{version}.json"]))
    ours = {}
    for directory in INPUTS:
        document = json.loads(subprocess.check_output(
            [binary, "generate", "--naming", "short", f"--{version}", "-", "./..."],
            cwd=os.path.join(root, "testdata", directory), stderr=subprocess.DEVNULL))
        for k in key:
            document = document[k]
        ours.update(document)
    for k in key:
        golden = golden[k]
    per_package = collections.defaultdict(lambda: [0, 0])
    for name, schema in sorted(golden.items()):
        package = name.split(".")[0]
        per_package[package][1] += 1
        if ours.get(name) == schema:
            per_package[package][0] += 1
            continue
        if package in SUPPORTED:
            failures += 1
        if verbose or package in SUPPORTED:
            print(f"{version} {name}:\n  golden: {json.dumps(schema, sort_keys=True)}\n"
                  f"  ours:   {json.dumps(ours.get(name), sort_keys=True)}")
    same = sum(s for s, _ in per_package.values())
    total = sum(t for _, t in per_package.values())
    detail = ", ".join(f"{p} {s}/{t}" + ("" if p in SUPPORTED else " (not supported yet)")
                       for p, (s, t) in sorted(per_package.items()))
    print(f"{version}: {same}/{total} golden definitions equal: {detail}")
    unions = [n for n, s in golden.items() if "x-kubernetes-unions" in s]
    union_same = sum(1 for n in unions
                     if ours.get(n, {}).get("x-kubernetes-unions") == golden[n]["x-kubernetes-unions"])
    print(f"{version}: x-kubernetes-unions {union_same}/{len(unions)}")
sys.exit(1 if failures else 0)
