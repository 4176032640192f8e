// Package lang holds the language table and resolves the language codes found in file paths to Weblate's canonical languages.
package lang

// Plural is a language's default plural rule, as the API shows it.
type Plural struct {
	ID      int    // stable, unique across all languages
	Source  int    // 0: default plural
	Number  int    // count of plural forms
	Formula string // gettext expression, e.g. "n != 1"
	Type    int    // Weblate's plural type enum (weblate-reference §2k)
}

// Language is one language as the API shows it.
type Language struct {
	ID         int // stable table id (table order); used for ordering /api/languages/
	Code       string
	Name       string
	Plural     Plural
	Aliases    []string
	Direction  string // "ltr" or "rtl"
	Population int64
	// Generated is true for a language that is not in the table but was made up from a
	// well-formed code ("xx (generated)", 2 plural forms), as Weblate does.
	Generated bool
}
