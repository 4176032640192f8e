#!/usr/bin/python3
"""Dump what translate-toolkit reads from Android, TBX, PO, properties, strings,
YAML and JSON files, as JSON.

The formats package's differential tests run this with Debian's python3-translate
(translate-toolkit 3.8.4). Weblate 4.18 uses translate-toolkit 3.9.2, which reads
Android white space and TBX notes differently; nothing of 3.9.2 is run here: the
Go side of the tests (ttk392_test.go) accounts for those two differences, using
what this script reports besides the units (the texts handed to the Android
unescaping, and every TBX <note> with its "from" attribute).

stdin: a JSON list of requests, each one of
  {"format": "aresource", "path": P, "lang": CODE}   (CODE as Weblate passes it)
  (aresource and aresource-bytes also take "substitutes": [[TEXT, STRIP, NEW], ...]:
   whenever translate-toolkit unescapes TEXT with STRIP, it is handed NEW instead;
   their results list "unescape_calls": [[TEXT, STRIP], ...], every distinct call made)
  {"format": "tbx", "path": P}
  {"format": "unescape", "text": T, "strip": BOOL}
  {"format": "aresource-bytes", "data": TEXT, "lang": CODE}   (file content inline)
  {"format": "tbx-bytes", "data": TEXT}
  (with "binary": true, TEXT's characters U+0000-U+00FF are the file's bytes, for files
  that are not UTF-8)
  {"format": "po-bytes", "data": TEXT}   (TEXT's characters U+0000-U+00FF are the file's bytes)
  {"format": "properties"|"properties-utf8"|"properties-utf16"|"strings"|"strings-utf8",
   "path": P or "data": TEXT (bytes as for po-bytes)}   (Weblate's file_format ids)
  {"format": "yaml"|"ruby-yaml", "path": P or "data": TEXT (bytes as for po-bytes)}
  {"format": "json-bytes", "class": NAME, "data": TEXT, "lang": CODE}
      (NAME a jsonl10n store class, TEXT as for po-bytes, CODE the file's language)
  {"format": "xliff"|"plainxliff"|"ts"|"resx"|"stringsdict", "path": P or "data": TEXT
   (bytes as for po-bytes), "lang": CODE (stringsdict)}   (see ttk_xmlformats.py)
  {"format": KIND, "path": P or "data": TEXT (bytes as for po-bytes), ...} for a KIND
   of a ttk_fmt_*.py module beside this script (see MORE below)
stdout: a JSON list with one result per request: {"units": [...]} or {"error": MSG}
(unescape: {"value": V} or {"error": MSG}).

With --serve, it answers many such lists, one a line: each line of stdin is a
JSON list of requests, answered by one line of stdout (the tests keep one
process for many batches rather than paying translate-toolkit's start-up each
time).
"""
import contextlib
import json
import os
import sys

from translate.misc.multistring import multistring
from translate.misc.xml_helpers import getXMLspace
from translate.storage import aresource, jsonl10n, lisa, properties, pypo, tbx

try:  # translate.storage.yaml needs ruamel.yaml (Debian: python3-ruamel.yaml)
    from translate.storage import yaml as ttkyaml
except ImportError:
    ttkyaml = None

sys.dont_write_bytecode = True  # nothing is written into testdata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ttk_xmlformats  # noqa: E402

# Formats added side by side each bring a module of their own, ttk_fmt_NAME.py
# beside this script, defining KINDS (the "format" values it answers) and
# handle(kind, data, req) returning {"units": [...]} for the file's bytes.
MORE = {}
for _name in sorted(os.listdir(os.path.dirname(os.path.abspath(__file__)))):
    if _name.startswith("ttk_fmt_") and _name.endswith(".py"):
        _module = __import__(_name[:-3])
        for _kind in _module.KINDS:
            MORE[_kind] = _module


class UnescapeHook:
    """Stands between AndroidResourceUnit and translate-toolkit's own unescape:
    notes every (text, strip) it is asked for and, for those the caller listed,
    passes a replacement text on instead. The rules for the replacements live in
    the Go tests; this only carries them."""

    def __init__(self, original):
        self.original = original
        self.calls = {}
        self.substitutes = {}

    def __call__(self, text, strip=True):
        self.calls.setdefault((text, strip), None)
        return self.original(self.substitutes.get((text, strip), text), strip)

    def start(self, substitutes):
        self.calls = {}
        self.substitutes = {(text, strip): new for text, strip, new in substitutes or ()}

    def report(self):
        return [[text, strip] for text, strip in self.calls if text is not None]


unescape_hook = UnescapeHook(aresource.AndroidResourceUnit.unescape)
aresource.AndroidResourceUnit.unescape = staticmethod(unescape_hook)


def clean(text):
    # Python strings can hold lone surrogates (from \\uD800); Weblate's stats script
    # turns them into U+FFFD, and so does Go.
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def forms(value):
    if value is None:
        return None
    if isinstance(value, multistring):
        return [clean(str(s)) for s in value.strings]
    return [clean(str(value))]


def content_units(store):
    return [u for u in store.units if not u.isheader() and not u.isblank() and not u.isobsolete()]


def android(data, lang, substitutes=None):
    unescape_hook.start(substitutes)
    store = aresource.AndroidResourceFile()
    store.settargetlanguage(lang)
    store.setsourcelanguage("en")
    store.parse(data)
    units = []
    for unit in content_units(store):
        plural = unit.xmlelement.tag == "plurals"
        units.append({
            "key": unit.getid(),
            "target": forms(unit.target),
            "plural": plural,
            "tags": list(unit.get_plural_tags()) if plural else None,
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
        })
    return {"units": units, "unescape_calls": unescape_hook.report()}


def raw_tbx_notes(unit):
    """Each <note> below the term entry, in document order, as [from attribute or
    None, text]; the text read with lisa.getText under the entry's xml:space, as
    tbxunit reads notes in both 3.8.4 and 3.9.2."""
    space = getXMLspace(unit.xmlelement, unit._default_xml_space)
    return [[node.get("from"), clean(lisa.getText(node, space))]
            for node in unit.xmlelement.iterdescendants(unit.namespaced("note"))]


def tbx_units(data):
    store = tbx.tbxfile()
    store.parse(data)
    units = []
    for unit in content_units(store):
        units.append({
            "key": unit.xmlelement.get("id") or "",
            "source": forms(unit.source),
            "target": forms(unit.target),
            "pos": clean(unit.getnotes("pos")),
            "definition": clean(unit.getnotes("definition")),
            "developer": clean(unit.getnotes("developer")),
            "translator": clean(unit.getnotes("translator")),
            "notes": raw_tbx_notes(unit),
        })
    return {"units": units}


def po_units(data):
    store = pypo.pofile()
    store.parse(data)
    units = []
    for unit in content_units(store):
        units.append({
            "key": clean(unit.getcontext()),
            "source": forms(unit.source),
            "target": forms(unit.target),
            "plural": unit.hasplural(),
            "fuzzy": unit.isfuzzy(),
            "note": clean(unit.getnotes()),
        })
    return {"units": units}


# Weblate 4.18's store class for each file_format id (weblate/formats/ttkit.py) and the
# encoding it forces on the store before parsing (force_encoding), if any.
PROPERTIES_CLASSES = {
    "properties": (properties.javafile, "iso-8859-1"),
    "properties-utf8": (properties.javautf8file, None),
    "properties-utf16": (properties.javafile, "utf-16"),
    "strings": (properties.stringsfile, None),
    "strings-utf8": (properties.stringsutf8file, None),
}


def properties_units(kind, data):
    cls, encoding = PROPERTIES_CLASSES[kind]
    store = cls()
    if encoding:
        store.encoding = encoding
    store.parse(data)
    # PropertiesBaseFormat.is_valid: Weblate refuses a file whose first unit has no
    # delimiter.
    if store.units and not store.units[0].delimiter:
        raise ValueError("first unit has no delimiter")
    units = []
    for unit in store.units:
        if unit.isblank():
            continue
        units.append({
            "key": clean(unit.getid()),
            # PropertiesUnit: source (template) and target are both unit.source.
            "target": [clean(unit.source)],
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
            # KeyValueUnit.is_translated: not fuzzy and the raw value is not empty.
            "translated": bool(unit.value) and not unit.isfuzzy(),
        })
    return {"units": units}


def yaml_units(kind, data):
    if ttkyaml is None:
        return {"error": "ImportError: ruamel.yaml is not installed"}
    store = ttkyaml.RubyYAMLFile() if kind == "ruby-yaml" else ttkyaml.YAMLFile()
    store.parse(data)
    units = []
    for unit in store.units:
        target = forms(unit.target)
        units.append({
            "key": clean(unit.getid()),
            "target": target,
            # Weblate's unit is plural when its text joins several strings.
            "plural": len(target) > 1,
            "translated": unit.istranslated(),
        })
    return {"units": units}


def weblate_text(value):
    """weblate.trans.util.get_string: what Weblate stores of a unit's target."""
    if value is None:
        return [""]
    if isinstance(value, multistring):
        return [clean(str(s)) for s in value.strings]
    return [clean(str(value))]


# Characters Weblate's flag syntax reserves (weblate/checks/parser.py, SYNTAXCHARS).
FLAG_RESERVED = frozenset(",:\"'\\")


def placeholders_flag(placeholders):
    """The flag Weblate 4.18 gives a JSON unit that declares placeholders
    (weblate/formats/ttkit.py, PlaceholdersJSONUnit.flags): a list (go-i18n, ARB)
    names each entry by its id between braces, a mapping (WebExtension) each key
    upper-cased between dollar signs and then adds case-insensitive. The names are
    joined with colons, each written as a JSON string when it holds a reserved
    character. No placeholders, no flag."""
    if not placeholders:
        return ""
    if isinstance(placeholders, list):
        names = ["{%s}" % entry["id"] for entry in placeholders if isinstance(entry, dict) and "id" in entry]
        tail = ""
    else:
        names = ["$%s$" % name.upper() for name in placeholders]
        tail = ",case-insensitive"
    written = [json.dumps(n, ensure_ascii=False) if FLAG_RESERVED.intersection(n) else n for n in names]
    return "placeholders:" + ":".join(written) + tail


class GoI18NV2AsV1(jsonl10n.GoI18NJsonFile):
    """go-i18n v2 files through 3.8.4's go-i18n v1 reader.

    3.8.4 has no GoI18NV2JsonFile; 3.9.2 added it (translate/storage/jsonl10n.py,
    "json: Add support for go-i18n v2"). Both versions of go-i18n hold the same
    things per message, only laid out differently: v1 is a list of {"id",
    "description", "translation"} objects whose translation is a string or an object
    of CLDR plural forms; v2 is one object keyed by message id whose value is the
    string itself, or an object holding the plural forms and the description side
    by side. 3.9.2 reads v2 with v1's rule (a string is the text; the CLDR forms
    present, in CLDR order, are the plural text; the description is the note), so
    each v2 entry is laid out as a v1 entry and handed to the v1 reader. A value
    that is neither a string nor an object is refused, as 3.9.2 fails on it too."""

    def _extract_units(self, data, **kwargs):
        if not isinstance(data, dict):
            raise TypeError("go-i18n v2: the document is not an object")
        entries = []
        for key, value in data.items():
            if isinstance(value, str):
                entries.append({"id": key, "translation": value})
            elif isinstance(value, dict):
                entries.append({"id": key, "translation": value, "description": value.get("description", "")})
            else:
                raise TypeError(f"go-i18n v2: {key!r} is neither a string nor an object")
        return super()._extract_units(entries, **kwargs)


def json_units(cls, data, lang):
    if cls == "GoI18NV2JsonFile" and not hasattr(jsonl10n, cls):
        store = GoI18NV2AsV1()
    else:
        store = getattr(jsonl10n, cls)()
    # Weblate sets the file's language before parsing (i18next v4 reads the
    # plural forms of that language).
    store.settargetlanguage(lang)
    store.parse(data)
    units = []
    for unit in store.units:
        ident = unit.getid()
        notes = unit.getnotes()
        units.append({
            "key": clean(ident) if isinstance(ident, str) else None,
            "target": weblate_text(unit.target),
            "translated": bool(unit.istranslated()),
            "header": bool(unit.isheader()),
            "note": clean(str(notes)) if notes else "",
            "flags": clean(placeholders_flag(getattr(unit, "placeholders", None))),
        })
    return {"units": units}


def handle(req):
    try:
        kind = req["format"]
        if kind == "unescape":
            return {"value": clean(unescape_hook.original(req["text"], req["strip"]))}
        if kind in ("aresource-bytes", "tbx-bytes"):
            if req.get("binary"):
                data = req["data"].encode("latin-1")
            else:
                data = req["data"].encode("utf-8", "surrogateescape")
            if kind == "aresource-bytes":
                return android(data, req["lang"], req.get("substitutes"))
            return tbx_units(data)
        if kind == "po-bytes":
            return po_units(req["data"].encode("latin-1"))
        if kind == "json-bytes":
            return json_units(req["class"], req["data"].encode("latin-1"), req.get("lang", "en"))
        if kind in MORE:
            if "path" in req:
                with open(req["path"], "rb") as handle:
                    data = handle.read()
            else:
                data = req.get("data", "").encode("latin-1")
            return MORE[kind].handle(kind, data, req)
        if kind in ttk_xmlformats.KINDS:
            if "path" in req:
                with open(req["path"], "rb") as handle:
                    data = handle.read()
            else:
                data = req.get("data", "").encode("latin-1")
            return ttk_xmlformats.handle(kind, data, req.get("lang"))
        if kind in PROPERTIES_CLASSES or kind in ("yaml", "ruby-yaml"):
            if "path" in req:
                with open(req["path"], "rb") as handle:
                    data = handle.read()
            else:
                data = req.get("data", "").encode("latin-1")
            if kind in PROPERTIES_CLASSES:
                return properties_units(kind, data)
            return yaml_units(kind, data)
        with open(req["path"], "rb") as handle:
            data = handle.read()
        if kind == "aresource":
            return android(data, req["lang"], req.get("substitutes"))
        if kind == "tbx":
            return tbx_units(data)
        return {"error": "unknown format " + kind}
    except Exception as exc:  # the Go side only needs to know that it failed
        return {"error": f"{type(exc).__name__}: {exc}"}


def answer(requests):
    # translate-toolkit 3.8.4 prints debug lines whenever a plural is read.
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        results = [handle(req) for req in requests]
    return json.dumps(results, ensure_ascii=False)


def main():
    if sys.argv[1:] == ["--serve"]:
        for line in sys.stdin:
            if line.strip():
                sys.stdout.write(answer(json.loads(line)) + "\n")
                sys.stdout.flush()
        return
    sys.stdout.write(answer(json.load(sys.stdin)))


if __name__ == "__main__":
    main()
