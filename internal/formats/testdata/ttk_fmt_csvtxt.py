"""translate-toolkit's reading of monolingual gettext PO, CSV, plain text and
subtitles, for ttk_dump.py (see MORE there): the units Weblate 4.18 builds from
translate-toolkit's stores for the file formats po-mono, csv, csv-multi,
csv-simple, csv-simple-iso, txt, srt, ass, ssa and sub.

Each request's "format" is one of KINDS; the file's bytes come as "path" or
"data" (characters U+0000-U+00FF for bytes). The Weblate rules applied on top of
the stores (PoMonoUnit's context, CSVUnit's unescaping, the CSV format's
re-reading of two-column files) are written here from Weblate's
weblate/formats/ttkit.py so that the Go side compares like with like.
"""

from translate.misc.multistring import multistring
from translate.storage import pypo

KINDS = ("po-mono",)


def clean(text):
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def forms(value):
    if value is None:
        return None
    if isinstance(value, multistring):
        return [clean(str(s)) for s in value.strings]
    return [clean(str(value))]


def po_mono(data):
    store = pypo.pofile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isblank() or unit.isobsolete():
            continue
        # PoMonoUnit.context with the unit as its own template.
        context = unit.getcontext()
        source = unit.source
        ctx, src = context.strip(), str(source).strip()
        if src and ctx:
            key = f"{ctx}.{src}"
        else:
            key = src or ctx
        notes = []
        if unit.getnotes():
            notes.append(unit.getnotes())
        if str(source) and context:
            notes.append(context)
        units.append({
            "key": clean(key),
            "target": forms(unit.target),
            "plural": unit.hasplural(),
            "fuzzy": unit.isfuzzy(),
            "note": clean("\n".join(notes)),
        })
    return {"units": units}


def handle(kind, data, req):
    if kind == "po-mono":
        return po_mono(data)
    return {"error": "unknown format " + kind}
