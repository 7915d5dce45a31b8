#!/usr/bin/env python3
"""`union-gen lsp` beside `union-gen check` on a real project: opens every Go file of the
packages a pattern names (as an editor with all of them open), and compares the diagnostics
the server publishes with `check --message-format json PATTERN`'s: code, severity, file,
start and end (line, column in characters), message with its help. Run-level findings (no
file) must be at the top of every open file.

usage: scripts/lsp-vs-check.py UNION_GEN PROJECT_DIR PATTERN [PATTERN...]
  run with GOMODCACHE set as `check` needs it; prints `agree` counts and every difference;
  exit 1 on a difference.
  e.g. scripts/lsp-vs-check.py target/release/union-gen ~/api ./...
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, path_of, uri_of  # noqa: E402


def column(lines, line, units):
    seen, col = 0, 1
    for c in lines[line] if line < len(lines) else "":
        if seen >= units:
            break
        seen += 2 if ord(c) > 0xFFFF else 1
        col += 1
    return col


def main():
    union_gen = os.path.abspath(sys.argv[1])
    project = sys.argv[2]
    patterns = sys.argv[3:] or ["./..."]
    os.chdir(project)
    check = subprocess.run(
        [union_gen, "check", "--message-format", "json", *patterns], capture_output=True, text=True
    )
    expected, run_level = set(), set()
    for raw in check.stderr.splitlines():
        d = json.loads(raw)
        message = d["message"] + (f"\nhelp: {d['help']}" if d.get("help") else "")
        if d.get("file"):
            path = os.path.normpath(d["file"])
            expected.add((d["code"], d["severity"], path, d["line"], d["column"], d["end_line"], d["end_column"], message))
        else:
            run_level.add((d["code"], message))
    # The packages' files, walked as the go tool walks a pattern.
    files = []
    for pattern in patterns:
        root = pattern[:-4] if pattern.endswith("/...") else pattern
        recursive = pattern.endswith("...")
        for directory, dirs, names in os.walk(root):
            dirs[:] = sorted(
                d for d in dirs
                if recursive and d not in ("vendor", "testdata") and not d.startswith((".", "_"))
                and not os.path.exists(os.path.join(directory, d, "go.mod"))
            )
            files += [
                os.path.normpath(os.path.join(directory, n)) for n in sorted(names)
                if n.endswith(".go") and not n.endswith("_test.go")
            ]
    texts = {}
    received, tops = set(), None
    with Client([union_gen, "lsp"], env=dict(os.environ)) as client:
        client.initialize({})
        for path in files:
            client.open(path)
            texts[path] = client.texts[uri_of(path)].split("\n")
        # A request makes the server analyse what is open; then every file with findings
        # has had them published.
        client.request("textDocument/hover", {"textDocument": {"uri": uri_of(files[0])}, "position": {"line": 0, "character": 0}})
        published = client.published
    for uri, diagnostics in published.items():
        path = os.path.relpath(path_of(uri))
        lines = texts.get(path) or open(path, encoding="utf-8").read().split("\n")
        here = set()
        for d in diagnostics:
            start, end = d["range"]["start"], d["range"]["end"]
            severity = "error" if d["severity"] == 1 else "warning"
            if start == end == {"line": 0, "character": 0} and "relatedInformation" not in d:
                here.add((d["code"], d["message"]))
                continue
            received.add((d["code"], severity, path, start["line"] + 1, column(lines, start["line"], start["character"]),
                          end["line"] + 1, column(lines, end["line"], end["character"]), d["message"]))
        tops = here if tops is None else tops & here
    tops = tops or set()
    agree = len(expected & received)
    print(f"{len(files)} files open; check: {len(expected)} located + {len(run_level)} run-level findings; "
          f"editor: {len(received)} located, {len(tops)} run-level; agree: {agree}")
    differences = sorted(expected ^ received) + sorted(run_level ^ tops)
    for d in differences[:50]:
        print("  only in", "check:" if d in expected or d in run_level else "editor:", d)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
