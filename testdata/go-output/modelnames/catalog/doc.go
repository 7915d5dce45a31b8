// Package catalog names its models by a package-wide model package: every public struct
// gets an OpenAPIModelName method in the model-name file.
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.shop.catalog
package catalog
