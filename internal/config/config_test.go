package config

import (
	"github.com/gitlate/gitlate/internal/formats"

	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// minimalComponent is testdata/good/minimal.yaml's component: the keys it gives, and
// every other field at Weblate's default, each written out so each default is asserted.
func minimalComponent(t *testing.T) Component {
	return Component{
		Name:                        "Android strings",
		Slug:                        "android",
		SourceLanguage:              "en",
		Repo:                        "../repos/demo",
		RepoPath:                    testdataPath(t, "repos/demo"),
		VCS:                         "git",
		Branch:                      "",
		PushBranch:                  "",
		Push:                        "",
		GitExport:                   "",
		RepoWeb:                     "",
		Filemask:                    "app/src/main/res/values-*/strings.xml",
		Template:                    "app/src/main/res/values/strings.xml",
		EditTemplate:                true,
		Intermediate:                "",
		NewBase:                     "",
		FileFormat:                  "aresource",
		License:                     "",
		LicenseURL:                  "",
		Agreement:                   "",
		NewLang:                     "add",
		LanguageCodeStyle:           "",
		CheckFlags:                  "",
		Priority:                    100,
		EnforcedChecks:              []string{},
		Restricted:                  false,
		ReportSourceBugs:            "",
		MergeStyle:                  "rebase",
		CommitMessage:               DefaultCommitMessage,
		AddMessage:                  DefaultAddMessage,
		DeleteMessage:               DefaultDeleteMessage,
		MergeMessage:                DefaultMergeMessage,
		AddonMessage:                DefaultAddonMessage,
		PullMessage:                 DefaultPullMessage,
		AllowTranslationPropagation: true,
		ManageUnits:                 false,
		EnableSuggestions:           true,
		SuggestionVoting:            false,
		SuggestionAutoaccept:        0,
		PushOnCommit:                true,
		CommitPendingAge:            24,
		AutoLockError:               true,
		LanguageRegex:               `^[^.]+$`,
		VariantRegex:                "",
		IsGlossary:                  false,
		GlossaryColor:               "silver",
		History:                     History{MaxCommits: DefaultHistoryCommits},
		FetchInterval:               DefaultFetchInterval,
		Line:                        6,
	}
}

// fixtures drives TestFixtures: every file under testdata/ must have a row.
// Bad files list every problem expected, as "line:col: key: message" after the
// file name; good files check what was decoded.
var fixtures = map[string]struct {
	problems []string
	check    func(t *testing.T, cfg *Config)
}{
	"good/minimal.yaml": {check: func(t *testing.T, cfg *Config) {
		same(t, cfg, &Config{
			File: testdataPath(t, "good/minimal.yaml"),
			Projects: []*Project{{
				Name: "Demo App", Slug: "demo",
				Web: "", Instructions: "", LanguageAliases: "",
				SetLanguageTeam: true, TranslationReview: false, SourceReview: false, EnableHooks: true, // Weblate's defaults
				Components: []*Component{ptr(minimalComponent(t))},
				Line:       3,
			}},
		})
	}},
	"good/full.yaml": {check: func(t *testing.T, cfg *Config) {
		want := &Config{
			File: testdataPath(t, "good/full.yaml"),
			Projects: []*Project{{
				Name:              "Full Project",
				Slug:              "full_project-2",
				Web:               "https://example.org/",
				Instructions:      "https://example.org/howto",
				SetLanguageTeam:   true,
				TranslationReview: true,
				SourceReview:      true,
				EnableHooks:       true,
				LanguageAliases:   "en_GB:en,pt-BR:pt_BR",
				Line:              3,
				Components: []*Component{{
					Name:                        "Everything",
					Slug:                        "everything",
					SourceLanguage:              "de",
					Repo:                        "/srv/git/full.git",
					RepoPath:                    "/srv/git/full.git",
					VCS:                         "git",
					Branch:                      "develop",
					PushBranch:                  "translations",
					Push:                        "git@example.org:full.git",
					GitExport:                   "https://git.example.org/full/",
					RepoWeb:                     "https://example.org/blob/{{branch}}/{{filename}}#L{{line}}",
					Filemask:                    "po/*.po",
					Template:                    "po/messages.pot",
					EditTemplate:                false,
					Intermediate:                "po/intermediate.pot",
					NewBase:                     "po/messages.pot",
					FileFormat:                  "po",
					License:                     "GPL-3.0-or-later",
					LicenseURL:                  "https://www.gnu.org/licenses/gpl-3.0.html",
					Agreement:                   "By translating you agree\nto the terms.",
					NewLang:                     "contact",
					LanguageCodeStyle:           "bcp",
					CheckFlags:                  "max-length:120, ignore-same",
					Priority:                    140,
					EnforcedChecks:              []string{"same", "max-length"},
					Restricted:                  true,
					ReportSourceBugs:            "bugs@example.org",
					MergeStyle:                  "merge_noff",
					CommitMessage:               "commit {{ language_name }}",
					AddMessage:                  "add {{ language_name }}",
					DeleteMessage:               "delete {{ language_name }}",
					MergeMessage:                "merge {{ component_remote_branch }}",
					AddonMessage:                "addon {{ addon_name }}",
					PullMessage:                 "pull {{ url }}",
					AllowTranslationPropagation: false,
					ManageUnits:                 true,
					EnableSuggestions:           false,
					SuggestionVoting:            true,
					SuggestionAutoaccept:        2,
					PushOnCommit:                false,
					CommitPendingAge:            0,
					AutoLockError:               false,
					LanguageRegex:               "^(de|fr)$",
					VariantRegex:                "_(short|long)$",
					IsGlossary:                  false,
					GlossaryColor:               "navy",
					History:                     History{MaxCommits: DefaultHistoryCommits}, // see good/history-authors.yaml
					FetchInterval:               DefaultFetchInterval,
					Line:                        13,
				}},
			}},
		}
		same(t, cfg, want)
	}},
	"good/glossary.yaml": {check: func(t *testing.T, cfg *Config) {
		cs := cfg.Projects[0].Components
		// Glossary defaults: manage_units on, propagation off, new_lang forced to
		// "none" over the file's "add", branch "main" for local:, and an SPDX
		// licence gets its URL.
		g := *cs[0]
		same(t, [6]any{g.ManageUnits, g.AllowTranslationPropagation, g.NewLang, g.VCS, g.Branch, g.LicenseURL},
			[6]any{true, false, "none", "local", "main", "https://spdx.org/licenses/MIT.html"})
		same(t, g.RepoPath, "local:")
		// Written values win over glossary defaults, except new_lang; a licence
		// outside the SPDX table has no URL.
		g = *cs[1]
		same(t, [6]any{g.ManageUnits, g.AllowTranslationPropagation, g.NewLang, g.VCS, g.Branch, g.LicenseURL},
			[6]any{false, true, "none", "local", "terms", ""})
		// A glossary in a remote repository keeps the HEAD branch; license_url ""
		// written out means null even for an SPDX licence.
		g = *cs[2]
		same(t, [6]any{g.ManageUnits, g.AllowTranslationPropagation, g.NewLang, g.VCS, g.Branch, g.LicenseURL},
			[6]any{true, false, "none", "git", "", ""})
	}},
	"good/repos.yaml": {check: func(t *testing.T, cfg *Config) {
		var got [][3]string
		for _, c := range cfg.Projects[0].Components {
			got = append(got, [3]string{c.Repo, c.RepoPath, c.VCS})
		}
		same(t, got, [][3]string{
			{"../repos/../repos/app/", testdataPath(t, "repos/app"), "git"},
			{"/srv/git//app.git/", "/srv/git/app.git", "git"},
			{"file:///srv/git/app.git", "file:///srv/git/app.git", "git"},
			{"https://user@example.org/app.git", "https://user@example.org/app.git", "git"},
			{"http://example.org/app.git", "http://example.org/app.git", "git"},
			{"ssh://git@example.org:2222/app.git", "ssh://git@example.org:2222/app.git", "git"},
			{"git://example.org/app.git", "git://example.org/app.git", "git"},
			{"git@example.org:team/app.git", "git@example.org:team/app.git", "git"},
			{"local:", "local:", "local"},
		})
	}},
	"good/empty-projects.yaml": {check: func(t *testing.T, cfg *Config) {
		same(t, len(cfg.Projects), 0)
	}},
	"good/bom.yaml": {check: func(t *testing.T, cfg *Config) {
		p := cfg.Projects[0]
		same(t, [3]any{p.Name, p.Slug, len(p.Components)}, [3]any{"Byte order mark", "bom", 0})
	}},
	"good/tabs.yaml": {check: func(t *testing.T, cfg *Config) {
		p := cfg.Projects[0]
		same(t, [4]string{p.Name, p.Slug, p.Instructions, p.Web},
			[4]string{"Tab\there", "tabs", "a\tb", "a block\twith a tab\n"})
	}},
	"good/anchors.yaml": {check: func(t *testing.T, cfg *Config) {
		var got [][4]any
		for _, p := range cfg.Projects {
			for _, c := range p.Components {
				got = append(got, [4]any{p.Slug + "/" + c.Slug, c.Repo, c.Filemask, c.EnforcedChecks})
			}
		}
		same(t, got, [][4]any{
			{"anchors/first", "https://example.org/app.git", "res/values-*/strings.xml", []string{"same"}},
			{"anchors/second", "https://example.org/app.git", "res/values-*/strings.xml", []string{"same"}},
			{"other/first", "https://example.org/app.git", "res/values-*/strings.xml", []string{}},
		})
		same(t, [3]int{cfg.Projects[0].Line, cfg.Projects[1].Line, cfg.Projects[2].Line}, [3]int{3, 18, 21})
	}},

	"good/history-authors.yaml": {check: func(t *testing.T, cfg *Config) {
		var got []History
		for _, c := range cfg.Projects[0].Components {
			got = append(got, c.History)
		}
		same(t, got, []History{{MaxCommits: 300}, {Since: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)}, {}, {Since: time.Date(2024, 1, 31, 0, 0, 0, 0, time.UTC)}})
		var fetch []time.Duration
		for _, c := range cfg.Projects[0].Components {
			fetch = append(fetch, c.FetchInterval)
		}
		same(t, fetch, []time.Duration{DefaultFetchInterval, 90 * time.Second, 0, time.Hour})
		same(t, cfg.Projects[0].Components[0].Filemask, "glossary/*.tbx")
		same(t, cfg.Tokens, []string{"wlu_0123456789abcdef", "another-long-secret-token"})
		same(t, cfg.Authors, []*Author{
			{Email: "ann@example.org", Username: "ann", FullName: "Ann Example", Line: 3},
			{Email: "ann.old@example.org", Username: "ann", Line: 6},
			{Email: "bot@example.org", FullName: "Translation Bot", Line: 8},
		})
	}},
	"bad/history-authors.yaml": {problems: []string{
		`2:5: authors[0]: missing required key "email"`,
		`3:15: authors[0].username: must be letters, digits and @.+-_ only`,
		`5:12: authors[2].email: duplicate author e-mail "ann@example.org" (first at line 4)`,
		`15:18: projects[0].components[0].history: must be a positive number of commits, a date (2024-01-31) or all`,
		`21:18: projects[0].components[1].history: must be a positive number of commits, a date (2024-01-31) or all`,
		`27:18: projects[0].components[2].history: must be a positive number of commits, a date (2024-01-31) or all, not a mapping`,
		`28:25: projects[0].components[2].fetch_interval: must be at least 10s`,
		`30:5: tokens[0]: is too short to be a secret (at least 16 characters)`,
		`32:5: tokens[2]: duplicate token`,
	}},
	"good/addons-links.yaml": {check: func(t *testing.T, cfg *Config) {
		c := cfg.Projects[0].Components[0]
		same(t, [2]any{c.Locked, c.Links}, [2]any{true, []string{"docs", "site"}})
		same(t, len(c.Addons), 2)
		// The configuration becomes JSON in file order, without HTML escaping, with
		// floats as Python writes them and dates kept as text.
		same(t, [3]any{c.Addons[0].Name, c.Addons[0].Line, string(c.Addons[0].Configuration)},
			[3]any{"weblate.gettext.customize", 14, `{"width":77,"ratio":1.0,"tiny":1e-05,"label":"<b>&</b> \u2028","when":"2024-01-31","list":[1,"two",null,true],"nested":{"a":{"b":[]}}}`})
		same(t, [2]string{c.Addons[1].Name, string(c.Addons[1].Configuration)}, [2]string{"weblate.cleanup.generic", "{}"})
		p := cfg.Projects[0].Components[1]
		same(t, [3]any{p.Locked, len(p.Links), len(p.Addons)}, [3]any{false, 0, 0})
	}},
	"bad/addons-links.yaml": {problems: []string{
		`10:17: projects[0].components[0].locked: must be true or false, not "yes"`,
		`11:17: projects[0].components[0].links[0]: a component is part of its own project; links name the other projects it is shared into`,
		`11:28: projects[0].components[0].links[2]: unknown project "nope"`,
		`11:34: projects[0].components[0].links[3]: duplicate project "docs" (first at line 11)`,
		`11:40: projects[0].components[0].links[4]: must be a project slug, not an integer`,
		`13:19: projects[0].components[0].addons[0].name: must be an add-on name such as "weblate.gettext.linguas"`,
		`15:28: projects[0].components[0].addons[1].configuration: must be a mapping, not a list`,
		`16:19: projects[0].components[0].addons[2].name: duplicate add-on "weblate.cleanup.generic" (first at line 14)`,
		`17:13: projects[0].components[0].addons[3]: missing required key "name"`,
		`17:32: projects[0].components[0].addons[3].configuration.x: must be a finite number (JSON has no .inf)`,
		`19:29: projects[0].components[0].addons[4].configuration: keys must be plain strings, not an integer`,
		`20:13: projects[0].components[0].addons[5]: must be a mapping, not "just-a-name"`,
	}},
	"bad/empty.yaml":         {problems: []string{`the file is empty; it needs at least "projects: []"`}},
	"bad/comments-only.yaml": {problems: []string{`the file is empty; it needs at least "projects: []"`}},
	"bad/tabs.yaml":          {problems: []string{`3:1: invalid YAML: found a tab character that violates indentation`}},
	"bad/tabs-token.yaml": {problems: []string{
		`2:1: invalid YAML: found character that cannot start any token (a tab; indent with spaces)`,
	}},
	// yaml.v3 reports where the unclosed flow mapping started, without a column.
	"bad/syntax.yaml": {problems: []string{`1: invalid YAML: did not find expected ',' or '}' (a [ or { is not closed)`}},
	// yaml.v3's messages get the line the mistake is on and what usually causes it.
	"bad/alias.yaml":         {problems: []string{`8: invalid YAML: did not find expected alphabetic or numeric character (a value starting with "*" is read as a YAML alias or anchor: quote it, e.g. "*.tbx")`}},
	"bad/indent.yaml":        {problems: []string{`4: invalid YAML: did not find expected '-' indicator (check the indentation of this line against the lines above it: keys of one mapping line up, list items start with "- ")`}},
	"bad/colon.yaml":         {problems: []string{`4: invalid YAML: mapping values are not allowed in this context (a value containing ": " must be quoted)`}},
	"bad/quote.yaml":         {problems: []string{`4: invalid YAML: found unexpected end of stream (a quoted value is not closed)`}},
	"bad/at-sign.yaml":       {problems: []string{`4: invalid YAML: found character that cannot start any token (a value starting with "@" must be quoted, e.g. "@team")`}},
	"bad/two-documents.yaml": {problems: []string{`3:1: only one YAML document is allowed (remove the "---")`}},
	"bad/not-mapping.yaml":   {problems: []string{`1:1: must be a mapping, not a list`}},
	"bad/no-projects.yaml": {problems: []string{
		`1:1: project: unknown key (did you mean "projects"?)`,
		`1:1: missing required key "projects"`,
	}},
	"bad/projects-null.yaml": {problems: []string{`1:10: projects: must be a list, not null`}},
	"bad/unknown-keys.yaml": {problems: []string{
		`1:1: defaults: unknown key`,
		`6:5: projects[0].website: unknown key`,
		`8:9: projects[0].components[0]: missing required key "filemask"`,
		`11:9: projects[0].components[0].filemsk: unknown key (did you mean "filemask"?)`,
		`13:9: projects[0].components[0].<<: merge keys are not supported; use an alias for a whole value`,
		`14:9: projects[0].components[0].screenshots: unknown key`,
	}},
	"bad/types.yaml": {problems: []string{
		`2:11: projects[0].name: must be a string, not a boolean`,
		`3:11: projects[0].slug: must be a string, not a list`,
		`4:9: projects[0].web: must be a string, not null (write "" for an empty value)`,
		`5:19: projects[0].enable_hooks: must be true or false, not "yes"`,
		`6:25: projects[0].translation_review: must be true or false, not an integer`,
		`8:7: projects[0].components: must be a list, not a mapping`,
		`14:15: projects[1].components[0].repo: must be a string, not a mapping`,
		`17:19: projects[1].components[0].priority: must be an integer, not "100"`,
		`18:29: projects[1].components[0].commit_pending_age: must be an integer, not a number`,
		`19:26: projects[1].components[0].enforced_checks: must be a list, not "same"`,
		`25:33: projects[1].components[1].enforced_checks[1]: must be a string, not an integer`,
		`25:36: projects[1].components[1].enforced_checks[2]: must be a string, not a list`,
		`26:32: projects[1].components[1].suggestion_autoaccept: is out of range`,
		`27:9: projects[1].components[2]: must be a mapping, not "just a string"`,
	}},
	"bad/duplicates.yaml": {problems: []string{
		`4:5: projects[0].slug: duplicate key (first at line 3)`,
		`11:9: projects[0].components[0].file_format: duplicate key (first at line 10)`,
		`12:15: projects[0].components[1].name: duplicate component name "App" (first at line 6)`,
		`13:15: projects[0].components[1].slug: duplicate component slug "app" (first at line 7)`,
		`17:11: projects[1].name: duplicate project name "Demo" (first at line 2)`,
		`18:11: projects[1].slug: duplicate project slug "demo" (first at line 3)`,
	}},
	"bad/required.yaml": {problems: []string{
		`2:5: projects[0]: missing required key "name"`,
		`4:9: projects[0].components[0]: missing required keys "repo", "filemask", "file_format"`,
		`4:15: projects[0].components[0].name: must not be empty`,
		`6:9: projects[0].components[1]: missing required keys "name", "slug", "repo", "filemask", "file_format"`,
		`7:5: projects[1]: missing required key "slug"`,
	}},
	"bad/slugs.yaml": {problems: []string{
		`3:11: projects[0].slug: must match [a-z0-9_-]+`,
		`5:11: projects[1].slug: must match [a-z0-9_-]+`,
		`7:11: projects[2].slug: must not be empty`,
		`10:15: projects[2].components[0].slug: must match [a-z0-9_-]+`,
	}},
	"bad/paths.yaml": {problems: []string{
		`8:19: projects[0].components[0].filemask: must contain "*", which stands for the language code`,
		`13:19: projects[0].components[1].filemask: must not contain "**": a "*" matches within one folder or file name, not across folders (Weblate's glob is not recursive); write a single "*"`,
		`18:19: projects[0].components[2].filemask: must be relative to the repository, not absolute`,
		`19:19: projects[0].components[2].template: must be relative to the repository, not absolute`,
		`24:19: projects[0].components[3].filemask: must stay inside the repository (".." leads out of it)`,
		`25:19: projects[0].components[3].template: must stay inside the repository (".." leads out of it)`,
		`26:23: projects[0].components[3].intermediate: must stay inside the repository (".." leads out of it)`,
		`27:19: projects[0].components[3].new_base: must name a file in the repository`,
	}},
	"bad/values.yaml": {problems: []string{
		// The known formats are the registry's, whichever are registered.
		`9:22: projects[0].components[0].file_format: unknown file format "xlif" (known: ` + strings.Join(formats.IDs(), ", ") + `)`,
		`10:19: projects[0].components[0].new_lang: must be one of "add", "contact", "url", "none"`,
		`11:22: projects[0].components[0].merge_style: must be one of "merge", "rebase", "merge_noff"`,
		`12:19: projects[0].components[0].priority: must be one of 60, 80, 100, 120, 140`,
		`13:25: projects[0].components[0].glossary_color: must be one of "navy", "blue", "aqua", "teal", "olive", "green", "lime", "yellow", "orange", "red", "maroon", "fuchsia", "purple", "black", "gray", "silver"`,
		`14:30: projects[0].components[0].language_code_style: must be one of "", "posix", "bcp", "posix_long", "posix_long_lowercase", "bcp_long", "bcp_legacy", "bcp_lower", "android", "appstore", "googleplay", "linux"`,
		`15:14: projects[0].components[0].vcs: must be one of "git", "local"`,
		`21:32: projects[0].components[1].suggestion_autoaccept: must not be 1 (a suggestion's author would accept it alone); use 0 to turn it off`,
		`22:29: projects[0].components[1].commit_pending_age: must not be negative`,
		"28:25: projects[0].components[2].language_regex: is not a valid regular expression: missing closing ): `^(de|fr$`",
		"29:24: projects[0].components[2].variant_regex: is not a valid regular expression: invalid named capture: `(?<=x)y`",
		`30:26: projects[0].components[2].source_language: must not be empty`,
	}},
	"bad/repos.yaml": {problems: []string{
		`5:34: projects[0].components[0].repo: unsupported URL scheme "ftp" (use https, http, ssh, git, file)`,
		`6:34: projects[0].components[1].repo: "local:" takes nothing after the colon`,
		`7:49: projects[0].components[2].vcs: must be "local" for repo "local:" (vcs follows from repo)`,
		`8:70: projects[0].components[3].vcs: must be "git" for repo "https://example.org/app.git" (vcs follows from repo)`,
		`9:34: projects[0].components[4].repo: must not be empty`,
	}},
}

func TestFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimPrefix(filepath.ToSlash(f), "testdata/")
		if _, ok := fixtures[name]; !ok {
			t.Errorf("%s has no row in fixtures", f)
		}
	}
	for name, fx := range fixtures {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			cfg, err := Load(path)
			if strings.HasPrefix(name, "good/") {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				fx.check(t, cfg)
				return
			}
			var errs *Errors
			if !errors.As(err, &errs) {
				t.Fatalf("Load = %v, %v; want *Errors", cfg, err)
			}
			if cfg != nil {
				t.Errorf("Load returned a config along with errors")
			}
			want := make([]string, len(fx.problems))
			for i, p := range fx.problems {
				sep := ":"
				if !startsWithDigit(p) {
					sep = ": "
				}
				want[i] = path + sep + p
			}
			if got := strings.Split(errs.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("problems:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/no-such-file.yaml")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load = %v; want an error wrapping fs.ErrNotExist", err)
	}
	var errs *Errors
	if errors.As(err, &errs) {
		t.Errorf("a missing file is not a problem inside a file: got *Errors")
	}
}

// With no file name, relative repositories resolve against the current directory
// and messages carry no file name.
func TestParseWithoutFile(t *testing.T) {
	cfg, err := Parse([]byte("projects:\n- {name: A, slug: a, components: [{name: C, slug: c, repo: r, filemask: '*.po', file_format: po}]}\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	same(t, [2]string{cfg.File, cfg.Projects[0].Components[0].RepoPath}, [2]string{"", filepath.Join(wd, "r")})

	_, err = Parse([]byte("projects:\n  - slug: a\n"), "")
	same(t, fmt.Sprint(err), `2:5: projects[0]: missing required key "name"`)
}

// TestFilemasks: a filemask may hold several "*" (GNOME's help/*/*.po), as
// Weblate's validate_filemask (weblate/trans/validators.py) accepts; one with none,
// or with "**", is refused at its line.
func TestFilemasks(t *testing.T) {
	t.Parallel()
	tests := []struct{ mask, problem string }{
		{"*.po", ""},
		{"help/*/*.po", ""},
		{"path/*/resources/MessagesBundle_*.properties", ""},
		{"*/LC_MESSAGES/*.po", ""},
		{"po/de.po", `2:90: projects[0].components[0].filemask: must contain "*", which stands for the language code`},
		{"locales/**/*.json", `2:90: projects[0].components[0].filemask: must not contain "**"`},
		{"../*/*.po", `2:90: projects[0].components[0].filemask: must stay inside the repository`},
	}
	for _, tt := range tests {
		data := []byte("projects:\n- {name: A, slug: a, components: [{name: C, slug: c, repo: r, file_format: po, filemask: '" + tt.mask + "'}]}\n")
		cfg, err := Parse(data, "")
		switch {
		case tt.problem == "" && err != nil:
			t.Errorf("%s: %v", tt.mask, err)
		case tt.problem == "" && cfg.Projects[0].Components[0].Filemask != tt.mask:
			t.Errorf("%s: read as %q", tt.mask, cfg.Projects[0].Components[0].Filemask)
		case tt.problem != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.problem)):
			t.Errorf("%s: %v, want %s…", tt.mask, err, tt.problem)
		}
	}
}

// TestFormatsFromRegistry: every registered format is accepted, and the error for an
// unknown one lists them. A format whose one file holds every language is named
// by that file.
func TestFormatsFromRegistry(t *testing.T) {
	for _, id := range formats.IDs() {
		mask := "*.x"
		if info, _ := formats.Lookup(id); info.MultiLanguage {
			mask = "all.x"
		}
		data := []byte("projects:\n- {name: A, slug: a, components: [{name: C, slug: c, repo: r, filemask: '" + mask + "', file_format: " + id + "}]}\n")
		if _, err := Parse(data, "x.yaml"); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	data := []byte("projects:\n- {name: A, slug: a, components: [{name: C, slug: c, repo: r, filemask: '*.x', file_format: nope}]}\n")
	_, err := Parse(data, "x.yaml")
	if err == nil || !strings.Contains(err.Error(), strings.Join(formats.IDs(), ", ")) {
		t.Errorf("unknown format: %v", err)
	}
}

func TestProblemError(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{File: "p.yaml", Line: 12, Column: 7, Key: "projects[0].slug", Message: "bad"}, "p.yaml:12:7: projects[0].slug: bad"},
		{Problem{File: "p.yaml", Line: 3, Message: "bad"}, "p.yaml:3: bad"},
		{Problem{File: "p.yaml", Message: "bad"}, "p.yaml: bad"},
		{Problem{Line: 3, Column: 1, Key: "k", Message: "bad"}, "3:1: k: bad"},
	} {
		same(t, tc.p.Error(), tc.want)
	}
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func ptr[T any](v T) *T { return &v }

func testdataPath(t *testing.T, rel string) string {
	abs, err := filepath.Abs(filepath.Join("testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// same compares through JSON so a mismatch in a large struct prints only the lines
// that differ.
func same(t *testing.T, got, want any) {
	t.Helper()
	g, _ := json.MarshalIndent(got, "", "  ")
	w, _ := json.MarshalIndent(want, "", "  ")
	if string(g) == string(w) {
		return
	}
	gl, wl := strings.Split(string(g), "\n"), strings.Split(string(w), "\n")
	var diff []string
	for i := range max(len(gl), len(wl)) {
		var a, b string
		if i < len(gl) {
			a = gl[i]
		}
		if i < len(wl) {
			b = wl[i]
		}
		if a != b {
			diff = append(diff, fmt.Sprintf("line %d:\n   got %s\n  want %s", i+1, a, b))
		}
	}
	t.Errorf("mismatch:\n%s", strings.Join(diff, "\n"))
}

// The default templates are gitlate's own words, but must offer the placeholders the
// spec lists (read-api 2.4.1), with "\n" line breaks.
func TestDefaultMessages(t *testing.T) {
	common := []string{"{{ project_name }}", "{{ component_name }}", "{{ url }}"}
	for name, tc := range map[string]struct {
		text string
		want []string
	}{
		"commit": {DefaultCommitMessage, []string{"{{ language_name }}", "{{ stats.translated_percent }}", "{{ stats.translated }}", "{{ stats.all }}"}},
		"add":    {DefaultAddMessage, []string{"{{ language_name }}"}},
		"delete": {DefaultDeleteMessage, []string{"{{ language_name }}"}},
		"merge":  {DefaultMergeMessage, []string{"{{ component_remote_branch }}"}},
		"addon":  {DefaultAddonMessage, []string{"{{ addon_name }}"}},
		"pull": {DefaultPullMessage, []string{"{{ site_title }}", "{{ site_url }}", "{{ widget_url }}",
			"{% if component_linked_childs %}", "{% for linked in component_linked_childs %}",
			"{{ linked.project_name }}", "{{ linked.name }}", "{{ linked.url }}", "{% endfor %}", "{% endif %}"}},
	} {
		for _, p := range append(common, tc.want...) {
			if !strings.Contains(tc.text, p) {
				t.Errorf("%s message lacks %s", name, p)
			}
		}
		if strings.Contains(tc.text, "\r") {
			t.Errorf("%s message has a carriage return", name)
		}
	}
}
