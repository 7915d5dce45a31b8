#!/usr/bin/env python3
"""Synthetic Go module of Kubernetes scale for benchmarking `union-gen generate`.

Written from scratch (no Kubernetes source is copied). Each API group package gets the file
set k8s.io/api packages have, in about the same byte proportions:

  types.go                         declarations: structs with multi-paragraph doc comments,
                                   +enum string types with grouped typed consts, 2019 +union
                                   structs, +k8s:unionMember unions, +listType/+listMapKey,
                                   +optional, embedded meta.TypeMeta/ObjectMeta inline,
                                   maps, slices, pointers
  zz_generated.deepcopy.go         DeepCopyInto/DeepCopy/DeepCopyObject with loops and ifs
  generated.pb.go                  Marshal/MarshalToSizedBuffer/Size/Unmarshal with long bodies
                                   and a file-descriptor byte table
  types_swagger_doc_generated.go   var map_X = map[string]string{...} + SwaggerDoc()
  zz_generated.model_name.go, zz_generated.prerelease-lifecycle.go, register.go, doc.go

The embedded meta types live in the corpus' own `meta/v1` package, so no reference dangles
and the run is free of warnings.

usage: gen_corpus.py --scale 1|2|4 --out DIR [--seed N]
       gen_corpus.py --measure DIR     # files, bytes, declaration/body split of any Go tree

Deterministic: the same --scale and --seed give byte-identical trees.
Python 3 standard library only.
"""

import argparse
import os
import random
import re
import sys

MODULE = "bench.example.com/api"
PACKAGES_PER_SCALE = 60  # k8s.io/api has 60 group/version packages of 8 files each

WORDS = (
    "the a of to and in is for that be this with as on by are it or must from not an when "
    "if which will at can may field value object resource set only used should all each its "
    "more than one been any other specified name namespace controller node pod volume "
    "container selector label annotation status condition spec template policy rule "
    "request limit default empty nil server client api version kind group cluster scope "
    "update create delete patch watch list reference owner finalizer generation observed "
    "replica strategy rolling surge unavailable deadline timeout seconds duration period "
    "endpoint port protocol address host path secret config map service account token "
    "claim storage class capacity access mode mount device driver attribute allocation "
    "priority preemption taint toleration affinity topology zone region weight term "
    "expression operator key values match fields required optional immutable validated "
    "feature gate alpha beta stable deprecated removed release documented behaviour"
).split()

NAME_PARTS = (
    "Pod Node Volume Claim Service Endpoint Port Container Image Probe Handler Action Policy "
    "Rule Subject Role Binding Secret Config Map Account Token Request Limit Range Quota "
    "Scope Selector Term Affinity Toleration Taint Topology Spread Constraint Strategy Rollout "
    "Revision History Template Spec Status Condition Source Target Reference Object Device "
    "Driver Class Attribute Capacity Allocation Result Slice Pool Counter Network Address "
    "Route Gateway Listener Backend Webhook Admission Mutation Validation Audit Event Lease "
    "Priority Level Flow Schema Queue Shard Storage Snapshot Migration Runtime Handler "
    "Overhead Scheduling Gate Window Budget Disruption Eviction Signal Metric Resource Scale"
).split()

GROUPS = (
    "admission admissionregistration apidiscovery apiserverinternal apps authentication "
    "authorization autoscaling batch certificates coordination core discovery events "
    "extensions flowcontrol imagepolicy networking node policy rbac resource scheduling "
    "storage storagemigration"
).split()
VERSIONS = ["v1", "v1beta1", "v1alpha1", "v1beta2", "v2", "v1alpha2", "v1alpha3", "v2beta1"]

LICENSE = """/*
Copyright The Synthetic Benchmark Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

"""


def lower_first(s):
    return s[0].lower() + s[1:]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def sentence(self, lo=5, hi=12):
        n = self.r.randint(lo, hi)
        ws = [self.r.choice(WORDS) for _ in range(n)]
        s = " ".join(ws)
        if self.r.random() < 0.15:
            s += ' (e.g. "' + self.r.choice(WORDS) + '")'
        if self.r.random() < 0.1:
            s += " More info: https://example.com/docs/" + self.r.choice(WORDS)
        return s[0].upper() + s[1:] + "."

    def paragraph(self, lo=1, hi=3):
        return " ".join(self.sentence() for _ in range(self.r.randint(lo, hi)))

    def doc(self, subject, paragraphs):
        """Doc text: list of paragraphs, the first starting with the subject's name."""
        paras = [subject + " " + lower_first(self.paragraph())]
        for _ in range(paragraphs - 1):
            paras.append(self.paragraph())
        return paras


def comment(paras, indent="", width=96):
    out = []
    for i, p in enumerate(paras):
        if i:
            out.append(indent + "//")
        line = ""
        for w in p.split(" "):
            if line and len(line) + 1 + len(w) > width:
                out.append(indent + "// " + line)
                line = w
            else:
                line = line + " " + w if line else w
        if line:
            out.append(indent + "// " + line)
    return "\n".join(out) + "\n"


def go_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class Field:
    def __init__(self, go, json, typ, kind, paras, markers, optional, tag_extra=""):
        self.go, self.json, self.typ, self.kind = go, json, typ, kind
        self.paras, self.markers, self.optional, self.tag_extra = paras, markers, optional, tag_extra


class Struct:
    def __init__(self, name, paras, markers=(), is_kind=False, is_list=False):
        self.name, self.paras, self.markers = name, paras, list(markers)
        self.fields, self.is_kind, self.is_list = [], is_kind, is_list


class Enum:
    def __init__(self, name, paras, values):
        self.name, self.paras, self.values = name, paras, values


class Package:
    """One API group/version package: its model, then its files rendered from the model."""

    def __init__(self, rng, group, version, dir_name):
        self.r = rng
        self.g = Gen(rng)
        self.group, self.version, self.dir = group, version, dir_name
        self.used = set()
        self.structs, self.enums = [], []
        self.build()

    def fresh(self, parts=2, suffix=""):
        while True:
            n = "".join(self.r.choice(NAME_PARTS) for _ in range(parts)) + suffix
            if n not in self.used:
                self.used.add(n)
                return n

    def field(self, go, typ, kind, optional=None, markers=(), tag_extra="", json=None):
        r = self.r
        if optional is None:
            optional = r.random() < 0.7
        json = json if json is not None else lower_first(go)
        paras = self.g.doc(json, r.choice([1, 1, 1, 2, 2, 3]))
        ms = list(markers)
        if optional:
            ms.insert(0, "+optional")
        return Field(go, json, typ, kind, paras, ms, optional, tag_extra)

    def build(self):
        r = self.r
        # enums
        for _ in range(r.randint(1, 2)):
            name = self.fresh(2, r.choice(["Type", "Phase", "Policy", "Mode", "Reason"]))
            vals = []
            for _ in range(r.randint(3, 8)):
                v = r.choice(NAME_PARTS) + r.choice(NAME_PARTS)
                if v not in [x for x, _ in vals]:
                    vals.append((v, self.g.doc(name + v, r.choice([1, 1, 2]))))
            self.enums.append(Enum(name, self.g.doc(name, r.randint(1, 3)), vals))
        helpers = self.helpers = []
        for _ in range(r.randint(6, 10)):
            s = Struct(self.fresh(2), self.g.doc("", r.randint(2, 4)))
            s.paras[0] = s.name + s.paras[0]
            helpers.append(s)
        # plain fields for helpers (references to helpers defined later are fine in Go)
        for i, s in enumerate(helpers):
            self.fill(s, helpers[i + 1:], r.randint(2, 5))
        # 2019 +union structs: discriminator enum's values are the member Go field names
        unions = []
        for _ in range(1):
            s = Struct(self.fresh(2, "Source"), self.g.doc("", r.randint(2, 3)), ["+union"])
            s.paras[0] = s.name + s.paras[0]
            members = []
            for h in r.sample(helpers, r.randint(2, 4)):
                members.append(self.field(h.name, "*" + h.name, ("ptr", h.name), optional=True))
            disc = Enum(
                s.name + "Kind",
                self.g.doc(s.name + "Kind", 1),
                [(m.go, self.g.doc(s.name + "Kind" + m.go, 1)) for m in members],
            )
            self.enums.append(disc)
            s.fields.append(
                self.field("Kind", disc.name, ("enum", disc.name), optional=True,
                           markers=["+unionDiscriminator"])
            )
            s.fields.extend(members)
            unions.append(s)
        # +k8s:unionMember unions (exactly one of the members)
        for _ in range(r.randint(0, 1) + 1):
            s = Struct(self.fresh(2, "Policy"), self.g.doc("", r.randint(2, 3)))
            s.paras[0] = s.name + s.paras[0]
            for h in r.sample(helpers, r.randint(2, 3)):
                s.fields.append(self.field(h.name, "*" + h.name, ("ptr", h.name), optional=True,
                                           markers=["+k8s:optional", "+k8s:unionMember"]))
            unions.append(s)
        # top-level kinds: Kind, KindSpec, KindStatus, KindList
        kinds = []
        for _ in range(r.randint(2, 3)):
            k = self.fresh(1 + (r.random() < 0.5))
            spec = Struct(k + "Spec", self.g.doc(k + "Spec", r.randint(1, 2)))
            self.fill(spec, helpers + unions, r.randint(4, 9))
            status = Struct(k + "Status", self.g.doc(k + "Status", r.randint(1, 2)))
            self.fill(status, helpers, r.randint(2, 5))
            obj = Struct(k, self.g.doc(k, r.randint(2, 4)),
                         ["+genclient", "+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object"],
                         is_kind=True)
            obj.fields = [
                Field("", "", "metav1.TypeMeta", ("embed", "TypeMeta"), [], [], False),
                self.field("ObjectMeta", "metav1.ObjectMeta", ("meta", "ObjectMeta"), optional=True,
                           json="metadata"),
                self.field("Spec", k + "Spec", ("struct", k + "Spec"), optional=True, json="spec"),
                self.field("Status", k + "Status", ("struct", k + "Status"), optional=True, json="status"),
            ]
            lst = Struct(k + "List", self.g.doc(k + "List", 1), obj.markers[1:], is_kind=True, is_list=True)
            lst.fields = [
                Field("", "", "metav1.TypeMeta", ("embed", "TypeMeta"), [], [], False),
                self.field("ListMeta", "metav1.ListMeta", ("meta", "ListMeta"), optional=True, json="metadata"),
                self.field("Items", "[]" + k, ("slice", k), optional=False, json="items"),
            ]
            kinds += [obj, lst, spec, status]
        self.structs = kinds + unions + helpers
        self.kinds = [s for s in kinds if s.is_kind]

    def fill(self, s, refs, n):
        r = self.r
        names = set()
        for _ in range(n):
            go = self.fresh(1)
            self.used.discard(go)
            if go in names:
                continue
            names.add(go)
            roll = r.random()
            if roll < 0.22:
                f = self.field(go, "string", ("string",))
            elif roll < 0.30:
                t = r.choice(["int32", "int64", "bool"])
                f = self.field(go, t, (t,))
            elif roll < 0.40:
                t = r.choice(["int32", "int64", "bool", "string"])
                f = self.field(go, "*" + t, ("ptrscalar", t), optional=True)
            elif roll < 0.47:
                f = self.field(go, "[]string", ("strings",), optional=True, markers=["+listType=atomic"])
            elif roll < 0.53:
                f = self.field(go, "map[string]string", ("map",), optional=True)
            elif roll < 0.60:
                f = self.field(go, "*metav1.Time", ("time",), optional=True)
            elif roll < 0.72 and self.enums:
                e = r.choice(self.enums)
                f = self.field(go, e.name, ("enum", e.name))
            elif roll < 0.80 and any(h in self.helpers for h in refs):
                h = r.choice([h for h in refs if h in self.helpers])
                f = self.field(go + "s", "[]" + h.name, ("slice", h.name), optional=True,
                               markers=["+listType=map", "+listMapKey=name", "+patchStrategy=merge",
                                        "+patchMergeKey=name"],
                               tag_extra=' patchStrategy:"merge" patchMergeKey:"name"')
                if not any(x.json == "name" for x in h.fields):
                    h.fields.insert(0, self.field("Name", "string", ("string",), optional=False))
            elif roll < 0.92 and refs:
                h = r.choice(refs)
                f = self.field(go, "*" + h.name, ("ptr", h.name), optional=True)
            elif refs:
                h = r.choice(refs)
                f = self.field(go, h.name, ("struct", h.name))
            else:
                f = self.field(go, "[]byte", ("bytes",), optional=True)
            s.fields.append(f)

    # ---- files -------------------------------------------------------------------------
    def header(self, imports=()):
        out = LICENSE
        out += "package " + self.version + "\n\n"
        if imports:
            out += "import (\n" + "".join("\t" + i + "\n" for i in imports) + ")\n\n"
        return out

    def types_go(self):
        out = self.header(['metav1 "%s/meta/v1"' % MODULE])
        for e in self.enums:
            out += comment(e.paras) + "// +enum\ntype %s string\n\n" % e.name
            out += "// These are the valid values of %s.\nconst (\n" % e.name
            for v, paras in e.values:
                out += comment(paras, "\t") + '\t%s%s %s = "%s"\n' % (e.name, v, e.name, v)
            out += ")\n\n"
        for s in self.structs:
            ms = list(s.markers)
            paras = s.paras
            out += comment(paras) + ("//\n" + "".join("// " + m + "\n" for m in ms) if ms else "")
            out += "type %s struct {\n" % s.name
            for i, f in enumerate(s.fields):
                if i:
                    out += "\n"
                if f.kind[0] == "embed":
                    out += '\t%s `json:",inline"`\n' % f.typ
                    continue
                if f.paras:
                    out += comment(f.paras, "\t")
                if f.markers:
                    out += "\t//\n" + "".join("\t// " + m + "\n" for m in f.markers)
                omit = ",omitempty" if f.optional else ""
                tag = 'json:"%s%s"%s protobuf:"bytes,%d,opt,name=%s"' % (f.json, omit, f.tag_extra, i + 1, f.json)
                out += "\t%s %s `%s`\n" % (f.go, f.typ, tag)
            out += "}\n\n"
        return out

    def deepcopy_go(self):
        out = "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n"
        out += self.header(['metav1 "%s/meta/v1"' % MODULE, 'runtime "%s/meta/runtime"' % MODULE])
        out = out.replace("package", "// Code generated by deepcopy-gen. DO NOT EDIT.\n\npackage", 1)
        for s in sorted(self.structs, key=lambda s: s.name):
            out += ("// DeepCopyInto is an autogenerated deepcopy function, copying the receiver, "
                    "writing into out. in must be non-nil.\n")
            out += "func (in *%s) DeepCopyInto(out *%s) {\n\t*out = *in\n" % (s.name, s.name)
            for f in s.fields:
                k = f.kind[0]
                g = f.go
                if k == "embed":
                    out += "\tout.TypeMeta = in.TypeMeta\n"
                elif k in ("meta", "struct"):
                    out += "\tin.%s.DeepCopyInto(&out.%s)\n" % (g, g)
                elif k in ("ptrscalar", "time"):
                    t = f.typ[1:]
                    out += ("\tif in.%s != nil {\n\t\tin, out := &in.%s, &out.%s\n\t\t*out = new(%s)\n"
                            "\t\t**out = **in\n\t}\n") % (g, g, g, t)
                elif k == "ptr":
                    out += ("\tif in.%s != nil {\n\t\tin, out := &in.%s, &out.%s\n\t\t*out = new(%s)\n"
                            "\t\t(*in).DeepCopyInto(*out)\n\t}\n") % (g, g, g, f.kind[1])
                elif k in ("strings", "bytes"):
                    out += ("\tif in.%s != nil {\n\t\tin, out := &in.%s, &out.%s\n\t\t*out = make(%s, len(*in))\n"
                            "\t\tcopy(*out, *in)\n\t}\n") % (g, g, g, f.typ)
                elif k == "slice":
                    out += ("\tif in.%s != nil {\n\t\tin, out := &in.%s, &out.%s\n\t\t*out = make(%s, len(*in))\n"
                            "\t\tfor i := range *in {\n\t\t\t(*in)[i].DeepCopyInto(&(*out)[i])\n\t\t}\n\t}\n"
                            ) % (g, g, g, f.typ)
                elif k == "map":
                    out += ("\tif in.%s != nil {\n\t\tin, out := &in.%s, &out.%s\n"
                            "\t\t*out = make(map[string]string, len(*in))\n"
                            "\t\tfor key, val := range *in {\n\t\t\t(*out)[key] = val\n\t\t}\n\t}\n") % (g, g, g)
            out += "\treturn\n}\n\n"
            out += ("// DeepCopy is an autogenerated deepcopy function, copying the receiver, creating a new %s.\n"
                    "func (in *%s) DeepCopy() *%s {\n\tif in == nil {\n\t\treturn nil\n\t}\n"
                    "\tout := new(%s)\n\tin.DeepCopyInto(out)\n\treturn out\n}\n\n") % ((s.name,) * 4)
            if s.is_kind:
                out += ("// DeepCopyObject is an autogenerated deepcopy function, copying the receiver, "
                        "creating a new runtime.Object.\nfunc (in *%s) DeepCopyObject() runtime.Object {\n"
                        "\tif c := in.DeepCopy(); c != nil {\n\t\treturn c\n\t}\n\treturn nil\n}\n\n") % s.name
        return out

    def pb_go(self):
        r = self.r
        out = "// Code generated by protoc-gen-gogo. DO NOT EDIT.\n// source: %s/%s/%s/generated.proto\n\n" % (
            MODULE, self.group, self.version)
        out += self.header(['fmt "fmt"', 'io "io"', 'math_bits "math/bits"', 'reflect "reflect"',
                            'strings "strings"'])
        structs = sorted(self.structs, key=lambda s: s.name)
        for s in structs:
            out += "func (m *%s) Reset() { *m = %s{} }\n\n" % (s.name, s.name)
        # the gzipped FileDescriptorProto, as a byte table
        out += "var fileDescriptor_%08x = []byte{\n" % r.getrandbits(32)
        nbytes = 40 * len(structs)
        for i in range(0, nbytes, 16):
            out += "\t" + " ".join("0x%02x," % r.getrandbits(8) for _ in range(min(16, nbytes - i))) + "\n"
        out += "}\n\n"
        for s in structs:
            n = s.name
            out += ("func (m *%s) Marshal() (dAtA []byte, err error) {\n\tsize := m.Size()\n"
                    "\tdAtA = make([]byte, size)\n\tn, err := m.MarshalToSizedBuffer(dAtA[:size])\n"
                    "\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn dAtA[:n], nil\n}\n\n") % n
            out += ("func (m *%s) MarshalTo(dAtA []byte) (int, error) {\n\tsize := m.Size()\n"
                    "\treturn m.MarshalToSizedBuffer(dAtA[:size])\n}\n\n") % n
            out += ("func (m *%s) MarshalToSizedBuffer(dAtA []byte) (int, error) {\n\ti := len(dAtA)\n"
                    "\t_ = i\n\tvar l int\n\t_ = l\n") % n
            for idx, f in reversed(list(enumerate(s.fields, 1))):
                if f.kind[0] == "embed":
                    continue
                key = "0x%x" % ((idx << 3) | 2)
                if f.kind[0] in ("slice", "strings"):
                    out += ("\tif len(m.%s) > 0 {\n\t\tfor iNdEx := len(m.%s) - 1; iNdEx >= 0; iNdEx-- {\n"
                            "\t\t\t{\n\t\t\t\tsize, err := m.%s[iNdEx].MarshalToSizedBuffer(dAtA[:i])\n"
                            "\t\t\t\tif err != nil {\n\t\t\t\t\treturn 0, err\n\t\t\t\t}\n\t\t\t\ti -= size\n"
                            "\t\t\t\ti = encodeVarintGenerated(dAtA, i, uint64(size))\n\t\t\t}\n"
                            "\t\t\ti--\n\t\t\tdAtA[i] = %s\n\t\t}\n\t}\n") % (f.go, f.go, f.go, key)
                elif f.kind[0] == "map":
                    out += ("\tif len(m.%s) > 0 {\n\t\tkeysForItems := make([]string, 0, len(m.%s))\n"
                            "\t\tfor k := range m.%s {\n\t\t\tkeysForItems = append(keysForItems, string(k))\n\t\t}\n"
                            "\t\tgithub_com_gogo_protobuf_sortkeys.Strings(keysForItems)\n"
                            "\t\tfor iNdEx := len(keysForItems) - 1; iNdEx >= 0; iNdEx-- {\n"
                            "\t\t\tv := m.%s[string(keysForItems[iNdEx])]\n\t\t\tbaseI := i\n"
                            "\t\t\ti -= len(v)\n\t\t\tcopy(dAtA[i:], v)\n"
                            "\t\t\ti = encodeVarintGenerated(dAtA, i, uint64(len(v)))\n\t\t\ti--\n"
                            "\t\t\tdAtA[i] = 0x12\n\t\t\ti -= len(keysForItems[iNdEx])\n"
                            "\t\t\tcopy(dAtA[i:], keysForItems[iNdEx])\n"
                            "\t\t\ti = encodeVarintGenerated(dAtA, i, uint64(len(keysForItems[iNdEx])))\n"
                            "\t\t\ti--\n\t\t\tdAtA[i] = 0xa\n"
                            "\t\t\ti = encodeVarintGenerated(dAtA, i, uint64(baseI-i))\n"
                            "\t\t\ti--\n\t\t\tdAtA[i] = %s\n\t\t}\n\t}\n") % (f.go, f.go, f.go, f.go, key)
                elif f.kind[0] in ("string", "enum"):
                    out += ("\ti -= len(m.%s)\n\tcopy(dAtA[i:], m.%s)\n"
                            "\ti = encodeVarintGenerated(dAtA, i, uint64(len(m.%s)))\n\ti--\n"
                            "\tdAtA[i] = %s\n") % (f.go, f.go, f.go, key)
                else:
                    out += ("\tif m.%s != nil {\n\t\t{\n\t\t\tsize, err := m.%s.MarshalToSizedBuffer(dAtA[:i])\n"
                            "\t\t\tif err != nil {\n\t\t\t\treturn 0, err\n\t\t\t}\n\t\t\ti -= size\n"
                            "\t\t\ti = encodeVarintGenerated(dAtA, i, uint64(size))\n\t\t}\n"
                            "\t\ti--\n\t\tdAtA[i] = %s\n\t}\n") % (f.go, f.go, key)
            out += "\treturn len(dAtA) - i, nil\n}\n\n"
            out += "func (m *%s) Size() (n int) {\n\tif m == nil {\n\t\treturn 0\n\t}\n\tvar l int\n\t_ = l\n" % n
            for f in s.fields:
                if f.kind[0] == "embed":
                    continue
                if f.kind[0] in ("slice", "strings"):
                    out += ("\tif len(m.%s) > 0 {\n\t\tfor _, e := range m.%s {\n\t\t\tl = e.Size()\n"
                            "\t\t\tn += 1 + l + sovGenerated(uint64(l))\n\t\t}\n\t}\n") % (f.go, f.go)
                else:
                    out += "\tl = m.%s.Size()\n\tn += 1 + l + sovGenerated(uint64(l))\n" % f.go
            out += "\treturn n\n}\n\n"
            out += ("func (this *%s) String() string {\n\tif this == nil {\n\t\treturn \"nil\"\n\t}\n"
                    "\ts := strings.Join([]string{`&%s{`,\n") % (n, n)
            for f in s.fields:
                if f.kind[0] != "embed":
                    out += "\t\t`%s:` + fmt.Sprintf(\"%%v\", this.%s) + `,`,\n" % (f.go, f.go)
            out += "\t\t`}`,\n\t}, \"\")\n\treturn s\n}\n\n"
            out += ("func (m *%s) Unmarshal(dAtA []byte) error {\n\tl := len(dAtA)\n\tiNdEx := 0\n"
                    "\tfor iNdEx < l {\n\t\tpreIndex := iNdEx\n\t\tvar wire uint64\n" + VARINT % ("wire", "\t\t")
                    + "\t\tfieldNum := int32(wire >> 3)\n\t\twireType := int(wire & 0x7)\n"
                    "\t\tif wireType == 4 {\n\t\t\treturn fmt.Errorf(\"proto: %s: wiretype end group for "
                    "non-group\")\n\t\t}\n\t\tif fieldNum <= 0 {\n\t\t\treturn fmt.Errorf(\"proto: %s: "
                    "illegal tag %%d (wire type %%d)\", fieldNum, wire)\n\t\t}\n\t\tswitch fieldNum {\n") % (n, n, n)
            for idx, f in enumerate(s.fields, 1):
                if f.kind[0] == "embed":
                    continue
                out += ("\t\tcase %d:\n\t\t\tif wireType != 2 {\n\t\t\t\treturn fmt.Errorf(\"proto: wrong "
                        "wireType = %%d for field %s\", wireType)\n\t\t\t}\n\t\t\tvar msglen int\n") % (idx, f.go)
                out += VARINT % ("msglen", "\t\t\t")
                out += ("\t\t\tif msglen < 0 {\n\t\t\t\treturn ErrInvalidLengthGenerated\n\t\t\t}\n"
                        "\t\t\tpostIndex := iNdEx + msglen\n\t\t\tif postIndex < 0 {\n"
                        "\t\t\t\treturn ErrInvalidLengthGenerated\n\t\t\t}\n\t\t\tif postIndex > l {\n"
                        "\t\t\t\treturn io.ErrUnexpectedEOF\n\t\t\t}\n")
                if f.kind[0] in ("string", "enum"):
                    out += "\t\t\tm.%s = %s(dAtA[iNdEx:postIndex])\n" % (f.go, f.typ)
                elif f.kind[0] in ("slice", "strings"):
                    out += ("\t\t\tm.%s = append(m.%s, %s{})\n\t\t\tif err := m.%s[len(m.%s)-1].Unmarshal("
                            "dAtA[iNdEx:postIndex]); err != nil {\n\t\t\t\treturn err\n\t\t\t}\n") % (
                        f.go, f.go, f.typ[2:], f.go, f.go)
                else:
                    out += ("\t\t\tif err := m.%s.Unmarshal(dAtA[iNdEx:postIndex]); err != nil {\n"
                            "\t\t\t\treturn err\n\t\t\t}\n") % f.go
                out += "\t\t\tiNdEx = postIndex\n"
            out += ("\t\tdefault:\n\t\t\tiNdEx = preIndex\n\t\t\tskippy, err := skipGenerated(dAtA[iNdEx:])\n"
                    "\t\t\tif err != nil {\n\t\t\t\treturn err\n\t\t\t}\n"
                    "\t\t\tif (skippy < 0) || (iNdEx+skippy) < 0 {\n\t\t\t\treturn ErrInvalidLengthGenerated\n"
                    "\t\t\t}\n\t\t\tif (iNdEx + skippy) > l {\n\t\t\t\treturn io.ErrUnexpectedEOF\n\t\t\t}\n"
                    "\t\t\tiNdEx += skippy\n\t\t}\n\t}\n\n\tif iNdEx > l {\n\t\treturn io.ErrUnexpectedEOF\n"
                    "\t}\n\treturn nil\n}\n\n")
        out += ("func sovGenerated(x uint64) (n int) {\n\treturn (math_bits.Len64(x|1) + 6) / 7\n}\n\n"
                "func valueToStringGenerated(v interface{}) string {\n\trv := reflect.ValueOf(v)\n"
                "\tif rv.IsNil() {\n\t\treturn \"nil\"\n\t}\n\tpv := reflect.Indirect(rv).Interface()\n"
                "\treturn fmt.Sprintf(\"*%v\", pv)\n}\n\n"
                "var (\n\tErrInvalidLengthGenerated = fmt.Errorf(\"proto: negative length found during "
                "unmarshaling\")\n\tErrIntOverflowGenerated = fmt.Errorf(\"proto: integer overflow\")\n)\n")
        return out

    def swagger_go(self):
        out = self.header()
        out += ("// This file contains a collection of methods that can be used from go-restful to\n"
                "// generate Swagger API documentation for its models.\n\n"
                "// AUTO-GENERATED FUNCTIONS START HERE. DO NOT EDIT.\n")
        for s in sorted(self.structs, key=lambda s: s.name):
            entries = [("", "\n\n".join(s.paras))]
            entries += [(f.json, "\n\n".join(f.paras)) for f in s.fields if f.kind[0] != "embed"]
            w = max(len(k) for k, _ in entries) + 3
            out += "var map_%s = map[string]string{\n" % s.name
            for k, v in entries:
                out += "\t" + (go_quote(k) + ":").ljust(w) + " " + go_quote(v) + ",\n"
            out += "}\n\nfunc (%s) SwaggerDoc() map[string]string {\n\treturn map_%s\n}\n\n" % (s.name, s.name)
        out += "// AUTO-GENERATED FUNCTIONS END HERE\n"
        return out

    def model_name_go(self):
        out = "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n" + self.header()
        rev = ".".join(reversed(MODULE.split("/")[0].split("."))) + "." + self.group + "." + self.version
        for s in sorted(self.structs, key=lambda s: s.name):
            out += ("// OpenAPIModelName returns the OpenAPI model name for this type.\n"
                    "func (in %s) OpenAPIModelName() string {\n\treturn \"%s.%s\"\n}\n\n") % (s.name, rev, s.name)
        return out

    def lifecycle_go(self):
        r = self.r
        out = "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n"
        out += self.header(['schema "%s/meta/schema"' % MODULE])
        for s in self.kinds:
            mi = r.randint(8, 30)
            out += ("// APILifecycleIntroduced is an autogenerated function, returning the release in which "
                    "the API struct was introduced as int versions of major and minor for comparison.\n"
                    "func (in *%s) APILifecycleIntroduced() (major, minor int) {\n\treturn 1, %d\n}\n\n"
                    "// APILifecycleDeprecated is an autogenerated function, returning the release in which "
                    "the API struct was or will be deprecated as int versions of major and minor for "
                    "comparison.\nfunc (in *%s) APILifecycleDeprecated() (major, minor int) {\n"
                    "\treturn 1, %d\n}\n\n"
                    "// APILifecycleReplacement is an autogenerated function, returning the group, version, "
                    "and kind that should be used instead of this deprecated type.\n"
                    "func (in *%s) APILifecycleReplacement() schema.GroupVersionKind {\n"
                    "\treturn schema.GroupVersionKind{Group: \"%s\", Version: \"v1\", Kind: \"%s\"}\n}\n\n") % (
                s.name, mi, s.name, mi + 3, s.name, self.group, s.name)
        return out

    def register_go(self):
        out = self.header(['metav1 "%s/meta/v1"' % MODULE, 'runtime "%s/meta/runtime"' % MODULE,
                           'schema "%s/meta/schema"' % MODULE])
        out += ("// GroupName is the group name used in this package\nconst GroupName = \"%s.example.com\"\n\n"
                "// SchemeGroupVersion is group version used to register these objects\n"
                "var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: \"%s\"}\n\n"
                "// Resource takes an unqualified resource and returns a Group qualified GroupResource\n"
                "func Resource(resource string) schema.GroupResource {\n"
                "\treturn SchemeGroupVersion.WithResource(resource).GroupResource()\n}\n\n"
                "var (\n\tSchemeBuilder      = runtime.NewSchemeBuilder(addKnownTypes)\n"
                "\tlocalSchemeBuilder = &SchemeBuilder\n\tAddToScheme        = localSchemeBuilder.AddToScheme\n)\n\n"
                "// Adds the list of known types to the given scheme.\n"
                "func addKnownTypes(scheme *runtime.Scheme) error {\n\tscheme.AddKnownTypes(SchemeGroupVersion,\n"
                ) % (self.group, self.version)
        for s in self.kinds:
            out += "\t\t&%s{},\n" % s.name
        out += "\t)\n\tmetav1.AddToGroupVersion(scheme, SchemeGroupVersion)\n\treturn nil\n}\n"
        return out

    def doc_go(self):
        out = LICENSE + ("// +k8s:deepcopy-gen=package\n// +k8s:protobuf-gen=package\n"
                         "// +k8s:openapi-gen=true\n// +groupName=%s.example.com\n\n") % self.group
        out += comment(self.g.doc("Package " + self.version, 2))
        return out + "package " + self.version + "\n"

    def files(self):
        return {
            "doc.go": self.doc_go(),
            "register.go": self.register_go(),
            "types.go": self.types_go(),
            "zz_generated.deepcopy.go": self.deepcopy_go(),
            "generated.pb.go": self.pb_go(),
            "types_swagger_doc_generated.go": self.swagger_go(),
            "zz_generated.model_name.go": self.model_name_go(),
            "zz_generated.prerelease-lifecycle.go": self.lifecycle_go(),
        }


VARINT = """%(i)sfor shift := uint(0); ; shift += 7 {
%(i)s	if shift >= 64 {
%(i)s		return ErrIntOverflowGenerated
%(i)s	}
%(i)s	if iNdEx >= l {
%(i)s		return io.ErrUnexpectedEOF
%(i)s	}
%(i)s	b := dAtA[iNdEx]
%(i)s	iNdEx++
%(i)s	%(v)s |= %(t)s(b&0x7F) << shift
%(i)s	if b < 0x80 {
%(i)s		break
%(i)s	}
%(i)s}
"""


class _Varint:
    """VARINT % (var, indent) -> the decoding loop (uint64 for wire, int for lengths)."""

    def __mod__(self, args):
        v, i = args
        return VARINT_T % {"v": v, "i": i, "t": "uint64" if v == "wire" else "int"}


VARINT_T, VARINT = VARINT, _Varint()

META_TYPES = """package v1

// TypeMeta describes an individual object in an API response or request
// with strings representing the type of the object and its API schema version.
// Structures that are versioned or persisted should inline TypeMeta.
type TypeMeta struct {
	// Kind is a string value representing the REST resource this object represents.
	// Servers may infer this from the endpoint the client submits requests to.
	// Cannot be updated.
	// In CamelCase.
	// +optional
	Kind string `json:"kind,omitempty" protobuf:"bytes,1,opt,name=kind"`

	// APIVersion defines the versioned schema of this representation of an object.
	// Servers should convert recognized schemas to the latest internal value, and
	// may reject unrecognized values.
	// +optional
	APIVersion string `json:"apiVersion,omitempty" protobuf:"bytes,2,opt,name=apiVersion"`
}

// ListMeta describes metadata that synthetic list types must have.
type ListMeta struct {
	// resourceVersion is the version of the list, as seen by the server.
	// +optional
	ResourceVersion string `json:"resourceVersion,omitempty" protobuf:"bytes,2,opt,name=resourceVersion"`

	// continue may be set if the user set a limit on the number of items returned.
	// +optional
	Continue string `json:"continue,omitempty" protobuf:"bytes,3,opt,name=continue"`

	// remainingItemCount is the number of subsequent items in the list.
	// +optional
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty" protobuf:"bytes,4,opt,name=remainingItemCount"`
}

// Time is a timestamp with second and nanosecond precision.
type Time struct {
	// Seconds since the epoch.
	Seconds int64 `json:"seconds" protobuf:"varint,1,opt,name=seconds"`
	// Nanos within the second.
	Nanos int32 `json:"nanos" protobuf:"varint,2,opt,name=nanos"`
}

// OwnerReference contains enough information to let you identify an owning object.
type OwnerReference struct {
	// API version of the referent.
	APIVersion string `json:"apiVersion" protobuf:"bytes,5,opt,name=apiVersion"`
	// Kind of the referent.
	Kind string `json:"kind" protobuf:"bytes,1,opt,name=kind"`
	// Name of the referent.
	Name string `json:"name" protobuf:"bytes,3,opt,name=name"`
	// If true, this reference points to the managing controller.
	// +optional
	Controller *bool `json:"controller,omitempty" protobuf:"varint,6,opt,name=controller"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	// Name must be unique within a namespace.
	// +optional
	Name string `json:"name,omitempty" protobuf:"bytes,1,opt,name=name"`

	// Namespace defines the space within which each name must be unique.
	// +optional
	Namespace string `json:"namespace,omitempty" protobuf:"bytes,3,opt,name=namespace"`

	// Map of string keys and values that can be used to organize and categorize objects.
	// +optional
	Labels map[string]string `json:"labels,omitempty" protobuf:"bytes,11,rep,name=labels"`

	// Annotations is an unstructured key value map stored with a resource.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty" protobuf:"bytes,12,rep,name=annotations"`

	// CreationTimestamp is a timestamp representing the server time when this object was created.
	// +optional
	CreationTimestamp Time `json:"creationTimestamp,omitempty" protobuf:"bytes,8,opt,name=creationTimestamp"`

	// List of objects depended by this object.
	// +optional
	// +patchMergeKey=uid
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=uid
	OwnerReferences []OwnerReference `json:"ownerReferences,omitempty" patchStrategy:"merge" patchMergeKey:"uid" protobuf:"bytes,13,rep,name=ownerReferences"`
}
"""


def generate(scale, out_dir, seed):
    rng = random.Random(seed)
    files = {"go.mod": "module %s\n\ngo 1.22\n" % MODULE,
             "doc.go": LICENSE + "// Package api is a synthetic benchmark corpus.\npackage api\n",
             "meta/v1/types.go": LICENSE + META_TYPES,
             "meta/runtime/runtime.go": LICENSE + "package runtime\n\n// Object is an API object.\n"
                                         "type Object interface {\n\tDeepCopyObject() Object\n}\n",
             "meta/schema/schema.go": LICENSE + "package schema\n\n// GroupVersion names a group and version.\n"
                                       "type GroupVersion struct {\n\tGroup   string\n\tVersion string\n}\n"}
    n = PACKAGES_PER_SCALE * scale
    for i in range(n):
        group = GROUPS[i % len(GROUPS)]
        rnd = i // len(GROUPS)
        version = VERSIONS[rnd % len(VERSIONS)]
        gdir = group if rnd < len(VERSIONS) else "%s%d" % (group, rnd // len(VERSIONS))
        pkg = Package(random.Random(rng.getrandbits(64)), gdir, version, gdir + "/" + version)
        for name, text in pkg.files().items():
            files[pkg.dir + "/" + name] = text
    total = 0
    for rel, text in sorted(files.items()):
        path = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = text.encode()
        total += len(data)
        with open(path, "wb") as f:
            f.write(data)
    return len(files), total


FUNC_RE = re.compile(r"^func .*\{$")
VAR_RE = re.compile(r"^var .*[\{\(]$")


def measure(root):
    """Files, bytes, and the declaration / body split: bytes inside top-level func bodies and
    multi-line var initialisers (what the front end skips) count as bodies."""
    nfiles = total = body = 0
    for d, dirs, fs in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith((".", "_")) and x not in ("vendor", "testdata"))
        for f in fs:
            if not f.endswith(".go"):
                continue
            nfiles += 1
            with open(os.path.join(d, f), "rb") as fh:
                data = fh.read().decode("utf-8", "replace")
            total += len(data.encode())
            inside = False
            for line in data.splitlines(True):
                s = line.rstrip("\n")
                if inside:
                    body += len(line.encode())
                    if s in ("}", ")"):
                        inside = False
                elif FUNC_RE.match(s) or VAR_RE.match(s):
                    inside = True
    return nfiles, total, body


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, choices=[1, 2, 4, 8], default=1)
    ap.add_argument("--out", help="output directory (created)")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--measure", metavar="DIR", help="print files, bytes and decl/body split of DIR")
    a = ap.parse_args()
    if a.measure:
        n, total, body = measure(a.measure)
        print("%s: %d .go files, %d bytes (%.1f MB), bodies %.0f%%, declarations %.0f%%" % (
            a.measure, n, total, total / 1e6, 100.0 * body / total, 100.0 - 100.0 * body / total))
        return
    if not a.out:
        ap.error("--out is required")
    n, total = generate(a.scale, a.out, a.seed)
    print("%s: %d files, %d bytes (%.1f MB), scale %dx" % (a.out, n, total, total / 1e6, a.scale),
          file=sys.stderr)


if __name__ == "__main__":
    main()
