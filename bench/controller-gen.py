#!/usr/bin/env python3
"""Times `union-gen controller-gen` beside the real controller-gen on real projects' own
manifests lines (issue 31, done-when 3): wall, CPU and peak RSS medians over N interleaved runs.

usage: bench/controller-gen.py N UNION_GEN ORACLE_DIR [--only NAME[,NAME...]] [--real-only] [--json FILE]
           [--union-args ARGS]

  N           measured runs per tool and project, after one warm-up run each (Go's build and
              module caches, the page cache); the tools alternate run by run, and which one goes
              first alternates round by round, so a load change on the machine hits both alike
  UNION_GEN   the union-gen binary
  ORACLE_DIR  the prepared folder scripts/compare-real-controller-gen.py reads (its docstring
              says what it holds and how to recreate it): env.sh, bin/controller-gen-vX.Y.Z,
              projects.json with each project's tree, pinned version and command lines
  --real-only time the real controller-gen in both columns (tests this script)
  --only-generators LIST  as for scripts/compare-real-controller-gen.py: drop the other generators
              from every line on both sides (while union-gen refuses rbac/webhook)
  --union-args ARGS  as for scripts/compare-real-controller-gen.py (`{version}`: the pinned version)

One run of a project is all of its manifests lines in order (`sh -c LINE` in a scratch copy of
the tree, CONTROLLER_GEN set to the tool; for union-gen a two-line sh wrapper that execs
`UNION_GEN controller-gen`, as the compare script uses), as `make manifests` runs them. Wall time is measured
around the lines; CPU (user+sys) and peak RSS come from wait4 on each line's shell, so they include
the processes the tool starts (controller-gen's `go list`). Peak RSS is the largest of the lines.
A run whose line fails is reported (the medians then mean little).
Python 3 standard library; reuses bench/timer.py's run_once.
"""

import argparse
import importlib.util
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("timer", os.path.join(HERE, "timer.py"))
timer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(timer)
_cspec = importlib.util.spec_from_file_location(
    "compare", os.path.join(HERE, "..", "scripts", "compare-real-controller-gen.py"))
compare = importlib.util.module_from_spec(_cspec)
_cspec.loader.exec_module(compare)


def run_project(tree, commands, tool, env):
    env = dict(env, CONTROLLER_GEN=tool, ROOT=tree)
    wall = cpu = 0.0
    rss, code = 0, 0
    for line in commands:
        w, r, _, c, err, u = timer.run_once(["sh", "-c", line], tree, env)
        wall += w
        cpu += u
        rss = max(rss, r)
        if c != 0:
            code = c
            sys.stderr.write(f"   failed ({c}): {line}\n{err[-1500:]}\n")
            break
    return wall, cpu, rss, code


def summary(samples):
    walls, cpus, rsss, codes = zip(*samples)
    return {"median_wall_s": round(statistics.median(walls), 3), "min_wall_s": round(min(walls), 3),
            "max_wall_s": round(max(walls), 3), "median_cpu_s": round(statistics.median(cpus), 3),
            "median_rss_mib": round(statistics.median(rsss) / 1024, 1),
            "walls": [round(w, 3) for w in walls], "exit_codes": sorted(set(codes))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("union_gen")
    ap.add_argument("oracle_dir")
    ap.add_argument("--only", default="")
    ap.add_argument("--real-only", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--union-args", default="")
    ap.add_argument("--only-generators", default="")
    args = ap.parse_args()
    oracle = os.path.abspath(args.oracle_dir)
    projects = json.load(open(os.path.join(oracle, "projects.json")))["projects"]
    only = {x for x in args.only.split(",") if x}
    projects = [p for p in projects if not only or p["name"] in only]
    env = compare.load_env(oracle)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the scratch copies are removed
    scratch = tempfile.mkdtemp(prefix="bench-controller-gen-")
    results = []
    print(f"{'project':28} {'version':8} {'tool':15} {'wall s':>8} {'(min-max)':>15} {'CPU s':>7} {'RSS MiB':>8}")
    try:
        for p in projects:
            real = os.path.join(oracle, "bin", "controller-gen-" + p["controller_gen_version"])
            extra = args.union_args.replace("{version}", p["controller_gen_version"])
            union = real if args.real_only else compare.union_wrapper(os.path.join(scratch, p["name"]), args.union_gen, extra)
            tools = {"controller-gen": real, "union-gen": union}
            commands = p["commands"]
            if args.only_generators:
                keep = set(args.only_generators.split(","))
                commands = [compare.keep_generators(c, keep) for c in commands]
                commands = [c for c in commands if "CONTROLLER_GEN" not in c or compare.GENERATOR_WORD.search(c)]
            trees = {}
            for side in tools:
                trees[side] = os.path.join(scratch, p["name"], side)
                compare.copy_tree(os.path.join(oracle, p["src"]), trees[side])
                run_project(trees[side], commands, tools[side], env)  # warm-up
            samples = {side: [] for side in tools}
            order = list(tools)
            for i in range(args.n):
                for side in (order if i % 2 == 0 else order[::-1]):
                    samples[side].append(run_project(trees[side], commands, tools[side], env))
            res = {"name": p["name"], "version": p["controller_gen_version"], "runs": args.n,
                   **{side: summary(s) for side, s in samples.items()}}
            res["wall_ratio"] = round(res["union-gen"]["median_wall_s"] / res["controller-gen"]["median_wall_s"], 3)
            results.append(res)
            for side in tools:
                s = res[side]
                print(f"{p['name']:28} {p['controller_gen_version']:8} {side:15} {s['median_wall_s']:8.3f} "
                      f"{'(%.2f-%.2f)' % (s['min_wall_s'], s['max_wall_s']):>15} {s['median_cpu_s']:7.2f} {s['median_rss_mib']:8.1f}"
                      + ("" if s["exit_codes"] == [0] else f"  exit {s['exit_codes']}"))
            print(f"{'':28} {'':8} {'union/real':15} {res['wall_ratio']:8.3f}")
            sys.stdout.flush()
            shutil.rmtree(os.path.join(scratch, p["name"]), ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
