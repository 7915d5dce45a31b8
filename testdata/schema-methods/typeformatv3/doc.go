// Package typeformatv3: OpenAPISchemaType, OpenAPISchemaFormat and OpenAPIV3Definition (kube-openapi's TestCustomDefsV3).
//
// +k8s:openapi-gen=true
package typeformatv3
