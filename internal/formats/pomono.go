package formats

// poMonoFormat is monolingual gettext PO as Weblate 4.18 reads it: PoMonoFormat and
// PoMonoUnit in weblate/formats/ttkit.py, on translate-toolkit's pure-Python PO
// parser (translate/storage/pypo.py, the same reading as poFormat's).
//
// A monolingual PO file keeps the text in msgstr; msgid (with msgctxt) names it.
// PoMonoUnit takes as the unit's context the template unit's msgctxt and msgid,
// each stripped of white space (Python's str.strip), joined with a dot when both
// are set, else whichever is set. Its notes are PoUnit's (translator comments,
// then extracted ones) followed, on a line of its own, by the msgctxt when the
// msgid is not empty (the msgctxt then being part of the context only in part).
//
// Weblate reads a translation file's units with themselves as template (its
// mono_units), so a translation's unit has the key its own msgctxt and msgid
// give, and Key here is that context for every file, template or translation.
//
// The strip follows the Weblate source read for this format (ttkit.py of the 4.x
// series, where PoMonoUnit.context strips both parts); Weblate 5 no longer strips
// them. Keys differ only for a msgid or msgctxt with leading or trailing white
// space.
type poMonoFormat struct{}

func init() {
	Register(Info{
		ID: "po-mono", Name: "gettext PO file (monolingual)", Monolingual: true,
		MimeType: "text/x-po", Extension: "po",
		Plurals: PluralsPositional, Fuzzy: true,
		// No Detect: translation-finder proposes po-mono as the monolingual
		// reading of a gettext PO set that has a template
		// (translation_finder/discovery/files.py GettextDiscovery), a proposal of
		// the gettext PO family, whose detection is bilingual.
	}, poMonoFormat{})
}

// Parse reads the file as gettext PO and gives each unit the key, text and note
// Weblate's PoMonoUnit gives it: Target holds the msgstr forms, Source is nil.
func (poMonoFormat) Parse(data []byte) (*File, error) {
	f, err := parsePO(data)
	if err != nil {
		return nil, err
	}
	for i := range f.Units {
		u := &f.Units[i]
		msgid := u.Source[0]
		key, note := poMonoContext(u.Key, msgid, u.Note)
		u.Key, u.Note, u.Source = key, note, nil
	}
	return f, nil
}

// poMonoContext is PoMonoUnit's context and notes for a unit whose getcontext()
// is ctx, whose msgid is msgid and whose PO notes are notes.
func poMonoContext(ctx, msgid, notes string) (key, note string) {
	c, s := pyStrip(ctx), pyStrip(msgid)
	switch {
	case c != "" && s != "":
		key = c + "." + s
	case s != "":
		key = s
	default:
		key = c
	}
	note = notes
	if msgid != "" && ctx != "" {
		if note != "" {
			note += "\n"
		}
		note += ctx
	}
	return key, note
}
