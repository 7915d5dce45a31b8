#!/usr/bin/env python3
"""Compares union-gen's Kubernetes CEL libraries (src/validate/cel_library/, go_net.rs) with
the API server's: one CRD whose string field carries rules of the url, ip, cidr and duration
libraries, one object per probe value, validated by `union-gen validate --crd` and by
scripts/apiserver-validate (k8s.io/apiextensions-apiserver's own validation, cel-go with
Kubernetes' library). A value agrees when the same rules fail (by message).

usage: validate-cel-library-oracle.py UNION_GEN APISERVER_VALIDATE
  APISERVER_VALIDATE: WORK/bin/apiserver-validate (MIRRORS=… scripts/apiserver-validate/build.sh WORK)
Prints every disagreeing value and `N/M values agree`; exit 1 on a disagreement.
"""
import json
import os
import subprocess
import sys
import tempfile

RULES = {
    "url": "isURL(self)",
    "ip": "isIP(self)",
    "cidr": "isCIDR(self)",
    "masked": "!isCIDR(self) || cidr(self).masked() == cidr(self)",
    "global": "!isIP(self) || ip(self).isGlobalUnicast()",
    "llu": "!isIP(self) || ip(self).isLinkLocalUnicast()",
    "llm": "!isIP(self) || ip(self).isLinkLocalMulticast()",
    "loopback": "!isIP(self) || !ip(self).isLoopback()",
    "canon": "!isIP(self) || ip.isCanonical(self)",
    "family": "!isIP(self) || ip(self).family() == 4",
    "host": "!isURL(self) || url(self).getHostname() == ''",
    "port": "!isURL(self) || url(self).getPort() == ''",
    "scheme": "!isURL(self) || url(self).getScheme() == 'https'",
    "path": "!isURL(self) || url(self).getEscapedPath() == ''",
    "query": "!isURL(self) || url(self).getQuery().size() == 0",
    "in10": "!isCIDR(self) || cidr('10.0.0.0/8').containsCIDR(self)",
    "ip10": "!isIP(self) || cidr('10.0.0.0/8').containsIP(self)",
    "dur": "!self.matches('^[0-9.]+(h|m|s|ms|us|ns)$') || duration(self) > duration('1m')",
    "semver": "isSemver(self)",
    "semverN": "isSemver(self, true)",
    "semverGt": "!isSemver(self) || semver(self).isGreaterThan(semver('1.0.0-rc.1'))",
    "semverMajor": "!isSemver(self, true) || semver(self, true).major() == 1",
    "semverEq": "!isSemver(self) || semver(self) != semver('1.0.0')",
    "sets": "sets.contains(['a', 'b', 'c'], self.split(','))",
    "setsI": "sets.intersects(['a', 'b'], self.split(','))",
    "max": "[size(self), 5].max() == 5 && [size(self), 5].min() <= 5",
}

VALUES = [
    "https://a.b", "http://user:pw@h:80/p?q=1#f", "HTTPS://X.Y/", "https://[::1]:8443/a%20b",
    "https://a b", "https://a.com:x", "/abs", "rel/path", "*", "", " ", "mailto:a@b",
    "https:opaque", "https://%zz", "https://a/%zz", "https://a/b c", "https://a/?x=%zz&y=1",
    "ht tp://a", "1http://a", "https://a.com?", "//a.com/x", "https:///x", "https://@a",
    "https://a@b@c", "https://[::1", "https://[::1]x", "foo:bar", "a:b:c", "https://a.com/\u00e9",
    "https://\u00e9.com", "https://\ntestingress.com", "\ntestingress.com",
    "10.0.0.1", "010.0.0.1", "127.0.0.1", "::1", "2001:DB8::1", "2001:db8:0:0:0:0:0:1",
    "::ffff:10.0.0.1", "::10.0.0.1", "fe80::1", "fe80::1%eth0", "169.254.3.4", "224.0.0.5",
    "224.0.1.5", "ff02::1", "ff05::1", "255.255.255.255", "0.0.0.0", "::", "1.2.3",
    "10.0.0.0/8", "10.1.0.0/16", "10.0.0.1/8", "10.0.0.0/08", "10.0.0.0/33", "10.0.0.0/",
    "::/0", "2001:db8::/32", "::ffff:10.0.0.0/104", "0.0.0.0/0", "fe80::/10%eth0",
    "30s", "2m", "1.5m", "100ms", "1h", "0.001ms", "90s",
    "1.0.0", "1.0.0-rc.1", "1.0.0-rc.2", "1.0.0+build.1", "v1.2", "v01.02.03", "1.2", "1",
    "01.2.3", "1.2.3-01", "1.2.3-a.b.1", "1.0.0-alpha", "2.0.0", "1.2-rc", "a,b", "a,d", "c",
]


def crd():
    rules = "\n".join(
        "                - rule: %s\n                  message: %s" % (json.dumps(r), k)
        for k, r in RULES.items())
    return """apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: probes.example.com
spec:
  group: example.com
  names: {kind: Probe, plural: probes, singular: probe, listKind: ProbeList}
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
            properties:
              v:
                type: string
                x-kubernetes-validations:
%s
""" % rules


def main():
    union_gen, oracle = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        crd_path = os.path.join(tmp, "crd.yaml")
        objects = os.path.join(tmp, "probes.yaml")
        with open(crd_path, "w") as f:
            f.write(crd())
        with open(objects, "w") as f:
            f.write("---\n".join(
                "apiVersion: example.com/v1\nkind: Probe\nmetadata:\n  name: p%d\n  namespace: ns\n"
                "spec:\n  v: %s\n" % (i, json.dumps(v)) for i, v in enumerate(VALUES)))
        api = subprocess.run([oracle, "cr", "-json", "-crd", crd_path, objects],
                             capture_output=True, text=True)
        ours = subprocess.run([union_gen, "validate", "--crd", crd_path, objects, "--output", "json",
                               "--message-format", "json"], capture_output=True, text=True)
    want = {}
    for line in api.stdout.splitlines():
        d = json.loads(line)
        want[d["name"]] = sorted(e["detail"] for e in d.get("errors") or [])
    got = {}
    for line in ours.stdout.splitlines():
        d = json.loads(line)
        got[d["name"]] = sorted(
            c["message"].split(": ", 2)[-1].removeprefix('"string": ') for c in d["causes"])
    agree = 0
    for i, v in enumerate(VALUES):
        name = "p%d" % i
        if want.get(name) == got.get(name) and name in want:
            agree += 1
        else:
            print("DIFF %r\n  api server: %s\n  union-gen:  %s" % (v, want.get(name), got.get(name)))
    print("%d/%d values agree (%d rules each)" % (agree, len(VALUES), len(RULES)))
    sys.exit(0 if agree == len(VALUES) else 1)


if __name__ == "__main__":
    main()
