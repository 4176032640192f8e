#!/usr/bin/python3
"""Weblate 4.18 statistics of a monolingual JSON component, computed with
translate-toolkit: an independent check of the samples' hand-counted table.

Usage: ttk_json_stats.py DIR --filemask MASK --template TEMPLATE --format ID

Prints a JSON list, one object per translation (the template first, then the
matched files sorted by path), with the fields of ttk_stats.py (bench/corpora.TTKRow):
language_code_raw, code, filename, total, translated, readonly, total_words,
translated_words, total_chars, translated_chars. The code is the one in the path
(the samples' JSON codes are already canonical).

Rules (weblate/formats/ttkit.py JSONUnit and TTKitUnit):
* units are the template's store units but its header (ARB's "@@" metadata),
  blank ones included; a repeated id counts once, the first;
* a translation's unit is the one with the same id in its file (the last of a
  repeated id); it is translated when translate-toolkit's istranslated() is true;
* an empty template unit makes the unit read-only in the other translations;
* words and chars are the template's: len(form.split()) summed over the plural
  forms, and the code points of the forms joined with two separator characters.

Needs Debian's python3-translate: run with /usr/bin/python3.
"""
import argparse
import glob
import json
import os
import re

from translate.misc.multistring import multistring
from translate.storage import jsonl10n

CLASSES = {
    "json": "JsonFile",
    "json-nested": "JsonNestedFile",
    "i18next": "I18NextFile",
    "i18nextv4": "I18NextV4File",
    "webextension": "WebExtensionJsonFile",
    "arb": "ARBJsonFile",
    "go-i18n-json": "GoI18NJsonFile",
}


def forms(value):
    if value is None:
        return [""]
    if isinstance(value, multistring):
        return [str(s) for s in value.strings]
    return [str(value)]


def load(fmt, path, code):
    store = getattr(jsonl10n, CLASSES[fmt])()
    store.settargetlanguage(code)
    with open(path, "rb") as handle:
        store.parse(handle.read())
    return store


def row(raw, filename, states):
    return {
        "language_code_raw": raw,
        "code": raw,
        "filename": filename,
        "total": len(states),
        "translated": sum(1 for s, _w, _c in states if s >= 20),
        "readonly": sum(1 for s, _w, _c in states if s == 100),
        "total_words": sum(w for _s, w, _c in states),
        "translated_words": sum(w for s, w, _c in states if s >= 20),
        "total_chars": sum(c for _s, _w, c in states),
        "translated_chars": sum(c for s, _w, c in states if s >= 20),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--filemask", required=True)
    parser.add_argument("--template", required=True)
    parser.add_argument("--format", required=True)
    parser.add_argument("--source-language", default="en")
    args = parser.parse_args()

    template = load(args.format, os.path.join(args.dir, args.template), args.source_language)
    units, seen = [], set()
    for unit in template.units:
        if unit.isheader() or unit.getid() in seen:
            continue
        seen.add(unit.getid())
        source = forms(unit.target)
        words = sum(len(f.split()) for f in source)
        chars = len("\x1e\x1e".join(source))
        units.append((unit.getid(), unit.istranslated(), words, chars))

    rows = [row(args.source_language, args.template,
                [(20 if ok else 0, w, c) for _id, ok, w, c in units])]
    regex = re.compile("^" + "([^/]*)".join(re.escape(p) for p in args.filemask.split("*")) + "$")
    paths = sorted(os.path.relpath(p, args.dir) for p in glob.glob(os.path.join(args.dir, args.filemask)))
    for path in paths:
        if path == args.template:
            continue
        code = regex.match(path).group(1)
        store = load(args.format, os.path.join(args.dir, path), code)
        by_id = {u.getid(): u for u in store.units if not u.isheader()}
        states = []
        for ident, source_ok, words, chars in units:
            if not source_ok:
                state = 100
            else:
                unit = by_id.get(ident)
                state = 20 if unit is not None and unit.istranslated() else 0
            states.append((state, words, chars))
        rows.append(row(code, path, states))
    print(json.dumps(rows, ensure_ascii=False))


if __name__ == "__main__":
    main()
