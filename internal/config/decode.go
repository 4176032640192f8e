package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/agnivade/levenshtein"
	"gopkg.in/yaml.v3"
)

// decoder walks yaml.v3 nodes rather than unmarshalling into structs: only nodes know
// the line and column of every key, and only a walk can report every problem instead of
// stopping at the first.
type decoder struct {
	file     string // as given, for messages
	baseDir  string // folder relative repository paths are resolved against
	problems []Problem
	links    []linkRef // component links, checked once every project is known
}

func (d *decoder) problem(n *yaml.Node, key, format string, args ...any) {
	p := Problem{File: d.file, Key: key, Message: fmt.Sprintf(format, args...)}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	d.problems = append(d.problems, p)
}

// field says how one key of a mapping is decoded into a *T. Each mapping's keys are a
// table of fields, so adding a key is one line in a table.
type field[T any] struct {
	key      string
	required bool
	decode   func(d *decoder, n *yaml.Node, path string, v *T)
}

// required marks a field whose key must be present.
func required[T any](f field[T]) field[T] {
	f.required = true
	return f
}

// seen holds the value node of each key a mapping gave, for defaults and checks that
// depend on whether (and where) a key was written.
type seen map[string]*yaml.Node

// decodeMapping decodes mapping n at path into v using fields. It reports non-mapping
// values, non-string, duplicate, unknown and missing keys. ok is false when n is not
// a mapping at all.
func decodeMapping[T any](d *decoder, n *yaml.Node, path string, fields []field[T], v *T) (s seen, ok bool) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		d.problem(n, path, "must be a mapping, not %s", describe(n))
		return nil, false
	}
	s = seen{}
	keys := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Tag == "!!merge" {
			d.problem(k, join(path, k.Value), "merge keys are not supported; use an alias for a whole value")
			continue
		}
		if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
			d.problem(k, path, "keys must be plain strings, not %s", describe(k))
			continue
		}
		kp := join(path, k.Value)
		if first, dup := keys[k.Value]; dup {
			d.problem(k, kp, "duplicate key (first at line %d)", first.Line)
			continue
		}
		keys[k.Value] = k
		f := lookup(fields, k.Value)
		if f == nil {
			d.problem(k, kp, "unknown key%s", suggest(fields, k.Value))
			continue
		}
		s[k.Value] = val
		f.decode(d, val, kp, v)
	}
	var missing []string
	for _, f := range fields {
		if _, ok := s[f.key]; f.required && !ok {
			missing = append(missing, strconv.Quote(f.key))
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		d.problem(n, path, "missing required key %s", missing[0])
	default:
		d.problem(n, path, "missing required keys %s", strings.Join(missing, ", "))
	}
	return s, true
}

func lookup[T any](fields []field[T], key string) *field[T] {
	for i := range fields {
		if fields[i].key == key {
			return &fields[i]
		}
	}
	return nil
}

// suggest names the known key closest to a misspelt one, since most unknown keys are
// typos ("filemsk") or singular/plural slips.
func suggest[T any](fields []field[T], key string) string {
	best, bestDist := "", 3 // farther than two edits is a different word
	for _, f := range fields {
		if dist := levenshtein.ComputeDistance(key, f.key); dist < bestDist {
			best, bestDist = f.key, dist
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// decodeList calls item for each element of sequence n at path.
func decodeList(d *decoder, n *yaml.Node, path string, item func(n *yaml.Node, path string)) {
	if n.Kind != yaml.SequenceNode {
		d.problem(n, path, "must be a list, not %s", describe(n))
		return
	}
	for i, c := range n.Content {
		item(resolve(c), fmt.Sprintf("%s[%d]", path, i))
	}
}

// A check returns what is wrong with a value, or "".
type check[V any] func(V) string

func runChecks[V any](d *decoder, n *yaml.Node, path string, v V, checks []check[V]) {
	for _, c := range checks {
		if msg := c(v); msg != "" {
			d.problem(n, path, "%s", msg)
			return // later checks tend to repeat the first complaint in other words
		}
	}
}

// str decodes a string. Numbers are taken as written ("1.10" stays "1.10"), as
// yaml.v3 itself does for string targets; booleans and null are refused because they
// are almost always a mistake (an unquoted "yes", a key left without a value).
func str[T any](key string, p func(*T) *string, checks ...check[string]) field[T] {
	return field[T]{key: key, decode: func(d *decoder, n *yaml.Node, path string, v *T) {
		if n.Kind != yaml.ScalarNode || (n.Tag != "!!str" && n.Tag != "!!int" && n.Tag != "!!float") {
			hint := ""
			if n.Tag == "!!null" {
				hint = ` (write "" for an empty value)`
			}
			d.problem(n, path, "must be a string, not %s%s", describe(n), hint)
			return
		}
		*p(v) = n.Value
		runChecks(d, n, path, n.Value, checks)
	}}
}

func flag[T any](key string, p func(*T) *bool) field[T] {
	return field[T]{key: key, decode: func(d *decoder, n *yaml.Node, path string, v *T) {
		var b bool
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&b) != nil {
			d.problem(n, path, "must be true or false, not %s", describe(n))
			return
		}
		*p(v) = b
	}}
}

func integer[T any](key string, p func(*T) *int, checks ...check[int]) field[T] {
	return field[T]{key: key, decode: func(d *decoder, n *yaml.Node, path string, v *T) {
		var i int64
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || n.Decode(&i) != nil {
			d.problem(n, path, "must be an integer, not %s", describe(n))
			return
		}
		if i < math.MinInt32 || i > math.MaxInt32 {
			d.problem(n, path, "is out of range")
			return
		}
		*p(v) = int(i)
		runChecks(d, n, path, int(i), checks)
	}}
}

// strList decodes a list of strings. The result is never nil, so it serializes as [].
func strList[T any](key string, p func(*T) *[]string) field[T] {
	return field[T]{key: key, decode: func(d *decoder, n *yaml.Node, path string, v *T) {
		out := []string{}
		decodeList(d, n, path, func(n *yaml.Node, path string) {
			if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
				d.problem(n, path, "must be a string, not %s", describe(n))
				return
			}
			out = append(out, n.Value)
		})
		*p(v) = out
	}}
}

// resolve follows an alias to its anchor, so anchors can share settings between
// components.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// describe names what a node is, for "must be X, not Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "null"
		case "!!bool":
			return "a boolean"
		case "!!int":
			return "an integer"
		case "!!float":
			return "a number"
		case "!!str":
			return strconv.Quote(n.Value)
		}
		return fmt.Sprintf("a value tagged %s", n.Tag)
	}
	return "nothing"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
