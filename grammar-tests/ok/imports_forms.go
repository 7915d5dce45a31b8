package imp

import "fmt"

import (
	"strings"
	corev1 "k8s.io/api/core/v1"
	_ "embed"
	. "math"
	raw `k8s.io/apimachinery/pkg/runtime`
)

// Uses references imported packages.
type Uses struct {
	Pod corev1.Pod `json:"pod"`
	Obj raw.Object `json:"-"`
}

var _ = fmt.Sprint
var _ = strings.TrimSpace
var _ = Pi
