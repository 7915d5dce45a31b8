package other

// A second package: its rules join the first's.
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=create
// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=get,namespace=system

// A name two edits from kubebuilder:rbac (a warning, ignored as controller-gen ignores it),
// and another generator's marker at the same distance, never taken for a misspelling.
// +kubebuilder:rabc:groups=typo.example.com,resources=things,verbs=get
// +kubebuilder:ac:generate=true

var Other = 1
