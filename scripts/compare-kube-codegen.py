#!/usr/bin/env python3
"""Runs union-gen where an aggregated API server's `hack/update-codegen.sh` runs openapi-gen
(`kube::codegen::gen_openapi` of k8s.io/code-generator's kube_codegen.sh), and compares the
written files with the ones the project committed.

usage: compare-kube-codegen.py UNION_GEN PROJECT_DIR [--in-dir pkg/apis]
         [--output-dir pkg/generated/openapi] [--boilerplate hack/boilerplate.go.txt]
         [--model-name-file zz_generated.model_name.go] [--keep DIR]

PROJECT_DIR is a checkout of the project (e.g. k8s.io/sample-apiserver); GOMODCACHE must hold
the k8s.io/apimachinery version its go.mod requires (scripts/prepare-module-cache.sh).
The arguments are built as kube_codegen.sh builds them: the four apimachinery packages it
always adds, then the import path of every directory under --in-dir holding a
`// +k8s:openapi…` comment (sorted), `--output-pkg` the import path of --output-dir, the
boilerplate as --go-header-file, `--readonly-pkg` for each of its KUBE_CODEGEN_READONLY_PKGS. The files are written into a temporary copy of the project and compared byte for byte with the committed
`<output-dir>/zz_generated.openapi.go` and, with --model-name-file, each input package's
committed model name file (the run happens in a temporary copy of the project). Exit 0 when
every file is identical.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ALWAYS = [
    "k8s.io/apimachinery/pkg/apis/meta/v1",
    "k8s.io/apimachinery/pkg/runtime",
    "k8s.io/apimachinery/pkg/version",
    "k8s.io/apimachinery/pkg/api/resource",
]
# kube_codegen.sh's KUBE_CODEGEN_READONLY_PKGS: they live in the read-only module cache.
READONLY = [
    "k8s.io/apimachinery/pkg/apis/meta/v1",
    "k8s.io/apimachinery/pkg/api/resource",
    "k8s.io/apimachinery/pkg/runtime",
    "k8s.io/apimachinery/pkg/types",
    "k8s.io/apimachinery/pkg/util/intstr",
    "k8s.io/apimachinery/pkg/version",
    "time",
]
OPENAPI_COMMENT = re.compile(r"^\s*//\s*\+k8s:openapi", re.M)


def module_path(project):
    with open(os.path.join(project, "go.mod")) as f:
        m = re.search(r"^module\s+(\S+)", f.read(), re.M)
    return m.group(1)


def input_packages(project, in_dir, module):
    dirs = set()
    for root, _, files in os.walk(os.path.join(project, in_dir)):
        for name in files:
            if name.endswith(".go"):
                with open(os.path.join(root, name), errors="replace") as f:
                    if OPENAPI_COMMENT.search(f.read()):
                        dirs.add(os.path.relpath(root, project))
    return [f"{module}/{d}".replace(os.sep, "/") for d in sorted(dirs)]


def compare(label, committed, written):
    if committed == written:
        print(f"identical: {label}")
        return True
    diff = list(difflib.unified_diff(committed.splitlines(), written.splitlines(),
                                     "committed", "union-gen", lineterm="", n=1))
    changed = sum(1 for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---"))
    print(f"DIFFERENT: {label} ({changed} lines)")
    print("\n".join(diff[:80]))
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("union_gen")
    parser.add_argument("project")
    parser.add_argument("--in-dir", default="pkg/apis")
    parser.add_argument("--output-dir", default="pkg/generated/openapi")
    parser.add_argument("--boilerplate", default="hack/boilerplate.go.txt")
    parser.add_argument("--model-name-file", default="")
    parser.add_argument("--keep")
    args = parser.parse_args()
    original = os.path.abspath(args.project)
    module = module_path(original)
    packages = ALWAYS + input_packages(original, args.in_dir, module)
    work = tempfile.mkdtemp()
    try:
        # Run in a copy: openapi-gen writes model name files into the input packages.
        project = os.path.join(work, "project")
        shutil.copytree(original, project, ignore=shutil.ignore_patterns(".git"))
        out = os.path.join(project, args.output_dir)
        command = [
            os.path.abspath(args.union_gen), "openapi-gen", "-v", "0",
            "--output-file", "zz_generated.openapi.go",
            "--go-header-file", os.path.join(project, args.boilerplate),
            "--output-dir", out,
            "--output-pkg", f"{module}/{args.output_dir}",
            "--report-filename", os.path.join(work, "api_violations.report"),
        ]
        if args.model_name_file:
            command.append(f"--output-model-name-file={args.model_name_file}")
        for package in READONLY:
            command += ["--readonly-pkg", package]
        command += packages
        print("$ union-gen " + " ".join(command[1:]).replace(work, "$TMP"))
        proc = subprocess.run(command, cwd=project, capture_output=True, text=True)
        sys.stderr.write(proc.stderr)
        if proc.returncode != 0:
            print(f"union-gen exited {proc.returncode}")
            return 1
        files = [f"{args.output_dir}/zz_generated.openapi.go"]
        if args.model_name_file:
            files += [f"{p[len(module) + 1:]}/{args.model_name_file}"
                      for p in packages[len(ALWAYS):]]
        ok = True
        for rel in files:
            committed_path = os.path.join(original, rel)
            written_path = os.path.join(project, rel)
            committed = open(committed_path).read() if os.path.exists(committed_path) else None
            written = open(written_path).read() if os.path.exists(written_path) else None
            if committed is None and written is None:
                continue
            if committed is None or written is None:
                print(f"DIFFERENT: {rel} ({'not committed' if committed is None else 'not written'})")
                ok = False
                continue
            ok &= compare(rel, committed, written)
        if args.keep:
            shutil.copytree(project, args.keep, dirs_exist_ok=True)
        return 0 if ok else 1
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
