#!/usr/bin/env python3
"""Interleaved timing of several union-gen binaries on one tree (before/after a change).

usage: bench/compare.py [-n RUNS] DIR LABEL=BINARY... [-- generate args...]

Runs each binary once to warm up, then RUNS rounds (default 21) in which every binary runs
once, in turn: drift of a noisy machine (other load, CPU frequency) hits all of them alike,
which consecutive blocks of runs (bench/run.sh) do not. Prints the median wall and CPU time
(user+sys of the child) of each. Default arguments: generate --v2 … --v3 … ./... into a
temporary directory. Standard library only; never run in CI.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main(argv):
    runs = 21
    if argv[:1] == ["-n"]:
        runs, argv = int(argv[1]), argv[2:]
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1:]
    else:
        extra = None
    if len(argv) < 2:
        sys.exit(__doc__)
    tree, pairs = argv[0], [a.split("=", 1) for a in argv[1:]]
    with tempfile.TemporaryDirectory() as out:
        args = extra or ["generate", "--v2", f"{out}/v2.json", "--v3", f"{out}/v3.json", "./..."]
        for _, binary in pairs:
            subprocess.run([binary] + args, cwd=tree, capture_output=True)
        wall = {label: [] for label, _ in pairs}
        cpu = {label: [] for label, _ in pairs}
        for _ in range(runs):
            for label, binary in pairs:
                before, start = os.times(), time.perf_counter()
                subprocess.run([binary] + args, cwd=tree, capture_output=True)
                elapsed, after = time.perf_counter() - start, os.times()
                wall[label].append(elapsed)
                cpu[label].append(
                    after.children_user - before.children_user
                    + after.children_system - before.children_system
                )
    for label, _ in pairs:
        print(
            f"{label:<24} wall median {statistics.median(wall[label]) * 1000:7.1f} ms"
            f"   cpu median {statistics.median(cpu[label]) * 1000:6.0f} ms   ({runs} runs)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
