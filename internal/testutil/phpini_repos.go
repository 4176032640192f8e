package testutil

// PHPFiles holds a component of each PHP and INI format: PHP arrays and define() (a
// template with a comment and an empty text, a German translation missing a
// key) and Laravel's returned array with "|" plurals.
var PHPFiles = map[string]string{
	"lang/en/messages.php": "<?php\n// Shown on the start page\n$lang['welcome'] = 'Welcome';\n" +
		"$lang['greeting'] = \"Hello %s, how are you?\";\n$lang['empty'] = '';\n" +
		"define('FAREWELL', 'Good bye');\n$lang['menu'] = array('file' => 'File', 'edit' => 'Edit');\n",
	"lang/de/messages.php": "<?php\n$lang['welcome'] = 'Willkommen';\n$lang['greeting'] = '';\n" +
		"define('FAREWELL', 'Auf Wiedersehen');\n$lang['menu'] = array('file' => 'Datei');\n",
	"resources/lang/en/messages.php": "<?php\n\nreturn [\n    'apples' => ':count apple|:count apples',\n" +
		"    'title' => 'Orchard',\n    'nested' => ['ok' => 'OK'],\n];\n",
	"resources/lang/de/messages.php": "<?php\n\nreturn [\n    'apples' => ':count Apfel|:count Äpfel',\n" +
		"    'title' => '',\n    'nested' => ['ok' => 'OK'],\n];\n",

	// INI: sections, a comment, an empty value, a continuation line; the German
	// file in UTF-8 with a byte-order mark.
	"ini/en.ini": "; Licence header\n[general]\ntitle = Traffic\n[text]\nup = Upload ; comment\nempty =\n" +
		"long = first\n  second\n",
	"ini/de.ini": "\ufeff[general]\ntitle = Verkehr\n[text]\nup = Hochladen\nlong =\n",

	// Joomla: KEY="value" without sections, "_QQ_" quotes.
	"language/en-GB/en-GB.com_demo.ini": "; Demo component\n\n; The button\nCOM_DEMO_SAVE=\"Save\"\n" +
		"COM_DEMO_QUOTE=\"Say \"_QQ_\"hi\"_QQ_\"\"\nCOM_DEMO_EMPTY=\n",
	"language/de-DE/de-DE.com_demo.ini": "COM_DEMO_SAVE=\"Speichern\"\nCOM_DEMO_QUOTE=\"\"\n",

	// mi18n lang files: Java properties in UTF-8.
	"lang/en-US.lang": "NATIVE_NAME = English (US)\n\naddOption = Add Option +\nhello = Hello ${name}\n",
	"lang/de-DE.lang": "NATIVE_NAME = Deutsch\n\naddOption = Option hinzufügen +\n",

	// gotext catalogues: a plural select, placeholders, an untranslated message.
	"locales/en-US/messages.gotext.json": `{"language": "en-US", "messages": [
  {"id": "Hello {City}!", "message": "Hello {City}!", "translation": "Hello {City}!",
   "placeholders": [{"id": "City", "string": "%[1]s", "type": "string"}]},
  {"id": "{N} files", "message": "{N} files", "translatorComment": "File count",
   "translation": {"select": {"feature": "plural", "arg": "N", "cases": {"one": {"msg": "One file"}, "other": {"msg": "{N} files"}}}}}
]}
`,
	"locales/de/messages.gotext.json": `{"language": "de", "messages": [
  {"id": "Hello {City}!", "message": "Hello {City}!", "translation": "Hallo {City}!",
   "placeholders": [{"id": "City", "string": "%[1]s", "type": "string"}]},
  {"id": "{N} files", "message": "{N} files", "translation": ""}
]}
`,

	// Inno Setup messages: %n is a line break.
	"setup/en.islu": "[LangOptions]\nLanguageName=English\n[Messages]\nSetupAppTitle=Setup\nWelcome=Welcome to%nSetup\n",
	"setup/de.islu": "[LangOptions]\nLanguageName=Deutsch\n[Messages]\nSetupAppTitle=Setup\nWelcome=Willkommen%nzum Setup\n",
}

// PHPConfig reads PHPFiles: project demo with components php, laravel, ini,
// islu, joomla, mi18n and gotext.
const PHPConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: PHP
        slug: php
        repo: REPO
        filemask: lang/*/messages.php
        template: lang/en/messages.php
        file_format: php
      - name: Laravel
        slug: laravel
        repo: REPO
        filemask: resources/lang/*/messages.php
        template: resources/lang/en/messages.php
        file_format: laravel
      - name: INI
        slug: ini
        repo: REPO
        filemask: ini/*.ini
        template: ini/en.ini
        file_format: ini
      - name: Setup
        slug: setup
        repo: REPO
        filemask: setup/*.islu
        template: setup/en.islu
        file_format: islu
      - name: Joomla
        slug: joomla
        repo: REPO
        filemask: language/*/*.com_demo.ini
        template: language/en-GB/en-GB.com_demo.ini
        file_format: joomla
      - name: mi18n
        slug: mi18n
        repo: REPO
        filemask: lang/*.lang
        template: lang/en-US.lang
        file_format: mi18n-lang
      - name: gotext
        slug: gotext
        repo: REPO
        filemask: locales/*/messages.gotext.json
        template: locales/en-US/messages.gotext.json
        file_format: gotext
`
