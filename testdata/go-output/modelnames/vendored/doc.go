// Package vendored would get a model-name file but is named by --readonly-pkg.
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.vendored
package vendored
