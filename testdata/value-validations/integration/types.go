// Package integration: kube-openapi's integration package `valuevalidation`, rewritten: a
// struct with limits on every kind of field, and four types with schema methods.
package integration

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Limits of every kind.

// +k8s:validation:maxProperties=5
// +k8s:validation:minProperties=1
// +k8s:openapi-gen=true
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="set once"
type Order struct {
	// +k8s:validation:maxLength=5
	// +k8s:validation:minLength=1
	// +k8s:validation:pattern="^a.*b$"
	// +optional
	Note string `json:"note,omitempty"`

	// +k8s:validation:maximum=5.0
	// +k8s:validation:minimum=1.0
	// +k8s:validation:exclusiveMinimum=true
	// +k8s:validation:exclusiveMaximum=true
	// +k8s:validation:multipleOf=2.0
	// +optional
	Weight float64 `json:"weight,omitempty"`

	// +k8s:validation:maxItems=5
	// +k8s:validation:minItems=1
	// +k8s:validation:uniqueItems=true
	Lines []string

	// +k8s:validation:minProperties=1
	// +k8s:validation:maxProperties=5
	Attributes map[string]string

	// +k8s:validation:cel[0]:rule="self.length() > 0"
	// +k8s:validation:cel[0]:message="must not be empty"
	// +k8s:validation:cel[1]:rule="self.length() % 2 == 0"
	// +k8s:validation:cel[1]:messageExpression="self + ' is odd'"
	// +optional
	Code string `json:"code"`
}

// Stamp has its own v3 definition
// +k8s:validation:maxProperties=5
// +k8s:openapi-gen=true
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="stamp"
type Stamp struct{}

func (Stamp) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type: []string{"object"},
			},
		},
	}
}

func (Stamp) OpenAPISchemaType() []string {
	return []string{"stamp-type"}
}

func (Stamp) OpenAPISchemaFormat() string {
	return "stamp-format"
}

// Amount is one of two types
// +k8s:openapi-gen=true
// +k8s:validation:maxProperties=5
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="amount"
type Amount struct{}

func (Amount) OpenAPIV3OneOfTypes() []string {
	return []string{"number", "string"}
}
func (Amount) OpenAPISchemaType() []string {
	return []string{"string"}
}
func (Amount) OpenAPISchemaFormat() string {
	return "string"
}

// Counter ignores its markers: its OpenAPIDefinition is the whole schema
// +k8s:openapi-gen=true
// +k8s:validation:maximum=6
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="counter"
type Counter struct{}

func (Counter) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type: []string{"integer"},
			},
		},
	}
}

// +k8s:openapi-gen=true
// +k8s:validation:maxProperties=5
// +k8s:validation:minProperties=1
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="token"
type Token struct{}

func (Token) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type: []string{"object"},
			},
		},
	}
}

func (Token) OpenAPISchemaType() []string {
	return []string{"token-type"}
}

func (Token) OpenAPISchemaFormat() string {
	return "token-format"
}
