// Package eachvalmember: a list-value member without a selector; validation-gen fails with
// "list-item union member has no list selector in context".
package eachvalmember

type Struct struct {
	// +k8s:eachVal=+k8s:unionMember
	Items []*string `json:"items"`
}
