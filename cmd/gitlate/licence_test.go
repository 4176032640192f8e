package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLicence: the repository states its licence, GPL-3.0-or-later, in a LICENSE
// file holding the GNU GPL's text and in the README, and every folder of data
// carried from other projects names that data's licence beside it.
func TestLicence(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	text, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "GNU GENERAL PUBLIC LICENSE") || !strings.Contains(string(text), "Version 3, 29 June 2007") {
		t.Error("LICENSE does not hold the GNU GPL version 3")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "GPL-3.0-or-later") || !strings.Contains(string(readme), "## Licence") {
		t.Error("README has no Licence section naming GPL-3.0-or-later")
	}
	for _, dir := range []string{
		"internal/rules/data",
		"internal/lang/internal/gen/data",
		"internal/testutil/corpora/testdata",
		"internal/testutil/history/testdata",
		"cmd/gitlate/testdata",
	} {
		entries, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range entries {
			n := strings.ToUpper(e.Name())
			if strings.HasPrefix(n, "LICENSE") || strings.HasPrefix(n, "COPYING") || n == "README.MD" || n == "SOURCE.MD" {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no LICENSE, COPYING, README.md or SOURCE.md states where its data comes from", dir)
		}
	}
}
