package lang

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// corpusCodes lists the language codes of the corpora's directories and
// glossary files, as the scanner extracts them: internal/testutil/corpora's
// trimmed copies, or the full corpora under $GITLATE_TEST_SHARED.
func corpusCodes(t *testing.T) []string {
	t.Helper()
	root := corpora.Dir()
	seen := map[string]bool{}
	for _, c := range []string{"newpipe", "fdroidclient"} {
		dirs, err := filepath.Glob(filepath.Join(root, c, "app/src/main/res/values-*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			seen[strings.TrimPrefix(filepath.Base(d), "values-")] = true
		}
	}
	files, _ := filepath.Glob(filepath.Join(root, "slicer-glossary/glossary/*.tbx"))
	for _, f := range files {
		seen[strings.TrimSuffix(filepath.Base(f), ".tbx")] = true
	}
	var codes []string
	for c := range seen {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	// The trimmed copies: 40 + 28 + 20 language directories and glossaries, 69
	// distinct codes (ls values-* and *.tbx | sed the prefix and suffix off |
	// sort -u | wc -l); over 100 in the full corpora.
	if want := 69; !corpora.Full() && len(codes) != want || corpora.Full() && len(codes) < 100 {
		t.Fatalf("%d corpus codes found", len(codes))
	}
	return codes
}

// baseline runs the bench's Languages class (Weblate 4.18 + language-data
// 2023.5) on the codes: code -> [canonical code, "generated" or ""].
func baseline(t *testing.T, codes []string) map[string][2]string {
	t.Helper()
	bench := filepath.Dir(corpora.TTKStats())
	if _, err := os.Stat(corpora.TTKStats()); err != nil {
		t.Skipf("baseline not available (%v)", err)
	}
	script := `
import json, sys
sys.path.insert(0, sys.argv[1])
import ttk_stats
langs = ttk_stats.Languages()
out = {}
for code in json.load(sys.stdin):
    before = len(langs.generated)
    got = langs.auto_get_or_create(code)
    out[code] = [got, "generated" if got in langs.generated else ""]
print(json.dumps(out))
`
	outside.Short(t, "translate-toolkit")
	in, _ := json.Marshal(codes)
	cmd := exec.Command("/usr/bin/python3", "-c", script, bench)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("baseline did not run (needs /usr/bin/python3 with python3-translate): %v", err)
	}
	var res map[string][2]string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCorpora: every language directory of the corpora resolves to the
// code the baseline gives, generated or not alike.
func TestCorpora(t *testing.T) {
	codes := corpusCodes(t)
	want := baseline(t, codes)
	for _, c := range codes {
		l, err := Resolve(c)
		if err != nil {
			t.Errorf("Resolve(%q): %v", c, err)
			continue
		}
		if w := want[c]; l.Code != w[0] || l.Generated != (w[1] == "generated") {
			t.Errorf("Resolve(%q) = %s %q generated=%v, baseline %v", c, l.Code, l.Name, l.Generated, w)
		}
	}
}
