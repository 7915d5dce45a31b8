// Package pkg names its webhook service (v0.17.2).
package pkg

// +kubebuilder:webhook:path=/validate-x,mutating=false,failurePolicy=fail,sideEffects=None,groups=example.com,resources=things,verbs=create,versions=v1,name=vthing.example.com,admissionReviewVersions=v1,serviceName=my-webhooks,serviceNamespace=my-system,servicePort=8443
