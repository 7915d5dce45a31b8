// Package celrules: CEL rules on a type and a field (kube-openapi's TestCELMarkerComments).
package celrules

// +k8s:openapi-gen=true
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="immutable"
type Ticket struct {
	// +k8s:validation:cel[0]:rule="self.length() > 0"
	// +k8s:validation:cel[0]:message="must not be empty"
	// +k8s:validation:cel[1]:rule="self.length() % 2 == 0"
	// +k8s:validation:cel[1]:messageExpression="self + ' has an odd length'"
	// +k8s:validation:cel[1]:optionalOldSelf
	// +optional
	Code string
}
