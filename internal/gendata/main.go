// Command gendata writes internal/rules/data/ from Weblate's sources: the word
// lists of weblate/checks/data.py and language-data's check_languages.py.
//
//	go run ./internal/gendata [-weblate DIR] [-out internal/rules/data]
//
// DIR holds weblate/ and weblate_language_data/; it defaults to weblate-src
// under $GITLATE_TEST_WEBLATE_CHECKS (the checks oracle).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/gitlate/gitlate/internal/gendata/weblatedata"
)

func main() {
	def := ""
	if o := os.Getenv("GITLATE_TEST_WEBLATE_CHECKS"); o != "" {
		def = filepath.Join(o, "weblate-src")
	}
	src := flag.String("weblate", def, "Weblate source tree (holds weblate/ and weblate_language_data/)")
	out := flag.String("out", filepath.Join("internal", "rules", "data"), "folder the data files are written to")
	flag.Parse()
	if *src == "" {
		fmt.Fprintln(os.Stderr, "gendata: give -weblate DIR or set GITLATE_TEST_WEBLATE_CHECKS")
		os.Exit(2)
	}
	files, err := weblatedata.Files(*src)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(*out, n), files[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gendata:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", filepath.Join(*out, n))
	}
}
