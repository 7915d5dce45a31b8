#!/usr/bin/env python3
"""Growth of `union-gen controller-gen` with its input: a real project's manifests line on
the project as it is, then with its API packages copied K times (each copy in a group of its
own, so that it writes its own CRDs), the runs interleaved round by round.

usage: bench/controller-gen-growth.py UNION_GEN ORACLE_DIR [--project NAME] [--copies 1,2,4,8]
           [-n RUNS]

  UNION_GEN   the union-gen binary
  ORACLE_DIR  the folder scripts/compare-real-controller-gen.py reads (projects.json, env.sh)
  --project   the project whose first manifests line with a `crd` generator is run
              (default gpu-operator)
  --copies    how many copies of the API packages to time (1: the project as it is)
  -n          measured runs per size, after one warm-up each (default 5)

An API package is a package of the line's `paths=` with a `+groupName` marker; a copy is a
sibling directory (`v1` → `v1_grow2`) with `+groupName=G` made `+groupName=growK.G`. The
dependencies stay the same: what grows is the API types (the CRDs written) and the packages
of `paths=`. Prints per size: the CRD files written, the packages and files loaded, the
median of each stage (`UNION_GEN_TIMINGS`), the wall and CPU medians, and per copy. Linear
means the time per copy stays flat (the dependencies, read once, make the first copy dearer).
Python 3 standard library; reuses bench/timer.py and the compare script's helpers.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


timer = module("timer", os.path.join(HERE, "timer.py"))
compare = module("compare", os.path.join(HERE, "..", "scripts", "compare-real-controller-gen.py"))

GROUP = re.compile(r"(\+groupName=)(\S+)")
COUNT = re.compile(r"\b(packages|files)=([0-9]+)")


def api_packages(tree):
    """Directories (below `tree`, vendor/ and hidden ones aside) whose Go files hold `+groupName`."""
    found = []
    for root, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if d not in ("vendor", "testdata") and not d.startswith((".", "_")))
        if "_grow" in os.path.basename(root):
            continue
        for name in files:
            if name.endswith(".go") and not name.endswith("_test.go"):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
                    if GROUP.search(fh.read()):
                        found.append(root)
                        break
    return found


def package_groups(package):
    groups = set()
    for name in os.listdir(package):
        if name.endswith(".go"):
            with open(os.path.join(package, name), encoding="utf-8", errors="replace") as fh:
                groups |= {m.group(2) for m in GROUP.finditer(fh.read())}
    return groups


def grow(tree, packages, copies):
    """Adds copies 2..copies of every API package (1 is the original)."""
    for k in range(2, copies + 1):
        for package in packages:
            copy = f"{package}_grow{k}"
            shutil.copytree(package, copy)
            for name in os.listdir(copy):
                path = os.path.join(copy, name)
                if name.endswith("_test.go"):
                    os.remove(path)
                elif name.endswith(".go"):
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        text = fh.read()
                    with open(path, "w", encoding="utf-8") as fh:
                        fh.write(GROUP.sub(lambda m: f"{m.group(1)}grow{k}.{m.group(2)}", text))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("union_gen")
    ap.add_argument("oracle_dir")
    ap.add_argument("--project", default="gpu-operator")
    ap.add_argument("--copies", default="1,2,4,8")
    ap.add_argument("-n", type=int, default=5)
    args = ap.parse_args()
    oracle = os.path.abspath(args.oracle_dir)
    projects = {p["name"]: p for p in json.load(open(os.path.join(oracle, "projects.json")))["projects"]}
    project = projects[args.project]
    line = next(c for c in project["commands"] if "CONTROLLER_GEN" in c and re.search(r"\bcrd\b", c))
    env = dict(compare.load_env(oracle), UNION_GEN_TIMINGS="1")
    sizes = [int(k) for k in args.copies.split(",")]
    scratch = tempfile.mkdtemp(prefix="bench-controller-gen-growth-")
    try:
        tool = compare.union_wrapper(scratch, os.path.abspath(args.union_gen), "")
        env = dict(env, CONTROLLER_GEN=tool)
        trees, groups, workdirs = {}, {}, {}
        for k in sizes:
            tree = os.path.join(scratch, f"x{k}")
            compare.copy_tree(os.path.join(oracle, project["src"]), tree)
            # The line's working directory (`cd DIR && …`) holds the packages it names.
            workdir = tree
            cd = re.match(r"\s*cd\s+(\S+)\s*&&", line)
            if cd:
                workdir = os.path.join(tree, cd.group(1))
            packages = api_packages(workdir)
            grow(tree, packages, k)
            trees[k] = tree
            workdirs[k] = workdir
            groups[k] = {g for p in packages for g in package_groups(p)}
            groups[k] |= {f"grow{j}.{g}" for g in groups[k] for j in range(2, k + 1)}
            run(line, tree, env)  # warm-up
        samples = {k: [] for k in sizes}
        for i in range(args.n):
            for k in (sizes if i % 2 == 0 else sizes[::-1]):
                samples[k].append(run(line, trees[k], env))
        print(f"{args.project}: {line}")
        print(f"{'copies':>6} {'CRDs':>5} {'packages':>9} {'files':>6} {'wall ms':>8} {'CPU ms':>7} "
              f"{'wall/copy':>9}  stages (medians, ms)")
        for k in sizes:
            rows = samples[k]
            wall = statistics.median(r[0] for r in rows) * 1000
            cpu = statistics.median(r[1] for r in rows) * 1000
            stages = " ".join(f"{name}={statistics.median(r[2].get(name, 0.0) for r in rows):.0f}"
                              for name in rows[0][2])
            counts = rows[0][3]
            crds_total = crd_files(line, trees[k], workdirs[k], groups[k])
            print(f"{k:>6} {crds_total:>5} {counts.get('packages', '?'):>9} {counts.get('files', '?'):>6} "
                  f"{wall:8.0f} {cpu:7.0f} {wall / k:9.0f}  {stages}")
        print(f"({args.n} interleaved runs per size; load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def crd_files(line, tree, workdir, groups):
    """The CRD files of `groups` (`GROUP_PLURAL.yaml`) in the line's crd output directory."""
    rule = re.search(r"output:crd:(?:artifacts:config|dir)=\"?([^\s\"]+)", line)
    out = rule.group(1).replace("$ROOT", tree) if rule else "config/crd/bases"
    out = os.path.join(workdir, out)
    prefixes = tuple(f"{group}_" for group in groups)
    if not os.path.isdir(out):
        return 0
    return sum(1 for f in os.listdir(out) if f.endswith(".yaml") and f.startswith(prefixes))


def run(line, tree, env):
    """One run of the line: wall, CPU, stages and counts of the union-gen timings line."""
    wall, _, stages, code, err, cpu = timer.run_once(["sh", "-c", line], tree, dict(env, ROOT=tree))
    if code != 0:
        sys.exit(f"failed ({code}): {line}\n{err[-1500:]}")
    counts = {}
    for text in err.splitlines():
        if text.startswith("union-gen timings:"):
            counts = {k: int(v) for k, v in COUNT.findall(text)}
    stages.pop("ins", None)  # `opt-ins` (the stage names of timer.py have no `-`)
    return wall, cpu, stages, counts


if __name__ == "__main__":
    main()
