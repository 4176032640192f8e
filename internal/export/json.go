package export

import (
	"strings"

	"github.com/gitlate/gitlate/internal/jsondoc"
)

// JSON follows Weblate's JSONExporter over translate-toolkit's JsonFile
// (translate/storage/jsonl10n.py): a flat object of the units' keys (their
// contexts) and targets, a plural giving its first form, a repeated key keeping
// its first place and its last value; Python's json.dumps with an indent of four
// and ensure_ascii off, and a final newline.

func writeJSON(t *Translation) ([]byte, error) {
	var keys []string
	values := map[string]string{}
	for i := range t.Units {
		u := &t.Units[i]
		// FlatUnitId drops one leading dot from the id.
		key := strings.TrimPrefix(u.Context, ".")
		if _, seen := values[key]; !seen {
			keys = append(keys, key)
		}
		values[key] = targets(t, u)[0]
	}
	if len(keys) == 0 {
		return []byte("{}\n"), nil
	}
	var b strings.Builder
	b.WriteString("{\n")
	for i, k := range keys {
		b.WriteString("    ")
		writePyJSON(&b, k)
		b.WriteString(": ")
		writePyJSON(&b, values[k])
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return []byte(b.String()), nil
}

// writePyJSON writes a JSON string as Python's json module does with
// ensure_ascii=False.
func writePyJSON(b *strings.Builder, s string) {
	b.WriteByte('"')
	b.Write(jsondoc.AppendPython(nil, s))
	b.WriteByte('"')
}
