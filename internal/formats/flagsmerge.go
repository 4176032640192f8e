package formats

// MergeFlags merges flags written as Weblate writes them, a later text's value
// of a name winning, and writes them as Weblate's Flags.format does (sorted,
// joined with ", "): what TTKitUnit.flags gives for a monolingual unit, the
// translation's flags merged with its template's. A text the flag grammar
// refuses adds nothing (the parsers refuse such a file first).
func MergeFlags(texts ...string) string {
	var f weblateFlags
	for _, t := range texts {
		if t == "" {
			continue
		}
		var one weblateFlags
		if one.mergeText(t) != nil {
			continue
		}
		_ = f.mergeText(t)
	}
	return f.String()
}
