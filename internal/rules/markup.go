package rules

import (
	"encoding/xml"
	"errors"
	"io"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// markupChecks are Weblate's checks of weblate/checks/markup.py: BBCode, the
// two XML checks, the Markdown checks, url and safe-html. The regular
// expressions of weblate/checks/markup.py and weblate/utils/html.py use
// backreferences and lookarounds, which Go's regexp lacks; each is written
// here as a hand matcher that follows Python's backtracking order, so that the
// matches (and where the scan resumes after each) are Python's.
var markupChecks = []*Check{
	{ID: "bbcode", Name: "BBCode markup", Description: "BBCode in translation does not match source",
		Kind: TargetCheck, Single: bbcodeSingle},
	{ID: "xml-invalid", Name: "XML syntax", Description: "The translation is not valid XML",
		Kind: TargetCheck, Unit: xmlUnit(xmlInvalidSingle)},
	{ID: "xml-tags", Name: "XML markup", Description: "XML tags in translation do not match source",
		Kind: TargetCheck, Unit: xmlUnit(xmlTagsSingle)},
	{ID: "md-reflink", Name: "Markdown references", Description: "Markdown link references do not match source",
		Kind: TargetCheck, DefaultDisabled: true, Enable: "md-text", Single: mdRefLinkSingle},
	{ID: "md-link", Name: "Markdown links", Description: "Markdown links do not match source",
		Kind: TargetCheck, DefaultDisabled: true, Enable: "md-text", Single: mdLinkSingle},
	{ID: "md-syntax", Name: "Markdown syntax", Description: "Markdown syntax does not match source",
		Kind: TargetCheck, DefaultDisabled: true, Enable: "md-text", Single: mdSyntaxSingle},
	{ID: "url", Name: "URL", Description: "The translation does not contain an URL",
		Kind: TargetCheck, DefaultDisabled: true, Single: urlSingle},
	// safe-html compares the target with what an HTML sanitizer (bleach, later
	// ammonia through nh3) leaves of it, allowing the tags and attributes the
	// source uses. Matching that sanitizer's allow-lists, URL-scheme filtering and
	// re-serialisation byte for byte is not feasible here (the Weblate-checks
	// oracle does not run it either), so the check is listed and never fails.
	// Its flag still matters: it makes the XML checks skip the unit.
	{ID: "safe-html", Name: "Unsafe HTML", Description: "The translation uses unsafe HTML markup",
		Kind: NeverCheck, DefaultDisabled: true},
}

// pyIsWord is Python's \w on str patterns: letters, numbers and "_".
func pyIsWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// ---------------------------------------------------------------------------
// BBCode

// bbcodeMatch is one match of markup.py's BBCODE_MATCH.
type bbcodeMatch struct{ tag string }

// bbcodeFind lists the matches of BBCODE_MATCH, an opening [tag] or
// [tag@param], the shortest text on the same line, then [/tag]. The tag is
// everything up to the first "]" (newlines included); when no closing tag
// follows, Python backtracks to shorter tags ending before an "@" (the
// "@param" part), longest first.
//
// Read naively, each opening scans the rest of its line for its closing tag,
// and a line of many openings costs the square of its length. Here every
// closing tag of the text is indexed once by a hash of its name, and an
// opening asks for the first closing of its name after it; an opening with
// many "@" still asks once per "@" (as many as Python's backtracking tries).
func bbcodeFind(text string) []bbcodeMatch {
	if !strings.Contains(text, "[/") {
		return nil // no closing tag, no match
	}
	x := newBBCodeIndex(text)
	var out []bbcodeMatch
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '[')
		if k < 0 {
			break
		}
		i += k
		end, tag, ok := x.at(i)
		if !ok {
			i++
			continue
		}
		out = append(out, bbcodeMatch{tag: tag})
		i = end
	}
	return out
}

// bbcodeIndex is a text with, for each position, the next "]" and the next
// newline, and the positions of its closing tags "[/name]" by name.
type bbcodeIndex struct {
	text              string
	nextClose, nextNL []int32
	hash              polyHash
	closings          map[polyKey][]int
}

func newBBCodeIndex(text string) *bbcodeIndex {
	n := len(text)
	x := &bbcodeIndex{text: text, nextClose: make([]int32, n+1), nextNL: make([]int32, n+1), hash: newPolyHash(text),
		closings: map[polyKey][]int{}}
	x.nextClose[n], x.nextNL[n] = int32(n), int32(n)
	for p := n - 1; p >= 0; p-- {
		x.nextClose[p], x.nextNL[p] = x.nextClose[p+1], x.nextNL[p+1]
		switch text[p] {
		case ']':
			x.nextClose[p] = int32(p)
		case '\n':
			x.nextNL[p] = int32(p)
		}
	}
	for c := 0; c+2 < n; c++ {
		if text[c] == '[' && text[c+1] == '/' {
			if e := int(x.nextClose[c+2]); e < n && e > c+2 {
				k := x.hash.key(c+2, e)
				x.closings[k] = append(x.closings[k], c)
			}
		}
	}
	return x
}

// at matches BBCODE_MATCH at i: where it ends and its tag.
func (x *bbcodeIndex) at(i int) (end int, tag string, ok bool) {
	text := x.text
	j := int(x.nextClose[i+1])
	if j >= len(text) || j == i+1 {
		return 0, "", false
	}
	// The closing tag must start on the line the opening one ends.
	nl := int(x.nextNL[j+1])
	try := func(tagEnd int) (int, bool) {
		tag := text[i+1 : tagEnd]
		list := x.closings[x.hash.key(i+1, tagEnd)]
		for k, _ := slices.BinarySearch(list, j+1); k < len(list) && list[k] < nl; k++ {
			c := list[k]
			if text[c+2:c+2+len(tag)] == tag { // else a collision of the hashes
				return c + len(tag) + 3, true
			}
		}
		return 0, false
	}
	if e, ok := try(j); ok {
		return e, text[i+1 : j], true
	}
	for k := j - 1; k > i+1; k-- {
		if text[k] != '@' {
			continue
		}
		if e, ok := try(k); ok {
			return e, text[i+1 : k], true
		}
	}
	return 0, "", false
}

// bbcodeSingle is BBCodeCheck.check_single: a source with BBCode needs as many
// matches in the target, with the same set of tags.
func bbcodeSingle(_ *Subject, source, target string) bool {
	if strings.IndexByte(source, '[') < 0 {
		return false // no tag in the source
	}
	src := bbcodeFind(source)
	if len(src) == 0 {
		return false
	}
	tgt := bbcodeFind(target)
	if len(src) != len(tgt) {
		return true
	}
	return !sameSet(bbcodeTags(src), bbcodeTags(tgt))
}

func bbcodeTags(m []bbcodeMatch) map[string]bool {
	out := map[string]bool{}
	for _, x := range m {
		out[x.tag] = true
	}
	return out
}

func sameSet[K comparable](a, b map[K]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// XML

// xmlLooksLike is markup.py's XML_MATCH quick test: "<", something, ">".
var xmlLooksLike = regexp.MustCompile(`<[^>]+>`)

// stripXMLEntities is markup.py's strip_entities: every "&name;" or "&#…;"
// (XML_ENTITY_MATCH, &#?\w+;) becomes a space, so that the parser sees no
// entity it would have to know.
func stripXMLEntities(text string) string {
	if !strings.ContainsRune(text, '&') {
		return text
	}
	s := []rune(text)
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '&' {
			j := i + 1
			if j < len(s) && s[j] == '#' {
				j++
			}
			k := j
			for k < len(s) && pyIsWord(s[k]) {
				k++
			}
			if k > j && k < len(s) && s[k] == ';' {
				b.WriteByte(' ')
				i = k + 1
				continue
			}
		}
		b.WriteRune(s[i])
		i++
	}
	return b.String()
}

// xmlNode is one node of lxml's Element.iter(): an element's tag in Clark
// notation ("{uri}local") with its attribute names (keys(), namespace
// declarations excluded), or a comment or processing instruction, which lxml
// also yields.
type xmlNode struct {
	tag   string
	attrs []string
}

const (
	xmlCommentNode = "\x00comment"
	xmlPINode      = "\x00pi"
	xmlNamespace   = "http://www.w3.org/XML/1998/namespace"
)

var errXML = errors.New("not well-formed")

// parseXMLTree parses text as lxml's etree.fromstring does in
// weblate.utils.xml.parse_xml (entities not resolved, CDATA kept). It returns
// the nodes of the root element in document order and the root's text content
// (etree.tostring(method="text")). encoding/xml's RawToken does the
// tokenising; what it does not check and libxml2 refuses is checked here:
// matching end tags, a single root with only white space around it, the XML
// declaration only at the very start, namespace prefixes that are declared,
// repeated attributes, "<" in attribute values, "]]>" in text, "--" in
// comments and DOCTYPE only before the root.
func parseXMLTree(text string) (nodes []xmlNode, content string, err error) {
	d := xml.NewDecoder(strings.NewReader(text))
	d.Strict = true
	// Python hands lxml the bytes of a text that mentions "encoding"; the text
	// is UTF-8 whatever it declares, so any declared charset reads as is.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	type scope struct {
		name xml.Name
		ns   map[string]string
	}
	var stack []scope
	// bound holds, per prefix, the URIs the open elements declare it as, the
	// innermost last: a lookup costs the same however deep the nesting.
	bound := map[string][]string{}
	lookup := func(prefix string) (string, bool) {
		if prefix == "xml" {
			return xmlNamespace, true
		}
		if uris := bound[prefix]; len(uris) > 0 {
			return uris[len(uris)-1], true
		}
		return "", prefix == ""
	}
	clark := func(uri, local string) string {
		if uri == "" {
			return local
		}
		return "{" + uri + "}" + local
	}
	roots := 0
	var body strings.Builder
	for {
		start := d.InputOffset()
		tok, terr := d.RawToken()
		if terr == io.EOF {
			break
		}
		if terr != nil {
			return nil, "", terr
		}
		raw := text[start:d.InputOffset()]
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				if roots > 0 {
					return nil, "", errXML
				}
				roots++
			}
			if len(raw) > 1 && strings.ContainsRune(raw[1:], '<') {
				return nil, "", errXML
			}
			sc := scope{name: t.Name}
			seen := map[xml.Name]bool{}
			for _, a := range t.Attr {
				if seen[a.Name] {
					return nil, "", errXML
				}
				seen[a.Name] = true
				switch {
				case a.Name.Space == "xmlns":
					if a.Value == "" {
						return nil, "", errXML
					}
					if sc.ns == nil {
						sc.ns = map[string]string{}
					}
					sc.ns[a.Name.Local] = a.Value
				case a.Name.Space == "" && a.Name.Local == "xmlns":
					if sc.ns == nil {
						sc.ns = map[string]string{}
					}
					sc.ns[""] = a.Value
				}
			}
			stack = append(stack, sc)
			for prefix, uri := range sc.ns {
				bound[prefix] = append(bound[prefix], uri)
			}
			uri, ok := lookup(t.Name.Space)
			if !ok {
				return nil, "", errXML
			}
			n := xmlNode{tag: clark(uri, t.Name.Local)}
			expanded := map[string]bool{}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue
				}
				key := a.Name.Local
				if a.Name.Space != "" {
					uri, ok := lookup(a.Name.Space)
					if !ok || uri == "" {
						return nil, "", errXML
					}
					key = clark(uri, a.Name.Local)
				}
				if expanded[key] {
					return nil, "", errXML
				}
				expanded[key] = true
				n.attrs = append(n.attrs, key)
			}
			nodes = append(nodes, n)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1].name != t.Name {
				return nil, "", errXML
			}
			for prefix := range stack[len(stack)-1].ns {
				bound[prefix] = bound[prefix][:len(bound[prefix])-1]
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if strings.Trim(string(t), " \t\r\n") != "" {
					return nil, "", errXML
				}
				continue
			}
			if !strings.HasPrefix(raw, "<![CDATA[") && strings.Contains(raw, "]]>") {
				return nil, "", errXML
			}
			body.Write(t)
		case xml.Comment:
			if strings.Contains(string(t), "--") || strings.HasSuffix(string(t), "-") {
				return nil, "", errXML
			}
			if len(stack) > 0 {
				nodes = append(nodes, xmlNode{tag: xmlCommentNode})
			}
		case xml.ProcInst:
			if t.Target == "xml" {
				if start != 0 {
					return nil, "", errXML
				}
				continue
			}
			if strings.EqualFold(t.Target, "xml") {
				return nil, "", errXML
			}
			if len(stack) > 0 {
				nodes = append(nodes, xmlNode{tag: xmlPINode})
			}
		case xml.Directive:
			if len(stack) > 0 || roots > 0 || !strings.HasPrefix(string(t), "DOCTYPE") {
				return nil, "", errXML
			}
		}
	}
	if len(stack) != 0 || roots != 1 {
		return nil, "", errXML
	}
	return nodes, body.String(), nil
}

// parseCheckXML is BaseXMLCheck.parse_xml: entities stripped, optionally
// wrapped in a <weblate> root.
func parseCheckXML(text string, wrap bool) ([]xmlNode, error) {
	text = stripXMLEntities(text)
	if wrap {
		text = "<weblate>" + text + "</weblate>"
	}
	nodes, _, err := parseXMLTree(text)
	return nodes, err
}

// detectXMLWrapping is BaseXMLCheck.detect_xml_wrapping: wrapped if that
// parses, else the bare text (which may fail too).
func detectXMLWrapping(text string) (nodes []xmlNode, wrap bool, err error) {
	if nodes, err := parseCheckXML(text, true); err == nil {
		return nodes, true, nil
	}
	nodes, err = parseCheckXML(text, false)
	return nodes, false, err
}

// xmlSkip is BaseXMLCheck.should_skip past the ignore flag: safe-html skips,
// xml-text never skips; otherwise skip unless some source form looks like XML
// and every source form parses.
func xmlSkip(s *Subject, sources []string) bool {
	m := s.Memo
	if m == nil || !anyContains(sources, "<") {
		return xmlSkipped(s, sources) // without "<" it costs two flag lookups
	}
	key := xmlKey{unitFlags: s.unitFlags, sources: sources[0], forms: len(sources)}
	if len(sources) > 1 {
		key.sources = strings.Join(sources, "\x00")
	}
	if v, ok := m.xml.Load(key); ok {
		return v.(bool)
	}
	skip := xmlSkipped(s, sources)
	m.xml.Store(key, skip)
	return skip
}

// xmlSkipped is xmlSkip worked out.
func xmlSkipped(s *Subject, sources []string) bool {
	if s.Flags.Has("safe-html") {
		return true
	}
	if s.Flags.Has("xml-text") {
		return false
	}
	looks := false
	for _, src := range sources {
		if strings.ContainsRune(src, '<') && xmlLooksLike.MatchString(src) {
			looks = true
			break
		}
	}
	if !looks {
		return true
	}
	for _, src := range sources {
		if _, _, err := detectXMLWrapping(src); err != nil {
			return true
		}
	}
	return false
}

func xmlUnit(single func(*Subject, string, string) bool) func(*Subject, []string, []string) bool {
	return func(s *Subject, sources, targets []string) bool {
		if xmlSkip(s, sources) {
			return false
		}
		return pairs(s, single, sources, targets)
	}
}

// xmlInvalidSingle is XMLValidityCheck.check_single: the source parses (with
// or without the wrapping root) and the target does not, wrapped the same way.
func xmlInvalidSingle(s *Subject, source, target string) bool {
	_, wrap, err := s.sourceXML(source)
	if err != nil {
		return false
	}
	_, err = s.targetXML(target, wrap)
	return err != nil
}

// xmlParsed is a text as the XML checks parse it.
type xmlParsed struct {
	text  string
	nodes []xmlNode
	wrap  bool
	err   error
}

// sourceXML is detectXMLWrapping of a source: kept in the Memo, as every
// translation of the component parses the same sources. The nodes are shared.
func (s *Subject) sourceXML(source string) ([]xmlNode, bool, error) {
	m := s.Memo
	if m == nil {
		return detectXMLWrapping(source)
	}
	if v, ok := m.xmlSource.Load(source); ok {
		p := v.(*xmlParsed)
		return p.nodes, p.wrap, p.err
	}
	nodes, wrap, err := detectXMLWrapping(source)
	m.xmlSource.Store(source, &xmlParsed{nodes: nodes, wrap: wrap, err: err})
	return nodes, wrap, err
}

// targetXML is parseCheckXML of a target, which xml-invalid and xml-tags
// both read: parsed once per unit.
func (s *Subject) targetXML(target string, wrap bool) ([]xmlNode, error) {
	if p := s.xmlTarget; p != nil && p.text == target && p.wrap == wrap {
		return p.nodes, p.err
	}
	nodes, err := parseCheckXML(target, wrap)
	s.xmlTarget = &xmlParsed{text: target, nodes: nodes, wrap: wrap, err: err}
	return nodes, err
}

// xmlTagsSingle is XMLTagsCheck.check_single: both parse, and the lists of
// (tag, attribute names) differ; an invalid target is xml-invalid's business.
func xmlTagsSingle(s *Subject, source, target string) bool {
	src, wrap, err := s.sourceXML(source)
	if err != nil {
		return false
	}
	tgt, err := s.targetXML(target, wrap)
	if err != nil {
		return false
	}
	if len(src) != len(tgt) {
		return true
	}
	for i := range src {
		if src[i].tag != tgt[i].tag || !slices.Equal(src[i].attrs, tgt[i].attrs) {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Markdown (weblate/utils/html.py MD_REFLINK, MD_LINK, MD_SYNTAX)

// The Markdown expressions backtrack: read naively, "[[[[", "<<<<" or a run
// of backticks make every attempted match scan the rest of the text, and a
// text of such runs costs the square or the cube of its length. mdIndex
// holds, for each position of a text, where the next character of interest
// is and what the match attempts starting further on come to (each attempt's
// outcome depends only on where it starts), computed once from the end of the
// text backwards, so that every attempt costs constant time and the matches
// are Python's all the same.

// mdNone marks "no such position" in an mdIndex table.
const mdNone = -1

// mdIndex is a text the Markdown matchers read, with its tables; each table
// is built by the matcher that needs it.
type mdIndex struct {
	s []rune
	// spaceEnd[p] is the first position from p that is not Python white space
	// (len(s) when none); nextGT, nextAt and nextBracket the first ">", "@",
	// and "[" or "]" from p; prevDot the last "." at or before p.
	spaceEnd, nextGT, nextAt, prevDot, nextBracket, nextCloseCaret []int32
}

func newMDIndex(text string) *mdIndex {
	x := &mdIndex{s: []rune(text)}
	n := len(x.s)
	x.spaceEnd = make([]int32, n+1)
	x.spaceEnd[n] = int32(n)
	for p := n - 1; p >= 0; p-- {
		if pyIsSpace(x.s[p]) {
			x.spaceEnd[p] = x.spaceEnd[p+1]
		} else {
			x.spaceEnd[p] = int32(p)
		}
	}
	return x
}

// nextOf is a table of the first position from p (up to len(s)) whose
// character is in set, len(s) when none.
func (x *mdIndex) nextOf(set string) []int32 {
	n := len(x.s)
	t := make([]int32, n+2)
	t[n], t[n+1] = int32(n), int32(n)
	for p := n - 1; p >= 0; p-- {
		if strings.ContainsRune(set, x.s[p]) {
			t[p] = int32(p)
		} else {
			t[p] = t[p+1]
		}
	}
	return t
}

func (x *mdIndex) skipSpace(p int) int { return int(x.spaceEnd[p]) }

// linkTextNext is one step of the link text of MD_LINK and MD_REFLINK from p:
// a "[…]" without "^" or "]" inside, a character other than "[" and "]", or
// a "]" when the next bracket after it is a "]" (the lookahead
// (?=[^\[]*\])). At most one item applies at any position, so the greedy
// repetition is a single chain of positions; mdNone ends it.
func (x *mdIndex) linkTextNext(p int) int {
	s := x.s
	if p >= len(s) {
		return mdNone
	}
	switch s[p] {
	case '[':
		if k := x.nextCloseCaret[p+1]; int(k) < len(s) && s[k] == ']' {
			return int(k) + 1
		}
		return mdNone
	case ']':
		if k := x.nextBracket[p+1]; int(k) < len(s) && s[k] == ']' {
			return p + 1
		}
		return mdNone
	}
	return p + 1
}

// linkTextBest is, for each p, the link text from p as Python's backtracking
// settles it: the last position of p's chain where tail accepts (the greedy
// repetition gives back one item at a time), mdNone when there is none.
func (x *mdIndex) linkTextBest(tail func(e int) bool) []int32 {
	if x.nextBracket == nil {
		x.nextBracket = x.nextOf("[]")
		x.nextCloseCaret = x.nextOf("]^")
	}
	n := len(x.s)
	best := make([]int32, n+1)
	for p := n; p >= 0; p-- {
		best[p] = mdNone
		if q := x.linkTextNext(p); q != mdNone && best[q] != mdNone {
			best[p] = best[q]
		} else if tail(p) {
			best[p] = int32(p)
		}
	}
	return best
}

// mdRefLinkFind returns the reference (group 2) of each MD_REFLINK match:
// [text] [ref] with optional white space between.
func mdRefLinkFind(text string) []string {
	if !strings.ContainsRune(text, '[') {
		return nil
	}
	x := newMDIndex(text)
	s := x.s
	// refAt[e] is where the reference after a link text ending at e starts.
	refAt := map[int]int{}
	best := x.linkTextBest(func(e int) bool {
		if e >= len(s) || s[e] != ']' {
			return false
		}
		q := x.skipSpace(e + 1)
		if q >= len(s) || s[q] != '[' {
			return false
		}
		if k := x.nextCloseCaret[q+1]; int(k) < len(s) && s[k] == ']' {
			refAt[e] = q + 1
			return true
		}
		return false
	})
	var out []string
	for i := 0; i < len(s); {
		p := i
		if s[p] == '!' {
			p++
		}
		if p >= len(s) || s[p] != '[' || best[p+1] == mdNone {
			i++
			continue
		}
		q := refAt[int(best[p+1])]
		k := int(x.nextCloseCaret[q])
		out = append(out, string(s[q:k]))
		i = k + 1
	}
	return out
}

// autoLink matches "<http(s)://…>" at i (MD_LINK's second branch and
// MD_SYNTAX's seventh), returning the end.
func (x *mdIndex) autoLink(i int) (int, bool) {
	s := x.s
	if s[i] != '<' {
		return 0, false
	}
	j := int(x.nextGT[i+1])
	if j >= len(s) {
		return 0, false
	}
	c := s[i+1 : j]
	for _, pre := range []string{"https://", "http://"} {
		if len(c) > len(pre) && string(c[:len(pre)]) == pre {
			return j + 1, true
		}
	}
	return 0, false
}

// autoMail matches "<x@y.z>" at i (MD_LINK's third branch, MD_SYNTAX's
// eighth): within the brackets a non-empty part, "@", a non-empty part, ".",
// a non-empty part; the first "@" and the last "." leave the most room.
func (x *mdIndex) autoMail(i int) (int, bool) {
	s := x.s
	if s[i] != '<' {
		return 0, false
	}
	j := int(x.nextGT[i+1])
	if j >= len(s) || j-i < 6 {
		return 0, false
	}
	a, d := int(x.nextAt[i+2]), int(x.prevDot[j-2])
	if a < j && d >= a+2 {
		return j + 1, true
	}
	return 0, false
}

// autoTables builds the tables of autoLink and autoMail.
func (x *mdIndex) autoTables() {
	n := len(x.s)
	x.nextGT, x.nextAt = x.nextOf(">"), x.nextOf("@")
	x.prevDot = make([]int32, n)
	last := int32(mdNone)
	for p := range x.s {
		if x.s[p] == '.' {
			last = int32(p)
		}
		x.prevDot[p] = last
	}
}

// mdLinkFind lists MD_LINK matches: [text](url "title") links and images,
// <http…> autolinks and <mail@host> addresses.
func mdLinkFind(text string) []mdLinkMatch {
	if !strings.ContainsAny(text, "[<") {
		return nil
	}
	x := newMDIndex(text)
	x.autoTables()
	s := x.s
	inline := x.inlineLinks()
	var out []mdLinkMatch
	for i := 0; i < len(s); {
		if end, url, ok := inline(i); ok {
			out = append(out, mdLinkMatch{url: url})
			i = end
			continue
		}
		if end, ok := x.autoLink(i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		if end, ok := x.autoMail(i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		i++
	}
	return out
}

// inlineLinks returns the matcher of MD_LINK's first branch:
// !?[text]( \s* <? url(lazy) >?  (\s+ "title")? \s* ).
func (x *mdIndex) inlineLinks() func(i int) (end int, url string, ok bool) {
	s := x.s
	n := len(s)
	isQuote := func(r rune) bool { return r == '"' || r == '\'' }
	// closeAt matches \s*\) at p.
	closeAt := func(p int) (int, bool) {
		p = x.skipSpace(p)
		if p < n && s[p] == ')' {
			return p + 1, true
		}
		return 0, false
	}
	// titleClose[p] is the first quote from p that \s*\) follows.
	titleClose := make([]int32, n+1)
	titleClose[n] = mdNone
	for p := n - 1; p >= 0; p-- {
		titleClose[p] = titleClose[p+1]
		if _, ok := closeAt(p + 1); ok && isQuote(s[p]) {
			titleClose[p] = int32(p)
		}
	}
	// after matches the optional title and the closing parenthesis at p: the
	// title's \s+ takes all the white space (a quote must follow it), its
	// lazy text ends at the first quote that \s*\) follows.
	after := func(p int) (int, bool) {
		if q := x.skipSpace(p); q > p && q < n && isQuote(s[q]) {
			if f := titleClose[q+1]; f != mdNone {
				return closeAt(int(f) + 1)
			}
		}
		return closeAt(p)
	}
	// nextAfter[p] is the first end of a URL from p that after accepts,
	// nextGTAfter[p] the first ">" from p that after accepts past.
	nextAfter := make([]int32, n+2)
	nextGTAfter := make([]int32, n+2)
	nextAfter[n+1], nextGTAfter[n+1], nextGTAfter[n] = mdNone, mdNone, mdNone
	for p := n; p >= 0; p-- {
		nextAfter[p] = nextAfter[p+1]
		if _, ok := after(p); ok {
			nextAfter[p] = int32(p)
		}
		if p < n {
			nextGTAfter[p] = nextGTAfter[p+1]
			if _, ok := after(p + 1); ok && s[p] == '>' {
				nextGTAfter[p] = int32(p)
			}
		}
	}
	type link struct{ end, urlStart, urlEnd int }
	links := map[int]link{}
	best := x.linkTextBest(func(e int) bool {
		if e+1 >= n || s[e] != ']' || s[e+1] != '(' {
			return false
		}
		base := e + 2
		maxw := x.skipSpace(base) - base
		// \s* gives back one character at a time; (<)? is tried first where
		// the white space ends at a "<"; the URL is the shortest that the rest
		// accepts.
		for w := maxw; w >= 0; w-- {
			u0 := base + w
			if w == maxw && u0 < n && s[u0] == '<' {
				if ue := nextGTAfter[u0+1]; ue != mdNone {
					end, _ := after(int(ue) + 1)
					links[e] = link{end, u0 + 1, int(ue)}
					return true
				}
			}
			if ue := nextAfter[u0]; ue != mdNone {
				end, _ := after(int(ue))
				links[e] = link{end, u0, int(ue)}
				return true
			}
		}
		return false
	})
	return func(i int) (int, string, bool) {
		p := i
		if s[p] == '!' {
			p++
		}
		if p >= n || s[p] != '[' || best[p+1] == mdNone {
			return 0, "", false
		}
		l := links[int(best[p+1])]
		return l.end, string(s[l.urlStart:l.urlEnd]), true
	}
}

// mdSyntaxFind returns the marker of each MD_SYNTAX match ("__", "**", "_",
// "*", the backticks, "~~"), "" for the <url> and <mail> branches, whose
// marker Weblate's extract_match does not read (it returns None for them).
func mdSyntaxFind(text string) []string {
	if !strings.ContainsAny(text, "_*`~<") {
		return nil
	}
	x := newMDIndex(text)
	x.autoTables()
	s := x.s
	n := len(s)
	at := func(p int, c rune) bool { return p+1 < n && s[p] == c && s[p+1] == c }
	// pairClose[c][p] is the first pair "cc" from p that no c follows: where
	// __x__ and **x** close.
	pairClose := func(c rune) []int32 {
		t := make([]int32, n+4)
		for p := len(t) - 1; p >= 0; p-- {
			t[p] = mdNone
			if p+1 < len(t) {
				t[p] = t[p+1]
			}
			if at(p, c) && (p+2 == n || s[p+2] != c) {
				t[p] = int32(p)
			}
		}
		return t
	}
	// emphasis[c][p] is where _x_ or *x* ends when its text has reached p
	// with at least one item: items are a doubled marker or another
	// character, the fewest before a closing marker (for "_", one no word
	// character follows; for "*", one no "*" follows).
	emphasis := func(c rune, closes func(p int) bool) []int32 {
		t := make([]int32, n+3)
		t[n+1], t[n+2] = mdNone, mdNone
		for p := n; p >= 0; p-- {
			switch {
			case p < n && s[p] == c && closes(p):
				t[p] = int32(p + 1)
			case at(p, c):
				t[p] = t[p+2]
			case p < n && s[p] != c:
				t[p] = t[p+1]
			default:
				t[p] = mdNone
			}
		}
		return t
	}
	// emphasisFrom is the end of _x_ or *x* whose opening marker is at i.
	emphasisFrom := func(t []int32, c rune, i int) int32 {
		switch p := i + 1; {
		case at(p, c):
			return t[p+2]
		case p < n && s[p] != c:
			return t[p+1]
		}
		return mdNone
	}
	var under2, star2, under, star, tilde, ticks []int32
	var tickLen []int
	if strings.Contains(text, "__") {
		under2 = pairClose('_')
	}
	if strings.Contains(text, "**") {
		star2 = pairClose('*')
	}
	if strings.ContainsRune(text, '_') {
		under = emphasis('_', func(p int) bool { return p+1 == n || !pyIsWord(s[p+1]) })
	}
	if strings.ContainsRune(text, '*') {
		star = emphasis('*', func(p int) bool { return p+1 == n || s[p+1] != '*' })
	}
	if strings.Contains(text, "~~") {
		// tilde[p] is the first non-space character from p that "~~" follows.
		tilde = make([]int32, n+1)
		tilde[n] = mdNone
		for p := n - 1; p >= 0; p-- {
			tilde[p] = tilde[p+1]
			if !pyIsSpace(s[p]) && at(p+1, '~') {
				tilde[p] = int32(p)
			}
		}
	}
	if strings.ContainsRune(text, '`') {
		ticks, tickLen = x.codeSpans()
	}
	var out []string
	for i := 0; i < n; {
		end, mark := mdNone, ""
		switch {
		case under2 != nil && at(i, '_') && under2[i+3] != mdNone:
			end, mark = int(under2[i+3])+2, "__"
		case star2 != nil && at(i, '*') && star2[i+3] != mdNone:
			end, mark = int(star2[i+3])+2, "**"
		case s[i] == '_' && (i == 0 || !pyIsWord(s[i-1])) && emphasisFrom(under, '_', i) != mdNone:
			end, mark = int(emphasisFrom(under, '_', i)), "_"
		case s[i] == '*' && emphasisFrom(star, '*', i) != mdNone:
			end, mark = int(emphasisFrom(star, '*', i)), "*"
		case s[i] == '`' && ticks[i] != mdNone:
			end, mark = int(ticks[i]), strings.Repeat("`", tickLen[i])
		case tilde != nil && at(i, '~') && i+2 < n && !pyIsSpace(s[i+2]) && tilde[i+2] != mdNone:
			end, mark = int(tilde[i+2])+3, "~~"
		default:
			if e, ok := x.autoLink(i); ok {
				end = e
			} else if e, ok := x.autoMail(i); ok {
				end = e
			}
		}
		if end == mdNone {
			i++
			continue
		}
		out = append(out, mark)
		i = end
	}
	return out
}

// codeSpans settles MD_SYNTAX's `code` branch, (`+)\s*(?:[\s\S]*?[^`])\s*\5(?!`),
// for every run of backticks: the end of its match (mdNone when none) and the
// number of backticks. The backtick at the end of the text's matched code is
// never followed by another, so a match never ends inside a run; the only
// starts inside a run are those after its start failed, and they fail too
// (they look for fewer backticks among the same candidates).
//
// The run of R backticks ending at E is tried with k = R, R-1, … 1 backticks.
// The code ends at a non-backtick x such that, after white space, a run of
// exactly k backticks starts (L(x) = k). With k < R the code may start at E:
// the first x from E with L(x) = k. With k = R, \s* first takes the white
// space after the run, to y0: the first x from y0; then gives it back, and
// each white space character x before y0 has L(x) = the length of the run at
// y0. So the largest k ≤ R such that some x from E has L(x) = k wins.
func (x *mdIndex) codeSpans() (ends []int32, marks []int) {
	s := x.s
	n := len(s)
	runEnd := make([]int32, n+1)
	runEnd[n] = int32(n)
	for p := n - 1; p >= 0; p-- {
		runEnd[p] = int32(p)
		if s[p] == '`' {
			runEnd[p] = runEnd[p+1]
		}
	}
	runLen := func(y int) int { return int(runEnd[y]) - y }
	ends, marks = make([]int32, n), make([]int, n)
	// firstAt[k] is the first x (from where the sweep is) with L(x) = k;
	// nextSame[x] the next one after x with the same L.
	firstAt := make([]int32, n+1)
	for k := range firstAt {
		firstAt[k] = mdNone
	}
	nextSame := make([]int32, n)
	codeEnd := func(x0, k int) int32 { return int32(int(x.spaceEnd[x0+1]) + k) }
	for p := n - 1; p >= 0; p-- {
		ends[p] = mdNone
		if s[p] != '`' {
			if l := runLen(x.skipSpace(p + 1)); l > 0 {
				nextSame[p], firstAt[l] = firstAt[l], int32(p)
			}
			continue
		}
		if p > 0 && s[p-1] == '`' {
			continue // inside a run: see above
		}
		e := int(runEnd[p])
		r := e - p
		k := r
		for k >= 1 && firstAt[k] == mdNone {
			k--
		}
		if k == 0 {
			continue
		}
		marks[p] = k
		x0 := int(firstAt[k])
		if y0 := x.skipSpace(e); k == r && x0 < y0 {
			// x0 is white space before y0: look for one from y0 first.
			if next := nextSame[y0-1]; next != mdNone {
				ends[p] = codeEnd(int(next), k)
			} else {
				ends[p] = int32(y0 + k)
			}
			continue
		}
		ends[p] = codeEnd(x0, k)
	}
	return ends, marks
}

// mdLinkMatch is one MD_LINK match with its URL group (group 3, empty for
// autolinks and e-mail addresses).
type mdLinkMatch struct{ url string }

// mdRefLinkSingle is MarkdownRefLinkCheck.check_single: with references in
// the source, the sets of references differ.
func mdRefLinkSingle(_ *Subject, source, target string) bool {
	src := mdRefLinkFind(source)
	if len(src) == 0 {
		return false
	}
	return !sameSet(stringSet(src), stringSet(mdRefLinkFind(target)))
}

func stringSet(v []string) map[string]bool {
	out := make(map[string]bool, len(v))
	for _, x := range v {
		out[x] = true
	}
	return out
}

// mdLinkSingle is MarkdownLinkCheck.check_single: with links in the source, the
// target has as many, and the same set of relative or templated targets (those
// starting with ".", "#" or "{"); other URLs may be localised.
func mdLinkSingle(_ *Subject, source, target string) bool {
	src := mdLinkFind(source)
	if len(src) == 0 {
		return false
	}
	tgt := mdLinkFind(target)
	if len(src) != len(tgt) {
		return true
	}
	anchors := func(m []mdLinkMatch) map[string]bool {
		out := map[string]bool{}
		for _, x := range m {
			if x.url != "" && strings.ContainsRune(".#{", []rune(x.url)[0]) {
				out[x.url] = true
			}
		}
		return out
	}
	return !sameSet(anchors(src), anchors(tgt))
}

// mdSyntaxSingle is MarkdownSyntaxCheck.check_single: the sets of markers
// differ (no source markup is needed: markup added in the target counts).
func mdSyntaxSingle(_ *Subject, source, target string) bool {
	return !sameSet(stringSet(mdSyntaxFind(source)), stringSet(mdSyntaxFind(target)))
}

// ---------------------------------------------------------------------------
// URL

// djangoURL is the regular expression of Django's URLValidator (the
// validator Weblate's URLCheck calls), case-insensitive. Its lookarounds
// (labels neither start nor end with "-") are spelled out as character
// classes, and Python's Unicode \s as the explicit class below; "ul" is
// Django's U+00A1…U+FFFF range of non-ASCII letters.
// djangoURL is compiled when first needed: its {0,61} repetitions of
// case-folded Unicode ranges take milliseconds to compile.
var djangoURL = sync.OnceValue(func() *regexp.Regexp {
	const (
		ul     = `\x{00a1}-\x{ffff}`
		nonSp  = `[^\t\n\x0b\f\r \x{1c}-\x{1f}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`
		octet  = `(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)`
		label  = `[a-z` + ul + `0-9](?:[a-z` + ul + `0-9-]{0,61}[a-z` + ul + `0-9])?`
		tldLab = `(?:[a-z` + ul + `](?:[a-z` + ul + `-]{0,61})[a-z` + ul + `]|xn--[a-z0-9]{1,59})`
	)
	ipv4 := octet + `(?:\.` + octet + `){3}`
	ipv6 := `\[[0-9a-f:.]+\]`
	host := `(?:` + label + `(?:\.` + label + `)*\.` + tldLab + `\.?|localhost)`
	return regexp.MustCompile(`(?i)^(?:[a-z0-9.+-]*)://` +
		`(?:` + nonSp + `:@/]+(?::` + nonSp + `:@/]*)?@)?` +
		`(?:` + ipv4 + `|` + ipv6 + `|` + host + `)` +
		`(?::[0-9]{1,5})?` +
		`(?:[/?#]` + nonSp + `]*)?\z`)
})

// validURL is Django's URLValidator with its default schemes (http, https,
// ftp, ftps): no tab or newline, at most 2048 characters, the scheme, the
// regular expression, a bracketed host that is an IPv6 address, and a host
// name of at most 253 characters. When the expression refuses the URL, Django
// tries again with the network location converted by Python's "idna" codec.
func validURL(value string) bool {
	if len([]rune(value)) > 2048 || strings.ContainsAny(value, "\t\r\n") {
		return false
	}
	scheme, _, _ := strings.Cut(value, "://")
	switch strings.ToLower(scheme) {
	case "http", "https", "ftp", "ftps":
	default:
		return false
	}
	rest := value[len(scheme)+3:]
	netloc := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		netloc = rest[:i]
	}
	// urlsplit refuses a netloc with an unbalanced bracket.
	if strings.Contains(netloc, "[") != strings.Contains(netloc, "]") {
		return false
	}
	if !djangoURL().MatchString(value) {
		ascii, ok := pyIDNA(netloc)
		if !ok || !djangoURL().MatchString(strings.ToLower(scheme)+"://"+ascii+rest[len(netloc):]) {
			return false
		}
	} else if !ipv6HostOK(netloc) {
		return false
	}
	hostport := netloc
	if i := strings.LastIndexByte(hostport, '@'); i >= 0 {
		hostport = hostport[i+1:]
	}
	host, _, _ := strings.Cut(hostport, ":")
	if strings.HasPrefix(hostport, "[") {
		if j := strings.IndexByte(hostport, ']'); j >= 0 {
			host = hostport[1:j]
		}
	}
	return host != "" && len([]rune(host)) <= 253
}

// ipv6HostOK is Django's second test of a URL its expression accepts: a
// network location "[…]" or "[…]:port" holds a valid IPv6 address.
func ipv6HostOK(netloc string) bool {
	if !strings.HasPrefix(netloc, "[") {
		return true
	}
	j := strings.IndexByte(netloc, ']')
	if j < 0 {
		return true
	}
	if tail := netloc[j+1:]; tail != "" {
		if len(tail) < 2 || len(tail) > 6 || tail[0] != ':' || strings.Trim(tail[1:], "0123456789") != "" {
			return true
		}
	}
	a, err := netip.ParseAddr(netloc[1:j])
	return err == nil && a.Is6() && a.Zone() == ""
}

// pyIDNA is Python's "idna" codec (IDNA 2003 ToASCII per dot-separated label):
// ASCII labels stay as they are, others are nameprepped (approximated by
// lower case and NFKC) and punycoded with the "xn--" prefix; an empty or too
// long label fails.
func pyIDNA(s string) (string, bool) {
	parts := strings.Split(strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".").Replace(s), ".")
	trailing := len(parts) > 1 && parts[len(parts)-1] == ""
	if trailing {
		parts = parts[:len(parts)-1]
	}
	for i, l := range parts {
		ascii := true
		for _, r := range l {
			if r >= 0x80 {
				ascii = false
				break
			}
		}
		if !ascii {
			l = norm.NFKC.String(strings.ToLower(l))
			if strings.HasPrefix(l, "xn--") {
				return "", false
			}
			enc, err := idna.Punycode.ToASCII(l)
			if err != nil {
				return "", false
			}
			l = enc
		}
		if l == "" || len(l) > 63 {
			return "", false
		}
		parts[i] = l
	}
	out := strings.Join(parts, ".")
	if trailing {
		out += "."
	}
	return out, true
}

// urlSingle is URLCheck.check_single: with a source, the target is a URL.
func urlSingle(_ *Subject, source, target string) bool {
	if source == "" {
		return false
	}
	return !validURL(target)
}
