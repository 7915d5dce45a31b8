#!/usr/bin/env python3
"""Runs `union-gen validate` on kubectl-validate's own testcases/ and compares each document's
verdict, and the (field, reason) of each cause, with the API server's answer recorded in the
document's header comment (a JSON Status).

usage: validate-kubectl-testcases.py UNION_GEN KUBECTL_VALIDATE_DIR K8S_API_DIR [GOMODCACHE
                                     [KUBE_AGGREGATOR_DIR]]
  KUBECTL_VALIDATE_DIR: a checkout of kubernetes-sigs/kubectl-validate (testcases/ inside)
  K8S_API_DIR: a checkout of k8s.io/api (built-in kinds come from its Go types); GOMODCACHE
  must hold the k8s.io/apimachinery it requires (scripts/prepare-module-cache.sh).
  KUBE_AGGREGATOR_DIR: a checkout of k8s.io/kube-aggregator at a release tag (go.mod and
  pkg/apis/apiregistration suffice; GOMODCACHE must hold the apimachinery its go.mod
  requires): its apiregistration.k8s.io/v1 and v1beta1 Go types give APIService's schema, the
  one built-in group k8s.io/api does not hold (kubectl-validate embeds Kubernetes' published
  OpenAPI documents, which include it).
Prints one line per document and the totals (agree/total for verdicts and for causes).
"""
import json
import os
import re
import subprocess
import sys


def headers(path):
    """The recorded Status of each document of a file (None: no header)."""
    text = open(path).read()
    out = []
    for doc in re.split(r"(?m)^---[ \t]*$", text):
        lines = doc.splitlines()
        block, inside = [], False
        for line in lines:
            if line.startswith("# {"):
                inside = True
            if inside:
                block.append(line[2:] if line.startswith("# ") else line[1:])
                if line.startswith("# }"):
                    break
        body = [l for l in lines if l.strip() and not l.lstrip().startswith("#")]
        if not body:
            continue  # an empty document: nothing is sent
        status = None
        if block:
            try:
                status = json.loads("\n".join(block))
            except json.JSONDecodeError:
                status = None
        out.append(status)
    return out


def expected(status):
    if status is None:
        return None
    if status.get("status") == "Success" or status.get("message", None) == "":
        return ("valid", set())
    code = status.get("code")
    if code != 422:
        return ("error%d" % code, set())
    causes = {(c.get("field"), c.get("reason")) for c in status.get("details", {}).get("causes", [])}
    return ("invalid", causes)


def main():
    union_gen, kv, api = sys.argv[1:4]
    env = dict(os.environ)
    if len(sys.argv) > 4 and sys.argv[4]:
        env["GOMODCACHE"] = sys.argv[4]
    packages = ["./..."]
    if len(sys.argv) > 5:
        apis = os.path.join(os.path.abspath(sys.argv[5]), "pkg", "apis", "apiregistration")
        packages += [os.path.join(apis, v) for v in ("v1", "v1beta1") if os.path.isdir(os.path.join(apis, v))]
    cases = os.path.join(kv, "testcases")
    crds = [os.path.join(cases, d) for d in ("crds", "more-crds")]
    manifests = sorted(
        os.path.join(cases, "manifests", f)
        for f in os.listdir(os.path.join(cases, "manifests"))
        if f.endswith(".yaml")
    )
    totals = {"docs": 0, "verdict": 0, "causes": 0, "cause_docs": 0, "no_header": 0}
    for path in manifests:
        wanted = headers(path)
        command = [union_gen, "validate", "--strict", "--output", "json", "--message-format", "json"]
        for c in crds:
            command += ["--crd", c]
        command += ["--packages", *packages, "--", os.path.abspath(path)]
        run = subprocess.run(command, cwd=api, env=env, capture_output=True, text=True)
        got = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
        unreadable = [json.loads(l) for l in run.stderr.splitlines() if l.startswith("{")]
        unreadable = [d for d in unreadable if d.get("code") == "validate/unreadable-object"]
        name = os.path.basename(path)
        for i, status in enumerate(wanted):
            want = expected(status)
            if want is None:
                totals["no_header"] += 1
                continue
            totals["docs"] += 1
            verdict, causes = want
            if i < len(got):
                g = got[i]
                if g["valid"] is None:
                    # --strict: an unknown kind is an error, as kubectl-validate's
                    mine, my_causes = "no-schema", set()
                else:
                    mine = "valid" if g["valid"] else "invalid"
                    my_causes = {(c["field"], c["reason"]) for c in g["causes"]}
            elif unreadable:
                mine, my_causes = "unreadable", set()
            else:
                mine, my_causes = "missing", set()
            same_verdict = (verdict == "valid") == (mine == "valid") and mine != "missing"
            totals["verdict"] += same_verdict
            line = "%-50s doc %d: api server %-8s union-gen %-10s" % (name, i, verdict, mine)
            if verdict == "invalid":
                totals["cause_docs"] += 1
                same = causes == my_causes
                totals["causes"] += same
                if not same:
                    line += "  causes differ: want %s got %s" % (sorted(causes), sorted(my_causes))
            print(("ok   " if same_verdict else "DIFF ") + line)
    print(
        "verdicts: %d/%d agree; causes (field, reason) of invalid documents: %d/%d agree; "
        "%d documents without a recorded answer"
        % (totals["verdict"], totals["docs"], totals["causes"], totals["cause_docs"], totals["no_header"])
    )


if __name__ == "__main__":
    main()
