"""translate-toolkit's reading of PHP and Laravel PHP files (translate.storage.php,
phpfile and LaravelPHPFile) as Weblate 4.18 loads them (weblate/formats/ttkit.py,
PhpFormat and LaravelPhpFormat with PHPUnit), for ttk_dump.py.

A unit's key is the phpunit's name (Weblate's context), its text the value
translate-toolkit stores (Weblate's PHPUnit target is unit.source), split into the
forms of a multistring where LaravelPHPFile made one, its note the comments
joined with newlines; KeyValueUnit.is_translated says whether it is translated.
"""
from translate.misc.multistring import multistring
from translate.storage import php

KINDS = ("php", "laravel")

CLASSES = {"php": php.phpfile, "laravel": php.LaravelPHPFile}


def clean(text):
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def forms(value):
    if isinstance(value, multistring):
        return [clean(str(s)) for s in value.strings]
    return [clean(str(value))]


def handle(kind, data, req):
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
