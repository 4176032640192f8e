package scan

import (
	"encoding/binary"
	"errors"
	"slices"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// resultVersion changes whenever what a result holds, or the rules that compute it,
// change: a stored result of another version is never reused.
const resultVersion = "3"

// journalKey is where a result is stored: its content key plus the versions of the
// parsers, of the statistics rules and of the quality checks, and what the checks
// of the file's translation depend on.
func (k resultKey) journalKey() string {
	return "r" + resultVersion + "/" + formats.ParserVersion + "/" + rules.ChecksVersion + "/" + string(k.role) + "/" + k.format + "/" +
		k.blob.String() + "/" + k.template.String() + "/" + k.tags + "/" + k.checks + langSuffix(k.lang)
}

// langSuffix adds the language of a file holding every language to its result's
// journal key; other files' keys stay as they were.
func langSuffix(code string) string {
	if code == "" {
		return ""
	}
	return "/lang=" + code
}

// A compact binary form: results are read back at every start of a big installation.

func appendStats(b []byte, s *snapshot.Stats) []byte {
	for _, v := range []int{s.Total, s.TotalWords, s.TotalChars, s.Translated, s.TranslatedWords, s.TranslatedChars,
		s.Fuzzy, s.FuzzyWords, s.FuzzyChars, s.Failing, s.FailingWords, s.FailingChars,
		s.Approved, s.ApprovedWords, s.ApprovedChars, s.Readonly, s.ReadonlyWords, s.ReadonlyChars} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func encodeResult(r *fileResult) []byte {
	b := appendStats(nil, &r.stats)
	b = binary.AppendUvarint(b, uint64(len(r.tmpl)))
	for _, u := range r.tmpl {
		b = appendString(b, u.Key)
		b = binary.AppendUvarint(b, uint64(u.Words))
		b = binary.AppendUvarint(b, uint64(u.Chars))
		b = binary.AppendUvarint(b, uint64(u.State))
		flag := uint64(0)
		if u.ReadOnly {
			flag = 1
		}
		if u.Plural {
			flag |= 2
		}
		b = binary.AppendUvarint(b, flag)
		b = binary.AppendUvarint(b, uint64(len(u.Source)))
		for _, f := range u.Source {
			b = appendString(b, f)
		}
		b = appendString(b, u.Flags)
		b = appendString(b, u.Note)
	}
	b = binary.AppendUvarint(b, uint64(len(r.repeats)))
	for _, i := range r.repeats {
		b = binary.AppendUvarint(b, uint64(i))
	}
	b = binary.AppendUvarint(b, uint64(len(r.units)))
	for _, u := range r.units {
		b = appendString(b, u.id)
		b = binary.AppendUvarint(b, uint64(u.words))
		b = binary.AppendUvarint(b, uint64(u.chars))
		flag := uint64(u.rows) << 2
		if u.srcFail {
			flag |= 1
		}
		if u.mf {
			flag |= 2
		}
		b = binary.AppendUvarint(b, flag)
	}
	b = binary.AppendUvarint(b, uint64(len(r.rows)))
	b = append(b, r.rows...)
	b = binary.AppendUvarint(b, uint64(len(r.warns)))
	for _, w := range r.warns {
		b = binary.AppendUvarint(b, uint64(w.Line))
		b = binary.AppendUvarint(b, uint64(w.Kind))
		b = appendString(b, w.Message)
	}
	return b
}

var errCorrupt = errors.New("stored result is damaged")

type reader struct {
	b   []byte
	err error
}

func (r *reader) uint() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<40 {
		r.err = errCorrupt
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) string() string {
	n := r.uint()
	if r.err != nil || n > len(r.b) {
		r.err = errCorrupt
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// decodeResult reads what encodeResult wrote; damaged bytes give an error (and the
// file is parsed again), never a wrong result that looks right.
func decodeResult(b []byte) (*fileResult, error) {
	r := &reader{b: b}
	out := &fileResult{}
	s := &out.stats
	for _, p := range []*int{&s.Total, &s.TotalWords, &s.TotalChars, &s.Translated, &s.TranslatedWords, &s.TranslatedChars,
		&s.Fuzzy, &s.FuzzyWords, &s.FuzzyChars, &s.Failing, &s.FailingWords, &s.FailingChars,
		&s.Approved, &s.ApprovedWords, &s.ApprovedChars, &s.Readonly, &s.ReadonlyWords, &s.ReadonlyChars} {
		*p = r.uint()
	}
	if n := r.uint(); n > 0 && r.err == nil {
		if n > len(r.b) {
			return nil, errCorrupt
		}
		out.tmpl = make([]rules.TemplateUnit, n)
		for i := range out.tmpl {
			u := &out.tmpl[i]
			u.Key = r.string()
			u.Words, u.Chars, u.State = r.uint(), r.uint(), weblate.State(r.uint())
			flag := r.uint()
			u.ReadOnly, u.Plural = flag&1 != 0, flag&2 != 0
			if n := r.uint(); n > 0 && n <= len(r.b) {
				u.Source = make([]string, n)
				for j := range u.Source {
					u.Source[j] = r.string()
				}
			} else if n > 0 {
				return nil, errCorrupt
			}
			u.Flags, u.Note = r.string(), r.string()
		}
	}
	if n := r.uint(); n > 0 && r.err == nil {
		if n > len(r.b) {
			return nil, errCorrupt
		}
		out.repeats = make([]int, n)
		for i := range out.repeats {
			out.repeats[i] = r.uint()
		}
	}
	if n := r.uint(); n > 0 && r.err == nil {
		if n > len(r.b) {
			return nil, errCorrupt
		}
		out.units = make([]bilUnit, n)
		for i := range out.units {
			u := &out.units[i]
			u.id = r.string()
			u.words, u.chars = r.uint(), r.uint()
			flag := r.uint()
			if flag>>2 > 255 {
				return nil, errCorrupt
			}
			u.rows, u.srcFail, u.mf = uint8(flag>>2), flag&1 != 0, flag&2 != 0
		}
	}
	if n := r.uint(); n > 0 && r.err == nil {
		if n > len(r.b) {
			return nil, errCorrupt
		}
		out.rows = slices.Clone(r.b[:n])
		r.b = r.b[n:]
	}
	if n := r.uint(); n > 0 && r.err == nil {
		if n > len(r.b) {
			return nil, errCorrupt
		}
		out.warns = make([]formats.Warning, n)
		for i := range out.warns {
			w := &out.warns[i]
			line, kind := r.uint(), r.uint()
			if kind > 255 {
				return nil, errCorrupt
			}
			w.Line, w.Kind, w.Message = line, formats.WarningKind(kind), r.string()
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = errCorrupt
	}
	if r.err != nil {
		return nil, r.err
	}
	return out, nil
}

// stored returns a result the journal kept from an earlier run, if it is intact;
// a journal that cannot be read is noted, and the file parsed.
func (sc *componentScan) stored(key resultKey) *fileResult {
	b, ok, err := sc.s.st.GetResult(sc.ctx, key.journalKey())
	if err != nil {
		sc.journalFailed(err)
		return nil
	}
	if !ok {
		return nil
	}
	r, err := decodeResult(b)
	if err != nil {
		return nil
	}
	return r
}

// journalFailed notes the first failure to read or write the journal (a
// component's alert: see readFiles). A scan cancelled meanwhile is not one.
func (sc *componentScan) journalFailed(err error) {
	if sc.journalErr == nil && sc.ctx.Err() == nil {
		sc.journalErr = err
	}
}
