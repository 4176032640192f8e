package rules

import (
	"testing"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/weblate"
)

func TestUnitState(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		u      formats.Unit
		target []string
		review bool
		want   weblate.State
	}{
		{"translated", formats.Unit{}, []string{"Ahoj"}, false, weblate.StateTranslated},
		{"empty target", formats.Unit{}, []string{""}, false, weblate.StateEmpty},
		{"no target", formats.Unit{}, nil, false, weblate.StateEmpty},
		{"only the first form counts", formats.Unit{}, []string{"", "soubory"}, false, weblate.StateEmpty},
		{"a blank value is empty", formats.Unit{Blank: true}, []string{"0"}, false, weblate.StateEmpty},
		{"fuzzy before empty", formats.Unit{Fuzzy: true}, []string{""}, false, weblate.StateFuzzy},
		{"fuzzy before approved", formats.Unit{Fuzzy: true, Approved: true}, []string{"a"}, true, weblate.StateFuzzy},
		{"approved when reviewing", formats.Unit{Approved: true}, []string{"a"}, true, weblate.StateApproved},
		{"approved without review is translated", formats.Unit{Approved: true}, []string{"a"}, false, weblate.StateTranslated},
		{"approved but empty", formats.Unit{Approved: true}, []string{""}, true, weblate.StateEmpty},
	}
	for _, tt := range tests {
		if got := UnitState(&tt.u, tt.target, tt.review); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestBilingualState(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		u    formats.Unit
		want weblate.State
	}{
		{"translated", formats.Unit{Target: []string{"a"}}, weblate.StateTranslated},
		{"read-only wins over fuzzy", formats.Unit{Target: []string{"a"}, Fuzzy: true, ReadOnly: true}, weblate.StateReadOnly},
		{"read-only wins over empty", formats.Unit{ReadOnly: true}, weblate.StateReadOnly},
		{"approved", formats.Unit{Target: []string{"a"}, Approved: true}, weblate.StateApproved},
	}
	for _, tt := range tests {
		if got := BilingualState(&tt.u, true); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTemplateUnitOf(t *testing.T) {
	t.Parallel()
	tags := []string{"one", "few", "other"}
	tests := []struct {
		name      string
		u         formats.Unit
		wantState weblate.State
		words     int
	}{
		{"translated", formats.Unit{Key: "k", Target: []string{"Hello world"}}, weblate.StateTranslated, 2},
		{"empty", formats.Unit{Key: "k", Target: []string{""}}, weblate.StateEmpty, 0},
		{"blank", formats.Unit{Key: "k", Target: []string{"0"}, Blank: true}, weblate.StateEmpty, 1},
		{"read-only", formats.Unit{Key: "k", Target: []string{""}, ReadOnly: true}, weblate.StateReadOnly, 0},
		// Forms named by category are ordered by the tags: "one" first, whatever the file's order.
		{"by category", formats.Unit{Key: "k", Target: []string{"files", "file"}, Categories: []string{"other", "one"}, Plural: true}, weblate.StateTranslated, 2},
		{"by category, no first form", formats.Unit{Key: "k", Target: []string{"files"}, Categories: []string{"other"}, Plural: true}, weblate.StateEmpty, 1},
	}
	for _, tt := range tests {
		tu := TemplateUnitOf(&tt.u, tags)
		if tu.State != tt.wantState || tu.Words != tt.words || tu.Key != "k" || tu.ReadOnly != tt.u.ReadOnly {
			t.Errorf("%s: %+v, want state %v, %d words", tt.name, tu, tt.wantState, tt.words)
		}
	}
}

func TestMonolingualState(t *testing.T) {
	t.Parallel()
	translated := &TemplateUnit{Key: "k", State: weblate.StateTranslated}
	tr := &formats.Unit{Key: "k", Target: []string{"Ahoj"}}
	tests := []struct {
		name   string
		tu     *TemplateUnit
		tr     *formats.Unit
		target []string
		want   weblate.State
	}{
		{"translated", translated, tr, tr.Target, weblate.StateTranslated},
		{"missing from the translation", translated, nil, nil, weblate.StateEmpty},
		{"fuzzy", translated, &formats.Unit{Fuzzy: true}, []string{"a"}, weblate.StateFuzzy},
		{"never approved", translated, &formats.Unit{Approved: true}, []string{"a"}, weblate.StateTranslated},
		{"template unit read-only", &TemplateUnit{ReadOnly: true, State: weblate.StateReadOnly}, tr, tr.Target, weblate.StateReadOnly},
		{"template unit empty", &TemplateUnit{State: weblate.StateEmpty}, tr, tr.Target, weblate.StateReadOnly},
		{"template unit empty, key missing", &TemplateUnit{State: weblate.StateEmpty}, nil, nil, weblate.StateReadOnly},
	}
	for _, tt := range tests {
		if got := MonolingualState(tt.tu, tt.tr, tt.target); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSourceState(t *testing.T) {
	t.Parallel()
	for _, s := range []weblate.State{weblate.StateEmpty, weblate.StateTranslated, weblate.StateReadOnly} {
		tu := &TemplateUnit{State: s}
		if got := SourceState(tu, true); got != s {
			t.Errorf("editable template, unit %v: %v", s, got)
		}
		if got := SourceState(tu, false); got != weblate.StateReadOnly {
			t.Errorf("template not editable, unit %v: %v", s, got)
		}
	}
}

func TestBilingualKey(t *testing.T) {
	t.Parallel()
	a := BilingualKey(&formats.Unit{Key: "ctx", Source: []string{"file", "files"}})
	if a != "file\x1e\x1efiles\x00ctx" {
		t.Errorf("%q", a)
	}
	// The same source in another context, and a source that holds the
	// separator, are other units.
	if b := BilingualKey(&formats.Unit{Key: "", Source: []string{"file", "files"}}); b == a {
		t.Error("the context is not part of the key")
	}
	if c := BilingualKey(&formats.Unit{Key: "ctx", Source: []string{"file"}}); c == a {
		t.Error("the plural forms are not part of the key")
	}
}

// TestBaseCode: Weblate's base_code cuts at "_" or "-" only; a variant after "@"
// stays (so English checks skip en_GB, not en@shaw).
func TestBaseCode(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]string{"pt_BR": "pt", "zh-Hans": "zh", "sr@latin": "sr@latin", "en@shaw": "en@shaw", "sr_RS@latin": "sr", "fr": "fr"} {
		if got := BaseCode(code); got != want {
			t.Errorf("BaseCode(%q) = %q, want %q", code, got, want)
		}
	}
}
