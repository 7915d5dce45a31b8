#!/usr/bin/env python3
"""Do the enum lists union-gen writes equal a project's committed CRD YAML? Copies the
manifests, removes every `enum:` list from the copies, lets `union-gen crd` add them back
from the Go types, and compares each list with the original (same place, same order).
Dependencies' `+enum` lists are restored too (`--dependency-enums`), as a committed CRD may
hold them.

usage: scripts/enum-roundtrip.py UNION_GEN PROJECT_DIR CRD_GLOB PACKAGE_PATTERN...
  e.g. scripts/enum-roundtrip.py union-gen ~/gateway-api 'config/crd/standard/*.yaml' ./apis/...
Prints per file: lists in the original, restored equal, restored in another order, restored
with other values, not restored; then the totals. Needs PyYAML.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

union_gen, project, crd_glob, patterns = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]


def strip_enums(text):
    out, skip_indent = [], None
    for line in text.splitlines(keepends=True):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if skip_indent is not None:
            if stripped.startswith("- ") and indent >= skip_indent:
                continue
            skip_indent = None
        if stripped.rstrip("\r\n") == "enum:":
            skip_indent = indent
            continue
        out.append(line)
    return "".join(out)


def enums(node, path=""):
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list):
            yield path, node["enum"]
        for key, value in node.items():
            yield from enums(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from enums(value, f"{path}[{index}]")


totals = dict(original=0, equal=0, reordered=0, different=0, missing=0, added=0)
work = tempfile.mkdtemp()
try:
    files = sorted(glob.glob(os.path.join(project, crd_glob)))
    copies = []
    for path in files:
        copy = os.path.join(work, os.path.basename(path))
        with open(path) as f, open(copy, "w") as g:
            g.write(strip_enums(f.read()))
        copies.append(copy)
    result = subprocess.run([union_gen, "crd", "--dependency-enums", *copies, "--packages", *patterns],
                            cwd=project, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"union-gen crd failed ({result.returncode}):\n{result.stderr}")
    for path, copy in zip(files, copies):
        with open(path) as f, open(copy) as g:
            before = dict(p for d in yaml.safe_load_all(f) if d for p in enums(d))
            after = dict(p for d in yaml.safe_load_all(g) if d for p in enums(d))
        counts = dict(original=len(before), equal=0, reordered=0, different=0, missing=0)
        for where, values in before.items():
            got = after.get(where)
            key = ("missing" if got is None else "equal" if got == values
                   else "reordered" if sorted(map(str, got)) == sorted(map(str, values)) else "different")
            counts[key] += 1
            if key != "equal":
                print(f"  {os.path.basename(path)} {where}: committed {values} union-gen {got}")
        counts["added"] = len(set(after) - set(before))
        for key, value in counts.items():
            totals[key] += value
        print(os.path.basename(path), counts)
finally:
    shutil.rmtree(work)
print("total", totals)
