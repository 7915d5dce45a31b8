// Package other is opted in type by type.
package other

// Address is where parcels go.
// +k8s:openapi-gen=true
type Address struct {
	Street string `json:"street"`
	// +optional
	Zip string `json:"zip,omitempty"`
}

// NotSelected has no opt-in.
type NotSelected struct {
	A string `json:"a"`
}
