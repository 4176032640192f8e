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

func writeJSON(t *Translation, w *writer) error {
	// The keys in order of first appearance, and the unit giving each its value:
	// the only thing kept of every unit.
	var keys []string
	last := map[string]int{}
	for i := range t.count() {
		if err := w.next(i); err != nil {
			return err
		}
		// FlatUnitId drops one leading dot from the id.
		key := strings.TrimPrefix(t.unit(i).Context, ".")
		if _, seen := last[key]; !seen {
			keys = append(keys, key)
		}
		last[key] = i
	}
	if len(keys) == 0 {
		w.WriteString("{}\n")
		return nil
	}
	w.WriteString("{\n")
	for i, k := range keys {
		if err := w.next(i); err != nil {
			return err
		}
		u := t.unit(last[k])
		w.WriteString("    ")
		writePyJSON(w, k)
		w.WriteString(": ")
		writePyJSON(w, targets(t, &u)[0])
		if i < len(keys)-1 {
			w.WriteString(",")
		}
		w.WriteString("\n")
	}
	w.WriteString("}\n")
	return nil
}

// writePyJSON writes a JSON string as Python's json module does with
// ensure_ascii=False.
func writePyJSON(w *writer, s string) {
	w.WriteByte('"')
	w.Write(jsondoc.AppendPython(w.AvailableBuffer(), s))
	w.WriteByte('"')
}
