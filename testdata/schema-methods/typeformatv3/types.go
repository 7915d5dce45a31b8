package typeformatv3

import openapi "k8s.io/kube-openapi/pkg/common"

// Expiry is a point in time, with its own v3 schema.
type Expiry struct{}

func (_ Expiry) OpenAPIV3Definition() openapi.OpenAPIDefinition {
	return openapi.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:   []string{"string"},
				Format: "date-time",
			},
		},
	}
}

func (_ Expiry) OpenAPISchemaType() []string { return []string{"string"} }
func (_ Expiry) OpenAPISchemaFormat() string { return "date-time" }
