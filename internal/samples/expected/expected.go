// Package expected holds the statistics and change-log events of the bundled samples, counted by hand, for tests to check the server against.
package expected

// The statistics of the samples' final state, counted by hand from the
// files in history/ with Weblate's rules (word counts of weblate/utils/state.py and
// translate-toolkit's units; Android and TBX as weblate/formats/ttkit.py reads them),
// and the structural change-log events their history must produce (the Change.ACTION_*
// codes of weblate/trans/models/change.py). Other packages' golden files
// can be checked against these numbers.
//
// How the Counts were made (Android: units are the template's <string> and
// <plurals>; the <string-array> sort_options is not a unit; keys only in a
// translation, such as the stale action_share, are ignored):
//
// tinynotes/app, 14 units; words / chars of the unescaped English source:
//
//	app_name            "Tiny Notes"                  2 /  10  translatable="false": read-only everywhere
//	action_new_note     "New note"                    2 /   8
//	action_delete       "Delete"                      1 /   6
//	search_hint         "Search notes…" (\u2026)      2 /  13
//	empty_list          "No notes yet.⏎Tap + to write your first one."  10 / 44 (\n is one char)
//	delete_confirm      `Delete "%1$s"? You can't undo this.`            6 / 35
//	toolbar_subtitle    ""                            0 /   0  empty template value: untranslated in en, read-only elsewhere
//	tag_separator       " · " (quoted spaces kept)    1 /   3
//	notes_count         "%d note" | "%d notes"        4 /  17  (7 + 2 separators + 8)
//	notes_selected      `<xliff:g xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" id="count">%d</xliff:g> note selected`
//	                    and the "notes selected" form 10 / 199 (98 + 2 + 99; the tag is 3 tokens and 84 chars)
//	pinned              "Pinned"                      1 /   6
//	settings_dark_mode  "Dark mode"                   2 /   9
//	export_markdown     "Export as Markdown"          3 /  18
//	sync_error          "Couldn't sync. Check your connection and try again."  8 / 51
//	total                                            52 / 419
//
// Untranslated per language (absent, empty, or a plural whose first CLDR form is
// empty): ar notes_selected (no "zero" form, the first in Arabic's order) and
// sync_error; zh_Hans delete_confirm, export_markdown, sync_error; cs none; de
// export_markdown, sync_error; fr settings_dark_mode (present but empty),
// export_markdown, sync_error; he (values-iw) tag_separator, notes_selected,
// export_markdown, sync_error; pt_BR search_hint, sync_error.
//
// tinynotes/widget, 5 units: widget_name "Quick note" 2/10, widget_description
// "Your pinned notes, right on the home screen" 8/43, widget_empty "Nothing's pinned
// yet" 3/20, widget_open_app "Open app" 2/8, widget_more "+%d more" twice 4/18;
// total 19/99. Untranslated: ar widget_description, widget_more; de widget_more;
// pt_BR widget_empty.
//
// blitzclock/android, 12 units: app_name "Blitz Clock" (read-only) 2/11, White,
// Black, Start, Pause 1/5 each, "Reset both clocks?" 3/18, "Time control" 2/12,
// "Increment per move" 3/18, minutes "%d minute" | "%d minutes" 4/21, flag_fallen
// "%1$s's flag fell!" 3/17, moves_played "%d move played" | "%d moves played" 6/31,
// "Ticking sound" 2/13; total 29/161. Untranslated: cs increment_label,
// sound_ticking; es sound_ticking; ja increment_label, flag_fallen, moves_played,
// sound_ticking. (Italian was added and later removed: no translation.)
//
// blitzclock/web (i18next v4 JSON, web/locales/<code>/translation.json), 6 units:
// the template's keys, nested ones joined with dots, and moves_one/moves_other
// made one plural unit "moves" (its forms in translate-toolkit's plural tags of
// the file's language: en one, other; es one, many, other; cs one, few, other):
//
//	title           "Blitz Clock"                 2 / 11
//	controls.start  "Start"                       1 /  5
//	controls.pause  "Pause"                       1 /  5
//	controls.reset  "Reset both clocks?"          3 / 18
//	moves           "{{count}} move" | "{{count}} moves"  4 / 31 (14 + 2 separators + 15)
//	flagFell        "{{player}}'s flag fell!"     3 / 23
//	total                                        14 / 93
//
// A unit is translated when its first form is not empty. Untranslated: es
// flagFell (absent; its moves has an empty "many" form, but "one" comes first);
// cs controls.reset (absent). Nothing in JSON is read-only.
//
// Glossaries (TBX): a unit per termEntry, translated when the target term is not
// empty; the source translation (no file) holds the distinct terms of all files in
// path order, all read-only. tinynotes: ar.tbx has an empty body; cs.tbx note, pin,
// tag, archive, home screen (empty target); de.tbx note, pin, tag, home screen,
// notebook; fr.tbx note, tag. blitzclock: cs.tbx empty; es.tbx clock, flag, move,
// increment, time control; ja.tbx clock, move, flag (empty target).

// Counts are the statistics of one translation (or a sum of them).
type Counts struct {
	Total, Translated, Readonly int
	TotalWords, TranslatedWords int
	TotalChars, TranslatedChars int
}

func (c *Counts) Add(o Counts) {
	c.Total += o.Total
	c.Translated += o.Translated
	c.Readonly += o.Readonly
	c.TotalWords += o.TotalWords
	c.TranslatedWords += o.TranslatedWords
	c.TotalChars += o.TotalChars
	c.TranslatedChars += o.TranslatedChars
}

// Translation is one row of the hand table.
type Translation struct {
	Project, Component string
	Code               string // language code as in the path (the source language for the source translation)
	Language           string // canonical code
	Filename           string // "" for a glossary's source translation
	Counts
}

// Translations lists every translation in Weblate's order within a
// component: source translation first, then files sorted by path.
var Translations = []Translation{
	// Total, Translated, Readonly, TotalWords, TranslatedWords, TotalChars, TranslatedChars
	{"tinynotes", "app", "en", "en", "app/src/main/res/values/strings.xml", Counts{14, 13, 1, 52, 52, 419, 419}},
	{"tinynotes", "app", "ar", "ar", "app/src/main/res/values-ar/strings.xml", Counts{14, 12, 2, 52, 34, 419, 169}},
	{"tinynotes", "app", "b+zh+Hans", "zh_Hans", "app/src/main/res/values-b+zh+Hans/strings.xml", Counts{14, 11, 2, 52, 35, 419, 315}},
	{"tinynotes", "app", "cs", "cs", "app/src/main/res/values-cs/strings.xml", Counts{14, 14, 2, 52, 52, 419, 419}},
	{"tinynotes", "app", "de", "de", "app/src/main/res/values-de/strings.xml", Counts{14, 12, 2, 52, 41, 419, 350}},
	{"tinynotes", "app", "fr", "fr", "app/src/main/res/values-fr/strings.xml", Counts{14, 11, 2, 52, 39, 419, 341}},
	{"tinynotes", "app", "iw", "he", "app/src/main/res/values-iw/strings.xml", Counts{14, 10, 2, 52, 30, 419, 148}},
	{"tinynotes", "app", "pt-rBR", "pt_BR", "app/src/main/res/values-pt-rBR/strings.xml", Counts{14, 12, 2, 52, 42, 419, 355}},

	{"tinynotes", "widget", "en", "en", "widget/src/main/res/values/strings.xml", Counts{5, 5, 0, 19, 19, 99, 99}},
	{"tinynotes", "widget", "ar", "ar", "widget/src/main/res/values-ar/strings.xml", Counts{5, 3, 0, 19, 7, 99, 38}},
	{"tinynotes", "widget", "cs", "cs", "widget/src/main/res/values-cs/strings.xml", Counts{5, 5, 0, 19, 19, 99, 99}},
	{"tinynotes", "widget", "de", "de", "widget/src/main/res/values-de/strings.xml", Counts{5, 4, 0, 19, 15, 99, 81}},
	{"tinynotes", "widget", "pt-rBR", "pt_BR", "widget/src/main/res/values-pt-rBR/strings.xml", Counts{5, 4, 0, 19, 16, 99, 79}},

	{"tinynotes", "glossary", "en", "en", "", Counts{6, 6, 6, 7, 7, 36, 36}},
	{"tinynotes", "glossary", "ar", "ar", "ar.tbx", Counts{0, 0, 0, 0, 0, 0, 0}},
	{"tinynotes", "glossary", "cs", "cs", "cs.tbx", Counts{5, 4, 0, 6, 4, 28, 17}},
	{"tinynotes", "glossary", "de", "de", "de.tbx", Counts{5, 5, 0, 6, 6, 29, 29}},
	{"tinynotes", "glossary", "fr", "fr", "fr.tbx", Counts{2, 2, 0, 2, 2, 7, 7}},

	{"blitzclock", "android", "en", "en", "app/src/main/res/values/strings.xml", Counts{12, 12, 1, 29, 29, 161, 161}},
	{"blitzclock", "android", "cs", "cs", "app/src/main/res/values-cs/strings.xml", Counts{12, 10, 1, 29, 24, 161, 130}},
	{"blitzclock", "android", "es", "es", "app/src/main/res/values-es/strings.xml", Counts{12, 11, 1, 29, 27, 161, 148}},
	{"blitzclock", "android", "ja", "ja", "app/src/main/res/values-ja/strings.xml", Counts{12, 8, 1, 29, 15, 161, 82}},

	{"blitzclock", "glossary", "en", "en", "", Counts{5, 5, 5, 6, 6, 34, 34}},
	{"blitzclock", "glossary", "cs", "cs", "cs.tbx", Counts{0, 0, 0, 0, 0, 0, 0}},
	{"blitzclock", "glossary", "es", "es", "es.tbx", Counts{5, 5, 0, 6, 6, 34, 34}},
	{"blitzclock", "glossary", "ja", "ja", "ja.tbx", Counts{3, 2, 0, 3, 2, 13, 9}},

	{"blitzclock", "web", "en", "en", "web/locales/en/translation.json", Counts{6, 6, 0, 14, 14, 93, 93}},
	{"blitzclock", "web", "cs", "cs", "web/locales/cs/translation.json", Counts{6, 5, 0, 14, 11, 93, 75}},
	{"blitzclock", "web", "es", "es", "web/locales/es/translation.json", Counts{6, 5, 0, 14, 11, 93, 70}},
}

// Failing counts, per translation ("project/component/code as in the path"),
// the strings with at least one failing quality check, by Weblate 4.18's rules
// (weblate/checks/); a translation not listed has none. Counted by hand:
//
//   - plurals ("Some plural forms are untranslated"): a plural whose target has
//     some forms filled and some empty. Android forms are translate-toolkit's
//     plural tags of the file's language, and a file that gives only "one" and
//     "other" leaves the others empty: fr and pt_BR (one, many, other) in
//     notes_count and notes_selected, he (one, two, many, other) in notes_count
//     (its notes_selected is untranslated, and untranslated strings are not
//     checked), pt_BR in widget_more, es in minutes and moves_played, and es
//     in the i18next moves (one, many, other). cs gives all its forms; ar's
//     incomplete plurals are untranslated (the first form is empty).
//   - xml-tags ("XML tags in translation do not match source"): notes_selected
//     of fr and pt_BR pairs the source's plural form, which holds <xliff:g>,
//     with the empty "many" form, which holds no tag (the same strings as above).
//   - multiple_failures, a source check: a string of the template whose
//     translations have two failing checks or more: notes_count (fr, he, pt_BR:
//     three) and notes_selected (fr and pt_BR, two each); widget_more,
//     minutes, moves_played and moves fail in one translation only.
//
// No other check fires: the sources and translations end alike, their format
// strings (%d, %1$s, {{count}}) match, and no translation equals its source
// where the same check would see it (app_name is read-only).
var Failing = map[string]int{
	"tinynotes/app/en":        2,
	"tinynotes/app/fr":        2,
	"tinynotes/app/iw":        1,
	"tinynotes/app/pt-rBR":    2,
	"tinynotes/widget/pt-rBR": 1,
	"blitzclock/android/es":   2,
	"blitzclock/web/es":       1,
}

// FailingComponents and FailingProjects are their sums.
var (
	FailingComponents = map[string]int{"tinynotes/app": 7, "tinynotes/widget": 1, "blitzclock/android": 2, "blitzclock/web": 1}
	FailingProjects   = map[string]int{"tinynotes": 8, "blitzclock": 3}
)

// Components and Projects were added up by hand as well; the
// test checks they are the sums of the rows above (component totals include the
// source translation; project totals include the glossary).
var Components = map[string]Counts{
	"tinynotes/app":       {112, 95, 15, 416, 325, 3352, 2516},
	"tinynotes/widget":    {25, 21, 0, 95, 76, 495, 396},
	"tinynotes/glossary":  {18, 17, 6, 21, 19, 100, 89},
	"blitzclock/android":  {48, 41, 4, 116, 95, 644, 521},
	"blitzclock/glossary": {13, 12, 5, 15, 14, 81, 77},
	"blitzclock/web":      {18, 16, 0, 42, 36, 279, 238},
}

var Projects = map[string]Counts{
	"tinynotes":  {155, 133, 21, 532, 420, 3947, 3001},
	"blitzclock": {79, 69, 9, 173, 145, 1004, 836},
}

// Change actions (weblate/trans/models/change.py) used below.
const (
	ActionCreatedProject   = 50
	ActionCreatedComponent = 51
	ActionAddedLanguage    = 48
	ActionRemovedLanguage  = 25
	ActionNewStrings       = 44
	ActionSourceChanged    = 30
)

// Event is one structural change-log event.
type Event struct {
	Commit    string // subject line of the commit that causes it
	Action    int
	Component string // "" for 50 Created project
	Language  string // canonical code: the translation of 48, 25 and 44
	Unit      string // the unit of 30 Source string changed
}

// History is, per repository, the structural events oldest first, and the
// languages a component already has when it is created. Those initial files are
// part of 51 Created component and get no 48 of their own: Weblate logs no "Added
// new language" when it imports a component (the 4.0.2 recording shows only
// resource updates before "Created component").
var History = map[string]struct {
	Initial map[string][]string // component -> languages present at creation (source included)
	Events  []Event
}{
	"tinynotes": {
		Initial: map[string][]string{"app": {"cs", "de", "en"}, "widget": {"en"}},
		Events: []Event{
			{Commit: "Initial import of Tiny Notes strings", Action: ActionCreatedProject},
			{Commit: "Initial import of Tiny Notes strings", Action: ActionCreatedComponent, Component: "app"},
			{Commit: "Add French translation", Action: ActionAddedLanguage, Component: "app", Language: "fr"},
			{Commit: "Add strings for multi-select, tags and dark mode", Action: ActionNewStrings, Component: "app", Language: "cs"},
			{Commit: "Add strings for multi-select, tags and dark mode", Action: ActionNewStrings, Component: "app", Language: "de"},
			{Commit: "Add strings for multi-select, tags and dark mode", Action: ActionNewStrings, Component: "app", Language: "fr"},
			{Commit: "Add Hebrew translation", Action: ActionAddedLanguage, Component: "app", Language: "he"},
			{Commit: "Add Arabic translation", Action: ActionAddedLanguage, Component: "app", Language: "ar"},
			{Commit: "Add the home screen widget module", Action: ActionCreatedComponent, Component: "widget"},
			{Commit: "German: catch up with new strings, translate the widget", Action: ActionAddedLanguage, Component: "widget", Language: "de"},
			{Commit: "Add Brazilian Portuguese (app and widget)", Action: ActionAddedLanguage, Component: "app", Language: "pt_BR"},
			{Commit: "Add Brazilian Portuguese (app and widget)", Action: ActionAddedLanguage, Component: "widget", Language: "pt_BR"},
			{Commit: "Add Simplified Chinese translation", Action: ActionAddedLanguage, Component: "app", Language: "zh_Hans"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "ar"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "cs"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "de"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "fr"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "he"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "pt_BR"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionNewStrings, Component: "app", Language: "zh_Hans"},
			{Commit: "Add Markdown export and sync error; drop the share action", Action: ActionSourceChanged, Component: "app", Unit: "empty_list"},
			{Commit: "Czech: export, sync error and the widget", Action: ActionAddedLanguage, Component: "widget", Language: "cs"},
			{Commit: "Arabic: export string, clearer \"pinned\", widget", Action: ActionAddedLanguage, Component: "widget", Language: "ar"},
		},
	},
	"tinynotes-glossary": {
		Initial: map[string][]string{"glossary": {"cs", "de", "en", "fr"}},
		Events: []Event{
			{Commit: "Add glossary", Action: ActionCreatedComponent, Component: "glossary"},
			{Commit: "Glossary: add Arabic", Action: ActionAddedLanguage, Component: "glossary", Language: "ar"},
		},
	},
	"blitzclock": {
		Initial: map[string][]string{"android": {"en", "es"}, "web": {"en", "es"}},
		Events: []Event{
			{Commit: "Blitz Clock 0.1: strings and Spanish", Action: ActionCreatedProject},
			{Commit: "Blitz Clock 0.1: strings and Spanish", Action: ActionCreatedComponent, Component: "android"},
			{Commit: "Add Japanese translation", Action: ActionAddedLanguage, Component: "android", Language: "ja"},
			{Commit: "Add Italian translation", Action: ActionAddedLanguage, Component: "android", Language: "it"},
			{Commit: "Show the fallen flag and the move counter; optional ticking", Action: ActionNewStrings, Component: "android", Language: "es"},
			{Commit: "Show the fallen flag and the move counter; optional ticking", Action: ActionNewStrings, Component: "android", Language: "it"},
			{Commit: "Show the fallen flag and the move counter; optional ticking", Action: ActionNewStrings, Component: "android", Language: "ja"},
			{Commit: "Remove Italian: machine translated, nobody to review it", Action: ActionRemovedLanguage, Component: "android", Language: "it"},
			{Commit: "Add Czech translation", Action: ActionAddedLanguage, Component: "android", Language: "cs"},
			// The web app's later commits translate strings: no structural event.
			{Commit: "Web app: i18next strings and Spanish", Action: ActionCreatedComponent, Component: "web"},
			{Commit: "Web app: add Czech", Action: ActionAddedLanguage, Component: "web", Language: "cs"},
		},
	},
	"blitzclock-glossary": {
		Initial: map[string][]string{"glossary": {"en", "es", "ja"}},
		Events: []Event{
			{Commit: "Add glossary with the first Spanish chess terms", Action: ActionCreatedComponent, Component: "glossary"},
			{Commit: "Glossary: add Czech", Action: ActionAddedLanguage, Component: "glossary", Language: "cs"},
		},
	},
}
