// Package bodies: schema methods that set many spec.Schema fields, in the shapes real
// projects write them.
//
// +k8s:openapi-gen=true
package bodies
