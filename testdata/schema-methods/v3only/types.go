package v3only

import openapi "k8s.io/kube-openapi/pkg/common"

// Moment writes a v3 schema, which v2 serves too.
type Moment struct{}

func (_ Moment) OpenAPIV3Definition() openapi.OpenAPIDefinition {
	return openapi.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:   []string{"string"},
				Format: "date-time",
			},
		},
	}
}
