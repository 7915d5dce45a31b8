// Package kep1027 holds unions in the revised KEP-1027 dialect: an enum discriminator and
// `+unionMember` fields.
package kep1027

// RolloutType says how a rollout replaces old replicas.
// +enum
type RolloutType string

const (
	// RolloutRecreate stops everything first; it needs no settings.
	RolloutRecreate RolloutType = "Recreate"
	// RolloutGradual replaces replicas a few at a time.
	RolloutGradual RolloutType = "Gradual"
)

// Rollout is a discriminated union with an empty member (`Recreate`).
type Rollout struct {
	// Type of the rollout.
	// +unionDiscriminator
	// +required
	Type RolloutType `json:"type"`
	// Gradual holds the settings of a gradual rollout.
	// +unionMember
	// +optional
	Gradual *GradualSettings `json:"gradual,omitempty"`
}

// GradualSettings tunes a gradual rollout.
type GradualSettings struct {
	// MaxUnavailable replicas during the rollout.
	MaxUnavailable int32 `json:"maxUnavailable"`
}

// FetchKind says where sources come from.
// +enum
type FetchKind string

const (
	// FetchRepo clones a repository.
	FetchRepo FetchKind = "Repo"
	// FetchBUNDLE downloads a bundle.
	FetchBUNDLE FetchKind = "BUNDLE"
	// FetchLocal uses local files.
	FetchLocal FetchKind = "Local"
	// FetchMIRROR reads from a mirror.
	FetchMIRROR FetchKind = "MIRROR"
	// FetchNothing fetches nothing.
	FetchNothing FetchKind = ""
)

// Fetch shows every member spelling: default value, custom value, `,optional` and both.
type Fetch struct {
	// Kind of source; "" means none.
	// +unionDiscriminator
	// +optional
	Kind FetchKind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	Repo *string `json:"repo,omitempty"`
	// +unionMember=BUNDLE
	// +optional
	Bundle *string `json:"bundle,omitempty"`
	// +unionMember,optional
	// +optional
	Local *string `json:"local,omitempty"`
	// +unionMember=MIRROR,optional
	// +optional
	Mirror *string `json:"mirror,omitempty"`
}

// InputKind selects an input.
// +enum
type InputKind string

const (
	InputFile  InputKind = "File"
	InputQueue InputKind = "Queue"
)

// OutputKind selects an output.
// +enum
type OutputKind string

const (
	OutputSink  OutputKind = "SINK"
	OutputTopic OutputKind = "Topic"
	OutputDrop  OutputKind = "Drop"
)

// Pipe has two unions, each member naming its discriminator.
type Pipe struct {
	// +unionDiscriminator
	// +required
	Input InputKind `json:"input"`
	// +unionDiscriminator
	// +required
	Output OutputKind `json:"output"`

	// +unionMember
	// +unionDiscriminatedBy=Input
	// +optional
	File *string `json:"file,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=Input
	// +optional
	Queue *string `json:"queue,omitempty"`
	// +unionMember=SINK,optional
	// +unionDiscriminatedBy=Output
	// +optional
	Sink *string `json:"sink,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=Output
	// +optional
	Topic *string `json:"topic,omitempty"`
}
