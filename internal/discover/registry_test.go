package discover

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/layout"
)

// Two formats made up for these tests, registered as a format file registers
// its own: discovery must find their files through the registry alone.
//
//   - "test-lines" (monolingual): key=value lines, ".gtst" files headed
//     "#lines", named or foldered by language (the usual conventions).
//   - "test-res" (monolingual): the same lines in ui*.gtsr files of res/msgs/
//     (the template) and res/msgs-<two letters>/, as Android keeps values/.
//   - "test-bi" (bilingual): ".gtsb" files, whose new translations start from
//     the file without a language.
func init() {
	formats.Register(formats.Info{ID: "test-lines", Name: "Test lines", Monolingual: true, Extension: "gtst",
		Detect: &formats.Detection{Name: "test lines", Extensions: []string{".gtst"}, Default: "test-lines",
			Choose: func(s *formats.Sample) string {
				if bytes.HasPrefix(s.Data, []byte("#lines\n")) {
					return "test-lines"
				}
				return "" // another kind of .gtst file
			}},
	}, testLines{})
	formats.Register(formats.Info{ID: "test-res", Name: "Test resources", Monolingual: true, Extension: "gtsr",
		Detect: &formats.Detection{Name: "test resources", Extensions: []string{".gtsr"}, Prefix: "ui", Folder: "msgs",
			CodeShape: `[a-z]{2}`, Default: "test-res"},
	}, testLines{})
	formats.Register(formats.Info{ID: "test-bi", Name: "Test bilingual", Extension: "gtsb",
		Detect: &formats.Detection{Name: "test bilingual", Extensions: []string{".gtsb"}, Default: "test-bi"},
	}, testLines{})
}

type testLines struct{}

func (testLines) Parse(data []byte) (*formats.File, error) {
	f := &formats.File{}
	for i, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			f.Units = append(f.Units, formats.Unit{Key: k, Target: []string{v}, Line: i + 1})
		}
	}
	return f, nil
}

// TestRegisteredFormats: a format discovery has never heard of is proposed
// from what its registration says — its extensions, its folder convention and
// code shape, its content test, whether it is bilingual — and suggested for a
// filemask that misses its files.
func TestRegisteredFormats(t *testing.T) {
	t.Parallel()
	tree := memTree{
		"l10n/en.gtst": "#lines\na=A\n", "l10n/de.gtst": "#lines\na=B\n", "l10n/fr.gtst": "#lines\n",
		"other/en.gtst": "something else\n", "other/de.gtst": "something else\n", // Choose disowns them
		"app/res/msgs/ui.gtsr": "a=A\n", "app/res/msgs-de/ui.gtsr": "a=B\n",
		"app/res/msgs-night/ui.gtsr":  "a=C\n", // not the family's code shape
		"app/res/msgs-cs/colors.gtsr": "x=1\n", // not the family's file name
		"glossary/terms.gtsb":         "a=A\n", "glossary/terms.de.gtsb": "a=B\n", "glossary/terms.cs.gtsb": "a=C\n",
	}
	codes := func(fs []File) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Code)
		}
		return strings.Join(out, " ")
	}
	var got []string
	for _, c := range Find(tree, tree.paths()) {
		got = append(got, fmt.Sprintf("%s %s template=%q new_base=%q files=%s skipped=%s regex=%q problem=%q",
			c.FileFormat, c.Filemask, c.Template, c.NewBase, codes(c.Files), codes(c.Skipped), c.LanguageRegex, c.Problem))
	}
	want := []string{
		// The family's code shape leaves the qualifier out, in language_regex too.
		`test-res app/res/msgs-*/ui.gtsr template="app/res/msgs/ui.gtsr" new_base="" files=de skipped=night regex="^(?:[a-z]{2})$" problem=""`,
		`test-bi glossary/terms.*.gtsb template="" new_base="glossary/terms.gtsb" files=cs de skipped= regex="" problem=""`,
		`test-lines l10n/*.gtst template="l10n/en.gtst" new_base="" files=de fr skipped= regex="" problem=""`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := layout.Suggest(tree.paths(), "l10n/*.gts"); s != "l10n/*.gtst" {
		t.Errorf("suggestion %q", s)
	}
}
