#!/usr/bin/env python3
"""controller-tools' own CRD test data as a test of `union-gen controller-gen` (issue 31).

usage: scripts/compare-controller-tools-testdata.py UNION_GEN CONTROLLER_TOOLS_CHECKOUT [--keep DIR]

CONTROLLER_TOOLS_CHECKOUT: a checkout of github.com/kubernetes-sigs/controller-tools (at
v0.21.0 for the figures in README). Its `pkg/crd/testdata` module needs its dependencies in the
module cache (GOMODCACHE, or GOPATH/pkg/mod).

For every `//go:generate` line under pkg/crd/testdata (the command lines the project itself
regenerates its goldens with), and for the goldens its Go tests compare (enums, oneofs,
externaldocs, the package without a group, maxDescLen=50), union-gen runs the same command
line in a copy of the test data; each golden it writes must be byte-identical to the committed
one, the `controller-gen.kubebuilder.io/version` annotation aside (the goldens say `(devel)`);
the two goldens that are the Go tests' marshalled object rather than a controller-gen file
(enums, oneofs: no `---`, no annotation, an empty `status`) are compared in that form.
The line that must fail (`bash -c "! controller-gen …"`) must fail. Prints one line per golden
and the totals; exit 1 on any difference.
"""
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

# Goldens the Go tests compare, with the controller-gen options they use.
EXTRA = [
    # (directory, arguments, golden written as, committed golden)
    (".", "crd:ignoreUnexportedFields=true,allowDangerousTypes=true paths=./enum/... output:dir=OUT",
     "testdata.kubebuilder.io_enums.yaml", "testdata.kubebuilder.io_enums.yaml"),
    (".", "crd:ignoreUnexportedFields=true,allowDangerousTypes=true paths=./oneof/... output:dir=OUT",
     "testdata.kubebuilder.io_oneofs.yaml", "testdata.kubebuilder.io_oneofs.yaml"),
    (".", "crd:ignoreUnexportedFields=true,allowDangerousTypes=true paths=./external_docs/... output:dir=OUT",
     "testdata.kubebuilder.io_externaldocs.yaml", "testdata.kubebuilder.io_externaldocs.yaml"),
    (".", "crd:ignoreUnexportedFields=true,allowDangerousTypes=true paths=./nogroup output:dir=OUT",
     "_cronjobs.yaml", "testdata._cronjobs.yaml"),
    ("gen", "crd:crdVersions=v1,maxDescLen=50 paths=. output:dir=OUT",
     "bar.example.com_foos.yaml", "bar.example.com_foos_maxdesclen.yaml"),
]

ANNOTATION = re.compile(rb"(controller-gen\.kubebuilder\.io/version: ).*")


def normalise(data: bytes) -> bytes:
    return ANNOTATION.sub(rb"\1VERSION", data)


def as_go_test_golden(data: bytes) -> bytes:
    """Two goldens (enums, oneofs) are the CRD object as the Go tests marshal it, not a
    controller-gen file: no `---`, no version annotation, the empty `status`, no final
    newline. The written file in that form, to compare byte for byte."""
    data = data.removeprefix(b"---\n")
    data = re.sub(rb"  annotations:\n    controller-gen\.kubebuilder\.io/version: .*\n", b"", data)
    return data.rstrip(b"\n")


def same(produced: bytes, expected: bytes) -> bool:
    if expected.startswith(b"---\n"):
        return normalise(produced) == normalise(expected)
    expected = re.sub(rb"\nstatus:\n(  .*\n?)*$", b"", expected).rstrip(b"\n")
    return as_go_test_golden(produced) == expected


def run(union_gen, cwd, args):
    return subprocess.run([union_gen, "controller-gen", "--controller-gen-version", "v0.21.0", *args],
                          cwd=cwd, capture_output=True)


def generate_lines(testdata):
    """(directory, arguments, must_fail) of each //go:generate line."""
    for path in sorted(testdata.rglob("*.go")):
        for line in path.read_text().splitlines():
            if not line.startswith("//go:generate "):
                continue
            command = line[len("//go:generate "):]
            must_fail = False
            if command.startswith("bash -c "):
                inner = shlex.split(command)[2]
                must_fail = inner.startswith("! ")
                command = inner.lstrip("! ")
            words = command.split()
            if "run-controller-gen.sh" not in words[0]:
                continue
            yield path.parent, words[1:], must_fail


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    union_gen = str(pathlib.Path(sys.argv[1]).resolve())
    checkout = pathlib.Path(sys.argv[2]).resolve()
    keep = pathlib.Path(sys.argv[sys.argv.index("--keep") + 1]) if "--keep" in sys.argv else None
    identical = total = 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp) / "testdata"
        shutil.copytree(checkout / "pkg/crd/testdata", work)
        runs = []
        for directory, args, must_fail in generate_lines(work):
            out = pathlib.Path(tmp) / f"out{len(runs)}"
            out.mkdir()
            args = [a.replace("output:dir=.", f"output:dir={out}") for a in args]
            # The directory's goldens but the stale v1beta1 ones and those of the Go tests.
            extra = {(work / d).resolve() / g for d, _, _, g in EXTRA}
            goldens = [(p.name, p.name) for p in sorted(directory.glob("*.yaml"))
                       if not p.name.endswith(".v1beta1.yaml") and p.resolve() not in extra]
            runs.append((directory, args, must_fail, out, goldens))
        for directory, args, golden_as, golden in EXTRA:
            out = pathlib.Path(tmp) / f"out{len(runs)}"
            out.mkdir()
            args = [a.replace("OUT", str(out)) for a in args.split()]
            runs.append((work / directory, args, False, out, [(golden_as, golden)]))
        for directory, args, must_fail, out, goldens in runs:
            result = run(union_gen, directory, args)
            where = directory.relative_to(work)
            if must_fail:
                total += 1
                if result.returncode != 0 and not any(out.iterdir()):
                    identical += 1
                    print(f"fails as it must  {where}: {' '.join(args)}")
                else:
                    failures.append(f"{where}: {' '.join(args)} should fail")
                    print(f"DID NOT FAIL      {where}: {' '.join(args)}")
                continue
            if result.returncode != 0:
                sys.stderr.write(result.stderr.decode(errors="replace"))
            for written, golden in goldens:
                total += 1
                expected = (directory / golden).read_bytes()
                produced = out / written
                if produced.exists() and same(produced.read_bytes(), expected):
                    identical += 1
                    print(f"identical         {where}/{golden}")
                else:
                    failures.append(f"{where}/{golden}")
                    print(f"DIFFERENT         {where}/{golden}")
                    if keep:
                        keep.mkdir(parents=True, exist_ok=True)
                        if produced.exists():
                            shutil.copy(produced, keep / golden)
        print(f"\n{identical}/{total} goldens identical (the version annotation aside), "
              f"the failing line included")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
