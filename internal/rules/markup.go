package rules

import (
	"encoding/xml"
	"errors"
	"io"
	"net/netip"
	"regexp"
	"slices"
	"strings"
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
func bbcodeFind(text string) []bbcodeMatch {
	s := []rune(text)
	var out []bbcodeMatch
	for i := 0; i < len(s); {
		end, tag, ok := bbcodeAt(s, i)
		if !ok {
			i++
			continue
		}
		out = append(out, bbcodeMatch{tag: tag})
		i = end
	}
	return out
}

func bbcodeAt(s []rune, i int) (end int, tag string, ok bool) {
	if s[i] != '[' {
		return 0, "", false
	}
	j := i + 1
	for j < len(s) && s[j] != ']' {
		j++
	}
	if j >= len(s) || j == i+1 {
		return 0, "", false
	}
	inner := s[i+1 : j]
	try := func(t []rune) (int, bool) {
		closing := "[/" + string(t) + "]"
		rest := string(s[j+1:])
		k := strings.Index(rest, closing)
		if k < 0 || strings.ContainsRune(rest[:k], '\n') {
			return 0, false
		}
		return j + 1 + len([]rune(rest[:k])) + len([]rune(closing)), true
	}
	if e, ok := try(inner); ok {
		return e, string(inner), true
	}
	for k := len(inner) - 1; k >= 1; k-- {
		if inner[k] != '@' {
			continue
		}
		if e, ok := try(inner[:k]); ok {
			return e, string(inner[:k]), true
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
	lookup := func(prefix string) (string, bool) {
		if prefix == "xml" {
			return xmlNamespace, true
		}
		for i := len(stack) - 1; i >= 0; i-- {
			if uri, ok := stack[i].ns[prefix]; ok {
				return uri, true
			}
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
func xmlInvalidSingle(_ *Subject, source, target string) bool {
	_, wrap, err := detectXMLWrapping(source)
	if err != nil {
		return false
	}
	_, err = parseCheckXML(target, wrap)
	return err != nil
}

// xmlTagsSingle is XMLTagsCheck.check_single: both parse, and the lists of
// (tag, attribute names) differ; an invalid target is xml-invalid's business.
func xmlTagsSingle(_ *Subject, source, target string) bool {
	src, wrap, err := detectXMLWrapping(source)
	if err != nil {
		return false
	}
	tgt, err := parseCheckXML(target, wrap)
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

// mdLinkText matches the link text of MD_LINK and MD_REFLINK from just after
// its "[", calling tail at every position the text may end, in Python's
// backtracking order (longest first), until tail accepts. A text item is a
// "[…]" without "^" or "]" inside, a character other than "[" and "]", or a
// "]" when the next bracket after it is a "]" (the lookahead (?=[^\[]*\]));
// at most one item applies at any position, so the greedy repetition is a
// single chain.
func mdLinkText(s []rune, p int, tail func(end int) bool) bool {
	chain := []int{p}
	for p < len(s) {
		q := -1
		switch s[p] {
		case '[':
			k := p + 1
			for k < len(s) && s[k] != ']' && s[k] != '^' {
				k++
			}
			if k < len(s) && s[k] == ']' {
				q = k + 1
			}
		case ']':
			for k := p + 1; k < len(s); k++ {
				if s[k] == '[' {
					break
				}
				if s[k] == ']' {
					q = p + 1
					break
				}
			}
		default:
			q = p + 1
		}
		if q < 0 {
			break
		}
		p = q
		chain = append(chain, p)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if tail(chain[i]) {
			return true
		}
	}
	return false
}

func skipPySpace(s []rune, p int) int {
	for p < len(s) && pyIsSpace(s[p]) {
		p++
	}
	return p
}

// mdRefLinkFind returns the reference (group 2) of each MD_REFLINK match:
// [text] [ref] with optional white space between.
func mdRefLinkFind(text string) []string {
	s := []rune(text)
	var out []string
	for i := 0; i < len(s); {
		p := i
		if s[p] == '!' {
			p++
		}
		if p >= len(s) || s[p] != '[' {
			i++
			continue
		}
		var end int
		var ref string
		ok := mdLinkText(s, p+1, func(e int) bool {
			if e >= len(s) || s[e] != ']' {
				return false
			}
			q := skipPySpace(s, e+1)
			if q >= len(s) || s[q] != '[' {
				return false
			}
			k := q + 1
			for k < len(s) && s[k] != ']' && s[k] != '^' {
				k++
			}
			if k >= len(s) || s[k] != ']' {
				return false
			}
			end, ref = k+1, string(s[q+1:k])
			return true
		})
		if !ok {
			i++
			continue
		}
		out = append(out, ref)
		i = end
	}
	return out
}

// mdAutoLink matches "<http(s)://…>" at i (MD_LINK's second branch and
// MD_SYNTAX's seventh), returning the end.
func mdAutoLink(s []rune, i int) (int, bool) {
	if s[i] != '<' {
		return 0, false
	}
	j := i + 1
	for j < len(s) && s[j] != '>' {
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	c := string(s[i+1 : j])
	for _, pre := range []string{"https://", "http://"} {
		if strings.HasPrefix(c, pre) && len(c) > len(pre) {
			return j + 1, true
		}
	}
	return 0, false
}

// mdAutoMail matches "<x@y.z>" at i (MD_LINK's third branch, MD_SYNTAX's
// eighth): within the brackets a non-empty part, "@", a non-empty part, ".",
// a non-empty part.
func mdAutoMail(s []rune, i int) (int, bool) {
	if s[i] != '<' {
		return 0, false
	}
	j := i + 1
	for j < len(s) && s[j] != '>' {
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	c := s[i+1 : j]
	for a := 1; a < len(c); a++ {
		if c[a] != '@' {
			continue
		}
		for d := a + 2; d < len(c)-1; d++ {
			if c[d] == '.' {
				return j + 1, true
			}
		}
	}
	return 0, false
}

// mdLinkMatch is one MD_LINK match with its URL group (group 3, empty for
// autolinks and e-mail addresses).
type mdLinkMatch struct{ url string }

// mdLinkFind lists MD_LINK matches: [text](url "title") links and images,
// <http…> autolinks and <mail@host> addresses.
func mdLinkFind(text string) []mdLinkMatch {
	s := []rune(text)
	var out []mdLinkMatch
	for i := 0; i < len(s); {
		if end, url, ok := mdInlineLink(s, i); ok {
			out = append(out, mdLinkMatch{url: url})
			i = end
			continue
		}
		if end, ok := mdAutoLink(s, i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		if end, ok := mdAutoMail(s, i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		i++
	}
	return out
}

// mdInlineLink is MD_LINK's first branch at i:
// !?[text]( \s* <? url(lazy) >?  (\s+ "title")? \s* ).
func mdInlineLink(s []rune, i int) (end int, url string, ok bool) {
	p := i
	if s[p] == '!' {
		p++
	}
	if p >= len(s) || s[p] != '[' {
		return 0, "", false
	}
	// closeAt matches \s*\) at p.
	closeAt := func(p int) (int, bool) {
		p = skipPySpace(s, p)
		if p < len(s) && s[p] == ')' {
			return p + 1, true
		}
		return 0, false
	}
	// after matches the optional title and the closing parenthesis at p.
	after := func(p int) (int, bool) {
		if q := skipPySpace(s, p); q > p && q < len(s) && (s[q] == '"' || s[q] == '\'') {
			for f := q + 1; f < len(s); f++ {
				if s[f] == '"' || s[f] == '\'' {
					if e, ok := closeAt(f + 1); ok {
						return e, true
					}
				}
			}
		}
		return closeAt(p)
	}
	ok = mdLinkText(s, p+1, func(e int) bool {
		if e+1 >= len(s) || s[e] != ']' || s[e+1] != '(' {
			return false
		}
		base := e + 2
		maxw := skipPySpace(s, base) - base
		for w := maxw; w >= 0; w-- {
			u0 := base + w
			for _, lt := range []bool{true, false} {
				if lt && (w != maxw || u0 >= len(s) || s[u0] != '<') {
					continue
				}
				start := u0
				if lt {
					start++
				}
				for ue := start; ue <= len(s); ue++ {
					q := ue
					if lt {
						if q >= len(s) || s[q] != '>' {
							continue
						}
						q++
					}
					if e2, ok := after(q); ok {
						end, url = e2, string(s[start:ue])
						return true
					}
				}
			}
		}
		return false
	})
	return end, url, ok
}

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

// mdSyntaxFind returns the marker of each MD_SYNTAX match ("__", "**", "_",
// "*", the backticks, "~~"), "" for the <url> and <mail> branches, whose
// marker Weblate's extract_match does not read (it returns None for them).
func mdSyntaxFind(text string) []string {
	s := []rune(text)
	var out []string
	for i := 0; i < len(s); {
		end, mark, ok := mdSyntaxAt(s, i)
		if !ok {
			i++
			continue
		}
		out = append(out, mark)
		i = end
	}
	return out
}

func mdSyntaxAt(s []rune, i int) (end int, mark string, ok bool) {
	at := func(p int, lit string) bool {
		r := []rune(lit)
		if p+len(r) > len(s) {
			return false
		}
		for k := range r {
			if s[p+k] != r[k] {
				return false
			}
		}
		return true
	}
	// __x__ and **x**: the shortest non-empty text, then the pair not followed
	// by the same character.
	for _, d := range []string{"__", "**"} {
		if !at(i, d) {
			continue
		}
		c := rune(d[0])
		for e := i + 3; e+2 <= len(s); e++ {
			if at(e, d) && (e+2 == len(s) || s[e+2] != c) {
				return e + 2, d, true
			}
		}
	}
	// \b_x_\b and *x*: items are a doubled marker or any other character,
	// at least one, the fewest before a closing marker.
	if s[i] == '_' && (i == 0 || !pyIsWord(s[i-1])) {
		p := i + 1
		for n := 0; ; n++ {
			if n > 0 && p < len(s) && s[p] == '_' && (p+1 == len(s) || !pyIsWord(s[p+1])) {
				return p + 1, "_", true
			}
			if at(p, "__") {
				p += 2
			} else if p < len(s) && s[p] != '_' {
				p++
			} else {
				break
			}
		}
	}
	if s[i] == '*' {
		p := i + 1
		for n := 0; ; n++ {
			if n > 0 && p < len(s) && s[p] == '*' && (p+1 == len(s) || s[p+1] != '*') {
				return p + 1, "*", true
			}
			if at(p, "**") {
				p += 2
			} else if p < len(s) && s[p] != '*' {
				p++
			} else {
				break
			}
		}
	}
	// `code`: a run of backticks (fewer on backtracking), optional space, the
	// shortest text ending in a non-backtick, optional space, the same run not
	// followed by another backtick.
	if s[i] == '`' {
		run := 0
		for i+run < len(s) && s[i+run] == '`' {
			run++
		}
		for k := run; k >= 1; k-- {
			ticks := strings.Repeat("`", k)
			c0 := i + k
			maxw := skipPySpace(s, c0) - c0
			for w := maxw; w >= 0; w-- {
				for x := c0 + w; x < len(s); x++ {
					if s[x] == '`' {
						continue
					}
					y := skipPySpace(s, x+1)
					if at(y, ticks) && (y+k == len(s) || s[y+k] != '`') {
						return y + k, ticks, true
					}
				}
			}
		}
	}
	// ~~x~~: a non-space right after the opening pair, the shortest text
	// ending in a non-space, then the closing pair.
	if at(i, "~~") && i+2 < len(s) && !pyIsSpace(s[i+2]) {
		for x := i + 2; x < len(s); x++ {
			if !pyIsSpace(s[x]) && at(x+1, "~~") {
				return x + 3, "~~", true
			}
		}
	}
	if e, ok := mdAutoLink(s, i); ok {
		return e, "", true
	}
	if e, ok := mdAutoMail(s, i); ok {
		return e, "", true
	}
	return 0, "", false
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
var djangoURL = func() *regexp.Regexp {
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
}()

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
	if !djangoURL.MatchString(value) {
		ascii, ok := pyIDNA(netloc)
		if !ok || !djangoURL.MatchString(strings.ToLower(scheme)+"://"+ascii+rest[len(netloc):]) {
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
