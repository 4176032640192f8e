#
# Copyright 2006-2010 Zuza Software Foundation
#
# This file is part of the Translate Toolkit.
#
# This program is free software; you can redistribute it and/or modify
# it under the terms of the GNU General Public License as published by
# the Free Software Foundation; either version 2 of the License, or
# (at your option) any later version.
#
# This program is distributed in the hope that it will be useful,
# but WITHOUT ANY WARRANTY; without even the implied warranty of
# MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
# GNU General Public License for more details.
#
# You should have received a copy of the GNU General Public License
# along with this program; if not, see <http://www.gnu.org/licenses/>.

#
# Trimmed copy of translate-toolkit 3.9.2's translate/storage/tbx.py (the version
# Weblate 4.18 uses): tbxunit._get_origin_element and tbxunit._getnotelist,
# unchanged but for being module-level functions. 3.9.2 added the filter by the
# "from" attribute ("tbx: Apply filtering when parsing notes"), which Debian's 3.8.4
# lacks; testdata/ttk_dump.py puts them in place of 3.8.4's. Licence: COPYING.

from translate.storage import lisa
from translate.misc.xml_helpers import getXMLspace


def _get_origin_element(self, origin: str):
    if origin == "pos":
        return self.namespaced("termNote")
    elif origin == "definition":
        return self.namespaced("descrip")
    return self.namespaced("note")


def _getnotelist(self, origin=None):
    """Returns the text from notes matching ``origin`` or all notes.

    :param origin: The origin of the note (or note type)
    :type origin: String
    :return: The text from notes matching ``origin``
    :rtype: List
    """
    note_nodes = self.xmlelement.iterdescendants(self._get_origin_element(origin))
    # TODO: consider using xpath to construct initial_list directly
    # or to simply get the correct text from the outset (just remember to
    # check for duplication.
    initial_list = [
        lisa.getText(note, getXMLspace(self.xmlelement, self._default_xml_space))
        for note in note_nodes
        if origin in ("pos", "definition", None) or note.get("from") == origin
    ]

    # Remove duplicate entries from list:
    dictset = {}
    return [
        dictset.setdefault(note, note)
        for note in initial_list
        if note not in dictset
    ]
