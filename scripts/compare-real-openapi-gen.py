#!/usr/bin/env python3
"""Runs `union-gen openapi-gen` exactly as real projects' own scripts run openapi-gen, on a
fresh copy of each project, and compares every written file with the committed one.

usage: compare-real-openapi-gen.py UNION_GEN TREES [PROJECT...] [-v]

TREES holds one git checkout per project: the earlier six (karmada, argo-rollouts,
custom-metrics-apiserver, pipeline, kgateway, cert-manager) and the six of issue 32 (jobset,
kueue, trainer, argo-workflows, katib, containerized-data-importer), each named as here. The
module cache the projects' go.mod files require comes from $GOMODCACHE (the module versions
each go.mod pins: `scripts/prepare-module-cache.sh`); cert-manager's two modules missing there
are taken from $MIRRORS (fetched git mirrors, OWNER+NAME/repo) into the copy's vendor/.
Issue 32's six need, besides what the earlier ones need: k8s.io/api and apimachinery v0.36.3,
v0.35.4, v0.34.0; sigs.k8s.io/jobset v0.12.0; volcano.sh/apis
v1.13.1-0.20251028070205-46d20c0699e7; k8s.io/code-generator v0.35.5 (kueue's
hack/tools/go.mod: kube_codegen.sh runs the kube-openapi its go.mod requires). karmada, pipeline
and containerized-data-importer vendor their dependencies. -v prints a diff of each differing
file.

Per output file: byte-identical or not, `schema_…` functions identical / total, and the
functions that differ. Any other tracked file the run changed (API rule reports, model-name
files) is listed. union-gen reads the kube-openapi version each project pins (go.mod, or the
Makefile's `openapi-gen=VERSION`) and writes what that version writes.
Exit 0 when every file is byte-identical.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

KARMADA_RO = ["k8s.io/api/core/v1", "k8s.io/apimachinery/pkg/api/resource",
              "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
              "k8s.io/apimachinery/pkg/version",
              "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
              "k8s.io/api/admissionregistration/v1", "k8s.io/api/networking/v1",
              "k8s.io/metrics/pkg/apis/custom_metrics",
              "k8s.io/metrics/pkg/apis/custom_metrics/v1beta1",
              "k8s.io/metrics/pkg/apis/custom_metrics/v1beta2",
              "k8s.io/metrics/pkg/apis/external_metrics",
              "k8s.io/metrics/pkg/apis/external_metrics/v1beta1", "k8s.io/metrics/pkg/apis/metrics",
              "k8s.io/metrics/pkg/apis/metrics/v1beta1", "k8s.io/api/autoscaling/v2"]
KARMADA_APIS = [f"github.com/karmada-io/karmada/pkg/apis/{p}" for p in [
    "cluster/v1alpha1", "policy/v1alpha1", "work/v1alpha1", "work/v1alpha2",
    "networking/v1alpha1", "config/v1alpha1", "autoscaling/v1alpha1", "remedy/v1alpha1",
    "apps/v1alpha1", "search/v1alpha1"]]
CM_IN = {
    "core": ["k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
             "k8s.io/apimachinery/pkg/version", "k8s.io/api/core/v1"],
    "custommetrics": ["k8s.io/apimachinery/pkg/apis/meta/v1",
                      "k8s.io/apimachinery/pkg/api/resource", "k8s.io/api/core/v1",
                      "k8s.io/metrics/pkg/apis/custom_metrics",
                      "k8s.io/metrics/pkg/apis/custom_metrics/v1beta1",
                      "k8s.io/metrics/pkg/apis/custom_metrics/v1beta2"],
    "externalmetrics": ["k8s.io/apimachinery/pkg/apis/meta/v1",
                        "k8s.io/apimachinery/pkg/api/resource",
                        "k8s.io/metrics/pkg/apis/external_metrics",
                        "k8s.io/metrics/pkg/apis/external_metrics/v1beta1"],
}


# kube_codegen.sh's gen_openapi: the packages it always passes, and KUBE_CODEGEN_READONLY_PKGS.
KUBE_CODEGEN_ALWAYS = ["k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
                       "k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource"]
KUBE_CODEGEN_READONLY = ["k8s.io/apimachinery/pkg/apis/meta/v1",
                         "k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
                         "k8s.io/apimachinery/pkg/types", "k8s.io/apimachinery/pkg/util/intstr",
                         "k8s.io/apimachinery/pkg/version", "time"]
EARLIER = ["karmada", "argo-rollouts", "custom-metrics-apiserver", "pipeline", "kgateway",
           "cert-manager"]
NEW = ["jobset", "kueue", "trainer", "argo-workflows", "katib", "containerized-data-importer"]


def commands(project, tree, scratch):
    """(output files, command lines): each project's own openapi-gen arguments."""
    if project == "karmada":
        ro = ",".join(KARMADA_RO)
        common = ["--go-header-file", "hack/boilerplate/boilerplate.go.txt",
                  "--output-model-name-file", "zz_generated.model_name.go", "--readonly-pkg", ro,
                  "--output-file", "zz_generated.openapi.go"]
        return (["pkg/generated/openapi/zz_generated.openapi.go",
                 "operator/pkg/generated/openapi/zz_generated.openapi.go"],
                [common + ["--output-pkg", "github.com/karmada-io/karmada/pkg/generated/openapi",
                           "--output-dir", "pkg/generated/openapi"] + KARMADA_APIS + KARMADA_RO,
                 common + ["--output-pkg",
                           "github.com/karmada-io/karmada/operator/pkg/generated/openapi",
                           "--output-dir", "operator/pkg/generated/openapi",
                           "github.com/karmada-io/karmada/operator/pkg/apis/operator/v1alpha1"]
                 + KARMADA_RO])
    if project == "argo-rollouts":
        d = os.path.join(tree, "pkg/apis/rollouts/v1alpha1")
        return (["pkg/apis/rollouts/v1alpha1/openapi_generated.go"],
                [[d, "--go-header-file", os.path.join(tree, "hack/custom-boilerplate.go.txt"),
                  "--output-pkg", "github.com/argoproj/argo-rollouts/pkg/apis/rollouts/v1alpha1",
                  "--output-dir", d, "--output-file", "openapi_generated.go",
                  "--report-filename",
                  os.path.join(tree, "pkg/apis/api-rules/violation_exceptions.list")]])
    if project == "custom-metrics-apiserver":
        return ([f"pkg/generated/openapi/{o}/zz_generated.openapi.go" for o in CM_IN],
                [["--logtostderr", "--go-header-file", "./hack/boilerplate.go.txt",
                  "--output-pkg", f"./pkg/generated/openapi/{o}", "--output-file",
                  "zz_generated.openapi.go", "--output-dir", f"./pkg/generated/openapi/{o}",
                  "-r", "/dev/null"] + CM_IN[o] for o in CM_IN])
    if project == "pipeline":
        files, lines = [], []
        for v in ["v1alpha1", "v1beta1", "v1"]:
            inputs = [f"./pkg/apis/pipeline/{v}", "./pkg/apis/pipeline/pod",
                      "knative.dev/pkg/apis", "knative.dev/pkg/apis/duck/v1beta1"]
            if v == "v1beta1":
                inputs.append("./pkg/apis/resolution/v1beta1")
            files.append(f"pkg/apis/pipeline/{v}/openapi_generated.go")
            lines.append(["--output-pkg", f"github.com/tektoncd/pipeline/pkg/apis/pipeline/{v}",
                          "--output-dir", f"./pkg/apis/pipeline/{v}", "--output-file",
                          "openapi_generated.go", "--go-header-file",
                          "hack/boilerplate/boilerplate.go.txt", "-r",
                          os.path.join(scratch, f"api-report-{v}")] + inputs)
        return files, lines
    if project == "kgateway":
        api = sorted(f"github.com/kgateway-dev/kgateway/v2/api/{d}"
                     for d in os.listdir(os.path.join(tree, "api")) if d == "v1alpha1")
        return (["pkg/generated/openapi/zz_generated.openapi.go"],
                [["--output-file", "zz_generated.openapi.go", "--report-filename",
                  os.path.join(scratch, "report"), "--output-dir", "pkg/generated/openapi",
                  "--output-pkg", "github.com/kgateway-dev/kgateway/v2/pkg/generated/openapi"]
                 + api + ["sigs.k8s.io/gateway-api/apis/v1",
                          "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/api/core/v1",
                          "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/util/intstr",
                          "k8s.io/apimachinery/pkg/api/resource",
                          "k8s.io/apimachinery/pkg/version"]])
    if project == "cert-manager":
        m = "github.com/cert-manager/cert-manager"
        return (["pkg/acme/webhook/openapi/zz_generated.openapi.go",
                 "internal/generated/openapi/zz_generated.openapi.go"],
                [["--go-header-file", "hack/boilerplate-go.txt", "--report-filename",
                  "hack/openapi_reports/acme.txt", "--output-dir", "./pkg/acme/webhook/openapi/",
                  "--output-pkg", f"{m}/pkg/acme/webhook/openapi", "--output-file",
                  "zz_generated.openapi.go", "k8s.io/apimachinery/pkg/version",
                  "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/apis/meta/v1",
                  "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
                  f"{m}/pkg/acme/webhook/apis/acme/v1alpha1"],
                 ["--go-header-file", "hack/boilerplate-go.txt", "--report-filename",
                  "hack/openapi_reports/client.txt", "--output-dir", "./internal/generated/openapi/",
                  "--output-pkg", f"{m}/internal/generated/openapi", "--output-file",
                  "zz_generated.openapi.go", "k8s.io/api/core/v1",
                  "k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/runtime",
                  "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
                  "k8s.io/apimachinery/pkg/util/intstr",
                  "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
                  "k8s.io/component-base/logs/api/v1", "sigs.k8s.io/gateway-api/apis/v1",
                  f"{m}/pkg/apis/certmanager/v1", f"{m}/pkg/apis/acme/v1",
                  f"{m}/pkg/apis/meta/v1"]])
    if project == "jobset":
        # Makefile `openapi-gen`: `go install …openapi-gen@latest`, then this line.
        return (["api/jobset/v1alpha2/openapi_generated.go"],
                [["--go-header-file", "hack/boilerplate.go.txt", "--output-dir",
                  "api/jobset/v1alpha2", "--output-pkg", "api/jobset/v1alpha2", "--output-file",
                  "openapi_generated.go", "--alsologtostderr", "./api/jobset/v1alpha2"]])
    if project == "kueue":
        # hack/tools/code-generator/generate.sh: kube::codegen::gen_openapi of the
        # code-generator hack/tools/go.mod requires (replaced: v0.35.5), --update-report.
        root = tree
        inputs = [f"sigs.k8s.io/kueue/apis/visibility/{v}" for v in ["v1beta1", "v1beta2"]]
        readonly = []
        for pkg in KUBE_CODEGEN_READONLY:
            readonly += ["--readonly-pkg", pkg]
        return (["apis/visibility/openapi/zz_generated.openapi.go",
                 "apis/visibility/v1beta1/zz_generated.model_name.go",
                 "apis/visibility/v1beta2/zz_generated.model_name.go"],
                [["-v", "0", "--output-file", "zz_generated.openapi.go", "--go-header-file",
                  f"{root}/hack/boilerplate.go.txt", "--output-dir",
                  f"{root}/apis/visibility/openapi", "--output-pkg",
                  "sigs.k8s.io/kueue/apis/visibility/openapi", "--report-filename",
                  os.path.join(scratch, "report"),
                  "--output-model-name-file=zz_generated.model_name.go"] + readonly
                 + KUBE_CODEGEN_ALWAYS + inputs])
    if project == "trainer":
        root = tree
        extra = ["k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
                 "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/util/intstr",
                 "k8s.io/api/core/v1", "k8s.io/api/autoscaling/v2", "k8s.io/api/batch/v1",
                 "sigs.k8s.io/jobset/api/jobset/v1alpha2",
                 "volcano.sh/apis/pkg/apis/scheduling/v1beta1"]
        return (["pkg/apis/trainer/v1alpha1/zz_generated.openapi.go"],
                [["--go-header-file", f"{root}/hack/boilerplate/boilerplate.go.txt",
                  "--output-pkg", "github.com/kubeflow/trainer/v2/pkg/apis/trainer/v1alpha1",
                  "--output-dir", f"{root}/pkg/apis/trainer/v1alpha1", "--output-file",
                  "zz_generated.openapi.go", "--report-filename",
                  f"{root}/hack/violation_exception_v1alpha1.list"] + extra
                 + [f"{root}/pkg/apis/trainer/v1alpha1"]])
    if project == "argo-workflows":
        # Makefile: `ln -s . v4`, then openapi-gen (pinned @v0.0.0-20220124234850-424119656bbf,
        # gengo v1 flags), then the link is removed.
        m = "github.com/argoproj/argo-workflows/v4"
        return (["pkg/apis/workflow/v1alpha1/openapi_generated.go"],
                [["--go-header-file", "./hack/custom-boilerplate.go.txt", "--input-dirs",
                  f"{m}/pkg/apis/workflow/v1alpha1", "--output-package",
                  f"{m}/pkg/apis/workflow/v1alpha1", "--report-filename",
                  "pkg/apis/api-rules/violation_exceptions.list"]])
    if project == "katib":
        root, m = tree, "github.com/kubeflow/katib"
        apis = [f"{root}/pkg/apis/controller/{g}/v1beta1"
                for g in ["common", "experiments", "suggestions", "trials"]]
        extra = ["k8s.io/apimachinery/pkg/apis/meta/v1",
                 "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured",
                 "k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
                 "k8s.io/apimachinery/pkg/util/intstr", "k8s.io/api/core/v1"]
        common = ["--go-header-file", f"{root}/hack/boilerplate/boilerplate.go.txt",
                  "--output-file", "zz_generated.openapi.go", "--report-filename",
                  f"{root}/hack/violation_exception_v1beta1.list"]
        return (["pkg/apis/v1beta1/zz_generated.openapi.go",
                 "pkg/apis/kubeflowsdk/zz_generated.openapi.go"],
                [common + ["--output-pkg", f"{m}/pkg/apis/v1beta1", "--output-dir",
                           f"{root}/pkg/apis/v1beta1"] + apis,
                 common + ["--output-pkg", f"{m}/pkg/apis/kubeflowsdk", "--output-dir",
                           f"{root}/pkg/apis/kubeflowsdk"] + extra + apis])
    if project == "containerized-data-importer":
        api, m = "kubevirt.io/containerized-data-importer-api/pkg/apis", "kubevirt.io/containerized-data-importer/pkg/apis"
        core = ["k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/apis/meta/v1",
                "k8s.io/apimachinery/pkg/runtime", "k8s.io/api/core/v1",
                "github.com/openshift/custom-resource-status/conditions/v1",
                "kubevirt.io/controller-lifecycle-operator-sdk/api"]
        small = ["k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/api/core/v1"]
        files, lines = [], []
        for group, extra in [("core/v1alpha1", core), ("core/v1beta1", core),
                             ("upload/v1beta1", small), ("forklift/v1beta1", small)]:
            files.append(f"pkg/apis/{group}/openapi_generated.go")
            lines.append(["--output-dir", f"{tree}/pkg/apis/{group}", "--output-pkg",
                          f"{m}/{group}", "--go-header-file",
                          f"{tree}/hack/custom-boilerplate.go.txt", "--output-file",
                          "openapi_generated.go", f"{api}/{group}"] + extra)
        return files, lines
    raise SystemExit(f"unknown project {project}")


def prepare(project, tree):
    """Modules the shared module cache lacks, from the mirrors into the copy's vendor/."""
    if project == "argo-workflows":
        os.symlink(".", os.path.join(tree, "v4"))
        return
    if project != "cert-manager":
        return
    mirrors = os.environ.get("MIRRORS", "/work/.mirror")
    for module, mirror, tag in [("k8s.io/component-base", "kubernetes+component-base", "v0.36.3"),
                                ("sigs.k8s.io/gateway-api", "kubernetes-sigs+gateway-api", "v1.6.1")]:
        dest = os.path.join(tree, "vendor", module)
        os.makedirs(dest, exist_ok=True)
        archive = subprocess.run(["git", f"--git-dir={mirrors}/{mirror}/repo", "archive", tag],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)


def pinned_version(tree):
    """Roughly what union-gen reads (src/kube_openapi_versions.rs::pinned), for the printout;
    `union-gen openapi-gen -v 1` prints the version it assumes and why."""
    for root, _, names in os.walk(os.path.join(tree, "hack")):
        for name in sorted(names):
            if name.endswith(".sh"):
                text = open(os.path.join(root, name), errors="replace").read()
                if "kube_codegen.sh" in text and "kube::codegen::gen_openapi" in text:
                    return "code-generator's (kube_codegen.sh)"
    for root, _, names in os.walk(tree):
        if "vendor" in root or ".git" in root or root.count(os.sep) - tree.count(os.sep) > 3:
            continue
        for name in names:
            if name == "Makefile" or name.endswith(".mk"):
                m = re.search(r"openapi-gen[=@](v[^\s\"')]+)",
                              open(os.path.join(root, name), errors="replace").read())
                if m:
                    return m.group(1)
    m = re.search(r"k8s.io/kube-openapi (v\S+)", open(os.path.join(tree, "go.mod")).read())
    return m.group(1) if m else "?"


def functions(text):
    parts = re.split(r"(?m)^func ", text)
    out = {}
    for part in parts[1:]:
        m = re.match(r"(schema_\w+)\(", part)
        if m:
            out[m.group(1)] = part
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    if len(args) < 2:
        raise SystemExit(__doc__)
    union_gen, trees = os.path.abspath(args[0]), args[1]
    projects = args[2:] or EARLIER + NEW
    all_identical = True
    for project in projects:
        with tempfile.TemporaryDirectory() as scratch:
            tree = os.path.join(scratch, "tree")
            shutil.copytree(os.path.join(trees, project), tree, symlinks=True)
            prepare(project, tree)
            files, lines = commands(project, tree, scratch)
            codes = []
            started = time.monotonic()
            for line in lines:
                proc = subprocess.run([union_gen, "openapi-gen"] + line, cwd=tree,
                                      capture_output=True, text=True)
                codes.append(proc.returncode)
                if proc.returncode != 0 or verbose:
                    sys.stderr.write(proc.stderr)
            elapsed = time.monotonic() - started
            pinned = f", kube-openapi {pinned_version(tree)}"
            print(f"{project}: exit {' '.join(map(str, codes))}, {elapsed:.1f} s{pinned}")
            for path in files:
                committed = subprocess.run(["git", "show", f"HEAD:{path}"], cwd=tree,
                                           capture_output=True, text=True).stdout
                try:
                    with open(os.path.join(tree, path)) as f:
                        written = f.read()
                except FileNotFoundError:
                    written = ""
                a, b = functions(committed), functions(written)
                same = sum(1 for k in a if b.get(k) == a[k])
                # A run that failed wrote nothing: the committed file is not reproduced.
                identical = committed == written and not any(codes)
                all_identical &= identical
                print(f"  {path}: byte-identical {'yes' if identical else 'NO'}, "
                      f"functions identical {same}/{len(a)}")
                for k in sorted(set(a) | set(b)):
                    if a.get(k) != b.get(k):
                        print(f"    differs: {k}")
                if verbose and not identical:
                    diff = difflib.unified_diff(committed.splitlines(), written.splitlines(),
                                                "committed", "union-gen", lineterm="", n=1)
                    print("\n".join(list(diff)[:60]))
            status = subprocess.run(["git", "status", "--short", "--untracked-files=no"],
                                    cwd=tree, capture_output=True, text=True).stdout.split("\n")
            others = [l[3:] for l in status if l and l[3:] not in files]
            for other in others:
                all_identical = False
                print(f"  also changed: {other}")
    return 0 if all_identical else 1


if __name__ == "__main__":
    sys.exit(main())
