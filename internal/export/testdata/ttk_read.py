#!/usr/bin/python3
"""Reads an exported file back with translate-toolkit, for export's tests.

Usage: ttk_read.py FILE. The store class comes from translate.storage.factory
(by the file's extension). Writes one JSON object per unit, header units left out.
"""

import json
import sys

from translate.misc.multistring import multistring
from translate.storage import factory


def strings(value):
    if value is None:
        return None
    if isinstance(value, multistring):
        return [str(s) for s in value.strings]
    return [str(value)]


store = factory.getobject(sys.argv[1])
for unit in store.units:
    if unit.isheader():
        continue
    try:
        notes = unit.getnotes("developer")
    except (ValueError, TypeError):
        notes = unit.getnotes()
    print(
        json.dumps(
            {
                "source": strings(unit.source),
                "target": strings(unit.target),
                "context": unit.getcontext(),
                "notes": notes,
                "locations": unit.getlocations(),
                "fuzzy": bool(unit.isfuzzy()),
                "id": unit.getid(),
            }
        )
    )
