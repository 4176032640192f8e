package discover_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/discover"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/samples/expected"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// count reads a configuration with the scan pipeline, as `gitlate scan` does.
func count(t *testing.T) discover.CountFunc {
	return func(ctx context.Context, cfg *config.Config, data string) (*snapshot.Snapshot, error) {
		return livetest.New(t, cfg, data, livetest.Options{}).Live.Build(ctx, false)
	}
}

func run(t *testing.T, target string) *discover.Proposal {
	t.Helper()
	p, err := discover.Run(context.Background(), target, count(t))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// byMask indexes a proposal's components by filemask.
func byMask(p *discover.Proposal) map[string]*discover.Component {
	m := map[string]*discover.Component{}
	for _, c := range p.Components {
		m[c.Filemask] = c
	}
	return m
}

// TestSamples: on the bundled samples' repositories, discovery proposes the
// components their hand-written projects.yaml configures — filemask, template,
// format, source language — and counts what the hand counts of
// internal/samples/expected say.
func TestSamples(t *testing.T) {
	cfg, data := testutil.Samples(t)
	type key struct{ component, lang string }
	hand := map[key]expected.Translation{}
	for _, tr := range expected.Translations {
		hand[key{tr.Project + "/" + tr.Component, tr.Language}] = tr
	}
	proposals := map[string]*discover.Proposal{}
	for _, pc := range cfg.Projects {
		for _, cc := range pc.Components {
			target := cc.RepoPath
			if cc.VCS == "local" {
				target = filepath.Join(data, "local", pc.Slug, cc.Slug+".git")
			}
			p := proposals[target]
			if p == nil {
				p = run(t, target)
				proposals[target] = p
			}
			c := byMask(p)[cc.Filemask]
			if c == nil {
				t.Errorf("%s/%s: no component for %s in %+v", pc.Slug, cc.Slug, cc.Filemask, p.Components)
				continue
			}
			if c.Problem != "" || c.Template != cc.Template || c.FileFormat != cc.FileFormat || c.SourceLanguage != cc.SourceLanguage || c.LanguageRegex != "" {
				t.Errorf("%s/%s: proposed %+v", pc.Slug, cc.Slug, c)
			}
			var want []string
			for _, tr := range expected.Translations {
				if tr.Project == pc.Slug && tr.Component == cc.Slug {
					want = append(want, fmt.Sprintf("%s %d/%d", tr.Language, tr.Translated, tr.Total))
				}
			}
			var got []string
			for _, n := range c.Counts {
				got = append(got, fmt.Sprintf("%s %d/%d", n.Language, n.Translated, n.Total))
			}
			if strings.Join(got, ", ") != strings.Join(want, ", ") {
				t.Errorf("%s/%s counts:\n got %s\nwant %s (hand counts)", pc.Slug, cc.Slug, strings.Join(got, ", "), strings.Join(want, ", "))
			}
		}
	}
	// Nothing beyond what the samples configure: README.md and colors.xml are
	// no translations.
	n := 0
	for _, p := range proposals {
		n += len(p.Components)
	}
	if want := 6; n != want {
		t.Errorf("%d components proposed, want %d", n, want)
	}
}

// TestRunURL: a URL is cloned into a temporary folder, which is gone afterwards;
// the configuration names the URL, and counts what the path gives.
func TestRunURL(t *testing.T) {
	cfg, _ := testutil.Samples(t)
	bare := cfg.Projects[0].Components[0].RepoPath
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	url := "file://" + bare
	p := run(t, url)
	if p.Repo != url || p.Name != "tinynotes" || p.Slug != "tinynotes" {
		t.Errorf("project %q/%q, repo %q", p.Name, p.Slug, p.Repo)
	}
	left, _ := os.ReadDir(tmp)
	if len(left) != 0 {
		t.Errorf("left behind in the temporary folder: %v", left)
	}
	fromPath := run(t, bare)
	if got, want := fmt.Sprint(counts(p)), fmt.Sprint(counts(fromPath)); got != want || len(p.Proposed()) != 2 {
		t.Errorf("counts from the URL %s, from the path %s", got, want)
	}
	if !strings.Contains(string(p.YAML()), "repo: "+url+"\n") {
		t.Errorf("the configuration does not name the URL:\n%s", p.YAML())
	}
}

func counts(p *discover.Proposal) []string {
	var out []string
	for _, c := range p.Components {
		out = append(out, fmt.Sprintf("%s %v", c.Filemask, c.Counts))
	}
	return out
}

func TestRunErrors(t *testing.T) {
	t.Parallel()
	if _, err := discover.Run(context.Background(), filepath.Join(t.TempDir(), "nothing"), count(t)); err == nil {
		t.Error("a folder that does not exist: no error")
	}
	// A folder of a checkout is named by the checkout.
	repo := newRepo(t, "webextension")
	if _, err := discover.Run(context.Background(), filepath.Join(repo, "_locales"), count(t)); err == nil || !strings.Contains(err.Error(), "lies in the checkout "+repo) {
		t.Errorf("a folder of a checkout: %v", err)
	}
}

// TestRunPlainFolder: a folder that is no git repository is read as it is:
// the proposal names the folder, its counts are those of a checkout of the
// same files, and it says the folder has no history but warns of nothing
// (check and serve read a plain folder as discover does).
func TestRunPlainFolder(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	dir := filepath.Join(t.TempDir(), "gettext-po-pot")
	for rel, data := range readTree(t, "testdata/trees/gettext-po-pot") {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := run(t, dir)
	fromCheckout := run(t, newRepo(t, "gettext-po-pot"))
	if got, want := fmt.Sprint(counts(p)), fmt.Sprint(counts(fromCheckout)); got != want || len(p.Proposed()) != 1 {
		t.Errorf("counts of the folder %s, of a checkout %s", got, want)
	}
	y := string(p.YAML())
	if !p.PlainFolder || p.Repo != dir || !strings.Contains(y, "        repo: "+dir+"\n") || !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(y, "\n#", "")), " "), dir+" is a plain folder, no git repository") ||
		!strings.Contains(y, "without history") {
		t.Errorf("plain folder %v, repo %s:\n%s", p.PlainFolder, p.Repo, y)
	}
	if strings.Contains(y, "Warning") || strings.Contains(y, "refuse") {
		t.Errorf("the proposal warns of the folder:\n%s", y)
	}
	// The whole proposal, reviewed: the gettext tree's, read as a plain folder.
	testutil.Golden(t, "testdata/golden/plain-folder.yaml", []byte(strings.ReplaceAll(y, dir, "REPO")))
	if w := p.Warnings(); len(w) != 0 {
		t.Errorf("warnings %q", w)
	}
	// The folder is left as it was.
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		t.Error("a .git was made in the folder")
	}
	// An empty folder has nothing to propose, and is no error.
	if p := run(t, t.TempDir()); len(p.Components) != 0 {
		t.Errorf("an empty folder: %+v", p.Components)
	}
}

// readTree reads the files below dir, by slash-separated path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// newRepo makes a checkout, named after the tree, of testdata/trees/<name>.
func newRepo(t *testing.T, name string) string {
	t.Helper()
	return newRepoOf(t, filepath.Join("testdata/trees", name))
}

// newRepoOf makes a checkout, named after the folder, of the files below tree.
func newRepoOf(t *testing.T, tree string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(tree))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	testutil.Git(t, dir, nil, "init", "-q", "-b", "main")
	testutil.Commit(t, dir, "2026-02-01T10:00:00Z", "initial", readTree(t, tree))
	return dir
}

// want is what a tree's layout calls for, written from the layout (see each
// tree's SOURCE): the component of one filemask.
type want struct {
	mask, format, template, newBase, source string
	// langs are the languages of the translations besides the source.
	langs string
	// problem is a part of the reason the component is left out ("" when it is
	// proposed).
	problem string
	// skipped are the codes language_regex leaves out.
	skipped string
}

// trees are the layouts of testdata/trees: written for these tests after the
// layouts of real projects (the file names, language codes and their
// spellings, templates, encodings and files beside them), and NewPipe's
// strings trimmed.
var trees = map[string][]want{
	"newpipe": {{mask: "app/src/main/res/values-*/strings.xml", format: "aresource", template: "app/src/main/res/values/strings.xml",
		source: "en", langs: "ast de id pt_BR und yi zh_Hant"}},
	// The .pot beside the .po files is where new translations start.
	"gettext-po-pot": {{mask: "po/*.po", format: "po", newBase: "po/greeter.pot", source: "en",
		langs: "cs de en_GB gl he ja pt_BR sr zh_Hans"}},
	// UTF-8 text beyond ASCII: properties-utf8.
	"properties-utf8-messages": {{mask: "src/main/resources/messages/messages_*.properties", format: "properties-utf8",
		template: "src/main/resources/messages/messages.properties", source: "en", langs: "de es ko ru"}},
	// ASCII with \u escapes: Weblate's default, ISO 8859-1.
	"java-properties-latin1": {{mask: "src/core/org/example/loadtool/resources/messages_*.properties", format: "properties",
		template: "src/core/org/example/loadtool/resources/messages.properties", source: "en", langs: "de pt_BR zh_Hans"}},
	"lproj-strings-utf8": {{mask: "Sources/Resources/*.lproj/PhotoPickerLocalizable.strings", format: "strings-utf8",
		template: "Sources/Resources/en.lproj/PhotoPickerLocalizable.strings", source: "en", langs: "de km pt_BR zh_Hans"}},
	"lproj-strings-utf16": {{mask: "Resources/*.lproj/Localizable.strings", format: "strings",
		template: "Resources/en.lproj/Localizable.strings", source: "en", langs: "de fr ja"}},
	// Hugo's lists are plain YAML; Rails' files keep everything under the locale.
	"hugo-i18n-yaml":   {{mask: "i18n/*.yaml", format: "yaml", template: "i18n/en.yaml", source: "en", langs: "ar de zh_Hant"}},
	"rails-locale-yml": {{mask: "rails/locale/*.yml", format: "ruby-yaml", template: "rails/locale/en.yml", source: "en", langs: "ar de ja pt_BR ru zh_Hans"}},
	// Two Qt sets in one folder, told apart by their prefixes; TBX has no new base.
	"tbx-glossary-qt-ts": {
		{mask: "glossary/*.tbx", format: "tbx", source: "en", langs: "cs de en_US es_419 fr ja pt_BR zh_Hans"},
		{mask: "translations/GUI_*.ts", format: "ts", source: "en", langs: "cs en_US fr pt_BR zh_Hans"},
		{mask: "translations/Viewer_*.ts", format: "ts", source: "en", langs: "de en_US fr ja"},
	},
	// he and he-IL are two languages, de-DE is German; package.json and
	// README.md are no translations.
	"json-locales-flat": {{mask: "src/lang/*.json", format: "json", template: "src/lang/en.json", source: "en",
		langs: "ca@valencia de de_CH en_GB he he_IL pt pt_BR pt_PT sr_Latn zh_Hans"}},
	"json-nested-locales": {{mask: "packages/whiteboard/locales/*.json", format: "json-nested", template: "packages/whiteboard/locales/en.json",
		source: "en", langs: "de fr ja kab pt_BR zh_Hans", skipped: "percentages"}},
	// Keys ending in _one and _many with no _other, and "{{name}}"
	// placeholders, in files no i18next reads: plain nested JSON, each key a
	// string of its own (i18nextEvidence).
	"json-nested-plural-suffixes": {{mask: "packages/editor/locales/*.json", format: "json-nested", template: "packages/editor/locales/en.json",
		source: "en", langs: "de fr"}},
	"lproj-stringsdict": {
		// English (and German's Localizable.strings) is UTF-8, the other
		// translations UTF-16: no format reads both (translate-toolkit's
		// stringsutf8file cannot either). The files that do not parse are left
		// out; a set left with none is.
		{mask: "Resources/*.lproj/InfoPlist.strings", format: "strings-utf8", template: "Resources/en.lproj/InfoPlist.strings",
			source: "en", problem: "ParseError: Resources/de.lproj/InfoPlist.strings"},
		{mask: "Resources/*.lproj/Localizable.strings", format: "strings-utf8", template: "Resources/en.lproj/Localizable.strings",
			source: "en", langs: "de", skipped: "fr ja pt-BR zh-Hans"},
		{mask: "Resources/*.lproj/Localizable.stringsdict", format: "stringsdict", template: "Resources/en.lproj/Localizable.stringsdict",
			source: "en", langs: "de fr ja pt_BR zh_Hans"},
	},
	// The source catalogue is a folder up from the translations.
	// Crowdin's Android layout: a component per module, its template in
	// source/ beside dest/.
	"crowdin-android": {
		{mask: "translation/dest/activity/*.xml", format: "aresource", template: "translation/source/activity.xml", source: "en", langs: "de ja"},
		{mask: "translation/dest/site/*.xml", format: "aresource", template: "translation/source/site.xml", source: "en", langs: "de fr pt_BR"},
	},
	"xliff-angular": {{mask: "web-ui/src/locale/messages.*.xlf", format: "xliff", newBase: "web-ui/messages.xlf", source: "en", langs: "de fr"}},
	"resx-properties": {{mask: "Properties/Resources.*.resx", format: "resx", template: "Properties/Resources.resx",
		source: "en", langs: "de fr ko zh_Hans zh_Hant"}},
	"i18next":      {{mask: "public/locales/*/translation.json", format: "i18next", template: "public/locales/en/translation.json", source: "en", langs: "ar cs"}},
	"i18nextv4":    {{mask: "locales/*/translation.json", format: "i18nextv4", template: "locales/en/translation.json", source: "en", langs: "ar cs ja"}},
	"webextension": {{mask: "_locales/*/messages.json", format: "webextension", template: "_locales/en/messages.json", source: "en", langs: "cs"}},
	"arb":          {{mask: "lib/l10n/app_*.arb", format: "arb", template: "lib/l10n/app_en.arb", source: "en", langs: "cs"}},
	"go-i18n":      {{mask: "translations/*.all.json", format: "go-i18n-json", template: "translations/en-us.all.json", source: "en_US", langs: "cs"}},
	"go-i18n-v2":   {{mask: "active.*.json", format: "go-i18n-json-v2", template: "active.en.json", source: "en", langs: "cs"}},
	// A string catalog is a component of its own, named by its path, in the
	// source language it names; a language spelled twice is left out.
	"xcstrings-catalogs": {
		{mask: "App/*.lproj/InfoPlist.strings", format: "strings-utf8", template: "App/en.lproj/InfoPlist.strings", source: "en", langs: "de"},
		{mask: "App/Localizable.xcstrings", format: "xcstrings", source: "en", langs: "de fr pt_BR"},
		{mask: "Widget/Localizable.xcstrings", format: "xcstrings", source: "de", langs: "en pt_BR", skipped: "pt_BR"},
	},
	// PHP arrays in a folder per language; Laravel's returned arrays with "|"
	// plurals (translation-finder's PHPDiscovery tells them apart).
	"php-lang-arrays": {{mask: "inc/lang/*/lang.php", format: "php", template: "inc/lang/en/lang.php", source: "en", langs: "de ja"}},
	"laravel-lang":    {{mask: "lang/*/entities.php", format: "laravel", template: "lang/en/entities.php", source: "en", langs: "de pt_BR"}},
	// INI files with sections (a file of another name elsewhere is no set);
	// Inno Setup's .islu.
	"ini-language-folder": {{mask: "language/*.ini", format: "ini", template: "language/en.ini", source: "en", langs: "de fr pt_BR"}},
	"islu-messages":       {{mask: "Languages/*.islu", format: "islu", template: "Languages/en.islu", source: "en", langs: "de lv"}},
	// Joomla's .ini files have no section: joomla, not ini.
	"joomla-language": {{mask: "src/admin/language/*/*.com_kunena.install.ini", format: "joomla",
		template: "src/admin/language/en-GB/en-GB.com_kunena.install.ini", source: "en_GB", langs: "de sl"}},
	// GNOME's help: help/<code>/<code>.po, one component with a "*" for each
	// (as translation-finder proposes it), not one per language.
	"gnome-help": {{mask: "help/*/*.po", format: "po", source: "en", langs: "bg de pt_BR sr_Latn"}},
	// Mozilla's locale/<code>/ folders of DTD files, en-US the source.
	"mozilla-dtd": {{mask: "locale/*/greasemonkey.dtd", format: "dtd", template: "locale/en-US/greasemonkey.dtd", source: "en_US", langs: "de ja"}},
	// Fluent: a <code>/ folder of .ftl files per language, a component per file.
	"relay-fluent": {
		{mask: "*/brands.ftl", format: "fluent", template: "en/brands.ftl", source: "en", langs: "cs de"},
		{mask: "*/settings.ftl", format: "fluent", template: "en/settings.ftl", source: "en", langs: "cs"},
	},
	// WPF: a ResourceDictionary per language; a window's XAML is none.
	"wpf-resourcedictionary": {{mask: "Plugins/Calculator/Languages/*.xaml", format: "resourcedictionary",
		template: "Plugins/Calculator/Languages/en.xaml", source: "en", langs: "de ja"}},
	// SubRip subtitles, the English file the template.
	"srt-subtitles": {{mask: "subtitles/*.srt", format: "srt", template: "subtitles/en.srt", source: "en", langs: "de pt_BR"}},
	// Weblate's CSV with a header: read bilingually, the English file is the
	// source language's and left out (translation-finder would also offer it
	// as a monolingual template).
	"csv-locale": {{mask: "locale/*.csv", format: "csv", source: "en", langs: "de ko", skipped: "en"}},
}

// fetchedTrees are real projects' trees, which may not be committed: a test
// reads them from $GITLATE_TEST_FETCHED/discover/<name> (each with its SOURCE),
// and their reviewed golden files, where there are, from
// $GITLATE_TEST_FETCHED/discover/golden.
var fetchedTrees = map[string][]want{
	"hello": {{mask: "po/*.po", format: "po", newBase: "po/hello.pot", source: "en",
		langs: "cs de en_GB gl he ja pt_BR sr zh_Hans"}},
	"petclinic": {{mask: "src/main/resources/messages/messages_*.properties", format: "properties-utf8",
		template: "src/main/resources/messages/messages.properties", source: "en", langs: "de es ko ru"}},
	"jmeter": {{mask: "src/core/org/apache/jmeter/resources/messages_*.properties", format: "properties",
		template: "src/core/org/apache/jmeter/resources/messages.properties", source: "en", langs: "de pt_BR zh_Hans"}},
	"ypimagepicker": {{mask: "Source/Resources/*.lproj/YPImagePickerLocalizable.strings", format: "strings-utf8",
		template: "Source/Resources/en.lproj/YPImagePickerLocalizable.strings", source: "en", langs: "de km pt_BR zh_Hans"}},
	"monolingual": {{mask: "Resources/*.lproj/Localizable.strings", format: "strings",
		template: "Resources/en.lproj/Localizable.strings", source: "en", langs: "de fr ja"}},
	"papermod":   {{mask: "i18n/*.yaml", format: "yaml", template: "i18n/en.yaml", source: "en", langs: "ar de zh_Hant"}},
	"rails-i18n": {{mask: "rails/locale/*.yml", format: "ruby-yaml", template: "rails/locale/en.yml", source: "en", langs: "ar de ja pt_BR ru zh_Hans"}},
	"slicer": {
		{mask: "glossary/*.tbx", format: "tbx", source: "en", langs: "cs de en_US es_419 fr ja pt_BR zh_Hans"},
		{mask: "translations/CTK_*.ts", format: "ts", source: "en", langs: "cs en_US fr pt_BR zh_Hans"},
		{mask: "translations/Slicer_*.ts", format: "ts", source: "en", langs: "de en_US fr ja"},
	},
	"uptime-kuma": {{mask: "src/lang/*.json", format: "json", template: "src/lang/en.json", source: "en",
		langs: "ca@valencia de de_CH en_GB he he_IL pt pt_BR pt_PT sr_Latn zh_Hans"}},
	"excalidraw": {{mask: "packages/excalidraw/locales/*.json", format: "json-nested", template: "packages/excalidraw/locales/en.json",
		source: "en", langs: "de fr ja kab pt_BR zh_Hans", skipped: "percentages"}},
	"onionbrowser": {
		{mask: "Resources/*.lproj/InfoPlist.strings", format: "strings-utf8", template: "Resources/en.lproj/InfoPlist.strings",
			source: "en", problem: "ParseError: Resources/de.lproj/InfoPlist.strings"},
		{mask: "Resources/*.lproj/Localizable.strings", format: "strings-utf8", template: "Resources/en.lproj/Localizable.strings",
			source: "en", langs: "de", skipped: "fr ja pt-BR zh-Hans"},
		{mask: "Resources/*.lproj/Localizable.stringsdict", format: "stringsdict", template: "Resources/en.lproj/Localizable.stringsdict",
			source: "en", langs: "de fr ja pt_BR zh_Hans"},
	},
	"paperless": {{mask: "src-ui/src/locale/messages.*.xlf", format: "xliff", newBase: "src-ui/messages.xlf", source: "en", langs: "de"}},
	"everythingpowertoys": {{mask: "Properties/Resources.*.resx", format: "resx", template: "Properties/Resources.resx",
		source: "en", langs: "de fr ko zh_Hans zh_Hant"}},
}

// fetchedDir returns the folder of real projects' trees for tests, kind being the
// package's part of it ($GITLATE_TEST_FETCHED/<kind>), and skips the test when
// the variable is not set.
func fetchedDir(t *testing.T, kind string) string {
	t.Helper()
	root := os.Getenv("GITLATE_TEST_FETCHED")
	if root == "" {
		t.Skip("GITLATE_TEST_FETCHED is not set: no real projects' trees to read")
	}
	return filepath.Join(root, kind)
}

// TestTrees: discovery on the layouts of testdata/trees proposes what each
// layout calls for. Components of a format this build does not read are left
// out, saying so; their tests skip. The whole proposal is compared with a
// reviewed golden file when every format of the tree is read.
func TestTrees(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	dirs, err := os.ReadDir("testdata/trees")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, d.Name())
	}
	for name := range trees {
		if !slices.Contains(names, name) {
			t.Errorf("no tree %s", name)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each its own checkout and golden file
			wants, ok := trees[name]
			if !ok {
				t.Fatalf("testdata/trees/%s has no expectations", name)
			}
			checkTree(t, filepath.Join("testdata/trees", name), wants, filepath.Join("testdata/golden", name+".yaml"))
		})
	}
}

// TestFetchedTrees: the same on real projects' trees, when GITLATE_TEST_FETCHED
// names a folder that holds them.
func TestFetchedTrees(t *testing.T) {
	testutil.NeedGit(t)
	root := fetchedDir(t, "discover")
	for _, name := range slices.Sorted(maps.Keys(fetchedTrees)) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, name)
			if _, err := os.Stat(dir); err != nil {
				t.Skipf("no tree %s: %v", name, err)
			}
			golden := filepath.Join(root, "golden", name+".yaml")
			if _, err := os.Stat(golden); err != nil && !*testutil.Update {
				golden = ""
			}
			checkTree(t, dir, fetchedTrees[name], golden)
		})
	}
}

// checkTree runs discovery on a checkout of the files below tree and compares
// its components with wants, and the whole proposal with the golden file
// (none for "").
func checkTree(t *testing.T, tree string, wants []want, golden string) {
	t.Helper()
	repo := newRepoOf(t, tree)
	p := run(t, repo)
	got := byMask(p)
	if len(got) != len(wants) {
		t.Errorf("%d components, want %d: %v", len(got), len(wants), slices.Sorted(maps.Keys(got)))
	}
	missing := ""
	for _, w := range wants {
		t.Run(strings.NewReplacer("/", "|", "*", "@").Replace(w.mask), func(t *testing.T) {
			c := got[w.mask]
			if c == nil {
				t.Fatalf("not proposed")
			}
			if c.FileFormat != w.format || c.Template != w.template || c.NewBase != w.newBase || c.SourceLanguage != w.source {
				t.Errorf("format %s template %q new_base %q source %s; want %s %q %q %s", c.FileFormat, c.Template, c.NewBase, c.SourceLanguage, w.format, w.template, w.newBase, w.source)
			}
			if _, ok := formats.Lookup(w.format); !ok {
				if !strings.Contains(c.Problem, "does not read the "+w.format+" format") {
					t.Errorf("format %s is not registered, but the problem is %q", w.format, c.Problem)
				}
				missing = w.format
				t.Skipf("format %s is not registered in this build ; left out as expected", w.format)
			}
			if w.problem != "" {
				if !strings.Contains(c.Problem, w.problem) {
					t.Errorf("problem %q, want it to say %q", c.Problem, w.problem)
				}
				return
			}
			if c.Problem != "" {
				t.Fatalf("left out: %s", c.Problem)
			}
			var langs, skipped []string
			for _, f := range c.Files {
				langs = append(langs, f.Language)
			}
			for _, f := range c.Skipped {
				skipped = append(skipped, f.Code)
			}
			slices.Sort(langs)
			if strings.Join(langs, " ") != w.langs || strings.Join(skipped, " ") != w.skipped {
				t.Errorf("languages %v, skipped %v; want %s, skipped %q", langs, skipped, w.langs, w.skipped)
			}
			// The counts cover the source and every file.
			var counted []string
			for _, n := range c.Counts {
				if !n.Source {
					counted = append(counted, n.Language)
				}
			}
			slices.Sort(counted)
			if strings.Join(counted, " ") != w.langs || len(c.Counts) != len(langs)+1 || !c.Counts[0].Source || c.Counts[0].Language != w.source {
				t.Errorf("counts %+v", c.Counts)
			}
		})
	}
	if missing != "" {
		t.Logf("golden file not compared: format %s is not registered in this build", missing)
		return
	}
	if golden != "" {
		out := strings.ReplaceAll(string(p.YAML()), repo, "REPO")
		testutil.Golden(t, golden, []byte(out))
	}
}

// TestGettextAgainstMsgfmt: the counts of the gettext tree (translated,
// fuzzy and untranslated messages, plurals, a context) are GNU msgfmt's
// (--statistics), an independent reader of PO files.
func TestGettextAgainstMsgfmt(t *testing.T) {
	testutil.NeedGit(t)
	if _, err := exec.LookPath("msgfmt"); err != nil {
		t.Skip("msgfmt is not installed (apt-get install gettext)")
	}
	dir := filepath.Join("testdata/trees/gettext-po-pot")
	repo := newRepo(t, "gettext-po-pot")
	c := byMask(run(t, repo))["po/*.po"]
	if c == nil || len(c.Files) == 0 {
		t.Fatal("no po/*.po component")
	}
	stat := regexp.MustCompile(`^(\d+) translated messages?(?:, (\d+) fuzzy translations?)?(?:, (\d+) untranslated messages?)?\.$`)
	for i, f := range c.Files {
		out, err := exec.Command("msgfmt", "--statistics", "-o", os.DevNull, filepath.Join(dir, f.Path)).CombinedOutput()
		if err != nil {
			t.Fatalf("msgfmt %s: %v\n%s", f.Path, err, out)
		}
		m := stat.FindStringSubmatch(strings.TrimSpace(string(out)))
		if m == nil {
			t.Fatalf("msgfmt %s: %s", f.Path, out)
		}
		n := func(s string) int { v, _ := strconv.Atoi(s); return v }
		translated, total := n(m[1]), n(m[1])+n(m[2])+n(m[3])
		got := c.Counts[i+1] // after the source
		if got.Language != f.Language || got.Translated != translated || got.Total != total {
			t.Errorf("%s: %d/%d, msgfmt %d/%d", f.Path, got.Translated, got.Total, translated, total)
		}
	}
}

// TestRunOddPaths: folders named with glob characters, a space or a line break
// are read through the escaped filemask: the scan counts their files.
func TestRunOddPaths(t *testing.T) {
	testutil.NeedGit(t)
	repo := testutil.NewRepo(t, map[string]string{
		"a [b]/en.json":                 `{"a": "A", "b": "B"}`,
		"a [b]/de.json":                 `{"a": "A"}`,
		"what?\nnow/en.lproj/x.strings": "\"a\" = \"A\";\n",
		"what?\nnow/cs.lproj/x.strings": "\"a\" = \"Á\";\n",
	})
	p := run(t, repo)
	var got []string
	for _, c := range p.Components {
		got = append(got, fmt.Sprintf("%q %s %v", c.Filemask, c.Problem, c.Counts))
	}
	want := []string{
		`"a [[]b]/*.json"  [{en 2 2 true} {de 2 1 false}]`,
		`"what[?]\nnow/*.lproj/x.strings"  [{en 1 1 true} {cs 1 1 false}]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
