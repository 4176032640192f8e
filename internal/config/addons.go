package config

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Addon is an add-on the API lists for a component. gitlate runs no add-on: the list
// describes the component as the Weblate server that translates it would show it.
type Addon struct {
	Name string // Weblate's add-on name, "weblate.gettext.linguas"
	// Configuration is the add-on's settings as a JSON object, keys in file order
	// ("{}" when the file gives none).
	Configuration json.RawMessage
	Line          int
}

var addonFields = []field[Addon]{
	required(str("name", func(a *Addon) *string { return &a.Name }, validAddonName)),
	{key: "configuration", decode: decodeAddonConfiguration},
}

// addonNameRE is the shape of Weblate's add-on names: dotted lowercase identifiers.
var addonNameRE = regexp.MustCompile(`^[a-z0-9_]+(\.[a-z0-9_]+)+$`)

func validAddonName(s string) string {
	if !addonNameRE.MatchString(s) {
		return `must be an add-on name such as "weblate.gettext.linguas"`
	}
	return ""
}

var addonsField = field[Component]{key: "addons", decode: func(d *decoder, n *yaml.Node, path string, c *Component) {
	// Weblate installs an add-on once per component; the name also keys its id.
	names := unique{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		a := Addon{Line: n.Line, Configuration: json.RawMessage("{}")}
		s, ok := decodeMapping(d, n, path, addonFields, &a)
		if !ok {
			return
		}
		names.check(d, s["name"], path+".name", "add-on")
		c.Addons = append(c.Addons, a)
	})
}}

func decodeAddonConfiguration(d *decoder, n *yaml.Node, path string, a *Addon) {
	if n.Kind != yaml.MappingNode {
		d.problem(n, path, "must be a mapping, not %s", describe(n))
		return
	}
	var buf bytes.Buffer
	if d.yamlToJSON(&buf, n, path, 0) {
		a.Configuration = buf.Bytes()
	}
}

// maxJSONDepth stops an alias that refers to its own ancestor from recursing forever.
const maxJSONDepth = 64

// yamlToJSON writes n as JSON, reporting what JSON cannot hold. ok is false after a problem.
func (d *decoder) yamlToJSON(buf *bytes.Buffer, n *yaml.Node, path string, depth int) bool {
	n = resolve(n)
	if depth > maxJSONDepth {
		d.problem(n, path, "is nested too deeply")
		return false
	}
	switch n.Kind {
	case yaml.MappingNode:
		buf.WriteByte('{')
		keys := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := resolve(n.Content[i])
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				d.problem(k, path, "keys must be plain strings, not %s", describe(k))
				return false
			}
			if keys[k.Value] {
				d.problem(k, join(path, k.Value), "duplicate key")
				return false
			}
			keys[k.Value] = true
			if i > 0 {
				buf.WriteByte(',')
			}
			writeJSONString(buf, k.Value)
			buf.WriteByte(':')
			if !d.yamlToJSON(buf, n.Content[i+1], join(path, k.Value), depth+1) {
				return false
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if !d.yamlToJSON(buf, c, path+"["+strconv.Itoa(i)+"]", depth+1) {
				return false
			}
		}
		buf.WriteByte(']')
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			buf.WriteString("null")
		case "!!bool":
			var b bool
			_ = n.Decode(&b)
			buf.WriteString(strconv.FormatBool(b))
		case "!!int":
			var i int64
			if n.Decode(&i) != nil {
				d.problem(n, path, "is out of range")
				return false
			}
			buf.WriteString(strconv.FormatInt(i, 10))
		case "!!float":
			var f float64
			if n.Decode(&f) != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				d.problem(n, path, "must be a finite number (JSON has no %s)", n.Value)
				return false
			}
			buf.WriteString(pyFloat(f))
		default:
			// Strings, and dates or binary data as written: Weblate keeps such values as text.
			writeJSONString(buf, n.Value)
		}
	default:
		d.problem(n, path, "must be a value, not %s", describe(n))
		return false
	}
	return true
}

// writeJSONString writes s as a JSON string without HTML escaping, as Weblate's
// JSON renderer does.
func writeJSONString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}

// pyFloat formats f as Python's repr does, so 1.0 stays 1.0 rather than becoming 1.
func pyFloat(f float64) string {
	if f == 0 {
		return strconv.FormatFloat(f, 'f', 1, 64) // 0.0, -0.0
	}
	if exp := math.Floor(math.Log10(math.Abs(f))); exp < -4 || exp >= 16 {
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

var linksField = field[Component]{key: "links", decode: func(d *decoder, n *yaml.Node, path string, c *Component) {
	seen := unique{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
			d.problem(n, path, "must be a project slug, not %s", describe(n))
			return
		}
		if first, dup := seen[n.Value]; dup {
			d.problem(n, path, "duplicate project %q (first at line %d)", n.Value, first)
			return
		}
		seen[n.Value] = n.Line
		c.Links = append(c.Links, n.Value)
		d.links = append(d.links, linkRef{node: n, path: path})
	})
}}

// linkRef is a project slug a component's links name, checked once every project
// has been read (a link may name a project further down the file).
type linkRef struct {
	node    *yaml.Node
	path    string
	project *Project // the project of the component that links
}

// checkLinks reports links to unknown projects and to the component's own project.
func (d *decoder) checkLinks(cfg *Config) {
	slugs := map[string]bool{}
	var fields []field[Project]
	for _, p := range cfg.Projects {
		slugs[p.Slug] = true
		fields = append(fields, field[Project]{key: p.Slug}) // for suggest
	}
	for _, l := range d.links {
		switch slug := l.node.Value; {
		case l.project != nil && slug == l.project.Slug:
			d.problem(l.node, l.path, "a component is part of its own project; links name the other projects it is shared into")
		case !slugs[slug]:
			d.problem(l.node, l.path, "unknown project %q%s", slug, suggest(fields, slug))
		}
	}
}
