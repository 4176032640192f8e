// Command synth writes a synthetic gitlate installation (bench/synth): N components ×
// L languages × U units of Android strings in bare git repositories, and its
// projects.yaml. The same flags give the same repositories, commit ids included.
//
//	go run ./bench/cmd/synth -dir /tmp/synth -components 100 -languages 100 -units 1000
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
)

func main() {
	var s synth.Spec
	flag.StringVar(&s.Dir, "dir", "", "output directory (required): repos/ and projects.yaml")
	flag.IntVar(&s.Components, "components", 100, "components (one repository each)")
	flag.IntVar(&s.Languages, "languages", 100, "translation languages per component, besides the source")
	flag.IntVar(&s.Units, "units", 1000, "units (strings) per component")
	flag.IntVar(&s.PerProject, "per-project", 10, "components per project")
	flag.BoolVar(&s.Checkout, "checkout", false, "non-bare checkouts (working tree read) instead of bare repositories")
	flag.IntVar(&s.Workers, "workers", 0, "repositories written at once (default: the number of CPUs)")
	flag.Parse()
	if s.Dir == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	res, err := synth.Generate(context.Background(), s)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d components × %d languages × %d units: %d files, %.1f MB, in %s\n",
		res.Config, s.Components, s.Languages, s.Units, res.Files, float64(res.Bytes)/1e6, time.Since(start).Round(time.Millisecond))
}
