package rules

import (
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// allFlags turns on every check a flag enables, so that fuzzing reaches them.
const allFlags = "c-format, python-format, python-brace-format, php-format, perl-format, javascript-format, " +
	"lua-format, object-pascal-format, scheme-format, c-sharp-format, java-printf-format, java-format, " +
	"auto-java-messageformat, percent-placeholders, vue-format, i18next-interpolation, es-format, " +
	"angularjs-format, qt-format, qt-plural-format, ruby-format, md-text, url, safe-html, xml-text, rst-text, " +
	`max-length:10, placeholders:"%s":r"\d+", regex:^a+$, strict-same, case-insensitive`

// FuzzChecks: no text, flags or plural shape makes a check panic. A file's
// strings and flags are the repository's, and a panic would stop the scan.
func FuzzChecks(f *testing.F) {
	for _, seed := range []struct{ source, target, flags string }{
		{"Hello %s", "Ahoj %d", ""},
		{"<b>bold</b> [b]x[/b]", "<b>tučně</i> [i]", "xml-text"},
		{"{0} {{name}} ${x} $t(key) %(n)s", "{1} {{jméno}}", ""},
		{"[a](http://x) `code` **b**", "[a](", "md-text"},
		{"...", "…", ""},
		{"a a a", "b b b", ""},
		{"\\n line\n", "\n\\n", ""},
		{"Text:", "Текст", "placeholders:r\"(\""},
	} {
		f.Add(seed.source, seed.target, seed.flags, "cs", uint8(1))
	}
	f.Fuzz(func(t *testing.T, source, target, flags, lang string, plural uint8) {
		if len(source)+len(target)+len(flags) > 4096 {
			return
		}
		n := int(plural%4) + 1
		sources := []string{source}
		targets := []string{target}
		if n > 1 {
			sources = append(sources, source+" "+target)
			for i := 1; i < n; i++ {
				targets = append(targets, strings.Repeat(target, i%2))
			}
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			for _, base := range []string{"", allFlags} {
				ck := NewChecker(CheckContext{Lang: lang, SourceLang: "en", PluralNumber: n,
					PluralFormula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", Project: "p", Component: "c", Flags: base})
				u := &CheckUnit{Source: sources, Target: targets, State: weblate.StateTranslated, Flags: flags, Note: target, Key: source}
				ck.Target(nil, u)
				ck.Source(nil, u, 2)
			}
		}()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			t.Fatalf("the checks of %q → %q (flags %q, %s) take more than 3 s", source, target, flags, lang)
		}
	})
}
