#!/usr/bin/python3
"""Makes the trimmed corpora of this folder from checkouts of their upstream commits.

Usage (from this folder):
    trim.py SRC OUT

SRC holds one folder per corpus (ndisc6/, feishin/, paperless/), each a checkout
(or `git archive`) of the commit SOURCE.md names; OUT receives the trimmed
folders (it must not hold them yet). The newpipe and fdroidclient corpora are
not made here: the checks test uses internal/testutil/corpora's own trimmed
copies of them (../SOURCE.md, ../trim.go).

The selection is fixed by the rules below (no randomness, no oracle output), so
running it again on the same commits gives the same bytes.
"""
import json
import os
import re
import sys

# ndisc6: GNU gettext PO, c-format flags. Small enough to keep whole: the .pot
# and every .po (en.po too: a file in the source language).
NDISC6_FILES = ["ndisc6.pot", "cs.po", "de.po", "en.po", "en_GB.po", "fr.po", "sv.po"]

# feishin: i18next v4 JSON (nested keys, _one/_other plurals, $t() nesting).
# Languages chosen for odd codes (nb-NO, pt-BR, zh-Hans), plural shapes (ru, cs,
# sr: 3 forms; fa, zh-Hans: 1) and a language without failures (ko).
FEISHIN_LANGS = ["en", "cs", "de", "fa", "fr", "ko", "nb-NO", "pt-BR", "ru", "sr", "sv", "zh-Hans"]
# Top-level sections kept whole (241 of the 655 keys of en.json).
FEISHIN_SECTIONS = ["action", "common", "entity", "error", "form", "player"]

# paperless-ngx: Angular XLIFF 1.2 (bilingual: source and target in each file,
# <x/> placeholders, ICU plurals, states final/translated/needs-translation).
PAPERLESS_LANGS = ["ar_AR", "de_DE", "en_US", "fr_FR", "he_IL", "ja_JP", "pt_BR", "ru_RU", "sr_CS", "zh_TW"]
# The trans-units kept: the first PAPERLESS_FIRST of src-ui/messages.xlf, and
# the first PAPERLESS_EACH whose source matches each pattern (in file order).
PAPERLESS_FIRST = 60
PAPERLESS_EACH = 6
PAPERLESS_PATTERNS = [
    r"\{VAR_(PLURAL|SELECT)",  # ICU plural / select
    r"START_",  # <x/> of HTML tags
    r"INTERPOLATION",  # <x/> of {{ }} interpolations
    r"\(s\)",  # optional_plural
    r"…|\.\.\.",  # ellipsis
    r"\?\s*</source>",
    r"!\s*</source>",
    r":\s*</source>",
    r"\.\s*</source>",
    r"  ",  # double space
    r"<source>\s|\s</source>",  # leading/trailing space
]

UNIT_RE = re.compile(r"([ \t]*)<trans-unit\b.*?</trans-unit>[ \t]*\r?\n", re.S)
ID_RE = re.compile(r'<trans-unit\b[^>]*\bid="([^"]*)"')
CONTEXT_RE = re.compile(r"[ \t]*<context-group\b.*?</context-group>[ \t]*\r?\n", re.S)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        sys.exit("already exists: " + path)
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def ndisc6(src, out):
    for name in NDISC6_FILES:
        write(os.path.join(out, "po", name), read(os.path.join(src, "po", name)))


def feishin(src, out):
    rel = os.path.join("src", "i18n", "locales")
    for code in FEISHIN_LANGS:
        with open(os.path.join(src, rel, code + ".json"), encoding="utf-8") as f:
            doc = json.load(f)
        kept = {k: v for k, v in doc.items() if k in FEISHIN_SECTIONS}
        # Upstream writes 4-space indents, non-ASCII as is, and a final newline.
        text = json.dumps(kept, indent=4, ensure_ascii=False) + "\n"
        write(os.path.join(out, rel, code + ".json"), text.encode("utf-8"))


def paperless_ids(template):
    """The ids of the trans-units kept, chosen on the source file."""
    units = [m.group(0) for m in UNIT_RE.finditer(template)]
    keep = set()
    for u in units[:PAPERLESS_FIRST]:
        keep.add(ID_RE.search(u).group(1))
    for pat in PAPERLESS_PATTERNS:
        rx = re.compile(pat)
        n = 0
        for u in units:
            src = re.search(r"<source>.*?</source>", u, re.S).group(0)
            if rx.search(src):
                keep.add(ID_RE.search(u).group(1))
                n += 1
                if n == PAPERLESS_EACH:
                    break
    return keep


def paperless(src, out):
    keep = paperless_ids(read(os.path.join(src, "src-ui", "messages.xlf")).decode("utf-8"))
    rel = os.path.join("src-ui", "src", "locale")
    for code in PAPERLESS_LANGS:
        name = "messages." + code + ".xlf"
        text = read(os.path.join(src, rel, name)).decode("utf-8")

        def unit(m):
            u = m.group(0)
            if ID_RE.search(u).group(1) not in keep:
                return ""
            # The <context-group> source locations are most of the bytes; Weblate
            # reads them as locations only, which no check looks at.
            return CONTEXT_RE.sub("", u)

        write(os.path.join(out, rel, name), UNIT_RE.sub(unit, text).encode("utf-8"))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1:]
    ndisc6(os.path.join(src, "ndisc6"), os.path.join(out, "ndisc6"))
    feishin(os.path.join(src, "feishin"), os.path.join(out, "feishin"))
    paperless(os.path.join(src, "paperless"), os.path.join(out, "paperless"))


if __name__ == "__main__":
    main()
