// +groupName=example.com
package v1

// Widget is an API type: a field OpenAPI cannot describe, reached from it, is an error.
type Widget struct {
	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is reached from Widget.
type WidgetSpec struct {
	Ready chan bool `json:"ready,omitempty"`
	//    ^^^^^^^^^ resolve/unsupported-type error
}
