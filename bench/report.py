#!/usr/bin/env python3
"""Markdown table from bench/run.sh's results (one JSON object per line). Stdlib only."""

import json
import sys

RATIO_BAR = 4.4


def main():
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    stages = ["discover", "load+parse", "resolve", "schema", "emit"]
    print("| input | files | MB | bodies | median wall | min–max | CPU (user+sys) | peak RSS (median) | MB/s | "
          + " | ".join(stages) + " | exit |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|" + "---:|" * len(stages) + "---|")
    for r in rows:
        mb = r["bytes"] / 1e6
        w = r["median_wall_s"]
        st = r.get("stages_ms", {})
        print("| %s | %d | %.1f | %d%% | %.3f s | %.3f–%.3f | %.3f s | %.1f MiB | %.0f | %s | %s |" % (
            r["label"], r["files"], mb, r["bodies_pct"], w, r["min_wall_s"], r["max_wall_s"], r["median_cpu_s"],
            r["median_rss_kib"] / 1024, mb / w,
            " | ".join("%.1f ms" % st[s] if s in st else "–" for s in stages),
            ",".join(str(c) for c in r["exit_codes"])))
    by = {r["label"]: r for r in rows}
    one, four = by.get("synthetic 1x"), by.get("synthetic 4x")
    print()
    if one and four:
        ratio = four["median_wall_s"] / one["median_wall_s"]
        size_ratio = four["bytes"] / one["bytes"]
        print("4x/1x wall ratio: %.2f (input %.2fx the bytes) — %s (bar: ≤ %.1f)" % (
            ratio, size_ratio, "PASS" if ratio <= RATIO_BAR else "FAIL", RATIO_BAR))
        cratio = four["median_cpu_s"] / one["median_cpu_s"]
        print("4x/1x CPU ratio:  %.2f — %s (CPU time is less sensitive to other load on the machine)" % (
            cratio, "PASS" if cratio <= RATIO_BAR else "FAIL"))
    print("runs per row: %s (median after one warm-up); stages: median of UNION_GEN_TIMINGS=1"
          % ", ".join(sorted({str(r["runs"]) for r in rows})))
    for r in rows:
        if r.get("stderr_tail"):
            print("\n%s exited %s; stderr tail:\n```\n%s\n```" % (r["label"], r["exit_codes"], r["stderr_tail"]))


if __name__ == "__main__":
    main()
