package v1

// ColorMode says how a widget is painted.
// +enum
type ColorMode string

// Paint modes.
const (
	// ColorModeSolid paints the whole widget with one colour.
	ColorModeSolid ColorMode = "Solid"
	// ColorModeGradient blends two colours
	// from left to right.
	ColorModeGradient ColorMode = "Gradient"
	// ColorModeNone leaves the widget unpainted.
	ColorModeNone ColorMode = "None"
)

// BackendKind names the kind of backend a widget talks to.
// +enum
type BackendKind string

const (
	// BackendKindService routes to a Service.
	BackendKindService BackendKind = "Service"
	// BackendKindResource routes to an arbitrary object.
	BackendKindResource BackendKind = "Resource"
)

// Widget is the top-level example object.
//
// It has a second paragraph.
// TODO: nobody reads this line.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	// Name of the widget.
	Name string `json:"name"`

	// Spec is the desired state.
	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`

	// Status is the observed state.
	// +optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
//
// Layout:
//   top    the upper half
//   bottom the lower half
//
// ---
// Everything after the dashes is for maintainers only.
type WidgetSpec struct {
	// Inlined common fields.
	CommonSpec `json:",inline"`

	// Mode chooses the painting mode.
	// +optional
	// +default="Solid"
	Mode ColorMode `json:"mode,omitempty"`

	// PreviousMode is the mode before the last change.
	// +optional
	PreviousMode *ColorMode `json:"previousMode,omitempty"`

	// AllowedModes lists the modes a user may pick.
	// +listType=set
	// +optional
	AllowedModes []ColorMode `json:"allowedModes,omitempty"`

	// ModeByRegion maps a region to its painting mode.
	// +mapType=granular
	// +optional
	ModeByRegion map[string]ColorMode `json:"modeByRegion,omitempty"`

	// Backend selects where requests go.
	Backend WidgetBackend `json:"backend"`

	// Ports the widget listens on.
	// +listType=map
	// +listMapKey=port
	// +listMapKey=protocol
	// +patchStrategy=merge,retainKeys
	// +patchMergeKey=port
	// +optional
	Ports []WidgetPort `json:"ports,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"port"`

	// Labels are free-form key/value pairs.
	// +mapType=atomic
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Size in bytes, sent as a JSON string.
	Size int64 `json:"size,string"`

	// Payload is opaque binary data.
	// +optional
	Payload []byte `json:"payload,omitempty"`

	// Extra holds anything.
	// +optional
	Extra interface{} `json:"extra,omitempty"`

	// Generation is a pointer to an int64.
	// +optional
	Generation *int64 `json:"generation,omitempty"`

	// Replicas is required although it is a pointer.
	// +required
	Replicas *int32 `json:"replicas,omitempty"`

	// Retries has an explicit default.
	// +optional
	// +default=3
	Retries int32 `json:"retries,omitempty"`

	// Tags has a list default.
	// +optional
	// +default=["a", "b"]
	Tags []string `json:"tags,omitempty"`

	// Source is a member-level (deprecated style) union, see Image and Git.
	// +unionDiscriminator
	// +optional
	Source string `json:"source,omitempty"`

	// Image pulls the widget from an image.
	// +unionDeprecated
	// +optional
	Image *ImageSource `json:"image,omitempty"`

	// Git clones the widget from a repository.
	// +unionDeprecated
	// +optional
	Git *GitSource `json:"git,omitempty"`
}

// CommonSpec holds fields shared by several specs.
type CommonSpec struct {
	// Owner of the widget.
	Owner string `json:"owner"`
	// Note is optional.
	// +optional
	Note string `json:"note,omitempty"`
}

// WidgetBackend is a 2019-style union: exactly one of the members is set, and Kind says which.
// +union
// +structType=atomic
type WidgetBackend struct {
	// Kind names the member that is set.
	// +unionDiscriminator
	// +optional
	Kind BackendKind `json:"kind,omitempty"`

	// Service is a service backend.
	// +optional
	Service *ServiceRef `json:"service,omitempty"`

	// Resource is any object.
	// +optional
	Resource *ResourceRef `json:"resource,omitempty"`
}

// ServiceRef points at a Service.
type ServiceRef struct {
	// Name of the service.
	Name string `json:"name"`
	// Port of the service.
	Port int32 `json:"port"`
}

// ResourceRef points at an object.
type ResourceRef struct {
	APIGroup string `json:"apiGroup"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
}

// WidgetPort is one port.
type WidgetPort struct {
	// Port number.
	Port int32 `json:"port"`
	// Protocol, TCP by default.
	// +optional
	// +default="TCP"
	Protocol string `json:"protocol,omitempty"`
}

// ImageSource pulls from an image.
type ImageSource struct {
	Reference string `json:"reference"`
}

// GitSource clones a repository.
type GitSource struct {
	URL string `json:"url"`
	// +optional
	Revision string `json:"revision,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// Ready is true when the widget serves.
	Ready bool `json:"ready"`
	// ObservedGeneration is the last generation seen.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}
