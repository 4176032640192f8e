"""Mozilla DTD, flat XML and WPF ResourceDictionary units as Weblate 4.18 shows
them, read with the installed translate-toolkit (ttk_dump.py loads this module:
see MORE there).

translate-toolkit's store classes do the reading; what Weblate 4.18 adds on top
(weblate/formats/ttkit.py) is stated in each function's docstring and written
here from those statements. Debian's python3-translate 3.8.4 reads these
formats as 3.9.2 does (dtd.py, flatxml.py and resourcedictionary.py do not
differ between the two but for blank lines).
"""

import warnings

from translate.storage import dtd, flatxml, resourcedictionary

import ttk_xmlformats

KINDS = ("dtd", "flatxml", "resourcedictionary")


def clean(text):
    if text is None:
        return None
    return str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def dtd_units(data):
    """DTDFormat: every store unit but the blank ones (all_store_units, those
    without an entity), each a MonolingualSimpleUnit: the key is the entity's
    name, the text the unquoted definition, translated when not empty; no
    note, location or flag, never read-only."""
    store = dtd.dtdfile()
    with warnings.catch_warnings():
        # translate-toolkit warns of the entities it cannot read and drops them.
        warnings.simplefilter("ignore")
        store.parse(data)
    units = []
    for unit in store.units:
        if unit.isblank():
            continue
        units.append({
            "key": clean(unit.getid()),
            "target": [clean(unit.target)],
            "translated": unit.istranslated(),
        })
    return {"units": units}


def flat_units(store, data):
    """FlatXMLFormat (ResourceDictionaryFormat alike): store units but the
    obsolete and header ones (all_store_units), of which FlatXMLUnit keeps those
    with a key (context) that are not blank; the text is the unit's target;
    flags from the element's attributes (TTKitUnit.flags)."""
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isobsolete() or unit.isheader():
            continue
        if unit.source is None or unit.isblank():
            continue
        units.append({
            "key": clean(unit.source),
            "target": [clean(unit.target)],
            "note": clean(unit.getnotes()),
            "flags": ttk_xmlformats.xml_flags(unit.xmlelement),
            "translated": unit.istranslated(),
        })
    return {"units": units}


def handle(kind, data, req):
    if kind == "dtd":
        return dtd_units(data)
    if kind == "flatxml":
        return flat_units(flatxml.FlatXMLFile(), data)
    if kind == "resourcedictionary":
        return flat_units(resourcedictionary.ResourceDictionaryFile(), data)
    raise ValueError(kind)
