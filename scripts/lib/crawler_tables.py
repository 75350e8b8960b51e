"""Writes the robot list the classifier takes from the npm package `crawler-user-agents` (MIT
licence): every pattern as the literal tokens an Aho-Corasick automaton finds, with where a
token must stand and the family the pattern's tags give, as Rust data.

    python3 scripts/lib/crawler_tables.py LIST_JSON LICENSE VERSION RULES_RS FIXTURES_DIR > OUT.rs

`scripts/ua-tables` runs it; the test command checks the committed file is what it writes.

Each entry of the list is `{pattern, instances, tags, …}`: `pattern` a regular expression
(Go/Python syntax) a robot's user agent matches, `instances` real user agents of it, `tags` what
it is. Patterns become literal tokens (lower case; the scan ignores case):

- `\\/`, `\\.`, `\\-`, `\\ ` and the like are their character; `[wW]` (one letter in two cases)
  is the letter; a group of alternatives `(a|b)` or a top-level `a|b` gives a token each (up to
  16 per pattern), `x?` after one character gives both;
- `^` makes a token that must open the user agent, `$` one that must end it; `(^| )x` gives `x`
  opening the agent and ` x` anywhere;
- what follows `\\d`, `[\\s\\S]*` or a lookahead group is dropped (the part before is the token);
- a short plain word (letters, digits, `-`, space; at most 8 characters: `Sonic`, `Fever`,
  `Butterfly`) is lengthened by what every instance of its pattern has around it, up to a `/`,
  space, `;` or parenthesis (`ranksonicsiteauditor/`, `fever/`): a word that short names phones
  and apps as well;
- a pattern none of this reads (a character class of ranges, `.`, `+`, `*` elsewhere) gives no
  token and is named in the file's header.

Families, from the tags: `social-preview` → preview, `search-engine` → search, `http-library` →
library, `monitoring` → monitor, `seo` → seo, anything else → other (in that order when a
pattern has several).

Left out, because a person's user agent says them too (written down in
`docs/behaviour/visitor-classification.md`, "Who is a robot"):
the patterns in `NOT_ROBOTS` (each with the reason), tokens shaped like an Android build id
(`AP3A.240617.008`: a build names phones, and the list has one robot that borrowed a phone's
whole user agent), and scanned tokens found in a person's user agent of the ua-parser-js
fixtures (`lib/src/testing/fixtures/ua-parser-js-1.0.x`, the classifier's tuning set; named in
the file's header).

`scan` says whether a token joins the classifier's one-pass scan: a preview's always (a preview
crawler gets another answer than a bot); any other only when some instance of its pattern is
not already caught by our own rules (`lib/src/visitor/ua/bots/rules.rs`, read by this script:
the robot words, the previews, the people's exceptions, and the rule that a user agent not
opening like a browser's and naming no platform or known client is a tool's). The rest are
looked up only once a user agent is known to be a robot, for its family.
"""

import itertools
import json
import re
import sys

# Patterns of the list that people's user agents match, and why.
NOT_ROBOTS = {
    "Fluid": "a site-specific browser people use (`… (KHTML, like Gecko) Fluid/0.9.6 Safari/528.16`)",
}
BUILD_ID = re.compile(r"^[a-z0-9]{4}\.\d{6}\.\d{3}")
# The ua-parser-js fixtures' rows that are automation, not people (their own labels).
AUTOMATION = ("headless", "phantomjs", "python-requests", "curl/")

FAMILIES = [
    ("social-preview", "Preview"),
    ("search-engine", "Search"),
    ("http-library", "Library"),
    ("monitoring", "Monitor"),
    ("seo", "Seo"),
]
MAX_ALTERNATIVES = 16
DELIMITERS = set("/ ;()")
ESCAPED = {"/", ".", "-", " ", "(", ")", "+", "!", ":", "_", "@", "'", "|", "?", "&", "[", "]", "$", "^", "*"}


def family(tags):
    for tag, name in FAMILIES:
        if tag in tags:
            return name
    return "Other"


def expand(pattern):
    """The literal alternatives of one pattern (no top-level `|`): (token, start, end), or None."""
    p = pattern
    start = p.startswith("^")
    if start:
        p = p[1:]
    p = re.sub(r"\(\[\^[^\]]*\]\|\$\)$", "", p)
    end = p.endswith("$") and not p.endswith("\\$")
    if end:
        p = p[:-1]
    parts = []
    i = 0
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            n = p[i + 1]
            if n not in ESCAPED:
                return None
            parts.append([n])
            i += 2
        elif c == "[":
            j = p.index("]", i)
            chars = {ch.lower() for ch in p[i + 1 : j].replace("\\", "")}
            if p[i + 1] == "^" or len(chars) != 1:
                return None
            parts.append(sorted(chars))
            i = j + 1
        elif c == "(":
            j = p.index(")", i)
            inner = p[i + 1 : j]
            if inner.startswith("?:"):
                inner = inner[2:]
            alternatives = [a.replace("\\", "") for a in inner.split("|")]
            if inner.startswith("?") or any(re.search(r"[()\[\]*+^$?.]", a.replace(".", "")) for a in alternatives):
                return None
            i = j + 1
            if i < len(p) and p[i] == "?":
                alternatives.append("")
                i += 1
            parts.append(alternatives)
        elif c == "?" and parts and len(parts[-1]) == 1 and len(parts[-1][0]) == 1:
            parts[-1] = [parts[-1][0], ""]
            i += 1
        elif c in ".*+?|":
            return None
        else:
            parts.append([c])
            i += 1
    count = 1
    for alternatives in parts:
        count *= len(alternatives)
    if count > MAX_ALTERNATIVES:
        return None
    return [("".join(combo).lower(), start, end) for combo in itertools.product(*parts)]


def lengthen(token, instances):
    """A short plain word, lengthened by what every instance has around it."""
    low = [i.lower() for i in instances]
    if not low or not all(token in i for i in low):
        return token
    if len(token) > 8 or not re.fullmatch(r"[a-z0-9 -]+", token):
        return token
    while len(token) <= 30:
        following = {i[i.index(token) + len(token)] if i.index(token) + len(token) < len(i) else None for i in low}
        if len(following) != 1 or None in following:
            break
        c = following.pop()
        token += c
        if c in DELIMITERS:
            break
    while len(token) <= 30:
        preceding = {i[i.index(token) - 1] if i.index(token) > 0 else None for i in low}
        if len(preceding) != 1 or None in preceding:
            break
        c = preceding.pop()
        if c in DELIMITERS:
            break
        token = c + token
    return token


def tokens_of(entry):
    """Every token of an entry of the list: (token, start, end); [] when none reads."""
    pattern = entry["pattern"]
    pieces = [pattern]
    if "(" not in pattern and re.search(r"(?<!\\)\|", pattern):
        pieces = pattern.split("|")
    out = []
    for piece in list(pieces):
        if piece.startswith("(^| )"):
            # at the start, or after a space: both tokens
            pieces.append(" " + piece[len("(^| )") :])
    for piece in pieces:
        piece = piece.replace("(^| )", "^")
        piece = re.sub(r"\[\\s\\S\]\*.*$", "", piece)
        piece = re.sub(r"\\d.*$", "", piece)
        expanded = expand(piece)
        if expanded is None:
            return []
        for token, start, end in expanded:
            if not start and not piece.startswith(" "):
                token = token.strip()
            if len(token) < 3:
                continue
            if not (start or end):
                token = lengthen(token, entry["instances"])
            out.append((token, start, end))
    return out


def anchored(raw):
    """A rules token (`^x`, `x$`) as (token, start, end)."""
    start, end = raw.startswith("^"), raw.endswith("$")
    return raw[1 if start else 0 : len(raw) - (1 if end else 0)], start, end


class Rules:
    """Our rules, read from `rules.rs`, as the classifier applies them without the list."""

    def __init__(self, source):
        def section(name):
            body = re.search(r"const " + name + r": &\[[^=]*= &\[(.*?)\n\];", source, re.S)
            if body is None:
                raise SystemExit(f"rules.rs has no {name}")
            return re.findall(r'^\s*\(?"((?:[^"\\]|\\.)*)"', body.group(1), re.M)

        self.robots = [anchored(t) for t in section("ROBOT_WORDS")]
        self.previews = section("PREVIEW_WORDS")
        self.people = section("PEOPLE")
        self.platforms = section("PLATFORMS")
        self.clients = section("CLIENTS")
        self.compatible = re.search(r'const COMPATIBLE: &str = "([^"]+)"', source).group(1)

    def catches(self, ua):
        """Whether our rules alone leave `ua` out (a robot's or a preview crawler's)."""
        low = ua.lower()
        if not low.strip():
            return True
        if any(matches(low, *anchored(p), None) for p in self.people):
            return False
        if any(p in low for p in self.previews):
            return True
        model = android_model(low)
        for token, start, end in self.robots:
            if matches(low, token, start, end, model):
                return True
        opens_like_browser = low.lstrip().startswith(("mozilla/", "opera/"))
        platform = any(p in low for p in self.platforms)
        if not opens_like_browser:
            return not platform and not any(c in low for c in self.clients)
        return self.compatible in low and not platform


MODEL = re.compile(r"\(linux; (?:u; )?android [^;)]*; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]*?)(?: build/|\)|;)")


def android_model(low):
    m = MODEL.search(low)
    return (m.start(1), m.end(1)) if m else None


def matches(low, token, start, end, model):
    """Whether `token` stands in `low` where it must, outside an Android model's name."""
    if start and end:
        return low == token
    if start:
        return low.startswith(token)
    if end:
        return low.endswith(token)
    at = low.find(token)
    while at >= 0:
        if model is None or not (model[0] <= at and at + len(token) <= model[1]):
            return True
        at = low.find(token, at + 1)
    return False


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def people_agents(fixtures):
    """The person's user agents of the ua-parser-js fixtures (lower case)."""
    agents = []
    for name in ("browser-test.json", "device-test.json", "os-test.json"):
        for row in json.load(open(f"{fixtures}/{name}", encoding="utf-8")):
            ua = row.get("ua", "").lower()
            if ua and not any(a in ua for a in AUTOMATION):
                agents.append(ua)
    return agents


def main(list_json, license_file, version, rules_rs, fixtures):
    entries = json.load(open(list_json, encoding="utf-8"))
    rules = Rules(open(rules_rs, encoding="utf-8").read())
    people = people_agents(fixtures)
    table = {}
    unread = []
    builds = []
    unsafe = set()
    for entry in entries:
        if entry["pattern"] in NOT_ROBOTS:
            continue
        read = tokens_of(entry)
        tokens = [t for t in read if not BUILD_ID.match(t[0])]
        if read and not tokens:
            builds.append(entry["pattern"])
            continue
        if not tokens:
            unread.append(entry["pattern"])
            continue
        fam = family(entry["tags"])
        scan = fam == "Preview" or not all(rules.catches(i) for i in entry["instances"])
        for token, start, end in tokens:
            if scan and any(matches(ua, token, start, end, None) for ua in people):
                unsafe.add(token)
                continue
            anchor = {(False, False): "Anywhere", (True, False): "Start", (False, True): "End", (True, True): "Whole"}[(start, end)]
            key = (token, anchor)
            known = table.get(key)
            if known is None:
                table[key] = [fam, scan]
            else:
                # One token, several entries: the first family that is not `other`, scanned if any is.
                if known[0] == "Other":
                    known[0] = fam
                known[1] = known[1] or scan
    license_text = open(license_file, encoding="utf-8").read().strip()
    scanned = sum(1 for v in table.values() if v[1])
    print(f"""//! The robots of the npm package `crawler-user-agents` {version} (by Martin Monperrus and
//! contributors, MIT licence; https://github.com/monperrus/crawler-user-agents): each of its
//! {len(entries)} patterns as the literal tokens an Aho-Corasick automaton finds, with where a token must
//! stand, the family the pattern's tags give, and whether it joins the one-pass scan ({scanned} of
//! {len(table)} do: the previews, and the entries whose user agents our own rules would not catch).
//! Sorted by token.
//!
//! Generated by `scripts/ua-tables` (`scripts/lib/crawler_tables.py` says how a pattern becomes
//! tokens); do not edit by hand.""")
    if unread:
        print("//!")
        print(f"//! Patterns no token reads ({len(unread)}), left out:")
        for pattern in unread:
            print(f"//! - `{pattern}`")
    print("//!")
    print("//! Left out as people's (see `docs/behaviour/visitor-classification.md`):")
    for pattern, why in NOT_ROBOTS.items():
        print(f"//! - `{pattern}`: {why}.")
    for pattern in builds:
        print(f"//! - `{pattern}`: an Android build id, which names phones.")
    for token in sorted(unsafe):
        print(f"//! - the token `{token}`: found in a person's user agent of the ua-parser-js fixtures.")
    print("//!\n//! The package's licence:\n//!")
    for line in license_text.splitlines():
        print(("//! " + line).rstrip())
    anchors = ", ".join(sorted({anchor for _, anchor in table}))
    families = ", ".join(sorted({fam for fam, _ in table.values()}))
    print(f"""
use super::Anchor::{{self, {anchors}}};
use crate::domain::BotFamily::{{self, {families}}};

/// (token, where it must stand, family, whether it joins the one-pass scan).
#[rustfmt::skip]
pub(super) const LIST: &[(&str, Anchor, BotFamily, bool)] = &[""")
    for (token, anchor), (fam, scan) in sorted(table.items()):
        print(f"    ({rust_str(token)}, {anchor}, {fam}, {'true' if scan else 'false'}),")
    print("];")


if __name__ == "__main__":
    main(*sys.argv[1:6])
