package broken

// First is fine.
type First int

@@@ this is not Go $$$

// Second is fine too.
type Second string
