#!/usr/bin/env python3
"""Runs real projects' own `make manifests` controller-gen lines with `UNION_GEN controller-gen`
in place of `$(CONTROLLER_GEN)`, side by side with the real controller-gen at the version each
project pins, and reports per project how many written files agree byte for byte (issue 31,
done-when 2).

usage: compare-real-controller-gen.py UNION_GEN ORACLE_DIR [--only NAME[,NAME...]]
           [--real-only] [--out DIR] [--json FILE] [--max-diff-lines N] [--keep]

  UNION_GEN   the union-gen binary (its `controller-gen` subcommand is what is measured)
  ORACLE_DIR  the prepared oracle folder (see below), e.g. /work/oracle/controller-gen
  --real-only run the real controller-gen in both places (tests this script before union-gen has
              the subcommand: every file must then be identical)
  --out DIR   keep the full diffs there (one .diff per differing file) and both runs' stderr
  --json FILE the per-project figures as JSON
  --keep      leave the scratch copies (printed) instead of deleting them
  --only-generators LIST  drop the other generators (and their output: rules) from every line, on
              both sides (e.g. `crd` while union-gen refuses rbac/webhook); the project's line unchanged
              is the default and the measure
  --union-args ARGS  words put right after `controller-gen` on union-gen's side, `{version}` replaced
              by the project's pinned version (e.g. "--controller-gen-version={version}" to measure
              union-gen apart from its own version detection; by default nothing is added, so the
              line is the project's own)

For each project the script makes two scratch copies of the project's prepared tree, runs the
project's manifests lines in each (`sh -c LINE` in the tree's root, as make runs a recipe line,
with CONTROLLER_GEN set to the real binary in one and to `UNION_GEN controller-gen` in the other
(a two-line sh wrapper that execs it, since some scripts quote "$CONTROLLER_GEN"),
ROOT set to the copy's root where the Makefile says $(PWD) or $(CURDIR)), and collects every file
either run wrote. Each written file is sorted by the kinds it holds (CustomResourceDefinition: crd,
Role/ClusterRole: role, Mutating/ValidatingWebhookConfiguration: webhook) and compared three ways:
union-gen's bytes against the real controller-gen's (the measure), and each against the committed
file (the real tool's agreement with the commit shows the oracle reproduces the project; a file the
project committed stale is reported as such, not counted against union-gen).

ORACLE_DIR layout (not in git: it holds fetched code and binaries built from it):
  env.sh                          sourced for every run (offline Go: GOPROXY=off, GOTOOLCHAIN=local,
                                  GOMODCACHE, GOCACHE, Go on PATH); controller-gen needs it for
                                  `go list`, union-gen gets the same environment
  bin/controller-gen-vX.Y.Z       the real controller-gen of each pinned version
  projects.json                   {"projects": [{"name", "repo", "commit", "src" (relative to
                                  ORACLE_DIR), "controller_gen_version", "version_from",
                                  "makefile_recipe" (verbatim), "commands" (shell lines, $CONTROLLER_GEN
                                  and $ROOT), "samples" (folders), "notes"}]}
To recreate it: build the real controller-gen with /work/shared/tools/real-controller-gen/ (its
README: the mirrors to fetch, build-controller-gen.sh, closure.py for other versions and for a
project's own module closure), fetch each project's repository at the commit projects.json names
and extract that commit into projects/NAME/src. ORACLE_DIR/README.md lists the exact steps and the
preparation of each tree (module-cache fills, local replacements where a mirror lacks a version).

Python 3 standard library only.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

KIND_RE = re.compile(rb"^kind:\s*(\S+)\s*$", re.M)
CATEGORIES = {
    b"CustomResourceDefinition": "crd",
    b"Role": "role",
    b"ClusterRole": "role",
    b"MutatingWebhookConfiguration": "webhook",
    b"ValidatingWebhookConfiguration": "webhook",
}
CATEGORY_ORDER = ("crd", "role", "webhook", "other")


def load_env(oracle):
    """The environment after `source ORACLE_DIR/env.sh`."""
    out = subprocess.run(["bash", "-c", 'source "$1" >/dev/null && env -0', "_", os.path.join(oracle, "env.sh")],
                         capture_output=True, check=True).stdout
    env = {}
    for item in out.split(b"\0"):
        if b"=" in item:
            k, _, v = item.partition(b"=")
            env[k.decode()] = v.decode()
    return env


def category(data):
    kinds = {CATEGORIES.get(k, "other") for k in KIND_RE.findall(data)}
    for c in CATEGORY_ORDER:
        if c in kinds:
            return c
    return "other"


def snapshot_mtimes(root):
    out = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x != ".git"]
        for f in files:
            p = os.path.join(d, f)
            try:
                out[os.path.relpath(p, root)] = os.lstat(p).st_mtime_ns
            except OSError:
                pass
    return out


def run_lines(tree, commands, tool, env, log):
    """Runs each shell line in the tree's root; returns (exit code of the first failing line or 0,
    wall seconds, files written)."""
    before = snapshot_mtimes(tree)
    time.sleep(0.01)  # a file written now gets a later mtime than any copied one
    env = dict(env, CONTROLLER_GEN=tool, ROOT=tree)
    code, t0 = 0, time.perf_counter()
    for line in commands:
        log.write(f"$ {line}\n".encode())
        log.flush()
        p = subprocess.run(["sh", "-c", line], cwd=tree, env=env, stdout=log, stderr=log)
        if p.returncode != 0:
            code = p.returncode
            break
    wall = time.perf_counter() - t0
    after = snapshot_mtimes(tree)
    written = sorted(n for n, m in after.items() if before.get(n) != m)
    return code, wall, written


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


GENERATOR_WORD = re.compile(r'(?<![^\s])"?(?:output:)?(rbac|webhook|crd)(?::[^\s"]*)?"?(?![^\s])')


def keep_generators(line, keep):
    """The line without the words of generators not in keep (`rbac:roleName=x`, `webhook`,
    `output:webhook:artifacts:config=DIR`, ...)."""
    return GENERATOR_WORD.sub(lambda m: m.group(0) if m.group(1) in keep else "", line)


def union_wrapper(scratch, union_gen, extra):
    """An executable standing for `UNION_GEN controller-gen EXTRA`: some projects' scripts quote
    "$CONTROLLER_GEN" (one word), as a user of such a script would have to write it."""
    os.makedirs(scratch, exist_ok=True)
    path = os.path.join(scratch, "union-gen-controller-gen")
    words = " ".join("'" + w.replace("'", "'\\''") + "'" for w in [os.path.abspath(union_gen), "controller-gen", *extra.split()])
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\nexec {words} "$@"\n')
    os.chmod(path, 0o755)
    return path


def copy_tree(src, dst):
    shutil.copytree(src, dst, symlinks=True, ignore=shutil.ignore_patterns(".git"))


def compare_project(p, args, oracle, env, scratch):
    name = p["name"]
    src = os.path.join(oracle, p["src"])
    real = os.path.join(oracle, "bin", "controller-gen-" + p["controller_gen_version"])
    extra = args.union_args.replace("{version}", p["controller_gen_version"])
    union = real if args.real_only else union_wrapper(os.path.join(scratch, name), args.union_gen, extra)
    commands = p["commands"]
    if args.only_generators:
        keep = set(args.only_generators.split(","))
        commands = [keep_generators(c, keep) for c in commands]
        # a controller-gen line left with no generator is dropped (jobset's webhook-only line)
        commands = [c for c in commands if "CONTROLLER_GEN" not in c or GENERATOR_WORD.search(c)]
    runs = {}
    for side, tool in (("real", real), ("union", union)):
        tree = os.path.join(scratch, name, side)
        copy_tree(src, tree)
        logpath = os.path.join(scratch, name, side + ".log")
        with open(logpath, "wb") as log:
            code, wall, written = run_lines(tree, commands, tool, env, log)
        runs[side] = {"tree": tree, "exit": code, "wall_s": round(wall, 3), "written": written,
                      "log": read(logpath).decode("utf-8", "replace")}
    files = sorted(set(runs["real"]["written"]) | set(runs["union"]["written"]))
    per_file, counts, diffs = [], {}, {}
    for f in files:
        committed = read(os.path.join(src, f))
        rb = read(os.path.join(runs["real"]["tree"], f)) if f in runs["real"]["written"] else None
        ub = read(os.path.join(runs["union"]["tree"], f)) if f in runs["union"]["written"] else None
        cat = category(rb if rb is not None else ub or b"")
        same = rb is not None and rb == ub
        entry = {"file": f, "category": cat, "union_eq_real": same,
                 "real_eq_committed": rb is not None and rb == committed,
                 "union_eq_committed": ub is not None and ub == committed,
                 "committed": committed is not None,
                 "real_wrote": rb is not None, "union_wrote": ub is not None}
        per_file.append(entry)
        c = counts.setdefault(cat, {"identical": 0, "total": 0, "real_eq_committed": 0, "union_eq_committed": 0})
        c["total"] += 1
        c["identical"] += same
        c["real_eq_committed"] += entry["real_eq_committed"]
        c["union_eq_committed"] += entry["union_eq_committed"]
        if not same:
            a = (rb or b"").decode("utf-8", "replace").splitlines(keepends=True)
            b = (ub or b"").decode("utf-8", "replace").splitlines(keepends=True)
            diffs[f] = "".join(difflib.unified_diff(
                a, b, f"controller-gen-{p['controller_gen_version']}/{f}" if rb is not None else "/dev/null",
                f"union-gen/{f}" if ub is not None else "/dev/null"))
    return {"name": name, "version": p["controller_gen_version"], "counts": counts, "files": per_file,
            "runs": {s: {k: v for k, v in r.items() if k != "tree"} for s, r in runs.items()}}, diffs


def print_project(res, diffs, max_lines):
    r, u = res["runs"]["real"], res["runs"]["union"]
    print(f"== {res['name']} (controller-gen {res['version']})")
    print(f"   real  controller-gen: exit {r['exit']}, {r['wall_s']:.2f} s, {len(r['written'])} files written")
    print(f"   union-gen:            exit {u['exit']}, {u['wall_s']:.2f} s, {len(u['written'])} files written")
    for cat in CATEGORY_ORDER:
        c = res["counts"].get(cat)
        if c:
            print(f"   {cat:8} {c['identical']}/{c['total']} identical to the real run"
                  f"  (committed: real {c['real_eq_committed']}/{c['total']}, union {c['union_eq_committed']}/{c['total']})")
    for e in res["files"]:
        if not e["real_eq_committed"] and e["real_wrote"]:
            why = "not committed" if not e["committed"] else "committed file is stale or post-processed"
            print(f"   note: real controller-gen's {e['file']} differs from the commit ({why})")
    for f, d in diffs.items():
        lines = d.splitlines()
        print(f"   --- {f}: differs ({len(lines)} diff lines)")
        for line in lines[:max_lines]:
            print("   " + line)
        if len(lines) > max_lines:
            print(f"   ... {len(lines) - max_lines} more lines")
    for side, run in (("real", r), ("union", u)):
        if run["exit"] != 0:
            print(f"   {side} run failed; its output:")
            for line in run["log"].splitlines()[-15:]:
                print("   | " + line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("union_gen")
    ap.add_argument("oracle_dir")
    ap.add_argument("--only", default="")
    ap.add_argument("--real-only", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--json")
    ap.add_argument("--max-diff-lines", type=int, default=40)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--union-args", default="")
    ap.add_argument("--only-generators", default="")
    args = ap.parse_args()
    oracle = os.path.abspath(args.oracle_dir)
    projects = json.load(open(os.path.join(oracle, "projects.json")))["projects"]
    only = {x for x in args.only.split(",") if x}
    if only:
        projects = [p for p in projects if p["name"] in only]
    env = load_env(oracle)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the scratch copies are removed
    scratch = tempfile.mkdtemp(prefix="compare-controller-gen-")
    results = []
    try:
        for p in projects:
            res, diffs = compare_project(p, args, oracle, env, scratch)
            results.append(res)
            print_project(res, diffs, args.max_diff_lines)
            if args.out:
                d = os.path.join(args.out, p["name"])
                os.makedirs(d, exist_ok=True)
                for f, text in diffs.items():
                    with open(os.path.join(d, f.replace("/", "__") + ".diff"), "w") as fh:
                        fh.write(text)
                for side in ("real", "union"):
                    with open(os.path.join(d, side + ".log"), "w") as fh:
                        fh.write(res["runs"][side]["log"])
            sys.stdout.flush()
            if not args.keep:  # one project's copies at a time: vendored trees are large
                shutil.rmtree(os.path.join(scratch, p["name"]), ignore_errors=True)
    finally:
        if args.keep:
            print(f"scratch copies kept in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("== summary: files identical to the real controller-gen / files written")
    total = {c: [0, 0] for c in CATEGORY_ORDER}
    for res in results:
        cells = []
        for cat in CATEGORY_ORDER:
            c = res["counts"].get(cat)
            if c:
                cells.append(f"{cat} {c['identical']}/{c['total']}")
                total[cat][0] += c["identical"]
                total[cat][1] += c["total"]
        print(f"   {res['name']:32} {res['version']:8} " + ", ".join(cells))
    print("   all: " + ", ".join(f"{c} {a}/{b}" for c, (a, b) in total.items() if b))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
    ok = all(e["union_eq_real"] for r in results for e in r["files"])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
