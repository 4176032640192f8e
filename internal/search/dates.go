package search

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Dates are read as Weblate's TermExpr.convert_datetime reads them: a four-digit
// year is that whole year; anything else goes to python-dateutil 2.8.2's
// parser.parse with today at 05:55:55 as the default (00:00:00 and
// 23:59:59.999999 for the ends of a [from to to] range), and a result still at
// 05:55:55 names the whole day. Times are UTC unless the text names an offset
// (Weblate's default TIME_ZONE is UTC).
//
// parseDate ports dateutil's numeric grammar (parser._parse with its
// _parse_numeric_token, _ymd.resolve_ymd, the h/m/s labels, "T", time zone
// names and numeric offsets). Month and weekday names and am/pm, which dateutil
// also reads, are refused as dateutil refuses other text.

// timeSpan is a converted date: an instant, or a span when the text names a day
// or a year.
type timeSpan struct {
	at, from, to time.Time
	span         bool
}

const sentinelHour, sentinelMinute, sentinelSecond = 5, 55, 55

// convertDatetime is TermExpr.convert_datetime for a plain string.
func convertDatetime(text string, now time.Time, h, m, s, us int) (timeSpan, *Error) {
	if pyIsDigits(text) && utf8.RuneCountInString(text) == 4 {
		y, _ := pyInt(text)
		if y.v < 1 {
			return timeSpan{}, errorf("year %d is out of range", y.v)
		}
		year := int(y.v)
		return timeSpan{
			from: time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC),
			to:   time.Date(year, 12, 31, 23, 59, 59, 999999000, time.UTC),
			span: true,
		}, nil
	}
	def := time.Date(now.Year(), now.Month(), now.Day(), h, m, s, us*1000, time.UTC)
	t, msg := parseDate(text, def)
	if raw, ok := strings.CutPrefix(msg, rawPrefix); ok {
		return timeSpan{}, &Error{Message: raw}
	}
	if msg != "" {
		return timeSpan{}, errorf("Invalid timestamp: %s", msg)
	}
	if t.Hour() == sentinelHour && t.Minute() == sentinelMinute && t.Second() == sentinelSecond {
		y, mo, d := t.Date()
		return timeSpan{
			from: time.Date(y, mo, d, 0, 0, 0, 0, t.Location()),
			to:   time.Date(y, mo, d, 23, 59, 59, 999999000, t.Location()),
			span: true,
		}, nil
	}
	return timeSpan{at: t}, nil
}

// dateTokens is dateutil's _timelex.split: runs of letters, runs of digits (with
// the dots and commas of a decimal number), one token per other character, and
// " " for each whitespace character.
func dateTokens(s string) []string {
	rs := []rune(s)
	var out []string
	i := 0
	for i < len(rs) {
		r := rs[i]
		if !isPyAlpha(r) && !isPyDigit(r) {
			if pyIsSpace(r) {
				out = append(out, " ")
			} else {
				out = append(out, string(r))
			}
			i++
			continue
		}
		state := byte('a')
		if isPyDigit(r) {
			state = '0'
		}
		seenLetters := false
		tok := []rune{r}
		i++
	run:
		for i < len(rs) {
			c := rs[i]
			switch state {
			case 'a':
				seenLetters = true
				switch {
				case isPyAlpha(c):
				case c == '.':
					state = 'A' // "a."
				default:
					break run
				}
			case '0':
				switch {
				case isPyDigit(c):
				case c == '.' || c == ',' && len(tok) >= 2:
					state = 'N' // "0."
				default:
					break run
				}
			case 'A':
				seenLetters = true
				switch {
				case c == '.' || isPyAlpha(c):
				case isPyDigit(c) && tok[len(tok)-1] == '.':
					state = 'N'
				default:
					break run
				}
			case 'N':
				switch {
				case c == '.' || isPyDigit(c):
				case isPyAlpha(c) && tok[len(tok)-1] == '.':
					state = 'A'
				default:
					break run
				}
			}
			tok = append(tok, c)
			i++
		}
		t := string(tok)
		dots := strings.Count(t, ".")
		if (state == 'A' || state == 'N') && (seenLetters || dots > 1 || strings.HasSuffix(t, ".") || strings.HasSuffix(t, ",")) {
			// _split_decimal: split around every "." and ",", keeping them.
			start := 0
			var parts []string
			for j, c := range t {
				if c == '.' || c == ',' {
					parts = append(parts, t[start:j], string(c))
					start = j + 1
				}
			}
			parts = append(parts, t[start:])
			for _, p := range parts {
				if p != "" {
					out = append(out, p)
				}
			}
			continue
		}
		if state == 'N' && dots == 0 {
			t = strings.ReplaceAll(t, ",", ".")
		}
		out = append(out, t)
	}
	return out
}

var dateJump = map[string]bool{
	" ": true, ".": true, ",": true, ";": true, "-": true, "/": true, "'": true,
	"at": true, "on": true, "and": true, "ad": true, "m": true, "t": true, "of": true,
	"st": true, "nd": true, "rd": true, "th": true,
}

var dateHMS = map[string]int{
	"h": 0, "hour": 0, "hours": 0,
	"m": 1, "minute": 1, "minutes": 1,
	"s": 2, "second": 2, "seconds": 2,
}

// dateNames are the words dateutil reads as months, weekdays or am/pm, which
// parseDate does not take.
var dateNames = func() map[string]bool {
	m := map[string]bool{"am": true, "a": true, "pm": true, "p": true, "sept": true}
	for _, n := range []string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December",
		"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"} {
		m[strings.ToLower(n)] = true
		m[strings.ToLower(n[:3])] = true
	}
	return m
}()

type dateResult struct {
	year, month, day, hour, minute, second, micro *int
	tzname                                        *string
	tzoffset                                      *int // seconds
	centurySpecified                              bool
}

func iptr(v int) *int { return &v }

type ymdList struct {
	vals             []int
	ystridx          int // -1: none
	centurySpecified bool
}

func (y *ymdList) appendStr(s string) error {
	v, ok := asciiInt(s)
	if !ok {
		return errDate
	}
	return y.add(v, len(s) > 2)
}

func (y *ymdList) appendDec(d *big.Rat) error {
	year := d.Cmp(big.NewRat(100, 1)) > 0
	return y.add(ratInt(d), year)
}

func (y *ymdList) add(v int, year bool) error {
	if year {
		y.centurySpecified = true
		if y.ystridx >= 0 {
			return errDate // "Year is already set"
		}
	}
	y.vals = append(y.vals, v)
	if year {
		y.ystridx = len(y.vals) - 1
	}
	return nil
}

// resolve is _ymd.resolve_ymd with dayfirst and yearfirst off and no month names.
func (y *ymdList) resolve() (year, month, day *int, err error) {
	v := y.vals
	if y.ystridx >= 0 && len(v) == 1 {
		return iptr(v[0]), nil, nil, nil
	}
	switch len(v) {
	case 0:
	case 1:
		if v[0] > 31 {
			year = iptr(v[0])
		} else {
			day = iptr(v[0])
		}
	case 2:
		switch {
		case v[0] > 31:
			year, month = iptr(v[0]), iptr(v[1])
		case v[1] > 31:
			month, year = iptr(v[0]), iptr(v[1])
		default:
			month, day = iptr(v[0]), iptr(v[1])
		}
	case 3:
		switch {
		case v[0] > 31 || y.ystridx == 0:
			year, month, day = iptr(v[0]), iptr(v[1]), iptr(v[2])
		case v[0] > 12:
			day, month, year = iptr(v[0]), iptr(v[1]), iptr(v[2])
		default:
			month, day, year = iptr(v[0]), iptr(v[1]), iptr(v[2])
		}
	default:
		return nil, nil, nil, errDate // "More than three YMD values"
	}
	return year, month, day, nil
}

// errDate is any ValueError or IndexError inside dateutil's _parse, which parse()
// reports as "Unknown string format".
var errDate = fmt.Errorf("unknown date format")

func parseRat(s string) (*big.Rat, bool) {
	if s == "" || strings.ContainsAny(s, "eE+-_ ") {
		return nil, false
	}
	for _, c := range s {
		if c != '.' && (c < '0' || c > '9') {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// tooBig stands for a number past a C long, which Python's datetime refuses with
// an OverflowError rather than its range check.
const tooBig = math.MaxInt64

func ratInt(r *big.Rat) int {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsInt64() || q.Int64() == math.MaxInt64 {
		return tooBig
	}
	return int(q.Int64())
}

func asciiInt(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v == math.MaxInt64 {
		return tooBig, true // only digits, so the error is the range
	}
	return int(v), true
}

// parseDate returns dateutil's parse(text, default=def), or the text of the
// ParserError it raises.
func parseDate(text string, def time.Time) (time.Time, string) {
	res, err := parseDateTokens(dateTokens(text), def)
	if err != nil {
		return time.Time{}, "Unknown string format: " + text
	}
	if res.year == nil && res.month == nil && res.day == nil && res.hour == nil &&
		res.minute == nil && res.second == nil && res.micro == nil && res.tzname == nil && res.tzoffset == nil {
		return time.Time{}, "String does not contain a date: " + text
	}
	t, msg, raw := buildDate(res, def)
	if raw {
		return time.Time{}, rawPrefix + msg
	}
	if msg != "" {
		return time.Time{}, msg + ": " + text
	}
	return t, ""
}

// rawPrefix marks an exception that is not a ValueError: it passes dateutil and
// Weblate's "Invalid timestamp" wrapping untouched.
const rawPrefix = "\x00raw:"

func parseDateTokens(l []string, def time.Time) (*dateResult, error) {
	res := &dateResult{}
	ymd := &ymdList{ystridx: -1}
	n := len(l)
	for i := 0; i < n; i++ {
		tok := l[i]
		lower := strings.ToLower(tok)
		if _, isNum := parseRat(tok); isNum {
			var err error
			if i, err = parseNumericToken(l, i, ymd, res); err != nil {
				return nil, err
			}
			continue
		}
		switch {
		case isFloatWord(lower):
			// float() reads it but Decimal finds it infinite: a ValueError.
			return nil, errDate
		case dateNames[lower]:
			return nil, errDate // dateutil reads these; gitlate does not
		case res.hour != nil && res.tzname == nil && res.tzoffset == nil && utf8.RuneCountInString(tok) <= 5 &&
			(isUpperASCII(tok) || tok == "UTC" || tok == "GMT" || tok == "Z" || tok == "z"):
			name := tok
			res.tzname = &name
			if tok == "z" {
				res.tzoffset = iptr(0)
			}
			if i+1 < n && (l[i+1] == "+" || l[i+1] == "-") {
				if l[i+1] == "+" {
					l[i+1] = "-"
				} else {
					l[i+1] = "+"
				}
				res.tzoffset = nil
				if lower == "utc" || lower == "gmt" || lower == "z" {
					res.tzname = nil
				}
			}
		case res.hour != nil && (tok == "+" || tok == "-"):
			sign := -1
			if tok == "+" {
				sign = 1
			}
			if i+1 >= n {
				return nil, errDate
			}
			next := l[i+1]
			var h, m int
			var ok bool
			switch {
			case utf8.RuneCountInString(next) == 4:
				h, ok = asciiInt(next[:2])
				if ok {
					m, ok = asciiInt(next[2:])
				}
			case i+2 < n && l[i+2] == ":":
				h, ok = asciiInt(next)
				if ok {
					if i+3 >= n {
						return nil, errDate
					}
					m, ok = asciiInt(l[i+3])
				}
				i += 2
			case utf8.RuneCountInString(next) <= 2:
				h, ok = asciiInt(next)
			default:
				return nil, errDate
			}
			if !ok {
				return nil, errDate
			}
			res.tzoffset = iptr(sign * (h*3600 + m*60))
			i++
		case dateJump[lower]:
		default:
			return nil, errDate
		}
	}
	y, mo, d, err := ymd.resolve()
	if err != nil {
		return nil, err
	}
	res.year, res.month, res.day = y, mo, d
	res.centurySpecified = ymd.centurySpecified
	// parserinfo.validate
	if res.year != nil && *res.year < 100 && !res.centurySpecified {
		cur := def.Year()
		yr := *res.year + cur/100*100
		if yr >= cur+50 {
			yr -= 100
		} else if yr < cur-50 {
			yr += 100
		}
		res.year = &yr
	}
	if res.tzoffset != nil && *res.tzoffset == 0 && res.tzname == nil ||
		res.tzname != nil && (*res.tzname == "Z" || *res.tzname == "z") {
		name := "UTC"
		res.tzname, res.tzoffset = &name, iptr(0)
	} else if res.tzname != nil && (res.tzoffset == nil || *res.tzoffset != 0) {
		switch strings.ToLower(*res.tzname) {
		case "utc", "gmt", "z":
			res.tzoffset = iptr(0)
		}
	}
	return res, nil
}

func isFloatWord(lower string) bool {
	switch lower {
	case "nan", "inf", "infinity":
		return true
	}
	return false
}

func isUpperASCII(s string) bool {
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// parseNumericToken is dateutil's _parse_numeric_token; it returns the index of the
// last token it consumed. Its cases are dateutil's, in dateutil's order: what
// the token's length and its neighbours make of it.
func parseNumericToken(l []string, idx int, ymd *ymdList, res *dateResult) (int, error) {
	repr := l[idx]
	val, _ := parseRat(repr)
	n := len(l)
	li := utf8.RuneCountInString(repr)
	var err error
	switch {
	case len(ymd.vals) == 3 && (li == 2 || li == 4) && res.hour == nil &&
		(idx+1 >= n || l[idx+1] != ":" && !isHMS(l, idx+1)):
		err = parseHHMM(repr, res)
	case li == 6 || li > 6 && strings.Index(repr, ".") == 6:
		err = parseSixDigits(repr, ymd, res)
	case li == 8 || li == 12 || li == 14:
		err = parseDigitsDate(repr, ymd, res)
	case hmsIndex(l, idx) >= 0:
		return parseHMSWord(l, idx, val, res)
	case idx+2 < n && l[idx+1] == ":":
		return parseColonTime(l, idx, val, res)
	case idx+1 < n && (l[idx+1] == "-" || l[idx+1] == "/" || l[idx+1] == "."):
		return parseSeparatedDate(l, idx, ymd)
	case idx+1 >= n || dateJump[strings.ToLower(l[idx+1])]:
		if idx+2 < n && dateNames[strings.ToLower(l[idx+2])] {
			return 0, errDate // "12 am"
		}
		if err := ymd.appendDec(val); err != nil {
			return 0, err
		}
		idx++
	case dateNames[strings.ToLower(l[idx+1])]:
		return 0, errDate // "12am"
	case val.Cmp(big.NewRat(1, 1)) >= 0 && val.Cmp(big.NewRat(31, 1)) <= 0:
		// _ymd.could_be_day, with no day or month string seen
		err = ymd.appendDec(val)
	default:
		return 0, errDate
	}
	if err != nil {
		return 0, err
	}
	return idx, nil
}

// hmsAt is the unit (0 hours, 1 minutes, 2 seconds) the token at j names, if
// any (dateutil's HMS words).
func hmsAt(l []string, j int) (int, bool) {
	if j < 0 || j >= len(l) {
		return 0, false
	}
	v, ok := dateHMS[strings.ToLower(l[j])]
	return v, ok
}

// isHMS tells whether the token at j names an hours, minutes or seconds unit.
func isHMS(l []string, j int) bool { _, ok := hmsAt(l, j); return ok }

// parseHHMM reads "HH" or "HHMM" after a whole date: the time.
func parseHHMM(repr string, res *dateResult) error {
	h, ok := asciiInt(repr[:2])
	if !ok {
		return errDate
	}
	res.hour = iptr(h)
	if utf8.RuneCountInString(repr) == 4 {
		m, ok := asciiInt(repr[2:])
		if !ok {
			return errDate
		}
		res.minute = iptr(m)
	}
	return nil
}

// parseSixDigits reads six digits (and a fraction after them): "YYMMDD" when no
// date part is known yet and there is no fraction, else "HHMMSS[.ffffff]".
func parseSixDigits(repr string, ymd *ymdList, res *dateResult) error {
	if len(ymd.vals) == 0 && !strings.Contains(repr, ".") {
		for _, p := range []string{repr[:2], repr[2:4], repr[4:]} {
			if err := ymd.appendStr(p); err != nil {
				return err
			}
		}
		return nil
	}
	h, ok1 := asciiInt(repr[:2])
	m, ok2 := asciiInt(repr[2:4])
	s, us, ok3 := parseMs(repr[4:])
	if !ok1 || !ok2 || !ok3 {
		return errDate
	}
	res.hour, res.minute, res.second, res.micro = iptr(h), iptr(m), iptr(s), iptr(us)
	return nil
}

// parseDigitsDate reads "YYYYMMDD", "YYYYMMDDhhmm" or "YYYYMMDDhhmmss".
func parseDigitsDate(repr string, ymd *ymdList, res *dateResult) error {
	li := utf8.RuneCountInString(repr)
	y, ok := asciiInt(repr[:4])
	if !ok {
		return errDate
	}
	if err := ymd.add(y, true); err != nil {
		return err
	}
	for _, p := range []string{repr[4:6], repr[6:8]} {
		if err := ymd.appendStr(p); err != nil {
			return err
		}
	}
	if li == 8 {
		return nil
	}
	h, ok1 := asciiInt(repr[8:10])
	m, ok2 := asciiInt(repr[10:12])
	if !ok1 || !ok2 {
		return errDate
	}
	res.hour, res.minute = iptr(h), iptr(m)
	if li > 12 {
		s, ok := asciiInt(repr[12:])
		if !ok {
			return errDate
		}
		res.second = iptr(s)
	}
	return nil
}

// parseHMSWord reads a number beside an hours, minutes or seconds word: the
// word's unit when the word follows ("10 h", the word consumed), the next
// smaller one when it comes before ("h 10" is minutes), as dateutil reads them.
func parseHMSWord(l []string, idx int, val *big.Rat, res *dateResult) (int, error) {
	repr := l[idx]
	j := hmsIndex(l, idx)
	hms, _ := hmsAt(l, j)
	if j > idx {
		idx = j
	} else {
		hms++
	}
	switch hms {
	case 0:
		res.hour = iptr(ratInt(val))
		if frac := ratFrac(val); frac.Sign() != 0 {
			res.minute = iptr(ratInt(new(big.Rat).Mul(big.NewRat(60, 1), frac)))
		}
	case 1:
		m, s := parseMinSec(val)
		res.minute, res.second = iptr(m), s
	case 2:
		s, us, ok := parseMs(repr)
		if !ok {
			return 0, errDate
		}
		res.second, res.micro = iptr(s), iptr(us)
	}
	return idx, nil
}

// parseColonTime reads "H:M" or "H:M:S", the number at idx the hour.
func parseColonTime(l []string, idx int, val *big.Rat, res *dateResult) (int, error) {
	n := len(l)
	res.hour = iptr(ratInt(val))
	mv, ok := parseRat(l[idx+2])
	if !ok {
		return 0, errDate
	}
	m, s := parseMinSec(mv)
	res.minute, res.second = iptr(m), s
	if idx+4 < n && l[idx+3] == ":" {
		s, us, ok := parseMs(l[idx+4])
		if !ok {
			return 0, errDate
		}
		res.second, res.micro = iptr(s), iptr(us)
		idx += 2
	}
	return idx + 2, nil
}

// parseSeparatedDate reads "a-b", "a-b-c" (or with "/" or "." between) as
// date parts, the number at idx the first.
func parseSeparatedDate(l []string, idx int, ymd *ymdList) (int, error) {
	n := len(l)
	repr, sep := l[idx], l[idx+1]
	if !isASCIIDigits(repr) {
		// value_repr goes to int() through _ymd.append; only a decimal fails.
		return 0, errDate
	}
	if err := ymd.appendStr(repr); err != nil {
		return 0, err
	}
	if idx+2 < n && !dateJump[strings.ToLower(l[idx+2])] {
		if !isASCIIDigits(l[idx+2]) {
			return 0, errDate // a month name, or not a date
		}
		if err := ymd.appendStr(l[idx+2]); err != nil {
			return 0, err
		}
		if idx+3 < n && l[idx+3] == sep {
			if idx+4 >= n {
				return 0, errDate
			}
			if dateNames[strings.ToLower(l[idx+4])] {
				return 0, errDate
			}
			if err := ymd.appendStr(l[idx+4]); err != nil {
				return 0, err
			}
			idx += 2
		}
		idx++
	}
	return idx + 1, nil
}

func isASCIIDigits(s string) bool {
	_, ok := asciiInt(s)
	return ok
}

func ratFrac(r *big.Rat) *big.Rat {
	whole := new(big.Rat).SetInt(new(big.Int).Quo(r.Num(), r.Denom()))
	return new(big.Rat).Sub(r, whole)
}

// parseMinSec is dateutil's _parse_min_sec.
func parseMinSec(v *big.Rat) (int, *int) {
	m := ratInt(v)
	if frac := ratFrac(v); frac.Sign() != 0 {
		return m, iptr(ratInt(new(big.Rat).Mul(big.NewRat(60, 1), frac)))
	}
	return m, nil
}

// parseMs is dateutil's _parsems: "S" or "S.ffffff".
func parseMs(s string) (int, int, bool) {
	whole, frac, found := strings.Cut(s, ".")
	if strings.Contains(frac, ".") {
		return 0, 0, false
	}
	sec, ok := asciiInt(whole)
	if !ok {
		return 0, 0, false
	}
	if !found {
		return sec, 0, true
	}
	frac = (frac + "000000")[:6]
	us, ok := asciiInt(frac)
	if !ok && frac != "" {
		return 0, 0, false
	}
	return sec, us, true
}

// hmsIndex is dateutil's _find_hms_idx with allow_jump, or -1.
func hmsIndex(l []string, idx int) int {
	n := len(l)
	is := func(j int) bool {
		if j < 0 || j >= n {
			return false
		}
		_, ok := dateHMS[strings.ToLower(l[j])]
		return ok
	}
	switch {
	case idx+1 < n && is(idx+1):
		return idx + 1
	case idx+2 < n && l[idx+1] == " " && is(idx+2):
		return idx + 2
	case idx > 0 && is(idx-1):
		return idx - 1
	case 1 < idx && idx == n-1 && l[idx-1] == " " && is(idx-2):
		return idx - 2
	}
	return -1
}

// buildDate is dateutil's _build_naive and _build_tzaware: default.replace() with
// the parsed fields, checked as Python's datetime checks them. raw reports an
// OverflowError, which dateutil does not turn into a ParserError.
func buildDate(res *dateResult, def time.Time) (t time.Time, msg string, raw bool) {
	get := func(p *int, d int) int {
		if p != nil {
			return *p
		}
		return d
	}
	year := get(res.year, def.Year())
	month := get(res.month, int(def.Month()))
	day := get(res.day, def.Day())
	if res.day == nil {
		// calendar.monthrange, for a default day past the month's end
		if month < 1 || month > 12 {
			return time.Time{}, fmt.Sprintf("bad month number %d; must be 1-12", month), false
		}
		if y := 2000 + year%400; day > daysIn(y, month) {
			day = daysIn(y, month)
		}
	}
	hour := get(res.hour, def.Hour())
	minute := get(res.minute, def.Minute())
	second := get(res.second, def.Second())
	micro := get(res.micro, def.Nanosecond()/1000)
	// datetime.replace converts its arguments to C ints before checking ranges.
	for _, v := range []int{year, month, day, hour, minute, second, micro} {
		switch {
		case v == tooBig:
			return time.Time{}, "Python int too large to convert to C long", true
		case v > math.MaxInt32:
			return time.Time{}, "signed integer is greater than maximum", true
		}
	}
	switch {
	case year < 1 || year > 9999:
		return time.Time{}, fmt.Sprintf("year %d is out of range", year), false
	case month < 1 || month > 12:
		return time.Time{}, "month must be in 1..12", false
	case day < 1 || day > daysIn(year, month):
		return time.Time{}, "day is out of range for month", false
	case hour < 0 || hour > 23:
		return time.Time{}, "hour must be in 0..23", false
	case minute < 0 || minute > 59:
		return time.Time{}, "minute must be in 0..59", false
	case second < 0 || second > 59:
		return time.Time{}, "second must be in 0..59", false
	case micro < 0 || micro > 999999:
		return time.Time{}, "microsecond must be in 0..999999", false
	}
	loc := time.UTC
	if res.tzoffset != nil && *res.tzoffset != 0 {
		if o := *res.tzoffset; o <= -86400 || o >= 86400 {
			// Python accepts the offset and fails when the time is used (in Weblate,
			// when the query reaches the database).
			return time.Time{}, "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).", true
		}
		loc = time.FixedZone("", *res.tzoffset)
	}
	return time.Date(year, time.Month(month), day, hour, minute, second, micro*1000, loc), "", false
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// isPyAlpha is str.isalpha for one character: the letter categories.
func isPyAlpha(r rune) bool { return unicode.IsLetter(r) }

// isPyDigit approximates str.isdigit: decimal digits (Go has no Numeric_Type=Digit
// table, so superscript and circled digits are not included).
func isPyDigit(r rune) bool { return unicode.IsDigit(r) }

func pyIsDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !isPyDigit(r) {
			return false
		}
	}
	return true
}

// pyIsSpace is str.isspace for one character.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}
