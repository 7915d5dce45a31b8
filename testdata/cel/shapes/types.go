// Package shapes holds one struct per union shape that `--cel` writes rules for, with JSON
// names that Kubernetes' CEL environment escapes (`-`, `.`, `/`, `__`, reserved words).
package shapes

// Escaped is an undiscriminated exactly-one union whose members need escaping.
type Escaped struct {
	// +k8s:unionMember
	// +k8s:optional
	MyField *string `json:"my-field,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	AB *string `json:"a.b,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Namespace *string `json:"namespace,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	XY *string `json:"x__y,omitempty"`
}

// AtMostOne is an undiscriminated at-most-one union, next to a field outside it.
type AtMostOne struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	In *string `json:"in,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Path *string `json:"a/b,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Plain *int32 `json:"plain,omitempty"`
	// Other is not a member.
	// +optional
	Other *string `json:"other,omitempty"`
}

// Mode selects a member of Selected.
// +enum
type Mode string

const (
	// ModeDash selects dash-member.
	ModeDash Mode = "Dash"
	// ModeFor selects the `for` member.
	ModeFor Mode = "For"
	// ModePlain selects plain.
	ModePlain Mode = "Plain"
	// ModeNone selects nothing (an empty member) and needs quoting in CEL.
	ModeNone Mode = `it's\none`
)

// Selected is a discriminated union with a required, escaped discriminator, an optional
// member, a member named by a reserved word and an empty member.
type Selected struct {
	// +unionDiscriminator
	// +required
	Mode Mode `json:"mode-of"`
	// +unionMember,optional
	// +optional
	Dash *string `json:"dash-member,omitempty"`
	// +unionMember
	// +optional
	For *string `json:"for,omitempty"`
	// +unionMember
	// +optional
	Plain *string `json:"plain,omitempty"`
}

// Level selects a member of Leveled; "" selects none.
// +enum
type Level string

const (
	LevelNone Level = ""
	LevelLow  Level = "Low"
	LevelHigh Level = "High"
)

// Leveled is a discriminated union whose discriminator may be unset (at most one member).
type Leveled struct {
	// +unionDiscriminator
	// +optional
	Level Level `json:"level,omitempty"`
	// +unionMember
	// +optional
	Low *int32 `json:"low,omitempty"`
	// +unionMember,optional
	// +optional
	High *int32 `json:"high,omitempty"`
}

// Quoted is a `k8s:` discriminated union with a plain string discriminator and a member value
// that needs quoting in CEL.
type Quoted struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +k8s:unionMember(memberName: "it's")
	// +k8s:optional
	Odd *string `json:"odd,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Even *string `json:"even,omitempty"`
}
