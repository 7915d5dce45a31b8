package both

import openapi "k8s.io/kube-openapi/pkg/common"

// Instant writes one schema per document.
type Instant struct{}

func (_ Instant) OpenAPIV3Definition() openapi.OpenAPIDefinition {
	return openapi.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:     []string{"string"},
				Format:   "date-time",
				Nullable: true,
			},
		},
	}
}

func (_ Instant) OpenAPIDefinition() openapi.OpenAPIDefinition {
	return openapi.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Type:   []string{"string"},
				Format: "date-time",
			},
		},
	}
}
