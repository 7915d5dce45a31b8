#!/usr/bin/env python3
"""Interleaved timing of several union-gen binaries on one tree (before/after a change).

usage: bench/compare.py [-n RUNS] [--baseline PROGRAM] DIR LABEL=BINARY... [-- generate args...]

Runs each binary once to warm up, then RUNS rounds (default 21) in which every binary runs
once, in turn: drift of a noisy machine (other load, CPU frequency) hits all of them alike,
which consecutive blocks of runs (bench/run.sh) do not. Each run is measured by timer.py's
`run_once` (wall, CPU, peak RSS, the `UNION_GEN_TIMINGS=1` stages); prints the medians of
each binary. Default arguments: generate --v2 … --v3 … ./... into a temporary directory.
--baseline PROGRAM runs `PROGRAM DIR` in every round too (bench/goparse.sh builds the
go/parser parse-only baseline), and each binary's line gets its median wall over the
baseline's median wall. Standard library only; never run in CI.
"""
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timer import run_once  # noqa: E402


def main(argv):
    runs, baseline = 21, None
    while argv[:1] in (["-n"], ["--baseline"]):
        if argv[0] == "-n":
            runs = int(argv[1])
        else:
            baseline = os.path.abspath(argv[1])
        argv = argv[2:]
    extra = None
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1:]
    if len(argv) < 2:
        sys.exit(__doc__)
    tree = argv[0]
    pairs = [(label, os.path.abspath(binary)) for label, binary in (a.split("=", 1) for a in argv[1:])]
    env = dict(os.environ, UNION_GEN_TIMINGS="1")
    with tempfile.TemporaryDirectory() as out:
        args = extra or ["generate", "--v2", f"{out}/v2.json", "--v3", f"{out}/v3.json", "./..."]
        commands = [(label, [binary] + args) for label, binary in pairs]
        if baseline:
            commands.append(("go/parser", [baseline, os.path.abspath(tree)]))
        for _, command in commands:
            run_once(command, tree, env)
        measured = {label: [] for label, _ in commands}
        for _ in range(runs):
            for label, command in commands:
                wall, rss, stages, _, _, cpu = run_once(command, tree, env)
                measured[label].append((wall, cpu, rss, stages))
    median = statistics.median
    floor = median(r[0] for r in measured["go/parser"]) if baseline else None
    for label, _ in commands:
        rows = measured[label]
        wall = median([r[0] for r in rows])
        stages = " ".join(
            f"{name}={median([r[3].get(name, 0.0) for r in rows]):.1f}"
            for name in rows[0][3]
        )
        ratio = f"  {wall / floor:5.3f}x" if floor else ""
        print(
            f"{label:<16} wall {wall * 1000:7.1f} ms{ratio}"
            f"  cpu {median([r[1] for r in rows]) * 1000:6.0f} ms"
            f"  rss {median([r[2] for r in rows]) / 1024:6.1f} MiB  {stages}  ({runs} runs)"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")


if __name__ == "__main__":
    main(sys.argv[1:])
