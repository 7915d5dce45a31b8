package api

// Spec names a type declared nowhere.
type Spec struct {
	Hooks []Hook `json:"hooks"`
	//      ^^^^ resolve/undefined-type warning
}
