package search

import "testing"

// TestScope: terms on language, component and project decide a translation; any
// other term leaves it open, through AND, OR and NOT as Kleene's logic does. The
// probes are the two translations of testUnits: cs of app ("Application"), de of
// web ("Website"), both in project demo.
func TestScope(t *testing.T) {
	t.Parallel()
	cs := &Unit{Language: "cs", Component: "app", ComponentName: "Application", Project: "demo"}
	de := &Unit{Language: "de", Component: "web", ComponentName: "Website", Project: "demo"}
	cases := []struct {
		q      string
		cs, de bool
		exact  bool
	}{
		{"", true, true, true},
		{"language:cs", true, false, true},
		{"language:CS", true, false, true}, // iexact
		{"language:cs state:<translated", true, false, false},
		{"state:<translated AND language:de", false, true, false},
		{"language:cs OR state:translated", true, true, false},
		{"language:cs OR language:de", true, true, true},
		{"NOT language:cs", false, true, true},
		{"NOT (language:cs state:translated)", true, true, false},
		{"NOT (language:cs OR state:translated)", false, true, false},
		{"component:web", false, true, true},
		{"component:site", false, true, true}, // the component's name, icontains
		{"project:demo language:de", false, true, true},
		{"project:other", false, false, true},
		{"project:other OR hello", true, true, false},
		{"source:hello", true, true, false},
		{"has:suggestion", false, false, true}, // never, on every string
		{"language:r\"^c\"", true, false, true},
	}
	for _, tt := range cases {
		s := ScopeOf(tt.q)
		if got := s.MayMatch(cs); got != tt.cs {
			t.Errorf("%q on cs: %v, want %v", tt.q, got, tt.cs)
		}
		if got := s.MayMatch(de); got != tt.de {
			t.Errorf("%q on de: %v, want %v", tt.q, got, tt.de)
		}
		if s.Exact() != tt.exact {
			t.Errorf("%q: exact %v, want %v", tt.q, s.Exact(), tt.exact)
		}
	}
}

// TestScopeSound: over the queries of TestMatch-like shapes, a translation the
// scope rules out has no matching string, and an exact scope is the match of
// every string.
func TestScopeSound(t *testing.T) {
	t.Parallel()
	queries := []string{"", "hello", "language:cs", "language:de OR hello", "NOT language:cs", "NOT (language:cs hello)",
		"component:app state:<translated", "(project:demo OR ab) AND NOT language:cs", "language:cs AND (NOT has:plural OR language:de)",
		"is:translated", "NOT NOT language:de", "project:demo", "component:Application OR component:web"}
	for _, q := range queries {
		query, err := Parse(q)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		s := ScopeOf(q)
		for i := range testUnits {
			u := &testUnits[i]
			probe := &Unit{Language: u.Language, Component: u.Component, ComponentName: u.ComponentName, Project: u.Project}
			if query.Match(u) && !s.MayMatch(probe) {
				t.Errorf("%q: unit %d matches, yet its translation is ruled out", q, u.ID)
			}
			if s.Exact() && query.Match(u) != s.MayMatch(probe) {
				t.Errorf("%q: exact scope says %v of unit %d", q, s.MayMatch(probe), u.ID)
			}
		}
	}
	// A query Parse refuses rules nothing out.
	if s := ScopeOf("state:<<<"); !s.MayMatch(&Unit{}) || s.Exact() {
		t.Errorf("a refused query's scope rules out or is exact")
	}
}
