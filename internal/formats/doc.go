/*
Package formats reads translation files — Android resources, TBX, gettext PO and the
others in the registry — from bytes into units, each format carrying what Weblate
knows of it; it knows nothing of git or HTTP.

# What a format is

A format is a type implementing Format: Info says what Weblate knows of it (its
file_format ID and name, whether it is monolingual, how its plural forms are named,
which states it can express, its MIME type and extension, and how discovery finds
its files) and Parse turns a file's bytes into Units. Register adds it to the
registry, which is all the rest of gitlate reads: the configuration accepts every
registered ID, the scan engine decides from Info how to read a component (a
template and translations by key, or bilingual files), the API names downloads
from Info, and discovery finds files by each format's Detection.

Optional interfaces add what only some formats can do:

  - Streamer hands units over one at a time, so the statistics of a large file are
    counted without keeping its units (Android).
  - Writer writes units back as a file of the format (TBX: the source translation of
    a glossary, which has no file of its own).
  - PluralTagger orders plural forms named by category by a table of the format's
    own instead of the language's CLDR categories (Android).
  - MultiLanguage is a format whose one file holds every language of a component
    (Xcode's string catalog): Languages lists the languages the file holds and
    ParseLanguage reads one of them; Parse reads the source language, the file
    being its own template. Register sets Info.MultiLanguage, and Info.ParserFor
    hands out the reading of one language. Such a format is monolingual; its
    component's filemask is the file's path, without "*" (the configuration fills
    the template in with it), the scan makes a translation of each language the
    file holds, each translation's file (and download) is the whole file, and
    the change log walks each language of it as a file of its own, so that a
    commit changes the languages whose units it changed. Its Detection sets
    OneFile: discovery proposes each file as a component.

# Adding a format

A format is one file, format_name.go, plus its tests:

 1. Read how Weblate 4.18 reads it: its class in weblate/formats/ttkit.py (or
    convert.py, or base.py) and the translate-toolkit storage class it wraps
    (translate/storage/*.py, translate-toolkit 3.9). Note in the type's doc comment
    what you followed, and where translate-toolkit's behaviour is odd but kept.
 2. Declare a type and its Parse method. Parse gets the whole file; it must never
    panic, must bound its work and memory by the input's size, and must return an
    error naming the line for a file Weblate could not load. Units come in file
    order, with Key the unit's identity in the file (what Weblate takes as context
    for monolingual formats), Source and Target as Weblate stores them (already
    unescaped, plural forms in Target), and the flags the format has (Fuzzy,
    Approved, ReadOnly), Note, Location, Flags and Explanation where it has them.
 3. Register it with its Info in an init function:
    func init() { Register(Info{ID: "my-format", …}, myFormat{}) }.
    Its Detect says how `gitlate discover` finds its files (translation-finder's
    discovery class of the format, translation_finder/discovery/files.py): their
    extensions and the conventions of their paths, and, for formats whose files
    are named alike (a family, sharing one *Detection), how content tells them
    apart (Choose, and Roots for XML).
 4. Decode text with the shared helpers: DecodeText for byte-order marks and UTF-16,
    AppendUnicodeEscape for "\uXXXX" escapes with surrogate pairs joined. An
    XML-based format reads through the XML layer below, which enforces the
    entity-expansion budget every XML format must have.
 5. Tests beside it: a table test of Weblate's rules on small inputs written by hand
    (units, states, plurals, keys, escapes, what is not a unit); a differential test
    against translate-toolkit (ttk_test.go runs testdata/ttk_dump.py with Debian's
    python3-translate and compares every unit) on real files from public projects,
    trimmed, in testdata/ with their licence; a fuzz target (no panic, bounded
    output). Bump ParserVersion when an existing parser's output changes.

Nothing else in gitlate has to change for a new format: statistics, units, the
change log, downloads and discovery all follow from Info and the units Parse
returns.

# The XML layer

xmlscan.go and xmldtd.go are a purpose-built XML tokenizer: encoding/xml allocates
per token and tops out near 30 MB/s, translation files use a small regular subset of
XML, and a scanner handing out sub-slices of the input is several times faster.
Well-formedness follows libxml2 as lxml drives it for translate-toolkit, because a
file Weblate cannot load must not get statistics here either. The layer owns the
limits every XML document gets: one entity-expansion budget per document, shared by
every reference, and the decoding of the document's encoding.

Formats whose units are elements with children (XLIFF <trans-unit>, Qt
<message>, .NET <data>) read them through xmltree.go: xmlSubtree.read takes the
tokens of the element the scanner stands on, and answers what lxml gives
translate-toolkit — attr and xmlAttr for attribute values, child for lxml's find,
appendLeadingText for .text (the text before the first child node),
appendStringValue for XPath string(), xmlSpaceText for translate-toolkit's
getText with xml:space. getXMLReader hands out a pooled scanner and subtree.
Entity text these build is charged to the document's budget, and a format charges
its units' strings with unitText. XLIFF's inner markup as Weblate shows it
(translate-toolkit's placeables rewritten by lxml) is built by xliffrich.go, and
the flags Weblate reads from a unit's element (maxwidth, font, weblate-flags) by
xmlflags.go.
*/
package formats
