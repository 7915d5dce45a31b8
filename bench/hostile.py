#!/usr/bin/env python3
"""Hostile inputs of issue 35 (Go sources, header files, `crd`, `validate --packages` marker
rules, the human renderer) against the bar "exit 0, 1 or 2 with a diagnostic, within 10 s and
1 GiB on 2 cores". `validate`'s own families: scripts/hostile-validate.py.

usage: bench/hostile.py [--bin PATH] [--keep DIR] [CASE...]

Generates each case into a temporary directory (or DIR), runs the binary under an address-space
limit of 1 GiB (RLIMIT_AS, as `ulimit -v 1048576`), and prints one Markdown row per case: exit
code, wall seconds, peak RSS, and whether it meets the bar. Default binary: target/release/
union-gen (build it first: `cargo build --release`). Standard library only; never run in CI
(timings are machine-dependent): `tests/it/hostile.rs` asserts the outcomes, this the cost.
"""
import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_BYTES = 1 << 30
LIMIT_SECONDS = 10.0
GO_MOD = "module example.com/m\n\ngo 1.22\n"


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def go_module(dir, text):
    write(os.path.join(dir, "go.mod"), GO_MOD)
    write(os.path.join(dir, "p/types.go"), text)
    return ["check", "--message-format", "json", "./..."]


def case_parens_50mb(dir):
    n = 25_000_000
    return go_module(dir, "package p\n\nconst X = " + "(" * n + "1" + ")" * n + "\n")


def case_nul_10mb(dir):
    return go_module(dir, b"\0" * 10_000_000)


def case_semicolons_under_bound(dir):
    # The parser's worst input found that is still under limits::GO_SOURCE_TOKENS.
    return go_module(dir, "package p\n\n" + ";" * 990_000)


def case_printable_10mb(dir):
    rng = random.Random(35)
    alphabet = "abc(){}[];:=+-*/\"'` \n\t,.0123"
    return go_module(dir, "package p\n\n" + "".join(rng.choice(alphabet) for _ in range(10_000_000)))


def case_go_file_65mib(dir):
    write(os.path.join(dir, "go.mod"), GO_MOD)
    write(os.path.join(dir, "p/ok.go"), "package p\n")
    with open(os.path.join(dir, "p/huge.go"), "wb") as f:
        f.truncate((65 << 20))
    return ["check", "--message-format", "json", "./..."]


def case_header_1gib(dir):
    header = os.path.join(dir, "boilerplate.go.txt")
    with open(header, "wb") as f:
        f.truncate(1 << 30)
    return [
        "openapi-gen", "--output-dir", os.path.join(dir, "out"), "--output-pkg",
        "example.com/out", "--go-header-file", header,
        os.path.join(ROOT, "testdata/go-output/apis/v1"),
    ]


SIZE_SCHEMA = (
    "        properties:\n          spec:\n            properties:\n              size:\n"
    "                type: string\n"
)


def many_versions(versions, name, schema):
    """A CRD of `versions` versions, lean as a hostile manifest may be: `crd` reads a CRD of up
    to 3 MiB, the API server's request limit, patched or not."""
    out = [
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
        "  name: orders.shop.example.com\nspec:\n  group: shop.example.com\n  names:\n"
        "    kind: Order\n    plural: orders\n  scope: Namespaced\n  versions:\n"
    ]
    for i in range(versions):
        out.append(
            f"  - name: {name(i)}\n    schema:\n      openAPIV3Schema:\n{schema}"
            f"    served: true\n    storage: {'true' if i == 0 else 'false'}\n"
        )
    return "".join(out)


def shop(dir, manifest):
    shutil.copytree(os.path.join(ROOT, "testdata/crd/shop"), dir, dirs_exist_ok=True)
    write(os.path.join(dir, "orders.yaml"), manifest)


def case_crd_10k_versions_verify(dir):
    shop(dir, many_versions(10_000, lambda i: "v1", SIZE_SCHEMA))
    return ["crd", "--verify", "--message-format", "json", "orders.yaml", "--packages", "./..."]


def case_crd_10k_versions_write(dir):
    shop(dir, many_versions(10_000, lambda i: "v1", SIZE_SCHEMA))
    return ["crd", "--message-format", "json", "orders.yaml", "--packages", "./..."]


def case_crd_10k_versions_patched_past_3mib(dir):
    # 2.4 MB, 3.3 MB with the lists: refused (crd/not-patchable, exit 2), nothing written.
    schema = SIZE_SCHEMA + "            type: object\n        type: object\n"
    shop(dir, many_versions(10_000, lambda i: "v1", schema))
    return ["crd", "--message-format", "json", "orders.yaml", "--packages", "./..."]


def case_crd_20k_warnings_human(dir):
    shop(dir, many_versions(20_000, lambda i: f"v{i + 2}", "        type: object\n"))
    return ["crd", "--message-format", "human", "orders.yaml", "--packages", "./..."]


def shop_manifest_with(dir, document):
    """testdata/crd/shop's own manifest followed by another document in the same file."""
    base = os.path.join(ROOT, "testdata/crd/shop/config/crd/bases/shop.example.com_orders.yaml")
    with open(base) as f:
        crd = f.read()
    shop(dir, crd + "---\n" + document)
    return ["crd", "--message-format", "json", "orders.yaml", "--packages", "./..."]


def case_crd_alias_bomb_configmap(dir):
    n = 5000
    return shop_manifest_with(
        dir,
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: &a ["
        + ",".join(["1"] * n) + "]\n  b: [" + ",".join(["*a"] * n) + "]\n",
    )


def case_crd_dash_nesting_20k(dir):
    return shop_manifest_with(dir, "kind: ConfigMap\ndata:\n  x:\n    " + "- " * 20_000 + "1\n")


def case_crd_block_nesting_20k(dir):
    # 1-space block nesting: 200 MB of indentation.
    return shop_manifest_with(
        dir, "".join(" " * i + "a:\n" for i in range(20_000)) + " " * 20_000 + "b: 1\n"
    )


def case_crd_rule_6000_plus_in_manifest(dir):
    base = os.path.join(ROOT, "testdata/crd/shop/config/crd/bases/shop.example.com_orders.yaml")
    with open(base) as f:
        crd = f.read()
    at = "    schema:\n      openAPIV3Schema:\n"
    i = crd.index(at) + len(at)
    rule = "+".join(["1"] * 6000) + " > 0"
    shop(dir, crd[:i] + "        x-kubernetes-validations:\n        - rule: " + rule + "\n" + crd[i:])
    return ["crd", "--message-format", "json", "orders.yaml", "--packages", "./..."]


def case_validate_packages_deep_marker_rules(dir):
    write(os.path.join(dir, "go.mod"), GO_MOD)
    plus = "+".join(["1"] * 6000) + " > 0"
    write(
        os.path.join(dir, "api/v1/types.go"),
        "// +groupName=example.com\npackage v1\n\n"
        f"// +kubebuilder:validation:XValidation:rule=\"{plus}\"\n"
        "type Widget struct {\n\tSpec WidgetSpec `json:\"spec\"`\n}\n\n"
        "type WidgetSpec struct {\n"
        f"\t// +kubebuilder:validation:XValidation:rule=\"self{'.a' * 20_000} == 1\"\n"
        "\tI int `json:\"i\"`\n"
        f"\t// +kubebuilder:validation:XValidation:rule=\"self{'[0]' * 10_000} == 1\"\n"
        "\tL []int `json:\"l\"`\n}\n",
    )
    write(
        os.path.join(dir, "o.yaml"),
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  i: 1\n  l: [1]\n",
    )
    return ["validate", "--message-format", "json", "--packages", "./api/...", "--", "o.yaml"]


def case_crd_20k_properties(dir):
    # One struct of 20,000 `+enum` fields and its CRD: 20,000 lists inserted in one mapping.
    n = 20_000
    fields = "".join(f"\tF{i} Mode `json:\"f{i}\"`\n" for i in range(n))
    write(os.path.join(dir, "go.mod"), GO_MOD)
    write(
        os.path.join(dir, "api/v1/types.go"),
        "// +groupName=example.com\npackage v1\n\n// +enum\ntype Mode string\n\n"
        "const (\n\tModeA Mode = \"A\"\n\tModeB Mode = \"B\"\n)\n\n"
        "type Wide struct {\n\tSpec WideSpec `json:\"spec\"`\n}\n\n"
        f"type WideSpec struct {{\n{fields}}}\n",
    )
    props = "".join(f"              f{i}:\n                type: string\n" for i in range(n))
    write(
        os.path.join(dir, "wides.yaml"),
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
        "  name: wides.example.com\nspec:\n  group: example.com\n  names:\n    kind: Wide\n"
        "    plural: wides\n  scope: Namespaced\n  versions:\n  - name: v1\n    schema:\n"
        "      openAPIV3Schema:\n        properties:\n          spec:\n            properties:\n"
        f"{props}            type: object\n        type: object\n    served: true\n"
        "    storage: true\n",
    )
    return ["crd", "--verify", "--message-format", "json", "wides.yaml", "--packages", "./..."]


def case_validate_20k_invalid_human(dir):
    write(
        os.path.join(dir, "crd.yaml"),
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
        "  name: widgets.example.com\nspec:\n  group: example.com\n  names: {kind: Widget, "
        "plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n"
        "  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n"
        "      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n"
        "            type: object\n            properties:\n              size:\n"
        "                type: integer\n",
    )
    docs = [
        f"apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w{i}\n  namespace: ns\n"
        "spec:\n  size: big\n"
        for i in range(20_000)
    ]
    write(os.path.join(dir, "objects.yaml"), "---\n".join(docs))
    return ["validate", "--message-format", "human", "--crd", "crd.yaml", "objects.yaml"]


CASES = {name[5:]: f for name, f in sorted(globals().items()) if name.startswith("case_")}


def limit_address_space():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def run(binary, dir, args):
    started = time.monotonic()
    child = subprocess.Popen(
        [binary] + args, cwd=dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, preexec_fn=limit_address_space, env={**os.environ, "NO_COLOR": "1"},
    )
    stderr = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - started
    return child.returncode, seconds, usage.ru_maxrss * 1024, stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target/release/union-gen"))
    parser.add_argument("--keep", help="generate the cases here and keep them")
    parser.add_argument("cases", nargs="*", help=f"default: all of {', '.join(CASES)}")
    options = parser.parse_args()
    options.bin = os.path.abspath(options.bin)
    if not os.access(options.bin, os.X_OK):
        sys.exit(f"bench/hostile.py: {options.bin} not found (cargo build --release, or --bin)")
    names = options.cases or list(CASES)
    print("| case | exit | wall | peak RSS | within 10 s, 1 GiB, exit 0-2 |")
    print("|---|---:|---:|---:|---|")
    failed = 0
    for name in names:
        base = options.keep or tempfile.mkdtemp(prefix="hostile-")
        dir = os.path.join(base, name)
        os.makedirs(dir, exist_ok=True)
        args = CASES[name](dir)
        code, seconds, rss, stderr = run(options.bin, dir, args)
        ok = code in (0, 1, 2) and seconds <= LIMIT_SECONDS and rss <= LIMIT_BYTES
        failed += not ok
        print(f"| {name} | {code} | {seconds:.2f} s | {rss / (1 << 20):.0f} MiB | {'yes' if ok else 'NO'} |")
        if not options.keep:
            shutil.rmtree(base)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
