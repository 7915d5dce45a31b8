#!/usr/bin/env python3
"""Runs the cases of kube-openapi's generator unit tests through `union-gen openapi-gen` and
compares with what each case expects.

usage: compare-openapi-gen-unit-tests.py UNION_GEN KUBE_OPENAPI [-v] [TEST_NAME...]

KUBE_OPENAPI is a checkout of github.com/kubernetes/kube-openapi or its bare git directory;
pkg/generators/openapi_test.go is read from its HEAD (nothing of it is written anywhere but a
temporary directory). Each `TestX` of that file builds Go modules from string literals
(`packagestest.Export`), runs openapi-gen's type writer on the type `Blah` of
`example.com/base/foo` and asserts on its outputs: the definitions-map entry (`callBuffer`),
the `schema_…` function (`funcBuffer`), the imports, or the error (`funcErr`). This script
evaluates those string literals, writes the modules to a temporary directory (plus a `doc.go`
with `+k8s:openapi-gen=true`: the test harness generates `Blah` regardless of opt-in, the
command line needs the opt-in), runs `UNION_GEN openapi-gen` over `./foo`, cuts `Blah`'s
entry and function out of the written file and compares them with the expectations,
whitespace-insensitively (the expectations are openapi-gen's text before gofmt). A case that
expects an error agrees when union-gen exits 1 with an error diagnostic (the two tools' error
texts differ; both are printed with -v). Tests of internal helpers (no `testOpenAPITypeWriter`
call) are listed as not compared.

Prints one line per case (agree / DIFFER / ERROR-MISSING / UNEXPECTED-ERROR / deviation /
not compared) and a summary `agree N/M compared`; a documented deviation (DEVIATIONS) is not
counted as compared. Exit 0 when every compared case agrees.
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile

BASE = "example.com/base"

# Cases where union-gen differs on purpose (none since the openapi-gen drop-in writes an
# untagged embedded struct as openapi-gen does, a property named after the field).
DEVIATIONS: dict[str, str] = {}
# Properties union-gen writes on purpose where openapi-gen writes none: they are cut out of
# union-gen's function before comparing, and the case counts as compared.
EXTRA_PROPERTIES = {
    # `json:",omitempty"` / `json:",string"`: encoding/json names the field after the Go
    # field; openapi-gen drops it (README, deliberate differences).
    "TestSimple": ["Int", "IntString"],
}


def without_properties(func, names):
    """`func` without the `"name": {…},` property blocks."""
    for name in names:
        start = func.find(f'\t"{name}": {{')
        if start < 0:
            continue
        depth, i = 0, func.index("{", start)
        while True:
            depth += {"{": 1, "}": -1}.get(func[i], 0)
            i += 1
            if depth == 0:
                break
        end = func.index("\n", i) + 1
        func = func[:func.rfind("\n", 0, start) + 1] + func[end:]
        func = re.sub(r'(Required:\s*\[\]string\{[^}]*)"' + re.escape(name) + r'",\s*',
                      r"\1", func)
    return func


def read_peer(ko, path):
    if os.path.isdir(os.path.join(ko, "objects")) or ko.endswith(".git") or ko.endswith("repo"):
        return subprocess.check_output(["git", "--git-dir", ko, "show", f"HEAD:{path}"], text=True)
    with open(os.path.join(ko, path)) as f:
        return f.read()


def go_string(text, i):
    """Parses one Go string literal at text[i]; returns (value, index after it)."""
    if text[i] == "`":
        end = text.index("`", i + 1)
        return text[i + 1:end], end + 1
    assert text[i] == '"', text[i:i + 20]
    out, j = [], i + 1
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}
    while text[j] != '"':
        if text[j] == "\\":
            out.append(escapes.get(text[j + 1], "\\" + text[j + 1]))
            j += 2
        else:
            out.append(text[j])
            j += 1
    return "".join(out), j + 1


def go_concat(text, i):
    """Parses `lit + lit + …` starting at text[i]; returns (value, end)."""
    parts = []
    while True:
        while text[i] in " \t\n":
            i += 1
        value, i = go_string(text, i)
        parts.append(value)
        j = i
        while j < len(text) and text[j] in " \t\n":
            j += 1
        if j < len(text) and text[j] == "+":
            i = j + 1
            continue
        return "".join(parts), i


def test_functions(source):
    # Split at the next top-level `func`: expected texts hold lines that are a lone `}`.
    starts = [m for m in re.finditer(r"^func (\w+)\(", source, re.M)]
    for m, following in zip(starts, starts[1:] + [None]):
        if m.group(1).startswith("Test"):
            yield m.group(1), source[m.end():following.start() if following else len(source)]


def string_vars(body):
    values = {}
    for m in re.finditer(r"(\w+) := (?=[`\"])", body):
        values[m.group(1)], _ = go_concat(body, m.end())
    return values


def modules(body, values):
    """[(module path, {file: text})] of packagestest.Export's module list."""
    result = []
    for m in re.finditer(r'Name:\s*"([^"]+)",\s*Files:\s*map\[string\]interface\{\}\{(.*?)\n\s*\},', body, re.S):
        files = {}
        for f in re.finditer(r'"([^"]+)":\s*([\w.]+|[`"])', m.group(2)):
            ref = f.group(2)
            if ref in ("`", '"'):
                files[f.group(1)], _ = go_concat(m.group(2), f.start(2))
            else:
                files[f.group(1)] = values.get(ref.split(".")[-1], ref)
        result.append((m.group(1), files))
    return result


def expectations(body, values):
    """{'call': text, 'func': text, 'imports': [lines], 'error': text or True}."""
    want = {}
    def arg(i):
        while body[i] in " \t\n":
            i += 1
        if body[i] in "`\"":
            return go_concat(body, i)[0]
        name = re.match(r"[\w.]+", body[i:]).group(0)
        return values.get(name.split(".")[-1], name)
    # Expectations run through go/format first: `formatted_expected, err := format.Source(
    # []byte(`…`))` then `assertEqual(t, string(formatted_expected), string(formatted))`.
    for m in re.finditer(r"(\w+), \w+ := format\.Source\(\[\]byte\((?=[`\"])", body):
        values[m.group(1)] = go_concat(body, m.end())[0]
    for m in re.finditer(r"assertEqual\(t,\s*string\(formatted\),\s*(?!string\()", body):
        want["func"] = arg(m.end())
    for m in re.finditer(r"assertEqual\(t,\s*string\(formatted\),\s*string\((\w+)\)\)", body):
        want["func"] = values[m.group(1)]
    for m in re.finditer(r"assertEqual\(t,\s*string\((\w+)\),\s*string\(formatted\)\)", body):
        want["func"] = values[m.group(1)]
    for m in re.finditer(r"assertEqual\(t,\s*callBuffer\.String\(\),", body):
        want["call"] = arg(m.end())
    for m in re.finditer(r"assertEqual\(t,\s*funcBuffer\.String\(\),", body):
        want["func"] = arg(m.end())
    if re.search(r'assertEqual\(t,\s*"",\s*funcBuffer\.String\(\)\)', body):
        want["func"] = ""
    for m in re.finditer(r"assertEqual\(t,\s*(?!\s|callBuffer|funcBuffer|\"\",|string\()", body):
        text = arg(m.end())
        if "funcErr.Error()" in body[m.end():m.end() + len(text) + 200]:
            want["error"] = text
    if ("An error was expected" in body or "if funcErr == nil {" in body) and "error" not in want:
        want["error"] = True
    m = re.search(r"expImports := \[\]string\{(.*?)\}", body, re.S)
    if m:
        want["imports"] = [go_concat(s.group(0), 0)[0] for s in re.finditer(r'`[^`]*`|"(?:[^"\\]|\\.)*"', m.group(1))]
    return want


def table_cases(name, body):
    """Table-driven tests: (case name, definition, expected error or None)."""
    for i, m in enumerate(re.finditer(r"definition:\s*(?=[`\"])", body)):
        definition, end = go_concat(body, m.end())
        rest = body[end:end + 600]
        e = re.match(r",\s*expectedError:\s*(?=[`\"])", rest)
        error = go_concat(rest, e.end())[0] if e else None
        yield f"{name}/{i}", definition, error


def squash(text):
    # gofmt drops a trailing comma before a closing brace on the same line.
    return re.sub(r"\s+", "", text).replace(",}", "}")


def run_case(union_gen, mods, verbose):
    with tempfile.TemporaryDirectory() as tmp:
        for module, files in mods:
            rel = module[len(BASE) + 1:] if module.startswith(BASE + "/") else os.path.join("_deps", module)
            d = os.path.join(tmp, rel)
            os.makedirs(d, exist_ok=True)
            for fname, text in files.items():
                with open(os.path.join(d, fname), "w") as f:
                    f.write(text)
            if module == f"{BASE}/foo":
                # gengo reads package tags from doc.go only (any comment group in it).
                if "doc.go" in files:
                    with open(os.path.join(d, "doc.go"), "a") as f:
                        f.write("\n// +k8s:openapi-gen=true\n")
                else:
                    with open(os.path.join(d, "doc.go"), "w") as f:
                        f.write("// +k8s:openapi-gen=true\npackage foo\n")
        with open(os.path.join(tmp, "go.mod"), "w") as f:
            f.write(f"module {BASE}\n\ngo 1.22\n")
            deps = [m for m, _ in mods if not m.startswith(BASE + "/")]
            if deps:
                f.write("\nrequire (\n" + "".join(f"\t{m} v0.0.0\n" for m in deps) + ")\n")
                f.write("\nreplace (\n" + "".join(f"\t{m} => ./_deps/{m}\n" for m in deps) + ")\n")
        for m in [m for m, _ in mods if not m.startswith(BASE + "/")]:
            with open(os.path.join(tmp, "_deps", m, "go.mod"), "w") as f:
                f.write(f"module {m}\n\ngo 1.22\n")
        out = os.path.join(tmp, "output")
        proc = subprocess.run(
            [union_gen, "openapi-gen", "--output-dir", out, "--output-pkg", f"{BASE}/output",
             "--output-file", "openapi.go", "./foo"],
            cwd=tmp, capture_output=True, text=True)
        try:
            with open(os.path.join(out, "openapi.go")) as f:
                written = f.read()
        except FileNotFoundError:
            written = ""
        return proc.returncode, written, proc.stderr


def cut(written):
    call = re.search(r'^\s*"example\.com/base/foo\.Blah":\s*(.*)$', written, re.M)
    func = re.search(r"^func schema_examplecom_base_foo_Blah\(.*?^\}$", written, re.S | re.M)
    imports = re.search(r"^import \((.*?)^\)", written, re.S | re.M)
    import_lines = []
    if imports:
        import_lines = [l.strip() for l in imports.group(1).splitlines() if l.strip()]
    return (f'"example.com/base/foo.Blah": {call.group(1)}' if call else None,
            func.group(0) if func else None, import_lines)


def compare(union_gen, name, mods, want, verbose):
    code, written, stderr = run_case(union_gen, mods, verbose)
    if "error" in want:
        if code == 1:
            return "agree", ""
        return "ERROR-MISSING", f"expected: {want['error']}\nexit {code}\n{stderr}"
    if code != 0:
        return "UNEXPECTED-ERROR", stderr
    call, func, imports = cut(written)
    if func and name in EXTRA_PROPERTIES:
        func = without_properties(func, EXTRA_PROPERTIES[name])
    problems = []
    if "call" in want and squash(want["call"]) != squash(call or ""):
        problems.append(f"call:\n  want {want['call'].strip()}\n  got  {call}")
    if "func" in want and squash(want["func"]) != squash(func or ""):
        # The comparison ignores all whitespace (the expectations are pre-gofmt text); the
        # diff shown collapses it.
        lines = lambda text: [re.sub(r"\s+", " ", l.strip()).replace("interface {}", "interface{}")
                              for l in text.strip().splitlines()]
        diff = difflib.unified_diff(lines(want["func"]), lines(func or ""), "openapi-gen's test",
                                    "union-gen", lineterm="", n=2)
        problems.append("func (indentation ignored):\n" + "\n".join(diff))
    if "imports" in want:
        # The test's import tracker also holds every package the namer printed (`foo` for
        # `foo.Blah` in the call line, which a file in another package does not import unless
        # it uses it); ours is the written file's block. Compare the imports Blah's function
        # uses.
        used = [l for l in want["imports"] if re.search(r"\b" + re.escape(l.split()[0]) + r"\.", func or "")]
        extra = [l for l in used if squash(l) not in {squash(i) for i in imports}]
        if extra:
            problems.append(f"imports missing: {extra}\n  ours: {imports}")
    if problems:
        return "DIFFER", "\n".join(problems)
    return "agree", ""


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    union_gen, ko = os.path.abspath(args[0]), args[1]
    only = set(args[2:])
    source = read_peer(ko, "pkg/generators/openapi_test.go")
    agree = compared = deviations = 0
    for name, body in test_functions(source):
        cases = []
        if "tests := []struct" in body and "definition:" in body:
            for case, definition, error in table_cases(name, body):
                want = {"error": error} if error else {}
                if "Unexpected error" in body and not error:
                    want = {}
                cases.append((case, [(f"{BASE}/foo", {"foo.go": definition})], want))
        elif "testOpenAPITypeWriter" in body:
            values = string_vars(body)
            # One case per packagestest.TestAll block (TestRequired has a good and a bad one).
            blocks = body.split("packagestest.TestAll(")[1:]
            for i, block in enumerate(blocks):
                case = name if len(blocks) == 1 else f"{name}/{i}"
                cases.append((case, modules(block, values), expectations(block, values)))
        else:
            print(f"not compared  {name} (tests an internal helper, not the writer's output)")
            continue
        for case, mods, want in cases:
            if only and case.split("/")[0] not in only:
                continue
            result, detail = compare(union_gen, case, mods, want, verbose)
            if result != "agree" and case in DEVIATIONS:
                print(f"deviation     {case}: {DEVIATIONS[case]}")
                deviations += 1
                continue
            compared += 1
            agree += result == "agree"
            print(f"{result:<13} {case}")
            if detail and (verbose or result != "agree"):
                if verbose or result != "agree":
                    print("    " + detail.replace("\n", "\n    "))
    print(f"agree {agree}/{compared} compared, {deviations} documented deviation(s)")
    sys.exit(0 if agree == compared else 1)


if __name__ == "__main__":
    main()
