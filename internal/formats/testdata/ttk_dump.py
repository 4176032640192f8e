#!/usr/bin/python3
"""Dump what translate-toolkit reads from Android, TBX, PO, properties, strings,
YAML and JSON files, as JSON.

The formats package's differential test runs this with Debian's python3-translate
(translate-toolkit 3.8.4) and compares every unit with the Go parsers. Weblate 4.18
uses translate-toolkit 3.9.2, whose aresource.py differs from 3.8.4's only in
AndroidResourceUnit.unescape and whose tbx.py only in how notes are filtered by
origin: those functions are taken from 3.9.2 (ttk39/, trimmed copies under the
GPL, see ttk39/COPYING) and put in place of the installed ones.

stdin: a JSON list of requests, each one of
  {"format": "aresource", "path": P, "lang": CODE}   (CODE as Weblate passes it)
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
stdout: a JSON list with one result per request: {"units": [...]} or {"error": MSG}
(unescape: {"value": V} or {"error": MSG}).
"""
import contextlib
import json
import os
import sys

from translate.misc.multistring import multistring
from translate.storage import aresource, base, jsonl10n, properties, pypo, tbx

try:  # translate.storage.yaml needs ruamel.yaml (Debian: python3-ruamel.yaml)
    from translate.storage import yaml as ttkyaml
except ImportError:
    ttkyaml = None

sys.dont_write_bytecode = True  # nothing is written into testdata
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ttk39"))
from aresource_unescape import unescape as unescape_392  # noqa: E402
from tbx_notes import _get_origin_element, _getnotelist  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ttk_xmlformats  # noqa: E402

aresource.AndroidResourceUnit.unescape = staticmethod(unescape_392)
tbx.tbxunit._get_origin_element = _get_origin_element
tbx.tbxunit._getnotelist = _getnotelist


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


def android(data, lang):
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
    return {"units": units}


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


def placeholders_flag(placeholders):
    """Weblate's PlaceholdersJSONUnit.flags, with Flags.format_value's quoting."""
    if not placeholders:
        return ""
    suffix = ""
    if isinstance(placeholders, list):
        ids = [f"{{{p['id']}}}" for p in placeholders if isinstance(p, dict) and "id" in p]
    else:
        ids = [f"${key.upper()}$" for key in placeholders]
        suffix = ",case-insensitive"

    def fmt(value):
        if any(c in value for c in {",", ":", '"', "'", "\\"}):
            return json.dumps(value, ensure_ascii=False)
        return value

    return "placeholders:{}{}".format(":".join(fmt(i) for i in ids), suffix)


def go_i18n_v2(data):
    """translate-toolkit 3.9's GoI18NV2JsonFile, which 3.8.4 lacks: the same rule
    (a string, or an object of CLDR plural forms and a description) applied with
    3.8.4's units."""
    store = jsonl10n.JsonFile()
    parsed = json.loads(store.detect_encoding(data)[0] or "")
    for key, value in parsed.items():
        if isinstance(value, str):
            unit = jsonl10n.GoI18NJsonUnit(value, key)
        else:
            forms = [value.get(c) for c in jsonl10n.cldr_plural_categories if c in value]
            unit = jsonl10n.GoI18NJsonUnit(multistring(forms), key, value.get("description", ""))
        unit.setid(key)
        store.addunit(unit)
    return store


def json_units(cls, data, lang):
    if cls == "GoI18NV2JsonFile" and not hasattr(jsonl10n, cls):
        store = go_i18n_v2(data)
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
            return {"value": clean(aresource.AndroidResourceUnit.unescape(req["text"], req["strip"]))}
        if kind in ("aresource-bytes", "tbx-bytes"):
            if req.get("binary"):
                data = req["data"].encode("latin-1")
            else:
                data = req["data"].encode("utf-8", "surrogateescape")
            if kind == "aresource-bytes":
                return android(data, req["lang"])
            return tbx_units(data)
        if kind == "po-bytes":
            return po_units(req["data"].encode("latin-1"))
        if kind == "json-bytes":
            return json_units(req["class"], req["data"].encode("latin-1"), req.get("lang", "en"))
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
            return android(data, req["lang"])
        if kind == "tbx":
            return tbx_units(data)
        return {"error": "unknown format " + kind}
    except Exception as exc:  # the Go side only needs to know that it failed
        return {"error": f"{type(exc).__name__}: {exc}"}


def main():
    requests = json.load(sys.stdin)
    real_stdout = sys.stdout
    # translate-toolkit 3.8.4 prints debug lines whenever a plural is read.
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        results = [handle(req) for req in requests]
    real_stdout.write(json.dumps(results, ensure_ascii=False))


if __name__ == "__main__":
    main()
