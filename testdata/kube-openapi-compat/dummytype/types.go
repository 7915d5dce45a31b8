package dummytype

// +k8s:openapi-gen=true
type Foo struct {
	Second string
	First  int
}

// +k8s:openapi-gen=true
type Bar struct {
	ViolationBehind bool
	Violation       bool
}

// +k8s:openapi-gen=true
type Baz struct {
	Violation       bool
	ViolationBehind bool
}

// +k8s:openapi-gen=true
type StatusError struct {
	Code    int
	Message string
}

// +k8s:openapi-gen=true
type Waldo struct {
	First  int
	Second string
}
