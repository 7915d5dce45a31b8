#!/usr/bin/env python3
"""Interleaved timing of several union-gen binaries on one tree (before/after a change).

usage: bench/compare.py [-n RUNS] DIR LABEL=BINARY... [-- generate args...]

Runs each binary once to warm up, then RUNS rounds (default 21) in which every binary runs
once, in turn: drift of a noisy machine (other load, CPU frequency) hits all of them alike,
which consecutive blocks of runs (bench/run.sh) do not. Each run is measured by timer.py's
`run_once` (wall, CPU, peak RSS, the `UNION_GEN_TIMINGS=1` stages); prints the medians of
each binary. Default arguments: generate --v2 … --v3 … ./... into a temporary directory.
Standard library only; never run in CI.
"""
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timer import run_once  # noqa: E402


def main(argv):
    runs = 21
    if argv[:1] == ["-n"]:
        runs, argv = int(argv[1]), argv[2:]
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
        for _, binary in pairs:
            run_once([binary] + args, tree, env)
        measured = {label: [] for label, _ in pairs}
        for _ in range(runs):
            for label, binary in pairs:
                wall, rss, stages, _, _, cpu = run_once([binary] + args, tree, env)
                measured[label].append((wall, cpu, rss, stages))
    for label, _ in pairs:
        rows = measured[label]
        median = lambda values: statistics.median(values)  # noqa: E731
        stages = " ".join(
            f"{name}={median([r[3].get(name, 0.0) for r in rows]):.1f}"
            for name in rows[0][3]
        )
        print(
            f"{label:<16} wall {median([r[0] for r in rows]) * 1000:7.1f} ms"
            f"  cpu {median([r[1] for r in rows]) * 1000:6.0f} ms"
            f"  rss {median([r[2] for r in rows]) / 1024:6.1f} MiB  {stages}  ({runs} runs)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
