#!/usr/bin/env python3
"""Runs `union-gen validate` on each hostile-input family of issue 35 (crd's reading of the same
manifests goes through the same reader: tested in src/crd and src/kube_yaml),
generated here (no multi-megabyte fixtures in git), each under an address-space limit, and
prints per case: exit code, wall seconds, peak RSS, and the first diagnostic line.

usage: scripts/hostile-validate.py UNION_GEN [--limit-mib 1024] [--only NAME]
A case passes when it ends with exit 0, 1 or 2 within 10 s and under the limit, and its
output holds the expected text (the API server's verdict or error). Exit 1 if any case fails.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

CRD = """apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
            properties:
              set: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
              map:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [k]
                items:
                  type: object
                  required: [k]
                  properties:
                    k: {type: integer}
                    v: {type: integer, x-kubernetes-validations: [{rule: "self >= oldSelf"}]}
              items:
                type: array
                items: {type: integer}
                x-kubernetes-validations:
                - rule: "self.all(x, self.all(y, x >= 0 && y >= 0))"
              strs:
                type: array
                items: {type: string}
                x-kubernetes-validations:
                - rule: "self.map(a, self.map(b, a + b)).size() > 0"
              i: {type: integer}
              name: {type: string, x-kubernetes-validations: [{rule: "false", messageExpression: "'\\u001b[31mred\\u001b[0m ' + self"}]}
"""


def widget(spec, name="w"):
    return "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: %s\nspec:\n%s" % (name, spec)


def rule_crd(rule):
    return CRD.replace('rule: "false", messageExpression', 'rule: %s, messageExpression' % json_str(rule), 1)


def json_str(s):
    import json
    return json.dumps(s)


def one_of_crd(depth):
    schema = "{type: integer}"
    for _ in range(depth):
        schema = "{oneOf: [%s]}" % schema
    return CRD.replace("              i: {type: integer}", "              i: %s" % schema, 1)


def families():
    """(name, files {name: text}, args, expected text, allowed exit codes)."""
    n = 5000
    bomb = "a: &a [" + ",".join(["1"] * n) + "]\nb: [" + ",".join(["*a"] * n) + "]\n"
    yield ("alias-bomb", {"o.yaml": widget("  " + bomb.replace("\n", "\n  "))},
           ["--crd", "crd.yaml", "o.yaml"], "excessive aliasing", (1,))
    yield ("dash-nesting-20k", {"o.yaml": widget("  x:\n    " + "- " * 20000 + "1\n")},
           ["--crd", "crd.yaml", "o.yaml"], "exceeded max depth", (1,))
    yield ("flow-nesting-100k", {"o.yaml": widget("  x: " + "[" * 100000 + "]" * 100000 + "\n")},
           ["--crd", "crd.yaml", "o.yaml"], "exceeded max depth", (1,))
    yield ("json-nesting-100k", {"o.json": "[" * 100000 + "]" * 100000},
           ["--crd", "crd.yaml", "o.json"], "exceeded max depth", (1,))
    deep = "{a: " * 9000 + "1" + "}" * 9000
    yield ("object-9000-deep", {"o.yaml": widget("  x: %s\n" % deep)},
           ["--crd", "crd.yaml", "o.yaml"], "", (0,))
    yield ("set-400k", {"o.yaml": widget("  set: [%s]\n" % ",".join(str(i) for i in range(400000)))},
           ["--crd", "crd.yaml", "o.yaml"], "", (0,))
    items = "".join("  - {k: %d, v: 1}\n" % i for i in range(100000))
    yield ("map-100k", {"o.yaml": widget("  map:\n" + items)},
           ["--crd", "crd.yaml", "o.yaml"], "", (0,))
    old = "".join("  - {k: %d, v: 2}\n" % i for i in range(30000))
    new = "".join("  - {k: %d, v: 1}\n" % i for i in range(30000))
    yield ("old-pairing-30k", {"o.yaml": widget("  map:\n" + new), "old.yaml": widget("  map:\n" + old)},
           ["--crd", "crd.yaml", "o.yaml", "--old", "old.yaml"], "failed rule: self >= oldSelf", (1,))
    # 80,000: a 100,000-property schema is over the 3 MiB a CRD may be.
    props = "".join("              p%d: {type: integer}\n" % i for i in range(80000))
    big_crd = CRD.replace("              i: {type: integer}\n", "              i: {type: integer}\n" + props)
    fields = "".join("  p%d: 1\n" % i for i in range(80000))
    yield ("properties-80k", {"crd.yaml": big_crd, "o.yaml": widget(fields)},
           ["--crd", "crd.yaml", "o.yaml"], "", (0,))
    yield ("cel-nested-all-10k", {"o.yaml": widget("  items: [%s]\n" % ",".join(["1"] * 10000))},
           ["--crd", "crd.yaml", "o.yaml"], "actual cost limit exceeded", (1,))
    strs = ",".join(['"%s"' % ("x" * 1000)] * 3000)
    yield ("cel-map-strings", {"o.yaml": widget("  strs: [%s]\n" % strs)},
           ["--crd", "crd.yaml", "o.yaml"], "actual cost limit exceeded", (1,))
    for name, rule in [("cel-6000-plus", "+".join(["1"] * 6000) + " > 0"),
                       ("cel-20000-selections", "self" + ".a" * 20000 + " == 1"),
                       ("cel-10000-indexes", "self" + "[0]" * 10000 + " == 1")]:
        yield (name, {"crd.yaml": rule_crd(rule), "o.yaml": widget("  name: x\n")},
               ["--crd", "crd.yaml", "o.yaml"], "max recursion depth exceeded", (1,))
    yield ("oneof-25", {"crd.yaml": one_of_crd(25), "o.yaml": widget("  i: x\n")},
           ["--crd", "crd.yaml", "o.yaml"], "oneOf", (1,))
    docs = "".join("---\n" + widget("  i: x%d\n" % i, "w%d" % i) for i in range(20000))
    yield ("20k-invalid-human", {"o.yaml": docs}, ["--crd", "crd.yaml", "o.yaml"], "must be of type integer", (1,))
    big = widget("  name: " + "x" * (3 * 1024 * 1024) + "\n") + "---\n" + widget("  i: x\n", "second")
    yield ("document-over-3mib", {"o.yaml": big}, ["--crd", "crd.yaml", "o.yaml"],
           "Request entity too large", (1,))
    yield ("fifo-and-link-loops", {"d/o.yaml": widget("  i: 1\n")}, ["--crd", "crd.yaml", "d"], "", (0,))
    yield ("escape-sequences", {"o.yaml": widget("  name: x\n")}, ["--crd", "crd.yaml", "o.yaml"],
           "\\x1b[31mred", (1,))
    yield ("metadata-null", {"o.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: null\nspec: {}\n"},
           ["--crd", "crd.yaml", "o.yaml"], "name or generateName is required", (1,))
    yield ("nan", {"o.yaml": widget("  i: .nan\n")}, ["--crd", "crd.yaml", "o.yaml"],
           "json: unsupported value: NaN", (1,))
    yield ("int-1e20", {"o.yaml": widget("  i: 1e20\n")}, ["--crd", "crd.yaml", "o.yaml"],
           "must be of type integer", (1,))
    yield ("duplicate-kind", {"o.yaml": widget("  i: 1\n") + "kind: Gadget\n"}, ["--crd", "crd.yaml", "o.yaml"],
           'key \\"kind\\" already set in map', (1,))
    yield ("utf16-bom", {"o.yaml": "\ufeff" + widget("  i: 1\n")}, ["--crd", "crd.yaml", "o.yaml"], "", (0,))
    yield ("crd-unreadable", {"crd.yaml": "a: [\n", "o.yaml": widget("  i: 1\n")},
           ["--crd", "crd.yaml", "o.yaml"], "cannot be read", (2,))


def run_case(binary, name, files, args, expected, codes, limit_mib):
    with tempfile.TemporaryDirectory() as d:
        if "crd.yaml" not in files:
            files = dict(files, **{"crd.yaml": CRD})
        for rel, text in files.items():
            path = os.path.join(d, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            encoding = "utf-16" if name == "utf16-bom" and rel == "o.yaml" else "utf-8"
            with open(path, "w", encoding=encoding) as f:
                f.write(text.lstrip("\ufeff") if encoding == "utf-16" else text)
        if name == "fifo-and-link-loops":
            os.mkfifo(os.path.join(d, "d", "fifo.yaml"))
            os.symlink(".", os.path.join(d, "d", "self"))
            os.symlink("loop2", os.path.join(d, "d", "loop1"))
            os.symlink("loop1", os.path.join(d, "d", "loop2"))
        argv = [binary, "validate", "--message-format", "json"] + args
        if name in ("20k-invalid-human", "escape-sequences"):
            argv = [binary, "validate"] + args

        def limit():
            size = limit_mib * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

        start = time.monotonic()
        rss = 0
        try:
            p = subprocess.run(["/usr/bin/time", "-f", "@rss %M"] + argv, cwd=d, capture_output=True,
                               text=True, timeout=60, preexec_fn=limit,
                               env=dict(os.environ, NO_COLOR="1"))
            code, out = p.returncode, p.stdout + p.stderr
            for line in p.stderr.splitlines():
                if line.startswith("@rss "):
                    rss = int(line[5:]) // 1024
        except subprocess.TimeoutExpired:
            code, out = "timeout", ""
        wall = time.monotonic() - start
        ok = code in codes and wall < 10 and expected in out
        first = next((l.strip() for l in out.splitlines() if l.strip()), "")[:110]
        print("%-4s %-26s exit %-4s %6.2fs %5d MiB  %s" % (
            "ok" if ok else "FAIL", name, code, wall, rss, first))
        return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--limit-mib", type=int, default=1024)
    parser.add_argument("--only")
    a = parser.parse_args()
    binary = os.path.abspath(a.binary)
    results = [run_case(binary, *case, a.limit_mib) for case in families()
               if not a.only or case[0] == a.only]
    print("%d/%d cases ended as expected within 10 s and %d MiB" % (sum(results), len(results), a.limit_mib))
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
