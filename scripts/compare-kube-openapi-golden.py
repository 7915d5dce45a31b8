#!/usr/bin/env python3
"""Compares union-gen's output for our own inputs with the shapes of kube-openapi's
integration fixtures with kube-openapi's goldens (test/integration/testdata/golden.v{2,3}.json),
definition by definition, for every package the goldens hold.

usage: compare-kube-openapi-golden.py KUBE_OPENAPI_GIT_DIR [UNION_GEN_BINARY] [-v]

Our inputs: testdata/kube-openapi-compat (the packages tests/compat.rs snapshots) and
testdata/kube-openapi-compat-extra (defaults, enumtype, and the packages of features not
supported yet: custom (`OpenAPIDefinition()` methods), valuevalidation (`+k8s:validation:*`)).
Reads the goldens with `git show`; nothing from kube-openapi is written anywhere.
Prints, per version, per package: definitions equal / in the golden, then the API rule
violation report (`check --report -`) against golden.v2.report line by line; exits 1 when a
package of SUPPORTED differs. `-v` prints each differing definition.
"""
import collections, json, os, subprocess, sys

SUPPORTED = {"uniontype", "structtype", "listtype", "maptype", "dummytype", "defaults", "custom",
             "valuevalidation"}
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

# The API rule violation report (`--report`, openapi-gen's `--report-filename`), line by line,
# with our module paths in place of kube-openapi's.
golden_report = subprocess.check_output(
    ["git", "--git-dir", ko, "show", "HEAD:test/integration/testdata/golden.v2.report"],
    text=True).splitlines()
ours_report = []
for directory, module in (("kube-openapi-compat", "example.com/compat/"),
                          ("kube-openapi-compat-extra", "example.com/compatextra/")):
    text = subprocess.check_output(
        [binary, "check", "--report", "-", "./..."],
        cwd=os.path.join(root, "testdata", directory), stderr=subprocess.DEVNULL, text=True)
    ours_report += [line.replace(module, "k8s.io/kube-openapi/test/integration/testdata/")
                    for line in text.splitlines()]
ours_report.sort(key=lambda line: line.split(": ", 1)[1].split(","))
per_package = collections.defaultdict(lambda: [0, 0])
for line in golden_report:
    package = line.split(",")[1].rsplit("/", 1)[-1]
    per_package[package][1] += 1
    if line in ours_report:
        per_package[package][0] += 1
    elif package in SUPPORTED:
        failures += 1
        print(f"report: missing {line}")
for line in ours_report:
    if line not in golden_report:
        package = line.split(",")[1].rsplit("/", 1)[-1]
        if package in SUPPORTED:
            failures += 1
        print(f"report: extra {line}")
same = sum(s for s, _ in per_package.values())
print(f"report: {same}/{len(golden_report)} golden lines reproduced: "
      + ", ".join(f"{p} {s}/{t}" for p, (s, t) in sorted(per_package.items()))
      + f"; {len(ours_report)} lines written")
sys.exit(1 if failures else 0)
