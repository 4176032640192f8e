package layout

import (
	"regexp"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
)

// codeShape is what a language code in a path looks like: a language subtag of
// two or three letters, then scripts, regions and variants ("pt-BR", "zh_Hant_TW",
// "es-419", "ca-valencia"), then a gettext modifier ("sr@latin"). A file whose
// code has another shape ("index", "package", "night") is not a translation,
// whatever language Weblate would make up for it (weblate/lang/models.py
// auto_create makes one for any code).
const codeShape = `[A-Za-z]{2,3}(?:[_-](?:[A-Za-z]{2,8}|[0-9]{3}))*(?:@[A-Za-z]+)?`

var codeShapeRE = regexp.MustCompile(`^(?:` + codeShape + `)$`)

// familyShapes are the families' own code shapes (Detection.CodeShape),
// compiled; they are registered in init functions, so all are known by the
// first call.
var familyShapes = sync.OnceValue(func() map[*formats.Detection]*regexp.Regexp {
	m := map[*formats.Detection]*regexp.Regexp{}
	for _, d := range formats.Detections() {
		if d.CodeShape != "" {
			m[d] = regexp.MustCompile(`^(?:` + d.CodeShape + `)$`)
		}
	}
	return m
})

// CodeShape is the shape of the language codes in the paths of family d (its
// own, else codeShape): the expression, and it compiled to match a whole code.
func CodeShape(d *formats.Detection) (string, *regexp.Regexp) {
	if re := familyShapes()[d]; re != nil {
		return d.CodeShape, re
	}
	return codeShape, codeShapeRE
}

// notCodes are words that are language codes of language-data but name folders
// and files far more often than languages ("po/", "io/", "bin/", "new.json"): a
// path part spelled so never makes a mask by itself. A file with such a code is
// still read when a mask found through other files matches it (po/ast.po).
// translation-finder keeps a list for the same purpose
// (translation_finder/data.py LANGUAGES_BLACKLIST).
var notCodes = map[string]bool{
	"as": true, "ast": true, "bar": true, "bin": true, "bug": true, "do": true, "ext": true,
	"gl": true, "go": true, "hit": true, "id": true, "in": true, "io": true, "is": true,
	"man": true, "men": true, "min": true, "my": true, "new": true, "no": true, "or": true,
	"os": true, "pi": true, "po": true, "pro": true, "run": true, "sh": true, "so": true,
	"ss": true, "to": true, "ts": true, "war": true, "was": true, "zen": true,
}

var baseCodes = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range lang.Languages() {
		base := strings.ToLower(l.Code)
		if i := strings.IndexAny(base, "_@"); i >= 0 {
			base = base[:i]
		}
		m[base] = true
	}
	return m
})

// isCode tells whether a part of a path names a language clearly enough to make
// a filemask of it: shaped like a code, its language subtag one of
// language-data's languages and not a common word. It looks nothing up with
// lang.Resolve, which makes up a language for a code it does not know: a scan
// asks for suggestions (DidYouMean) in a running server, whose languages must not
// change for paths no component reads.
func isCode(s string) bool {
	base, ok := languageBase(s)
	return ok && !notCodes[base]
}

// LooksLikeCode tells whether a part of a path is shaped as a language code
// whose language subtag is one of language-data's ("de", "pt-BR", "zh_Hant"),
// the common words notCodes lists included (lang.Resolve would make a
// language up for any code).
func LooksLikeCode(s string) bool {
	_, ok := languageBase(s)
	return ok
}

// languageBase is s's language subtag, lower case, when s is shaped as a code
// and the subtag is language-data's.
func languageBase(s string) (string, bool) {
	if !codeShapeRE.MatchString(s) {
		return "", false
	}
	base := strings.ToLower(s)
	if i := strings.IndexAny(base, "_-@"); i >= 0 {
		base = base[:i]
	}
	return base, baseCodes()[base]
}

// codeKey tells the codes of a path apart for counting languages without
// resolving them: "pt-BR", "pt_br" and Android's "pt-rBR" are one.
func codeKey(s string) string {
	s = strings.ToLower(strings.TrimPrefix(s, "b+"))
	if len(s) == 6 && s[2:4] == "-r" {
		s = s[:2] + "_" + s[4:]
	}
	return strings.NewReplacer("-", "_", "+", "_").Replace(s)
}

// isAppleCode tells whether an .lproj folder's name (without ".lproj") names a
// language; "Base" is the development language of Xcode's base internationalization.
func isAppleCode(s string) bool { return isCode(s) || strings.EqualFold(s, "base") }
