// Package customv3: limits on a type whose v3 schema is its own method (kube-openapi's
// TestMarkerCommentsCustomDefsV3): the v2 definition gets them after Type and Format.
// (gengo reads the package tag from doc.go)
package customv3

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// +k8s:validation:maxProperties=10
type Address struct {
}

func (_ Address) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:   []string{"object"},
				Format: "ipv4",
			},
		},
	}
}

func (_ Address) OpenAPISchemaType() []string { return []string{"object"} }
func (_ Address) OpenAPISchemaFormat() string { return "ipv4" }
