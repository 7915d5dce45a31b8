// Package extensions: `+k8s:openapi-gen=x-kubernetes-…` extensions on a type and a field, next
// to the extensions other markers write (kube-openapi's TestSimple and TestExtensions), and
// the old `+validations=` tag.
package extensions

// Shelf is a test.
// +k8s:openapi-gen=true
// +k8s:openapi-gen=x-kubernetes-type-tag:type_test
type Shelf struct {
	// a member with an extension
	// +k8s:openapi-gen=x-kubernetes-member-tag:member_test
	Tagged string

	// a list with two map keys and an extension, which openapi-gen writes first
	// +listType=map
	// +listMapKey=port
	// +listMapKey=protocol
	// +k8s:openapi-gen=x-kubernetes-zzz:last_by_name
	Ports []string

	// the old tag, once
	// +validations=self.size() > 0
	Old string

	// the old tag, twice: a list
	// +validations=a
	// +validations=b
	OldTwice string
}
