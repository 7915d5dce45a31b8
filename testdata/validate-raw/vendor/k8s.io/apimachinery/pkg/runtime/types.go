// Package runtime is a small stand-in for apimachinery's runtime package, written for
// union-gen's tests: the shapes of RawExtension and Unknown (fields hidden from JSON, an
// embedded TypeMeta with an empty JSON tag, untagged fields).
// +k8s:openapi-gen=true
package runtime

// Object is any API object.
type Object interface {
	GetObjectKind() string
}

// TypeMeta is the runtime package's own kind and API version.
type TypeMeta struct {
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
	// +optional
	Kind string `json:"kind,omitempty"`
}

// RawExtension holds an embedded object of any kind, as JSON.
// +k8s:openapi-gen=true
type RawExtension struct {
	// Raw is the object's serialised form.
	Raw []byte `json:"-"`
	// Object is the decoded object, when known.
	Object Object `json:"-"`
}

// Unknown holds an object of an unregistered type.
// +k8s:openapi-gen=true
type Unknown struct {
	TypeMeta `json:""`
	// Raw is the object's serialised form.
	Raw []byte `json:"-"`
	// ContentEncoding is how Raw is encoded.
	ContentEncoding string
	// ContentType is Raw's serialisation.
	ContentType string
}
