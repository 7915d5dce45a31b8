// goparse is the parse-only baseline of bench/goparse.sh: it reads and parses with go/parser
// (comments kept, no type checking, no output) every .go file `union-gen generate ./...`
// reads under DIR — `_test.go`, `.`/`_` files and vendor/, testdata/, `.`/`_` directories
// and nested modules left out — one file after another on one goroutine, as a Go tool that
// loads a tree in order (gengo, controller-gen's loader without type checking) would at least
// have to. It prints the number of files and declarations, so the parse cannot be optimised out.
//
// usage: goparse [-j N] DIR
//
//	-j N  parse with N goroutines (default 1); the published baseline is -j 1
package main

import (
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

func main() {
	workers := flag.Int("j", 1, "goroutines parsing files")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: goparse [-j N] DIR")
		os.Exit(2)
	}
	files, err := goFiles(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "goparse:", err)
		os.Exit(2)
	}
	fset := token.NewFileSet()
	decls := make([]int, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	failed := false
	var mu sync.Mutex
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f, err := parser.ParseFile(fset, files[i], nil, parser.ParseComments)
				if err != nil {
					mu.Lock()
					fmt.Fprintln(os.Stderr, "goparse:", err)
					failed = true
					mu.Unlock()
					continue
				}
				decls[i] = len(f.Decls)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	total := 0
	for _, n := range decls {
		total += n
	}
	fmt.Printf("%d files, %d declarations\n", len(files), total)
	if failed {
		os.Exit(1)
	}
}

// goFiles lists DIR's .go files as `./...` from DIR selects them.
func goFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") &&
			!strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}
