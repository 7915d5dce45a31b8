package custom

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// A v2 definition from a method.
// +k8s:openapi-gen=true
type Bak struct{}

func (Bak) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"integer"}}}}
}

// +k8s:openapi-gen=true
type Bal struct{}

func (Bal) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}}
}

// +k8s:openapi-gen=true
type Bac struct{}

func (Bac) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}}
}

func (Bac) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}}
}

// +k8s:openapi-gen=true
type Bah struct{}

func (Bah) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}}
}

func (Bah) OpenAPISchemaType() []string { return []string{"test-type"} }

func (Bah) OpenAPISchemaFormat() string { return "test-format" }
