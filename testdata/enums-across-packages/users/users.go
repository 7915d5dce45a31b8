// Package users uses the enums from another package.
package users

import "example.com/enumsacross/kinds"

// Board refers to the enum type of another package.
type Board struct {
	Shade  kinds.Shade  `json:"shade"`
	Finish kinds.Finish `json:"finish"`
}
