//go:build linux && amd64
// +build linux,amd64

// Package tagged is only for one platform.
package tagged

// Native is built on linux/amd64.
type Native struct {
	Fd int `json:"fd"`
}
