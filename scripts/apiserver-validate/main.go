// Command apiserver-validate is an offline oracle: it runs k8s.io/apiextensions-apiserver's own
// validation code on CustomResourceDefinition manifests (what `kubectl apply` of a CRD meets at
// the API server's create path) and on custom-resource objects (what a create of a CR meets).
// It reports per-rule CEL cost estimates computed with the apiserver's own functions.
//
//	apiserver-validate crd [-json] FILE...
//	apiserver-validate cr [-json] [-keep-status] -crd CRDFILE[,CRDFILE...] FILE...
//
// See README.md.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	apiextensionsfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kube-openapi/pkg/validation/spec"
	sigsyaml "sigs.k8s.io/yaml"
)

// apiextensionsVersion is the k8s.io/apiextensions-apiserver release go.mod pins.
const apiextensionsVersion = "v0.36.3"

var (
	scheme = runtime.NewScheme()
	codecs serializer.CodecFactory
)

func init() {
	install.Install(scheme)
	codecs = serializer.NewCodecFactory(scheme, serializer.EnableStrict)
}

// ---------------------------------------------------------------- output types

type fieldErr struct {
	Field  string `json:"field"`
	Type   string `json:"type"`
	Detail string `json:"detail"`
	Text   string `json:"text"` // field.Error.Error(), as the apiserver prints it
}

type ruleCost struct {
	Path       string `json:"path"`       // field path as the apiserver reports it
	Kind       string `json:"kind"`       // rule | messageExpression
	Expression string `json:"expression"` // the CEL text
	StaticCost uint64 `json:"staticCost"` // CompilationResult.MaxCost / MessageExpressionMaxCost
	// Cardinality is the max cardinality used: the location's bound from maxItems/maxProperties
	// (CELSchemaContext.MaxCardinality) when bounded, else the estimate cel.Compile makes from
	// the minimum serialized size (CompilationResult.MaxCardinality). messageExpression costs are
	// not multiplied by the apiserver (cardinality reported as 1).
	Cardinality       uint64 `json:"cardinality"`
	CardinalitySource string `json:"cardinalitySource"` // bounds | estimated | none
	Cost              uint64 `json:"cost"`              // what the apiserver compares with / adds to the total
	OverLimit         bool   `json:"overLimit"`         // Cost > StaticEstimatedCostLimit
	CompileError      string `json:"compileError,omitempty"`
}

type versionResult struct {
	Name         string     `json:"name"`
	Served       bool       `json:"served"`
	Storage      bool       `json:"storage"`
	SchemaPath   string     `json:"schemaPath"` // where the apiserver validates this version's schema
	Accepted     bool       `json:"accepted"`   // no error under this version's paths (nor the shared schema's)
	Errors       []fieldErr `json:"errors,omitempty"`
	Rules        []ruleCost `json:"rules,omitempty"`
	TotalCost    uint64     `json:"totalCost"` // per schema, as TotalCost.Total
	TotalOver    bool       `json:"totalOverLimit"`
	CostNotShown string     `json:"costNote,omitempty"`
}

type crdResult struct {
	File       string          `json:"file"`
	Doc        int             `json:"doc"`
	Name       string          `json:"name"`
	Accepted   bool            `json:"accepted"`
	Message    string          `json:"message,omitempty"` // the apiserver's error text (StatusError)
	Errors     []fieldErr      `json:"errors,omitempty"`
	Strict     []string        `json:"strictDecoding,omitempty"`
	Warnings   []string        `json:"warnings,omitempty"`
	Versions   []versionResult `json:"versions,omitempty"`
	HoistedAll bool            `json:"sharedSchema"` // all versions' schemas identical: validated once at spec.validation
	Skipped    string          `json:"skipped,omitempty"`
}

type crResult struct {
	File     string     `json:"file"`
	Doc      int        `json:"doc"`
	Kind     string     `json:"kind"`
	Name     string     `json:"name"`
	Version  string     `json:"version"`
	Accepted bool       `json:"accepted"`
	Message  string     `json:"message,omitempty"`
	Errors   []fieldErr `json:"errors,omitempty"`
	Unknown  []string   `json:"unknownFields,omitempty"` // pruned; an error under kubectl's default --validate=strict
	Warnings []string   `json:"warnings,omitempty"`
	Skipped  string     `json:"skipped,omitempty"`
}

// sortErrs orders errors by field path, type, detail: the apiserver's own order depends on Go
// map iteration (properties) and varies from run to run.
func sortErrs(errs field.ErrorList) field.ErrorList {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if a.Field != b.Field {
			return a.Field < b.Field
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.Detail < b.Detail
	})
	return errs
}

func toFieldErrs(errs field.ErrorList) []fieldErr {
	var out []fieldErr
	for _, e := range errs {
		out = append(out, fieldErr{Field: e.Field, Type: string(e.Type), Detail: e.Detail, Text: e.Error()})
	}
	return out
}

// ---------------------------------------------------------------- input

type doc struct {
	file string
	idx  int
	json []byte
	err  error
}

func readDocs(path string) ([]doc, error) {
	var r io.Reader
	if path == "-" {
		r = os.Stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	yr := utilyaml.NewYAMLReader(bufio.NewReader(r))
	var docs []doc
	for i := 0; ; i++ {
		b, err := yr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return docs, err
		}
		if len(bytes.TrimSpace(stripComments(b))) == 0 {
			i--
			continue
		}
		// kubectl converts YAML to JSON before sending it (sigs.k8s.io/yaml).
		j, err := sigsyaml.YAMLToJSON(b)
		docs = append(docs, doc{file: path, idx: i, json: j, err: err})
	}
	return docs, nil
}

func stripComments(b []byte) []byte {
	var out [][]byte
	for _, l := range bytes.Split(b, []byte("\n")) {
		t := bytes.TrimSpace(l)
		if len(t) == 0 || t[0] == '#' || string(t) == "---" {
			continue
		}
		out = append(out, l)
	}
	return bytes.Join(out, []byte("\n"))
}

type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

// ---------------------------------------------------------------- CRD mode

// decodeCRD does what the apiserver's create handler does with a v1 CRD body: decode (strict
// field validation, as kubectl's default --validate=strict asks), default, convert to internal.
func decodeCRD(j []byte) (*apiextensionsv1.CustomResourceDefinition, *apiextensions.CustomResourceDefinition, []string, error) {
	v1crd := &apiextensionsv1.CustomResourceDefinition{}
	var strict []string
	_, _, err := codecs.UniversalDeserializer().Decode(j, nil, v1crd)
	if err != nil {
		if runtime.IsStrictDecodingError(err) {
			var se interface{ Errors() []error }
			if errors.As(err, &se) {
				for _, e := range se.Errors() {
					strict = append(strict, e.Error())
				}
			} else {
				strict = []string{err.Error()}
			}
		} else {
			return nil, nil, nil, err
		}
	}
	scheme.Default(v1crd)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := scheme.Convert(v1crd, internal, nil); err != nil {
		return nil, nil, strict, err
	}
	return v1crd, internal, strict, nil
}

// prepareForCreate mirrors customresourcedefinition.strategy.PrepareForCreate (+ BeforeCreate's
// clearing of the namespace of a cluster-scoped object).
func prepareForCreate(crd *apiextensions.CustomResourceDefinition) {
	crd.Namespace = ""
	crd.Status = apiextensions.CustomResourceDefinitionStatus{}
	crd.Generation = 1
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			if !apiextensions.IsStoredVersion(crd, v.Name) {
				crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			}
			break
		}
	}
	// dropDisabledFields(crd, nil)
	if !utilfeature.DefaultFeatureGate.Enabled(apiextensionsfeatures.CRDValidationRatcheting) {
		forEachSchema(crd, func(s *apiextensions.JSONSchemaProps) {
			crdvalidation.SchemaHas(s, func(s *apiextensions.JSONSchemaProps) bool {
				for i := range s.XValidations {
					s.XValidations[i].OptionalOldSelf = nil
				}
				return false
			})
		})
	}
	if !utilfeature.DefaultFeatureGate.Enabled(apiextensionsfeatures.CustomResourceFieldSelectors) {
		crd.Spec.SelectableFields = nil
		for i := range crd.Spec.Versions {
			crd.Spec.Versions[i].SelectableFields = nil
		}
	}
}

func forEachSchema(crd *apiextensions.CustomResourceDefinition, f func(*apiextensions.JSONSchemaProps)) {
	if crd.Spec.Validation != nil && crd.Spec.Validation.OpenAPIV3Schema != nil {
		f(crd.Spec.Validation.OpenAPIV3Schema)
	}
	for _, v := range crd.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			f(v.Schema.OpenAPIV3Schema)
		}
	}
}

// warningsOnCreate mirrors customresourcedefinition.strategy.WarningsOnCreate.
func warningsOnCreate(crd *apiextensions.CustomResourceDefinition) []string {
	var warnings []string
	cv := environment.DefaultCompatibilityVersion()
	forEachSchema(crd, func(s *apiextensions.JSONSchemaProps) {
		crdvalidation.SchemaHas(s, func(s *apiextensions.JSONSchemaProps) bool {
			if len(s.Format) > 0 {
				ss := &spec.Schema{SchemaProps: spec.SchemaProps{Format: s.Format, Type: []string{s.Type}}}
				for _, f := range apiservervalidation.GetUnrecognizedFormats(ss, cv) {
					warnings = append(warnings, fmt.Sprintf("unrecognized format %q", f))
				}
			}
			return false
		})
	})
	return warnings
}

func validateCRDDoc(d doc) crdResult {
	res := crdResult{File: d.file, Doc: d.idx}
	if d.err != nil {
		res.Message = "error converting YAML to JSON: " + d.err.Error()
		return res
	}
	var tm typeMeta
	if err := json.Unmarshal(d.json, &tm); err != nil {
		res.Message = err.Error()
		return res
	}
	if tm.Kind != "CustomResourceDefinition" {
		res.Skipped = fmt.Sprintf("kind %q", tm.Kind)
		return res
	}
	if tm.APIVersion != "apiextensions.k8s.io/v1" {
		res.Message = fmt.Sprintf("no matches for kind \"CustomResourceDefinition\" in version %q", tm.APIVersion)
		return res
	}
	v1crd, crd, strict, err := decodeCRD(d.json)
	res.Strict = strict
	if err != nil {
		res.Message = err.Error()
		return res
	}
	res.Name = crd.Name
	prepareForCreate(crd)
	ctx := context.Background()
	errs := sortErrs(crdvalidation.ValidateCustomResourceDefinition(ctx, crd))
	res.Errors = toFieldErrs(errs)
	res.Warnings = warningsOnCreate(crd)
	res.Accepted = len(errs) == 0 && len(strict) == 0
	if len(strict) > 0 {
		// kubectl apply --validate=strict (the default) sends fieldValidation=Strict: the create
		// fails at decoding, before validation (whose errors are listed all the same).
		res.Message = apierrors.NewBadRequest("strict decoding error: " + strings.Join(strict, ", ")).Error()
	} else if len(errs) > 0 {
		res.Message = apierrors.NewInvalid(schema.GroupKind{Group: "apiextensions.k8s.io", Kind: "CustomResourceDefinition"}, crd.Name, errs).Error()
	}
	res.HoistedAll = crd.Spec.Validation != nil
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	for i, v := range v1crd.Spec.Versions {
		vr := versionResult{Name: v.Name, Served: v.Served, Storage: v.Storage, Accepted: true}
		prefix := fmt.Sprintf("spec.versions[%d]", i)
		var sch *apiextensions.JSONSchemaProps
		if crd.Spec.Validation != nil {
			vr.SchemaPath = "spec.validation.openAPIV3Schema"
			sch = crd.Spec.Validation.OpenAPIV3Schema
		} else if crd.Spec.Versions[i].Schema != nil {
			vr.SchemaPath = prefix + ".schema.openAPIV3Schema"
			sch = crd.Spec.Versions[i].Schema.OpenAPIV3Schema
		}
		for _, e := range errs {
			if e.Field == prefix || strings.HasPrefix(e.Field, prefix+".") || (res.HoistedAll && strings.HasPrefix(e.Field, "spec.validation")) {
				vr.Errors = append(vr.Errors, toFieldErrs(field.ErrorList{e})...)
				vr.Accepted = false
			}
		}
		if sch != nil {
			if vr.SchemaPath != "" {
				vr.Rules, vr.TotalCost = schemaCosts(sch, field.NewPath("spec").Child(strings.TrimPrefix(vr.SchemaPath, "spec.")), envSet)
				vr.TotalOver = vr.TotalCost > crdvalidation.StaticEstimatedCRDCostLimit
			}
		}
		res.Versions = append(res.Versions, vr)
	}
	return res
}

// schemaCosts walks a schema the way ValidateCustomResourceDefinitionOpenAPISchema threads its
// CELSchemaContext (properties, additionalProperties, items; not allOf/anyOf/oneOf/not, which
// get no CEL context), compiles each x-kubernetes-validations list with cel.Compile exactly as
// the apiserver does, and applies getExpressionCost / TotalCost.ObserveExpressionCost.
func schemaCosts(root *apiextensions.JSONSchemaProps, rootPath *field.Path, envSet *environment.EnvSet) ([]ruleCost, uint64) {
	var out []ruleCost
	rctx := crdvalidation.RootCELContext(root)
	var walk func(s *apiextensions.JSONSchemaProps, p *field.Path, c *crdvalidation.CELSchemaContext)
	walk = func(s *apiextensions.JSONSchemaProps, p *field.Path, c *crdvalidation.CELSchemaContext) {
		if s == nil {
			return
		}
		if len(s.XValidations) > 0 && c != nil {
			ti, err := c.TypeInfo()
			var results []cel.CompilationResult
			if err == nil && ti == nil {
				err = fmt.Errorf("no type information")
			}
			if err == nil {
				results, err = cel.Compile(ti.Schema, ti.DeclType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
			}
			if err != nil {
				for i, r := range s.XValidations {
					out = append(out, ruleCost{Path: p.Child("x-kubernetes-validations").Index(i).Child("rule").String(), Kind: "rule", Expression: r.Rule, CompileError: err.Error(), CardinalitySource: "none"})
				}
			} else {
				for i, cr := range results {
					rp := p.Child("x-kubernetes-validations").Index(i).Child("rule")
					rc := ruleCost{Path: rp.String(), Kind: "rule", Expression: s.XValidations[i].Rule, StaticCost: cr.MaxCost}
					if c.MaxCardinality != nil {
						rc.Cardinality, rc.CardinalitySource = *c.MaxCardinality, "bounds"
					} else {
						rc.Cardinality, rc.CardinalitySource = cr.MaxCardinality, "estimated"
					}
					rc.Cost = mulGuard(cr.MaxCost, rc.Cardinality)
					rc.OverLimit = rc.Cost > crdvalidation.StaticEstimatedCostLimit
					if cr.Error != nil {
						rc.CompileError = cr.Error.Detail
					}
					c.TotalCost.ObserveExpressionCost(rp, rc.Cost)
					out = append(out, rc)
					if cr.MessageExpressionError == nil && cr.MessageExpression != nil {
						mp := p.Child("x-kubernetes-validations").Index(i).Child("messageExpression")
						mc := ruleCost{Path: mp.String(), Kind: "messageExpression", Expression: s.XValidations[i].MessageExpression,
							StaticCost: cr.MessageExpressionMaxCost, Cardinality: 1, CardinalitySource: "none", Cost: cr.MessageExpressionMaxCost}
						mc.OverLimit = mc.Cost > crdvalidation.StaticEstimatedCostLimit
						c.TotalCost.ObserveExpressionCost(mp, mc.Cost)
						out = append(out, mc)
					} else if cr.MessageExpressionError != nil {
						out = append(out, ruleCost{Path: p.Child("x-kubernetes-validations").Index(i).Child("messageExpression").String(), Kind: "messageExpression",
							Expression: s.XValidations[i].MessageExpression, CompileError: cr.MessageExpressionError.Detail, CardinalitySource: "none"})
					}
				}
			}
		}
		if s.AdditionalProperties != nil {
			walk(s.AdditionalProperties.Schema, p.Child("additionalProperties"), c.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema))
		}
		names := make([]string, 0, len(s.Properties))
		for n := range s.Properties {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			ps := s.Properties[n]
			walk(&ps, p.Child("properties").Key(n), c.ChildPropertyContext(&ps, n))
		}
		if s.Items != nil {
			walk(s.Items.Schema, p.Child("items"), c.ChildItemsContext(s.Items.Schema))
			for i := range s.Items.JSONSchemas {
				is := s.Items.JSONSchemas[i]
				walk(&is, p.Child("items").Index(i), c.ChildItemsContext(&is))
			}
		}
	}
	walk(root, rootPath, rctx)
	return out, rctx.TotalCost.Total
}

func mulGuard(base, card uint64) uint64 {
	if base == 0 {
		return 0
	}
	if math.MaxUint64/base < card {
		return math.MaxUint64
	}
	return base * card
}

// ---------------------------------------------------------------- CR mode

func loadCRDs(paths []string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	var out []*apiextensionsv1.CustomResourceDefinition
	for _, p := range paths {
		docs, err := readDocs(p)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if d.err != nil {
				return nil, fmt.Errorf("%s: %v", p, d.err)
			}
			var tm typeMeta
			_ = json.Unmarshal(d.json, &tm)
			if tm.Kind != "CustomResourceDefinition" || tm.APIVersion != "apiextensions.k8s.io/v1" {
				continue
			}
			v1crd, _, _, err := decodeCRD(d.json)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p, err)
			}
			out = append(out, v1crd)
		}
	}
	return out, nil
}

func hasBlockingErr(errs field.ErrorList) (bool, *field.Error) {
	for _, err := range errs {
		if err.Type == field.ErrorTypeNotSupported || err.Type == field.ErrorTypeRequired || err.Type == field.ErrorTypeTooLong || err.Type == field.ErrorTypeTooMany || err.Type == field.ErrorTypeTypeInvalid {
			return true, field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	return false, nil
}

func validateCRDoc(d doc, crds []*apiextensionsv1.CustomResourceDefinition, keepStatus bool) crResult {
	res := crResult{File: d.file, Doc: d.idx}
	if d.err != nil {
		res.Message = "error converting YAML to JSON: " + d.err.Error()
		return res
	}
	// decode as the unstructured JSON scheme does (integers become int64)
	var obj map[string]interface{}
	if err := utiljson.Unmarshal(d.json, &obj); err != nil {
		res.Message = err.Error()
		return res
	}
	u := &unstructured.Unstructured{Object: obj}
	gvk := u.GroupVersionKind()
	res.Kind, res.Name, res.Version = gvk.Kind, u.GetName(), gvk.Version
	var crd *apiextensionsv1.CustomResourceDefinition
	for _, c := range crds {
		if c.Spec.Group == gvk.Group && c.Spec.Names.Kind == gvk.Kind {
			crd = c
		}
	}
	if crd == nil {
		res.Skipped = fmt.Sprintf("no CRD given for %s", gvk.GroupKind())
		return res
	}
	served := false
	for _, v := range crd.Spec.Versions {
		if v.Name == gvk.Version && v.Served {
			served = true
		}
	}
	if !served {
		res.Message = fmt.Sprintf("no matches for kind %q in version %q", gvk.Kind, gvk.GroupVersion().String())
		return res
	}
	internal := &apiextensions.CustomResourceDefinition{}
	if err := scheme.Convert(crd, internal, nil); err != nil {
		res.Message = err.Error()
		return res
	}
	validation, _ := apiextensions.GetSchemaForVersion(internal, gvk.Version)
	subresources, _ := apiextensions.GetSubresourcesForVersion(internal, gvk.Version)
	var s *structuralschema.Structural
	var sv apiservervalidation.SchemaValidator
	var err error
	if validation != nil && validation.OpenAPIV3Schema != nil {
		s, err = structuralschema.NewStructural(validation.OpenAPIV3Schema)
		if err != nil {
			res.Message = "CRD schema is not structural: " + err.Error()
			return res
		}
		s = s.DeepCopy()
		if err := structuraldefaulting.PruneDefaults(s); err != nil {
			res.Message = err.Error()
			return res
		}
		sv, _, err = apiservervalidation.NewSchemaValidator(validation.OpenAPIV3Schema)
		if err != nil {
			res.Message = err.Error()
			return res
		}
	}
	// decoding: defaulting (unstructuredDefaulter), then unstructuredSchemaCoercer.apply
	_, _, metaUnknown, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{ReturnUnknownFieldPaths: true})
	if err != nil {
		res.Message = err.Error()
		return res
	}
	res.Unknown = append(res.Unknown, metaUnknown...)
	if s != nil {
		structuraldefaulting.Default(u.Object, s)
		if internal.Spec.PreserveUnknownFields == nil || !*internal.Spec.PreserveUnknownFields {
			res.Unknown = append(res.Unknown, structuralpruning.PruneWithOptions(u.Object, s, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})...)
			structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, s)
		}
		ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, s, false, schemaobjectmeta.CoerceOptions{ReturnUnknownFieldPaths: true})
		if ferr != nil {
			res.Message = ferr.Error()
			return res
		}
		res.Unknown = append(res.Unknown, paths...)
	}
	// BeforeCreate: namespace, PrepareForCreate
	namespaced := internal.Spec.Scope == apiextensions.NamespaceScoped
	if namespaced && u.GetNamespace() == "" {
		u.SetNamespace("default")
	} else if !namespaced {
		u.SetNamespace("")
	}
	if subresources != nil && subresources.Status != nil && !keepStatus {
		delete(u.Object, "status")
	}
	u.SetGeneration(1)

	// customResourceStrategy.Validate
	var errs field.ErrorList
	ctx := context.Background()
	errs = append(errs, validateTypeMeta(u, gvk.GroupVersion().WithKind(internal.Spec.Names.Kind), crd.Spec.Group)...)
	if len(errs) == 0 {
		errs = append(errs, metavalidation.ValidateObjectMetaAccessor(u, namespaced, metavalidation.NameIsDNSSubdomain, field.NewPath("metadata"))...)
		if sv != nil {
			errs = append(errs, apiservervalidation.ValidateCustomResource(nil, u.UnstructuredContent(), sv)...)
		}
		var scale *apiextensions.CustomResourceSubresourceScale
		if subresources != nil {
			scale = subresources.Scale
		}
		errs = append(errs, validateScale(u, scale)...)
	}
	if s != nil {
		errs = append(errs, schemaobjectmeta.Validate(nil, u.Object, s, false)...)
		errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, s, u.Object)...)
		if has, e := hasBlockingErr(errs); has {
			errs = append(errs, e)
		} else {
			celErrs, _ := cel.NewValidator(s, true, celconfig.PerCallLimit).Validate(ctx, nil, s, u.Object, nil, celconfig.RuntimeCELCostBudget)
			errs = append(errs, celErrs...)
		}
	}
	errs = sortErrs(errs)
	res.Errors = toFieldErrs(errs)
	res.Accepted = len(errs) == 0 && len(res.Unknown) == 0
	if len(errs) > 0 {
		res.Message = apierrors.NewInvalid(gvk.GroupKind(), u.GetName(), errs).Error()
	} else if len(res.Unknown) > 0 {
		var parts []string
		for _, p := range res.Unknown {
			parts = append(parts, fmt.Sprintf("unknown field %q", p))
		}
		res.Message = apierrors.NewBadRequest("strict decoding error: " + strings.Join(parts, ", ")).Error()
	}
	return res
}

func validateTypeMeta(u *unstructured.Unstructured, gvk schema.GroupVersionKind, group string) field.ErrorList {
	typeAccessor, err := meta.TypeAccessor(u)
	if err != nil {
		return field.ErrorList{field.Invalid(field.NewPath("kind"), nil, err.Error())}
	}
	var allErrs field.ErrorList
	if typeAccessor.GetKind() != gvk.Kind {
		allErrs = append(allErrs, field.Invalid(field.NewPath("kind"), typeAccessor.GetKind(), fmt.Sprintf("must be %v", gvk.Kind)))
	}
	if typeAccessor.GetAPIVersion() != group+"/"+gvk.Version {
		allErrs = append(allErrs, field.Invalid(field.NewPath("apiVersion"), typeAccessor.GetAPIVersion(), fmt.Sprintf("must be %v", group+"/"+gvk.Version)))
	}
	return allErrs
}

// validateScale mirrors customResourceValidator.ValidateScaleSpec and ValidateScaleStatus.
func validateScale(u *unstructured.Unstructured, scale *apiextensions.CustomResourceSubresourceScale) field.ErrorList {
	if scale == nil {
		return nil
	}
	var allErrs field.ErrorList
	check := func(p string) {
		trimmed := strings.TrimPrefix(p, ".")
		v, _, err := unstructured.NestedInt64(u.UnstructuredContent(), strings.Split(trimmed, ".")...)
		if err != nil {
			allErrs = append(allErrs, field.Invalid(field.NewPath(p), v, err.Error()))
		} else if v < 0 {
			allErrs = append(allErrs, field.Invalid(field.NewPath(p), v, "should be a non-negative integer"))
		} else if v > math.MaxInt32 {
			allErrs = append(allErrs, field.Invalid(field.NewPath(p), v, fmt.Sprintf("should be less than or equal to %v", math.MaxInt32)))
		}
	}
	check(scale.SpecReplicasPath)
	check(scale.StatusReplicasPath)
	if scale.LabelSelectorPath != nil {
		p := strings.TrimPrefix(*scale.LabelSelectorPath, ".")
		v, _, err := unstructured.NestedString(u.UnstructuredContent(), strings.Split(p, ".")...)
		if err != nil {
			allErrs = append(allErrs, field.Invalid(field.NewPath(*scale.LabelSelectorPath), v, err.Error()))
		}
	}
	return allErrs
}

// ---------------------------------------------------------------- printing

func printCRD(w io.Writer, r crdResult, top int) {
	if r.Skipped != "" {
		fmt.Fprintf(w, "SKIP %s#%d: %s\n", r.File, r.Doc, r.Skipped)
		return
	}
	verdict := "ACCEPTED"
	if !r.Accepted {
		verdict = "REJECTED"
	}
	fmt.Fprintf(w, "CRD %s (%s#%d): %s\n", r.Name, r.File, r.Doc, verdict)
	if r.Message != "" {
		fmt.Fprintf(w, "  message: %s\n", r.Message)
	}
	for _, s := range r.Strict {
		fmt.Fprintf(w, "  strict: %s\n", s)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "  error: %s\n", e.Text)
	}
	for _, s := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", s)
	}
	for _, v := range r.Versions {
		vv := "ok"
		if !v.Accepted {
			vv = fmt.Sprintf("rejected (%d errors)", len(v.Errors))
		}
		fmt.Fprintf(w, "  version %s: %s; schema %s; rules %d; total cost %d (limit %d%s)\n", v.Name, vv, v.SchemaPath, countRules(v.Rules), v.TotalCost,
			crdvalidation.StaticEstimatedCRDCostLimit, overStr(v.TotalOver))
		rules := append([]ruleCost(nil), v.Rules...)
		sort.SliceStable(rules, func(i, j int) bool { return rules[i].Cost > rules[j].Cost })
		if top > 0 && len(rules) > top {
			rules = rules[:top]
		}
		for _, rc := range rules {
			extra := ""
			if rc.CompileError != "" {
				extra = " compile-error=" + strconvQuote(rc.CompileError)
			}
			fmt.Fprintf(w, "    cost %d = %d x %d(%s)%s %s %s%s\n", rc.Cost, rc.StaticCost, rc.Cardinality, rc.CardinalitySource, overStr(rc.OverLimit), rc.Path, strconvQuote(rc.Expression), extra)
		}
	}
}

func countRules(rs []ruleCost) int {
	n := 0
	for _, r := range rs {
		if r.Kind == "rule" {
			n++
		}
	}
	return n
}

func overStr(b bool) string {
	if b {
		return " OVER"
	}
	return ""
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func printCR(w io.Writer, r crResult) {
	if r.Skipped != "" {
		fmt.Fprintf(w, "SKIP %s#%d: %s\n", r.File, r.Doc, r.Skipped)
		return
	}
	verdict := "ACCEPTED"
	if !r.Accepted {
		verdict = "REJECTED"
	}
	fmt.Fprintf(w, "CR %s/%s %s (%s#%d): %s\n", r.Kind, r.Version, r.Name, r.File, r.Doc, verdict)
	for _, p := range r.Unknown {
		fmt.Fprintf(w, "  unknown-field\t%s\n", p)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "  error\t%s\t%s\t%s\n", e.Field, e.Type, e.Detail)
	}
	if r.Message != "" {
		fmt.Fprintf(w, "  message: %s\n", r.Message)
	}
}

// ---------------------------------------------------------------- main

func usage() {
	fmt.Fprintf(os.Stderr, `usage:
  apiserver-validate crd [-json] [-top N] FILE...
  apiserver-validate cr  [-json] [-keep-status] -crd CRDFILE[,CRDFILE...] FILE...
  apiserver-validate version
exit status: 0 all accepted, 1 something rejected, 2 usage or I/O error
`)
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	mode := os.Args[1]
	if mode == "version" {
		fmt.Printf("k8s.io/apiextensions-apiserver %s; CEL compatibility version %s; limits: %d per expression, %d per schema\n",
			apiextensionsVersion, environment.DefaultCompatibilityVersion(), crdvalidation.StaticEstimatedCostLimit, crdvalidation.StaticEstimatedCRDCostLimit)
		return
	}
	fs := flag.NewFlagSet(mode, flag.ExitOnError)
	asJSON := fs.Bool("json", false, "print one JSON object per document")
	top := fs.Int("top", 0, "crd: print only the N costliest rules per version (0: all)")
	crdFiles := fs.String("crd", "", "cr: comma-separated CRD manifest files")
	keepStatus := fs.Bool("keep-status", false, "cr: keep .status even when the status subresource is enabled (create drops it)")
	_ = fs.Parse(os.Args[2:])
	if fs.NArg() == 0 {
		usage()
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	status := 0
	switch mode {
	case "crd":
		for _, f := range fs.Args() {
			docs, err := readDocs(f)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
				status = 2
			}
			for _, d := range docs {
				r := validateCRDDoc(d)
				if r.Skipped == "" && !r.Accepted && status == 0 {
					status = 1
				}
				if *asJSON {
					_ = enc.Encode(r)
				} else {
					printCRD(out, r, *top)
				}
			}
		}
	case "cr":
		if *crdFiles == "" {
			usage()
		}
		crds, err := loadCRDs(strings.Split(*crdFiles, ","))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, f := range fs.Args() {
			docs, err := readDocs(f)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
				status = 2
			}
			for _, d := range docs {
				r := validateCRDoc(d, crds, *keepStatus)
				if r.Skipped == "" && !r.Accepted && status == 0 {
					status = 1
				}
				if *asJSON {
					_ = enc.Encode(r)
				} else {
					printCR(out, r)
				}
			}
		}
	default:
		usage()
	}
	out.Flush()
	os.Exit(status)
}
