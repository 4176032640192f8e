#!/usr/bin/python3
"""Reference reading of Weblate 4.18's search queries, for search's tests.

Builds the query grammar Weblate documents (weblate/utils/search.py) with the
same pyparsing 3.0.9 constructs, and converts the terms with Python's own int()
and python-dateutil's parser, so the Go parser can be compared with what Python
makes of the same text: the parse tree, the converted values and the error
messages. Database lookups are not modelled; the Go tests cover those.

Reads JSON lines {"q": ..., "now": "YYYY-MM-DDTHH:MM:SS"} and writes one JSON
line per query: {"tree": ...} or {"error": ...}.
"""

import json
import re
import sys
from datetime import datetime, timezone

from dateutil.parser import ParserError, parse as dateparse
from pyparsing import (
    CaselessKeyword,
    OpAssoc,
    Optional,
    QuotedString,
    Regex,
    Word,
    infix_notation,
    one_of,
)


class Quoted(QuotedString):
    """QuotedString unescaping only the quote and the backslash."""

    def __init__(self, quote):
        super().__init__(quote, esc_char="\\", convert_whitespace_escapes=True)
        self.escCharReplacePattern = re.escape("\\") + "([" + re.escape(quote) + re.escape("\\") + "])"


class RegexExpr:
    def __init__(self, toks):
        self.expr = toks[1]


class RangeExpr:
    def __init__(self, toks):
        self.start, self.end = toks[1], toks[3]


TEXT_FIELDS = ("source", "target", "context", "note", "location")
OPS = (":", ":=", ":<", ":<=", ":>", ":>=")


class Term:
    def __init__(self, toks):
        if len(toks) == 1:
            self.field, self.op, self.value = None, ":", toks[0]
            return
        self.field, self.op, self.value = toks
        if self.field in TEXT_FIELDS and self.op not in (":", ":="):
            self.value = self.op[1:] + self.value  # TypeError for RegexExpr/RangeExpr, as in Weblate
            self.op = ":"


date_word = Word("0123456789:.-T")
span = "[" + date_word + "to" + date_word + "]"
span.add_parse_action(RangeExpr)
rx = "r" + Quoted('"')
rx.add_parse_action(RegexExpr)
word = Regex(r"""[^ \(\)]([^ '"]*[^ '"\)])?""")
value = rx | Quoted("'") | Quoted('"') | word
field = Regex(r"""(?!http|ftp|https|mailto)[a-zA-Z_]+""")
term = (field + one_of(OPS) + (span | value)) | value
term.add_parse_action(Term)
grammar = Optional(
    infix_notation(
        term,
        [
            (CaselessKeyword("NOT"), 1, OpAssoc.RIGHT),
            (CaselessKeyword("AND"), 2, OpAssoc.LEFT),
            (Optional(CaselessKeyword("OR")), 2, OpAssoc.LEFT),
        ],
    )
)

STATES = {"empty": 0, "needs-editing": 10, "translated": 20, "approved": 30, "read-only": 100}
KNOWN = set(TEXT_FIELDS) | {
    "suggestion", "comment", "resolved_comment", "key", "explanation",
    "check", "dismissed_check", "language", "component", "project", "changed_by",
    "suggestion_author", "comment_author", "label", "screenshot",
    "priority", "id", "state", "position", "pending", "changed", "change_time",
    "added", "change_action",
}
IS = {"read-only", "readonly", "approved", "fuzzy", "needs-editing", "translated", "untranslated", "pending"}
HAS = {
    "plural", "suggestion", "explanation", "note", "comment", "resolved-comment", "resolved_comment",
    "check", "failing-check", "failing_check", "dismissed-check", "dismissed_check", "ignored-check",
    "ignored_check", "translation", "variant", "shaping", "label", "context", "screenshot", "flags",
    "glossary",
}


def obj(v):
    return "<weblate.utils.search.%s object>" % type(v).__name__


def iso(d):
    d = d.astimezone(timezone.utc)
    return "%04d-%s" % (d.year, d.strftime("%m-%dT%H:%M:%S.%fZ"))


def to_date(text, now, h, m, s, us):
    if text.isdigit() and len(text) == 4:
        y = int(text)
        return ("span", datetime(y, 1, 1, tzinfo=timezone.utc),
                datetime(y, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc))
    try:
        d = dateparse(text, default=now.replace(hour=h, minute=m, second=s, microsecond=us))
    except ParserError as e:
        raise ValueError("Invalid timestamp: {}".format(e))
    if (d.hour, d.minute, d.second) == (5, 55, 55):
        return ("span", d.replace(hour=0, minute=0, second=0, microsecond=0),
                d.replace(hour=23, minute=59, second=59, microsecond=999999))
    return ("at", d)


def convert(t, now):
    f, v = t.field, t.value
    if f in ("is", "has"):
        if not isinstance(v, str) or v not in (IS if f == "is" else HAS):
            raise ValueError("Unsupported %s lookup: %s" % (f, v if isinstance(v, str) else obj(v)))
        return "%s:%s" % (f, v)
    if f == "state":
        if v.isdigit():
            return "i:%d" % int(v)
        if v not in STATES:
            raise ValueError("Unsupported state: {}".format(v))
        return "i:%d" % STATES[v]
    if f in ("bool", "pending"):
        low = v.lower()
        if low in ("yes", "true", "on", "1"):
            out = "b:true"
        elif low in ("no", "false", "off", "0"):
            out = "b:false"
        else:
            raise ValueError("Invalid boolean value: %s" % v)
    elif f in ("int", "priority", "position"):
        out = "i:%d" % int(v)
    elif f == "id":
        if "," in v:
            out = "I:" + ",".join(str(x) for x in sorted({int(p) for p in v.split(",")}))
        else:
            out = "i:%d" % int(v)
    elif f in ("datetime", "changed", "change_time", "added"):
        if isinstance(v, RangeExpr):
            a = to_date(v.start, now, 0, 0, 0, 0)
            b = to_date(v.end, now, 23, 59, 59, 999999)
            if a[0] == "span" or b[0] == "span":
                return "nested"
            out = "span:%s/%s" % (iso(a[1]), iso(b[1]))
        else:
            d = to_date(v, now, 5, 55, 55, 0)
            out = "span:%s/%s" % (iso(d[1]), iso(d[2])) if d[0] == "span" else "at:" + iso(d[1])
    elif isinstance(v, RegexExpr):
        try:
            re.compile(v.expr)
        except re.error as e:
            raise ValueError("Invalid regular expression: {}".format(e))
        out = "r:" + json.dumps(v.expr)
    elif isinstance(v, RangeExpr):
        out = "o"
    else:
        out = "s:" + json.dumps(v)
    if f not in KNOWN:
        raise ValueError("Unsupported field: %s" % f)
    return out


def dump(node, now):
    if isinstance(node, Term):
        if node.field is None:
            v = node.value
            if isinstance(v, RegexExpr):
                return "[- : o]"
            if isinstance(v, RangeExpr):
                return "[- : o]"
            return "[- : s:%s]" % json.dumps(v)
        return "[%s %s %s]" % (node.field, node.op, convert(node, now))
    op = "AND"
    items = []
    for it in node:
        if isinstance(it, str) and it.upper() in ("AND", "OR", "NOT"):
            op = it.upper()
            continue
        items.append(dump(it, now))
    if len(items) == 1 and op != "NOT":
        return items[0]
    return "(%s %s)" % (op, " ".join(items))


def main():
    for line in sys.stdin:
        req = json.loads(line)
        q = req["q"]
        now = datetime.strptime(req["now"], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
        try:
            if "\x00" in q:
                raise ValueError("Invalid query string.")
            parsed = grammar.parse_string(q, parse_all=True)
            out = {"tree": dump(parsed, now) if len(parsed) else "EMPTY"}
        except RecursionError:
            out = {"recursion": True}
        except Exception as e:  # the API turns every exception into the message
            out = {"error": str(e)}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
