package api

// Alpha and Beta alias each other: the Go compiler rejects this.
type Alpha = Beta

type Beta = Alpha

// Spec uses the cycle.
type Spec struct {
	Mode Alpha `json:"mode"`
	// ^@2 resolve/alias-cycle
}
