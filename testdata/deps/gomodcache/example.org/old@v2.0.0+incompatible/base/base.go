// Package base is loaded only because a constant of another package refers to it.
package base

// Prefix starts every colour name.
const Prefix = "old-"
