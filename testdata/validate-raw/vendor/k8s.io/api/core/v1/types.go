// Package v1 is a small stand-in for the core API group, written for union-gen's tests.
package v1

// GroupName is the core group's name: the empty string.
const GroupName = ""

// PullPolicy says when an image is fetched.
// +enum
type PullPolicy string

const (
	// PullAlways fetches the image every time.
	PullAlways PullPolicy = "Always"
	// PullNever uses only local images.
	PullNever PullPolicy = "Never"
	// PullIfNotPresent fetches the image when it is missing locally.
	PullIfNotPresent PullPolicy = "IfNotPresent"
)

// Container is one container of a pod.
type Container struct {
	// Name of the container.
	Name string `json:"name"`
	// Image to run.
	// +optional
	Image string `json:"image,omitempty"`
	// ImagePullPolicy says when the image is fetched.
	// +optional
	ImagePullPolicy PullPolicy `json:"imagePullPolicy,omitempty"`
}
