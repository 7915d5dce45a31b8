package bodies

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/utils/ptr"

	"example.com/schemamethods/shared"
)

// Route uses the types below.
type Route struct {
	Target Target    `json:"target"`
	Extra  FreeForm  `json:"extra,omitempty"`
	Limits Bounds    `json:"limits,omitempty"`
	Hops   []Segment `json:"hops,omitempty"`
	// Cache is not serialised; it makes the shared package load.
	Cache shared.Hop `json:"-"`
}

// Target describes itself with properties whose types are elided.
type Target struct {
	Host string `json:"host"`
	Path string `json:"path"`
}

func (Target) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Description: "Where a route goes.",
				Required:    []string{"host"},
				Type:        []string{"object"},
				Properties: map[string]spec.Schema{
					"path": {
						SchemaProps: spec.SchemaProps{
							Type:    []string{"string"},
							Default: "/",
							Pattern: `^/`,
						},
					},
					"host": {
						SchemaProps: spec.SchemaProps{
							Type:      []string{"string"},
							Format:    "",
							MinLength: ptr.To[int64](2),
							MaxLength: ptr.To(int64(253)),
						},
					},
				},
				AdditionalProperties: &spec.SchemaOrBool{Allows: false},
			},
		},
	}
}

// FreeForm keeps any object.
type FreeForm struct {
	Data map[string]any `json:"-"`
}

func (FreeForm) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			VendorExtensible: spec.VendorExtensible{
				Extensions: spec.Extensions{
					"x-kubernetes-preserve-unknown-fields": true,
					"x-kubernetes-list-map-keys":           []interface{}{"name"},
					"description-only-extensions-start-x":  "dropped",
				},
			},
			SchemaProps: spec.SchemaProps{
				Type: []string{"object"},
			},
		},
	}
}

// Bounds has numeric limits, an enum, items and a reference.
type Bounds struct{}

func (Bounds) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type: []string{"object"},
				Properties: map[string]spec.Schema{
					"ratio": {SchemaProps: spec.SchemaProps{
						Type:             []string{"number"},
						Minimum:          ptr.To(0.0),
						Maximum:          ptr.To[float64](1),
						ExclusiveMaximum: true,
						MultipleOf:       ptr.To(0.25),
					}},
					"mode": {SchemaProps: spec.SchemaProps{
						Type: []string{"string"},
						Enum: []interface{}{"Fast", "Safe"},
					}},
					"steps": {SchemaProps: spec.SchemaProps{
						Type:        []string{"array"},
						MinItems:    ptr.To[int64](1),
						UniqueItems: true,
						Items: &spec.SchemaOrArray{Schema: &spec.Schema{
							SchemaProps: spec.SchemaProps{Type: []string{"integer"}, Format: "int32"},
						}},
					}},
					"next": {SchemaProps: spec.SchemaProps{
						Description: "The next segment.",
						Ref:         spec.MustCreateRef("#/components/schemas/example.com.schemamethods.bodies.Segment"),
					}},
					"labels": {SchemaProps: spec.SchemaProps{
						Type: []string{"object"},
						AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &spec.Schema{
							SchemaProps: spec.SchemaProps{Type: []string{"string"}},
						}},
						MaxProperties: ptr.To[int64](8),
					}},
				},
				AnyOf: []spec.Schema{
					{SchemaProps: spec.SchemaProps{Required: []string{"ratio"}}},
					{SchemaProps: spec.SchemaProps{Required: []string{"mode"}}},
				},
			},
		},
		Dependencies: []string{"example.com/schemamethods/bodies.Segment", "example.com/schemamethods/shared.Hop"},
	}
}

// Segment is a plain struct.
type Segment struct {
	Name string `json:"name"`
}
