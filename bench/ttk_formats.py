#!/usr/bin/python3
"""Weblate 4.18 statistics of one component of any of the formats of the `formats`
figure (bench/README.md), computed from its files with translate-toolkit: the
baseline of that figure, and an independent check of gitlate's numbers.

Usage:
  ttk_formats.py DIR --format ID --filemask MASK [--template TEMPLATE]
                 [--source-language CODE] [--shared DIR] [-o FILE]

DIR is the repository work tree; MASK and TEMPLATE are Weblate-style paths relative to
it. ID is a Weblate file_format id of the table below. --shared names the developers'
shared folder, whose bench/ttk_stats.py (the Android and TBX baseline) gives the file
matching and the language codes, so that both baselines pick the same files and
languages (default: the `shared` folder beside the repository).

Prints a JSON list in ttk_stats.py's layout, one object per translation: the source
translation first (the template's, or for a bilingual component a synthetic one with
filename "" holding the distinct units of every file, all read-only), then the files
the mask matches, sorted by path.

Rules (Weblate 4.18: weblate/formats/ttkit.py, weblate/trans/models/unit.py):
* Each file is read with the translate-toolkit class Weblate 4.18 uses for the format
  (README.md's Formats table), the language set on the store before parsing; only
  that class's module is imported (ttk_stats.py, imported for the file matching and
  the language codes, brings translate-toolkit's Android and TBX readers too).
* Monolingual: the units are the template's, a repeated key counted once (the first);
  a translation's unit is the unit of its file with the same key (the last, as
  Weblate's index by id). A template unit that is read-only or not translated makes
  the unit read-only in every translation; otherwise the unit is translated when
  translate-toolkit's istranslated() (KeyValueUnit's rule for properties and strings:
  a value and not fuzzy) holds for the translation's unit. In the template's own
  translation, a unit is translated when the template unit is.
* Bilingual: a file's units are its units with a source, keyed by (source, context),
  a repeated key counted once (an "xliff" unit's source and target with their inline
  markup written as XML, Weblate's RichXliffUnit; "plainxliff" the text only);
  XLIFF and TS units that are not translatable are
  read-only; a unit needing editing (PO fuzzy, XLIFF target state new/needs-*, TS
  unfinished) is not translated.
* A file translate-toolkit fails to read is skipped (Weblate loads no translation
  from it), and so does gitlate (a ParseError warning).
* Read-only units count as translated. words = sum over the source's plural forms of
  len(form.split()); chars = code points of the forms joined by "\\x1e\\x1e".

Needs Debian's python3-translate (translate-toolkit 3.8.4): run with /usr/bin/python3.
"""
import argparse
import contextlib
import json
import os
import sys

import importlib

HERE = os.path.dirname(os.path.abspath(__file__))

XLIFF_FUZZY_STATES = frozenset(("new", "needs-translation", "needs-adaptation", "needs-l10n"))


def key_value_translated(unit):
    # Weblate's KeyValueUnit (properties, strings): a value and not fuzzy.
    return bool(unit.value) and not unit.isfuzzy()


def translated(unit):
    return unit.istranslated()


def no_header(store):
    return [u for u in store.units if not u.isheader()]


def content(store):
    return [u for u in store.units if not u.isheader() and not u.isblank() and not u.isobsolete()]


def not_blank(store):
    return [u for u in store.units if not u.isblank()]


def every(store):
    return list(store.units)


def store_class(module, name, encoding=None):
    """A factory of translate-toolkit's store class name of translate.storage.module,
    imported when first used: the baseline imports only the reader of its format."""
    def make():
        store = getattr(importlib.import_module("translate.storage." + module), name)()
        if encoding:
            store.encoding = encoding
        return store
    return make


# Monolingual formats: (store factory, units of a store, translated rule).
MONOLINGUAL = {
    "resx": (store_class("resx", "RESXFile"), content, translated),
    "stringsdict": (store_class("stringsdict", "StringsDictFile"), every, translated),
    "json": (store_class("jsonl10n", "JsonFile"), no_header, translated),
    "json-nested": (store_class("jsonl10n", "JsonNestedFile"), no_header, translated),
    "webextension": (store_class("jsonl10n", "WebExtensionJsonFile"), no_header, translated),
    "arb": (store_class("jsonl10n", "ARBJsonFile"), no_header, translated),
    "go-i18n-json": (store_class("jsonl10n", "GoI18NJsonFile"), no_header, translated),
    "i18next": (store_class("jsonl10n", "I18NextFile"), no_header, translated),
    "properties": (store_class("properties", "javafile", "iso-8859-1"), not_blank, key_value_translated),
    "properties-utf8": (store_class("properties", "javautf8file"), not_blank, key_value_translated),
    "properties-utf16": (store_class("properties", "javafile", "utf-16"), not_blank, key_value_translated),
    "strings": (store_class("properties", "stringsfile"), not_blank, key_value_translated),
    "strings-utf8": (store_class("properties", "stringsutf8file"), not_blank, key_value_translated),
    "ruby-yaml": (store_class("yaml", "RubyYAMLFile"), every, translated),  # needs ruamel.yaml
    "yaml": (store_class("yaml", "YAMLFile"), every, translated),
}

BILINGUAL = ("po", "xliff", "plainxliff", "ts")


def load(make, path, lang, source_language):
    store = make()
    store.settargetlanguage(lang)
    store.setsourcelanguage(source_language)
    with open(path, "rb") as handle:
        store.parse(handle.read())
    return store


def monolingual(ts, fmt, root, mask, template, source_language, langs):
    make, units_of, is_translated = MONOLINGUAL[fmt]
    tstore = load(make, os.path.join(root, template), source_language, source_language)
    units = []  # (key, locked, template state, words, chars)
    seen = set()
    for unit in units_of(tstore):
        key = unit.getid()
        if key in seen:
            continue
        seen.add(key)
        words, chars = ts.source_counts(ts.as_forms(unit.target))
        if not unit.istranslatable():
            state = 100
        else:
            state = 20 if is_translated(unit) else 0
        units.append((key, state, words, chars))
    results = [ts.entry(source_language, source_language, template,
                        [(state, w, c) for _k, state, w, c in units])]
    taken = {source_language: template}
    for path, raw in ts.mask_matches(root, mask, template):
        code = langs.auto_get_or_create(ts.language_alias(raw, source_language))
        if code in taken:
            continue
        try:
            store = load(make, os.path.join(root, path), raw, source_language)
        except Exception as exc:  # Weblate loads no translation from a broken file
            print(f"ttk_formats.py: {path}: skipped: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        taken[code] = path
        by_key = {unit.getid(): unit for unit in units_of(store)}
        states = []
        for key, tstate, words, chars in units:
            if tstate != 20:
                state = 100
            else:
                unit = by_key.get(key)
                state = 20 if unit is not None and is_translated(unit) else 0
            states.append((state, words, chars))
        results.append(ts.entry(raw, code, path, states))
    return results


def po_units(store):
    for unit in content(store):
        fuzzy = unit.isfuzzy()
        yield unit.source, unit.getcontext(), False, unit.istranslated() and not fuzzy


def rich_source(unit):
    """The source of Weblate's RichXliffUnit (the "xliff" format): the inline markup
    kept, written as XML (weblate/trans/util.py, rich_to_xliff_string), so that two
    units whose texts differ only in markup are two units."""
    return rich_text(unit.rich_source)


def rich_text(elems):
    from lxml import etree
    from translate.storage.placeables.lisa import strelem_to_xml

    holder = etree.Element("w")
    for elem in elems:
        strelem_to_xml(holder, elem)
    for child in holder.iterchildren():
        if isinstance(child.tag, str):
            child.tag = etree.QName(child).localname
    etree.cleanup_namespaces(holder)
    return etree.tostring(holder, encoding="unicode")[len("<w>"):-len("</w>")]


def xliff_units(store, rich):
    for unit in store.units:
        if unit.isheader() or unit.isobsolete():
            continue
        source = rich_source(unit) if rich else (unit.source or "")
        if source == "":
            continue
        if unit.target is None:
            target = ""
        elif rich:
            target = rich_text(unit.rich_target)
        else:
            target = unit.target
        node = unit.getlanguageNode(lang=None, index=1)
        state = None if node is None else node.get("state")
        fuzzy = target != "" and state in XLIFF_FUZZY_STATES
        context = unit.xmlelement.get("resname") or unit.getid().replace(ID_SEPARATOR, "///")
        yield source, context, not unit.istranslatable(), target != "" and not fuzzy


def ts_units(store):
    for unit in content(store):
        source = unit.source
        if unit.hasplural():
            source = [source.replace("(s)", ""), source.replace("(s)", "s")]
        done = unit.istranslated() or not unit.isreview()
        yield source, unit.getcontext(), not unit.istranslatable(), done and not unit.isfuzzy()


# translate-toolkit's separator of the parts of an XLIFF unit's id (xliff.ID_SEPARATOR).
ID_SEPARATOR = "\x04"

BILINGUAL_STORES = {
    "po": (store_class("pypo", "pofile"), po_units),
    "xliff": (store_class("xliff", "xlifffile"), lambda store: xliff_units(store, True)),
    "plainxliff": (store_class("xliff", "xlifffile"), lambda store: xliff_units(store, False)),
    "ts": (store_class("ts2", "tsfile"), ts_units),
}


def bilingual(ts, fmt, root, mask, source_language, langs):
    make, units_of = BILINGUAL_STORES[fmt]
    results = []
    source_units = {}
    taken = {source_language: ""}
    for path, raw in ts.mask_matches(root, mask):
        code = langs.auto_get_or_create(ts.language_alias(raw, source_language))
        if code in taken:
            continue
        try:
            store = load(make, os.path.join(root, path), raw, source_language)
        except Exception as exc:  # Weblate loads no translation from a broken file
            print(f"ttk_formats.py: {path}: skipped: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        taken[code] = path
        seen = set()
        states = []
        for source, context, readonly, done in units_of(store):
            forms = source if isinstance(source, list) else ts.as_forms(source)
            key = (ts.PLURAL_SEPARATOR.join(forms), context or "")
            if key in seen:
                continue
            seen.add(key)
            words, chars = ts.source_counts(forms)
            source_units.setdefault(key, (words, chars))
            states.append((100 if readonly else (20 if done else 0), words, chars))
        results.append(ts.entry(raw, code, path, states))
    source = ts.entry(source_language, source_language, "", [(100, w, c) for w, c in source_units.values()])
    return [source] + results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir")
    parser.add_argument("--format", required=True, choices=sorted(set(MONOLINGUAL) | set(BILINGUAL)))
    parser.add_argument("--filemask", required=True)
    parser.add_argument("--template", default="")
    parser.add_argument("--source-language", default="en")
    parser.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    parser.add_argument("-o", "--output")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.path.join(args.shared, "bench"))
    import ttk_stats as ts  # noqa: E402  (file matching, language codes, counts)

    langs = ts.Languages()
    real_stdout = sys.stdout
    # translate-toolkit 3.8.4 prints debug lines while reading some plurals.
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        if args.format in MONOLINGUAL:
            if not args.template:
                parser.error(f"{args.format} is monolingual: --template is needed")
            results = monolingual(ts, args.format, args.dir, args.filemask, args.template,
                                  args.source_language, langs)
        else:
            results = bilingual(ts, args.format, args.dir, args.filemask, args.source_language, langs)
    text = json.dumps(results, ensure_ascii=False, indent=1) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        real_stdout.write(text)


if __name__ == "__main__":
    main()
