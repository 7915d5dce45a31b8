// Package v2 adds webhooks whose names sort before v1's: v0.20.0 sorts across packages.
package v2

// +kubebuilder:webhook:path=/validate-apps-example-com-v2-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create,versions=v2,name=awidget.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/mutate-apps-example-com-v2-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create,versions=v2,name=amwidget.example.com,admissionReviewVersions=v1,reinvocationPolicy=never
