"""Writes the tablet model table the classifier takes from Mobile-Detect (the npm package
`mobile-detect`, MIT licence): every tablet family's regular expression, expanded to the
literal model names it lists, as Rust data.

    python3 scripts/lib/mobile_detect_tables.py MOBILE_DETECT_JS VERSION > OUT.rs

`scripts/ua-tables` runs it; `scripts/bench` checks the committed file is what it writes.

Expansion: alternations, optional parts and small character classes are enumerated; `.*`
between a brand and its models becomes a space (`Allview.*(Viva|City)` -> `allview viva`,
`allview city`), a leading `Android.*` is dropped (the table is only read on Android
models); an alternative with anything else (lookarounds, open repeats, anchors) is left
out. A trailing `\\b` makes the entry a whole word (`\\bP80\\b` matches `P80 3G`, not
`P8000`); the others are prefixes. Entries are lower case with `_` as a space, as the
classifier normalises model names. Left out: entries shorter than four characters (too
short to name one model: `A37`, `ST8`), single words without a digit (names many makers
use: bq's `Tesla` is also a phone brand's; with its brand, `bq tesla`, it stays), entries
with characters no model name has, and the few phones it files as tablets (`PHONES`).
"""

import json
import re
import re._constants as C
import re._parser as P
import sys

LIMIT = 64  # expansions per alternative
# Entries Mobile-Detect files as tablets that the makers sell as phones.
PHONES = {"hm note 1w"}  # Xiaomi Hongmi Note 1W
BOUNDARY = "\x00"


class Skip(Exception):
    pass


def chars_of(items):
    chars = []
    for op, av in items:
        if op is C.LITERAL:
            chars.append(chr(av))
        elif op is C.RANGE and av[1] - av[0] <= 10:
            chars += [chr(c) for c in range(av[0], av[1] + 1)]
        elif op is C.CATEGORY and av is C.CATEGORY_SPACE:
            chars.append(" ")
        else:
            raise Skip
    return chars


def is_any_run(op, av):
    """`.*` or `.+`."""
    return op is C.MAX_REPEAT and av[1] is C.MAXREPEAT and list(av[2]) == [(C.ANY, None)]


def expand(items):
    results = [""]
    for index, (op, av) in enumerate(items):
        if op is C.LITERAL:
            options = [chr(av)]
        elif op is C.IN:
            options = chars_of(av)
        elif op is C.BRANCH:
            options = [text for branch in av[1] for text in expand(list(branch))]
        elif op is C.SUBPATTERN:
            options = expand(list(av[-1]))
        elif is_any_run(op, av):
            options = [""] if index == 0 else [" "]
        elif op is C.MAX_REPEAT and av[1] is C.MAXREPEAT:
            # `[\s]+`, `([ ]+)?`: one space
            if set(expand(list(av[2]))) != {" "}:
                raise Skip
            options = [" "] if av[0] else ["", " "]
        elif op is C.MAX_REPEAT and av[1] <= 2:
            once = expand(list(av[2]))
            options = []
            for count in range(av[0], av[1] + 1):
                options += [""] if count == 0 else once if count == 1 else [a + b for a in once for b in once]
        elif op is C.AT and av is C.AT_BOUNDARY:
            options = [BOUNDARY]
        else:
            raise Skip
        results = [r + o for r in results for o in options]
        if len(results) > LIMIT:
            raise Skip
    return results


def entries(pattern):
    tree = list(P.parse(pattern))
    branches = [list(b) for b in tree[0][1][1]] if len(tree) == 1 and tree[0][0] is C.BRANCH else [tree]
    out = []
    for branch in branches:
        # a leading `Android.*`: the table is read on Android models only
        if [op for op, _ in branch[:7]] == [C.LITERAL] * 7 and "".join(chr(av) for _, av in branch[:7]) == "Android":
            branch = branch[7:]
        try:
            texts = expand(branch)
        except Skip:
            continue
        for text in texts:
            text = text.lower().replace("_", " ")
            text = " ".join(text.split(" "))
            whole = text.rstrip(" ").endswith(BOUNDARY)
            text = " ".join(text.replace(BOUNDARY, "").split()).lstrip("; ")
            text = text.removeprefix("android ")
            if text.endswith(" build"):
                text, whole = text[: -len(" build")], True
            # one word without a digit is a name many makers use (`Tesla`, `Newton`)
            named = any(c.isdigit() for c in text) or " " in text
            if text not in PHONES and named and len(text) >= 4 and re.fullmatch(r"[a-z0-9][a-z0-9 .+'/-]*", text):
                out.append((text, whole))
    return out


def rust_list(name, doc, families):
    lines = [f"/// {doc}", "#[rustfmt::skip]", f"pub(super) const {name}: &[&str] = &["]
    for family, texts in families:
        if not texts:
            continue
        lines.append(f"    // {family}")
        line = "   "
        for text in texts:
            item = f" {json.dumps(text)},"
            if len(line) + len(item) > 100:
                lines.append(line)
                line = "   "
            line += item
        lines.append(line)
    lines.append("];")
    return "\n".join(lines)


def main():
    source, version = sys.argv[1], sys.argv[2]
    text = open(source, encoding="utf-8").read()
    start = text.index("impl.mobileDetectRules = ") + len("impl.mobileDetectRules = ")
    rules, _ = json.JSONDecoder().raw_decode(text[start:])
    seen = set()
    prefixes, words = [], []
    for family, pattern in rules["tablets"].items():
        family_prefixes, family_words = [], []
        for entry, whole in entries(pattern):
            if (entry, whole) in seen:
                continue
            seen.add((entry, whole))
            (family_words if whole else family_prefixes).append(entry)
        prefixes.append((family, family_prefixes))
        words.append((family, family_words))
    print(f"""//! Tablet model names from Mobile-Detect {version} (the npm package `mobile-detect`, MIT
//! licence, copyright 2013 Heinrich Goebl; its rules are those of the PHP Mobile_Detect,
//! MIT licence, Serban Ghita and Nick Ilyin): each tablet family's regular expression
//! expanded to the literal model names it lists.
//!
//! Generated by `scripts/ua-tables` (`scripts/lib/mobile_detect_tables.py` says how the
//! expressions are expanded); do not edit by hand.
//!
//! Permission is hereby granted, free of charge, to any person obtaining a copy of this
//! software and associated documentation files (the "Software"), to deal in the Software
//! without restriction, including without limitation the rights to use, copy, modify,
//! merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
//! permit persons to whom the Software is furnished to do so, subject to the following
//! conditions: The above copyright notice and this permission notice shall be included in
//! all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS",
//! WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
//! WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
//! NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR
//! OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
//! OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
""")
    print(rust_list("TABLET_PREFIXES", "Prefixes of tablet model names, by Mobile-Detect family.", prefixes))
    print()
    print(rust_list("TABLET_WORDS", "Tablet model names that end at a word boundary, by Mobile-Detect family.", words))


if __name__ == "__main__":
    main()
