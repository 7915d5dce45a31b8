package v2only

import openapi "k8s.io/kube-openapi/pkg/common"

// Stamp writes its own schema for both documents.
type Stamp struct{}

func (_ Stamp) OpenAPIDefinition() openapi.OpenAPIDefinition {
	return openapi.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:   []string{"string"},
				Format: "date-time",
			},
		},
	}
}
