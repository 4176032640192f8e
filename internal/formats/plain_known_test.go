package formats

import (
	"os"
	"testing"
)

// plainKnownDifferences are the deliberate departures from translate-toolkit in
// the key-value formats, each in a corner real translation files rarely reach.
// TestPlainKnownDifferences pins our behaviour and, with translate-toolkit
// installed, checks that it still behaves otherwise (so the list stays true).
var plainKnownDifferences = []struct {
	format, doc string
	why         string
}{
	{"yaml", "order: [:day, :month]\n",
		"yaml.v3 (libyaml) refuses a plain scalar starting with \":\" inside a flow collection, which ruamel.yaml reads; " +
			"the block form (\"- :day\") reads the same in both"},
	{"ruby-yaml", "en:\n  a:\n    one: [x]\n    other: y\n",
		"a plural category holding a collection is a form holding Python's repr() of it for translate-toolkit; refused here"},
	{"yaml", "? [a, b]\n: x\n",
		"a mapping key that is a collection is written as Python's repr() of a tuple by translate-toolkit; refused here"},
	{"yaml", "2001-12-14 21:59:43: x\n",
		"a date-time mapping key is written as Python's str() of a datetime by translate-toolkit; refused here"},
	{"properties", "a=\\N{LINE FEED}\n",
		"translate-toolkit's \\N{…} accepts Unicode name aliases and named sequences; only character names are known here"},
}

func TestPlainKnownDifferences(t *testing.T) {
	t.Parallel()
	for _, k := range plainKnownDifferences {
		if _, err := mustLookup(t, k.format).Parse([]byte(k.doc)); err == nil {
			t.Errorf("%s %q: parsed; documented as refused: %s", k.format, k.doc, k.why)
		}
	}
	if _, err := os.Stat(systemPython); err != nil {
		return
	}
	requireTTKYAML(t)
	var reqs []plainTTKRequest
	for _, k := range plainKnownDifferences {
		reqs = append(reqs, bytesRequest(k.format, []byte(k.doc)))
	}
	for i, r := range runPlainTTK(t, reqs) {
		if r.Error != "" {
			t.Errorf("translate-toolkit refuses it too now, drop the known difference: %s (%s)", plainKnownDifferences[i].why, r.Error)
		}
	}
}
