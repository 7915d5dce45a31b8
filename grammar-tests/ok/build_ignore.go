//go:build ignore

// This program is a generator and never part of the package.
package main

import "fmt"

// Generated is still a declaration the parser sees.
type Generated struct{}

func main() {
	fmt.Println("generate")
}
