package api

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Size supplies its schema from a helper function, which union-gen does not run.
type Size struct{}

func (Size) OpenAPIDefinition() common.OpenAPIDefinition {
//          ^^^^^^^^^^^^^^^^^ resolve/unreadable-schema-method
	return sizeDefinition()
}

// Shape's v3 schema holds a variable.
type Shape struct{}

func (Shape) OpenAPIV3Definition() common.OpenAPIDefinition {
//           ^^^^^^^^^^^^^^^^^^^ resolve/unreadable-schema-method
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type: shapeTypes,
			},
		},
	}
}

// Area's body computes a value.
type Area struct{}

func (Area) OpenAPIDefinition() common.OpenAPIDefinition {
//          ~~~~~~~~~~~~~~~~~ resolve/unreadable-schema-method
	return common.OpenAPIDefinition{
		Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"int" + "eger"}}},
		//                                                               ^^^^^^^^^^^^^^ resolve/unreadable-schema-method
	}
}

// Fine reads: literals only.
type Fine struct{}

func (Fine) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "fine"}},
	}
}
