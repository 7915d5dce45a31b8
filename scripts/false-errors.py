#!/usr/bin/env python3
"""Runs `union-gen check` over Go package trees that other tools accept, and sorts every
error (and every "did you mean") into: flagged by the tree itself (kube-api-linter style
`// want` comment on the line, the line below, or the field/type the marker belongs to) or
not — the candidates for false errors, to read one by one.

usage: scripts/false-errors.py UNION_GEN DIR...     (each DIR is searched for Go packages)
       GOMODCACHE may point at a module cache (scripts/prepare-module-cache.sh).
"""
import json
import os
import pathlib
import subprocess
import sys

union_gen, roots = sys.argv[1], sys.argv[2:]
if not roots:
    sys.exit(__doc__)


def package_dirs(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("vendor",) and not d.startswith(".")]
        if any(f.endswith(".go") and not f.endswith("_test.go") for f in filenames):
            yield pathlib.Path(dirpath)


def wanted(path, line):
    """A `// want` on the line or on the next few lines up to the declaration it marks."""
    try:
        lines = pathlib.Path(path).read_text(errors="replace").splitlines()
    except OSError:
        return False
    for index in range(line - 1, min(line + 8, len(lines))):
        text = lines[index]
        if "// want" in text:
            return True
        stripped = text.strip()
        if index >= line and stripped and not stripped.startswith("//"):
            break  # reached the declaration the comment block belongs to
    return False


total = {"flagged": 0, "unflagged": 0, "warnings": 0}
for root in roots:
    for directory in package_dirs(root):
        result = subprocess.run(
            [union_gen, "check", "--message-format", "json", str(directory)],
            capture_output=True, text=True,
        )
        for raw in result.stderr.splitlines():
            try:
                d = json.loads(raw)
            except json.JSONDecodeError:
                print(f"{directory}: {raw}")
                continue
            if d["severity"] != "error" and d["code"] != "marker/unknown-similar":
                total["warnings"] += 1
                continue
            where = f"{d.get('file')}:{d.get('line')}:{d.get('column')}"
            if d.get("file") and d.get("line") and wanted(d["file"], d["line"]):
                total["flagged"] += 1
            else:
                total["unflagged"] += 1
                print(f"UNFLAGGED {d['severity']} {d['code']} {where} {d['message'][:140]}")
print(json.dumps(total))
