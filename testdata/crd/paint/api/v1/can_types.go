package v1

import (
	corev1 "k8s.io/api/core/v1"
)

// Color of the paint: the project's own enum, whose list union-gen writes and keeps true.
// +enum
type Color string

const (
	// ColorBlack absorbs light.
	ColorBlack Color = "Black"
	// ColorWhite reflects it.
	ColorWhite Color = "White"
)

// Finish of the paint: an explicit list, which controller-gen writes and union-gen leaves alone.
// +enum
// +kubebuilder:validation:Enum=Matte;Gloss
type Finish string

const (
	FinishMatte Finish = "Matte"
	FinishGloss Finish = "Gloss"
)

// CanSpec defines the desired state of Can.
type CanSpec struct {
	// Color of the paint.
	Color Color `json:"color"`

	// Finish of the paint.
	// +optional
	Finish Finish `json:"finish,omitempty"`

	// Effect of the fumes on the shop floor (a dependency's enum).
	// +optional
	Effect corev1.TaintEffect `json:"effect,omitempty"`

	// Tolerations of the painting robot (a dependency's struct with enum fields).
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`

	// Applicator puts the paint on.
	// +optional
	Applicator *Applicator `json:"applicator,omitempty"`
}

// Applicator is a brush or a roller (a declarative-validation union).
type Applicator struct {
	// Brush for corners.
	// +optional
	// +k8s:unionMember
	Brush *Tool `json:"brush,omitempty"`

	// Roller for walls.
	// +optional
	// +k8s:unionMember
	Roller *Tool `json:"roller,omitempty"`
}

// Tool is a painting tool.
type Tool struct {
	// Width in millimetres.
	Width int32 `json:"width"`
}

// Can is the Schema for the cans API.
type Can struct {
	Spec CanSpec `json:"spec,omitempty"`
}
