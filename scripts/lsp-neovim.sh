#!/usr/bin/env bash
# A real editor as the client (issue 34, done-when 2): Neovim's built-in LSP client opens a
# file of a real project with `union-gen lsp` as its server, receives the diagnostics, and
# hovers on a `+enum` type. The diagnostics must be those `union-gen check` reports for the
# file's package (code, line, column, message); the hover must list every value of the enum
# that the file's constants of that type give (`Name EnumType = "value"`).
#
# usage: scripts/lsp-neovim.sh UNION_GEN PROJECT_DIR FILE ENUM_TYPE
#   FILE relative to PROJECT_DIR; run with GOMODCACHE set when the project needs it. Needs
#   nvim (Debian: apt-get install neovim; 0.7 or later) and python3.
#   e.g. scripts/lsp-neovim.sh target/release/union-gen ~/api admissionregistration/v1/types.go FailurePolicyType
# Exit 0 when both hold; prints what the editor received.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
union_gen="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
project="$2" file="$3" enum_type="$4"
work="$(mktemp -d "${TMPDIR:-/tmp}/lsp-neovim.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$project"
"$union_gen" check --message-format json "./$(dirname "$file")" 2>"$work/check.jsonl" || true
UNION_GEN="$union_gen" FILE="$file" ENUM_TYPE="$enum_type" OUT="$work/nvim.json" \
  nvim --headless --clean -u NONE -c "luafile $here/lsp-neovim.lua" >"$work/nvim.log" 2>&1 || true
[ -s "$work/nvim.json" ] || { echo "lsp-neovim: Neovim wrote no result:"; cat "$work/nvim.log"; exit 1; }
python3 - "$work/check.jsonl" "$work/nvim.json" "$file" "$enum_type" <<'PY'
import json, sys
check_path, nvim_path, file, enum_type = sys.argv[1:]
result = json.load(open(nvim_path))
if "error" in result:
    sys.exit(f"lsp-neovim: {result['error']}")
text = open(file, encoding="utf-8").read().split("\n")

def column(line, units):
    seen, col = 0, 1
    for c in text[line]:
        if seen >= units:
            break
        seen += 2 if ord(c) > 0xFFFF else 1
        col += 1
    return col

expected = set()
for raw in open(check_path):
    d = json.loads(raw)
    if d.get("file", "").lstrip("./") == file.lstrip("./"):
        message = d["message"] + (f"\nhelp: {d['help']}" if d.get("help") else "")
        expected.add((d["code"], d["line"], d["column"], message))
received = set()
for d in result["diagnostics"]:
    start = d["range"]["start"]
    received.add((d["code"], start["line"] + 1, column(start["line"], start["character"]), d["message"]))
print(f"Neovim {result.get('client', '')}: {len(result['diagnostics'])} diagnostics received, {result['shown']} shown in the buffer; check: {len(expected)}")
for code, line, col, message in sorted(received):
    print(f"  {file}:{line}:{col}: {code}: {message.splitlines()[0]}")
ok = True
if received != expected:
    ok = False
    print("lsp-neovim: the editor's diagnostics differ from check's")
    for d in sorted(expected - received):
        print("  missing:", d)
    for d in sorted(received - expected):
        print("  extra:  ", d)
hover = result.get("hover") or ""
print(f"hover on `type {enum_type}` (line {result.get('hover_line', -1) + 1}):")
print("  " + hover.replace("\n", "\n  "))
import re
constants = set(re.findall(r'^\s*\w+\s+' + re.escape(enum_type) + r'\s*=\s*"([^"]*)"', "\n".join(text), re.M))
missing = [v for v in sorted(constants) if f'- `"{v}"`' not in hover]
print(f"constants of {enum_type} in the file: {sorted(constants)}")
if f"**enum `{enum_type}`**" not in hover or not constants or missing:
    ok = False
    print(f"lsp-neovim: the hover does not show the values of {enum_type}: missing {missing}")
sys.exit(0 if ok else 1)
PY
