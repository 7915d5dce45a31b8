// Package celmultiline: raw-string rules over several lines, reason and fieldPath
// (kube-openapi's TestMultilineCELMarkerComments).
package celmultiline

// +k8s:openapi-gen=true
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="frozen"
// +k8s:validation:cel[0]:fieldPath="parity"
type Parity struct {
	// +k8s:validation:cel[0]:rule="self.length() > 0"
	// +k8s:validation:cel[0]:message="must not be empty"
	// +k8s:validation:cel[0]:reason="Invalid"
	// +k8s:validation:cel[1]:rule>  !oldSelf.hasValue() || self.length() % 2 == 0
	// +k8s:validation:cel[1]:rule>     ? self.parity == "even"
	// +k8s:validation:cel[1]:rule>     : self.parity == "odd"
	// +k8s:validation:cel[1]:messageExpression="parity must follow the length of the string"
	// +k8s:validation:cel[1]:optionalOldSelf
	// +optional
	Word string
}
