// Package dep names its models; openapi-gen sees that only when the package is an input.
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.shop.dep
package dep
