package scanner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// git runs the git CLI in dir with a fixed identity and no user configuration.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ann Author", "GIT_AUTHOR_EMAIL=ann@example.org",
		"GIT_COMMITTER_NAME=Ann Author", "GIT_COMMITTER_EMAIL=ann@example.org",
		"GIT_AUTHOR_DATE=2026-02-01T10:00:00Z", "GIT_COMMITTER_DATE=2026-02-01T10:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const template = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name" translatable="false">Demo</string>
    <string name="hello">Hello, world!</string>
    <string name="empty"></string>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
    <string-array name="planets"><item>Mercury</item></string-array>
</resources>
`

// The Czech file: hello translated, files plural with its first form (one) filled,
// a key the template lacks (ignored).
const czech = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="hello">Ahoj, světe!</string>
    <plurals name="files">
        <item quantity="one">%d soubor</item>
        <item quantity="few">%d soubory</item>
        <item quantity="other">%d souborů</item>
    </plurals>
    <string name="stale">Old</string>
</resources>
`

// newRepo makes a checkout with one commit holding files.
func newRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	writeFiles(t, dir, files)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "initial")
	return dir
}

func parseConfig(t *testing.T, dir, text string) *config.Config {
	t.Helper()
	p := filepath.Join(dir, "projects.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

type counts struct{ total, translated, readonly, words, translatedWords, chars, translatedChars int }

func countsOf(s *snapshot.Stats) counts {
	return counts{s.Total, s.Translated, s.Readonly, s.TotalWords, s.TranslatedWords, s.TotalChars, s.TranslatedChars}
}

// TestScanBadInput: every kind of bad input is reported as an alert and leaves the
// rest answering.
func TestScanBadInput(t *testing.T) {
	repo := newRepo(t, map[string]string{
		"res/values/strings.xml":         template,
		"res/values-cs/strings.xml":      czech,
		"res/values-de/strings.xml":      "<resources><string name=\"hello\">Hallo</string>", // truncated
		"res/values-night/strings.xml":   czech,                                              // a qualifier, not a language
		"res/values-fr-land/strings.xml": czech,
	})
	secret := filepath.Join(t.TempDir(), "secret.xml")
	writeFiles(t, filepath.Dir(secret), map[string]string{"secret.xml": czech})
	if err := os.MkdirAll(filepath.Join(repo, "res/values-sk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(repo, "res/values-sk/strings.xml")); err != nil {
		t.Fatal(err)
	}
	cfg := parseConfig(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
      - name: No template
        slug: notemplate
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/missing.xml
        file_format: aresource
      - name: No match
        slug: nomatch
        repo: `+repo+`
        filemask: po/*.tbx
        file_format: tbx
      - name: No repository
        slug: norepo
        repo: `+filepath.Join(t.TempDir(), "does-not-exist")+`
        filemask: "*.tbx"
        file_format: tbx
`)
	snap, err := New(cfg, Options{DataDir: t.TempDir()}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	if p == nil || len(p.Components) != 4 {
		t.Fatalf("project: %+v", p)
	}
	android := p.Component("android")
	var codes []string
	for _, tr := range android.Translations {
		codes = append(codes, tr.Language.Code)
	}
	if strings.Join(codes, " ") != "en cs" {
		t.Errorf("android translations: %v", codes)
	}
	// By hand: 4 units (app_name read-only, hello, empty, files); words 1+2+0+4,
	// chars 4+13+0+(7+2+8).
	en := countsOf(&android.Translation("en").Stats)
	if want := (counts{4, 3, 1, 7, 7, 34, 34}); en != want {
		t.Errorf("en: %+v, want %+v", en, want)
	}
	// cs: app_name and empty read-only (translated), hello and files translated.
	cs := countsOf(&android.Translation("cs").Stats)
	if want := (counts{4, 4, 2, 7, 7, 34, 34}); cs != want {
		t.Errorf("cs: %+v, want %+v", cs, want)
	}
	var got []string
	for _, a := range snap.Alerts {
		got = append(got, a.Component.Config.Slug+" "+a.Kind+" "+a.Path)
	}
	sort.Strings(got)
	want := []string{
		"android NotLanguage res/values-fr-land/strings.xml",
		"android NotLanguage res/values-night/strings.xml",
		"android ParseError res/values-de/strings.xml",
		"android Symlink res/values-sk/strings.xml",
		"nomatch NoMatch ",
		"norepo RepositoryError ",
		"notemplate MissingTemplate res/values/missing.xml",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, slug := range []string{"notemplate", "nomatch", "norepo"} {
		c := p.Component(slug)
		if len(c.Translations) > 1 {
			t.Errorf("%s: %d translations", slug, len(c.Translations))
		}
	}
}

// TestRescanReusesUnchangedFiles: a file whose content did not change is not parsed again.
func TestRescanReusesUnchangedFiles(t *testing.T) {
	repo := newRepo(t, map[string]string{
		"res/values/strings.xml":    template,
		"res/values-cs/strings.xml": czech,
		"res/values-de/strings.xml": czech,
	})
	cfg := parseConfig(t, t.TempDir(), strings.ReplaceAll(androidConfig, "%REPO%", repo))
	s := New(cfg, Options{DataDir: t.TempDir()})
	if _, err := s.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := s.FilesParsed(); n != 3 {
		t.Fatalf("first scan parsed %d files, want 3", n)
	}
	writeFiles(t, repo, map[string]string{"res/values-de/strings.xml": strings.Replace(czech, "Ahoj", "Hallo", 1)})
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := s.FilesParsed(); n != 4 {
		t.Errorf("after editing one file: %d files parsed in all, want 4", n)
	}
	if id := snap.Project("demo").Component("android").Translation("de").ID; id != 3 {
		t.Errorf("de id %d after rescan, want 3", id)
	}
}

// TestRevision: revision is the git blob id of the translation file, then of the
// template (monolingual) or the file again (bilingual), as `git hash-object` gives
// them; a bilingual source translation without a file shows the empty blob twice.
func TestRevision(t *testing.T) {
	tbx := `<?xml version="1.0"?><martif type="TBX"><text><body><termEntry id="t1"><langSet xml:lang="en"><tig><term>note</term></tig></langSet><langSet xml:lang="cs"><tig><term>poznámka</term></tig></langSet></termEntry></body></text></martif>`
	repo := newRepo(t, map[string]string{
		"res/values/strings.xml":    template,
		"res/values-cs/strings.xml": czech,
		"glossary/cs.tbx":           tbx,
	})
	hash := func(path string) string {
		out, err := exec.Command("git", "-C", repo, "hash-object", path).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	cfg := parseConfig(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
      - name: Glossary
        slug: glossary
        repo: `+repo+`
        filemask: glossary/*.tbx
        file_format: tbx
`)
	snap, err := New(cfg, Options{DataDir: t.TempDir()}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	tests := []struct {
		component, lang, want string
	}{
		{"android", "en", hash("res/values/strings.xml") + "," + hash("res/values/strings.xml")},
		{"android", "cs", hash("res/values-cs/strings.xml") + "," + hash("res/values/strings.xml")},
		{"glossary", "cs", hash("glossary/cs.tbx") + "," + hash("glossary/cs.tbx")},
		{"glossary", "en", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
	}
	for _, tt := range tests {
		if got := p.Component(tt.component).Translation(tt.lang).Revision(); got != tt.want {
			t.Errorf("%s/%s: revision %s, want %s", tt.component, tt.lang, got, tt.want)
		}
	}
	// An uncommitted edit in the checkout changes the revision with the content.
	writeFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(czech, "Ahoj", "Nazdar", 1)})
	snap, _ = New(cfg, Options{DataDir: t.TempDir()}).Scan(context.Background())
	if got, want := snap.Project("demo").Component("android").Translation("cs").Revision(), hash("res/values-cs/strings.xml")+","+hash("res/values/strings.xml"); got != want {
		t.Errorf("after an edit: %s, want %s", got, want)
	}
}
