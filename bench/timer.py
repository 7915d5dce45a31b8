#!/usr/bin/env python3
"""Run a command N times (after one warm-up) and print one JSON object with medians.

usage: timer.py N DIR [--env K=V ...] -- command [args...]

Runs `command` in DIR with UNION_GEN_TIMINGS=1 set. Wall time is measured around the child
(time.perf_counter), peak RSS is the child's ru_maxrss from os.wait4 (KiB on Linux), so GNU
time is not needed. The per-stage split is parsed from the `union-gen timings:` stderr line.
Output: {"runs", "wall_s": [...], "median_wall_s", "min_wall_s", "max_wall_s",
"median_cpu_s" (user+sys), "median_rss_kib", "max_rss_kib", "stages_ms": {stage: median}, "exit_codes": [...]}.
Python 3 standard library only.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

STAGE_RE = re.compile(r"([a-z+]+)=([0-9.]+)ms")


def run_once(cmd, cwd, env):
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    stages = {}
    for line in text.splitlines():
        if line.startswith("union-gen timings:"):
            stages = {k: float(v) for k, v in STAGE_RE.findall(line)}
    return wall, ru.ru_maxrss, stages, p.returncode, text, ru.ru_utime + ru.ru_stime


def main():
    argv = sys.argv[1:]
    if "--" not in argv or len(argv) < 4:
        sys.exit(__doc__)
    sep = argv.index("--")
    head, cmd = argv[:sep], argv[sep + 1:]
    n, cwd = int(head[0]), head[1]
    env = dict(os.environ, UNION_GEN_TIMINGS="1")
    rest = head[2:]
    while rest:
        if rest[0] == "--env":
            k, _, v = rest[1].partition("=")
            env[k] = v
            rest = rest[2:]
        else:
            sys.exit("unknown option " + rest[0])
    run_once(cmd, cwd, env)  # warm-up: page cache, binary
    walls, rss, codes, stage_runs, cpus = [], [], [], [], []
    last_err = ""
    for _ in range(n):
        w, r, s, c, e, cpu = run_once(cmd, cwd, env)
        cpus.append(cpu)
        walls.append(w)
        rss.append(r)
        codes.append(c)
        stage_runs.append(s)
        if c != 0:
            last_err = e[-2000:]
    keys = [k for k in (stage_runs[0] if stage_runs else {})]
    out = {
        "runs": n,
        "wall_s": [round(w, 4) for w in walls],
        "median_wall_s": statistics.median(walls),
        "min_wall_s": min(walls),
        "max_wall_s": max(walls),
        "median_cpu_s": statistics.median(cpus),
        "median_rss_kib": statistics.median(rss),
        "max_rss_kib": max(rss),
        "stages_ms": {k: statistics.median(s.get(k, 0.0) for s in stage_runs) for k in keys},
        "exit_codes": sorted(set(codes)),
    }
    if last_err:
        out["stderr_tail"] = last_err
    print(json.dumps(out))


if __name__ == "__main__":
    main()
