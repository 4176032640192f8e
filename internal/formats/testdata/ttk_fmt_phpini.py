"""translate-toolkit's reading of PHP and Laravel PHP files (translate.storage.php,
phpfile and LaravelPHPFile) and of INI files (translate.storage.ini, inifile, with
the inno dialect for Inno Setup) as Weblate 4.18 loads them (weblate/formats/ttkit.py,
PhpFormat and LaravelPhpFormat with PHPUnit, INIFormat and InnoSetupINIFormat with
INIUnit), for ttk_dump.py.

A unit's key is the phpunit's name (Weblate's context), its text the value
translate-toolkit stores (Weblate's PHPUnit target is unit.source), split into the
forms of a multistring where LaravelPHPFile made one, its note the comments
joined with newlines; KeyValueUnit.is_translated says whether it is translated.
"""
from translate.misc.multistring import multistring
from translate.storage import ini, php, properties

KINDS = ("php", "laravel", "ini", "islu", "joomla", "mi18n-lang")

CLASSES = {"php": php.phpfile, "laravel": php.LaravelPHPFile}


def clean(text):
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def forms(value):
    if isinstance(value, multistring):
        return [clean(str(s)) for s in value.strings]
    return [clean(str(value))]


def ini_units(kind, data):
    """INIFormat and InnoSetupINIFormat (dialect inno): the context is the unit's
    location, the text its source (Weblate's load copies it to the target),
    translated when not empty."""
    store = ini.inifile(dialect="inno" if kind == "islu" else "default")
    store.parse(data)
    return {"units": [{
        "key": clean(unit.location),
        "target": [clean(unit.source)],
        "note": "",
        "translated": bool(unit.source),
    } for unit in store.units]}


def joomla_units(data, cls=properties.joomlafile):
    """JoomlaFormat (properties.joomlafile) and PropertiesMi18nFormat
    (properties.javautf8file) as PropertiesBaseFormat loads them (a first unit
    without delimiter refused; PropertiesUnit's text is the decoded value,
    translated when the raw value is not empty)."""
    store = cls()
    store.parse(data)
    if store.units and not store.units[0].delimiter:
        raise ValueError("first unit has no delimiter")
    return {"units": [{
        "key": clean(unit.getid()),
        "target": [clean(unit.source)],
        "readonly": not unit.istranslatable(),
        "note": clean(unit.getnotes()),
        "translated": bool(unit.value) and not unit.isfuzzy(),
    } for unit in store.units if not unit.isblank()]}


def handle(kind, data, req):
    if kind in ("ini", "islu"):
        return ini_units(kind, data)
    if kind == "joomla":
        return joomla_units(data)
    if kind == "mi18n-lang":
        return joomla_units(data, properties.javautf8file)
    store = CLASSES[kind]()
    store.parse(data)
    units = []
    for unit in store.units:
        if unit.isblank():
            continue
        value = unit.source
        units.append({
            "key": clean(unit.getid()),
            "target": forms(value),
            "plural": isinstance(value, multistring) and len(value.strings) > 1,
            "note": clean(unit.getnotes()),
            "translated": bool(value) and not unit.isfuzzy(),
        })
    return {"units": units}
