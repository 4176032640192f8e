// Command version is the baseline of the process-start figure: a Go program
// that only prints a version line, as `gitlate --version` does, so the figure
// shows what gitlate's own start costs beyond the Go runtime's.
package main

import (
	"fmt"
	"os"
)

func main() { fmt.Fprintln(os.Stdout, "gitlate (baseline)") }
