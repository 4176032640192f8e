package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of components in the PHP formats (php,
// laravel), the INI formats (ini, islu, joomla), mi18n-lang and gotext, served from a real repository
// (testutil.PHPFiles).

func phpServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.PHPFiles, testutil.PHPConfig))
}

func TestPHPINIFormatUnits(t *testing.T) {
	h := phpServer(t)
	cases := []struct {
		path string
		want []formatUnit
	}{
		// Template order; the context is translate-toolkit's name of the unit as
		// written ("$lang['welcome']", "define('FAREWELL'", "$lang['menu']->'file'");
		// the note is the comment before it; a key the translation lacks or
		// leaves empty is untranslated; an empty template text is read-only.
		{"/api/translations/demo/php/de/units/", []formatUnit{
			{[]string{"Welcome"}, []string{"Willkommen"}, "$lang['welcome']", "// Shown on the start page\n", "", "", 20, true, false, 1, 1},
			{[]string{"Hello %s, how are you?"}, []string{""}, "$lang['greeting']", "", "", "", 0, false, false, 2, 5},
			{[]string{""}, []string{""}, "$lang['empty']", "", "", "", 100, true, false, 3, 0},
			{[]string{"Good bye"}, []string{"Auf Wiedersehen"}, "define('FAREWELL'", "", "", "", 20, true, false, 4, 2},
			{[]string{"File"}, []string{"Datei"}, "$lang['menu']->'file'", "", "", "", 20, true, false, 5, 1},
			{[]string{"Edit"}, []string{""}, "$lang['menu']->'edit'", "", "", "", 0, false, false, 6, 1},
		}},
		// Laravel: "|" separates plural forms, shown as German's two; the short
		// array syntax puts "[]" after "return".
		{"/api/translations/demo/laravel/de/units/", []formatUnit{
			{[]string{":count apple", ":count apples"}, []string{":count Apfel", ":count Äpfel"}, "return[]->'apples'", "", "", "", 20, true, false, 1, 4},
			{[]string{"Orchard"}, []string{""}, "return[]->'title'", "", "", "", 0, false, false, 2, 1},
			{[]string{"OK"}, []string{"OK"}, "return[]->'nested'[]->'ok'", "", "", "", 20, true, false, 3, 1},
		}},
		// INI: the context is "[section]option"; iniparse drops the comment
		// after " ;" and joins continuation lines with a newline; the empty
		// template text is read-only, as in every monolingual format.
		{"/api/translations/demo/ini/de/units/", []formatUnit{
			{[]string{"Traffic"}, []string{"Verkehr"}, "[general]title", "", "", "", 20, true, false, 1, 1},
			{[]string{"Upload"}, []string{"Hochladen"}, "[text]up", "", "", "", 20, true, false, 2, 1},
			{[]string{""}, []string{""}, "[text]empty", "", "", "", 100, true, false, 3, 0},
			{[]string{"first\nsecond"}, []string{""}, "[text]long", "", "", "", 0, false, false, 4, 2},
		}},
		// Inno Setup: %n is a newline.
		{"/api/translations/demo/setup/de/units/", []formatUnit{
			{[]string{"English"}, []string{"Deutsch"}, "[LangOptions]LanguageName", "", "", "", 20, true, false, 1, 1},
			{[]string{"Setup"}, []string{"Setup"}, "[Messages]SetupAppTitle", "", "", "", 20, true, false, 2, 1},
			{[]string{"Welcome to\nSetup"}, []string{"Willkommen\nzum Setup"}, "[Messages]Welcome", "", "", "", 20, true, false, 3, 3},
		}},
		// Joomla: the key is the context, the comment above it the note; quotes
		// dropped, "_QQ_" a quote; "" is a translated text of two quotes (the
		// raw value is not empty); the empty template text is read-only.
		{"/api/translations/demo/joomla/de/units/", []formatUnit{
			{[]string{"Save"}, []string{"Speichern"}, "COM_DEMO_SAVE", "; The button\n", "", "", 20, true, false, 1, 1},
			{[]string{`Say "hi"`}, []string{`""`}, "COM_DEMO_QUOTE", "", "", "", 20, true, false, 2, 2},
			{[]string{""}, []string{""}, "COM_DEMO_EMPTY", "", "", "", 100, true, false, 3, 0},
		}},
		// mi18n: Java properties; es-format is the format's flag, not a unit's.
		{"/api/translations/demo/mi18n/de/units/", []formatUnit{
			{[]string{"English (US)"}, []string{"Deutsch"}, "NATIVE_NAME", "", "", "", 20, true, false, 1, 2},
			{[]string{"Add Option +"}, []string{"Option hinzufügen +"}, "addOption", "", "", "", 20, true, false, 2, 3},
			{[]string{"Hello ${name}"}, []string{""}, "hello", "", "", "", 0, false, false, 3, 2},
		}},
		// gotext: the id is the context, the placeholders a flag, the plural
		// select's forms in CLDR order; the template's translator comment is
		// the note.
		{"/api/translations/demo/gotext/de/units/", []formatUnit{
			{[]string{"Hello {City}!"}, []string{"Hallo {City}!"}, "Hello {City}!", "", "", "placeholders:{City}", 20, true, false, 1, 2},
			{[]string{"One file", "{N} files"}, []string{"", ""}, "{N} files", "File count\n", "", "", 0, false, false, 2, 4},
		}},
	}
	for _, c := range cases {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}
}

func TestPHPINIFormatFiles(t *testing.T) {
	h := phpServer(t)
	checkFiles(t, h, testutil.PHPFiles, []fileCase{
		// PhpFormat names text/x-php and the extension php, for Laravel too.
		{"/api/translations/demo/php/de/file/", "text/x-php", "attachment; filename=demo-php-de.php", "lang/de/messages.php"},
		{"/api/translations/demo/php/en/file/", "text/x-php", "attachment; filename=demo-php-en.php", "lang/en/messages.php"},
		{"/api/translations/demo/laravel/de/file/", "text/x-php", "attachment; filename=demo-laravel-de.php", "resources/lang/de/messages.php"},
		// INIFormat names text/plain and ini, InnoSetupINIFormat islu.
		{"/api/translations/demo/ini/de/file/", "text/plain", "attachment; filename=demo-ini-de.ini", "ini/de.ini"},
		{"/api/translations/demo/setup/de/file/", "text/plain", "attachment; filename=demo-setup-de.islu", "setup/de.islu"},
		{"/api/translations/demo/gotext/de/file/", "application/json", "attachment; filename=demo-gotext-de.json", "locales/de/messages.gotext.json"},
		{"/api/translations/demo/mi18n/de/file/", "text/plain", "attachment; filename=demo-mi18n-de.lang", "lang/de-DE.lang"},
		// JoomlaFormat: text/plain, the extension ini (joomlafile's).
		{"/api/translations/demo/joomla/de/file/", "text/plain", "attachment; filename=demo-joomla-de.ini", "language/de-DE/de-DE.com_demo.ini"},
	})
}
