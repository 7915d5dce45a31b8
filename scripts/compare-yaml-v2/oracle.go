// Reads JSON documents (one per line) from stdin, writes yaml.v2 Marshal of yaml.v2 Unmarshal
// (controller-gen's yamlJSONToYAMLWithFilter) of each, separated by "---\n".
package main

import (
	"bufio"
	"fmt"
	"os"

	rawyaml "gopkg.in/yaml.v2"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var obj interface{}
		if err := rawyaml.Unmarshal(sc.Bytes(), &obj); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out, err := rawyaml.Marshal(obj)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Stdout.Write([]byte("---\n"))
		os.Stdout.Write(out)
	}
}
