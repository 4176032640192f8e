#
# Copyright 2012 Michal Čihař
# Copyright 2014 Luca De Petrillo
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
# Trimmed copy of translate-toolkit 3.9.2's translate/storage/aresource.py (the
# version Weblate 4.18 uses): AndroidResourceUnit.unescape, unchanged but for being
# a module-level function. Only 3.9 changed it since Debian's 3.8.4 ("aresource:
# fix single whitespace"); testdata/ttk_dump.py puts it in place of 3.8.4's so
# that the differential tests compare with 3.9.2's rules. Licence: COPYING.

EOF = None
WHITESPACE = " \n\t"  # Whitespace that we collapse.


def unescape(text, strip=True):
    """
    Remove escaping from Android resource.

    Code stolen from android2po
    <https://github.com/miracle2k/android2po>
    """
    # Return text for empty elements
    if text is None:
        return ""

    # We need to collapse multiple whitespace while paying
    # attention to Android's quoting and escaping.
    space_count = 0
    active_quote = False
    active_percent = False
    active_escape = False
    i = 0
    text = list(text) + [EOF]
    while i < len(text):
        c = text[i]

        if not active_escape:
            # Handle whitespace collapsing
            if c is not EOF and c in WHITESPACE:
                space_count += 1
            elif space_count >= 1:
                # Remove sequential whitespace; Pay attention: We
                # don't do this if we are currently inside a quote,
                # except for one special case: If we have unbalanced
                # quotes, e.g. we reach eof while a quote is still
                # open, we *do* collapse that trailing part; this is
                # how Android does it, for some reason.
                if not active_quote or c is EOF:
                    # Replace by a single space, will get rid of
                    # non-significant newlines/tabs etc.
                    text[i - space_count : i] = " "
                    i -= space_count - 1
                    if strip and (i == 1 or c is EOF):
                        del text[i - 1]
                space_count = 0
            else:
                space_count = 0

        # Handle quotes
        if c == '"' and not active_escape:
            active_quote = not active_quote
            del text[i]
            i -= 1

        # If the string is run through a formatter, it will have
        # percentage signs for String.format
        if c == "%" and not active_escape:
            active_percent = not active_percent
        elif not active_escape and active_percent:
            active_percent = False

        # Handle escapes
        if c == "\\":
            if not active_escape:
                active_escape = True
            else:
                # A double-backslash represents a single;
                # simply deleting the current char will do.
                del text[i]
                i -= 1
                active_escape = False
        else:
            if active_escape:
                # Handle the limited amount of escape codes
                # that we support.
                # TODO: What about \r, or \r\n?
                if c is EOF:
                    # Basically like any other char, but put
                    # this first so we can use the ``in`` operator
                    # in the clauses below without issue.
                    pass
                elif c in ("n", "N"):
                    # Remove whitespace just before newline. Most likely this is result of
                    # having real newline in the XML in front of \n.
                    if i >= 2 and text[i - 2] == " ":
                        offset = 2
                    else:
                        offset = 1
                    text[i - offset : i + 1] = "\n"  # an actual newline
                    i -= offset
                elif c in ("t", "T"):
                    text[i - 1 : i + 1] = "\t"  # an actual tab
                    i -= 1
                elif c == " ":
                    text[i - 1 : i + 1] = " "  # an actual space
                    i -= 1
                elif c in "\"'@?":
                    text[i - 1 : i] = ""  # remove the backslash
                    i -= 1
                elif c == "u":
                    # Unicode sequence. Android is nice enough to deal
                    # with those in a way which let's us just capture
                    # the next 4 characters and raise an error if they
                    # are not valid (rather than having to use a new
                    # state to parse the unicode sequence).
                    # Exception: In case we are at the end of the
                    # string, we support incomplete sequences by
                    # prefixing the missing digits with zeros.
                    # Note: max(len()) is needed in the slice due to
                    # trailing ``None`` element.
                    max_slice = min(i + 5, len(text) - 1)
                    codepoint_str = "".join(text[i + 1 : max_slice])
                    if len(codepoint_str) < 4:
                        codepoint_str = (
                            "0" * (4 - len(codepoint_str)) + codepoint_str
                        )
                    try:
                        # We can't trust int() to raise a ValueError,
                        # it will ignore leading/trailing whitespace.
                        if not codepoint_str.isalnum():
                            raise ValueError(codepoint_str)
                        codepoint = chr(int(codepoint_str, 16))
                    except ValueError:
                        raise ValueError("bad unicode escape sequence")

                    text[i - 1 : max_slice] = codepoint
                    i -= 1
                else:
                    # All others, remove, like Android does as well.
                    text[i - 1 : i + 1] = ""
                    i -= 1
                active_escape = False

        i += 1

    # Join the string together again, but w/o EOF marker
    return "".join(text[:-1])
