package structtype

// +k8s:openapi-gen=true
type ContainedStruct struct{}

// +k8s:openapi-gen=true
type AtomicStruct struct {
	// +structType=atomic
	Field      ContainedStruct
	OtherField int
}

// +k8s:openapi-gen=true
type GranularStruct struct {
	// +structType=granular
	Field      ContainedStruct
	OtherField int
}

// +k8s:openapi-gen=true
// +structType=atomic
type DeclaredAtomicStruct struct {
	Field int
}

// +k8s:openapi-gen=true
type FieldLevelOverrideStruct struct {
	// +structType=atomic
	Field      DeclaredAtomicStruct
	OtherField int
}
