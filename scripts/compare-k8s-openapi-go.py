#!/usr/bin/env python3
"""Compares union-gen's Go output with Kubernetes' own pkg/generated/openapi/zz_generated.openapi.go.

usage: compare-k8s-openapi-go.py UNION_GEN --api API_GIT_DIR --apimachinery DIR --pages DIR
                                 [--commits C1,C2,...] [--groups G1,G2,...] [--keep DIR] [-q]

Kubernetes' file is one version of a 3.7 MB file that this machine cannot fetch whole: PAGES
is a directory of pieces of it, one JSON file per piece, {"offset": N, "text": "..."} (as the
search tool's read_file returns them, `offset` into the file). Contiguous pieces are joined;
every `func schema_...` declaration that lies wholly inside the pieces is compared.

For each k8s.io/api commit (default HEAD of API_GIT_DIR, a git clone of k8s.io/api), the
script extracts that commit, takes apimachinery from DIR (an apimachinery module directory,
e.g. from the module cache), picks the packages Kubernetes' hack/update-codegen.sh picks (a
non-test .go file with a `// +k8s:openapi-gen=` line) and runs

    UNION_GEN openapi-gen --output-pkg k8s.io/kubernetes/pkg/generated/openapi ... PACKAGES

in ONE run over all of them, as Kubernetes does, so that import aliases (`corev1`,
`resourcev1beta1`, ...) come out of gengo's rule by themselves. It prints, per commit, how
many of Kubernetes' functions are byte-identical in its output; for the best commit, per
API group (`k8s.io/api/apps/v1`): functions compared / identical / differing / only in
Kubernetes' file (version skew: a type the commit lacks); then every differing function as a
unified diff, and, for groups whose whole range the pieces cover, the types only union-gen
writes (skew the other way). The import block is compared too when the pieces hold it.

GOMODCACHE must hold what the packages import besides each other (nothing for k8s.io/api and
apimachinery's openapi packages). Exit 0 when every compared function is identical for the
best commit, 1 otherwise.
"""

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FUNC = re.compile(r"^func (schema_\w+)\(", re.M)
OUTPUT_PKG = "k8s.io/kubernetes/pkg/generated/openapi"


def load_pieces(directory):
    """The pieces joined into contiguous segments: [(offset, text)]."""
    pieces = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name)) as f:
                piece = json.load(f)
            pieces.append((piece["offset"], piece["text"]))
    pieces.sort()
    segments = []
    for offset, text in pieces:
        if segments and offset <= segments[-1][0] + len(segments[-1][1]):
            start, joined = segments[-1]
            overlap = start + len(joined) - offset
            if joined[len(joined) - overlap :] != text[:overlap]:
                sys.exit(f"pieces disagree where they overlap at offset {offset}")
            segments[-1] = (start, joined + text[overlap:])
        else:
            segments.append((offset, text))
    return segments


def functions(text, whole):
    """name -> declaration text, for the declarations wholly inside `text` (a file when
    `whole`, else a segment that may start and end mid-declaration)."""
    starts = [m.start() for m in FUNC.finditer(text)]
    found = {}
    for i, start in enumerate(starts):
        if start > 0 and text[start - 1] != "\n":
            continue
        if i + 1 < len(starts):
            end = starts[i + 1]
        elif whole:
            end = len(text)
        else:
            continue  # the segment may end inside it
        name = FUNC.match(text, start).group(1)
        found[name] = text[start:end].rstrip("\n") + "\n"
    return found


def import_block(text):
    match = re.search(r"^import \(\n.*?^\)\n", text, re.M | re.S)
    return match.group(0) if match else None


def openapi_packages(root):
    """Directories (relative to root, as ./x) with a non-test .go file holding a
    `// +k8s:openapi-gen=` line."""
    found = set()
    tag = re.compile(r"^\s*//\s*\+k8s:openapi-gen=", re.M)
    for directory, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in ("testdata", "vendor") and not d.startswith(".")]
        for name in files:
            if name.endswith(".go") and not name.endswith("_test.go"):
                with open(os.path.join(directory, name), errors="replace") as f:
                    if tag.search(f.read()):
                        found.add(directory)
                        break
    return sorted(found)


def generate(union_gen, api_git, commit, apimachinery, scratch):
    tree = os.path.join(scratch, "tree-" + commit[:12])
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(os.path.join(tree, "api"))
    archive = subprocess.run(
        ["git", "-C", api_git, "archive", commit], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", os.path.join(tree, "api")], input=archive, check=True)
    shutil.copytree(apimachinery, os.path.join(tree, "apimachinery"), symlinks=True)
    packages = openapi_packages(os.path.join(tree, "api")) + openapi_packages(
        os.path.join(tree, "apimachinery")
    )
    packages = ["./" + os.path.relpath(p, tree) for p in packages]
    out = os.path.join(tree, "out")
    run = subprocess.run(
        [union_gen, "openapi-gen", "--output-dir", out, "--output-pkg", OUTPUT_PKG,
         "--output-file", "zz_generated.openapi.go",
         "--report-filename", os.path.join(out, "report")] + packages,
        cwd=tree, capture_output=True, text=True,
    )
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        sys.exit(f"union-gen exited {run.returncode} at {commit}")
    with open(os.path.join(out, "zz_generated.openapi.go")) as f:
        text = f.read()
    shutil.rmtree(tree)
    return text


def group_of(name, ours_groups):
    return ours_groups.get(name) or name.rsplit("_", 1)[0]


def groups_by_function(text):
    """schema_ function name -> import path of its type, from the definitions map."""
    groups = {}
    for line in text.splitlines():
        match = re.match(r'\t\t"([^"]+)\.\w+":\s+(schema_\w+)\(ref\),$', line)
        if match:
            groups[match.group(2)] = match.group(1)
            continue
        match = re.match(r"\t\t(\w+)\.\w+\{\}\.OpenAPIModelName\(\):\s+(schema_\w+)\(ref\),$", line)
        if match:
            groups[match.group(2)] = match.group(1)  # an alias; resolved below
    aliases = dict(re.findall(r'^\t(\w+) "([^"]+)"$', text, re.M))
    return {k: aliases.get(v, v) for k, v in groups.items()}


def main():
    args = sys.argv[1:]
    options = {"--commits": None, "--groups": None, "--keep": None}
    quiet = "-q" in args
    args = [a for a in args if a != "-q"]
    for flag in ("--api", "--apimachinery", "--pages", "--commits", "--groups", "--keep"):
        if flag in args:
            i = args.index(flag)
            options[flag] = args[i + 1]
            del args[i : i + 2]
    if len(args) != 1 or not all(options.get(f) for f in ("--api", "--apimachinery", "--pages")):
        print(__doc__, file=sys.stderr)
        return 2
    union_gen = os.path.abspath(args[0])
    api_git = os.path.abspath(options["--api"])
    segments = load_pieces(options["--pages"])
    theirs = {}
    their_imports = None
    spans = []  # (first, last) function name of each contiguous piece
    for offset, text in segments:
        piece = functions(text, whole=False)
        theirs.update(piece)
        if piece:
            spans.append((min(piece), max(piece)))
        if offset == 0:
            their_imports = import_block(text)
    wanted = options["--groups"].split(",") if options["--groups"] else None
    commits = (options["--commits"] or "HEAD").split(",")
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for commit in commits:
            commit = subprocess.run(
                ["git", "-C", api_git, "rev-parse", commit], check=True, capture_output=True,
                text=True,
            ).stdout.strip()
            text = generate(union_gen, api_git, commit, os.path.abspath(options["--apimachinery"]), scratch)
            if options["--keep"]:
                os.makedirs(options["--keep"], exist_ok=True)
                with open(os.path.join(options["--keep"], commit[:12] + ".go"), "w") as f:
                    f.write(text)
            ours = functions(text, whole=True)
            same = sum(1 for name, body in theirs.items() if ours.get(name) == body)
            # Types union-gen writes inside a covered range that Kubernetes' file lacks: skew.
            only_ours = sum(1 for name in ours if name not in theirs
                            and any(lo <= name <= hi for lo, hi in spans))
            results.append((same, -only_ours, commit, text, ours))
            if not quiet:
                print(f"{commit[:12]}: {same}/{len(theirs)} functions identical")
    # Most identical functions, then fewest types on union-gen's side only.
    same, _, commit, text, ours = max(results, key=lambda r: (r[0], r[1]))
    groups = groups_by_function(text)
    print(f"\nbest commit {commit}: {same}/{len(theirs)} identical")
    status = 0
    if their_imports is not None:
        mine = import_block(text)
        their_lines = set(their_imports.splitlines())
        my_lines = set(mine.splitlines())
        shared = their_lines & my_lines
        print(f"import block: {len(shared)} lines shared, {len(their_lines - my_lines)} only in "
              f"Kubernetes' (packages union-gen was not given or the commit lacks), "
              f"{len(my_lines - their_lines)} only in union-gen's")
        for line in sorted(my_lines - their_lines):
            print(f"  + {line.strip()}")
    table = {}
    for name, body in theirs.items():
        group = group_of(name, groups)
        row = table.setdefault(group, {"compared": 0, "identical": 0, "differ": [], "skew": []})
        if name not in ours:
            row["skew"].append(name)
            continue
        row["compared"] += 1
        if ours[name] == body:
            row["identical"] += 1
        else:
            row["differ"].append(name)
    print(f"\n{'group':55} compared identical differ only-k8s")
    for group in sorted(table):
        if wanted and group not in wanted:
            continue
        row = table[group]
        print(f"{group:55} {row['compared']:8} {row['identical']:9} {len(row['differ']):6} "
              f"{len(row['skew']):8}")
        for name in row["skew"]:
            print(f"    only in Kubernetes' file (skew): {name}")
        if row["differ"]:
            status = 1
    for group in sorted(table):
        if wanted and group not in wanted:
            continue
        for name in table[group]["differ"]:
            print(f"\n--- {name}")
            for line in difflib.unified_diff(
                theirs[name].splitlines(), ours[name].splitlines(),
                "kubernetes", "union-gen", lineterm="", n=1,
            ):
                print(line)
    # Types only union-gen writes, within the stretch of sorted names the pieces cover.
    names = sorted(ours)
    covered = [n for n in theirs if n in ours]
    if covered:
        for offset, segment in segments:
            inside = [n for n in functions(segment, whole=False) if n in ours]
            if len(inside) < 2:
                continue
            lo, hi = min(inside, key=names.index), max(inside, key=names.index)
            between = names[names.index(lo) : names.index(hi) + 1]
            extra = [n for n in between if n not in theirs]
            for name in extra:
                print(f"only in union-gen's output (skew), between pieces' functions: {name}")
    return status


if __name__ == "__main__":
    sys.exit(main())
