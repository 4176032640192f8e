package testutil

// CSVTextFiles holds a component of monolingual gettext PO and of each CSV
// format: a po-mono template with a context, a comment, a plural and an empty
// text, and its German translation (one string fuzzy); CSV with Weblate's
// header (location, context, fuzzy, comments, a formula-escaped text), the
// same strings without a header in a semicolon dialect, and UTF-16; Simple CSV
// and Simple CSV in ISO-8859-1.
var CSVTextFiles = map[string]string{
	"po/en.po": "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n" +
		"#. Shown on start\nmsgid \"hello\"\nmsgstr \"Hello world\"\n\n" +
		"msgctxt \"menu\"\nmsgid \"open\"\nmsgstr \"Open file\"\n\n" +
		"msgid \"apples\"\nmsgid_plural \"apples_plural\"\nmsgstr[0] \"One apple\"\nmsgstr[1] \"%d apples\"\n\n" +
		"msgid \"empty\"\nmsgstr \"\"\n",
	"po/de.po": "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n" +
		"msgid \"hello\"\nmsgstr \"Hallo Welt\"\n\n" +
		"#, fuzzy\nmsgctxt \"menu\"\nmsgid \"open\"\nmsgstr \"Datei öffnen\"\n\n" +
		"msgid \"apples\"\nmsgid_plural \"apples_plural\"\nmsgstr[0] \"Ein Apfel\"\nmsgstr[1] \"\"\n",

	"csv/de.csv": "\"location\",\"source\",\"target\",\"id\",\"fuzzy\",\"context\",\"translator_comments\",\"developer_comments\"\n" +
		"\"main.c:1\",\"Hello\",\"Hallo\",\"\",\"False\",\"greeting\",\"\",\"Shown first\"\n" +
		"\"main.c:2\",\"Bye\",\"Tschüss\",\"\",\"True\",\"farewell\",\"checked?\",\"\"\n" +
		"\"main.c:3\",\"'=1+2'\",\"\",\"\",\"False\",\"sum\",\"\",\"\"\n",
	"csv/fr.csv": "main.c:1;Hello;Bonjour\nmain.c:2;Bye;\n",
	"csv/ja.csv": UTF16("source,target,context\nHello,こんにちは,greeting\n", false, true),

	"simple/de.csv": "\"Hello\",\"Hallo\"\n\"Good bye\",\"\"\n\"Line\none\",\"Zeile\neins\"\n",
	"iso/fr.csv":    "\"Caf\xe9\",\"Caf\xe9 cr\xe8me\"\n\"Tea\",\"\"\n",

	// Subtitles: cues keyed by their times (SubRip) or frames (MicroDVD); a cue
	// with no text, or none at the template's times, is untranslated.
	"srt/en.srt": "1\n00:00:01,000 --> 00:00:03,500\nHello world\n\n2\n00:00:04,000 --> 00:00:05,000\nGood bye\n",
	"srt/cs.srt": "1\r\n00:00:01,000 --> 00:00:03,500\r\nAhoj světe\r\n\r\n2\r\n00:00:04,000 --> 00:00:05,000\r\n\r\n",
	"sub/en.sub": "{1}{25}Hi|there\n{30}{60}Bye\n",
	"sub/de.sub": "{1}{25}Hallo|da\n{31}{60}Tschüss\n",
}

// CSVTextConfig reads CSVTextFiles: project demo with components pomono,
// csv, simple, iso, srt and sub.
const CSVTextConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: PoMono
        slug: pomono
        repo: REPO
        filemask: po/*.po
        template: po/en.po
        file_format: po-mono
      - name: CSV
        slug: csv
        repo: REPO
        filemask: csv/*.csv
        file_format: csv
      - name: Simple
        slug: simple
        repo: REPO
        filemask: simple/*.csv
        file_format: csv-simple
      - name: ISO
        slug: iso
        repo: REPO
        filemask: iso/*.csv
        file_format: csv-simple-iso
      - name: SRT
        slug: srt
        repo: REPO
        filemask: srt/*.srt
        template: srt/en.srt
        file_format: srt
      - name: SUB
        slug: sub
        repo: REPO
        filemask: sub/*.sub
        template: sub/en.sub
        file_format: sub
`
