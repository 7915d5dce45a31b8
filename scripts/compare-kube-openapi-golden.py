#!/usr/bin/env python3
"""Compares union-gen's output for testdata/kube-openapi-compat with kube-openapi's
integration goldens (test/integration/testdata/golden.v{2,3}.json), definition by definition.

usage: compare-kube-openapi-golden.py KUBE_OPENAPI_GIT_DIR [UNION_GEN_BINARY]
Reads the goldens with `git show`; nothing from kube-openapi is written anywhere.
"""
import json, os, subprocess, sys

PACKAGES = ("uniontype", "structtype", "listtype", "maptype", "dummytype")
ko = sys.argv[1]
binary = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "target/release/union-gen")
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
failures = 0
for version, key in (("v2", ("definitions",)), ("v3", ("components", "schemas"))):
    golden = json.loads(subprocess.check_output(
        ["git", "--git-dir", ko, "show", f"HEAD:test/integration/testdata/golden.{version}.json"]))
    ours = json.loads(subprocess.check_output(
        [binary, "generate", "--naming", "short", f"--{version}", "-", "./..."],
        cwd=os.path.join(root, "testdata", "kube-openapi-compat")))
    for k in key:
        golden, ours = golden[k], ours[k]
    wanted = {n: s for n, s in golden.items() if n.split(".")[0] in PACKAGES}
    same = 0
    for name, schema in sorted(wanted.items()):
        if ours.get(name) == schema:
            same += 1
        else:
            failures += 1
            print(f"{version} {name}:\n  golden: {json.dumps(schema, sort_keys=True)}\n  ours:   {json.dumps(ours.get(name), sort_keys=True)}")
    unions = [n for n, s in wanted.items() if "x-kubernetes-unions" in s]
    union_same = sum(1 for n in unions if ours.get(n, {}).get("x-kubernetes-unions") == wanted[n]["x-kubernetes-unions"])
    print(f"{version}: {same}/{len(wanted)} golden definitions equal; x-kubernetes-unions {union_same}/{len(unions)}")
sys.exit(1 if failures else 0)
