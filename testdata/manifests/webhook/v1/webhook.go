// Package v1 has webhooks of every kind controller-gen writes.
package v1

// +kubebuilder:webhook:path=/mutate-apps-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget.example.com,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded
// +kubebuilder:webhook:path=/validate-apps-example-com-v1-widget,mutating=false,failurePolicy=Ignore,matchPolicy=exact,sideEffects=NoneOnDryRun,timeoutSeconds=5,groups=apps.example.com;core,resources=widgets;widgets/status,verbs=Create;delete;CONNECT;*;patch,versions=v1;v1beta1,name=vwidget.example.com,admissionReviewVersions=v1;v1beta1
// +kubebuilder:webhook:url="https://webhooks.example.com:9443/validate",mutating=false,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=gadgets,verbs=create,versions=v1,name=agadget.example.com,admissionReviewVersions=v1,webhookVersions=v1

// +kubebuilder:webhookconfiguration:mutating=true,name=widget-mutating-configuration

// Widget is a kind.
type Widget struct{}
