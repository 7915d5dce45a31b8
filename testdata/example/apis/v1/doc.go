// Package v1 holds the Widget API, a small example for union-gen.
package v1
