package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yamlFormat is a YAML file as Weblate 4.18 reads it (weblate/formats/ttkit.py,
// YAMLFormat and RubyYAMLFormat with MonolingualSimpleUnit) through
// translate-toolkit's YAMLFile and RubyYAMLFile (translate/storage/yaml.py,
// translate-toolkit 3.9, the same in 3.8.4), which load the file with ruamel.yaml's
// round-trip loader (YAML 1.2):
//
//   - every string, integer or boolean leaf of the nested mappings and sequences is
//     a unit; a null leaf is none (so a key without a value is absent, and
//     untranslated); a float, a date or binary data makes the file unreadable, as
//     translate-toolkit raises on them;
//   - the key joins the path with "->", a sequence index written "[n]": "a->b",
//     "list->[0]", "[1]->name"; mapping keys are written as Python's str() writes
//     the loaded key (1, True, None, 1.5);
//   - integers are written in decimal (0x1F is 31), booleans as True and False (an
//     anchored boolean, which ruamel.yaml loads as an integer, as 1 and 0);
//   - keys merged in with "<<" are not units of the mapping merging them (each
//     appears once, where it is written), but an alias repeats what it names;
//   - duplicate keys and a second document make the file unreadable.
//
// Ruby YAML (Rails i18n) drops the root mapping's key when it is the only one (the
// language code), and a mapping whose keys are all CLDR plural categories (zero,
// one, two, few, many, other) is one unit whose forms are its values in that
// order, as translate-toolkit lists them; Weblate stores them as positional
// plural forms, so the forms are not reordered by the language's categories.
//
// YAML has no comments translate-toolkit keeps, and no states.
//
// yaml.v3's node API reads the document, so order is kept; plain scalars are
// resolved here with ruamel.yaml's YAML 1.2 rules (or 1.1 under a "%YAML 1.1"
// directive), not yaml.v3's. Aliases are followed within a budget proportional to
// the file's size, so a "billion laughs" document is refused rather than
// expanded.
type yamlFormat struct{ ruby bool }

func init() {
	Register(Info{ID: "yaml", Name: "YAML file", Monolingual: true, MimeType: "text/yaml", Extension: "yml", Detect: yamlDetection}, &yamlFormat{})
	Register(Info{ID: "ruby-yaml", Name: "Ruby YAML file", Monolingual: true, MimeType: "text/yaml", Extension: "yml", Plurals: PluralsPositional, Detect: yamlDetection}, &yamlFormat{ruby: true})
}

// yamlDetection is the family of YAML files (translation_finder/discovery/files.py
// YAMLDiscovery).
var yamlDetection = &Detection{Name: "YAML", Extensions: []string{".yml", ".yaml"}, Default: "yaml", Choose: chooseYAML}

// chooseYAML tells a YAML set's format from its template: Rails keeps each
// language's strings under one root key, the language's code, which is what
// the mask's "*" stands for in the template's path
// (translation_finder/discovery/files.py YAMLDiscovery.adjust_format).
func chooseYAML(s *Sample) string {
	var root yaml.Node
	if err := yaml.Unmarshal(s.Data, &root); err != nil || len(root.Content) == 0 {
		return "yaml"
	}
	doc := root.Content[0]
	if doc.Kind == yaml.MappingNode && len(doc.Content) == 2 {
		if key := doc.Content[0].Value; key != "" && strings.ReplaceAll(s.Mask, "*", key) == s.Path {
			return "ruby-yaml"
		}
	}
	return "yaml"
}

// yamlMaxDepth bounds the nesting the walk follows (through aliases included).
const yamlMaxDepth = 10000

// Parse returns the leaves in document order.
func (f *yamlFormat) Parse(data []byte) (*File, error) {
	// translate-toolkit decodes the bytes as UTF-8 before ruamel.yaml sees them.
	if !utf8Valid(data) {
		return nil, &SyntaxError{Line: 1, Msg: "the file is not valid UTF-8"}
	}
	data = trimUTF8BOM(data)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &File{}, nil
		}
		return nil, yamlError(err)
	}
	var second yaml.Node
	if err := dec.Decode(&second); !errors.Is(err, io.EOF) {
		if err != nil {
			return nil, yamlError(err)
		}
		return nil, &SyntaxError{Line: second.Line, Msg: "expected a single document, but found another document"}
	}
	if err := selfMerge(&doc, nil, 0); err != nil {
		return nil, err
	}
	w := yamlWalker{ruby: f.ruby, v11: yaml11Directive(data), budget: 16*len(data) + 1<<20}
	if f.ruby {
		w.mapValues = map[*yaml.Node]bool{}
		markMapValues(&doc, w.mapValues)
	}
	root := w.deref(&doc)
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return &File{}, nil
		}
		root = w.deref(root.Content[0])
	}
	if f.ruby && root.Kind == yaml.MappingNode {
		// RubyYAMLFile.preprocess: a single root key is the language code.
		pairs, merges, err := w.items(root)
		if err != nil {
			return nil, err
		}
		if len(merges) > 0 {
			if _, err := w.mergedKeys(root, true); err != nil {
				return nil, err // see flatten
			}
		}
		if len(pairs) == 1 {
			root = w.deref(pairs[0].value)
		}
	}
	if err := w.flatten(root, 0); err != nil {
		return nil, err
	}
	return &File{Units: w.units}, nil
}

func utf8Valid(b []byte) bool { return utf8.Valid(trimUTF8BOM(b)) }

var yamlLineRe = regexp.MustCompile(`^(?:yaml: )?line (\d+): `)

// selfMerge refuses a mapping that merges in ("<<") a mapping it is written in, or
// itself: ruamel.yaml cannot construct one (translate-toolkit's load fails with an
// AttributeError), and merging it would never end. open holds the mappings n is
// written in, innermost last; only what is written is walked, not what aliases
// name, so the walk is as long as the document, and open is searched only at a
// merge of an alias.
func selfMerge(n *yaml.Node, open []*yaml.Node, depth int) error {
	if depth > yamlMaxDepth {
		return nil // the walk refuses the nesting itself
	}
	if n.Kind == yaml.MappingNode {
		open = append(open, n)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || k.Value != "<<" {
				continue
			}
			sources := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				sources = v.Content
			}
			for _, src := range sources {
				if src.Kind == yaml.AliasNode && slices.Contains(open, src.Alias) {
					return &SyntaxError{Line: k.Line, Msg: "a mapping merges in a mapping it is part of"}
				}
			}
		}
	}
	for _, c := range n.Content {
		if err := selfMerge(c, open, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// yamlError gives yaml.v3's error the line it names.
func yamlError(err error) error {
	msg, line := err.Error(), 1
	if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	return &SyntaxError{Line: line, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// yaml11Directive reports a "%YAML 1.1" directive before the document, which makes
// ruamel.yaml resolve plain scalars with YAML 1.1's rules.
func yaml11Directive(data []byte) bool {
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		line = bytes.TrimRight(line, "\r \t")
		switch {
		case bytes.HasPrefix(line, []byte("%YAML")):
			return bytes.Equal(bytes.TrimSpace(line[5:]), []byte("1.1"))
		case len(line) == 0, line[0] == '#', line[0] == '%':
		default:
			return false
		}
	}
	return false
}

type yamlWalker struct {
	ruby bool
	// mapValues are the mappings written as the value of a mapping entry: only
	// those get the keys merged into them with "<<" (ruamel.yaml 0.17 applies merges
	// nowhere else: not at the root, not in sequence items).
	mapValues map[*yaml.Node]bool
	v11       bool
	units     []Unit
	path      []byte // "->key->[0]…"
	budget    int    // bytes of keys and values, and nodes, still allowed
	pool      []string
	// merged holds what each mapping's keys, merged ones included, say of it as a
	// plural, made once per mapping: a chain of mappings each merging the one
	// before would otherwise be expanded again at every link (the cube of the
	// chain's length), or listed whole at every link (its square).
	merged map[*yaml.Node]*yamlMerged
	// ids are the keys' identities, resolved once per key node.
	ids map[*yaml.Node]string
}

// spend takes n from the budget; at is the node being read, whose line an error
// names.
func (w *yamlWalker) spend(n int, at *yaml.Node) error {
	w.budget -= n
	if w.budget < 0 {
		return &SyntaxError{Line: max(at.Line, 1), Msg: "aliases expand the document beyond what its size allows"}
	}
	return nil
}

// deref follows aliases to the node they name.
func (w *yamlWalker) deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// markMapValues records the mappings that are the value of a mapping entry where
// they are written (an alias's target counts where the target is written).
func markMapValues(n *yaml.Node, out map[*yaml.Node]bool) {
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 1 && c.Kind == yaml.MappingNode {
			out[c] = true
		}
		markMapValues(c, out)
	}
}

// yamlPair is a mapping entry.
type yamlPair struct{ key, value *yaml.Node }

// items returns a mapping's own entries in order, checked for duplicates, and its
// merge entries ("<<").
func (w *yamlWalker) items(m *yaml.Node) (own, merges []yamlPair, err error) {
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := w.deref(m.Content[i]), m.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Style&(yaml.TaggedStyle|yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && k.Value == "<<" {
			merges = append(merges, yamlPair{k, v})
			continue
		}
		id, err := w.keyIdentity(k)
		if err != nil {
			return nil, nil, err
		}
		if seen[id] {
			return nil, nil, &SyntaxError{Line: k.Line, Msg: fmt.Sprintf("found duplicate key %q", k.Value)}
		}
		seen[id] = true
		own = append(own, yamlPair{k, v})
	}
	return own, merges, nil
}

// yamlMerged is what RubyYAMLFile._parse_dict's plural test needs of a mapping's
// entries, merged ones included: whether every key is a plural category, and if
// so the value of each category (a mapping's own entry first, then those merged
// in, in order, the first of a key winning as ruamel.yaml's merge does). At most
// six categories exist, so this stays small however long a chain of merges is.
type yamlMerged struct {
	plural bool
	forms  []yamlPair // key is the category's node, at most one per category
}

// has reports whether the category tag is among the forms.
func (m *yamlMerged) has(tag string) bool {
	for _, p := range m.forms {
		if p.key.Value == tag {
			return true
		}
	}
	return false
}

// pluralCategory reports whether a key loads as a string naming a plural
// category. The key's identity was resolved before, so scalar cannot fail.
func (w *yamlWalker) pluralCategory(k *yaml.Node) (string, bool) {
	if k.Kind != yaml.ScalarNode {
		return "", false
	}
	v, err := w.scalar(k)
	if err != nil || v.kind != yamlStr || !isYAMLPluralTag(v.text) {
		return "", false
	}
	return v.text, true
}

// mergedKeys is yamlMerged for m, with the keys merged in with "<<" when
// withMerged. Every merge is still resolved (and an unusable one refused) when
// the answer is already "not a plural", as ruamel.yaml resolves them all while
// loading. Each use of a merged mapping is charged to the alias budget.
func (w *yamlWalker) mergedKeys(m *yaml.Node, withMerged bool) (*yamlMerged, error) {
	if r, ok := w.merged[m]; ok && withMerged {
		return r, nil
	}
	own, merges, err := w.items(m)
	if err != nil {
		return nil, err
	}
	r := &yamlMerged{plural: true}
	add := func(p yamlPair) {
		tag, ok := w.pluralCategory(p.key)
		if !ok {
			r.plural = false
			return
		}
		if r.plural && !r.has(tag) {
			r.forms = append(r.forms, yamlPair{&yaml.Node{Kind: yaml.ScalarNode, Value: tag}, p.value})
		}
	}
	for _, p := range own {
		add(p)
	}
	if !withMerged {
		return r, nil
	}
	for _, mp := range merges {
		src := w.deref(mp.value)
		var sources []*yaml.Node
		switch src.Kind {
		case yaml.MappingNode:
			sources = []*yaml.Node{src}
		case yaml.SequenceNode:
			for _, s := range src.Content {
				s = w.deref(s)
				if s.Kind != yaml.MappingNode {
					return nil, &SyntaxError{Line: s.Line, Msg: "expected a mapping for merging"}
				}
				sources = append(sources, s)
			}
		default:
			return nil, &SyntaxError{Line: src.Line, Msg: "expected a mapping or list of mappings for merging"}
		}
		for _, s := range sources {
			sub, err := w.mergedKeys(s, true)
			if err != nil {
				return nil, err
			}
			if err := w.spend(1+len(sub.forms), mp.key); err != nil {
				return nil, err
			}
			if !sub.plural {
				r.plural = false
			}
			for _, p := range sub.forms {
				if r.plural && !r.has(p.key.Value) {
					r.forms = append(r.forms, p)
				}
			}
		}
	}
	if !r.plural {
		r.forms = nil
	}
	if w.merged == nil {
		w.merged = map[*yaml.Node]*yamlMerged{}
	}
	w.merged[m] = r
	return r, nil
}

// flatten is YAMLFile._flatten (and RubyYAMLFile._parse_dict): it adds the units
// under n, whose key is w.path.
func (w *yamlWalker) flatten(n *yaml.Node, depth int) error {
	n = w.deref(n)
	if depth > yamlMaxDepth {
		return &SyntaxError{Line: n.Line, Msg: "nested too deeply"}
	}
	if err := w.spend(1, n); err != nil {
		return err
	}
	switch n.Kind {
	case yaml.MappingNode:
		if n.Tag == "!!set" {
			return &SyntaxError{Line: n.Line, Msg: "a set is not a translatable value"}
		}
		own, merges, err := w.items(n)
		if err != nil {
			return err
		}
		if len(merges) > 0 {
			// ruamel.yaml resolves every merge while loading, for YAML and Ruby
			// YAML alike, and refuses the file over one it cannot make.
			if _, err := w.mergedKeys(n, true); err != nil {
				return err
			}
		}
		if w.ruby {
			keys, err := w.mergedKeys(n, w.mapValues[n])
			if err != nil {
				return err
			}
			if keys.plural && len(keys.forms) > 0 {
				return w.plural(n, keys.forms)
			}
		}
		for _, p := range own {
			key, err := w.keyString(p.key)
			if err != nil {
				return err
			}
			mark := len(w.path)
			w.path = append(append(w.path, "->"...), key...)
			if err := w.flatten(p.value, depth+1); err != nil {
				return err
			}
			w.path = w.path[:mark]
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			mark := len(w.path)
			w.path = append(strconv.AppendInt(append(w.path, "->["...), int64(i), 10), ']')
			if err := w.flatten(item, depth+1); err != nil {
				return err
			}
			w.path = w.path[:mark]
		}
	case yaml.ScalarNode:
		v, err := w.scalar(n)
		if err != nil {
			return err
		}
		switch v.kind {
		case yamlNull:
			return nil
		case yamlStr, yamlInt, yamlBool:
			return w.emit(n, []string{v.text})
		default:
			return &SyntaxError{Line: n.Line, Msg: fmt.Sprintf("a %s is not a translatable value: %q", v.kind, n.Value)}
		}
	}
	return nil
}

// emit adds a unit with the current path as key.
func (w *yamlWalker) emit(n *yaml.Node, forms []string) error {
	size := len(w.path)
	for _, f := range forms {
		size += len(f)
	}
	if err := w.spend(size, n); err != nil {
		return err
	}
	key := string(bytes.TrimPrefix(w.path, []byte("->")))
	u := Unit{Key: key, Line: n.Line, Plural: len(forms) > 1}
	if len(forms) == 1 {
		u.Target = oneString(&w.pool, forms[0])
	} else {
		u.Target = forms
	}
	w.units = append(w.units, u)
	return nil
}

// yamlPluralTags are translate-toolkit's cldr_plural_categories, in its order.
var yamlPluralTags = []string{"zero", "one", "two", "few", "many", "other"}

// plural emits RubyYAMLFile._parse_dict's plural unit: a mapping whose keys
// (merged ones included) are all plural categories is one unit, its values (as
// str() writes them) in category order.
func (w *yamlWalker) plural(n *yaml.Node, forms []yamlPair) error {
	var texts []string
	for _, tag := range yamlPluralTags {
		i := slices.IndexFunc(forms, func(p yamlPair) bool { return p.key.Value == tag })
		if i < 0 {
			continue
		}
		v := w.deref(forms[i].value)
		if v.Kind != yaml.ScalarNode {
			return &SyntaxError{Line: v.Line, Msg: "a plural form that is not a scalar"}
		}
		sv, err := w.scalar(v)
		if err != nil {
			return err
		}
		text, err := sv.pyStr()
		if err != nil {
			return &SyntaxError{Line: v.Line, Msg: err.Error()}
		}
		texts = append(texts, text)
	}
	return w.emit(n, texts)
}

func isYAMLPluralTag(s string) bool {
	for _, t := range yamlPluralTags {
		if s == t {
			return true
		}
	}
	return false
}

type yamlKind uint8

const (
	yamlStr yamlKind = iota
	yamlInt
	yamlBool
	yamlNull
	yamlFloat
	yamlTimestamp
	yamlOther // binary data and other types translate-toolkit refuses
)

func (k yamlKind) String() string {
	return [...]string{"string", "integer", "boolean", "null", "float", "timestamp", "value of another type"}[k]
}

// yamlValue is a loaded scalar: text is its str() for strings, integers (decimal)
// and booleans (True, False, or 1, 0 when anchored); f a float's value.
type yamlValue struct {
	kind yamlKind
	text string
	f    float64
}

// pyStr is Python's str() of the loaded value.
func (v yamlValue) pyStr() (string, error) {
	switch v.kind {
	case yamlNull:
		return "None", nil
	case yamlFloat:
		return pyFloatRepr(v.f), nil
	case yamlStr, yamlInt, yamlBool:
		return v.text, nil
	case yamlTimestamp:
		if len(v.text) == len("2001-12-14") {
			return v.text, nil // str() of a date; a datetime's is not reproduced
		}
	}
	return "", fmt.Errorf("a %s is not a translatable value", v.kind)
}

// keyString is str() of a mapping key, which translate-toolkit writes into the
// unit's key.
func (w *yamlWalker) keyString(k *yaml.Node) (string, error) {
	if k.Kind != yaml.ScalarNode {
		return "", &SyntaxError{Line: k.Line, Msg: "a mapping key that is not a scalar"}
	}
	v, err := w.scalar(k)
	if err != nil {
		return "", err
	}
	s, err := v.pyStr()
	if err != nil {
		return "", &SyntaxError{Line: k.Line, Msg: err.Error()}
	}
	return s, nil
}

// keyIdentity is what makes two keys equal for Python's dict (1, 1.0 and True are
// one key), so duplicates are found as ruamel.yaml finds them.
func (w *yamlWalker) keyIdentity(k *yaml.Node) (string, error) {
	if id, ok := w.ids[k]; ok {
		return id, nil
	}
	id, err := w.resolveKeyIdentity(k)
	if err == nil {
		if w.ids == nil {
			w.ids = map[*yaml.Node]string{}
		}
		w.ids[k] = id
	}
	return id, err
}

func (w *yamlWalker) resolveKeyIdentity(k *yaml.Node) (string, error) {
	if k.Kind != yaml.ScalarNode {
		return "", &SyntaxError{Line: k.Line, Msg: "a mapping key that is not a scalar"}
	}
	v, err := w.scalar(k)
	if err != nil {
		return "", err
	}
	switch v.kind {
	case yamlStr:
		return "s" + v.text, nil
	case yamlNull:
		return "z", nil
	case yamlBool:
		if v.text == "True" || v.text == "1" {
			return "n1", nil
		}
		return "n0", nil
	case yamlInt:
		return "n" + v.text, nil
	case yamlFloat:
		if math.IsNaN(v.f) {
			return fmt.Sprintf("nan%p", k), nil // NaN equals nothing
		}
		if !math.IsInf(v.f, 0) && v.f == math.Trunc(v.f) {
			i, _ := new(big.Float).SetFloat64(v.f).Int(nil)
			return "n" + i.String(), nil
		}
		return "f" + pyFloatRepr(v.f), nil
	}
	return "t" + v.text, nil
}

var (
	yamlBool12  = regexp.MustCompile(`^(?:true|True|TRUE|false|False|FALSE)$`)
	yamlBool11  = regexp.MustCompile(`^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	yamlFloat12 = regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	yamlFloat11 = regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	yamlInt12   = regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$`)
	yamlInt11   = regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	yamlNullRe  = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	yamlTime    = regexp.MustCompile(`^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)
)

// scalar loads a scalar as ruamel.yaml's round-trip constructor does: quoted and
// block scalars are strings; a plain one is resolved by ruamel.yaml's implicit
// resolvers (tried in its order, chosen by the first character); an explicit tag
// decides by itself, an unknown one giving a string (TaggedScalar's value).
func (w *yamlWalker) scalar(n *yaml.Node) (yamlValue, error) {
	tag := ""
	switch {
	case n.Style&yaml.TaggedStyle != 0:
		tag = n.Tag
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		tag = "!!str"
	default:
		tag = w.resolve(n.Value)
	}
	anchored := n.Anchor != ""
	switch tag {
	case "!!null":
		return yamlValue{kind: yamlNull}, nil
	case "!!bool":
		b, ok := map[string]bool{"yes": true, "no": false, "y": true, "n": false, "true": true, "false": false, "on": true, "off": false}[strings.ToLower(n.Value)]
		if !ok {
			return yamlValue{}, &SyntaxError{Line: n.Line, Msg: fmt.Sprintf("not a boolean: %q", n.Value)}
		}
		// An anchored boolean is ruamel.yaml's ScalarBoolean, an int.
		switch {
		case anchored && b:
			return yamlValue{kind: yamlBool, text: "1"}, nil
		case anchored:
			return yamlValue{kind: yamlBool, text: "0"}, nil
		case b:
			return yamlValue{kind: yamlBool, text: "True"}, nil
		}
		return yamlValue{kind: yamlBool, text: "False"}, nil
	case "!!int":
		s, ok := w.yamlInt(n.Value)
		if !ok {
			return yamlValue{}, &SyntaxError{Line: n.Line, Msg: fmt.Sprintf("not an integer: %q", n.Value)}
		}
		return yamlValue{kind: yamlInt, text: s}, nil
	case "!!float":
		f, ok := yamlFloatValue(n.Value, w.v11)
		if !ok {
			return yamlValue{}, &SyntaxError{Line: n.Line, Msg: fmt.Sprintf("not a float: %q", n.Value)}
		}
		return yamlValue{kind: yamlFloat, f: f}, nil
	case "!!timestamp":
		if !yamlTime.MatchString(n.Value) {
			return yamlValue{}, &SyntaxError{Line: n.Line, Msg: fmt.Sprintf("not a timestamp: %q", n.Value)}
		}
		return yamlValue{kind: yamlTimestamp, text: n.Value}, nil
	case "!!binary", "!!set", "!!omap", "!!pairs", "!!seq", "!!map":
		return yamlValue{kind: yamlOther}, nil
	}
	return yamlValue{kind: yamlStr, text: n.Value}, nil
}

// resolve is ruamel.yaml's VersionedResolver for a plain scalar.
func (w *yamlWalker) resolve(v string) string {
	first := byte(0)
	if v != "" {
		first = v[0]
	}
	switch {
	case v == "":
		return "!!null"
	case strings.IndexByte("tTfF", first) >= 0 && !w.v11 && yamlBool12.MatchString(v),
		strings.IndexByte("yYnNtTfFoO", first) >= 0 && w.v11 && yamlBool11.MatchString(v):
		return "!!bool"
	case strings.IndexByte("-+0123456789.", first) >= 0 && (!w.v11 && yamlFloat12.MatchString(v) || w.v11 && yamlFloat11.MatchString(v)):
		return "!!float"
	case strings.IndexByte("-+0123456789", first) >= 0 && (!w.v11 && yamlInt12.MatchString(v) || w.v11 && yamlInt11.MatchString(v)):
		return "!!int"
	case strings.IndexByte("~nN", first) >= 0 && yamlNullRe.MatchString(v):
		return "!!null"
	case first >= '0' && first <= '9' && yamlTime.MatchString(v):
		return "!!timestamp"
	}
	return "!!str"
}

// yamlInt is RoundTripConstructor.construct_yaml_int: the integer in decimal, or
// false where ruamel.yaml raises.
func (w *yamlWalker) yamlInt(su string) (string, bool) {
	s := strings.ReplaceAll(su, "_", "")
	if s == "" {
		return "", false
	}
	neg := s[0] == '-'
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	base := 10
	switch {
	case s == "0":
		return "0", true
	case strings.HasPrefix(s, "0b"):
		s, base = s[2:], 2
	case strings.HasPrefix(s, "0x"):
		s, base = s[2:], 16
	case strings.HasPrefix(s, "0o"):
		s, base = s[2:], 8
	case s == "":
		return "", false
	case w.v11 && s[0] == '0':
		base = 8
	case w.v11 && strings.Contains(s, ":"):
		total := new(big.Int)
		for _, part := range strings.Split(s, ":") {
			d, ok := new(big.Int).SetString(part, 10)
			if !ok {
				return "", false
			}
			total.Mul(total, big.NewInt(60)).Add(total, d)
		}
		if neg {
			total.Neg(total)
		}
		return total.String(), true
	}
	if s == "" {
		return "", false
	}
	i, ok := new(big.Int).SetString(s, base)
	if !ok {
		return "", false
	}
	if neg {
		i.Neg(i)
	}
	return i.String(), true
}

// yamlFloatValue is construct_yaml_float's value; false where it raises (an
// explicitly tagged float without "." or exponent).
func yamlFloatValue(so string, v11 bool) (float64, bool) {
	s := strings.ToLower(strings.ReplaceAll(so, "_", ""))
	if s == "" {
		return 0, false
	}
	sign := 1.0
	if s[0] == '-' {
		sign = -1
	}
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	switch {
	case s == ".inf":
		return sign * math.Inf(1), true
	case s == ".nan":
		return math.NaN(), true
	case v11 && strings.Contains(s, ":"):
		total := 0.0
		for _, part := range strings.Split(s, ":") {
			f, err := strconv.ParseFloat(part, 64)
			if err != nil {
				return 0, false
			}
			total = total*60 + f
		}
		return sign * total, true
	case !strings.Contains(s, "e") && !strings.Contains(so, "."):
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return sign * f, true
}

// pyFloatRepr is Python's repr() of a float: the shortest digits that read back,
// in positional notation for exponents from -4 to 15 (with ".0" when integral),
// else as "1e+20".
func pyFloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if decpt := x + 1; decpt > -4 && decpt <= 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	sign := "+"
	if x < 0 {
		sign, x = "-", -x
	}
	return fmt.Sprintf("%se%s%02d", mant, sign, x)
}
