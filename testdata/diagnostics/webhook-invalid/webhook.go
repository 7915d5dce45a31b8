// Package webhooks: webhook markers controller-gen refuses.
package webhooks

// +kubebuilder:webhook:mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=widgets,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1
// ^^^ webhook/invalid
// +kubebuilder:webhook:path=/b,mutating=false,failurePolicy=fail,sideEffects=Some,groups=apps,resources=widgets,verbs=create,versions=v1,name=b.example.com,admissionReviewVersions=v1
//                                                                ^^^^^^^^^^^^^^^^ webhook/invalid
// +kubebuilder:webhook:path=/c,mutating=false,failurePolicy=fail,sideEffects=None,timeoutSeconds=31,groups=apps,resources=widgets,verbs=create,versions=v1,name=c.example.com,admissionReviewVersions=v1
//                                                                                 ^^^^^^^^^^^^^^^^^ webhook/invalid
// +kubebuilder:webhook:path=/d,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=widgets,verbs=create,versions=v1,name=d.example.com
// ^^^ webhook/invalid
// +kubebuilder:webhook:path=/e,mutating=false,failurePolicy=fail,matchPolicy=Loose,sideEffects=None,groups=apps,resources=widgets,verbs=create,versions=v1,name=e.example.com,admissionReviewVersions=v1
//                                                                ^^^^^^^^^^^^^^^^^ webhook/invalid

var x = 1
