#!/usr/bin/python3
"""An independent reading of Weblate 4.18's search queries, for search's tests.

The query language is the one Weblate's documentation describes (docs/user/
search.rst: "Searching"): terms, bare or as FIELD OPERATOR VALUE with the
operators ":", ":=", ":<", ":<=", ":>", ":>="; values that are words, quoted
strings ('…' or "…", a backslash escaping the quote or itself), regular
expressions r"…" or date ranges [FROM to TO]; NOT, AND and OR (also implied
between terms, binding loosest) and parentheses. Weblate parses it with
pyparsing; so does this script, with pyparsing 3.0.9 and python-dateutil 2.8.2,
the versions Weblate 4.18 runs with, so that the Go parser is compared with
what those libraries make of the same text: the tree, the converted values and
the error messages (the wording of Weblate's own errors is its behaviour, and
kept). Database lookups are not modelled; the Go tests cover those.

Reads JSON lines {"q": ..., "now": "YYYY-MM-DDTHH:MM:SS"} and writes one JSON
line per query: {"tree": ...}, {"error": ...} or {"recursion": true}.

A line may also carry "units": a list of {"source": [forms], "target": [forms],
"context": text}. When every term of the query is a text search (a bare word,
or source:, target:, context:, key: with ":" or ":="), the answer adds
"matches", the indexes of the units the query selects on PostgreSQL, where
Weblate 4.18 runs its text searches as follows (weblate/utils/db.py at commit
0219bd85): a substring search is ILIKE, both sides lower-cased, unless the
needle holds fewer than three letters or digits, when it is Django's contains,
a case-sensitive LIKE that takes the needle literally; ":=" is equality; plural
forms are stored joined with two U+001E characters.
"""

import json
import re
import sys
from datetime import datetime, timezone

from dateutil.parser import ParserError, parse as parse_date
from pyparsing import CaselessKeyword, Literal, OpAssoc, Optional, Regex, infix_notation


# Values that are not plain text. Weblate names them so, and the names show in
# the messages of queries that misuse them ("can only concatenate str (not
# "RegexExpr") to str").
class RegexExpr:
    def __init__(self, tokens):
        self.expr = tokens[1]


class RangeExpr:
    def __init__(self, tokens):
        self.start, self.end = tokens[1], tokens[3]


def quoted(mark):
    """A string between two marks on one line; a backslash escapes any
    character (so that the mark does not end the string), but only an escaped
    mark or backslash loses its backslash, after \\t, \\n, \\f and \\r became
    the characters they name (pyparsing's QuotedString with the unescaping
    Weblate asks of it)."""
    q = re.escape(mark)
    token = Regex(q + r"(?:\\.|[^" + q + r"\\\n\r])*" + q)
    backslashed = re.compile(r"\\([" + q + r"\\])")

    def unquote(tokens):
        body = tokens[0][1:-1]
        if "\\" in body:
            for escape, char in (("\\t", "\t"), ("\\n", "\n"), ("\\f", "\f"), ("\\r", "\r")):
                body = body.replace(escape, char)
        return backslashed.sub(r"\1", body)

    return token.add_parse_action(unquote)


class Term:
    """FIELD OPERATOR VALUE, or a bare VALUE (field None, operator ":")."""

    # Text fields compare only by substring or equality: another operator is
    # read as part of the text ("source:<b>" looks for "<b>"); a value that is
    # no text cannot be glued to it, and that error is Weblate's too.
    TEXT = ("source", "target", "context", "note", "location")

    def __init__(self, tokens):
        if len(tokens) == 3:
            self.field, self.op, self.value = tokens
            if self.field in self.TEXT and self.op not in (":", ":="):
                self.value, self.op = self.op[1:] + self.value, ":"
        else:
            self.field, self.op, self.value = None, ":", tokens[0]


def make_parser():
    space_free = Regex(r"""[^ ()](?:[^ '"]*[^ '")])?""")  # a word ends before a quote or ")"
    regex = Literal("r") + quoted('"')
    regex.add_parse_action(RegexExpr)
    value = regex | quoted("'") | quoted('"') | space_free

    date = Regex(r"[0-9T:.-]+")
    date_range = Literal("[") + date + Literal("to") + date + Literal("]")
    date_range.add_parse_action(RangeExpr)

    # Field names are letters and underscores, but not the scheme of a URL, so
    # that "https://…" is a word.
    name = Regex(r"(?!(?:http|ftp|mailto))[A-Za-z_]+")
    operator = Regex(r":(?:<=|>=|[=<>])?")
    term = name + operator + (date_range | value) | value
    term.add_parse_action(Term)

    levels = [
        (CaselessKeyword("NOT"), 1, OpAssoc.RIGHT),
        (CaselessKeyword("AND"), 2, OpAssoc.LEFT),
        (Optional(CaselessKeyword("OR")), 2, OpAssoc.LEFT),  # no keyword: implied
    ]
    return Optional(infix_notation(term, levels))


PARSER = make_parser()

# What Weblate accepts of each field (docs/user/search.rst), and its errors.
STATE_NAMES = {"empty": 0, "needs-editing": 10, "translated": 20, "approved": 30, "read-only": 100}
IS_VALUES = {"pending", "translated", "untranslated", "approved", "fuzzy", "needs-editing", "read-only", "readonly"}
HAS_VALUES = {
    "plural", "context", "suggestion", "comment", "resolved-comment", "resolved_comment",
    "check", "failing-check", "failing_check", "dismissed-check", "dismissed_check",
    "ignored-check", "ignored_check", "translation", "variant", "shaping", "label",
    "screenshot", "flags", "explanation", "glossary", "note",
}
FIELDS = set(Term.TEXT) | {
    "key", "explanation", "suggestion", "suggestion_author", "comment", "resolved_comment",
    "comment_author", "check", "dismissed_check", "language", "component", "project",
    "changed_by", "label", "screenshot", "priority", "id", "position", "state", "pending",
    "added", "changed", "change_time", "change_action",
}
DATE_FIELDS = {"datetime", "added", "changed", "change_time"}
INT_FIELDS = {"int", "priority", "position"}
BOOL_FIELDS = {"bool", "pending"}
TRUE, FALSE = {"yes", "true", "on", "1"}, {"no", "false", "off", "0"}


def utc(d):
    """ISO 8601 in UTC with microseconds and a four-digit year."""
    d = d.astimezone(timezone.utc)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ" % (d.year, d.month, d.day, d.hour, d.minute, d.second, d.microsecond)


def read_date(text, now, hms):
    """A year is the whole year; other text is read by dateutil over now at the
    time hms; when it leaves the time 05:55:55 alone, the text named a day, and
    means all of it."""
    if text.isdigit() and len(text) == 4:
        year = int(text)
        return datetime(year, 1, 1, tzinfo=timezone.utc), datetime(year, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)
    h, m, s, us = hms
    try:
        d = parse_date(text, default=now.replace(hour=h, minute=m, second=s, microsecond=us))
    except ParserError as e:
        raise ValueError("Invalid timestamp: {}".format(e))
    if d.hour == 5 and d.minute == 55 and d.second == 55:
        return d.replace(hour=0, minute=0, second=0, microsecond=0), d.replace(hour=23, minute=59, second=59, microsecond=999999)
    return d


def date_value(v, now):
    if isinstance(v, RangeExpr):
        lo = read_date(v.start, now, (0, 0, 0, 0))
        hi = read_date(v.end, now, (23, 59, 59, 999999))
        if isinstance(lo, tuple) or isinstance(hi, tuple):
            return "nested"  # a whole day or year as a bound: Weblate fails later, in the database
        return "span:%s/%s" % (utc(lo), utc(hi))
    d = read_date(v, now, (5, 55, 55, 0))
    return "span:%s/%s" % (utc(d[0]), utc(d[1])) if isinstance(d, tuple) else "at:" + utc(d)


def shown(v):
    """How Weblate's f-strings show a value: text as it is, an object as its
    class (the address left out)."""
    return v if isinstance(v, str) else "<weblate.utils.search.%s object>" % type(v).__name__


def lookup(kind, allowed, v):
    if not isinstance(v, str) or v not in allowed:
        raise ValueError("Unsupported %s lookup: %s" % (kind, shown(v)))
    return "%s:%s" % (kind, v)


def typed_value(field, v, now):
    """The value of FIELD:V as Weblate converts it, written as "kind:value"."""
    if field in DATE_FIELDS:
        return date_value(v, now)
    if field in BOOL_FIELDS:
        word = v.lower()
        if word not in TRUE | FALSE:
            raise ValueError("Invalid boolean value: %s" % v)
        return "b:" + ("true" if word in TRUE else "false")
    if field in INT_FIELDS:
        return "i:%d" % int(v)
    if field == "id":
        if "," not in v:
            return "i:%d" % int(v)
        return "I:" + ",".join(map(str, sorted(set(int(n) for n in v.split(",")))))
    if isinstance(v, RegexExpr):
        try:
            re.compile(v.expr)
        except re.error as e:
            raise ValueError("Invalid regular expression: {}".format(e))
        return "r:" + json.dumps(v.expr)
    if isinstance(v, RangeExpr):
        return "o"
    return "s:" + json.dumps(v)


def term_text(t, now):
    if t.field is None:
        return "[- : %s]" % ("s:" + json.dumps(t.value) if isinstance(t.value, str) else "o")
    f, v = t.field, t.value
    if f == "is":
        out = lookup("is", IS_VALUES, v)
    elif f == "has":
        out = lookup("has", HAS_VALUES, v)
    elif f == "state":
        if v.isdigit():
            out = "i:%d" % int(v)
        elif v in STATE_NAMES:
            out = "i:%d" % STATE_NAMES[v]
        else:
            raise ValueError("Unsupported state: {}".format(v))
    else:
        out = typed_value(f, v, now)
        if out != "nested" and f not in FIELDS:
            raise ValueError("Unsupported field: %s" % f)
    return "[%s %s %s]" % (f, t.op, out)


def tree_text(node, now):
    """A term as [FIELD OP VALUE]; a group as (OP ITEM…), its operator the
    keyword among its items (AND when there is none); a group of one item is
    that item, unless negated."""
    if isinstance(node, Term):
        return term_text(node, now)
    keywords = [x.upper() for x in node if isinstance(x, str) and x.upper() in ("AND", "OR", "NOT")]
    items = [tree_text(x, now) for x in node if not (isinstance(x, str) and x.upper() in ("AND", "OR", "NOT"))]
    op = keywords[-1] if keywords else "AND"
    if op != "NOT" and len(items) == 1:
        return items[0]
    return "(%s %s)" % (op, " ".join(items))


def answer(q, now):
    if "\x00" in q:
        raise ValueError("Invalid query string.")
    result = PARSER.parse_string(q, parse_all=True)
    return tree_text(result, now) if len(result) else "EMPTY"


class NotText(Exception):
    """The query reads more than text: its matches are not modelled."""


def unit_text(unit, field):
    if field in ("source", "target"):
        return "\x1e\x1e".join(unit[field])
    return unit["context"]


def text_matches(needle, text):
    if sum(c.isalnum() for c in needle) < 3:
        return needle in text
    return needle.lower() in text.lower()


def selects(node, unit):
    """Whether the parsed query node selects the unit (see the module's doc)."""
    if isinstance(node, Term):
        if not isinstance(node.value, str):
            raise NotText()
        if node.field is None:
            return any(text_matches(node.value, unit_text(unit, f)) for f in ("source", "target", "context"))
        field = "context" if node.field == "key" else node.field
        if field not in ("source", "target", "context") or node.op not in (":", ":="):
            raise NotText()
        if node.op == ":=":
            return unit_text(unit, field) == node.value
        return text_matches(node.value, unit_text(unit, field))
    keywords = [x.upper() for x in node if isinstance(x, str) and x.upper() in ("AND", "OR", "NOT")]
    items = [x for x in node if not (isinstance(x, str) and x.upper() in ("AND", "OR", "NOT"))]
    op = keywords[-1] if keywords else "AND"
    if op == "NOT":
        return not selects(items[0], unit)
    results = [selects(x, unit) for x in items]
    return any(results) if op == "OR" else all(results)


def matches(q, units):
    result = PARSER.parse_string(q, parse_all=True)
    if not len(result):
        return list(range(len(units)))
    try:
        return [i for i, u in enumerate(units) if selects(result, u)]
    except NotText:
        return None


def main():
    for line in sys.stdin:
        request = json.loads(line)
        now = datetime.strptime(request["now"], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
        try:
            out = {"tree": answer(request["q"], now)}
            if "units" in request:
                found = matches(request["q"], request["units"])
                if found is not None:
                    out["matches"] = found
        except RecursionError:
            out = {"recursion": True}
        except Exception as e:  # Weblate's API answers every exception with its message
            out = {"error": str(e)}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
