package listtype

// A list field without a +listType marker.
// +k8s:openapi-gen=true
type UntypedList struct {
	Field []string
}
