#!/usr/bin/env python3
"""Which diagnostic codes are worded in more than one file (issue 26: analysis reports typed
findings; each code is worded in one place).

usage: scripts/code-wording.py [SRC_DIR]      (default: src)
Looks at every `Diagnostic::new(Code::X, …)` and prints each code built in several files;
exit 1 when there is one. Standard library only.
"""
import collections
import pathlib
import re
import sys

src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "src")
new = re.compile(r"Diagnostic::new\(\s*Code::([A-Za-z0-9]+)")
files = collections.defaultdict(set)
sites = 0
for path in sorted(src.rglob("*.rs")):
    for code in new.findall(path.read_text(encoding="utf-8")):
        files[code].add(str(path))
        sites += 1
spread = {code: paths for code, paths in files.items() if len(paths) > 1}
for code, paths in sorted(spread.items()):
    print(f"{code}: {', '.join(sorted(paths))}")
print(f"{sites} sites, {len(files)} codes, {len(spread)} worded in more than one file")
sys.exit(1 if spread else 0)
