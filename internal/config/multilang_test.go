package config

import (
	"strings"
	"testing"
)

// TestOneFileFilemask: a string catalog (one file holding every language) is
// named by its path, without "*"; it is its own template, and a template naming
// another file is refused.
func TestOneFileFilemask(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		mask, template, problem, wantTemplate string
	}{
		{mask: "App/Localizable.xcstrings", wantTemplate: "App/Localizable.xcstrings"},
		{mask: "./App//Localizable.xcstrings", wantTemplate: "App/Localizable.xcstrings"},
		{mask: "App/Localizable.xcstrings", template: "App/Localizable.xcstrings", wantTemplate: "App/Localizable.xcstrings"},
		{mask: "App/[x]?.xcstrings", wantTemplate: "App/[x]?.xcstrings"}, // read literally
		{mask: "App/Localizable.xcstrings", template: "App/Other.xcstrings",
			problem: `projects[0].components[0].template: must be empty or the filemask's file: a xcstrings file is its own template`},
		{mask: "*/Localizable.xcstrings",
			problem: `projects[0].components[0].filemask: must name the one file holding every language, without "*"`},
		{mask: "../Localizable.xcstrings", problem: `projects[0].components[0].filemask: must stay inside the repository`},
	} {
		data := "projects:\n- {name: A, slug: a, components: [{name: C, slug: c, repo: r, file_format: xcstrings, filemask: '" + tt.mask + "'"
		if tt.template != "" {
			data += ", template: '" + tt.template + "'"
		}
		data += "}]}\n"
		cfg, err := Parse([]byte(data), "")
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("%s: %v, want %s", tt.mask, err, tt.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.mask, err)
			continue
		}
		if got := cfg.Projects[0].Components[0].Template; got != tt.wantTemplate {
			t.Errorf("%s: template %q, want %q", tt.mask, got, tt.wantTemplate)
		}
	}
}
