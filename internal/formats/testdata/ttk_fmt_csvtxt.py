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

import csv

from translate.misc.multistring import multistring
from translate.storage import csvl10n, pypo

KINDS = ("po-mono", "csv", "csv-simple", "csv-simple-iso", "csv-detect", "srt", "sub", "ass", "ssa", "srt-detect")


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


def unescape_csv(string):
    """CSVUnit.unescape_csv: the spreadsheet-formula escaping of Weblate's CSV
    export removed."""
    if len(string) > 2 and string[0] == "'" and string[-1] == "'" and string[1] in ("=", "+", "-", "@", "\\", "%"):
        return string[1:-1].replace("\\|", "|")
    return string


# Windows-1252's 0x80-0x9F, the five bytes it leaves undefined standing for the
# C1 controls of the same value.
CP1252_HIGH = (
    "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f"
    "\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178"
)


def looks_utf16(data):
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    n = min(len(data), 512)
    return n >= 2 and data[:n].count(b"\0") >= n // 4


def gitlate_detect_encoding(self, text, default_encodings=None):
    """gitlate's reading of an "auto" encoding, in place of charset_normalizer's
    statistical guess (a short UTF-8 file may come out as Big5): UTF-8 (a
    byte-order mark dropped), UTF-16 by its byte-order mark or NUL bytes, else
    Windows-1252. A UTF-16 file that does not decode raises, as it does for
    translate-toolkit when no encoding fits."""
    if text.startswith(b"\xef\xbb\xbf"):
        return text.decode("utf-8-sig"), "utf-8"
    if text[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return text.decode("utf-16"), "utf-16"
    try:
        return text.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    if looks_utf16(text):
        return text.decode("utf-16"), "utf-16"
    return "".join(CP1252_HIGH[b - 0x80] if 0x80 <= b < 0xA0 else chr(b) for b in text), "cp1252"


def csv_store(kind, data):
    """CSVFormat.parse_store, CSVSimpleFormat and CSVSimpleFormatISO (Weblate's
    ttkit.py of the 4.x series): the whole text sniffed; csv re-reads a file whose
    columns came out as location, source, target and whose first row has two
    fields as Simple CSV."""
    if kind in ("csv-simple", "csv-simple-iso"):
        encoding = "iso-8859-1" if kind == "csv-simple-iso" else "auto"
        store = csvl10n.csvfile(fieldnames=["source", "target"], encoding=encoding)
        store.parse(data, sample_length=None)
        return store
    store = csvl10n.csvfile()
    store.parse(data, sample_length=None)
    if store.fieldnames != ["location", "source", "target"]:
        return store
    fileobj = csv.StringIO(store.detect_encoding(data, default_encodings=["utf-8", "utf-16"])[0])
    header = next(csv.reader(fileobj, store.dialect))
    if len(header) != 2:
        return store
    store = csvl10n.csvfile(fieldnames=["source", "target"], encoding="auto")
    store.parse(data, sample_length=None)
    return store


def csv_units(kind, data, req):
    """The units of a CSV file, an "auto" encoding read as gitlate reads it
    instead of charset_normalizer's guess; "csv-detect" is "csv" with
    translate-toolkit's own detection."""
    original = csvl10n.csvfile.detect_encoding
    if kind == "csv-detect":
        kind = "csv"
    else:
        csvl10n.csvfile.detect_encoding = gitlate_detect_encoding
    try:
        store = csv_store(kind, data)
    finally:
        csvl10n.csvfile.detect_encoding = original
    units = []
    for unit in store.units:
        units.append({
            "key": clean(unescape_csv(unit.getcontext())),
            "source": [clean(unescape_csv(unit.source))],
            "target": [clean(unescape_csv(unit.target))],
            "location": clean(unit.location),
            "fuzzy": unit.isfuzzy(),
            "note": clean(unit.getnotes()),
        })
    return {"units": units}


def gitlate_subtitle_encoding(path):
    """gitlate's reading of a subtitle file's encoding, in place of aeidon's
    chardet guess (aeidon.encodings.detect): aeidon's names for a byte-order
    mark, else UTF-8, else UTF-16 by its NUL bytes, else Windows-1252."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf_8_sig"
    if data.startswith(b"\xfe\xff"):
        return "utf_16_be"
    if data.startswith(b"\xff\xfe"):
        return "utf_16_le"
    try:
        data.decode("utf-8")
        return "utf_8"
    except UnicodeDecodeError:
        pass
    if looks_utf16(data):
        return "utf_16"
    return "cp1252"


SUBTITLE_CLASSES = {"srt": "SubRipFile", "sub": "MicroDVDFile", "ass": "AdvSubStationAlphaFile", "ssa": "SubStationAlphaFile"}


def subtitle_units(kind, data):
    """Weblate's SubtitleUnit on translate-toolkit's subtitle stores: the
    units with content, keyed by their time span, the text as target; the
    encoding read as gitlate reads it, except for "srt-detect" (aeidon's own
    chardet guess)."""
    from translate.storage import subtitles

    original = subtitles.detect
    if kind == "srt-detect":
        kind = "srt"
    else:
        subtitles.detect = gitlate_subtitle_encoding
    try:
        store = getattr(subtitles, SUBTITLE_CLASSES[kind])()
        store.parse(data)
    finally:
        subtitles.detect = original
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isblank() or unit.isobsolete():
            continue
        units.append({
            "key": clean(unit.getid()),
            "target": [clean(unit.source)],
            "note": clean(unit.getnotes()),
        })
    return {"units": units}


def handle(kind, data, req):
    if kind in SUBTITLE_CLASSES or kind == "srt-detect":
        return subtitle_units(kind, data)
    if kind == "po-mono":
        return po_mono(data)
    if kind.startswith("csv"):
        return csv_units(kind, data, req)
    return {"error": "unknown format " + kind}
