// Package limits: the limits of kube-openapi's TestMarkerComments, on a type and its fields
// (its map of `interface{}` is a map of strings here: the Go output refuses `interface{}` values).
package limits

// +k8s:openapi-gen=true
// +k8s:validation:maxProperties=10
// +k8s:validation:minProperties=1
type Quota struct {

	// Count of seats, from zero to ten, both ends excluded
	// +k8s:validation:minimum=0
	// +k8s:validation:maximum=10
	// +k8s:validation:exclusiveMinimum
	// +k8s:validation:exclusiveMaximum
	Seats int

	// Label of one to ten characters
	// +k8s:validation:minLength=1
	// +k8s:validation:maxLength=10
	// +k8s:validation:pattern="^foo$[0-9]+"
	Label string

	// +k8s:validation:maxItems=10
	// +k8s:validation:minItems=1
	// +k8s:validation:uniqueItems
	Tags []string

	// +k8s:validation:maxProperties=10
	// +k8s:validation:minProperties=1
	Extra map[string]interface{}
}
