// +k8s:openapi-gen=true

package customv3
