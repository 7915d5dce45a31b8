#!/usr/bin/env python3
"""Compares union-gen's Go output with openapi-gen's committed golden file.

usage: compare-openapi-gen-go.py UNION_GEN KUBE_OPENAPI [--keep DIR]

KUBE_OPENAPI is a checkout of github.com/kubernetes/kube-openapi, or its bare git directory
(then HEAD is extracted into a temporary directory). Runs `UNION_GEN openapi-gen` with the
flags of test/integration/README.md over the packages it lists, and compares the results
with test/integration/pkg/generated/openapi_generated.go and
pkg/generated/namedmodels/openapi_generated.go: byte-identical or not, then per
top-level declaration (the import block, GetOpenAPIDefinitions, each schema_ function), and
the number of differing lines (`diff` style); the API rule reports (`--report-filename`) are
compared with testdata/golden.v2.report and testdata/namedmodels/golden.v3.report; the
namedmodels run has --output-model-name-file zz_generated_model_name.go, as in the README, and
the file it writes into testdata/namedmodels is compared with the committed one (which is
removed before the run, so it cannot be left over). Exit 0 when identical, 1 otherwise.
Set GOMODCACHE when the packages need k8s.io/apimachinery (they do not).
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

# (output package, golden report, model-name file or None, packages)
RUNS = [
    ("generated", "testdata/golden.v2.report", None, [
    "./testdata/custom",
    "./testdata/enumtype",
    "./testdata/listtype",
    "./testdata/maptype",
    "./testdata/structtype",
    "./testdata/dummytype",
    "./testdata/uniontype",
    "./testdata/defaults",
    "./testdata/valuevalidation",
    ]),
    ("generated/namedmodels", "testdata/namedmodels/golden.v3.report",
     "zz_generated_model_name.go", ["./testdata/namedmodels"]),
]


def checkout(source, scratch):
    """A scratch copy of kube-openapi (the model-name run writes into its testdata)."""
    dest = os.path.join(scratch, "kube-openapi")
    os.makedirs(dest)
    if os.path.isdir(os.path.join(source, "test", "integration")):
        shutil.copytree(source, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".git"))
        return dest
    archive = subprocess.run(
        ["git", "--git-dir", source, "archive", "HEAD"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    return dest


def declarations(text):
    """Top-level declarations by name: 'header', 'import', and one per func."""
    parts = {}
    chunks = re.split(r"\n(?=func |import \()", text)
    parts["header"] = chunks[0]
    for chunk in chunks[1:]:
        if chunk.startswith("import"):
            parts["import"] = chunk
        else:
            name = re.match(r"func (\w+)", chunk).group(1)
            parts[name] = chunk
    return parts


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        i = args.index("--keep")
        keep = args[i + 1]
        del args[i : i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    union_gen, source = os.path.abspath(args[0]), os.path.abspath(args[1])
    with tempfile.TemporaryDirectory() as scratch:
        root = checkout(source, scratch)
        integration = os.path.join(root, "test", "integration")
        out_dir = keep or os.path.join(scratch, "out")
        env = dict(os.environ)
        results = {}
        reports = {}
        model_names = {}
        for output_pkg, golden_report, model_name_file, packages in RUNS:
            report = os.path.join(out_dir, output_pkg, "report")
            golden_model_names = {}
            if model_name_file:
                for package in packages:
                    path = os.path.join(integration, package, model_name_file)
                    if os.path.exists(path):
                        golden_model_names[package] = open(path).read()
                        os.remove(path)
            command = [
                union_gen, "openapi-gen",
                "--output-dir", os.path.join(out_dir, output_pkg),
                "--output-pkg", output_pkg,
                "--output-file", "openapi_generated.go",
                "--go-header-file", "../../boilerplate/boilerplate.go.txt",
                "--report-filename", report,
            ] + (["--output-model-name-file", model_name_file] if model_name_file else []) + packages
            run = subprocess.run(command, cwd=integration, capture_output=True, text=True, env=env)
            if run.stderr:
                print(run.stderr, file=sys.stderr, end="")
            if run.returncode != 0:
                print(f"union-gen exited {run.returncode}", file=sys.stderr)
                return 1
            ours = open(os.path.join(out_dir, output_pkg, "openapi_generated.go")).read()
            golden_path = os.path.join(
                integration, "pkg", output_pkg, "openapi_generated.go"
            )
            results[output_pkg] = (ours, open(golden_path).read())
            reports[output_pkg] = (
                open(report).read(),
                open(os.path.join(integration, golden_report)).read(),
            )
            for package, golden in golden_model_names.items():
                path = os.path.join(integration, package, model_name_file)
                ours = open(path).read() if os.path.exists(path) else ""
                model_names[os.path.normpath(os.path.join(package, model_name_file))] = (ours, golden)
    status = 0
    for output_pkg, (ours, golden) in results.items():
        if compare(f"pkg/{output_pkg}/openapi_generated.go", ours, golden):
            status = 1
    for path, (ours, golden) in model_names.items():
        if compare(path, ours, golden):
            status = 1
    for output_pkg, (ours, golden) in reports.items():
        # The golden names packages by kube-openapi's module path; ours by the checkout's.
        mine, theirs = set(ours.splitlines()), set(golden.splitlines())
        same = len(mine & theirs)
        print(f"report {output_pkg}: {same}/{len(theirs)} golden lines, {len(mine - theirs)} extra")
        for line in sorted(mine ^ theirs)[:10]:
            print(f"  {'+' if line in mine else '-'} {line}")
        if mine != theirs:
            status = 1
    return status


def compare(label, ours, golden):
    """Prints the comparison; True when the files differ."""
    if ours == golden:
        print(f"identical: {label}")
        return False
    mine, theirs = declarations(ours), declarations(golden)
    names = sorted(set(mine) | set(theirs))
    differing = [n for n in names if mine.get(n) != theirs.get(n)]
    changed = sum(
        1
        for line in difflib.unified_diff(golden.splitlines(), ours.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
    print(f"{label}: declarations: {len(names)} compared, {len(names) - len(differing)} identical, "
          f"{len(differing)} differ: {', '.join(differing)}")
    print(f"differing lines (added + removed): {changed}")
    for name in differing:
        print(f"--- {name}")
        for line in difflib.unified_diff(
            theirs.get(name, "").splitlines(), mine.get(name, "").splitlines(),
            "openapi-gen", "union-gen", lineterm="", n=0,
        ):
            print(line)
    return True


if __name__ == "__main__":
    sys.exit(main())
