#!/usr/bin/python3
"""Reference export through translate-toolkit, for export's tests.

Builds a file the way Weblate 4.18's exporters (weblate/formats/exporters.py) drive
translate-toolkit: the same storage classes, the same calls in the same order,
with the PO header's clock and version fixed so the output is reproducible.
Reads one JSON document on stdin, writes the file's bytes to stdout.
"""

import json
import sys
import time

import translate.__version__
from translate.misc.multistring import multistring
from translate.storage import poheader
from translate.storage.csvl10n import csvfile
from translate.storage.jsonl10n import JsonFile
from translate.storage.mo import mofile
from translate.storage.placeables.lisa import parse_xliff
from translate.storage.po import pofile
from translate.storage.poxliff import PoXliffFile, PoXliffUnit
from translate.storage.tbx import tbxfile
from translate.storage.tmx import tmxfile
from translate.storage.xliff import xlifffile

doc = json.load(sys.stdin)


class FixedClock:
    """Stands in for the time module in translate.storage.poheader."""

    struct_time = time.struct_time
    daylight = 0
    timezone = 0
    altzone = 0
    gmtime = staticmethod(time.gmtime)

    @staticmethod
    def strftime(fmt, *args):
        return doc["now"][: len("YYYY-MM-DD HH:MM")]


if translate.__version__.ver < (3, 9):
    # Weblate 4.18 runs translate-toolkit 3.9, whose PoXliffUnit reads a missing
    # target as "" (3.8 gave None, printed "None" in a multistring).
    def gettarget(self, lang=None):
        if self.hasplural():
            strings = [unit.target or "" for unit in self.units]
            return multistring(strings) if strings else None
        return super(PoXliffUnit, self).gettarget(lang)

    PoXliffUnit.gettarget = gettarget

poheader.time = FixedClock
poheader.tzstring = lambda: doc["now"][len("YYYY-MM-DD HH:MM") :]
poheader.poheader.x_generator = "Translate Toolkit " + doc["ttk_version"]
translate.__version__.sver = doc["ttk_version"]

fmt = doc["format"]
lang = doc["language"]
src = doc["source_language"]

# Control characters XML cannot hold, as the XML exporters strip them.
XML_STRIP = dict.fromkeys(
    [x for x in range(32) if x not in (9, 10, 13)] + [0xFFFE, 0xFFFF] + list(range(0xD800, 0xE000))
)


def text_filter(text):
    if fmt in ("xliff", "xliff11", "tbx", "tmx"):
        return text.translate(XML_STRIP)
    if fmt == "csv" and text and text[0] in "=+-@|%":
        return "'{}'".format(text.replace("|", "\\|"))
    return text


def plurals(forms):
    if len(forms) == 1:
        return text_filter(forms[0])
    return multistring([text_filter(f) for f in forms])


def targets(u):
    forms = list(u["target"])
    if len(u["source"]) > 1:
        forms = (forms + [""] * lang["nplurals"])[: lang["nplurals"]]
    return forms


def header(store):
    store.updateheader(
        add=True,
        language=lang["code"],
        x_generator=doc["generator"],
        project_id_version="%s (%s)" % (lang["name"], doc["project_name"]),
        plural_forms="nplurals=%d; plural=%s;" % (lang["nplurals"], lang["formula"]),
        language_team="%s <%s>" % (lang["name"], doc["url"]),
    )


if fmt == "po":
    store = pofile()
    header(store)
elif fmt == "mo":
    store = mofile()
    header(store)
elif fmt == "csv":
    store = csvfile(fieldnames=None)
elif fmt == "json":
    store = JsonFile()
else:
    cls = {"xliff": PoXliffFile, "xliff11": xlifffile, "tbx": tbxfile, "tmx": tmxfile}[fmt]
    store = cls(sourcelanguage=src, targetlanguage=lang["code"])
store.setsourcelanguage(src)
store.settargetlanguage(lang["code"])

for u in doc["units"]:
    state = u["state"]
    if fmt == "mo":
        if state < 20:
            continue
        out = store.UnitClass(plurals(u["source"]))
        out.target = plurals(targets(u))
        if u["context"]:
            out.setcontext(u["context"])
        store.addunit(out)
        continue
    if fmt == "json":
        out = store.UnitClass(u["context"])
        out.setid(u["context"])
    else:
        out = store.UnitClass(plurals(u["source"]))
        if hasattr(out, "setsource"):
            out.setsource(out.source, sourcelang=src)
    if fmt in ("xliff", "xliff11", "tbx", "tmx"):
        out.settarget(plurals(targets(u)), lang["code"])
    else:
        out.target = plurals(targets(u))
    if fmt in ("xliff", "xliff11"):
        try:
            rich_source = [parse_xliff(s) for s in u["source"]]
            rich_target = [parse_xliff(s) for s in targets(u)]
        except Exception as error:  # XMLSyntaxError, TypeError, KeyError
            if type(error).__name__ not in ("XMLSyntaxError", "TypeError", "KeyError"):
                raise
        else:
            out.set_rich_source(rich_source, src)
            out.set_rich_target(rich_target, lang["code"])
    for location in u["location"].split():
        if fmt in ("xliff", "xliff11"):
            # Weblate hands locations to lxml unfiltered and fails on control
            # characters; gitlate strips them like the other texts.
            location = location.translate(XML_STRIP)
        if location:
            out.addlocation(location)
    context = text_filter(u["context"])
    set_id = fmt in ("xliff", "xliff11")
    if context:
        out.setcontext(context)
        if set_id:
            out.setid(context)
    elif set_id:
        out.setid(u["checksum"])
    for note in (u["note"], u["explanation"]):
        note = text_filter(note)
        if note:
            out.addnote(note, origin="developer")
    if u["flags"]:
        if fmt == "po":
            for flag in u["flags"]:
                out.settypecomment(flag)
        elif fmt in ("xliff", "xliff11"):
            for flag in u["flags"]:
                if flag.startswith("max-length:"):
                    out.xmlelement.set("maxwidth", flag.split(":", 1)[1])
            out.xmlelement.set("weblate-flags", ", ".join(u["flags"]))
    if state == 10:
        out.markfuzzy(True)
    if hasattr(out, "markapproved"):
        out.markapproved(state == 30)
    store.addunit(out)

sys.stdout.buffer.write(bytes(store))
