// Package emptynamemember: a member whose json tag names nothing (`json:",omitempty"`).
// encoding/json writes it as "First", but validation-gen fails with "field ... is a union
// member but has no JSON name".
package emptynamemember

type Struct struct {
	// +k8s:unionMember
	// +k8s:optional
	First *string `json:",omitempty"`

	// +k8s:unionMember
	// +k8s:optional
	Second *string `json:"second,omitempty"`
}
