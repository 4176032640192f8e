package discover

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

func registered(id string) bool {
	_, ok := formats.Lookup(id)
	return ok
}

// The code shapes a language_regex keeps: any family's, and Android's
// resource qualifiers (its Detection.CodeShape).
const (
	codeShape    = `[A-Za-z]{2,3}(?:[_-](?:[A-Za-z]{2,8}|[0-9]{3}))*(?:@[A-Za-z]+)?`
	androidShape = `[a-z]{2,3}(?:-r[A-Z]{2})?|b\+[A-Za-z0-9+]+`
)

// masksOf runs layout's candidates on paths and returns "mask [template]" lines.
func masksOf(paths []string) []string {
	var out []string
	ps := layout.NewPathSet(paths)
	for _, c := range layout.Candidates(ps) {
		line := c.Mask
		if c.Detect.Monolingual() {
			if t, _ := findTemplate(c, ps); t != "" {
				line += " [" + t + "]"
			}
		} else if nb := findNewBase(c, ps); nb != "" {
			line += " {" + nb + "}"
		}
		out = append(out, line)
	}
	return out
}

// TestCandidates: the conventions of each ecosystem, by path alone. Every
// expectation is written from the layout's documentation (Android's resource
// folders, Xcode's .lproj, Rails' config/locales, i18next's
// locales/<lng>/<ns>.json, gettext's po/ and locale/<lang>/LC_MESSAGES).
func TestCandidates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		paths []string
		want  []string
	}{
		{"android modules and qualifiers", []string{
			"app/src/main/res/values/strings.xml", "app/src/main/res/values/colors.xml",
			"app/src/main/res/values-de/strings.xml", "app/src/main/res/values-pt-rBR/strings.xml",
			"app/src/main/res/values-night/colors.xml", "app/src/main/res/values-night/strings.xml",
			"lib/src/main/res/values/strings.xml", "lib/src/main/res/values-b+sr+Latn/strings.xml",
			"app/src/main/res/values-de/strings-extra.xml", // no template: no set
		}, []string{
			"app/src/main/res/values-*/strings.xml [app/src/main/res/values/strings.xml]",
			"lib/src/main/res/values-*/strings.xml [lib/src/main/res/values/strings.xml]",
		}},
		{"xcode", []string{
			"App/en.lproj/Localizable.strings", "App/de.lproj/Localizable.strings", "App/Base.lproj/Localizable.strings",
			"App/en.lproj/Localizable.stringsdict", "App/de.lproj/Localizable.stringsdict",
			"App/de.lproj/InfoPlist.strings", "App/Base.lproj/InfoPlist.strings",
		}, []string{
			"App/*.lproj/InfoPlist.strings [App/Base.lproj/InfoPlist.strings]",
			"App/*.lproj/Localizable.strings [App/en.lproj/Localizable.strings]",
			"App/*.lproj/Localizable.stringsdict [App/en.lproj/Localizable.stringsdict]",
		}},
		{"i18next namespaces", []string{
			"public/locales/en/common.json", "public/locales/en/home.json",
			"public/locales/de/common.json", "public/locales/de/home.json", "public/locales/pt-BR/common.json",
			"package.json", "tsconfig.json",
		}, []string{
			"public/locales/*/common.json [public/locales/en/common.json]",
			"public/locales/*/home.json [public/locales/en/home.json]",
		}},
		{"rails", []string{
			"config/locales/en.yml", "config/locales/de.yml", "config/locales/devise.en.yml", "config/locales/devise.de.yml",
			"config/database.yml", ".github/workflows/ci.yml",
		}, []string{
			"config/locales/*.yml [config/locales/en.yml]",
			"config/locales/devise.*.yml [config/locales/devise.en.yml]",
		}},
		{"gettext", []string{
			"po/de.po", "po/fr.po", "po/gl.po", "po/hello.pot", "po/LINGUAS",
			"locale/de/LC_MESSAGES/django.po", "locale/fr/LC_MESSAGES/django.po", "locale/django.pot",
		}, []string{
			"locale/*/LC_MESSAGES/django.po {locale/django.pot}",
			"po/*.po {po/hello.pot}",
		}},
		{"java and flutter", []string{
			"src/main/resources/messages.properties", "src/main/resources/messages_de.properties",
			"src/main/resources/messages_pt_BR.properties",
			"lib/l10n/app_en.arb", "lib/l10n/app_de.arb",
		}, []string{
			"lib/l10n/app_*.arb [lib/l10n/app_en.arb]",
			"src/main/resources/messages_*.properties [src/main/resources/messages.properties]",
		}},
		{"dotnet, angular, qt", []string{
			"Properties/Resources.resx", "Properties/Resources.de.resx", "Properties/Resources.fr.resx",
			"src/locale/messages.xlf", "src/locale/messages.de.xlf", "src/locale/messages.fr.xlf",
			"translations/app_de.ts", "translations/app_fr.ts", "translations/app.ts",
		}, []string{
			"Properties/Resources.*.resx [Properties/Resources.resx]",
			"src/locale/messages.*.xlf {src/locale/messages.xlf}",
			"translations/app_*.ts {translations/app.ts}",
		}},
		{"one file claimed once", []string{
			// i18n/de/de.json makes "i18n/*/*.json" (the code in the folder and
			// the name, as translation-finder proposes), "i18n/*/de.json" and
			// "i18n/de/*.json", each matching that one file: the first in order
			// takes it.
			"i18n/en.json", "i18n/de.json", "i18n/fr.json", "i18n/de/de.json",
		}, []string{"i18n/*.json [i18n/en.json]", "i18n/*/*.json"}},
		{"nothing", []string{"README.md", "main.go", "docs/de/index.md"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := masksOf(tt.paths)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestName(t *testing.T) {
	t.Parallel()
	comps := []*Component{
		{Filemask: "app/src/main/res/values-*/strings.xml", FileFormat: "aresource"},
		{Filemask: "widget/src/main/res/values-*/strings.xml", FileFormat: "aresource"},
		{Filemask: "public/locales/*/common.json", FileFormat: "json"},
		{Filemask: "public/locales/*/home.json", FileFormat: "json"},
		{Filemask: "Mac/*.lproj/Localizable.strings", FileFormat: "strings-utf8"},
		{Filemask: "Mac/*.lproj/InfoPlist.strings", FileFormat: "strings-utf8"},
		{Filemask: "po/*.po", FileFormat: "po"},
		{Filemask: "*.tbx", FileFormat: "tbx"},
		{Filemask: "src/main/resources/messages_*.properties", FileFormat: "properties"},
		{Filemask: "a/x/*.json", FileFormat: "json"},
		{Filemask: "b/x/*.json", FileFormat: "json"},
		{Filemask: "My App/*.lproj/x.strings", FileFormat: "strings"},
	}
	name(comps)
	var got []string
	for _, c := range comps {
		got = append(got, c.Name+" ("+c.Slug+")")
	}
	want := []string{
		"app (app)", "widget (widget)", "common (common)", "home (home)",
		"Mac Localizable (mac-localizable)", "Mac InfoPlist (mac-infoplist)",
		"po (po)", "tbx (tbx)", "resources (resources)", "a/x (a-x)", "b/x (b-x)", "My App (my-app)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Names that differ only in case make the same slug.
	cased := []*Component{{Filemask: "App/*.lproj/Localizable.strings"}, {Filemask: "app/src/main/res/values-*/strings.xml"}}
	name(cased)
	if cased[0].Name != "App Localizable" || cased[1].Name != "app strings" {
		t.Errorf("names %q, %q", cased[0].Name, cased[1].Name)
	}
	same := []*Component{{Filemask: "x/*.po"}, {Filemask: "x/*.po"}}
	name(same)
	if same[0].Slug == same[1].Slug || same[0].Name == same[1].Name {
		t.Errorf("two components share a name: %+v %+v", same[0], same[1])
	}
}

func TestSlugify(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"App Localizable": "app-localizable", "My_App.git": "my_app-git", "!!!": "translations", "Čeština": "e-tina"} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// memTree is a repos.Tree of files held in memory.
type memTree map[string]string

func (m memTree) ListDepth(dir string, depth int) ([]repos.Entry, error) {
	var out []repos.Entry
	for p, content := range m {
		rel := p
		if dir != "" {
			var ok bool
			if rel, ok = strings.CutPrefix(p, dir+"/"); !ok {
				continue
			}
		}
		if depth >= 0 && strings.Count(rel, "/") > depth {
			continue
		}
		out = append(out, repos.Entry{Path: p, Blob: repos.HashBlob([]byte(content)), Size: int64(len(content))})
	}
	slices.SortFunc(out, func(a, b repos.Entry) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

func (m memTree) List(dir string) ([]repos.Entry, error) { return m.ListDepth(dir, -1) }

func (m memTree) Stat(p string) (repos.Entry, error) {
	c, ok := m[p]
	if !ok {
		return repos.Entry{}, &fs.PathError{Op: "stat", Path: p, Err: fs.ErrNotExist}
	}
	return repos.Entry{Path: p, Blob: repos.HashBlob([]byte(c)), Size: int64(len(c))}, nil
}

func (m memTree) ReadFile(p string) ([]byte, error) {
	c, ok := m[p]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	return []byte(c), nil
}

func (m memTree) paths() []string {
	var out []string
	for p := range m {
		out = append(out, p)
	}
	return out
}

const android = `<?xml version="1.0" encoding="utf-8"?><resources><string name="a">A</string></resources>`

// TestFindSkipped: files the mask matches that a scan could not read as
// translations of their own are left out by language_regex, in the family's
// code shape when that is enough, else by listing the languages kept.
func TestFindSkipped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		tree    memTree
		regex   string
		files   string
		skipped string
	}{
		{"qualifiers", memTree{
			"res/values/strings.xml": android, "res/values-de/strings.xml": android,
			"res/values-night/strings.xml": android, "res/values-land/strings.xml": android,
			"res/values-v21/strings.xml": android, "res/values-b+sr+Latn/strings.xml": android,
		}, `^(?:` + androidShape + `)$`, "b+sr+Latn de", "land night v21"},
		{"a qualifier shaped like a language", memTree{
			"res/values/strings.xml": android, "res/values-de/strings.xml": android, "res/values-car/strings.xml": android,
		}, `^(?:de)$`, "de", "car"},
		{"two files of one language", memTree{
			"res/values/strings.xml": android, "res/values-he/strings.xml": android, "res/values-iw/strings.xml": android,
		}, `^(?:he)$`, "he", "iw"},
		{"the language's own code wins", memTree{
			"locales/en.json": `{"a": "A"}`, "locales/de-DE.json": `{"a": "A"}`, "locales/de.json": `{"a": "A"}`,
			"locales/fr-FR.json": `{"a": "A"}`,
		}, `^(?:de|fr-FR)$`, "de fr-FR", "de-DE"},
		{"the source language again", memTree{
			"res/values/strings.xml": android, "res/values-en/strings.xml": android, "res/values-cs/strings.xml": android,
		}, `^(?:cs)$`, "cs", "en"},
		{"not codes", memTree{
			"locales/en.json": `{"a": "A"}`, "locales/de.json": `{"a": "A"}`, "locales/index.json": `{}`,
			"locales/default.json": `{}`, "locales/de.backup.json": `{}`,
		}, `^(?:` + codeShape + `)$`, "de", "default index"},
		// Look-alikes: a Cyrillic ѕ, a zero-width space, an escape.
		{"not language code characters", memTree{
			"locales/en.json": `{"a": "A"}`, "locales/de.json": `{"a": "A"}`, "locales/cs.json": `{"a": "A"}`,
			"locales/\u0455k.json": `{"a": "A"}`, "locales/de\u200b.json": `{"a": "A"}`, "locales/cs%2fde.json": `{"a": "A"}`,
		}, `^(?:` + codeShape + `)$`, "cs de", "cs%2fde de\u200b \u0455k"},
		{"nothing to leave out", memTree{
			"locales/en.json": `{"a": "A"}`, "locales/de.json": `{"a": "A"}`, "locales/de.backup.json": `{}`,
		}, "", "de", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			comps := Find(tt.tree, tt.tree.paths())
			if len(comps) != 1 {
				t.Fatalf("%d components: %+v", len(comps), comps)
			}
			c := comps[0]
			codes := func(fs []File) string {
				var out []string
				for _, f := range fs {
					out = append(out, f.Code)
				}
				slices.Sort(out)
				return strings.Join(out, " ")
			}
			if c.Problem != "" || c.LanguageRegex != tt.regex || codes(c.Files) != tt.files || codes(c.Skipped) != tt.skipped {
				t.Errorf("problem %q, regex %q, files %q, skipped %q; want regex %q, files %q, skipped %q",
					c.Problem, c.LanguageRegex, codes(c.Files), codes(c.Skipped), tt.regex, tt.files, tt.skipped)
			}
			// A code no language code is spelled like is left out saying which
			// character is wrong.
			for _, f := range c.Skipped {
				if strings.ContainsFunc(f.Code, func(r rune) bool { return r == '%' || r > 0x7f }) && !strings.Contains(f.Language, "it holds U+") {
					t.Errorf("%s left out because %s", f.Path, f.Language)
				}
			}
		})
	}
}

// TestFindFormats: the content decides between a family's formats, and what
// turns out not to be translations (TypeScript, a non-XLIFF .xlf) is not proposed.
func TestFindFormats(t *testing.T) {
	t.Parallel()
	qt := `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de"><context><name>A</name></context></TS>`
	tree := memTree{
		"web/locales/en/translation.json": `{"a": {"b": "B"}, "n_one": "{{count}} x", "n_other": "{{count}} xs"}`,
		"web/locales/de/translation.json": `{}`,
		"ext/_locales/en/messages.json":   `{"a": {"message": "A"}}`,
		"ext/_locales/de/messages.json":   `{"a": {"message": "A"}}`,
		"config/locales/en.yml":           "en:\n  a: A\n",
		"config/locales/de.yml":           "de:\n  a: A\n",
		"hugo/i18n/en.yaml":               "- id: a\n  translation: A\n",
		"hugo/i18n/de.yaml":               "- id: a\n  translation: A\n",
		"src/i18n/en.ts":                  "export default { a: 'A' };\n",
		"src/i18n/de.ts":                  "export default { a: 'A' };\n",
		"qt/app_de.ts":                    qt,
		"qt/app_fr.ts":                    qt,
		"ios/en.lproj/A.strings":          "\"a\" = \"A\";\n",
		"ios/de.lproj/A.strings":          "\"a\" = \"A\";\n",
		"mac/en.lproj/B.strings":          "\xff\xfe\"\x00a\x00\"\x00",
		"mac/de.lproj/B.strings":          "\xff\xfe\"\x00a\x00\"\x00",
	}
	var got []string
	for _, c := range Find(tree, tree.paths()) {
		line := c.Filemask + " " + c.FileFormat
		if c.Problem != "" {
			line += " (left out)"
		}
		got = append(got, line)
	}
	want := []string{
		"config/locales/*.yml ruby-yaml",
		"ext/_locales/*/messages.json webextension",
		"hugo/i18n/*.yaml yaml",
		"ios/*.lproj/A.strings strings-utf8",
		"mac/*.lproj/B.strings strings",
		"qt/app_*.ts ts" + leftOutUnless("ts"),
		"web/locales/*/translation.json i18nextv4",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFindNoTemplate: a monolingual set without a file in English or without a
// language is reported, not guessed at; one lone file is passed over.
func TestFindNoTemplate(t *testing.T) {
	t.Parallel()
	tree := memTree{"locales/de.json": `{"a": "A"}`, "locales/fr.json": `{"a": "A"}`, "fixtures/cs.json": `{"a": "A"}`}
	comps := Find(tree, tree.paths())
	if len(comps) != 1 || comps[0].Filemask != "locales/*.json" || !strings.HasPrefix(comps[0].Problem, "no template") {
		t.Fatalf("got %d components: %+v", len(comps), comps)
	}
}

// TestSourceLanguage: the template's language is the source language.
func TestSourceLanguage(t *testing.T) {
	t.Parallel()
	tree := memTree{"l/en-US.json": `{"a": "A"}`, "l/de.json": `{"a": "A"}`, "l/en-GB.json": `{"a": "A"}`}
	comps := Find(tree, tree.paths())
	if len(comps) != 1 || comps[0].Template != "l/en-US.json" || comps[0].SourceLanguage != "en_US" {
		t.Fatalf("got %+v", comps)
	}
	if got := fmt.Sprint(comps[0].Files); got != "[{l/de.json de de} {l/en-GB.json en-GB en_GB}]" {
		t.Errorf("files %s", got)
	}
}

// leftOutUnless is " (left out)" while format id is not registered in this build.
func leftOutUnless(id string) string {
	if registered(id) {
		return ""
	}
	return " (left out)"
}

// TestOddPaths: a path with a line break, glob characters or a space gives a
// configuration that loads and a scan that reads it.
func TestOddPaths(t *testing.T) {
	t.Parallel()
	tree := memTree{
		"odd\n[dir]/en.json": `{"a": "A"}`, "odd\n[dir]/de.json": `{"a": "B"}`, "odd\n[dir]/x\ny.json": `{}`,
		"My App?/en.lproj/A.strings": "\"a\" = \"A\";\n", "My App?/de.lproj/A.strings": "\"a\" = \"B\";\n",
	}
	comps := Find(tree, tree.paths())
	p := &Proposal{Name: "odd", Slug: "odd", Repo: "/repo", Components: comps}
	if len(p.Proposed()) != 2 {
		t.Fatalf("%+v", comps)
	}
	cfg, err := config.Parse(p.YAML(), "")
	if err != nil {
		t.Fatalf("%v\n%s", err, p.YAML())
	}
	var masks []string
	for _, c := range cfg.Projects[0].Components {
		masks = append(masks, c.Filemask)
	}
	if fmt.Sprint(masks) != fmt.Sprint([]string{"My App[?]/*.lproj/A.strings", "odd\n[[]dir]/*.json"}) {
		t.Errorf("masks %q", masks)
	}
}
