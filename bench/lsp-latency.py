#!/usr/bin/env python3
"""Latency of `union-gen lsp`: time from a didChange to the publishDiagnostics it causes
(issue 34: ≤ 100 ms on a k8s.io/api-sized package), medians over several edits.

usage: bench/lsp-latency.py UNION_GEN FILE [FILE...] [-n EDITS] [--debounce-ms MS]
  Opens FILE (and the other FILEs, whose packages are analysed with it), waits for the first
  diagnostics, then N times: inserts a misspelt marker (`// +optinal`) above the first field of
  FILE's first struct — a change that adds a finding, so every edit publishes — and removes it
  again, timing each didChange → publishDiagnostics of FILE. Run from the project root with
  GOMODCACHE set as `check` needs it. Prints the median, min and max of the 2N latencies and
  server's CPU time per edit (from /proc: what the edit costs whatever else the machine
  runs), and the server's per-stage times (UNION_GEN_TIMINGS) of the last analysis. Never
  asserts: timings depend on the machine.

  e.g. (k8s.io/api v0.36.0, apimachinery in a module cache made by
  scripts/prepare-module-cache.sh):
    cd api && GOMODCACHE=/tmp/gomodcache bench/lsp-latency.py union-gen core/v1/types.go
"""

import argparse
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from lsp_client import Client  # noqa: E402


def cpu_seconds(pid):
    """User + system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def first_field_line(text):
    """The line (from 0) of the first field of the first struct, and its indentation."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if re.match(r"^type \w+ struct \{\s*$", line):
            for inner in range(index + 1, len(lines)):
                field = lines[inner]
                if field.strip() and not field.strip().startswith("//"):
                    return inner, field[: len(field) - len(field.lstrip())]
    raise SystemExit("no struct with a field in the file")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("union_gen")
    parser.add_argument("files", nargs="+")
    parser.add_argument("-n", type=int, default=11)
    parser.add_argument("--debounce-ms", type=int, default=None)
    args = parser.parse_args()
    env = dict(os.environ, UNION_GEN_TIMINGS="1")
    options = {} if args.debounce_ms is None else {"debounceMs": args.debounce_ms}
    with Client([args.union_gen, "lsp"], env=env) as client:
        client.initialize(options)
        uris = [client.open(f) for f in args.files]
        uri = uris[0]
        started = time.monotonic()
        # The first analysis: every later one reuses its parses.
        client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        first = time.monotonic() - started
        line, indent = first_field_line(client.texts[uri])
        marker = f"{indent}// +optinal\n"
        latencies = []
        cpu_before = cpu_seconds(client.process.pid)
        for _ in range(args.n):
            sent = client.change(uri, (line, 0), (line, 0), marker)
            client.wait_diagnostics(uri, version=client.versions[uri])
            latencies.append(client.last_time - sent)
            sent = client.change(uri, (line, 0), (line + 1, 0), "")
            client.wait_diagnostics(uri, version=client.versions[uri])
            latencies.append(client.last_time - sent)
        cpu = (cpu_seconds(client.process.pid) - cpu_before) / (2 * args.n)
        timings = client.logs[-1] if client.logs else ""
        ms = [t * 1000 for t in latencies]
        print(
            f"{args.files[0]}: didChange → publishDiagnostics median {statistics.median(ms):.1f} ms "
            f"(min {min(ms):.1f}, max {max(ms):.1f}, {len(ms)} edits); server CPU per edit {cpu * 1000:.0f} ms; "
            f"first analysis {first * 1000:.0f} ms; load average {os.getloadavg()[0]:.1f}"
        )
        if timings:
            print(f"  last analysis: {timings}")


if __name__ == "__main__":
    main()
