package markers

// Shape is a legacy union.
// +union
type Shape struct {
	// +unionDiscriminator
	Kind string `json:"kind"`
	// +unionMember=ALPHA,optional
	Circle *Circle `json:"circle,omitempty"`
	// +unionMember,optional
	Square *Square `json:"square,omitempty"`
	// +optional
	// +listType=map
	// +listMapKey=name
	Tags []Tag `json:"tags,omitempty"`
}

// +enum
type Mode string

// +k8s:openapi-gen=false
type Hidden struct{}

type Circle struct{}
type Square struct{}
type Tag struct{ Name string }
