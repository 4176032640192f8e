"""XLIFF, Qt TS, .NET RESX and Apple stringsdict units as Weblate 4.18 shows them,
read with the installed translate-toolkit (ttk_dump.py dispatches here).

Each function parses bytes with translate-toolkit's store class and applies, on
top, the rules of the Weblate 4.18 unit class that wraps it (weblate/formats/
ttkit.py), written out here from reading that code: XliffUnit/RichXliffUnit,
TSUnit, RESXUnit, MonolingualSimpleUnit (stringsdict). Debian's python3-translate
3.8.4 reads these formats as 3.9.2 does except where noted.
"""

import re

from lxml import etree
from translate.misc.multistring import multistring
from translate.storage import resx, stringsdict, ts2, xliff
from translate.storage.placeables.lisa import strelem_to_xml



def _ts_source_392(self):
    """tsunit.source as translate-toolkit 3.9.2 has it (Weblate 4.18's version):
    a message without <source> has no source, where 3.8.4 raised AttributeError."""
    node = self._getsourcenode()
    if node is None:
        return None
    if self.hasplural():
        return multistring([node.text])
    return node.text


ts2.tsunit.source = property(_ts_source_392, ts2.tsunit.source.fset)

XLIFF_FUZZY_STATES = {"new", "needs-translation", "needs-adaptation", "needs-l10n"}
# TSUnit.locations: relative locations (+3, -1) are not shown.
TS_RELATIVE_LOCATION = re.compile(r"^([+-]|.*, [+-]|.*:[+-])")


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
    """The placeables serialized the way Weblate shows XLIFF markup: written into
    a dummy element, the namespace taken off the top-level elements, unused
    namespace declarations dropped, the dummy element's tags cut off."""
    root = etree.Element("e")
    for elem in elems:
        strelem_to_xml(root, elem)
    for child in root:
        if isinstance(child.tag, str) and child.tag.startswith("{"):
            child.tag = child.tag.split("}", 1)[1]
    etree.cleanup_namespaces(root)
    return etree.tostring(root, encoding="unicode")[3:][:-4]


def xml_flags(element, rich=False):
    """The flags Weblate reads from a unit's element, without weblate-flags
    (which the Go table tests cover): max-size/max-length from maxwidth, the font
    flags, xml-text for XLIFF with placeables."""
    flags = {}
    maxwidth = element.get("maxwidth")
    unit = element.get("size-unit")
    if maxwidth:
        if unit in (None, "pixel", "point"):
            flags["max-size"] = maxwidth
        elif unit in ("byte", "char"):
            flags["max-length"] = maxwidth
    font = element.get("font")
    if font:
        parts = font.split(";")
        flags["font-family"] = parts[0].strip().replace(" ", "_")
        if len(parts) > 1:
            flags["font-size"] = parts[1].strip()
        if len(parts) > 2:
            flags["font-weight"] = parts[2].strip()
    out = []
    for name, value in flags.items():
        if any(c in value for c in " ,:\"'\\"):
            value = '"%s"' % value.replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
        out.append(name + ":" + value)
    if rich:
        out.append("xml-text")
    return ", ".join(sorted(out))


def xliff_units(data, rich):
    store = xliff.xlifffile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isobsolete():
            continue
        if rich:
            source = rich_string(unit.rich_source)
        else:
            source = unit.source or ""
        if not source:
            continue  # XliffUnit.has_content
        if unit.target is None:
            target = ""
        elif rich:
            target = rich_string(unit.rich_target)
        else:
            target = unit.target
        node = unit.getlanguageNode(lang=None, index=1)
        state = node.get("state") if node is not None else None
        resname = unit.xmlelement.get("resname")
        units.append({
            "key": clean(resname or unit.getid().replace("\x04", "///")),
            "source": [clean(source)],
            "target": [clean(target)],
            "fuzzy": bool(target) and state in XLIFF_FUZZY_STATES,
            "approved": unit.isapproved(),
            "readonly": not unit.istranslatable(),
            "note": clean(unit.getnotes()),
            "flags": xml_flags(unit.xmlelement, rich),
        })
    return {"units": units}


def ts_units(data):
    store = ts2.tsfile()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isheader() or unit.isblank() or unit.isobsolete():
            continue
        plural = unit.hasplural()
        source = unit.source
        if plural:
            # TSUnit.source: a plural's one source becomes two forms.
            source_forms = [clean(source.replace("(s)", "")), clean(source.replace("(s)", "s"))]
        else:
            source_forms = forms(source)
        # TSUnit.target and is_translated: a message that is not unfinished is
        # translated, and an empty translation of it means the source.
        translated = not unit.isreview() or unit.istranslated()
        if not unit.isreview() and not unit.istranslated():
            target_forms = source_forms
        else:
            target_forms = forms(unit.target)
        locations = ", ".join(x for x in unit.getlocations() if x is not None)
        if TS_RELATIVE_LOCATION.match(locations):
            locations = ""
        units.append({
            "key": clean(unit.getcontext()),
            "source": source_forms,
            "target": target_forms,
            "plural": plural,
            "fuzzy": unit.isfuzzy(),
            "translated": translated,
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
