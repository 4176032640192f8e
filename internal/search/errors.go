package search

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gitlate/gitlate/internal/jsondoc"
)

// Error is a query Weblate refuses, or one gitlate cannot answer.
//
// Weblate's units endpoints (GET /api/units/ and
// /api/translations/{project}/{component}/{language}/units/) parse q before
// searching and turn any exception into a DRF ValidationError carrying
// "Could not parse query string: <message>", as weblate/api/views.py words it in
// the 5.0 development line that followed 4.18. DRF (3.14) wraps a plain-string
// detail in a list and its JSON renderer writes it compactly, so the answer is
// HTTP 400 with the body ["Could not parse query string: <message>"]. Detail
// writes exactly that body.
type Error struct {
	// Message is the text Weblate puts after "Could not parse query string: ",
	// for example "Unsupported state: <<" or pyparsing's
	// "Expected end of text, found ')'  (at char 2), (line:1, col:3)".
	Message string
	// Unsupported names the lookup when Weblate 4.18 answers the query but gitlate
	// cannot (for example "check" or "has:variant"); it is empty for queries Weblate
	// itself rejects.
	Unsupported string
}

func (e *Error) Error() string {
	return "search: " + e.Message
}

// StatusCode is the HTTP status Weblate answers a refused query with.
const StatusCode = 400

// Detail is the JSON body Weblate 4.18 answers a refused q with (see Error).
func (e *Error) Detail() []byte {
	var b strings.Builder
	b.WriteString(`["`)
	b.Write(jsondoc.AppendText(nil, "Could not parse query string: "+e.Message))
	b.WriteString(`"]`)
	return []byte(b.String())
}

func errorf(format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...)}
}

func unsupported(lookup, why string) *Error {
	return &Error{
		Message:     fmt.Sprintf("Unsupported lookup in gitlate: %s (%s)", lookup, why),
		Unsupported: lookup,
	}
}

// pyRepr is Python's repr() of a str: single quotes unless the text holds a single
// quote and no double quote, backslash escapes for the quote, backslash, \t \n \r,
// \xNN, \uNNNN or \UNNNNNNNN for characters str.isprintable() rejects.
func pyRepr(s string) string {
	quote := '\''
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteRune(quote)
	for _, r := range s {
		switch {
		case r == quote || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError:
			// An invalid byte decoded by Go; Django hands Python U+FFFD, which prints.
			b.WriteRune(r)
		case !unicode.IsPrint(r):
			// unicode.IsPrint is Python's isprintable(): letters, marks, numbers,
			// punctuation, symbols and the ASCII space.
			switch {
			case r < 0x100:
				fmt.Fprintf(&b, `\x%02x`, r)
			case r < 0x10000:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteRune(quote)
	return b.String()
}
