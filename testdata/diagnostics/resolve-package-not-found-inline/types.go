package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a CRD type whose apimachinery package is not loaded: the inlined TypeMeta's
// fields would vanish without a word.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// ^@2 resolve/package-not-found
	// +optional
	Name string `json:"name,omitempty"`
}
