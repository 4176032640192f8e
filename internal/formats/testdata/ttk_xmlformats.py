"""XLIFF, Qt TS, .NET RESX and Apple stringsdict units as Weblate 4.18 shows them,
read with the installed translate-toolkit (ttk_dump.py dispatches here).

translate-toolkit's store classes do the reading. What Weblate 4.18's unit
classes (weblate/formats/ttkit.py: XliffUnit, RichXliffUnit, TSUnit, RESXUnit,
MonolingualSimpleUnit) change on top is stated in each function's docstring and
written here from those statements. Debian's python3-translate 3.8.4 reads these
formats as 3.9.2 does but for one case, handled by _source_or_none.
"""

from lxml import etree
from translate.misc.multistring import multistring
from translate.storage import resx, stringsdict, ts2, xliff
from translate.storage.placeables.lisa import strelem_to_xml

# The XLIFF target states Weblate treats as needing editing (XliffUnit.is_fuzzy).
XLIFF_FUZZY_STATES = frozenset(("new", "needs-translation", "needs-adaptation", "needs-l10n"))

# maxwidth's flag by size-unit (weblate/checks/flags.py, parse_flags_xml); a
# size-unit not listed gives no flag.
SIZE_FLAGS = {None: "max-size", "pixel": "max-size", "point": "max-size", "byte": "max-length", "char": "max-length"}
# The flags the ";"-separated parts of a font attribute give, in order.
FONT_FLAGS = ("font-family", "font-size", "font-weight")
# A flag value holding one of these is quoted (Flags.format_value; the flag
# syntax's reserved characters of weblate/checks/parser.py, and the space).
FLAG_QUOTE_TRIGGERS = frozenset(" ,:\"'\\")


def clean(text):
    if text is None:
        return None
    return str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def forms(value):
    """A unit's text as a list of plural forms."""
    if value is None:
        return [""]
    if isinstance(value, multistring):
        return [clean(s) for s in value.strings]
    return [clean(value)]


def rich_string(elems):
    """XLIFF inline markup as Weblate 4.18 shows it (weblate/trans/util.py,
    rich_to_xliff_string): translate-toolkit's placeables written out as XML
    inside a throw-away wrapper, with the XLIFF namespace taken off the
    outermost elements and namespace declarations nobody uses dropped; the
    wrapper's own start and end tags are not part of the text."""
    holder = etree.Element("w")
    for elem in elems:
        strelem_to_xml(holder, elem)
    for child in holder.iterchildren():
        if isinstance(child.tag, str):
            child.tag = etree.QName(child).localname
    etree.cleanup_namespaces(holder)
    serialized = etree.tostring(holder, encoding="unicode")
    # "<w>" + markup + "</w>", or "<w/>" when nothing was written.
    return serialized[len("<w>"):-len("</w>")]


def flag_value(value):
    if FLAG_QUOTE_TRIGGERS.intersection(value):
        escaped = value.replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
        return '"' + escaped + '"'
    return value


def xml_flags(element, rich=False):
    """The flags Weblate 4.18 reads from a unit's element (TTKitUnit.flags, through
    weblate/checks/flags.py), but weblate-flags, which the Go table tests cover:
    maxwidth becomes max-size or max-length according to size-unit; the font
    attribute, "family;size;weight", gives one flag per part present, each part
    trimmed and the family's spaces made underscores. Rich XLIFF units also get
    xml-text. Flags are written name:value, sorted, joined with ", "."""
    found = {}
    width = element.get("maxwidth")
    size_flag = SIZE_FLAGS.get(element.get("size-unit"))
    if width and size_flag:
        found[size_flag] = width
    font = element.get("font")
    if font:
        for name, part in zip(FONT_FLAGS, font.split(";")):
            part = part.strip()
            found[name] = part.replace(" ", "_") if name == "font-family" else part
    written = sorted(f"{name}:{flag_value(value)}" for name, value in found.items())
    if rich:
        written = sorted(written + ["xml-text"])
    return ", ".join(written)


def xliff_key(unit):
    """XliffUnit.context: the resname attribute when it is not empty, else the
    unit's id with translate-toolkit's id separator written as ///."""
    return unit.xmlelement.get("resname") or unit.getid().replace(xliff.ID_SEPARATOR, "///")


def xliff_units(data, rich):
    """XliffUnit (plain) and RichXliffUnit (rich, markup kept as XML): a unit
    with an empty source is not shown; a missing target is empty; a unit needs
    editing when it has a translation and its target's state is one of
    XLIFF_FUZZY_STATES."""
    store = xliff.xlifffile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isobsolete():
            continue
        source = rich_string(unit.rich_source) if rich else (unit.source or "")
        if source == "":
            continue
        if unit.target is None:
            target = ""
        else:
            target = rich_string(unit.rich_target) if rich else unit.target
        target_node = unit.getlanguageNode(lang=None, index=1)
        state = None if target_node is None else target_node.get("state")
        units.append({
            "key": clean(xliff_key(unit)),
            "source": [clean(source)],
            "target": [clean(target)],
            "fuzzy": target != "" and state in XLIFF_FUZZY_STATES,
            "approved": unit.isapproved(),
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
            "flags": xml_flags(unit.xmlelement, rich),
        })
    return {"units": units}


def relative_ts_location(locations):
    """TSUnit.locations shows no locations when they are relative line numbers
    (Qt writes "+3" or "-1" for lines counted from the previous message): the
    list starts with a sign, or, on its first line, a sign follows ", " or ":"."""
    head = locations.split("\n", 1)[0]
    if head[:1] in ("+", "-"):
        return True
    return any(sep + sign in head for sep in (", ", ":") for sign in "+-")


def _source_or_none(original):
    """translate-toolkit 3.9.2 reads a TS message without a <source> element as
    having no source (translate/storage/ts2.py, tsunit.source; "ts2: Avoid crash
    on a message without a source"), where 3.8.4's getter fails with
    AttributeError. The installed getter is kept for every other message and
    wrapped with that one rule, so that the methods reading the source
    (isblank, istranslatable) see what they see in 3.9.2."""

    def getter(unit):
        if unit._getsourcenode() is None:
            return None
        return original.fget(unit)

    return property(getter, original.fset)


ts2.tsunit.source = _source_or_none(ts2.tsunit.source)


def ts_units(data):
    """TSUnit: a numerus message's one source becomes two forms, "(s)" dropped and
    "(s)" made "s". A message not marked unfinished counts as translated, and
    when its translation is empty, the source stands in as the target."""
    store = ts2.tsfile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isblank() or unit.isobsolete():
            continue
        plural = unit.hasplural()
        source = unit.source
        if plural:
            # A numerus message without a source fails here (AttributeError), as
            # TSUnit.source does in Weblate.
            source_forms = [clean(source.replace("(s)", "")), clean(source.replace("(s)", "s"))]
        else:
            source_forms = forms(source)
        unfinished = unit.isreview()
        has_translation = unit.istranslated()
        if not unfinished and not has_translation:
            target_forms = source_forms
        else:
            target_forms = forms(unit.target)
        locations = ", ".join(x for x in unit.getlocations() if x is not None)
        if relative_ts_location(locations):
            locations = ""
        units.append({
            "key": clean(unit.getcontext()),
            "source": source_forms,
            "target": target_forms,
            "plural": plural,
            "fuzzy": unit.isfuzzy(),
            "translated": has_translation or not unfinished,
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
            "location": clean(locations),
            "flags": xml_flags(unit.xmlelement),
        })
    return {"units": units}


def resx_units(data):
    store = resx.RESXFile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isblank() or unit.isobsolete():
            continue
        units.append({
            "key": clean(unit.getid()),
            "target": forms(unit.target),
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
            "flags": xml_flags(unit.xmlelement),
            "translated": unit.istranslated(),
        })
    return {"units": units}


def stringsdict_units(data, lang):
    store = stringsdict.StringsDictFile()
    # Weblate sets the language before the file is read (its fixup), so that
    # the plural variables are read in the language's categories.
    store.settargetlanguage(lang)
    store.parse(data)
    units = []
    for unit in store.units:
        target = forms(unit.target)
        units.append({
            "key": clean(unit.getid()),
            "target": target,
            "plural": len(target) > 1,
            "tags": list(store.target_plural_tags) if len(target) > 1 else None,
            "translated": unit.istranslated(),
        })
    return {"units": units}


def handle(kind, data, lang):
    if kind in ("xliff", "plainxliff"):
        return xliff_units(data, kind == "xliff")
    if kind == "ts":
        return ts_units(data)
    if kind == "resx":
        return resx_units(data)
    if kind == "stringsdict":
        return stringsdict_units(data, lang or "en")
    return None


KINDS = ("xliff", "plainxliff", "ts", "resx", "stringsdict")
