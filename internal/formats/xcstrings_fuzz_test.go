package formats

import (
	"errors"
	"testing"
)

// FuzzXcstrings: no panic; errors are *SyntaxError with a line; a catalog whose
// languages cannot be listed does not parse either; every language listed
// parses or fails with a line; and what comes out of each language is bounded:
// each byte is a key and a text at most (a key without a source localization is
// its own source), and the keys and notes of devices and substitutions are
// within the key budget.
func FuzzXcstrings(f *testing.F) {
	addPlainSeeds(f, xcSnippets, "xcstrings")
	f.Fuzz(func(t *testing.T, data []byte) {
		x := xcstringsFormat{}
		bound := 2*len(data) + jsonKeyBudget*len(data) + 1<<20
		check := func(code string, file *File, err error) {
			if err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Line < 1 {
					t.Fatalf("%q: error %v is not a *SyntaxError with a line", code, err)
				}
				return
			}
			size := 0
			for _, u := range file.Units {
				size += len(u.Key) + len(u.Note)
				for _, s := range u.Target {
					size += len(s)
				}
				if u.Line < 1 {
					t.Fatalf("%q: unit %q without a line", code, u.Key)
				}
				if u.Plural != (u.Categories != nil) || len(u.Categories) > 0 && len(u.Categories) != len(u.Target) {
					t.Fatalf("%q: unit %q: plural %v, forms %q named %q", code, u.Key, u.Plural, u.Target, u.Categories)
				}
			}
			if size > bound {
				t.Fatalf("%q: %d bytes of output from %d bytes of input (bound %d)", code, size, len(data), bound)
			}
		}
		file, err := x.Parse(data)
		check("", file, err)
		_, langs, lerr := x.Languages(data)
		if lerr != nil {
			if err == nil {
				t.Fatalf("the languages cannot be listed (%v), yet the source parses", lerr)
			}
			return
		}
		for i, code := range langs {
			if i == 4 {
				break
			}
			file, err := x.ParseLanguage(data, code)
			check(code, file, err)
		}
	})
}

// xcSnippets seed FuzzXcstrings with the shapes the reader knows.
var xcSnippets = []string{
	`{"sourceLanguage":"en","strings":{}}`,
	`{"sourceLanguage":"en","strings":{"a":{},"b":{"shouldTranslate":false,"comment":"c"},"s":{"extractionState":"stale"}}}`,
	`{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":"needs_review","value":"A"}}}}}}`,
	`{"sourceLanguage":"en","strings":{"n":{"localizations":{"en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld x"}},"other":{"stringUnit":{"state":"translated","value":"%lld xs"}}}}}}}}}`,
	`{"sourceLanguage":"en","strings":{"t":{"localizations":{"en":{"variations":{"device":{"mac":{"stringUnit":{"state":"translated","value":"Click"}},"iphone":{"variations":{"plural":{"other":{"stringUnit":{"state":"new","value":"Tap"}}}}}}}}}}}}`,
	`{"sourceLanguage":"en","strings":{"v":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}}}}`,
	`{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":"x"}}}}`,
	`{"sourceLanguage":1}`,
	`[]`,
}
