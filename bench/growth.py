#!/usr/bin/env python3
"""Growth: one union-gen binary on a small and a large tree (bench/gen_corpus.py --scale 1
and 4), the two runs interleaved in each round so that the machine's drift hits both alike.

usage: bench/growth.py [-n RUNS] BINARY SMALL_DIR LARGE_DIR

Prints the median wall and CPU time on each tree, the large/small ratios, and the input
ratio in bytes (issue 36: 4x the input costs at most 4x the time). Standard library only.
"""
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timer import run_once  # noqa: E402


def tree_bytes(root):
    return sum(
        os.path.getsize(os.path.join(d, f))
        for d, _, files in os.walk(root)
        for f in files
        if f.endswith(".go")
    )


def main(argv):
    runs = 21
    if argv[:1] == ["-n"]:
        runs, argv = int(argv[1]), argv[2:]
    if len(argv) != 3:
        sys.exit(__doc__)
    binary, trees = os.path.abspath(argv[0]), argv[1:]
    env = dict(os.environ, UNION_GEN_TIMINGS="1")
    with tempfile.TemporaryDirectory() as out:
        command = [binary, "generate", "--v2", f"{out}/v2.json", "--v3", f"{out}/v3.json", "./..."]
        for tree in trees:
            run_once(command, tree, env)
        measured = {tree: [] for tree in trees}
        for _ in range(runs):
            for tree in trees:
                wall, _, stages, _, _, cpu = run_once(command, tree, env)
                measured[tree].append((wall, cpu, stages))
    medians = {}
    for tree in trees:
        rows = measured[tree]
        wall = statistics.median(r[0] for r in rows)
        cpu = statistics.median(r[1] for r in rows)
        stages = " ".join(
            f"{name}={statistics.median(r[2].get(name, 0.0) for r in rows):.1f}" for name in rows[0][2]
        )
        medians[tree] = (wall, cpu)
        print(f"{tree}: {tree_bytes(tree) / 1e6:.1f} MB, wall {wall * 1000:.1f} ms, cpu {cpu * 1000:.0f} ms  {stages}")
    (small_wall, small_cpu), (large_wall, large_cpu) = medians[trees[0]], medians[trees[1]]
    print(
        f"input {tree_bytes(trees[1]) / tree_bytes(trees[0]):.2f}x; wall {large_wall / small_wall:.2f}x, "
        f"cpu {large_cpu / small_cpu:.2f}x ({runs} interleaved runs; load average {os.getloadavg()[0]:.2f}, "
        f"{os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
